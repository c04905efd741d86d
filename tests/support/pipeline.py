"""One paper through the real pipeline against an endpoint, and the settings for it."""

from __future__ import annotations

import asyncio

from summarizer.io.inputs import make_paper
from summarizer.run.pipeline import Pipeline
from summarizer.settings.config import Settings

from .abstracts import ABSTRACT


def run(settings, abstract=ABSTRACT):
    async def go():
        async with Pipeline(settings) as pipeline:
            return await pipeline.summarize(make_paper(abstract, "test", None, None, 20_000))

    return asyncio.run(go())


def settings_for(server, tmp_path, **extra):
    return Settings(
        base_url=server.base_url,
        model="fake",
        prompt=extra.pop("prompt", "naive-grammar"),
        mode=extra.pop("mode", "json_schema"),
        cache_dir=tmp_path / "c",
        **extra,
    )
