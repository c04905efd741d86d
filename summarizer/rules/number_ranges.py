"""The values of one range or change: "from 9.3% to 15.8%", "3.3% - 8.5%".

The two values of a change ("accuracy rises from 9.3% to 15.8%") and the two ends of a range
("improves mIoU by 3.3% - 8.5%") measure one thing: where the rules before found the metric
of one of them only, the other takes it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .number import Number
from .number_lists import FROM_BEFORE, unit_of

__all__ = ["from_to_share_the_metric", "range_ends_share_the_metric"]


# Between the value before a change and the value after it, past an aside or a hedge: "from
# 9.3% (SFT-only baseline) to 15.8%", "from 80.0% to near 0.0%".
_FROM_TO_GAP = re.compile(
    r"\s*(?:\([^()]{0,60}\)\s*)?\s+to\s+"
    r"(?:(?:near|nearly|about|around|approximately|only|just|over|under|below|above)\s+)?"
)

# "ranging from", "varies from": the two ends of a range, not a change
_RANGING = re.compile(r"\b(?:rang|var)(?:e|es|ed|ing|y|ies|ied)\s+from\s+$", re.IGNORECASE)


def from_to_share_the_metric(abstract: str, numbers: list[Number]) -> list[Number]:
    """The values before and after one change ("accuracy rises from 9.3% to 15.8%") measure
    one thing: each takes the metric the other has when it has none. Both are values, not
    changes: the change is their difference."""
    out = list(numbers)
    last: Number | None = None  # the value after the last change, in the same sentence
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        if not FROM_BEFORE.search(abstract, max(0, a.start - 6), a.start):
            continue
        if _RANGING.search(abstract, max(0, a.start - 20), a.start):
            continue  # "gains ranging from -1.4% to 2.9%": a range, listed as one
        if not _FROM_TO_GAP.fullmatch(abstract, a.end, b.start):
            continue
        metric = a.metric or b.metric
        if (
            metric is None
            and last is not None
            and _NEXT_CHANGE.fullmatch(abstract, last.end, a.start)
        ):
            metric = last.metric  # "accuracy from 98.1% to 98.5% on A and from 98.9% to 99.3% on B"
        out[i - 1] = replace(a, metric=a.metric or metric, kind=_value_kind(a))
        out[i] = last = replace(b, metric=b.metric or metric, kind=_value_kind(b))
    return out


# Between one change and the next of the same quantity: "... to 98.5% on the one-shot task and
# from", ", and from".
_NEXT_CHANGE = re.compile(
    r"(?:\s+(?:on|in|for|at|with)\s+(?:(?!\.\s)[^,;()%]){1,60}?)?\s*,?\s+(?:and\s+)?from\s+"
)


def _value_kind(number: Number) -> str:
    """``absolute``, unless a sign says the number is a change: "from +2.1 to +4.3"."""
    return "improvement" if number.value.startswith("+") else "absolute"


# Between the two ends of a range, spaces around its dash allowed: "3.3% - 8.5%", "6.79-7.60
# mm", "20 to 30 Hz", "30--40 percentage points".
_RANGE_ENDS_GAP = re.compile(r"\s*(?:-{1,2}|\u2013|\u2014)\s*|\s+to\s+")


def range_ends_share_the_metric(abstract: str, numbers: list[Number]) -> list[Number]:
    """The two ends of a range measure one thing: when the rules above found what one end
    measures and not the other's ("gains of 4.40%-7.20%", "improves mIoU by 3.3% - 8.5%",
    "large SLMs (20-32B)"), the other takes it. Ends with units of their own ("3 ms - 5%")
    are no range."""
    out = list(numbers)
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        if (a.metric is None) == (b.metric is None):
            continue
        if not _RANGE_ENDS_GAP.fullmatch(abstract, a.end, b.start):
            continue
        if unit_of(a) and unit_of(b) and unit_of(a) != unit_of(b):
            continue
        metric = a.metric or b.metric
        out[i - 1], out[i] = replace(a, metric=metric), replace(b, metric=metric)
    return out
