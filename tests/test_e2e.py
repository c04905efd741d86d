"""End to end on the real local engine with the bundled model (a few abstracts)."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from summarizer.io.inputs import read_papers
from summarizer.schemas.paper_summary import PaperSummary
from summarizer.schemas.prose import scripts

from .conftest import SEEDS
from .support.cli import endpoint_args, run_cli, start_cli

pytestmark = pytest.mark.engine
SEED = SEEDS / "000_89500ff302b6df21.txt"


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def check_record(record: dict, abstracts: dict[str, str]) -> None:
    assert record["error"] is None, record["error"]
    abstract = abstracts[record["id"]]
    summary = PaperSummary.model_validate(record["summary"], context={"abstract": abstract})
    assert summary.tldr and len(summary.tldr.split()) <= 40
    for field in ("introduces", "datasets"):
        for item, (start, end) in zip(getattr(summary, field), record["spans"][field], strict=True):
            assert abstract[start:end] == item
    assert record["meta"]["attempts"] >= 1
    assert record["meta"]["usage"]["completion_tokens"] > 0


@pytest.fixture
def seed_abstracts() -> dict[str, str]:
    return {p.id: p.abstract for p in read_papers([str(SEED)])}


@pytest.fixture
def cache_with_model(tmp_path, model_cache) -> Path:
    """A fresh cache dir that reuses the session's assembled model file."""
    cache = tmp_path / "cache-e2e"
    cache.mkdir()
    (cache / "models").symlink_to(model_cache / "models", target_is_directory=True)
    return cache


def test_embedded_default_summarizes_and_cached_rerun_makes_no_request(
    tmp_path, cache_with_model, seed_abstracts, monkeypatch
):
    env = {"SUMMARIZER_CACHE_DIR": str(cache_with_model)}
    out = tmp_path / "out.jsonl"
    result = run_cli(
        ["summarize", str(SEED), "--limit", "2", "-o", str(out)], tmp_path, env=env, timeout=600
    )
    assert result.returncode == 0, result.stderr
    got = records(out)
    assert len(got) == 2
    for record in got:
        check_record(record, seed_abstracts)
        assert record["meta"]["endpoint"] == "embedded"
        assert record["meta"]["cached"] is False

    # Rerun into a new output: every record comes from the cache; no engine, no request.
    from typer.testing import CliRunner

    import summarizer.backends.connection as connection
    from summarizer.backends.openai_compat import OpenAICompatBackend
    from summarizer.cli import app

    def boom(*args, **kwargs):
        raise AssertionError("a cached rerun must not start an engine or send a request")

    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(cache_with_model))
    monkeypatch.setattr(connection, "LocalEngine", boom)
    monkeypatch.setattr(connection, "running_engine", boom)
    monkeypatch.setattr(OpenAICompatBackend, "generate", boom)
    again = tmp_path / "again.jsonl"
    result = CliRunner().invoke(app, ["summarize", str(SEED), "--limit", "2", "-o", str(again)])
    assert result.exit_code == 0, result.output
    rerun = records(again)
    assert [r["meta"]["cached"] for r in rerun] == [True, True]
    by_id = {r["id"]: r["summary"] for r in got}
    assert {r["id"]: r["summary"] for r in rerun} == by_id


def test_resume_after_kill_keeps_one_record_per_id(tmp_path, engine, seed_abstracts):
    out = tmp_path / "out.jsonl"
    args = ["summarize", str(SEED), "--limit", "3", "-o", str(out), "--concurrency", "1"]
    args += endpoint_args(engine.base_url, engine.model)
    proc = start_cli(args, tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and (not out.exists() or not out.read_text().strip()):
        time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    first = records(out)
    assert 1 <= len(first) < 3

    result = run_cli(args, tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr
    final = records(out)
    ids = [r["id"] for r in final]
    assert len(ids) == 3 and len(set(ids)) == 3
    assert final[: len(first)] == first  # finished records were kept, not redone
    for record in final:
        check_record(record, seed_abstracts)


def test_library_summarize_returns_a_grounded_summary(engine, seed_abstracts):
    from summarizer import summarize

    abstract = next(iter(seed_abstracts.values()))
    record = summarize(abstract, base_url=engine.base_url, model=engine.model)
    summary = record.summary
    assert isinstance(summary, PaperSummary) and record.ok and record.meta["attempts"] >= 1
    PaperSummary.model_validate(summary.model_dump(), context={"abstract": abstract})
    assert summary.code_url == "https://github.com/SPIRAL-MED/DiagnosisArena"
    assert "45.82%" in [r.value for r in summary.results]


def test_prose_keeps_to_the_scripts_of_the_abstract(tmp_path, engine):
    # The bundled model once ended its tldr of this abstract "...a novel contrastive
    # mechanism to增强." every time. Whatever words an engine picks, no prose field may use
    # a script the abstract does not.
    seeds = SEEDS / "002_1bd9a942588fdb29.txt"
    (paper,) = [p for p in read_papers([str(seeds)]) if p.id == "4ce992c95a9b2817"]
    source = tmp_path / "mammodg.txt"
    source.write_text(paper.abstract + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["summarize", str(source), "-o", str(out), *endpoint_args(engine.base_url, engine.model)]
    result = run_cli(args, tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr
    (record,) = records(out)
    assert record["id"] == paper.id
    check_record(record, {paper.id: paper.abstract})
    summary = record["summary"]
    allowed = scripts(paper.abstract)
    assert allowed == {"Latin"}
    for text in (summary["tldr"], summary["problem"], *summary["keywords"]):
        assert scripts(text) <= allowed, text
