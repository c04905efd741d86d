"""The response cache (keys, store) and the resumable output writer (JSONL and CSV)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from summarizer.cache import ResultCache, cache_key
from summarizer.output import CSV_COLUMNS, RecordWriter, read_records

# --- cache keys ------------------------------------------------------------------------------

PARTS: dict[str, Any] = {
    "endpoint": "http://127.0.0.1:8080/v1",
    "model": "qwen2.5-coder-0.5b-instruct",
    "mode": "json_schema",
    "messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "abstract"}],
    "response_schema": {"type": "object", "properties": {"tldr": {"type": "string"}}},
    "schema_id": "paper_summary.v1",
    "max_tokens": 512,
    "temperature": 0.0,
}


def test_cache_key_is_stable_for_equal_parts() -> None:
    key = cache_key(**PARTS)
    assert len(key) == 64 and int(key, 16) >= 0
    assert cache_key(**json.loads(json.dumps(PARTS))) == key  # equal, not identical, objects
    assert cache_key(**dict(reversed(list(PARTS.items())))) == key  # argument order
    schema = {"properties": PARTS["response_schema"]["properties"], "type": "object"}
    assert cache_key(**{**PARTS, "response_schema": schema}) == key  # nested key order


@pytest.mark.parametrize(
    "field, value",
    [
        pytest.param("endpoint", "https://api.openai.com/v1", id="endpoint"),
        pytest.param("model", "gpt-4o-mini", id="model"),
        pytest.param("mode", "tools", id="mode"),
        pytest.param(
            "messages",
            [{"role": "system", "content": "s"}, {"role": "user", "content": "abstract!"}],
            id="messages",
        ),
        pytest.param("response_schema", {"type": "object", "properties": {}}, id="schema"),
        pytest.param("schema_id", "my_schema.Summary", id="schema-id"),
        pytest.param("max_tokens", 1024, id="max-tokens"),
        pytest.param("temperature", 0.7, id="temperature"),
    ],
)
def test_cache_key_differs_when_a_part_differs(field: str, value: Any) -> None:
    assert cache_key(**{**PARTS, field: value}) != cache_key(**PARTS)


# --- the store -------------------------------------------------------------------------------


def test_result_cache_get_set_stats_clear(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path)
    try:
        assert cache.get("k1") is None
        cache.set("k1", {"summary": {"tldr": "x"}})
        cache.set("k2", {"summary": {"tldr": "y"}})
        assert cache.get("k1") == {"summary": {"tldr": "x"}}
        stats = cache.stats()
        assert stats["entries"] == 2
        assert stats["directory"] == str(tmp_path / "responses")
        assert stats["bytes"] > 0
        assert cache.clear() == 2
        assert cache.get("k1") is None and cache.stats()["entries"] == 0
    finally:
        cache.close()


def test_result_cache_persists_across_instances(tmp_path: Path) -> None:
    first = ResultCache(tmp_path)
    first.set("k", {"v": 1})
    first.close()
    second = ResultCache(tmp_path)
    try:
        assert second.get("k") == {"v": 1}
    finally:
        second.close()


def test_results_made_together_are_stored_together(tmp_path: Path, monkeypatch) -> None:
    import diskcache

    writer = ResultCache(tmp_path)
    stored = diskcache.Cache(str(tmp_path / "responses"))
    try:
        for i in range(ResultCache.BATCH - 1):
            writer.set(f"k{i}", {"v": i})
        assert len(stored) == 0  # made within a second: still pending
        assert writer.get("k3") == {"v": 3}  # but already served to this process
        writer.set("last", {"v": -1})
        assert len(stored) == ResultCache.BATCH  # the batch is full: stored in one go
        writer.set("after", {"v": 0})
        assert stored.get("after") is None
        writer.close()
        assert stored.get("after") == {"v": 0}  # closing stores what is pending

        monkeypatch.setattr(ResultCache, "BATCH_SECONDS", 0.0)
        slow = ResultCache(tmp_path)
        slow.set("alone", {"v": 1})  # a second after the last: stored at once
        assert stored.get("alone") == {"v": 1}
        slow.close()
    finally:
        stored.close()


def test_disabled_cache_neither_reads_nor_writes(tmp_path: Path) -> None:
    enabled = ResultCache(tmp_path)
    enabled.set("k", {"v": 1})
    enabled.close()
    disabled = ResultCache(tmp_path, enabled=False)
    try:
        assert disabled.get("k") is None
        disabled.set("k2", {"v": 2})
    finally:
        disabled.close()
    reopened = ResultCache(tmp_path)
    try:
        assert reopened.get("k2") is None
        assert reopened.get("k") == {"v": 1}
    finally:
        reopened.close()


# --- output records --------------------------------------------------------------------------


def _record(id_: str, ok: bool = True) -> dict[str, Any]:
    summary = {
        "tldr": f"Summary of {id_}, with a comma.",
        "problem": "A gap.",
        "contribution_types": ["method", "theory"],
        "introduces": ["ImbSAM"],
        "datasets": [],
        "tasks": ["classification"],
        "results": [
            {"value": "4.8%", "metric": "accuracy", "subject": None, "kind": "improvement"}
        ],
        "domain": "computer_vision",
        "code_url": "https://github.com/Foo/ImbSAM",
        "keywords": ["a", "b", "c"],
    }
    return {
        "id": id_,
        "title": f"Title {id_}",
        "summary": summary if ok else None,
        "error": None if ok else {"type": "OutputValidationError", "message": "never validated"},
        "meta": {"prompt": "default.v1", "model": "m", "cached": False},
    }


def _lines(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    assert text == "" or text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def test_jsonl_writes_and_flushes_each_record(tmp_path: Path) -> None:
    path = tmp_path / "out" / "run.jsonl"  # the parent is created
    writer = RecordWriter(path)
    writer.write(_record("a"))
    assert [r["id"] for r in _lines(path)] == ["a"]  # on disk before close
    writer.write(_record("b", ok=False))
    assert [r["id"] for r in _lines(path)] == ["a", "b"]
    assert set(writer.done) == {"a"}
    writer.close()
    assert _lines(path)[0] == _record("a")


def test_jsonl_resume_keeps_only_finished_records(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    writer = RecordWriter(path)
    for record in (_record("a"), _record("b", ok=False), _record("c")):
        writer.write(record)
    writer.close()
    with path.open("a", encoding="utf-8") as fh:
        fh.write('{"id": "d", "summary": {"tldr": "cut sho')  # a crash mid-write

    resumed = RecordWriter(path)
    assert set(resumed.done) == {"a", "c"}
    assert [r["id"] for r in _lines(path)] == ["a", "c"]  # rewritten as valid JSONL
    resumed.write(_record("b"))
    resumed.write(_record("d"))
    resumed.close()
    records = _lines(path)
    assert [r["id"] for r in records] == ["a", "c", "b", "d"]
    assert records[0] == _record("a")
    assert read_records(path) == records
    assert not path.with_name(path.name + ".tmp").exists()


def test_jsonl_resume_of_a_file_with_only_failures(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(_record("x", ok=False)) + "\nnot json\n", encoding="utf-8")
    writer = RecordWriter(path)
    writer.close()
    assert set(writer.done) == set()
    assert path.read_text(encoding="utf-8") == ""


def test_read_records_ignores_an_unfinished_last_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(_record("a")) + "\n" + json.dumps(_record("b")), encoding="utf-8")
    assert [r["id"] for r in read_records(path)] == ["a"]


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
        return list(reader)


def test_csv_output_has_header_and_one_row_per_record(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    writer = RecordWriter(path)
    assert writer.csv
    writer.write(_record("a"))
    writer.write(_record("b", ok=False))
    writer.close()
    a, b = _rows(path)
    assert a["id"] == "a" and a["title"] == "Title a"
    assert a["tldr"] == "Summary of a, with a comma."
    assert a["contribution_types"] == "method; theory"
    assert a["results"] == "4.8% accuracy"
    assert a["code_url"] == "https://github.com/Foo/ImbSAM"
    assert a["error"] == "" and a["cached"] == "False"
    assert b["id"] == "b" and b["tldr"] == ""
    assert b["error"] == "OutputValidationError: never validated"


def test_csv_resume_keeps_finished_rows(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    writer = RecordWriter(path)
    for record in (_record("a"), _record("b", ok=False), _record("c")):
        writer.write(record)
    writer.close()
    with path.open("a", encoding="utf-8", newline="") as fh:
        fh.write('d,"Title d","half a ro')

    resumed = RecordWriter(path)
    assert set(resumed.done) == {"a", "c"}
    resumed.write(_record("b"))
    resumed.close()
    rows = _rows(path)
    assert [r["id"] for r in rows] == ["a", "c", "b"]
    assert all(r["error"] == "" for r in rows)
    assert path.read_text(encoding="utf-8").count("id,title,") == 1  # one header


def test_csv_resume_when_every_row_failed_rewrites_the_header(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    writer = RecordWriter(path)
    writer.write(_record("a", ok=False))
    writer.close()
    resumed = RecordWriter(path)
    assert set(resumed.done) == set()
    resumed.write(_record("a"))
    resumed.close()
    assert [r["id"] for r in _rows(path)] == ["a"]


def test_output_that_is_a_directory_is_refused(tmp_path: Path) -> None:
    from summarizer.errors import InputError

    with pytest.raises(InputError, match="is a directory"):
        RecordWriter(tmp_path)
