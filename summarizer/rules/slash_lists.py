"""Values written with slashes between them: "a 90.0/79.2 dev F1 score", "PSNR/SSIM/LPIPS of
26.243/0.964/0.084", "66.0%/91.9% (Top-1/Top-5)". Each is a value of its own; a list of as
many metric names before or after them gives each its metric, in order, and otherwise they
share the metric written after the last (or before the first). A score out of a scale
("4.4/5", "3.6/10") is one value, and a fraction of counts ("9/10 tasks") is read whole by
the number pattern.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .metrics import is_metric_name
from .number import Number
from .number_lists import joined_runs, start_before

__all__ = ["after_slash", "slashed_metrics"]

_SLASH_GAP = re.compile(r" ?/ ?")
# The usual ends of a rating scale: "4.4/5", "3.79/4.0", "23.5/30", "84.83/100".
_SCALES = frozenset({*range(2, 11), *range(20, 101, 10)})
# A metric's name in a slash list: "PSNR", "Top-1", "Hit@1", "mAP50:95", "PA-MPJPE"; a
# version ("v1.1") or a size ("7B") is none.
_ITEM = r"[A-Za-z][\w@:.^+\-]*"
_ITEM_LIST = r"(?P<items>" + _ITEM + r"(?: ?/ ?" + _ITEM + r")+)"
# Right after the values: "(Top-1/Top-5)", "on BACC/AUROC", "average mAP/R@1"; not "for
# LV/MYO/LA", what they were measured for.
_LIST_AFTER = re.compile(
    r"\s*(?:\(\s*|(?:on|in|of)\s+(?:terms\s+of\s+)?(?:the\s+)?)?"
    r"(?:(?!(?:for|at|with|to|from|by|and|or|vs)\b)[a-z][\w\-]*\s+){0,2}"
    + _ITEM_LIST
    + r"(?![\w/])"
)
_LIST_BEFORE = re.compile(_ITEM_LIST + r"(?P<gap>[^\d.,;:/()]{0,40}?)\s*$")
# "Top-1", "R@1", "Hit@10": a metric at a rank
_RANKED = re.compile(r"(?i)top-?\d+|[a-z]+@\d+")
_WORD = re.compile(r"[A-Za-z]{2,}")
_GLUED_UNIT = re.compile(r"\d(?:%|\\%|[kKMBTx×])$")
_WHOLE = re.compile(r"\d{1,3}(?:,\d{3})*(?:/\d+)?|\d+(?:/\d+)?")
_NOT_ITEM = re.compile(r"(?i)v?\d[\w.]*|\d+(?:\.\d+)?[BMK]")


def _plain(value: str) -> str:
    """The number of a value: "30" of "30 points", "2.4" of "+2.4%"."""
    found = re.search(r"\d[\d,]*(?:\.\d+)?(?:/\d+)?", value)
    return found.group() if found else value


def after_slash(abstract: str, start: int, value: str, previous: Number | None) -> bool:
    """Whether the number at ``start``, written after a slash, is a value of its own: the
    next value of a list that ``previous`` (the value found last) starts ("90.0/79.2",
    "128k/64k"); not the end of a scale ("4.4/5"), a date, or a number after a name's
    slash ("LLaMA 1B/3B", whose "1B" is no value)."""
    if previous is None or not _SLASH_GAP.fullmatch(abstract, previous.end, start):
        return False
    if _GLUED_UNIT.search(value) or _GLUED_UNIT.search(previous.value):
        return True  # "2.4%/4.2%", "128k/64k", "7B/8B": values with their units
    first, this = _plain(previous.value), _plain(value)
    if all(_WHOLE.fullmatch(v) for v in (first, this)):
        return False  # "12/05/2024", "1/5/10 lx": whole numbers alone are a date or counts
    # "1.5/3/7": the number itself, before a slash the value still holds
    low, high = (float(v.split("/")[0].replace(",", "")) for v in (first, this))
    return not (high.is_integer() and int(high) in _SCALES and low <= high)


def _groups(abstract: str, numbers: list[Number]) -> list[range]:
    """The slash lists among ``numbers``: runs of two or more joined by a slash."""
    runs = joined_runs(numbers, lambda a, b: bool(_SLASH_GAP.fullmatch(abstract, a.end, b.start)))
    return [run for run in runs if len(run) > 1]


def _items(found: re.Match[str] | None, count: int) -> list[str] | None:
    if found is None:
        return None
    items = [item.strip() for item in _SLASH_GAP.split(found.group("items"))]
    if len(items) != count or any(_NOT_ITEM.fullmatch(item) for item in items):
        return None
    if not any(is_metric_name(item) or _RANKED.fullmatch(item) for item in items):
        return None  # "at the image/pixel level", "for LV/MYO/LA": no metric's name
    return items


def _metric(item: str, read: str | None) -> str:
    """A listed name; a rank ("Top-1") with the metric read around it ("error rates of ...
    (Top-1 / Top-5)": "Top-1 error rate"), unless that metric holds a listed name."""
    if not read or not _RANKED.fullmatch(item):
        return item
    if any(w.lower() in read.lower().split() for w in _WORD.findall(item)):
        return item  # "R@1" beside "average mAP R": the metric read holds the name
    return f"{item} {read}"


def _listed(
    abstract: str, starts: list[int], numbers: list[Number], group: list[int]
) -> list[str] | None:
    """The metric names listed right after the group or before it in its sentence."""
    first, last = numbers[group[0]], numbers[group[-1]]
    begin = max(start_before(starts, first.start), first.start - 120)
    return _items(_LIST_AFTER.match(abstract, last.end), len(group)) or _items(
        _LIST_BEFORE.search(abstract, begin, first.start), len(group)
    )


def slashed_metrics(abstract: str, starts: list[int], numbers: list[Number]) -> list[Number]:
    """Each value of a slash list takes its metric from a list of as many names ("EM/F1 of
    80.1/87.2", "66.0%/91.9% (Top-1/Top-5)"), or from the list of the nearest slash list
    of as many values in its sentence that has one ("36.89/0.9516 and 30.54/0.8721
    PSNR/SSIM"); else they share the one their list has ("a 90.0/79.2 dev F1 score"). A
    change in one is a change in all, and all belong to the first's subject ("DAPO
    (36.7/31.6)"), unless it is a listed metric's name ("EM" of "EM/F1 of")."""
    out = list(numbers)
    groups = _groups(abstract, out)
    listed = [_listed(abstract, starts, out, group) for group in groups]
    for g, group in enumerate(groups):
        first, last = out[group[0]], out[group[-1]]
        sentence = start_before(starts, first.start)
        near = [
            (abs(h - g), metrics)
            for h, (other, metrics) in enumerate(zip(groups, listed, strict=True))
            if metrics
            and len(other) == len(group)
            and start_before(starts, out[other[0]].start) == sentence
        ]
        metrics = min(near, key=lambda pair: pair[0])[1] if near else None
        shared = last.metric or first.metric
        improvement = any(out[i].kind == "improvement" for i in group)
        for k, i in enumerate(group):
            number = out[i]
            out[i] = replace(
                number,
                metric=_metric(metrics[k], shared or number.metric)
                if metrics
                else number.metric or shared,
                kind="improvement" if improvement else number.kind,
                subject=None if first.subject in (metrics or ()) else first.subject,
            )
    return out
