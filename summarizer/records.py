"""The output record: what ``summarize`` returns and writes, one JSON object per abstract.

Records stay plain dicts for their users (``json.dumps`` them, index them by key); these
types say which keys they hold, for the modules that make and read them::

    {"id", "title", "abstract",            # the paper, as read
     "summary": {...} | None,              # the validated summary (None when it failed)
     "error": {"type", "message", ...} | None,
     "meta": {"endpoint", "model", "prompt", ...},
     "spans": {"introduces": [[start, end] | None, ...], "code_url": [start, end] | None, ...}}

A record whose prose never validated but whose other fields did is *partial*: it has a
summary and an error of type ``PartialRecord`` that names the failed fields.
"""

from __future__ import annotations

from typing import Any, Protocol, TypedDict

#: A character span ``[start, end]`` in the abstract; None for an item not found there.
Span = list[int] | None

#: Per verbatim field, the spans of its items (``code_url``: one span, not a list).
Spans = dict[str, Any]

#: The summary fields whose items get a span each, where the schema has them (``results``:
#: the span of each result's ``value``).
SPAN_LISTS = ("introduces", "datasets", "results")
#: The summary fields that get one span, where the schema has them and they are set.
SPAN_ONE = ("code_url",)


class Usage(TypedDict):
    """Tokens the endpoint counted for a record, over every attempt."""

    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class FieldFailure(TypedDict):
    """A field of a partial record that did not validate, and why."""

    field: str
    reason: str


class _RecordErrorRequired(TypedDict):
    type: str
    message: str


class RecordError(_RecordErrorRequired, total=False):
    """Why a record has no summary, or (``PartialRecord``) which of its fields failed."""

    fields: list[FieldFailure]


class Meta(TypedDict, total=False):
    """How a record was made. A record refused before any request (``InputError``) holds
    only ``prompt`` and ``schema``; a cached one holds the meta of the run that made it."""

    endpoint: str
    model: str | None
    prompt: str
    prompt_hash: str
    template_hash: str
    schema: str
    mode: str
    decoding: str  # the embedded engine's decoding options (summarizer.engine.decoding)
    attempts: int
    usage: Usage
    cached: bool
    seconds: float
    dropped: list[Any]
    reasks: list[Any]


class Record(TypedDict):
    """One abstract's output record."""

    id: str
    title: str | None
    abstract: str
    summary: dict[str, Any] | None
    error: RecordError | None
    meta: Meta
    spans: Spans


class _Paper(Protocol):
    id: str
    title: str | None
    abstract: str


def new_record(paper: _Paper) -> Record:
    """The record of ``paper`` before anything is known of its summary."""
    return {
        "id": paper.id,
        "title": paper.title,
        "abstract": paper.abstract,
        "summary": None,
        "error": None,
        "meta": {},
        "spans": {},
    }


def refused_record(paper: _Paper, reason: str, prompt: str, schema: str) -> Record:
    """The record of ``paper`` refused before any request (``InputError``): its meta holds
    only the prompt and schema ids."""
    record = new_record(paper)
    record["error"] = {"type": "InputError", "message": reason}
    record["meta"] = {"prompt": prompt, "schema": schema}
    return record


def error_of(exc: BaseException, unexpected: bool = False) -> RecordError:
    """A record's ``error`` for ``exc``: its class and message, or, for an error no rule of
    ours expects, its message marked as unexpected (and cut at 300 characters)."""
    if not unexpected:
        return {"type": type(exc).__name__, "message": str(exc)}
    return {
        "type": type(exc).__name__,
        "message": f"unexpected error: {str(exc)[:300] or type(exc).__name__}",
    }
