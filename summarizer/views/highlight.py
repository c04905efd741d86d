"""The one span highlighter: a record's ``spans`` as marks over its abstract.

A record's ``spans`` (see :mod:`summarizer.records`) hold, per verbatim field, the
``[start, end]`` of each item in the abstract (``code_url``: one span, not a list; None
for an item not found). They come from a file, so each is checked here before it marks
anything: two integers, inside the abstract, start before end. The digest, the eval
report and ``show`` take their marks from :func:`marks` and cut the abstract with
:func:`pieces` or :func:`html`, each piece on its own, so an escape that lengthens the
text cannot shift a highlight.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

#: A mark: ``(start, end, label)`` over the abstract.
Mark = tuple[int, int, str]


def valid_span(span: Any, length: int) -> tuple[int, int] | None:
    """``span`` as ``(start, end)`` if it is a span inside a text of ``length``, else None."""
    if not (isinstance(span, list | tuple) and len(span) == 2):
        return None
    start, end = span
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (start, end)):
        return None
    return (start, end) if 0 <= start < end <= length else None


def field_spans(spans: Any, field: str) -> list[Any]:
    """The raw spans a record holds for ``field`` (``code_url`` holds one, not a list)."""
    if not isinstance(spans, Mapping):
        return []
    found = spans.get(field)
    if field == "code_url":
        return [found]
    if not isinstance(found, list):
        return []
    # One span where a list of them belongs (an older record's shape): the span itself.
    return [found] if found and isinstance(found[0], int) else found


def marks(spans: Any, abstract: str, labels: Mapping[str, str]) -> list[Mark]:
    """Every valid span of the fields in ``labels``, labelled as ``labels`` says, in the
    order of ``labels`` and then of the items."""
    out: list[Mark] = []
    for field, label in labels.items():
        for span in field_spans(spans, field):
            found = valid_span(span, len(abstract))
            if found is not None:
                out.append((*found, label))
    return out


def first_wins(candidates: Iterable[Mark]) -> list[Mark]:
    """The marks that overlap none before them, sorted by position."""
    chosen: list[Mark] = []
    for start, end, label in candidates:
        if all(end <= s or start >= e for s, e, _ in chosen):
            chosen.append((start, end, label))
    return sorted(chosen)


def clipped(candidates: Iterable[Mark]) -> list[Mark]:
    """The marks by position (the longer first where two start together), each cut to
    begin where the one before it ended; one left empty goes."""
    out: list[Mark] = []
    cursor = 0
    for start, end, label in sorted(candidates, key=lambda m: (m[0], -m[1])):
        start = max(start, cursor)
        if start < end:
            out.append((start, end, label))
            cursor = end
    return out


def pieces(abstract: str, found: Iterable[Mark]) -> list[tuple[int, int, tuple[str, ...]]]:
    """The abstract cut at every mark's edges: ``(start, end, labels over it)`` in order."""
    found = list(found)
    edges = sorted({0, len(abstract), *(e for s, t, _ in found for e in (s, t))})
    return [
        (start, end, tuple(label for s, t, label in found if s <= start and end <= t))
        for start, end in zip(edges, edges[1:], strict=False)
    ]


def html(abstract: str, found: Iterable[Mark], *, titled: bool = False) -> str:
    """The abstract as HTML with ``<mark class="LABEL">`` around non-overlapping marks;
    every piece escaped on its own. ``titled`` also gives each mark the label as its title."""
    parts, pos = [], 0
    for start, end, label in found:
        title = f' title="{escape(label)}"' if titled else ""
        parts.append(escape(abstract[pos:start]))
        parts.append(f'<mark class="{escape(label)}"{title}>{escape(abstract[start:end])}</mark>')
        pos = end
    parts.append(escape(abstract[pos:]))
    return "".join(parts)
