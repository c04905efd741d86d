"""``summarize`` with Parquet in and out, against the scripted loopback endpoint: one file or a
folder of parts, resume after failures and after ``kill -9``, the output rules, and the commands
that read outputs (``show``, ``merge``)."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from summarizer import cli
from summarizer.errors import OutputError, UsageError
from summarizer.io.output import read_records
from summarizer.io.parquet import (
    ParquetWriter,
    read_parquet_records,
    record_schema,
    records_to_table,
)
from summarizer.schemas.paper_summary import PaperSummary

from .faultproxy import FaultProxy
from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli, start_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit
from .support.records import output_record as record_of

IDENTITY = {"model": "m1", "prompt": "naive-grammar.v1", "template_hash": "t1", "schema": "s1"}


def _abstracts(n: int) -> dict[str, str]:
    return {f"Item{i:02d}": f"{ABSTRACT} (Reference Item{i:02d}.)" for i in range(n)}


def _jsonl(path: Path, abstracts: dict[str, str]) -> Path:
    path.write_text(
        "".join(json.dumps({"id": k, "abstract": v}) + "\n" for k, v in abstracts.items())
    )
    return path


def _args(base_url: str) -> list[str]:
    return [
        *endpoint_args(base_url, mode="json_schema", prompt="naive-grammar"),
        "--no-cache",
        "--concurrency",
        "2",
    ]


def _summarize(inputs: Path, out: str, base_url: str, *more: str) -> Any:
    with time_limit(90):
        return CliRunner().invoke(
            cli.app, ["summarize", str(inputs), "-o", out, *_args(base_url), *more]
        )


def _asked(server: FakeOpenAI) -> list[str]:
    """The ids the endpoint was asked about, from the abstracts in the requests."""
    found = (re.search(r"Reference (Item\d\d)", json.dumps(r)) for r in server.requests)
    return sorted(m.group(1) for m in found if m)


def _by_id(records: list[dict[str, Any]]) -> dict[str, tuple]:
    return {r["id"]: (r["summary"], r["error"], r["spans"]) for r in records}


def _rows(folder: Path) -> int:
    return sum(pq.ParquetFile(p).metadata.num_rows for p in folder.glob("part-*.parquet"))


# --- runs ---------------------------------------------------------------------------------


def test_a_parquet_input_summarizes_into_jsonl(tmp_path) -> None:
    abstracts = _abstracts(4)
    rows = [{"id": k, "title": f"T {k}", "abstract": v} for k, v in abstracts.items()]
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "in.parquet")
    with FakeOpenAI(default=answer()) as server:
        result = _summarize(tmp_path / "in.parquet", str(tmp_path / "out.jsonl"), server.base_url)
    assert result.exit_code == 0, result.output
    records = read_records(tmp_path / "out.jsonl")
    assert sorted(r["id"] for r in records) == sorted(abstracts)
    assert all(r["error"] is None and r["title"] == f"T {r['id']}" for r in records)


def test_parquet_outputs_hold_the_records_a_jsonl_run_writes(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("summarizer.io.parquet_writer.PART_RECORDS", 2)
    inputs = _jsonl(tmp_path / "in.jsonl", _abstracts(5))
    outs = {name: str(tmp_path / name) for name in ("out.jsonl", "out.parquet")}
    outs["folder"] = f"{tmp_path / 'parts'}/"
    with FakeOpenAI(default=answer()) as server:
        for out in outs.values():
            result = _summarize(inputs, out, server.base_url)
            assert result.exit_code == 0, result.output
    plain = _by_id(read_records(Path(outs["out.jsonl"])))
    assert len(plain) == 5 and all(error is None for _, error, _ in plain.values())
    assert _by_id(read_parquet_records(outs["out.parquet"])) == plain
    assert _by_id(read_parquet_records(outs["folder"])) == plain
    parts = sorted(p.name for p in (tmp_path / "parts").iterdir())
    assert parts == ["part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]
    assert f"wrote 5 records to {outs['folder']}" in result.stderr


@pytest.mark.parametrize("out", ["out.parquet", "parts/"], ids=["file", "folder"])
def test_a_rerun_redoes_only_the_missing_and_failed_ids(tmp_path, monkeypatch, out) -> None:
    monkeypatch.setattr("summarizer.io.parquet_writer.PART_RECORDS", 2)
    inputs = _jsonl(tmp_path / "in.jsonl", _abstracts(7))
    target = f"{tmp_path}/{out}"
    with FakeOpenAI(default=answer()) as upstream, FaultProxy(upstream.base_url) as proxy:
        for marker in ("Item01", "Item03"):
            proxy.plan(marker, then="empty")  # an empty answer: the record fails
        first = _summarize(inputs, target, proxy.base_url, "--limit", "5")
    assert first.exit_code == 3, first.output
    records = read_parquet_records(target)
    assert sorted(r["id"] for r in records) == [f"Item{i:02d}" for i in range(5)]
    assert sorted(r["id"] for r in records if r["error"]) == ["Item01", "Item03"]
    with FakeOpenAI(default=answer()) as server:
        second = _summarize(inputs, target, server.base_url)
        assert second.exit_code == 0, second.output
        assert _asked(server) == ["Item01", "Item03", "Item05", "Item06"]
    records = read_parquet_records(target)
    assert sorted(r["id"] for r in records) == sorted(_abstracts(7))
    assert all(r["error"] is None for r in records)
    if out.endswith("/"):  # the failed records were compacted away: one row per id
        assert _rows(tmp_path / "parts") == 7
    with FakeOpenAI(default=answer()) as server:
        third = _summarize(inputs, target, server.base_url)
        assert third.exit_code == 0 and server.requests == []
    assert "all 7 were already in" in third.stderr


KILLABLE = """
import sys
import summarizer.io.parquet_writer as writer
writer.PART_RECORDS = 2
from summarizer.cli import main
sys.argv = ["summarizer", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("out", ["out.parquet", "parts/"], ids=["file", "folder"])
def test_kill_9_mid_run_keeps_what_was_there_readable_and_a_rerun_completes(tmp_path, out) -> None:
    target = f"{tmp_path}/{out}"
    abstracts = _abstracts(9)
    first = dict(list(abstracts.items())[:3])
    with FakeOpenAI(default=answer()) as server:
        assert (
            _summarize(_jsonl(tmp_path / "a.jsonl", first), target, server.base_url).exit_code == 0
        )
    inputs = _jsonl(tmp_path / "in.jsonl", abstracts)
    with (
        FakeOpenAI(default=answer()) as upstream,
        FaultProxy(upstream.base_url, latency=0.3) as proxy,
    ):
        args = ["summarize", str(inputs), "-o", target, *_args(proxy.base_url)]
        log = (tmp_path / "run.log").open("w")
        proc = start_cli(
            args, tmp_path, entry=(sys.executable, "-c", KILLABLE), stdout=log, stderr=log
        )
        try:
            deadline = time.monotonic() + 60
            while len(upstream.requests) < 5:  # 4 new records done, a fifth asked
                assert proc.poll() is None, (tmp_path / "run.log").read_text()
                assert time.monotonic() < deadline, "kill point not reached"
                time.sleep(0.02)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
            log.close()
    kept = read_parquet_records(target)  # readable, and what was there is still there
    assert {r["id"] for r in kept} >= set(first)
    if not out.endswith("/"):
        assert sorted(r["id"] for r in kept) == sorted(first)
        assert list(tmp_path.glob(".out.parquet.*.tmp"))  # the killed run's new file
    with FakeOpenAI(default=answer()) as server:
        rerun = _summarize(inputs, target, server.base_url)
        assert rerun.exit_code == 0, rerun.output
        assert set(_asked(server)) == set(abstracts) - {r["id"] for r in kept}
    records = read_parquet_records(target)
    assert sorted(r["id"] for r in records) == sorted(abstracts)
    assert all(r["error"] is None for r in records)
    assert not list(tmp_path.rglob("*.tmp"))


# --- the output rules ---------------------------------------------------------------------


def _record(id_: str, ok: bool = True, **meta: Any) -> dict[str, Any]:
    return record_of(id_, ok, IDENTITY, **meta)


def _writer(path: Path | str, **kw: Any) -> ParquetWriter:
    return ParquetWriter(path, summary_model=PaperSummary, identity=IDENTITY, **kw)


def _write(path: Path | str, *records: dict[str, Any], **kw: Any) -> None:
    writer = _writer(path, **kw)
    for record in records:
        writer.write(record)
    writer.close()


def test_an_output_that_is_the_input_is_refused_also_through_a_link(tmp_path) -> None:
    source = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist([{"id": "a", "abstract": ABSTRACT}]), source)
    link = tmp_path / "link.parquet"
    link.symlink_to(source)
    before = source.read_bytes()
    for out in (source, link):
        with pytest.raises(UsageError, match="is the input"):
            _writer(out, inputs=[str(source)])
    folder = tmp_path / "parts"
    _write(f"{folder}/", _record("a"))
    with pytest.raises(UsageError, match="is the input"):
        _writer(f"{folder}/", inputs=[str(folder / "part-00000.parquet")])
    assert source.read_bytes() == before
    result = run_cli(
        ["summarize", "in.parquet", "-o", "in.parquet", *_args("http://127.0.0.1:9/v1")], tmp_path
    )
    assert result.returncode == 2, result.stderr
    assert "is the input" in result.stderr and source.read_bytes() == before


def test_a_file_this_tool_did_not_write_is_kept_unless_force(tmp_path) -> None:
    notes = tmp_path / "notes.parquet"
    notes.write_text("my notes\n")
    inputs = tmp_path / "inputs.parquet"
    pq.write_table(pa.Table.from_pylist([{"id": "a", "abstract": ABSTRACT}]), inputs)
    for path in (notes, inputs):
        before = path.read_bytes()
        with pytest.raises(UsageError, match="not an output of this command.*--force"):
            _writer(path)
        assert path.read_bytes() == before
    _write(notes, _record("a"), force=True)
    assert [r["id"] for r in read_parquet_records(notes)] == ["a"]


def test_a_folder_with_other_files_is_refused_unless_force(tmp_path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(UsageError, match="not parts of an output.*notes.txt.*--force"):
        _writer(folder)
    _write(folder, _record("a"), force=True)
    assert (folder / "notes.txt").read_text() == "mine"
    assert [r["id"] for r in read_parquet_records(folder)] == ["a"]
    (tmp_path / "file").write_text("x")
    with pytest.raises(UsageError, match="is not a folder"):
        _writer(f"{tmp_path / 'file'}/")


def test_two_runs_on_one_output_do_not_mix(tmp_path) -> None:
    for out in (tmp_path / "out.parquet", f"{tmp_path / 'parts'}/"):
        first = _writer(out)
        try:
            with pytest.raises(OutputError, match="another summarizer run is writing"):
                _writer(out)
        finally:
            first.close()
        _writer(out).close()  # free again


@pytest.mark.parametrize("out", ["out.parquet", "parts/"], ids=["file", "folder"])
def test_records_of_another_model_stop_the_rerun_unless_force(tmp_path, out) -> None:
    target = f"{tmp_path}/{out}"
    _write(target, _record("a"), _record("b", ok=False))
    with pytest.raises(UsageError, match="another model 'm1'.*--force"):
        ParquetWriter(target, summary_model=PaperSummary, identity={**IDENTITY, "model": "m2"})
    assert sorted(r["id"] for r in read_parquet_records(target)) == ["a", "b"]  # untouched
    writer = ParquetWriter(target, summary_model=PaperSummary, identity=IDENTITY)
    assert set(writer.done) == {"a"}  # the failed one is to redo
    writer.close()
    _write(target, _record("c"), force=True)
    assert [r["id"] for r in read_parquet_records(target)] == ["c"]


@pytest.mark.parametrize("out", ["out.parquet", "parts/"], ids=["file", "folder"])
def test_a_run_that_writes_nothing_leaves_no_output(tmp_path, out) -> None:
    _writer(f"{tmp_path}/{out}").close()
    assert not (tmp_path / out.rstrip("/")).exists()
    assert [p.name for p in tmp_path.iterdir()] == []


def test_in_a_folder_the_latest_record_counts_and_a_killed_part_is_removed(tmp_path) -> None:
    folder = tmp_path / "parts"
    folder.mkdir()
    schema = record_schema(PaperSummary)
    first = records_to_table([_record("a"), _record("b", ok=False)], schema)
    pq.write_table(first, folder / "part-00000.parquet")
    pq.write_table(records_to_table([_record("b")], schema), folder / "part-00001.parquet")
    (folder / ".part-00002.parquet.x1y2.tmp").write_bytes(b"PAR1 half")  # a killed run's
    records = read_parquet_records(folder)
    assert [(r["id"], r["error"]) for r in records] == [("a", None), ("b", None)]
    writer = _writer(f"{folder}/")
    assert set(writer.done) == {"a", "b"}
    writer.close()
    # the failure that a later part replaced is gone; the killed run's part too
    assert sorted(p.name for p in folder.iterdir()) == ["part-00000.parquet", "part-00001.parquet"]
    assert [r["id"] for r in read_parquet_records(folder / "part-00000.parquet")] == ["a"]
    assert _rows(folder) == 2


# --- commands that read outputs -----------------------------------------------------------


def test_show_and_merge_read_parquet_outputs(tmp_path) -> None:
    _write(tmp_path / "one.parquet", _record("a"), _record("b", ok=False))
    _write(f"{tmp_path / 'two'}/", _record("b"), _record("c"))
    runner = CliRunner()
    shown = runner.invoke(cli.app, ["show", str(tmp_path / "two")])
    assert shown.exit_code == 0, shown.output
    assert "2 of 2 records" in shown.stderr
    merged = tmp_path / "all.jsonl"
    args = ["merge", str(merged), str(tmp_path / "one.parquet"), str(tmp_path / "two")]
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    records = read_records(merged)
    assert sorted(r["id"] for r in records) == ["a", "b", "c"]
    assert all(r["error"] is None for r in records)
    refused = runner.invoke(cli.app, ["merge", str(tmp_path / "all.parquet"), str(merged)])
    assert isinstance(refused.exception, UsageError)
    assert "merge writes JSONL" in str(refused.exception)


DOCS = Path(__file__).resolve().parents[1] / "docs" / "parquet.md"


def test_the_python_queries_of_the_parquet_page_run_on_an_output(tmp_path) -> None:
    _write(tmp_path / "out.parquet", _record("a"), _record("b", ok=False))
    snippets = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert len(snippets) == 2
    shown = []
    for code in snippets:
        result = subprocess.run(
            [sys.executable, "-c", code],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        shown.append(result.stdout)
    assert re.search(r"\ba\s+4\.8%", shown[0]) and "b" not in shown[0].split()
    assert "improvement" in shown[1]
