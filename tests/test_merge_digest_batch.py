"""``merge`` and ``digest`` to ``-``, ``merge`` of shards of different runs, and Batch result
lines of the wrong shape.

``-`` is standard output for every command that writes: the output alone on stdout, the
summary lines on stderr, and no file named ``-``. Shards of another model, prompt, template
or schema are refused as a resume refuses them. A Batch line whose parts have the wrong type
is an answer with no usable content: its paper is asked online, the others are kept.
"""

from __future__ import annotations

import json
import os

import pytest

from summarizer.io.inputs import read_papers
from summarizer.run.batch_api import answer_of

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli, start_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit

META = {
    "endpoint": "http://127.0.0.1:9/v1",
    "model": "m",
    "prompt": "naive-grammar",
    "template_hash": "t-1",
    "schema": "paper_summary.v1",
}


def _record(n, **meta):
    return {
        "id": f"p{n}",
        "title": None,
        "abstract": f"{ABSTRACT} Variant {n}.",
        "summary": answer(),
        "error": None,
        "meta": {**META, **meta},
    }


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def _shards(tmp_path, **other_meta):
    """Two shards of two records each; the second made with ``other_meta``."""
    _write(tmp_path / "a.jsonl", [_record(0), _record(1)])
    _write(tmp_path / "b.jsonl", [_record(2, **other_meta), _record(3, **other_meta)])
    return ["a.jsonl", "b.jsonl"]


def _error_line(stderr):
    errors = [line for line in stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, stderr
    assert "Traceback" not in stderr and "unexpected" not in stderr, stderr
    return errors[0]


# --- "-" is standard output ----------------------------------------------------------------


def test_merge_to_dash_writes_the_records_to_stdout_and_the_summary_to_stderr(tmp_path):
    shards = _shards(tmp_path)
    result = run_cli(["merge", "-", *shards], tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in records] == ["p0", "p1", "p2", "p3"]
    assert "merged 4 records into standard output" in result.stderr
    assert not (tmp_path / "-").exists()


def test_digest_to_dash_writes_the_page_to_stdout_and_the_summary_to_stderr(tmp_path):
    _write(tmp_path / "out.jsonl", [_record(0), _record(1), _record(2)])
    result = run_cli(["digest", "out.jsonl", "-o", "-"], tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("<!doctype html>")
    assert result.stdout.rstrip().endswith("</html>")
    assert "wrote the digest to standard output (3 papers)" in result.stderr
    assert "<" not in result.stderr
    assert not (tmp_path / "-").exists()
    assert not (tmp_path / "out.html").exists()


@pytest.mark.parametrize(
    "args",
    [["merge", "-", "a.jsonl", "b.jsonl"], ["digest", "a.jsonl", "-o", "-"]],
    ids=["merge", "digest"],
)
def test_a_closed_stdout_is_one_error_line_and_exit_1(tmp_path, args):
    _shards(tmp_path)
    read, write = os.pipe()
    os.close(read)  # nobody reads: the first write fails with EPIPE
    try:
        child = start_cli(args, tmp_path, stdout=write)
        _, stderr = child.communicate(timeout=60)
    finally:
        os.close(write)
    assert child.returncode == 1, stderr
    assert "broken pipe" in _error_line(stderr)
    assert "Exception ignored" not in stderr
    assert not (tmp_path / "-").exists()


# --- merge refuses shards of different runs ------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("model", "other-model"),
        ("prompt", "default"),
        ("template_hash", "t-2"),
        ("schema", "paper_summary.v2"),
    ],
)
def test_merge_refuses_shards_of_another_run_unless_forced(tmp_path, key, value):
    shards = _shards(tmp_path, **{key: value})
    refused = run_cli(["merge", "all.jsonl", *shards], tmp_path, timeout=60)
    assert refused.returncode == 2, refused.stderr
    line = _error_line(refused.stderr)
    assert f"b.jsonl holds records made with another {key} {value!r}" in line
    assert f"(a.jsonl:1: {META[key]!r})" in line
    assert "--force" in line
    assert not (tmp_path / "all.jsonl").exists()

    forced = run_cli(["merge", "all.jsonl", *shards, "--force"], tmp_path, timeout=60)
    assert forced.returncode == 0, forced.stderr
    assert len((tmp_path / "all.jsonl").read_text().splitlines()) == 4


def test_merge_checks_a_key_the_first_record_does_not_name(tmp_path):
    # a refused record names only its prompt and schema: the model comes from the next one
    refused = {
        "id": "p9",
        "title": None,
        "abstract": "x",
        "summary": None,
        "error": {"type": "InputError", "message": "too long"},
        "meta": {"prompt": META["prompt"], "schema": META["schema"]},
    }
    _write(tmp_path / "a.jsonl", [refused, _record(0), _record(1)])
    _write(tmp_path / "b.jsonl", [_record(2, model="other-model")])
    result = run_cli(["merge", "-", "a.jsonl", "b.jsonl"], tmp_path, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "another model 'other-model' (a.jsonl:2: 'm')" in _error_line(result.stderr)
    assert result.stdout == ""


def test_merge_of_shards_from_another_endpoint_only_warns(tmp_path):
    shards = _shards(tmp_path, endpoint="http://10.0.0.2:8000/v1")
    result = run_cli(["merge", "all.jsonl", *shards], tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "warning: b.jsonl has records from endpoint http://10.0.0.2:8000/v1" in result.stderr
    assert len((tmp_path / "all.jsonl").read_text().splitlines()) == 4


# --- Batch result lines of the wrong shape -------------------------------------------------


def _ok_line(custom_id):
    body = {
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": json.dumps(answer())},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 90, "completion_tokens": 30, "total_tokens": 120},
    }
    return {
        "id": f"batch_req_{custom_id}",
        "custom_id": custom_id,
        "response": {"status_code": 200, "body": body},
        "error": None,
    }


def _bad_response(line):
    line["response"] = "x"


def _bad_body(line):
    line["response"]["body"] = [1]


def _bad_usage(line):
    line["response"]["body"]["usage"] = [1, 2]


def _bad_tokens(line):
    line["response"]["body"]["usage"]["prompt_tokens"] = "5"


BAD_SHAPES = [
    pytest.param(_bad_response, "response is a string", id="response-a-string"),
    pytest.param(_bad_body, "response.body is a list", id="body-a-list"),
    pytest.param(_bad_usage, "response.body.usage is a list", id="usage-a-list"),
    pytest.param(_bad_tokens, "prompt_tokens is a string", id="prompt-tokens-a-string"),
]


@pytest.mark.parametrize(("spoil", "reason"), BAD_SHAPES)
def test_answer_of_a_line_of_the_wrong_shape_has_no_content(spoil, reason):
    line = _ok_line("p0")
    assert answer_of(line)[0] == json.dumps(answer())
    spoil(line)
    content, usage, why = answer_of(line)
    assert content is None and usage == {}
    assert reason in why


@pytest.mark.parametrize("line", [[1], "x", 5, None], ids=["list", "string", "number", "null"])
def test_answer_of_a_line_that_is_not_an_object_has_no_content(line):
    content, usage, why = answer_of(line)
    assert content is None and usage == {}
    assert "not a JSON object" in why


def _collect(tmp_path, lines):
    """``batch collect`` of a three-paper input with these results lines, against a fake
    endpoint; (result, records by id, online requests)."""
    results = tmp_path / "results.jsonl"
    results.write_text("".join(line + "\n" for line in lines))
    with time_limit(90), FakeOpenAI(default=answer()) as server:
        result = run_cli(
            ["batch", "collect", "papers.jsonl", "results.jsonl", "-o", "out.jsonl"]
            + [*endpoint_args(server.base_url), "--mode", "json_schema"]
            + ["--prompt", "naive-grammar"],
            tmp_path,
            timeout=80,
        )
        sent = len(server.requests)
    out = tmp_path / "out.jsonl"
    records = {}
    if out.exists():
        records = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    return result, records, sent


def _papers(tmp_path, n=3):
    source = tmp_path / "papers.jsonl"
    source.write_text(
        "".join(json.dumps({"abstract": f"{ABSTRACT} Variant {i}."}) + "\n" for i in range(n))
    )
    return [p.id for p in read_papers([str(source)])]


@pytest.mark.parametrize(("spoil", "reason"), BAD_SHAPES)
def test_collect_asks_online_for_a_line_of_the_wrong_shape(tmp_path, spoil, reason):
    ids = _papers(tmp_path)
    bad = _ok_line(ids[1])
    spoil(bad)
    lines = [json.dumps(_ok_line(ids[0])), json.dumps(bad), json.dumps(_ok_line(ids[2]))]
    result, records, sent = _collect(tmp_path, lines)
    assert result.returncode == 0, result.stderr
    assert sent == 1  # only the spoiled one was asked online
    assert sorted(records) == sorted(ids)
    assert all(r["error"] is None for r in records.values())
    assert records[ids[1]]["meta"]["batch"]["status"] == "error"
    assert reason in records[ids[1]]["meta"]["batch"]["reason"]
    assert {records[i]["meta"]["batch"]["status"] for i in (ids[0], ids[2])} == {"ok"}


def test_collect_skips_a_line_that_is_not_an_object_and_asks_its_paper_online(tmp_path):
    ids = _papers(tmp_path)
    lines = [json.dumps(_ok_line(ids[0])), "[1, 2]", json.dumps(_ok_line(ids[2]))]
    result, records, sent = _collect(tmp_path, lines)
    assert result.returncode == 0, result.stderr
    assert sent == 1
    assert sorted(records) == sorted(ids)
    assert all(r["error"] is None for r in records.values())
    assert records[ids[1]]["meta"]["batch"]["status"] == "missing"
    assert "skipped 1 line of results.jsonl naming no paper (line 2)" in result.stderr
