"""Ids of a run held in bounded memory: a dict first, then a temporary SQLite database.

The reader's duplicate check and the writer's finished ids go through :class:`IdStore`;
here the in-memory part is made tiny so that the disk part is the one exercised.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.errors import InputError
from summarizer.io import idstore
from summarizer.io.idstore import IdStore
from summarizer.io.inputs import read_papers
from summarizer.io.output import RecordWriter

from .support.records import output_record


def test_ids_beyond_the_memory_part_are_kept_on_disk():
    store = IdStore(in_memory=3)
    for n in range(12_500):  # past a commit (every 10,000) too
        store.add(f"id{n}", f"v{n}")
    assert store._db is not None and len(store._memory) == 3
    assert len(store) == 12_500
    assert store.get("id0") == "v0" and store.get("id12499") == "v12499"
    assert "id7" in store and "id12500" not in store and store.get("nope") is None
    store.add("id1", "again")  # in memory
    store.add("id9000", "again")  # on disk
    assert store.get("id1") == "again" and store.get("id9000") == "again"
    assert len(store) == 12_500
    assert set(store) == {f"id{n}" for n in range(12_500)}
    store.close()


def test_a_small_store_never_opens_a_database():
    store = IdStore(in_memory=10)
    store.add("a")
    assert "a" in store and store.get("a") == "" and store._db is None and len(store) == 1


@pytest.fixture
def tiny_memory(monkeypatch):
    monkeypatch.setattr(idstore, "IN_MEMORY", 2)


def test_reader_finds_duplicates_held_on_disk(tmp_path: Path, tiny_memory):
    path = tmp_path / "in.jsonl"
    rows = [{"id": f"p{n}", "abstract": f"Abstract number {n}."} for n in range(6)]
    rows.append({"id": "p0", "abstract": "Abstract number 0."})  # the same paper again
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert [p.id for p in read_papers([str(path)])] == [f"p{n}" for n in range(6)]

    rows.append({"id": "p4", "abstract": "Another abstract."})  # p4 is on disk
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(InputError, match=r"'p4' is already used by a different abstract \("):
        list(read_papers([str(path)]))


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_resume_knows_finished_ids_held_on_disk(tmp_path: Path, tiny_memory, suffix):
    path = tmp_path / f"run{suffix}"
    writer = RecordWriter(path)
    for n in range(7):
        writer.write(output_record(f"r{n}", ok=n != 3))
    writer.close()

    resumed = RecordWriter(path)
    finished = {f"r{n}" for n in range(7) if n != 3}
    assert resumed.done._db is not None  # most of them are on disk
    assert set(resumed.done) == finished and len(resumed.done) == 6
    assert all(i in resumed.done for i in finished) and "r3" not in resumed.done
    resumed.write(output_record("r3"))
    assert "r3" in resumed.done
    resumed.close()
