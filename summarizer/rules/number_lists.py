"""Numbers written together: a list, a range, "from x to y", "..., respectively".

Numbers listed or ranged together share the metric written after the last of them (or
before the first); in "A improves B from x to y", x is B's and y is A's; with "respectively",
they take the names listed before them, in order.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Collection
from dataclasses import replace

from .known_datasets import is_known_dataset
from .metrics import ends_in_metric
from .number import Number
from .subjects import compared_against, whole_name_at
from .wordlists import alternation

__all__ = [
    "FROM_BEFORE",
    "compared_share_the_metric",
    "PLAIN_LIST_GAP",
    "RANGE_GAP",
    "elided_metrics",
    "joined_runs",
    "margins_share_the_metric",
    "scored_on",
    "shared_in_lists",
    "start_before",
    "unit_of",
    "versus_pairs",
]


def start_before(starts: list[int], at: int) -> int:
    """The start of the sentence that holds position ``at``."""
    return starts[bisect_right(starts, at) - 1]


# Between two numbers of one list, "45.82%, 31.09%, and 17.79%", of a range, "20-30%", "from
# 0.6B to 32B", of a part and its whole, "52 of the 57 Atari games", or of a value and its
# deviation or an aside, "1.93% (1.98+/-0.07)"
PLAIN_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$")
RANGE_GAP = re.compile(r"\s+to\s+|-{1,2}|\u2013")
_LIST_GAP = re.compile(
    r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|to|(?:out\s+)?of(?:\s+the)?)\s+|-{1,2}|\u2013|"
    r"\s*\(\s*|\+/-|\u00b1)$"
)


def joined_runs(numbers: list[Number], joined: Callable[[Number, Number], bool]) -> list[range]:
    """The runs of numbers written together, in order, each the range of its indexes (a
    number alone is a run of one): ``joined(a, b)`` says that ``b`` follows ``a`` in one."""
    out: list[range] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and joined(numbers[j], numbers[j + 1]):
            j += 1
        out.append(range(i, j + 1))
        i = j + 1
    return out


def unit_of(number: Number) -> str:
    """What is written after a number's digits: "%" of "4.8%", "" of "12"."""
    return re.sub(r"^[^\d]*[\d.,]+\s*", "", number.value)


def _joined(abstract: str, a: Number, b: Number) -> bool:
    """True when ``b`` follows ``a`` in one list, range or aside; a number in an aside with
    a unit of its own ("10-20% (4k-16k)") measures something else."""
    gap = abstract[a.end : b.start]
    if not _LIST_GAP.fullmatch(gap):
        return False
    return "(" not in gap or not unit_of(b) or unit_of(a) == unit_of(b)


def shared_in_lists(
    abstract: str, starts: list[int], numbers: list[Number], names: list[str]
) -> list[Number]:
    """Numbers listed together share the metric written after the last of them; with
    "respectively", they take the names listed before them, in order."""
    out = list(numbers)
    for run in joined_runs(out, lambda a, b: _joined(abstract, a, b)):
        i, j = run[0], run[-1]
        if j > i:
            # a name is never the metric: "improves BarNet from 70.1% to 75.3% accuracy"
            group = [replace(n, metric=None) if n.metric in names else n for n in out[i : j + 1]]
            metric = group[-1].metric or group[0].metric
            if metric is not None:
                group = [n if n.metric else replace(n, metric=metric) for n in group]
            # "improvements of 23.81% and 11.15%", "1% and 2% gains", "a 6% to 20% drop": the
            # words before the first and after the last speak for the whole list or range (not
            # for an aside, nor for "from x to y", the values before and after)
            ranged = not FROM_BEFORE.search(abstract, max(0, group[0].start - 6), group[0].start)
            listed_only = all(
                PLAIN_LIST_GAP.fullmatch(gap) or ranged and RANGE_GAP.fullmatch(gap)
                for gap in (
                    abstract[a.end : b.start] for a, b in zip(group, group[1:], strict=False)
                )
            )
            if listed_only and "improvement" in (group[0].kind, group[-1].kind):
                group = [replace(n, kind="improvement") for n in group]
            group = _from_to(abstract, starts, group, names)
            listed = _respectively(abstract, starts, group, names)
            if listed:
                group = [replace(n, subject=s) for n, s in zip(group, listed, strict=True)]
            out[i : j + 1] = group
    return out


# "improves BarNet from 70.1% to 75.3%": the first value is the one before the change
FROM_BEFORE = re.compile(r"\bfrom\s+$")
# the words between the verb of change and "from": what was changed
_CHANGED = re.compile(r"\b(?:" + alternation("metric_verbs") + r")\w*\s+(.{0,60}?)\s*from\s+$")


def _from_to(
    abstract: str, starts: list[int], group: list[Number], names: list[str]
) -> list[Number]:
    """ "A improves B from x to y": x belongs to B (the baseline, or the setting before when
    B is no name) and y to A."""
    first, second = group[0], group[-1]
    if len(group) != 2 or not re.fullmatch(r"\s+to\s+", abstract[first.end : second.start]):
        return group
    if not FROM_BEFORE.search(abstract, max(0, first.start - 6), first.start):
        return group
    begin = start_before(starts, first.start)
    changed = _CHANGED.search(abstract, max(begin, first.start - 80), first.start)
    head = changed.group(1) if changed else ""
    before = [n for n in names if whole_name_at(head, n, 0, len(head))]
    baseline = max(before, key=lambda n: head.rfind(n)) if before else None
    return [replace(first, subject=baseline), second]


def _respectively(
    abstract: str, starts: list[int], group: list[Number], names: list[str]
) -> list[str] | None:
    """ "A, B and C reach 1%, 2% and 3%, respectively": the names before the numbers, in order."""
    after = abstract[group[-1].end : group[-1].end + 80]
    if not re.match(r"[^.;]*\brespectively\b", after):
        return None
    begin = start_before(starts, group[0].start)
    head = abstract[begin : group[0].start]
    found = sorted((at, name) for name in names if (at := head.find(name)) >= 0)
    # a name inside a longer one ("GPT-4" in "GPT-4o") is not listed apart
    kept = [
        (at, n)
        for at, n in found
        if not any(a <= at and at + len(n) <= a + len(m) and (a, m) != (at, n) for a, m in found)
    ]
    if len(kept) != len(group):
        return None
    return [name for _, name in kept]


# A hedge before a number: "by up to 28%", "by more than 14 points" (data/metric_hedges.txt).
_HEDGES = alternation("metric_hedges")
# "73% Top-5 accuracy, outperforming supervised networks by 28%": the margin over another
# method, in the sentence that states the score it is a margin of.
_MARGIN_BEFORE = re.compile(
    r"\b(?:" + alternation("comparing_verbs") + r")\w*\s+[^.;%\d]{0,80}?\s+by\s+"
    r"(?:(?:" + _HEDGES + r")\s+)?$",
    re.IGNORECASE,
)


def margins_share_the_metric(
    abstract: str, starts: list[int], numbers: list[Number]
) -> list[Number]:
    """A margin without a metric ("outperforming X by 28%", "surpasses the second-place
    method by 2.37%") takes the metric of the last number before it in its sentence that
    has one ("achieving 49.39% accuracy")."""
    out = list(numbers)
    for i, number in enumerate(out):
        if number.metric is not None:
            continue
        begin = start_before(starts, number.start)
        if not _MARGIN_BEFORE.search(abstract, begin, number.start):
            continue
        before = [n.metric for n in out[:i] if n.start >= begin and n.metric]
        if before:
            out[i] = replace(number, metric=before[-1])
    return out


_LEAD = r"(?:(?:" + _HEDGES + r"|exceeding|reaching)\s+)?"
# "accelerates inference by up to 3x for images and 2.5x for videos": the next value of the
# same quantity, its metric not written again
_NEXT_VALUE = re.compile(r"(?:,\s*(?:and\s+)?|\s+and\s+)" + _LEAD + r"$", re.IGNORECASE)
# "the best overall accuracy (0.798), closely followed by GPT-4.1 (0.796)", "an F1 of 90.6%,
# outperforming baseline BERT (89.25%)": the next value of the same quantity, in parentheses
# right after whose it is, a few words on (no clause between), alone in them; a score does
# not take a change's metric ("a 76.1% relative improvement over the static paradigm (22.2%)")
_NAMED_NEXT = re.compile(r"[^;:]*[\w+\-.]\s*\(\s*")
_NAMED_NEXT_REACH = 80
_CLOSED = re.compile(r"\s*\)")
# "outperforming A by 28% (...) and B by 14%": the next margin
_NEXT_MARGIN = re.compile(r"\band\s+[^.;%\d]{1,60}?\s+by\s+" + _LEAD + r"$", re.IGNORECASE)
_BY = re.compile(r"\bby\s+" + _LEAD + r"$", re.IGNORECASE)
# "and 96% of the performance": a share of something, not the same quantity
_SHARE_AFTER = re.compile(r"\s*(?:%|\\%)?\s*of\b")


def elided_metrics(abstract: str, starts: list[int], numbers: list[Number]) -> list[Number]:
    """A number left without a metric that goes on from the number before it in its
    sentence, in the same unit, measures what that one does: "perplexity of 52.8 on Penn
    Treebank and 52.0 on WikiText-2", "speedups of over 13x on T4 and exceeding 40x on
    A100"; a margin after "and ... by" takes the metric of the margin before it."""
    out = list(numbers)
    for i, number in enumerate(out):
        if number.metric is not None or _SHARE_AFTER.match(abstract, number.end):
            continue
        begin = start_before(starts, number.start)
        named = _named_metric(abstract, begin, number)
        if named is not None:
            out[i] = replace(number, metric=named)
            continue
        before = [n for n in out[:i] if n.start >= begin]
        if not before:
            continue
        last = before[-1]
        if _NEXT_MARGIN.search(abstract, last.end, number.start):
            margins = [
                n
                for n in before
                if n.metric
                and _BY.search(abstract, begin, n.start)
                and unit_of(n) == unit_of(number)
            ]
            if margins:
                out[i] = replace(number, metric=margins[-1].metric)
        elif (
            last.metric
            and unit_of(last) == unit_of(number)
            and (
                _NEXT_VALUE.search(abstract, last.end, number.start)
                or _NAMED_NEXT.fullmatch(abstract, last.end, number.start)
                and number.start - last.end <= _NAMED_NEXT_REACH
                and _CLOSED.match(abstract, number.end)
                and not (last.kind == "improvement" and number.kind == "absolute")
            )
        ):
            out[i] = replace(number, metric=last.metric)
    return out


_OPEN_BEFORE = re.compile(r"([A-Za-z][\w@\-]*(?:\s+[A-Za-z][\w@\-]*){0,3})\s*\(\s*$")


def _named_metric(abstract: str, begin: int, number: Number) -> str | None:
    """The metric named right before a value alone in parentheses: "PR-AUC (72.44%)",
    "hallucination rates (0.05)"."""
    if not _CLOSED.match(abstract, number.end):
        return None
    words = _OPEN_BEFORE.search(abstract, max(begin, number.start - 60), number.start)
    return ends_in_metric(words.group(1)) if words else None


# Between a mean and its deviation: "0.822 $\pm$ 0.007", "1.98+/-0.07", "91.2 ± 0.3".
_PLUS_MINUS = re.compile(r"\s*\$?\s*(?:\\pm|\u00b1|\+/-|\+-)\s*\$?\s*")


def deviations_share_the_metric(abstract: str, numbers: list[Number]) -> list[Number]:
    """The deviation after a mean ("0.822 $\\pm$ 0.007") measures what the mean does."""
    out = list(numbers)
    for i in range(1, len(out)):
        mean, deviation = out[i - 1], out[i]
        if mean.metric and _PLUS_MINUS.fullmatch(abstract, mean.end, deviation.start):
            out[i] = replace(deviation, metric=mean.metric)
    return out


# Between two values set against each other: "(84.57% vs. 83.89%)", "0.58 km/h vs. 0.60 km/h".
_VERSUS = re.compile(r"(?:/\w+)?\s*(?:vs\.?|versus)\s*", re.IGNORECASE)


def versus_pairs(abstract: str, starts: list[int], numbers: list[Number]) -> list[Number]:
    """Two values written "a vs. b" measure one thing: each takes the metric the other has
    when it has none. They belong to different sides when the sentence compares with one
    ("X outperforms Y (a vs. b)", "(a vs. b) over Y"): b is that side's, unless the rules
    found it a subject of its own."""
    out = list(numbers)
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        if not _VERSUS.fullmatch(abstract, a.end, b.start):
            continue
        if a.metric and not b.metric:
            b = replace(b, metric=a.metric)
        elif b.metric and not a.metric:
            out[i - 1] = a = replace(a, metric=b.metric)
        if b.subject is None or b.subject == a.subject:
            begin = start_before(starts, a.start)
            after = bisect_right(starts, b.end)
            stop = starts[after] if after < len(starts) else len(abstract)
            side = compared_against(abstract, begin, a.start, b.end, stop)
            if side and side != a.subject:
                b = replace(b, subject=side)
        out[i] = b
    return out


# "an F1-score of 0.826 compared to 0.798": the value set beside another one
_COMPARED_TO = re.compile(
    r"\b(?:compared\s+(?:to|with)|relative\s+to)\s+(?:the\s+|only\s+|just\s+)*$", re.I
)


def compared_share_the_metric(
    abstract: str, starts: list[int], numbers: list[Number]
) -> list[Number]:
    """A value "compared to" another ("a mean absolute error of 1.66, compared to 12.04 for
    the baseline") measures what the last value before it in its sentence does, when it has
    no metric of its own and no other unit; so do the values listed right after it
    ("compared to 34.89 and 48.58")."""
    out = list(numbers)
    for i, number in enumerate(out):
        if number.metric is not None or not _COMPARED_TO.search(
            abstract, max(0, number.start - 30), number.start
        ):
            continue
        begin = start_before(starts, number.start)
        before = [n for n in out[:i] if n.start >= begin and n.metric]
        if not before or unit_of(number) not in {unit_of(before[-1]), ""}:
            continue
        metric = before[-1].metric
        out[i] = replace(number, metric=metric)
        j = i
        while (
            j + 1 < len(out)
            and out[j + 1].metric is None
            and PLAIN_LIST_GAP.fullmatch(abstract, out[j].end, out[j + 1].start)
            and unit_of(out[j + 1]) == unit_of(number)
        ):
            out[j + 1] = replace(out[j + 1], metric=metric)
            j += 1
    return out


# "96.66% on GSM8K": a benchmark's name right after a value, in a unit of scores
_SCORE_UNITS = frozenset({"", "%", "pp", "points", "percentage points"})
_ON_NAME = re.compile(r"\s+on\s+(?:the\s+)?([A-Z][\w\-.]*(?:[ -][A-Z0-9][\w\-.]*){0,3})")


def scored_on(abstract: str, number: Number, datasets: Collection[str]) -> Number:
    """A value with no metric written, right before "on" and a dataset ("96.66% on GSM8K,
    94.61% on ASDiv"), measures the score on that dataset: the dataset's name says it."""
    found = _ON_NAME.match(abstract, number.end) if number.metric is None else None
    if found is None or not (found[1] in datasets or is_known_dataset(found[1])):
        return number
    if unit_of(number).lstrip("\\") not in _SCORE_UNITS:
        return number  # "220 FPS on KITTI", "48.50 dB on GF-5": the unit says the metric
    return replace(number, metric=found[1])
