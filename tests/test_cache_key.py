"""The cache key is known before planning: a cached rerun plans nothing, code changes miss."""

from __future__ import annotations

import asyncio

import pytest

from summarizer import pipeline as pipeline_module
from summarizer.inputs import make_paper
from summarizer.pipeline import Pipeline

from .fake_openai import FakeOpenAI
from .test_pipeline import ABSTRACT, answer, run, settings_for


def test_cached_rerun_does_not_plan(tmp_path, monkeypatch):
    reply = {
        "tldr": "We show a class-aware optimizer helps tail classes.",
        "problem": "Tail classes are recognized poorly.",
        "keywords": ["class imbalance", "tail classes", "optimizer"],
    }
    with FakeOpenAI(default=reply) as server:
        settings = settings_for(server, tmp_path, prompt="default", mode="json_object_schema")
        first = run(settings)

        def no_plan(*args, **kwargs):
            raise AssertionError("a cache hit must not plan")

        monkeypatch.setattr(pipeline_module, "plan", no_plan)
        second = run(settings)
    assert first["error"] is None
    assert second["meta"]["cached"] is True
    assert second["summary"] == first["summary"]
    assert second["meta"]["prompt_hash"] == first["meta"]["prompt_hash"]
    assert len(server.requests) == 1


def run_titled(settings, title):
    async def go():
        async with Pipeline(settings) as pipeline:
            return await pipeline.summarize(make_paper(ABSTRACT, "test", None, title, 20_000))

    return asyncio.run(go())


@pytest.mark.parametrize("change", ["code", "title"])
def test_a_code_or_title_change_misses_the_cache(tmp_path, monkeypatch, change):
    with FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path)
        run(settings)
        if change == "code":
            monkeypatch.setattr(pipeline_module, "code_hash", lambda: "changed")
            run(settings)
        else:
            run_titled(settings, "A title")
    assert len(server.requests) == 2
