"""One paper through the real pipeline against an endpoint, and the settings for it; one
embedded run whose engine never starts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from summarizer.backends import connection
from summarizer.errors import BackendError
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


class _NoEngine:
    """Stands in for the private engine: starting it fails at once with a marker message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def start(self) -> None:
        raise BackendError("private engine started")

    def stop(self) -> None:
        pass


def embedded_run(cache: Path, abstract: str = ABSTRACT) -> dict[str, Any]:
    """The record of one embedded run (no endpoint) on ``cache``: served by the engine that
    ``cache/engine.json`` names, or failed with "private engine started" where the run would
    start one of its own."""
    real = connection.LocalEngine
    connection.LocalEngine = _NoEngine  # type: ignore[misc,assignment]
    try:
        return run(Settings(cache_dir=cache, prompt="naive-grammar"), abstract)
    finally:
        connection.LocalEngine = real  # type: ignore[misc]
