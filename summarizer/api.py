"""The library: summarize one abstract or many, with the same settings as the CLI.

Example:
    from summarizer import summarize, summarize_many

    summary = summarize("We propose ImbSAM, ...")          # a PaperSummary
    records = summarize_many(["...", "..."], concurrency=2)  # output records (dicts)
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from .config import Settings
from .errors import OutputValidationError, SummarizerError
from .inputs import Paper, make_paper
from .pipeline import Pipeline
from .runner import run_batch
from .schemas import load_schema


def _settings(settings: Settings | None, overrides: dict[str, Any]) -> Settings:
    base = settings or Settings()
    return base.model_copy(update=overrides) if overrides else base


def _papers(abstracts: Iterable[str | Paper], limit: int) -> list[Paper]:
    return [
        a if isinstance(a, Paper) else make_paper(a, f"item {i + 1}", None, None, limit)
        for i, a in enumerate(abstracts)
    ]


async def asummarize_many(
    abstracts: Iterable[str | Paper], settings: Settings | None = None, **overrides: Any
) -> list[dict[str, Any]]:
    """Output records for many abstracts, in input order (one per distinct id)."""
    s = _settings(settings, overrides)
    papers = _papers(abstracts, s.max_abstract_chars)
    records: dict[str, dict[str, Any]] = {}
    async with Pipeline(s) as pipeline:
        await run_batch(
            pipeline,
            papers,
            concurrency=s.concurrency,
            on_record=lambda r: records.__setitem__(r["id"], r),
        )
    return [records[p.id] for p in dict.fromkeys(papers) if p.id in records]


async def asummarize(
    abstract: str, settings: Settings | None = None, **overrides: Any
) -> BaseModel:
    """The validated, grounded summary of one abstract.

    Raises:
        SummarizerError: the abstract could not be summarized (the message says why).
    """
    s = _settings(settings, overrides)
    (record,) = await asummarize_many([abstract], s)
    if record["error"]:
        error = record["error"]
        if error["type"] == "OutputValidationError":
            raise OutputValidationError(error["message"])
        raise SummarizerError(f"{error['type']}: {error['message']}")
    return load_schema(s.schema_ref).model.model_validate(record["summary"])


def summarize(abstract: str, settings: Settings | None = None, **overrides: Any) -> BaseModel:
    """Synchronous :func:`asummarize`."""
    return asyncio.run(asummarize(abstract, settings, **overrides))


def summarize_many(
    abstracts: Iterable[str | Paper], settings: Settings | None = None, **overrides: Any
) -> list[dict[str, Any]]:
    """Synchronous :func:`asummarize_many`."""
    return asyncio.run(asummarize_many(abstracts, settings, **overrides))
