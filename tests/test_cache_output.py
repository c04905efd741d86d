"""The response cache (keys, store) and the resumable output writer (JSONL and CSV)."""

from __future__ import annotations

import csv
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from summarizer.errors import ConfigError
from summarizer.io.output import CSV_COLUMNS, RecordWriter, read_records
from summarizer.run.cache import LEGACY_STORES, STORE, ResultCache, cache_key

from .support.cli import run_cli

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
        assert stats["directory"] == str(tmp_path / STORE)
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
    writer = ResultCache(tmp_path)
    reader = ResultCache(tmp_path)
    stored = reader._open()
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
        reader.close()


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


# --- a damaged, full or planted store --------------------------------------------------------

CACHE_LOG = "summarizer.run.cache"


def _filled(root: Path, n: int = 300) -> Path:
    cache = ResultCache(root)
    for i in range(n):
        cache.set(f"k{i}", {"summary": {"tldr": "x" * 200}, "i": i})
    cache.close()
    return root / STORE / "cache.db"


def _garbage(root: Path) -> None:
    (root / STORE).mkdir(parents=True)
    (root / STORE / "cache.db").write_bytes(b"this is not an SQLite database\n" * 200)


def _truncated(root: Path) -> None:
    db = _filled(root)
    with db.open("r+b") as fh:
        fh.truncate(db.stat().st_size // 3)


def _file_in_the_way(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / STORE).write_text("a file where the store's directory should be")


def _cache_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == CACHE_LOG]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(_garbage, id="garbage-db"),
        pytest.param(_truncated, id="truncated-db"),
        pytest.param(_file_in_the_way, id="file-instead-of-dir"),
    ],
)
def test_a_store_that_cannot_be_read_is_one_warning_and_a_miss(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage
) -> None:
    damage(tmp_path)
    cache = ResultCache(tmp_path)
    with caplog.at_level(logging.WARNING, logger=CACHE_LOG):
        for i in range(5):
            assert cache.get(f"k{i}") is None
            cache.set(f"new{i}", {"v": i})
        cache.flush()
        cache.close()
    warnings = _cache_warnings(caplog)
    assert len(warnings) == 1, warnings
    assert str(tmp_path / STORE) in warnings[0] and "summarizer cache clear" in warnings[0]
    with pytest.raises(ConfigError, match="summarizer cache clear"):
        ResultCache(tmp_path).stats()

    cleared = ResultCache(tmp_path)
    cleared.clear()  # works on what SQLite cannot open, and the cache works again after it
    cleared.set("k", {"v": 1})
    cleared.close()
    again = ResultCache(tmp_path)
    assert again.get("k") == {"v": 1} and again.stats()["entries"] == 1
    again.close()


def test_a_full_store_is_one_warning_and_still_serves_what_it_holds(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import diskcache

    from summarizer.run.cache import _JSONOnlyDisk

    db = _filled(tmp_path, n=3)
    with sqlite3.connect(db) as con:
        pages = con.execute("PRAGMA page_count").fetchone()[0]
    # SQLite's own size cap reports "database or disk is full", as a full disk does (and
    # unlike a read-only directory it also holds for root). diskcache keeps it in the store.
    diskcache.Cache(str(db.parent), disk=_JSONOnlyDisk, sqlite_max_page_count=pages).close()

    cache = ResultCache(tmp_path)
    with caplog.at_level(logging.WARNING, logger=CACHE_LOG):
        for i in range(3 * ResultCache.BATCH):
            cache.set(f"new{i}", {"summary": "y" * 500})
        assert cache.get("k1") == {"summary": {"tldr": "x" * 200}, "i": 1}
        cache.close()
    warnings = _cache_warnings(caplog)
    assert len(warnings) == 1 and "cannot be written" in warnings[0], warnings
    assert "database or disk is full" in warnings[0] and str(tmp_path / STORE) in warnings[0]
    reopened = ResultCache(tmp_path)
    assert reopened.get("k2") is not None and reopened.get("new0") is None
    reopened.close()


class _Planted:
    """Unpickling this creates the file ``marker``: proof that a pickle was loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


@pytest.mark.parametrize("store", [STORE, *LEGACY_STORES])
@pytest.mark.parametrize("large", [False, True], ids=["in-db", "in-file"])
def test_a_planted_pickle_is_never_loaded(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, store: str, large: bool
) -> None:
    import diskcache

    marker = tmp_path / "unpickled"
    key = "a" * 64
    # diskcache's default storage pickles what is not str/bytes/number: the old format, and
    # what anyone can write into the cache directory with it.
    planted = diskcache.Cache(str(tmp_path / store), disk_min_file_size=0 if large else 2**20)
    planted.set(key, {"summary": _Planted(marker), "pad": "x" * 100})
    planted.close()
    assert not marker.exists()

    cache = ResultCache(tmp_path)
    with caplog.at_level(logging.WARNING, logger=CACHE_LOG):
        assert cache.get(key) is None
    cache.close()
    assert not marker.exists()
    if store == STORE:
        assert "pickled" in " ".join(_cache_warnings(caplog))
    assert cache.clear() is not None
    assert not (tmp_path / store).exists()  # clear removes the old store too
    assert not marker.exists()


def test_a_planted_value_file_outside_the_store_is_neither_read_nor_deleted(
    tmp_path: Path,
) -> None:
    victim = tmp_path / "precious.json"
    victim.write_text('{"summary": "planted"}')
    cache = ResultCache(tmp_path)
    cache.set("k", {"summary": "x" * 100_000})  # big enough to live in a value file
    cache.close()
    with sqlite3.connect(tmp_path / STORE / "cache.db") as con:
        con.execute("UPDATE Cache SET filename = ? WHERE key = 'k'", (str(victim),))
    cache = ResultCache(tmp_path)
    assert cache.get("k") is None
    cache.set("k", {"summary": "replaced"})  # overwriting an entry deletes its old file
    cache.close()
    cache.clear()
    assert victim.read_text() == '{"summary": "planted"}'


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
    assert a["results"] == "4.8% accuracy (improvement)"
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
    from summarizer.errors import UsageError

    with pytest.raises(UsageError, match="is a directory"):
        RecordWriter(tmp_path)


# --- the CLI on a damaged store --------------------------------------------------------------


def test_cache_clear_and_stats_on_a_store_sqlite_cannot_open(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _garbage(cache)
    stats = run_cli(["cache", "stats"], tmp_path)
    assert stats.returncode == 1
    assert "summarizer cache clear" in stats.stderr and "unexpected" not in stats.stderr
    cleared = run_cli(["cache", "clear"], tmp_path)
    assert cleared.returncode == 0, cleared.stderr
    assert "removed the cache at" in cleared.stdout
    assert not (cache / STORE).exists()
    assert run_cli(["cache", "stats"], tmp_path).returncode == 0


@pytest.mark.parametrize(
    "damage",
    [pytest.param(_garbage, id="garbage-db"), pytest.param(_file_in_the_way, id="file-in-the-way")],
)
def test_a_run_on_a_damaged_cache_finishes_with_one_warning(tmp_path: Path, damage) -> None:
    from .support.abstracts import ABSTRACT, answer
    from .support.fake_openai import FakeOpenAI

    cache = tmp_path / "cache"
    damage(cache)
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(
        "".join(
            json.dumps({"id": f"p{i}", "abstract": f"{ABSTRACT} ({i})"}) + "\n" for i in range(3)
        )
    )
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default=answer()) as server:
        args = ["summarize", str(inputs), "-o", str(out), "--base-url", server.base_url]
        args += ["--model", "fake", "--mode", "json_schema", "--prompt", "naive-grammar"]
        result = run_cli(args, tmp_path)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["error"] for r in records] == [None, None, None]
    lines = [line for line in result.stderr.splitlines() if str(cache / STORE) in line]
    assert len(lines) == 1 and "summarizer cache clear" in lines[0], result.stderr
    assert "unexpected" not in result.stderr


def _partial(id_: str) -> dict[str, Any]:
    record = _record(id_)
    record["summary"]["tldr"] = "Class imbalance hurts tail classes."
    reason = "tldr copies a sentence of the abstract; summarize in your own words"
    record["error"] = {
        "type": "PartialRecord",
        "message": f"tldr did not validate after 5 attempts ({reason}); the other fields are kept",
        "fields": [{"field": "tldr", "reason": reason}],
    }
    return record


def test_a_partial_record_is_not_finished_and_a_resume_asks_again(tmp_path: Path) -> None:
    from summarizer.io.output import failed_fields, is_finished, is_partial

    partial = _partial("p")
    assert is_partial(partial) and not is_finished(partial)
    assert failed_fields(partial) == {"tldr": partial["error"]["fields"][0]["reason"]}
    assert failed_fields(_record("a")) == {} and not is_partial(_record("x", ok=False))
    path = tmp_path / "run.jsonl"
    writer = RecordWriter(path)
    writer.write(_record("a"))
    writer.write(partial)
    assert set(writer.done) == {"a"}
    writer.close()
    resumed = RecordWriter(path)
    assert set(resumed.done) == {"a"}
    assert [r["id"] for r in _lines(path)] == ["a"]  # the partial record is asked again
    resumed.close()


def test_csv_partial_row_has_the_kept_fields_and_says_which_failed(tmp_path: Path) -> None:
    path = tmp_path / "run.csv"
    writer = RecordWriter(path)
    writer.write(_partial("p"))
    writer.close()
    (row,) = _rows(path)
    assert row["tldr"] == "Class imbalance hurts tail classes."
    assert row["introduces"] == "ImbSAM" and row["domain"] == "computer_vision"
    assert row["error"].startswith("PartialRecord: tldr did not validate after 5 attempts")
    resumed = RecordWriter(path)
    assert set(resumed.done) == set()  # a rerun asks again
    resumed.close()
