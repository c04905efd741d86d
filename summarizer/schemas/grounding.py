"""Finding verbatim items in the abstract they claim to come from.

The annotation guide's normalization for grounding: case, runs of whitespace,
hyphen versus space, and LaTeX ``\\%`` versus ``%`` do not matter. A match must also
sit on token boundaries, so that ``5%`` is not "found" inside ``45%`` and ``SAM``
is not found inside ``ImbSAM`` alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from ..text import unspaced

Span = tuple[int, int]

_DASHES = "-\u2010\u2011\u2012\u2013\u2212"
_BREAKS = re.compile(r"[\s" + re.escape(_DASHES) + r"]+")
_WORDS = re.compile(r"[^\s" + re.escape(_DASHES) + r"]+")


def _fold(text: str) -> tuple[str, list[int]]:
    """Return the normalized text and, for each of its characters, the source index."""
    lowered = text.lower()
    if "\\%" in text or "\u03a3" in text or len(lowered) != len(text):
        return _fold_by_character(text)
    # Every character maps to itself; the breaks between two words become one space at the
    # first character of the run, and there are none at either end.
    parts: list[str] = []
    where: list[int] = []
    last_end = 0
    for word in _WORDS.finditer(lowered):
        start, end = word.span()
        if parts:
            parts.append(" ")
            where.append(last_end)
        parts.append(lowered[start:end])
        where.extend(range(start, end))
        last_end = end
    return "".join(parts), where


def _fold_by_character(text: str) -> tuple[str, list[int]]:
    out: list[str] = []
    where: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n and text[i + 1] == "%":
            i += 1
            ch = "%"
        if ch.isspace() or ch in _DASHES:
            if out and out[-1] != " ":
                out.append(" ")
                where.append(i)
            i += 1
            continue
        for low in ch.lower():
            out.append(low)
            where.append(i)
        i += 1
    while out and out[-1] == " ":
        out.pop()
        where.pop()
    return "".join(out), where


@lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    """The grounding normal form of ``text`` (what ``_fold`` gives, without the index map)."""
    text = text.replace("\\%", "%")
    # Lower-cased character by character, as _fold does (str.lower() treats a final sigma
    # differently).
    text = "".join(ch.lower() for ch in text) if "\u03a3" in text else text.lower()
    return _BREAKS.sub(" ", text).strip()


@lru_cache(maxsize=256)
def _folded(abstract: str) -> tuple[str, tuple[int, ...] | None]:
    """What ``_fold`` gives; the index map is None where every position holds (no break
    of more than one character, none at either end: the usual abstract)."""
    if "\\%" not in abstract and "\u03a3" not in abstract:
        lowered = abstract.lower()
        if len(lowered) == len(abstract):
            norm = " ".join(_WORDS.findall(lowered))
            if len(norm) == len(abstract):
                return norm, None
    norm, where = _fold(abstract)
    return norm, tuple(where)


def find_span(item: str, abstract: str) -> Span | None:
    """Where ``item`` occurs in ``abstract`` (character offsets into ``abstract``), or None.

    An occurrence, in the normal form, that is a whole token: an item that starts (ends)
    with a letter or digit does not continue a word or number of the abstract ("8" is not
    in "4.8", nor "113" in "1,113", nor "4.8" in "4.85"), but a sentence-ending full stop
    after a number is fine. Of those, the first that is a whole name: "Droplet3D" in
    "Droplet3D-4M ... train Droplet3D" is the second mention, since the first is the start
    of a longer name; the first occurrence when every one is part of a longer name. An item
    that opens with a dash ("-33.33%") is found with the dash the abstract writes before it,
    so that a value keeps its sign; without one, as the rest of the item (the dash read as a
    space).
    """
    needle = normalize(item)
    if not needle:
        return None
    hay, where = _folded(abstract)
    first, last = needle[0], needle[-1]
    spans: Iterable[Span] = _token_spans(hay, where, needle)
    if item.lstrip()[:1] in _DASHES:  # "-33.33%": the normal form reads the sign as a space
        spans = list(spans)
        for start, end in spans:
            if _sign_before(abstract, start) and not _joined(abstract, (start - 1, end), "-", last):
                return (start - 1, end)
    fallback: Span | None = None
    for span in spans:
        if not _joined(abstract, span, first, last):
            return span
        if fallback is None:
            fallback = span
    return fallback


def _token_spans(hay: str, where: tuple[int, ...] | None, needle: str) -> Iterator[Span]:
    """Each occurrence of ``needle`` in the normal form ``hay`` that sits on token
    boundaries, in order, as a span of the abstract (``where`` maps positions back)."""
    first, last = needle[0], needle[-1]
    at = hay.find(needle)
    while at >= 0:
        end = at + len(needle)
        if _clear_before(hay, at, first) and _clear_after(hay, end, last):
            yield (at, end) if where is None else (where[at], where[end - 1] + 1)
        at = hay.find(needle, at + 1)


_ASCII_ALNUM = frozenset("0123456789abcdefghijklmnopqrstuvwxyz")
_DIGITS = frozenset("0123456789")


def _clear_before(hay: str, at: int, first: str) -> bool:
    if first.isalnum() and at > 0 and hay[at - 1] in _ASCII_ALNUM:
        return False
    if first.isdigit() and at > 1 and hay[at - 1] in ".," and hay[at - 2] in _DIGITS:
        return False
    return True


def _clear_after(hay: str, end: int, last: str) -> bool:
    if not last.isalnum() or end >= len(hay):
        return True
    if hay[end] in _ASCII_ALNUM:
        return False
    return not (last.isdigit() and hay[end] in ".," and hay[end + 1 : end + 2] in _DIGITS)


# Hyphens that join two parts of one name ("Droplet3D-4M"); a dash between spaces, or an
# en dash of a range, does not.
_JOINERS = "-\u2010\u2011"


def _is_word(ch: str) -> bool:
    # A Han or kana letter touching a name is the next word, not more of the name.
    return (ch.isalnum() or ch == "_") and not unspaced(ch)


def _sign_before(abstract: str, start: int) -> bool:
    """True when a dash right before ``start`` is a sign: not after a word or a number
    ("ResNet-3", "10-20%"), where it joins or makes a range, nor after LaTeX's "$" or "}"
    ("$top$-1")."""
    if start < 1 or abstract[start - 1] not in _DASHES:
        return False
    return start < 2 or not (_is_word(abstract[start - 2]) or abstract[start - 2] in "$}")


def _joined(abstract: str, span: Span, first: str, last: str) -> bool:
    """True when the match at ``span`` is part of a longer name: a word character, or a
    hyphen and a word character, continues it in the abstract on either side."""
    start, end = span
    after = abstract[end : end + 2]
    if (
        last.isalnum()
        and after
        and (
            _is_word(after[0]) or (after[0] in _JOINERS and len(after) == 2 and _is_word(after[1]))
        )
    ):
        return True
    before = abstract[max(start - 2, 0) : start]
    return bool(
        first.isalnum()
        and before
        and (
            _is_word(before[-1])
            or (before[-1] in _JOINERS and len(before) == 2 and _is_word(before[0]))
        )
    )


def is_grounded(item: str, abstract: str) -> bool:
    """True when ``item`` occurs in ``abstract`` under the guide's normalization."""
    return find_span(item, abstract) is not None
