"""Outputs are read as records, not as text lines: a line break inside a CSV cell, or a
character some readers take for one in JSONL, never ends a record, and only a record cut short
by a crash is set aside on resume."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from summarizer.io.output import RecordWriter, iter_records
from summarizer.io.record_lines import complete_csv_text
from summarizer.io.sharding import merge_outputs

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI

IDENTITY = {"model": "fake", "prompt": "default.v1", "template_hash": "t1", "schema": "s1"}
BREAKS = {"CR": "a\rb", "CRLF": "a\r\nb", "LF": "a\nb", "LS": "a\u2028b", "NEL": "a\x85b"}


def _record(id_: str, ok: bool = True, **fields: str) -> dict:
    return {
        "id": id_,
        "title": fields.get("title"),
        "abstract": fields.get("abstract", ABSTRACT),
        "summary": answer(tldr=fields.get("tldr", answer()["tldr"])) if ok else None,
        "error": None if ok else {"type": "BackendError", "message": fields.get("error", "x")},
        "meta": dict(IDENTITY),
        "spans": {},
    }


def _csv_ids(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as fh:
        return [row["id"] for row in csv.DictReader(fh)]


@pytest.mark.parametrize("where", ["id", "title", "tldr"])
@pytest.mark.parametrize("kind", sorted(BREAKS))
def test_csv_resume_keeps_every_record_with_a_line_break_in_a_cell(
    tmp_path: Path, kind: str, where: str
) -> None:
    out = tmp_path / "out.csv"
    writer = RecordWriter(out, identity=IDENTITY)
    ids = [f"r{i}" for i in range(5)]
    for i, id_ in enumerate(ids):
        text = BREAKS[kind] if i == 1 else f"plain {i}"
        if where == "id" and i == 1:
            id_ = ids[1] = f"r1{BREAKS[kind]}"
        writer.write(_record(id_, **({where: text} if where != "id" else {})))
    writer.write(_record("failed", ok=False, error=f"down{BREAKS[kind]}again"))
    writer.close()

    resumed = RecordWriter(out, identity=IDENTITY)
    resumed.close()
    assert sorted(resumed.done) == sorted(ids)
    assert _csv_ids(out) == ids  # the failed one is set aside, the rest kept in order


def test_csv_resume_drops_only_a_record_torn_inside_a_quoted_cell(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    writer = RecordWriter(out, identity=IDENTITY)
    for id_ in ("r0", "r1"):
        writer.write(_record(id_, title="one\r\ntwo"))
    writer.close()
    whole = out.read_bytes()
    # cut the last record just after a line break inside its quoted title
    cut = whole.rindex(b"one\r\n") + len(b"one\r\n")
    out.write_bytes(whole[:cut])
    resumed = RecordWriter(out, identity=IDENTITY)
    resumed.close()
    assert list(resumed.done) == ["r0"]
    assert _csv_ids(out) == ["r0"]


def test_complete_csv_text_reads_across_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from summarizer.io import record_lines

    monkeypatch.setattr(record_lines, "_CHUNK", 3)
    text = 'id,t\r\n1,"a\r\nb"\r\n2,"c""\r"\r\n3,"torn\r\n'
    got = "".join(complete_csv_text(io.StringIO(text, newline="")))
    assert got == 'id,t\r\n1,"a\r\nb"\r\n2,"c""\r"\r\n'


@pytest.mark.parametrize("kind", ["LS", "NEL", "CR"])
def test_jsonl_records_with_unusual_line_breaks_are_one_record(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "out.jsonl"
    record = _record("r0", title=BREAKS[kind])
    # a raw CR is not valid JSON text, but U+2028 and U+0085 are, unescaped
    line = json.dumps(record, ensure_ascii=False)
    out.write_text(line + "\n" + json.dumps(_record("r1")) + "\n", encoding="utf-8", newline="")
    assert [r["id"] for r in iter_records(out)] == ["r0", "r1"]
    merged = tmp_path / "merged.jsonl"
    report = merge_outputs(merged, [out])
    assert report.written == 2 and not report.bad_lines


def test_cli_csv_resume_with_a_carriage_return_in_a_title(tmp_path: Path) -> None:
    """The reported case: a second run into the CSV keeps the first run's five records."""
    first = tmp_path / "cr.jsonl"
    titles = ["t0", "a\rb", "t2", "t3", "t4"]
    first.write_text(
        "".join(
            json.dumps({"id": f"r{i}", "title": t, "abstract": ABSTRACT}) + "\n"
            for i, t in enumerate(titles)
        ),
        encoding="utf-8",
    )
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "z9", "abstract": ABSTRACT}) + "\n", encoding="utf-8")
    with FakeOpenAI(default=answer()) as server:
        args = [*endpoint_args(server.base_url), "--prompt", "naive-grammar", "--no-cache"]
        done = run_cli(["summarize", first.name, "-o", "cr.csv", *args], tmp_path)
        assert done.returncode == 0, done.stderr
        again = run_cli(["summarize", other.name, "-o", "cr.csv", *args], tmp_path)
        assert again.returncode == 0, again.stderr
    assert sorted(_csv_ids(tmp_path / "cr.csv")) == ["r0", "r1", "r2", "r3", "r4", "z9"]
    with (tmp_path / "cr.csv").open(encoding="utf-8", newline="") as fh:
        titles = {row["id"]: row["title"] for row in csv.DictReader(fh)}
    assert titles["r1"] == "a\rb"


@pytest.mark.parametrize(
    "line",
    ["[" * 100_000 + "]" * 100_000, '{"id": ' + "1" * 100_000 + "}"],
    ids=["nested-deep", "huge-number"],
)
def test_an_output_line_json_cannot_read_is_a_broken_line(tmp_path: Path, line: str) -> None:
    """Resume, merge and the views read such a line as they read a broken one."""
    out = tmp_path / "out.jsonl"
    good = json.dumps(_record("r0"))
    out.write_text(good + "\n" + line + "\n" + json.dumps(_record("r1")) + "\n", encoding="utf-8")
    assert [r["id"] for r in iter_records(out)] == ["r0", "r1"]
    report = merge_outputs(tmp_path / "merged.jsonl", [out])
    assert report.written == 2 and report.bad_lines == [f"{out}:2"]
    resumed = RecordWriter(out, identity=IDENTITY)
    resumed.close()
    assert sorted(resumed.done) == ["r0", "r1"]


def test_a_csv_result_says_whose_number_it_is(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    record = _record("r0")
    record["summary"]["results"] = [
        {"value": "84.2", "metric": "accuracy", "subject": "FooNet", "kind": "absolute"},
        {"value": "83.1", "metric": "accuracy", "subject": "BERT", "kind": "absolute"},
        {"value": "4.8%", "metric": None, "subject": None, "kind": "improvement"},
    ]
    writer = RecordWriter(out, identity=IDENTITY)
    writer.write(record)
    writer.close()
    with out.open(encoding="utf-8", newline="") as fh:
        (row,) = csv.DictReader(fh)
    assert row["results"] == (
        "84.2 accuracy (FooNet, absolute); 83.1 accuracy (BERT, absolute); 4.8% (improvement)"
    )


def test_show_help_names_every_where_key(tmp_path: Path) -> None:
    from summarizer.views.show import KEYS

    from .support.cli import run_cli

    shown = run_cli(["show", "--help"], tmp_path)
    assert shown.returncode == 0
    text = " ".join(shown.stdout.split())
    assert all(key in text for key in KEYS), [k for k in KEYS if k not in text]
