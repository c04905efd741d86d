"""``--shard I/N`` splits the input by id; ``summarizer merge`` joins and checks the outputs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from summarizer.cli import app
from summarizer.errors import ConfigError, InputError
from summarizer.io.inputs import read_papers
from summarizer.io.sharding import Shard, merge_outputs, parse_shard, shard_of

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1/1", Shard(1, 1)), ("2/8", Shard(2, 8)), (" 3 / 3 ", Shard(3, 3))],
    ids=["one-of-one", "two-of-eight", "spaces"],
)
def test_shard_parses(text, expected):
    assert parse_shard(text) == expected


@pytest.mark.parametrize("text", ["0/4", "5/4", "1/0", "2", "a/b", "-1/2", ""], ids=repr)
def test_bad_shard_is_refused_with_the_expected_form(text):
    with pytest.raises(ConfigError, match="--shard"):
        parse_shard(text)


def test_every_id_is_in_exactly_one_shard_and_shards_are_balanced():
    ids = [f"{i:016x}" for i in range(3000)] + [f"2401.{i:05d}" for i in range(300)]
    counts = {1: 0, 2: 0, 3: 0}
    for paper_id in ids:
        owners = [i for i in (1, 2, 3) if Shard(i, 3).keeps(paper_id)]
        assert owners == [shard_of(paper_id, 3)]
        counts[owners[0]] += 1
    assert all(900 < n < 1300 for n in counts.values()), counts


def _input(tmp_path, n=8):
    path = tmp_path / "papers.jsonl"
    with path.open("w") as fh:
        for i in range(n):
            fh.write(json.dumps({"abstract": f"{ABSTRACT} Variant {i}."}) + "\n")
    return path


def test_two_shards_cover_the_input_once_and_merge_checks_it(tmp_path):
    source = _input(tmp_path)
    ids = {p.id for p in read_papers([str(source)])}
    parts = [tmp_path / "out" / f"part-{i}.jsonl" for i in (1, 2)]
    runner = CliRunner()
    with FakeOpenAI(default=answer()) as server:
        for i, part in enumerate(parts, start=1):
            result = runner.invoke(
                app,
                ["summarize", str(source), "-o", str(part), "--shard", f"{i}/2"]
                + endpoint_args(server.base_url, "m", mode="json_schema", prompt="naive-grammar"),
            )
            assert result.exit_code == 0, result.output
    got = [{json.loads(line)["id"] for line in part.read_text().splitlines()} for part in parts]
    assert got[0] and got[1] and not got[0] & got[1]
    assert got[0] | got[1] == ids
    assert len(server.requests) == len(ids)

    merged = tmp_path / "all.jsonl"
    result = runner.invoke(app, ["merge", str(merged), *map(str, parts), "--input", str(source)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in merged.read_text().splitlines()]
    assert sorted(r["id"] for r in records) == sorted(ids)


def _record(paper_id, tldr="A tldr.", error=None, seconds=1.0):
    return {
        "id": paper_id,
        "summary": None if error else {"tldr": tldr},
        "error": {"type": "BackendError", "message": error} if error else None,
        "meta": {"seconds": seconds, "cached": seconds == 0},
    }


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


@pytest.fixture(params=["ids in memory", "ids on disk"])
def id_memory(request, monkeypatch):
    """Both halves of the merge's id store: its dict, and the SQLite table beyond it."""
    if request.param == "ids on disk":
        from summarizer.io import idstore

        monkeypatch.setattr(idstore, "IN_MEMORY", 1)


def test_merge_keeps_one_of_identical_repeats_and_prefers_a_finished_record(tmp_path, id_memory):
    a = _write(tmp_path / "a.jsonl", [_record("p1"), _record("p2", error="down")])
    b = _write(tmp_path / "b.jsonl", [_record("p1", seconds=0), _record("p2"), _record("p3")])
    out = tmp_path / "all.jsonl"
    report = merge_outputs(out, [a, b], ["p1", "p2", "p3"])
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in records] == ["p1", "p2", "p3"]
    assert records[1]["error"] is None  # the finished p2 from b, not the failed one from a
    assert report.ok and report.duplicates == 2 and report.failed == 0 and report.extra == 0


def test_merge_reports_missing_conflicting_and_extra_ids(tmp_path, id_memory):
    a = _write(tmp_path / "a.jsonl", [_record("p1", "One."), _record("p2"), _record("p9")])
    b = _write(tmp_path / "b.jsonl", [_record("p2"), _record("p1", "Another.")])
    report = merge_outputs(tmp_path / "all.jsonl", [a, b], ["p1", "p2", "p3", "p4"])
    assert not report.ok
    assert report.conflicts == 1 and report.conflict_ids == ["p1"]
    assert report.missing == 2 and report.missing_ids == ["p3", "p4"]
    assert report.extra == 1 and report.duplicates == 2


def test_merge_refuses_to_overwrite_a_shard_file(tmp_path):
    a = _write(tmp_path / "a.jsonl", [_record("p1")])
    with pytest.raises(ConfigError, match="also one of the shard files"):
        merge_outputs(a, [a])


def test_merge_with_a_missing_id_exits_1_with_one_error_line(tmp_path):
    source = _input(tmp_path, n=3)
    ids = [p.id for p in read_papers([str(source)])]
    part = _write(tmp_path / "part-1.jsonl", [_record(ids[0]), _record(ids[1])])
    result = run_cli(
        ["merge", str(tmp_path / "all.jsonl"), str(part), "--input", str(source)], tmp_path
    )
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1
    assert "1 input ids missing" in errors[0] and ids[2] in errors[0]


def test_merge_of_failed_records_exits_3(tmp_path):
    part = _write(tmp_path / "a.jsonl", [_record("p1"), _record("p2", error="down")])
    result = CliRunner().invoke(app, ["merge", str(tmp_path / "all.jsonl"), str(part)])
    assert result.exit_code == 3, result.output


def test_a_broken_line_makes_the_merge_fail(tmp_path):
    part = tmp_path / "a.jsonl"
    part.write_text(json.dumps(_record("p1")) + "\n" + '{"id": "p2", "summ')
    result = CliRunner().invoke(app, ["merge", str(tmp_path / "all.jsonl"), str(part)])
    assert isinstance(result.exception, InputError)
    assert "unreadable lines" in str(result.exception)


def test_a_bad_shard_flag_is_a_usage_error(tmp_path):
    source = _input(tmp_path, n=1)
    result = CliRunner().invoke(app, ["summarize", str(source), "--shard", "3/2"])
    assert result.exit_code == 2
    assert "between 1 and N" in result.output
