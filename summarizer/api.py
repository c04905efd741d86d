"""The library: summarize one abstract or many, with the same settings as the CLI.

Example:
    from summarizer import summarize, summarize_many

    summary = summarize("We propose ImbSAM, ...")          # a PaperSummary
    records = summarize_many(["...", "..."], concurrency=2)  # output records (dicts)

Keyword overrides are settings (``concurrency``, ``timeout``, ``base_url``, ...), checked as
the CLI checks its flags: an unknown name is a TypeError, a bad value a
:class:`~summarizer.errors.UsageError`. The settings are checked before the first abstract
(:meth:`Settings.check`): a hosted endpoint without its API key is one ConfigError, not a
failed record per abstract.
"""

from __future__ import annotations

import asyncio
import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from . import errors
from .errors import SummarizerError, UsageError
from .io.inputs import Paper, make_paper
from .run.pipeline import Pipeline
from .run.runner import run_batch
from .schemas.registry import load_schema
from .settings.config import Settings, redact_url


def _settings(settings: Settings | None, overrides: dict[str, Any]) -> Settings:
    """``settings`` (default: ``Settings()``) with ``overrides``, validated as a whole."""
    if settings is not None and not isinstance(settings, Settings):
        raise TypeError(
            f"settings must be a summarizer.Settings, not {type(settings).__name__}; "
            "pass single settings as keywords (concurrency=2)"
        )
    unknown = sorted(set(overrides) - set(Settings.model_fields))
    if unknown:
        raise TypeError(f"not settings: {'; '.join(_did_you_mean(name) for name in unknown)}")
    base = settings or Settings()
    if not overrides:
        return base
    try:
        return Settings.model_validate({**base.model_dump(), **overrides})
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "settings"
        got = first.get("input")
        if field == "base_url" and isinstance(got, str):
            got = redact_url(got)
        elif isinstance(got, Path):
            got = str(got)
        message = str(first["msg"]).removeprefix("Value error, ")
        raise UsageError(f"{field}={got!r}: {message}") from exc


def _did_you_mean(name: str) -> str:
    close = difflib.get_close_matches(name, list(Settings.model_fields), n=1)
    return f"{name!r} (did you mean {close[0]!r}?)" if close else repr(name)


def _papers(abstracts: Iterable[str | Paper], limit: int) -> list[Paper]:
    if isinstance(abstracts, str | bytes):
        raise TypeError(
            "summarize_many takes a list (or any iterable) of abstracts, not one string; "
            "for one abstract use summarize()"
        )
    try:
        items = list(abstracts)
    except TypeError as exc:
        raise TypeError(
            f"summarize_many takes an iterable of abstracts, not {type(abstracts).__name__}"
        ) from exc
    papers = []
    for i, a in enumerate(items):
        if isinstance(a, Paper):
            papers.append(a)
        elif isinstance(a, str):
            papers.append(make_paper(a, f"item {i + 1}", None, None, limit))
        else:
            raise TypeError(
                f"abstract {i + 1} is a {type(a).__name__}; abstracts are str or summarizer.Paper"
            )
    return papers


async def _run(
    papers: list[Paper], s: Settings, failures: dict[str, BaseException] | None = None
) -> list[dict[str, Any]]:
    s.check()
    records: dict[str, dict[str, Any]] = {}
    # One request per distinct id: the same abstract twice is one paper, summarized once.
    first: dict[str, Paper] = {}
    for paper in papers:
        first.setdefault(paper.id, paper)
    distinct = list(first.values())
    async with Pipeline(s) as pipeline:
        pipeline.failures = failures
        await run_batch(
            pipeline,
            distinct,
            concurrency=s.concurrency,
            on_record=lambda r: records.__setitem__(r["id"], r),
        )
    return [records[p.id] for p in distinct if p.id in records]


async def asummarize_many(
    abstracts: Iterable[str | Paper], settings: Settings | None = None, **overrides: Any
) -> list[dict[str, Any]]:
    """Output records for many abstracts, in input order (one per distinct id).

    A paper that fails has a record whose ``error`` says why; the others go on.

    Args:
        abstracts: The abstracts, as strings or :class:`~summarizer.Paper` objects.
        settings: The settings; ``Settings()`` (the embedded engine) by default.
        **overrides: Settings to change, by name (``concurrency=2``, ``timeout=30``).

    Raises:
        TypeError: ``abstracts`` is a single string or holds something else than
            abstracts, or an override is not a setting.
        UsageError: An override has a bad value.
        ConfigError: The settings cannot work (a hosted endpoint without its key).
    """
    s = _settings(settings, overrides)
    return await _run(_papers(abstracts, s.max_abstract_chars), s)


async def asummarize(
    abstract: str, settings: Settings | None = None, **overrides: Any
) -> BaseModel:
    """The validated, grounded summary of one abstract.

    Args:
        abstract: The abstract's text.
        settings: The settings; ``Settings()`` (the embedded engine) by default.
        **overrides: Settings to change, by name.

    Raises:
        TypeError: ``abstract`` is not a string, or an override is not a setting.
        UsageError: An override has a bad value.
        SummarizerError: The abstract could not be summarized. The error is of its own class
            with its own fields: ``RateLimitError.retry_after``, ``BackendError.original``,
            ``OutputValidationError.attempts``, ``last_raw`` and ``usage``, and so on.
    """
    if not isinstance(abstract, str):
        raise TypeError(
            f"summarize takes the abstract as a str, not {type(abstract).__name__}; "
            "for many abstracts use summarize_many()"
        )
    s = _settings(settings, overrides)
    failures: dict[str, BaseException] = {}
    papers = _papers([abstract], s.max_abstract_chars)
    (record,) = await _run(papers, s, failures)
    if record["error"]:
        raise _error(record, failures.get(papers[0].id))
    return load_schema(s.schema_ref).model.model_validate(record["summary"])


def _error(record: dict[str, Any], exc: BaseException | None) -> SummarizerError:
    """The exception that failed the record: the one raised, else one of the class it names."""
    if isinstance(exc, SummarizerError):
        return exc
    kind, message = record["error"]["type"], record["error"]["message"]
    cls = getattr(errors, kind, None)
    if exc is None and isinstance(cls, type) and issubclass(cls, SummarizerError):
        return cls(message)
    error = SummarizerError(f"{kind}: {message}")
    error.__cause__ = exc
    return error


def summarize(abstract: str, settings: Settings | None = None, **overrides: Any) -> BaseModel:
    """Synchronous :func:`asummarize`."""
    return asyncio.run(asummarize(abstract, settings, **overrides))


def summarize_many(
    abstracts: Iterable[str | Paper], settings: Settings | None = None, **overrides: Any
) -> list[dict[str, Any]]:
    """Synchronous :func:`asummarize_many`."""
    return asyncio.run(asummarize_many(abstracts, settings, **overrides))
