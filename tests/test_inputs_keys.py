"""Which field or column is the abstract: ``abstract``, ``Abstract``, ``text`` in that order,
``summary`` only when named with ``abstract_key=`` / ``--abstract-key``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from summarizer import cli
from summarizer.errors import InputError
from summarizer.io.inputs import ABSTRACT_KEYS, read_papers
from summarizer.io.output import read_records

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit

OTHER = "A second abstract about graph neural networks that we train on citation graphs."
HINT = "pass --abstract-key summary"
# The prompt whose answer is the whole record, as the fake endpoint gives it.
NAIVE = ["--mode", "json_schema", "--prompt", "naive-grammar"]


def _write(path: Path, rows: list[dict[str, str]]) -> Path:
    """``rows`` as JSONL, CSV or Parquet, by the suffix of ``path``."""
    if path.suffix == ".parquet":
        pq.write_table(pa.Table.from_pylist(rows), path)
    elif path.suffix == ".csv":
        import csv

        with path.open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    else:
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _abstracts(path: Path, **kwargs: object) -> list[str]:
    return [p.abstract for p in read_papers([str(path)], **kwargs)]  # type: ignore[arg-type]


SUFFIXES = pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])


def test_summary_is_not_an_abstract_key_by_default() -> None:
    assert ABSTRACT_KEYS == ("abstract", "Abstract", "text")


@SUFFIXES
def test_an_input_with_only_a_summary_is_refused_with_the_flag_to_use(tmp_path, suffix) -> None:
    path = _write(tmp_path / f"in{suffix}", [{"id": "a", "summary": ABSTRACT}])
    with pytest.raises(InputError, match=HINT):
        _abstracts(path)


@SUFFIXES
def test_abstract_key_names_the_field_read(tmp_path, suffix) -> None:
    path = _write(tmp_path / f"in{suffix}", [{"id": "a", "summary": ABSTRACT, "text": OTHER}])
    assert _abstracts(path) == [OTHER]  # text is a default name; summary is not
    assert _abstracts(path, abstract_key="summary") == [ABSTRACT]
    assert _abstracts(path, abstract_key="text") == [OTHER]


@SUFFIXES
def test_with_abstract_key_only_that_field_is_read(tmp_path, suffix) -> None:
    path = _write(tmp_path / f"in{suffix}", [{"id": "a", "abstract": ABSTRACT, "body": ""}])
    with pytest.raises(InputError, match="'body'"):
        _abstracts(path, abstract_key="body")


@SUFFIXES
def test_abstract_wins_over_Abstract_wins_over_text(tmp_path, suffix) -> None:
    three = {"text": OTHER, "Abstract": OTHER + " Upper.", "abstract": ABSTRACT, "summary": "s"}
    assert _abstracts(_write(tmp_path / f"a{suffix}", [three])) == [ABSTRACT]
    two = {"text": OTHER, "Abstract": OTHER + " Upper.", "summary": "s"}
    assert _abstracts(_write(tmp_path / f"b{suffix}", [two])) == [OTHER + " Upper."]


def test_a_csv_with_a_summary_column_on_stdin_is_told_how_to_read_it(monkeypatch) -> None:
    data = f'id,summary\na,"{ABSTRACT}"\n'.encode()
    monkeypatch.setattr(sys, "stdin", type("S", (), {"buffer": io.BytesIO(data)})())
    with pytest.raises(InputError, match=HINT):
        list(read_papers(["-"]))
    monkeypatch.setattr(sys, "stdin", type("S", (), {"buffer": io.BytesIO(data)})())
    assert [p.abstract for p in read_papers(["-"], abstract_key="summary")] == [ABSTRACT]


def test_summarize_refuses_a_summary_column_and_names_the_flag(tmp_path) -> None:
    source = _write(tmp_path / "in.csv", [{"id": "a", "summary": ABSTRACT}])
    done = run_cli(["summarize", str(source), "--base-url", "http://127.0.0.1:9/v1"], tmp_path)
    assert done.returncode == 1, done.stderr
    assert "--abstract-key summary" in done.stderr and "Traceback" not in done.stderr


def test_summarize_with_abstract_key_summarizes_that_column(tmp_path) -> None:
    source = _write(tmp_path / "in.csv", [{"id": "a", "summary": ABSTRACT}])
    out = tmp_path / "out.jsonl"
    args = ["summarize", str(source), "-o", str(out), "--abstract-key", "summary"]
    with FakeOpenAI(default=answer()) as server, time_limit(90):
        result = CliRunner().invoke(
            cli.app, [*args, *endpoint_args(server.base_url), "--no-cache", *NAIVE]
        )
        asked = json.dumps(server.requests)
    assert result.exit_code == 0, result.output
    (record,) = read_records(out)
    assert record["id"] == "a" and record["abstract"] == ABSTRACT and record["error"] is None
    assert "ImbSAM, a class-aware optimizer" in asked


def test_batch_prepare_reads_the_named_column(tmp_path) -> None:
    source = _write(tmp_path / "in.jsonl", [{"id": "a", "summary": ABSTRACT}])
    requests = tmp_path / "requests.jsonl"
    base = ["batch", "prepare", str(source), "-o", str(requests), "--model", "m"]
    refused = run_cli(base, tmp_path)
    assert refused.returncode == 1 and HINT in refused.stderr
    done = run_cli([*base, "--abstract-key", "summary"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "class-aware optimizer" in requests.read_text()


def test_an_empty_abstract_key_is_a_usage_error(tmp_path) -> None:
    source = _write(tmp_path / "in.jsonl", [{"id": "a", "abstract": ABSTRACT}])
    done = run_cli(["summarize", str(source), "--abstract-key", " "], tmp_path)
    assert done.returncode == 2 and "--abstract-key is empty" in done.stderr
