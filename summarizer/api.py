"""The library: summarize one abstract or many, with the same settings as the CLI.

Example:
    from summarizer import summarize, summarize_many

    record = summarize("We propose ImbSAM, ...")            # a Record
    print(record.summary.tldr, record.spans["introduces"])
    records = summarize_many(["...", "..."], concurrency=2)  # a Record per distinct id

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

from pydantic import ValidationError

from .errors import InputError, SummarizerError, UsageError
from .io.inputs import Paper, make_paper
from .result import Record
from .run.pipeline import Pipeline
from .run.runner import run_batch
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


async def _run(papers: list[Paper], s: Settings) -> list[Record]:
    s.check()
    records: dict[str, dict[str, Any]] = {}
    failures: dict[str, BaseException] = {}
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
        model = pipeline.schema.model
    return [
        Record.from_dict(records[p.id], model, failures.get(p.id))
        for p in distinct
        if p.id in records
    ]


async def asummarize_many(
    abstracts: Iterable[str | Paper], settings: Settings | None = None, **overrides: Any
) -> list[Record]:
    """One :class:`~summarizer.Record` per distinct abstract, in input order.

    The same abstract twice (the same id) is one paper, summarized once and returned once.
    A paper that fails has a record whose ``error`` says why (and whose ``exception`` is the
    error raised); the others go on.

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


async def asummarize(abstract: str, settings: Settings | None = None, **overrides: Any) -> Record:
    """The :class:`~summarizer.Record` of one abstract, whose summary validated.

    One straight call: the abstract is planned, asked, validated and grounded once, with no
    batch runner around it, and the error that failed it is raised as itself.

    Args:
        abstract: The abstract's text.
        settings: The settings; ``Settings()`` (the embedded engine) by default.
        **overrides: Settings to change, by name.

    Raises:
        TypeError: ``abstract`` is not a string, or an override is not a setting.
        UsageError: An override has a bad value.
        SummarizerError: The abstract could not be summarized, a partial record included
            (``OutputValidationError``). The error is of its own class with its own fields:
            ``RateLimitError.retry_after``, ``BackendError.original``,
            ``OutputValidationError.attempts``, ``last_raw`` and ``usage``, and so on; an
            abstract refused before any request is an ``InputError``.
    """
    if not isinstance(abstract, str):
        raise TypeError(
            f"summarize takes the abstract as a str, not {type(abstract).__name__}; "
            "for many abstracts use summarize_many()"
        )
    s = _settings(settings, overrides)
    s.check()
    (paper,) = _papers([abstract], s.max_abstract_chars)
    failures: dict[str, BaseException] = {}
    async with Pipeline(s) as pipeline:
        pipeline.failures = failures
        data = await pipeline.summarize(paper)
        model = pipeline.schema.model
    if data["error"]:
        raise _error(data["error"], failures.get(paper.id))
    return Record.from_dict(data, model)


def _error(error: dict[str, Any], exc: BaseException | None) -> SummarizerError:
    """The exception that failed a record: the one raised, as itself; an input refused
    before any request (no exception) is an :class:`~summarizer.errors.InputError`."""
    if isinstance(exc, SummarizerError):
        return exc
    if exc is None:
        return InputError(error["message"])
    wrapped = SummarizerError(f"{error['type']}: {error['message']}")
    wrapped.__cause__ = exc
    return wrapped


def summarize(abstract: str, settings: Settings | None = None, **overrides: Any) -> Record:
    """Synchronous :func:`asummarize`."""
    return asyncio.run(asummarize(abstract, settings, **overrides))


def summarize_many(
    abstracts: Iterable[str | Paper], settings: Settings | None = None, **overrides: Any
) -> list[Record]:
    """Synchronous :func:`asummarize_many`."""
    return asyncio.run(asummarize_many(abstracts, settings, **overrides))
