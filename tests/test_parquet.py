"""Parquet records and inputs: the Arrow schema, the round trip, Parquet inputs, a missing pyarrow.

Records come from the real pipeline against the scripted loopback endpoint (finished, cached,
refused, failed), and from it changed the way the pipeline makes partial and Batch API records.
"""

from __future__ import annotations

import copy
import datetime
import enum
import json
import subprocess
import sys
from typing import Any, Literal

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from pydantic import BaseModel

from summarizer.errors import ConfigError, InputError
from summarizer.io import arrow_schema
from summarizer.io.inputs import read_papers
from summarizer.io.parquet import (
    MISSING,
    read_parquet_papers,
    read_parquet_records,
    record_schema,
    records_to_table,
    table_to_records,
)
from summarizer.records import Meta
from summarizer.schemas.paper_summary import PaperSummary, VerbatimList

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI, Status
from .support.pipeline import run, settings_for


@pytest.fixture(scope="module")
def pipeline_records(tmp_path_factory) -> dict[str, dict[str, Any]]:
    """Records as the pipeline writes them: finished, then the same from the cache, refused
    (too short), failed (the endpoint answers 400), partial and from a Batch API run."""
    tmp = tmp_path_factory.mktemp("records")
    out: dict[str, dict[str, Any]] = {}
    with FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp)
        out["finished"] = run(settings)
        out["cached"] = run(settings)
        out["refused"] = run(settings, abstract="Too short.")
    with FakeOpenAI(default=Status(400, message="bad request")) as server:
        out["failed"] = run(settings_for(server, tmp, use_cache=False))
    assert out["finished"]["error"] is None and out["cached"]["meta"]["cached"] is True
    assert out["refused"]["error"]["type"] == "InputError"
    assert out["failed"]["summary"] is None and out["failed"]["error"]
    partial = copy.deepcopy(out["finished"])
    partial["summary"]["tldr"] = None
    partial["error"] = {
        "type": "PartialRecord",
        "message": "tldr did not validate after 3 attempts",
        "fields": [{"field": "tldr", "reason": "tldr copies a sentence of the abstract"}],
    }
    partial["meta"]["reasks"] = [{"attempt": 1, "errors": ["tldr copies a sentence"]}]
    partial["meta"]["dropped"] = [{"field": "datasets", "item": "ImageNet"}]
    out["partial"] = partial
    batch = copy.deepcopy(out["finished"])
    batch["meta"]["batch"] = {"custom_id": batch["id"], "request_id": "r1", "status": "ok"}
    out["batch"] = batch
    return {kind: json.loads(json.dumps(record)) for kind, record in out.items()}  # as JSONL


KINDS = ["finished", "cached", "refused", "failed", "partial", "batch"]


# --- the schema ---------------------------------------------------------------------------


def test_the_summary_is_made_of_real_arrow_structs_and_lists() -> None:
    schema = record_schema(PaperSummary)
    summary = schema.field("summary").type
    assert pa.types.is_struct(summary)
    result = summary.field("results").type
    assert pa.types.is_list(result) and pa.types.is_struct(result.value_type)
    assert [f.name for f in result.value_type] == ["value", "metric", "subject", "kind"]
    assert summary.field("contribution_types").type == pa.list_(pa.string())
    assert summary.field("domain").type == pa.string()
    assert summary.field("code_url").type == pa.string()
    spans = schema.field("spans").type
    assert spans.field("introduces").type == pa.list_(pa.list_(pa.int64()))
    assert spans.field("results").type == pa.list_(pa.list_(pa.int64()))
    assert spans.field("code_url").type == pa.list_(pa.int64())
    meta = schema.field("meta").type
    assert meta.field("usage").type.field("total_tokens").type == pa.int64()
    assert meta.field("seconds").type == pa.float64() and meta.field("cached").type == pa.bool_()
    error = schema.field("error").type
    assert error.field("fields").type.value_type.names == ["field", "reason"]


def test_every_key_of_meta_has_a_column() -> None:
    assert set(arrow_schema.META_KEYS) == set(Meta.__annotations__)
    meta = record_schema(PaperSummary).field("meta").type
    assert set(meta.names) == {*Meta.__annotations__, "extra"}


class Level(enum.Enum):
    LOW = "low"
    HIGH = "high"


class Score(BaseModel):
    name: str
    value: float
    rank: int | None = None


class MySummary(BaseModel):
    """A user's schema: nested models, maps, enums, optional numbers, a free-form field."""

    tldr: str
    introduces: VerbatimList = []
    scores: list[Score] = []
    best: Score | None = None
    counts: dict[str, int] = {}
    level: Level = Level.LOW
    stage: Literal["early", "late"] = "early"
    grid: list[list[str]] = []
    published: datetime.date | None = None
    anything: Any = None
    either: int | str = 0


def test_a_user_schema_maps_field_by_field() -> None:
    summary = record_schema(MySummary).field("summary").type
    assert summary.field("scores").type.value_type.field("value").type == pa.float64()
    assert summary.field("best").type.field("rank").type == pa.int64()
    assert summary.field("counts").type == pa.map_(pa.string(), pa.int64())
    assert summary.field("level").type == pa.string()
    assert summary.field("stage").type == pa.string()
    assert summary.field("grid").type == pa.list_(pa.list_(pa.string()))
    assert summary.field("published").type == pa.string()
    for free in ("anything", "either"):  # no one Arrow type: JSON text, marked as such
        assert summary.field(free).type == pa.string()
        assert arrow_schema.JSON_KEY in summary.field(free).metadata
    # its spans follow its verbatim fields: only introduces
    assert record_schema(MySummary).field("spans").type.names == ["introduces"]


# --- the round trip -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_record_comes_back_as_it_was_written(pipeline_records, kind) -> None:
    record = pipeline_records[kind]
    schema = record_schema(PaperSummary)
    assert table_to_records(records_to_table([record], schema)) == [record]


def test_records_with_and_without_summaries_share_one_file(pipeline_records, tmp_path) -> None:
    schema = record_schema(PaperSummary)
    records = [pipeline_records[k] for k in KINDS]
    blocks = [records_to_table([r], schema) for r in records]
    path = tmp_path / "out.parquet"
    pq.write_table(pa.concat_tables(blocks), path)
    assert read_parquet_records(path) == records


def test_a_user_schema_round_trips_through_a_file(tmp_path) -> None:
    summary = {
        "tldr": "A study.",
        "introduces": ["X"],
        "scores": [{"name": "acc", "value": 0.9, "rank": None}, {"name": "f1", "value": 1.0}],
        "best": {"name": "acc", "value": 0.9, "rank": 1},
        "counts": {"a": 1, "b": 2},
        "level": "high",
        "stage": "late",
        "grid": [["a", "b"], []],
        "published": "2024-05-01",
        "anything": {"free": [1, "two", None]},
        "either": "three",
    }
    MySummary.model_validate(summary)
    record = {
        "id": "u1",
        "title": "T",
        "abstract": "We introduce X.",
        "summary": summary,
        "error": None,
        "meta": {"prompt": "p.v1", "schema": "my.MySummary", "attempts": 1},
        "spans": {"introduces": [[13, 14]]},
    }
    path = tmp_path / "user.parquet"
    pq.write_table(records_to_table([record], record_schema(MySummary)), path)
    (back,) = read_parquet_records(path)
    expected = copy.deepcopy(record)
    expected["summary"]["scores"][1]["rank"] = None  # a missing optional field reads as null
    assert back == expected


def test_a_value_that_does_not_fit_its_column_is_kept_as_text_or_left_out(pipeline_records):
    record = copy.deepcopy(pipeline_records["partial"])
    record["summary"]["tldr"] = ["not", "a", "sentence"]  # a string column
    record["summary"]["keywords"] = "not a list"  # a list column
    (back,) = table_to_records(records_to_table([record], record_schema(PaperSummary)))
    assert back["summary"]["tldr"] == json.dumps(["not", "a", "sentence"])
    assert back["summary"]["keywords"] is None


def test_text_utf8_cannot_hold_is_escaped_as_the_jsonl_writer_does(pipeline_records, tmp_path):
    record = copy.deepcopy(pipeline_records["finished"])
    record["summary"]["tldr"] = "Bad \ud800 text."
    path = tmp_path / "out.parquet"
    pq.write_table(records_to_table([record], record_schema(PaperSummary)), path)
    (back,) = read_parquet_records(path)
    assert back["summary"]["tldr"] == "Bad \\ud800 text."


def test_results_can_be_queried_with_arrow_compute(pipeline_records) -> None:
    records = [pipeline_records[k] for k in ("finished", "failed", "partial")]
    table = records_to_table(records, record_schema(PaperSummary))
    results = pc.list_flatten(pc.struct_field(table.column("summary"), "results"))
    expected = [r["value"] for rec in records for r in (rec["summary"] or {}).get("results", [])]
    assert pc.struct_field(results, "value").to_pylist() == expected
    assert expected  # the finished and the partial record have results
    failed = pc.is_valid(table.column("error")).to_pylist()
    assert failed == [False, True, True]


# --- Parquet inputs -----------------------------------------------------------------------


def _input_rows(n: int) -> list[dict[str, Any]]:
    return [
        {"id": f"p{i}", "title": f"Paper {i}", "abstract": f"{ABSTRACT} ({i})"} for i in range(n)
    ]


def test_a_parquet_input_gives_the_papers_the_jsonl_reader_gives(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("summarizer.io.parquet_files.BATCH_ROWS", 3)  # several row batches
    rows = _input_rows(8) + [{"id": None, "title": None, "abstract": "x " * 30_000}]
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "in.parquet")
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    from_parquet = list(read_papers([str(tmp_path / "in.parquet")]))
    from_jsonl = list(read_papers([str(tmp_path / "in.jsonl")]))
    strip = lambda p: (p.id, p.title, p.abstract, p.problem is None)  # noqa: E731
    assert [strip(p) for p in from_parquet] == [strip(p) for p in from_jsonl]
    assert len(from_parquet) == 9 and from_parquet[-1].problem  # over the length limit
    assert from_parquet[2].source == f"{tmp_path / 'in.parquet'}, row 3"


def test_format_parquet_reads_a_file_without_the_suffix(tmp_path) -> None:
    pq.write_table(pa.Table.from_pylist(_input_rows(2)), tmp_path / "papers.bin")
    with pytest.raises(InputError, match="is Parquet; name it .parquet or pass --format"):
        list(read_papers([str(tmp_path / "papers.bin")]))
    papers = list(read_papers([str(tmp_path / "papers.bin")], format="parquet"))
    assert [p.id for p in papers] == ["p0", "p1"]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([{"id": "a", "text_body": "words"}], "no 'abstract' column \\(columns: id, text_body\\)"),
        ([{"id": "a", "abstract": "We study it well."}, {"id": "b", "abstract": " "}], "row 2"),
        ([{"id": "a", "abstract": None}], "row 1: record has no 'abstract' field"),
    ],
    ids=["no-abstract-column", "empty-abstract", "null-abstract"],
)
def test_bad_parquet_inputs_are_one_input_error(tmp_path, rows, message) -> None:
    path = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    with pytest.raises(InputError, match=message):
        list(read_parquet_papers(str(path), 20_000))


def test_a_file_that_is_not_parquet_is_an_input_error(tmp_path) -> None:
    path = tmp_path / "in.parquet"
    path.write_text("id,abstract\n")
    with pytest.raises(InputError, match="not a Parquet file"):
        list(read_papers([str(path)]))


# --- without pyarrow ----------------------------------------------------------------------


def test_a_missing_pyarrow_is_one_error_naming_the_extra(monkeypatch, tmp_path) -> None:
    for name in ("pyarrow", "pyarrow.parquet", "pyarrow.compute"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ConfigError) as caught:
        record_schema(PaperSummary)
    assert (
        str(caught.value) == MISSING == "Parquet needs pyarrow: pip install 'summarizer[parquet]'"
    )
    with pytest.raises(ConfigError, match="summarizer\\[parquet\\]"):
        list(read_papers([str(tmp_path / "in.parquet")]))


BLOCKED = """
import sys
sys.modules["pyarrow"] = None
from summarizer.cli import main
sys.argv = ["summarizer", *sys.argv[1:]]
main()
"""


def test_the_cli_without_pyarrow_says_which_extra_and_writes_jsonl_still(tmp_path) -> None:
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(json.dumps({"id": "a", "abstract": ABSTRACT}) + "\n")
    with FakeOpenAI(default=answer()) as server:
        args = ["summarize", str(inputs), *endpoint_args(server.base_url), "--prompt", "naive"]
        args.append("--no-cache")
        blocked = (sys.executable, "-c", BLOCKED)
        parquet = run_cli([*args, "-o", "out.parquet"], tmp_path, timeout=120, entry=blocked)
        jsonl = run_cli([*args, "-o", "out.jsonl"], tmp_path, timeout=120, entry=blocked)
    assert parquet.returncode == 1, parquet.stderr
    assert parquet.stderr.strip() == f"Error: {MISSING}"
    assert not (tmp_path / "out.parquet").exists()
    assert jsonl.returncode == 0, jsonl.stderr
    assert json.loads((tmp_path / "out.jsonl").read_text())["error"] is None


def test_nothing_imports_pyarrow_before_parquet_is_used() -> None:
    code = (
        "import sys, summarizer.api, summarizer.cli.app, summarizer.io.parquet, "
        "summarizer.io.inputs, summarizer.views.reading, summarizer.io.sharding\n"
        "print('pyarrow' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "False"


def test_parquet_on_standard_input_is_read_with_format_parquet(tmp_path, monkeypatch) -> None:
    import io

    buffer = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(_input_rows(3)), buffer)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(buffer.getvalue())))
    papers = list(read_papers(["-"], format="parquet"))
    assert [(p.id, p.source) for p in papers] == [
        (f"p{i}", f"stdin, row {i + 1}") for i in range(3)
    ]
