"""Metrics defined with a short form: "an Inception Score (IS) of 166.3", "and Frechet
Inception Distance (FID) of 9.6". Right before a value, the long form is what is measured:
the words before the parenthesis are its long form when their first letters spell the short
form, and it names a metric (a metric's name or noun ends it, or the short form is one).
Anywhere, such a short form is a metric's, never a subject.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from .analysis import Abbreviation
from .metrics import HEDGE, ends_in_metric, is_metric_name
from .number import Number

__all__ = ["defined_metric", "metric_short_forms", "short_forms_beside"]

# Last words of a long form that may name a method as well as a measure: "Long Short-Term
# Memory (LSTM)", "... with Verifiable Rewards (RLVR)".
_ALSO_METHODS = frozenset("memory reward rewards return returns energy cost".split())


def metric_short_forms(abbreviations: Iterable[Abbreviation]) -> set[str]:
    """The short forms the abstract defines for a metric: "IS" of "Inception Score (IS)",
    which are what is measured, never whom a value belongs to."""
    return {
        a.short
        for a in abbreviations
        if is_metric_name(a.short)
        or (ends_in_metric(a.long) and a.long.split()[-1].lower() not in _ALSO_METHODS)
    }


_DEFINED_OF = re.compile(
    r"((?:[A-Za-z][\w\-]*\s+){0,5}[A-Za-z][\w\-]*)\s*\(\s*([A-Za-z][\w\-]{0,11})\s*\)\s+"
    r"(?:of|=|:)\s+" + HEDGE
)


def defined_metric(before: str) -> str | None:
    """The long form of a metric defined right before the number, whose words ``before``
    are: "... Frechet Inception Distance (FID) of " gives "Frechet Inception Distance"."""
    found = _DEFINED_OF.search(before)
    if found is None:
        return None
    words, short = found.group(1).split(), found.group(2)
    initials = [c for c in short if c.isalpha()]  # one per word: "mAP", "mIoU", "FID"
    count = len(initials)
    if not 2 <= count <= len(words):
        return None
    long = words[-count:]
    if any(w[0].lower() != c.lower() for w, c in zip(long, initials, strict=True)):
        return None
    phrase = " ".join(long)
    return phrase if is_metric_name(short) or ends_in_metric(phrase) else None


def short_forms_beside(abstract: str, numbers: list[Number], shorts: set[str]) -> list[Number]:
    """``numbers`` with the metric short form (of :func:`metric_short_forms`) written right
    before a value left without a metric ("RCA 0.27", "DDS = -53", "|DDS| up to 87pp") or
    right after it ("0.9 CCS") as its metric."""
    return [
        replace(n, metric=_short_beside(abstract, n.start, n.end, shorts))
        if n.metric is None
        else n
        for n in numbers
    ]


def _short_beside(abstract: str, start: int, end: int, shorts: set[str]) -> str | None:
    before = abstract[max(0, start - 30) : start]
    after = abstract[end : end + 30]
    for short in sorted(shorts):
        name = re.escape(short)
        if re.search(r"(?<![\w\-])\|?" + name + r"\|?\s*(?:[=:~\u2248]\s*|up\s+to\s+)?$", before):
            return short
        if re.match(r"\s*" + name + r"(?![\w\-])", after):
            return short
    return None
