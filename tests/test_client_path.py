"""The client path of one paper: a failure while planning is that paper's record, the error
records are worded in one place, and the benchmark's instructor arm runs.

Over real HTTP against the scripted server (the pipeline) and the bench's fast server (the
instructor arm); nothing here is timed.
"""

from __future__ import annotations

import asyncio

import pytest

import summarizer.run.pipeline as pipeline_module
from bench.client_peers import instructor_run
from bench.run import FastServer
from summarizer.errors import OutputValidationError, PromptError
from summarizer.io.inputs import make_paper
from summarizer.run.pipeline import Pipeline
from summarizer.run.runner import run_batch

from .conftest import SEEDS
from .support.abstracts import ABSTRACT, answer
from .support.fake_openai import FakeOpenAI
from .support.pipeline import settings_for


def _summarize(settings):
    async def go():
        async with Pipeline(settings) as pipeline:
            pipeline.failures = {}
            record = await pipeline.summarize(make_paper(ABSTRACT, "test", None, None, 20_000))
            return record, pipeline.failures

    return asyncio.run(go())


@pytest.mark.parametrize(
    ("error", "wording"),
    [
        (
            OutputValidationError("a strategy refused this abstract"),
            "a strategy refused this abstract",
        ),
        (PromptError("prompt x failed to render: too long"), "prompt x failed to render: too long"),
        (RuntimeError("a rule broke"), "unexpected error: a rule broke"),
    ],
    ids=["validation-error", "prompt-error", "unexpected"],
)
def test_a_failure_while_planning_is_the_papers_record_and_sends_nothing(
    tmp_path, monkeypatch, error, wording
):
    def plan(*args, **kwargs):
        raise error

    monkeypatch.setattr(pipeline_module, "plan", plan)
    with FakeOpenAI(default=answer()) as server:
        record, failures = _summarize(settings_for(server, tmp_path))
    assert server.requests == []
    assert record["summary"] is None
    assert record["error"] == {"type": type(error).__name__, "message": wording}
    assert (record["meta"]["attempts"], record["meta"]["reasks"]) == (0, [])
    assert record["meta"]["dropped"] == []
    assert failures[record["id"]] is error


def test_a_summary_the_rules_make_invalid_is_an_output_validation_error(tmp_path, monkeypatch):
    real_plan = pipeline_module.plan

    def plan(*args, **kwargs):
        planned = real_plan(*args, **kwargs)
        planned.decided = {**(planned.decided or {}), "contribution_types": []}
        return planned

    monkeypatch.setattr(pipeline_module, "plan", plan)
    prose = {k: v for k, v in answer().items() if k in ("tldr", "problem")}
    with FakeOpenAI(default=prose) as server:
        record, _ = _summarize(settings_for(server, tmp_path, prompt="default"))
    assert len(server.requests) == 1
    assert record["summary"] is None
    assert record["error"]["type"] == "OutputValidationError"
    assert record["error"]["message"].startswith("the assembled summary is invalid: ")


def test_auto_mode_probes_the_endpoint_once_for_all_the_items_in_flight(tmp_path):
    def respond(body):
        if "Is the sky blue?" in body["messages"][-1]["content"]:
            return {"answer": "yes"}
        return answer()

    papers = [make_paper(f"{ABSTRACT} Variant {i}.", "test", None, None, 20_000) for i in range(6)]
    records = []

    async def go():
        async with Pipeline(settings_for(server, tmp_path, mode="auto")) as pipeline:
            await run_batch(pipeline, papers, concurrency=6, on_record=records.append)

    with FakeOpenAI(respond=respond) as server:
        asyncio.run(go())
    probes = [r for r in server.requests if "Is the sky blue?" in r["messages"][-1]["content"]]
    assert len(probes) == 1
    assert len(server.requests) == 1 + len(papers)
    assert [(r["error"], r["meta"]["mode"]) for r in records] == [(None, "json_schema")] * 6


@pytest.mark.parametrize("kind", ["summary", "answer"])
def test_the_instructor_arm_validates_every_answer_of_the_fast_server(kind: str):
    with FastServer() as server:
        result = asyncio.run(instructor_run(server.base_url, 30, 8, str(SEEDS / "*.txt"), kind))
    assert (result["items"], result["valid"], result["invalid"]) == (30, 30, 0)
    assert result["cpu_ms_per_item"] > 0
