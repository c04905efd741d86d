"""Numbers that are part of something else, not results: a year, a version after a
product's name ("Gemini 2.0", "KITTI 2015"), a metric's threshold ("mAP@0.5:0.95")."""

from __future__ import annotations

import re

from .metrics import METRIC_NAMES
from .wordlists import alternation, words

__all__ = ["AT_BEFORE", "VERSION_NUMBER", "YEAR", "after_product_name", "is_year"]

YEAR = re.compile(r"^(19|20)\d\d$")
# Before the second number of a metric's thresholds: "mAP@0.5:0.95".
AT_BEFORE = re.compile(r"\w@[\d.]+:$")
_YEAR_AFTER = re.compile(r"\b(?:" + alternation("year_lead_words") + r")\s+$")


def is_year(abstract: str, start: int, end: int) -> bool:
    """A 19xx/20xx number is a year after "in", "since", ... or before punctuation; else a count."""
    before = abstract[max(0, start - 16) : start].lower()
    after = abstract[end : end + 2]
    return bool(
        _YEAR_AFTER.search(before)
        or re.search(r"\b(19|20)\d\d\s*(and|or|to|-|\u2013)\s*$", before)
        or abstract[start - 1 : start] == "("
        or re.match(r"\s*[),.;:]|$", after)
    )


# A version or an edition right after a name: "Gemini 2.0", "KITTI 2015", "Atari 2600".
VERSION_NUMBER = re.compile(r"\d(?:\.\d)?|\d{2,4}")
_NAME_BEFORE = re.compile(r"(?<![\w.])([A-Z][\w\-\u00b7]*|[A-Za-z]+[A-Z][\w\-]*) $")
# Metric names ("F1 90.2") and capitalized words ("Only 2") before a number: no version.
_NOT_NAMES = frozenset(words("version_not_names"))


def after_product_name(abstract: str, start: int) -> bool:
    """True when a name stands right before the number: "Gemini 2.0", "Table 3"."""
    match = _NAME_BEFORE.search(abstract, max(0, start - 40), start)
    if match is None:
        return False
    word = match.group(1)
    if (
        word.istitle()
        and word.isalpha()
        and _SENTENCE_START.search(abstract, max(0, match.start(1) - 3), match.start(1))
    ):
        return False  # "Then 100 data ...": a capitalized first word, not a name
    return word not in METRIC_NAMES and word not in _NOT_NAMES


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
