"""``batch prepare`` writes the online path's requests; ``batch collect`` reads the answers back.

The Batch output files are written by hand here (valid, invalid JSON, an ungrounded name,
an error line, a cut-short answer, a missing id); the online re-asks go to the scripted
loopback server.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from typer.testing import CliRunner

from summarizer.cli import app
from summarizer.errors import ConfigError, InputError
from summarizer.io.inputs import read_papers
from summarizer.run.batch_api import strict_schema
from summarizer.run.pipeline import Pipeline
from summarizer.settings.config import Settings

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args
from .support.fake_openai import FakeOpenAI

TEXT = {  # an answer to the default prompt, which leaves the keywords to code
    "tldr": "This paper proposes ImbSAM, a class-aware optimizer for tail classes.",
    "problem": "Optimizers generalize poorly on tail classes.",
}


def _input(tmp_path, n=5, overlong=False):
    path = tmp_path / "papers.jsonl"
    with path.open("w") as fh:
        for i in range(n):
            fh.write(json.dumps({"abstract": f"{ABSTRACT} Variant {i}."}) + "\n")
        if overlong:
            fh.write(json.dumps({"abstract": "word " * 5_000}) + "\n")
    return path


def ok_line(custom_id, content, finish_reason="stop"):
    if not isinstance(content, str):
        content = json.dumps(content)
    body = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, "refusal": None},
                "finish_reason": finish_reason,
            }
        ],
        "usage": {"prompt_tokens": 90, "completion_tokens": 30, "total_tokens": 120},
    }
    return {
        "id": f"batch_req_{custom_id}",
        "custom_id": custom_id,
        "response": {"status_code": 200, "request_id": "r1", "body": body},
        "error": None,
    }


def error_line(custom_id):
    return {
        "id": f"batch_req_{custom_id}",
        "custom_id": custom_id,
        "response": None,
        "error": {"code": "server_error", "message": "the batch worker failed"},
    }


def _write(path, lines):
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _online(server, tmp_path, prompt="default"):
    return Settings(
        base_url=server.base_url,
        model="m",
        prompt=prompt,
        mode="json_schema",
        cache_dir=tmp_path / "online-cache",
    )


def _endpoint(server, prompt="default"):
    return endpoint_args(server.base_url, "m", mode="json_schema", prompt=prompt)


def test_prepare_writes_the_online_requests_with_a_strict_schema(tmp_path):
    source = _input(tmp_path, n=2, overlong=True)
    requests = tmp_path / "requests.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "batch",
            "prepare",
            str(source),
            "-o",
            str(requests),
            "--model",
            "m",
            "--max-tokens",
            "300",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in requests.read_text().splitlines()]
    papers = list(read_papers([str(source)]))
    assert [line["custom_id"] for line in lines] == [p.id for p in papers[:2]]  # overlong left out
    assert {(line["method"], line["url"]) for line in lines} == {("POST", "/v1/chat/completions")}

    with FakeOpenAI(default=TEXT) as server:
        settings = _online(server, tmp_path)

        async def go():
            async with Pipeline(settings.model_copy(update={"max_tokens": 300})) as pipeline:
                return await pipeline.summarize(papers[0])

        asyncio.run(go())
    online = server.requests[0]
    body = lines[0]["body"]
    assert body["model"] == "m" and body["max_tokens"] == 300 and body["temperature"] == 0.0
    assert body["messages"] == online["messages"]
    sent = online["response_format"]["json_schema"]
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["name"] == sent["name"]
    assert fmt["json_schema"]["schema"] == strict_schema(sent["schema"])
    tldr = fmt["json_schema"]["schema"]["properties"]["tldr"]
    assert (
        "maxLength" not in tldr
        and tldr["pattern"] == sent["schema"]["properties"]["tldr"]["pattern"]
    )


def test_strict_schema_requires_every_property_and_forbids_others():
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "maxLength": 5, "default": "x"},
            "b": {"$ref": "#/$defs/B"},
        },
        "required": ["a"],
        "$defs": {
            "B": {"type": "object", "properties": {"c": {"type": "integer"}}, "required": []}
        },
    }
    strict = strict_schema(schema)
    assert strict["required"] == ["a", "b"] and strict["additionalProperties"] is False
    assert strict["properties"]["a"] == {"type": "string"}
    assert strict["$defs"]["B"]["required"] == ["c"]
    assert strict["$defs"]["B"]["additionalProperties"] is False
    assert schema["required"] == ["a"]  # the original is untouched


def test_prepare_needs_a_model_name_and_leaves_an_earlier_file_alone(tmp_path):
    source = _input(tmp_path, n=1)
    earlier = tmp_path / "r.jsonl"
    line = {"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {}}
    earlier.write_text(json.dumps(line) + "\n")
    result = CliRunner().invoke(app, ["batch", "prepare", str(source), "-o", str(earlier)])
    assert isinstance(result.exception, ConfigError)
    assert "--model" in str(result.exception)
    assert earlier.read_text() == json.dumps(line) + "\n"


def test_collect_takes_valid_answers_and_reasks_the_rest_online(tmp_path):
    source = _input(tmp_path, n=5)
    ids = [p.id for p in read_papers([str(source)])]
    results = _write(
        tmp_path / "results.jsonl",
        [
            ok_line(ids[3], "{not json"),
            ok_line(ids[0], TEXT),
            error_line(ids[1]),
            ok_line(ids[2], '{"tldr": "This paper', finish_reason="length"),
            # ids[4]: no answer at all
        ],
    )
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default=TEXT) as server:
        result = CliRunner().invoke(
            app,
            ["batch", "collect", str(source), str(results), "-o", str(out), *_endpoint(server)],
        )
        assert result.exit_code == 0, result.output
        assert len(server.requests) == 4  # one online request for each of the other four
        records = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
        assert sorted(records) == sorted(ids)
        assert all(r["error"] is None for r in records.values())
        status = {i: records[i]["meta"]["batch"]["status"] for i in ids}
        assert status == {
            ids[0]: "ok",
            ids[1]: "error",
            ids[2]: "error",
            ids[3]: "invalid",
            ids[4]: "missing",
        }
        assert "token limit" in records[ids[2]]["meta"]["batch"]["reason"]
        assert "the batch worker failed" in records[ids[1]]["meta"]["batch"]["reason"]

        # The record from the Batch answer is the record the online path writes for it.
        batch = records[ids[0]]
        assert batch["meta"]["attempts"] == 1
        assert batch["meta"]["usage"] == {
            "prompt_tokens": 90,
            "completion_tokens": 30,
            "total_tokens": 120,
        }
        paper = next(p for p in read_papers([str(source)]) if p.id == ids[0])

        async def go(settings):
            async with Pipeline(settings) as pipeline:
                return await pipeline.summarize(paper)

        online = json.loads(json.dumps(asyncio.run(go(_online(server, tmp_path)))))
        for key in ("summary", "spans", "error", "title", "abstract"):
            assert batch[key] == online[key], key
        same = ("endpoint", "model", "prompt", "prompt_hash", "template_hash", "schema", "mode")
        assert {k: batch["meta"][k] for k in same} == {k: online["meta"][k] for k in same}
        assert batch["summary"]["introduces"] == ["ImbSAM"]  # a code-decided field

        # ... and it was cached as the online path caches its answers.
        requests_before = len(server.requests)
        cached = asyncio.run(
            go(_online(server, tmp_path).model_copy(update={"cache_dir": tmp_path / "cache"}))
        )
        assert cached["meta"]["cached"] is True and len(server.requests) == requests_before


def test_an_ungrounded_name_in_a_batch_answer_is_reasked_online(tmp_path, reask_prompt):  # noqa: F811
    source = _input(tmp_path, n=1)
    (paper,) = read_papers([str(source)])
    results = _write(
        tmp_path / "results.jsonl", [ok_line(paper.id, answer(introduces=["ImbSAM", "FooNet-7"]))]
    )
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default=answer()) as server:
        result = CliRunner().invoke(
            app,
            [
                "batch",
                "collect",
                str(source),
                str(results),
                "-o",
                str(out),
                *_endpoint(server, prompt=reask_prompt),
            ],
        )
    assert result.exit_code == 0, result.output
    (record,) = map(json.loads, out.read_text().splitlines())
    assert record["error"] is None
    assert record["summary"]["introduces"] == ["ImbSAM"]
    assert record["meta"]["batch"]["status"] == "invalid"
    assert "FooNet-7" in record["meta"]["batch"]["reason"]
    assert len(server.requests) == 1


def test_collect_resumes_and_failed_reasks_exit_3(tmp_path):
    source = _input(tmp_path, n=2)
    ids = [p.id for p in read_papers([str(source)])]
    results = _write(tmp_path / "results.jsonl", [ok_line(ids[0], TEXT), error_line(ids[1])])
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default="still not json") as server:
        args = ["batch", "collect", str(source), str(results), "-o", str(out), *_endpoint(server)]
        first = CliRunner().invoke(app, args)
        assert first.exit_code == 3, first.output
        sent = len(server.requests)
        assert sent >= 1
        second = CliRunner().invoke(app, args)
    assert second.exit_code == 3
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in lines if r["error"] is None] == [ids[0]]  # kept, not redone
    assert len(server.requests) == 2 * sent  # only the failed one was asked again


def test_a_results_file_that_is_not_jsonl_is_an_input_error(tmp_path):
    source = _input(tmp_path, n=1)
    results = tmp_path / "results.jsonl"
    results.write_text("this is not a batch output\n")
    result = CliRunner().invoke(
        app,
        [
            "batch",
            "collect",
            str(source),
            str(results),
            "-o",
            str(tmp_path / "out.jsonl"),
            "--base-url",
            "http://127.0.0.1:9/v1",
        ],
    )
    assert isinstance(result.exception, InputError)
    assert "line 1" in str(result.exception)


@pytest.mark.parametrize("prompt", ["naive"], ids=["no-grammar"])
def test_prepare_refuses_a_prompt_without_a_grammar(tmp_path, prompt):
    source = _input(tmp_path, n=1)
    result = CliRunner().invoke(
        app,
        ["batch", "prepare", str(source), "-o", str(tmp_path / "r.jsonl"), "--model", "m"]
        + ["--prompt", prompt],
    )
    assert isinstance(result.exception, ConfigError)
    assert "grammar" in str(result.exception)
