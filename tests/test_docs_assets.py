"""The docs' generated pictures and records: the README's example record and ``docs/digest.png``
are what ``docs/gen_example.py`` builds from the recorded answers through the loopback fake."""

from __future__ import annotations

import importlib.util
import json
import re
import struct
from pathlib import Path

import pytest

from .browser import needs_browser

REPO = Path(__file__).resolve().parents[1]


def _load_script():
    spec = importlib.util.spec_from_file_location("gen_example", REPO / "docs" / "gen_example.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen = _load_script()


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return gen.replay()


def test_the_recorded_answers_are_of_the_first_seed_papers_in_order() -> None:
    answers = json.loads(gen.ANSWERS.read_text())
    assert answers and list(answers) == [p.id for p in gen.papers()][: len(answers)]
    # the fields the default prompt asks the model for, no more and no fewer
    assert all(set(a) == set(gen.answer_fields()) for a in answers.values())
    assert set(gen.answer_fields()) == {"tldr", "problem"}


def test_the_replayed_records_are_finished_and_carry_the_recorded_sentences(records) -> None:
    answers = json.loads(gen.ANSWERS.read_text())
    assert [r["id"] for r in records] == list(answers)
    for record in records:
        assert record["error"] is None, record["error"]
        assert record["summary"]["tldr"] == answers[record["id"]]["tldr"]
        assert record["meta"]["model"] == gen.MODEL


def test_the_readme_example_record_is_the_scripts_output(records) -> None:
    readme = (REPO / "README.md").read_text()
    block = gen.record_block(records[0])
    assert block in readme, "README.md's example record is stale: run make docs"
    shown = json.loads(re.search(r"```json\n(.*?)\n```", block, re.S).group(1))
    assert shown["summary"]["results"] == records[0]["summary"]["results"][: gen.SHOWN_RESULTS]
    assert "seconds" not in shown["meta"] and "endpoint" not in shown["meta"]


def test_a_stale_readme_block_is_replaced(records, tmp_path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n{gen.START}\n```json\n{{}}\n```\n{gen.END}\n\nafter\n")
    assert gen.write_readme(records[0], readme) is True
    assert gen.record_block(records[0]) in readme.read_text()
    assert readme.read_text().endswith("\n\nafter\n")
    assert gen.write_readme(records[0], readme) is False


def test_without_chromium_the_png_step_says_so_and_keeps_the_old_png(
    records, tmp_path, monkeypatch, capsys
) -> None:
    png = tmp_path / "digest.png"
    png.write_bytes(b"old picture")
    monkeypatch.setattr(gen.shutil, "which", lambda name: None)
    assert gen.write_png(records, png) is False
    assert png.read_bytes() == b"old picture"
    assert "Chromium not found" in capsys.readouterr().out


def test_make_docs_runs_the_script_before_the_build() -> None:
    makefile = (REPO / "Makefile").read_text()
    target = re.search(r"^docs:.*?(?=^\S|\Z)", makefile, re.M | re.S).group(0)
    assert target.index("docs/gen_example.py") < target.index("build --strict")


@needs_browser(selenium=False)
def test_the_digest_png_is_rendered_by_headless_chromium(records, tmp_path) -> None:
    png = tmp_path / "digest.png"
    assert gen.write_png(records, png) is True
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == gen.WINDOW
    assert len(data) > 20_000  # a blank page compresses to a few kB
