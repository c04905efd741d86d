"""One abstract to summarize, and the checks that refuse it before any request: too long
(over the limit of characters) or too short: fewer than ``MIN_ABSTRACT_WORDS`` words, or
too thin, a single sentence of fewer than ``MIN_ONE_SENTENCE_WORDS`` words.

An abstract states the problem a paper addresses and what it contributes (the annotation
guide's ``problem`` and ``tldr``). Two sentences can do that; one short sentence ("We
propose FooNet for things.") cannot, and a model asked to summarize it invents the rest.
Real abstracts are far above the bound: none of the 221 seed abstracts (74 words at the
shortest) or the 2,611 SciTLDR train and dev abstracts (30 words at the shortest, 33 for
one of a single sentence) is refused; tests/test_thin_input.py counts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..text import paper_id, sentences, valid_text, word_count

MAX_ABSTRACT_CHARS = 20_000
MIN_ABSTRACT_WORDS = 3
MIN_ONE_SENTENCE_WORDS = 25
# Chinese and Japanese end a sentence with a full-width stop (perhaps then a closing
# bracket or quote) and no space, which the splitter of ``sentences`` does not see.
_FULL_WIDTH_END = re.compile(r"[\u3002\uff01\uff1f]+[\u300d\u300f\uff09]*(?=\S)")
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
    """A paper from one abstract; one over ``limit`` characters, or too short to summarize
    (:func:`too_short`), carries a ``problem`` and is not sent to the model.

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
    if problem is None:
        problem = too_short(abstract)
    return Paper(
        id=id_text,
        abstract=abstract,
        title=_title(title),
        source=valid_text(source, escape=True),
        problem=problem,
    )


def too_short(abstract: str) -> str | None:
    """Why ``abstract`` is too short to summarize, or None when it is not.

    Words are counted as :func:`~summarizer.text.word_count` counts them, so that Chinese or
    Japanese written without spaces is more than one word. An abstract is refused when it
    has fewer than ``MIN_ABSTRACT_WORDS`` words, or when it is a single sentence of fewer
    than ``MIN_ONE_SENTENCE_WORDS``: too little to say both a problem and a contribution.
    """
    words = word_count(abstract)
    if words < MIN_ABSTRACT_WORDS:
        return (
            f"abstract has {words} word{'s' if words != 1 else ''}, too short to summarize "
            f"(at least {MIN_ABSTRACT_WORDS}); not sent to the model"
        )
    if words < MIN_ONE_SENTENCE_WORDS and sentence_count(abstract) < 2:
        return (
            f"abstract is a single sentence of {words} words, too short to summarize: an "
            "abstract states the problem and the contribution (give at least 2 sentences, or "
            f"{MIN_ONE_SENTENCE_WORDS} words); not sent to the model"
        )
    return None


def sentence_count(text: str) -> int:
    """How many sentences ``text`` has: :func:`~summarizer.text.sentences`, each further
    split after a full-width stop (Chinese, Japanese)."""
    return sum(1 + len(_FULL_WIDTH_END.findall(s)) for s in sentences(text))


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
