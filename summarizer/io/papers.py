"""One abstract to summarize, and the checks that refuse it before any request: too long
(over the limit of characters) or too short (fewer than ``MIN_ABSTRACT_WORDS`` words)."""

from __future__ import annotations

from dataclasses import dataclass

from ..text import paper_id, valid_text, word_count

MAX_ABSTRACT_CHARS = 20_000
MIN_ABSTRACT_WORDS = 3  # "We propose X." is the shortest thing worth a request
#: A refused abstract's record keeps this much of it (and its length in the message).
KEPT_CHARS = 1_000


@dataclass(frozen=True)
class Paper:
    """One abstract to summarize."""

    id: str
    abstract: str
    title: str | None = None
    source: str | None = None
    problem: str | None = None


def make_paper(
    abstract: str,
    source: str,
    id_: object,
    title: object,
    limit: int,
    *,
    problem: str | None = None,
) -> Paper:
    """A paper from one abstract; one over ``limit`` characters, or of fewer than
    ``MIN_ABSTRACT_WORDS`` words (as :func:`~summarizer.text.word_count` counts them, so
    that Chinese or Japanese written without spaces is more than one word), carries a
    ``problem`` and is not sent to the model.

    Text UTF-8 cannot encode (a lone surrogate from JSON) is made valid first, so that the
    paper's record can be written. A refused over-long abstract keeps only its first
    ``KEPT_CHARS`` characters: its record need not carry megabytes that were never sent.
    A ``problem`` given by the reader (a broken CSV row) wins over both checks.
    """
    abstract = valid_text(abstract.strip())
    # The id comes from the whole abstract, so a rerun finds the same id.
    id_text = valid_text(str(id_), escape=True) if id_ not in (None, "") else paper_id(abstract)
    if problem is None and len(abstract) > limit:
        return too_long(abstract[:KEPT_CHARS], len(abstract), id_text, source, limit, title)
    if problem is None and (words := word_count(abstract)) < MIN_ABSTRACT_WORDS:
        problem = (
            f"abstract has {words} word{'s' if words != 1 else ''}, too short to summarize "
            f"(at least {MIN_ABSTRACT_WORDS}); not sent to the model"
        )
    return Paper(
        id=id_text,
        abstract=abstract,
        title=_title(title),
        source=valid_text(source, escape=True),
        problem=problem,
    )


def too_long(
    kept: str, length: int, id_: str, source: str, limit: int, title: object = None
) -> Paper:
    """The refused paper of an abstract of ``length`` characters, over ``limit``, whose
    first ``KEPT_CHARS`` are ``kept``: a reader that never held the whole abstract makes it
    from those (``id_`` is the abstract's own, given or from the whole text)."""
    return Paper(
        id=id_,
        abstract=kept[:KEPT_CHARS] + "\u2026",
        title=_title(title),
        source=valid_text(source, escape=True),
        problem=(
            f"abstract is {length:,} characters, over the limit of {limit:,}; "
            f"not sent to the model (the record keeps its first {KEPT_CHARS:,})"
        ),
    )


def _title(title: object) -> str | None:
    return (valid_text(str(title).strip()) or None) if title is not None else None
