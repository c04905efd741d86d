"""Metrics read across a list of numbers: a margin over another side ("outperforms GeneGPT
by 12%": the improvement over GeneGPT) and metrics listed in the order of their values
("training time and inference latency by 2.36x and 2.43x, respectively").

Both run after the other metric rules of :mod:`.numbers`, on what they left.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .metrics import ends_in_metric, leading_phrase
from .number import Number
from .number_lists import PLAIN_LIST_GAP, RANGE_GAP, joined_runs, start_before, unit_of
from .wordlists import alternation

__all__ = ["margins_over", "points_share_the_metric", "respective_metrics", "size_metric"]

_HEDGES = alternation("metric_hedges")
_OVER = "improvement over "


# "outperforms the best SOTA method by 1.83%", "outperforms a Pix2Pix cGAN baseline in SSIM by
# +36.3%": a margin over what is named between the verb and "by"
_BETTER = r"outperform|surpass|beat|exceed|outpace|outstrip"
_BETTER_BY = re.compile(
    r"\b(?:" + _BETTER + r")\w*\s+((?:(?!" + _BETTER + r")[^.;%()\[\]]){1,80}?)"
    r"\s+by\s+(?:(?:" + _HEDGES + r")\s+)?$",
    re.IGNORECASE,
)
# What ends the name of the other side: an example, a setting, a dataset.
_OVER_ENDS = re.compile(r",|\s(?:such as|on|across|for|with|under|when|while|at)\s", re.IGNORECASE)
_ALONE_NUMBER = re.compile(r"(?<![\w.\-])\d+(?:[.,]\d+)?(?![\w\-])")
_IN_WHAT = re.compile(r"\s+in\s+(?:terms\s+of\s+)?(?:the\s+)?", re.IGNORECASE)


def _margin_metric(between: str) -> str | None:
    """ "improvement over the best SOTA method", "SSIM improvement over a Pix2Pix cGAN
    baseline": what a margin measures, from the words between the verb and "by"."""
    if _ALONE_NUMBER.search(between):
        return None  # another number stands between: "outperforms X by 2% and Y by 3%"
    over = _OVER_ENDS.split(between, maxsplit=1)[0].strip()
    over, *rest = _IN_WHAT.split(over, maxsplit=1)
    over, what = over.strip(), rest[0].strip() if rest else ""
    if not over or len(over.split()) > 6 or len(what.split()) > 4:
        return None
    return f"{what} {_OVER}{over}" if what else f"{_OVER}{over}"


# "by 26% in semantic RayIoU", "by up to 17.37% for F1-Score": what the margin is in
_IN_AFTER = re.compile(r"\s+(?:in|for)\s+(?:terms\s+of\s+)?(?:the\s+)?(?=[A-Za-z])", re.I)
# Last words of what a margin is in that name a setting, not a quantity: "in OOD settings".
_SETTINGS = frozenset(
    "setting settings scenario scenarios case cases condition conditions regime regimes".split()
)

# Between margins listed or ranged together: "by 2.6%, 1.4% and 3.9%", "by 14-25%".
_LISTED_GAP = re.compile(PLAIN_LIST_GAP.pattern.removesuffix("$") + "|" + RANGE_GAP.pattern)
_IDIOMS = frozenset(("average", "total", "general", "particular", "practice", "addition"))


def _margin_in(abstract: str, number: Number) -> str | None:
    """What the words right after a margin say it is in, or None."""
    after = _IN_AFTER.match(abstract, number.end)
    phrase = leading_phrase(abstract[after.end() :], 4) if after else None
    if phrase is None:
        return None
    words_ = phrase.split()
    if words_[0].lower().endswith("ing") or words_[-1].lower() in _SETTINGS:
        return None  # "in identifying eligible trials", "in OOD settings"
    if phrase.lower() in _IDIOMS:
        return None  # "by 14% in average"
    return phrase


def margins_over(abstract: str, starts: list[int], numbers: list[Number]) -> list[Number]:
    """A margin over another side that no rule gave a metric measures what the words after it
    say it is in ("surpasses X by 26% in semantic RayIoU"), else the improvement over that
    side ("outperforms baseline models by over 7%": "improvement over baseline models");
    and so do the margins listed right after it in the same unit ("by 1.83% and
    1.55%")."""
    out = list(numbers)
    for i, number in enumerate(out):
        if number.metric is not None:
            continue
        begin = start_before(starts, number.start)
        better = _BETTER_BY.search(abstract, max(begin, number.start - 120), number.start)
        if better is None:
            continue
        metric = _margin_in(abstract, number) or _margin_metric(better.group(1))
        if metric is None:
            continue
        out[i] = replace(number, metric=metric)
        j = i
        while (
            j + 1 < len(out)
            and out[j + 1].metric is None
            and _LISTED_GAP.fullmatch(abstract[out[j].end : out[j + 1].start])
            and unit_of(number) in {unit_of(out[j + 1]), ""}
        ):
            out[j + 1] = replace(out[j + 1], metric=metric)
            j += 1
    return out


# "... by 2.36x and 2.43x, respectively": the values of a list, in the order of the things
# listed before them
_RESPECTIVELY = re.compile(r"[^.;]{0,40}?\brespectively\b")
# What a list of metrics is joined to its values by: "A and B by", "A, B and C of", "A and B
# were", "A and B reach".
_LIST_TO_VALUES = re.compile(
    r"((?:[\w\-@]+\s+){0,3}[\w\-@]+(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:[\w\-@]+\s+){0,3}?[\w\-@]+){1,5})"
    r"(?:\s+(?:" + alternation("metric_verbs") + r")\w*)?"
    r"\s+(?:by|of|were|are|was|is|reach\w*|achiev\w*)\s+(?:(?:" + _HEDGES + r")\s+)?$",
    re.IGNORECASE,
)
_ITEM_GAP = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")


def _listed_metrics(
    abstract: str, begin: int, end: int, count: int, *, sides: bool
) -> list[str] | None:
    """The ``count`` metrics listed right before ``abstract[end]``, or (with ``sides``: no
    other rule gave these values a metric) the improvements over ``count`` listed sides of a
    margin ("surpasses FRESCO and ControlVideo by"), or None."""
    listed = _LIST_TO_VALUES.search(abstract, begin, end)
    items = _ITEM_GAP.split(listed.group(1)) if listed else []
    metrics = [ends_in_metric(item) for item in items[-count:]]
    if len(items) >= count and all(metrics):
        return metrics  # type: ignore[return-value]
    better = _BETTER_BY.search(abstract, begin, end) if sides else None
    if (
        better is None
        or _ALONE_NUMBER.search(better.group(1))
        or _OVER_ENDS.search(better.group(1))
    ):
        return None  # "outperforms X and Y, reducing leakage by": the margin is of something else
    listed_sides = _ITEM_GAP.split(better.group(1).strip())
    if len(listed_sides) != count or any(
        len(side.split()) > 6 or ends_in_metric(side) for side in listed_sides
    ):
        return None  # "surpassing single-frame and multi-frame SOTA instance mIoU by"
    return [f"{_OVER}{side}" for side in listed_sides]


def respective_metrics(abstract: str, starts: list[int], numbers: list[Number]) -> list[Number]:
    """A list of values closed by "respectively" after a list of as many metrics takes them
    in order: "reduces training time and inference latency by 2.36x and 2.43x,
    respectively", "AP and AP50 improved by 1.9% and 2.4%, respectively". Every listed
    phrase must end in a metric's noun or name; a list of models ("outperforms GPT-4 and
    Claude by 5% and 3%, respectively") is left to the subject rules."""
    out = list(numbers)
    listed = joined_runs(out, lambda a, b: bool(PLAIN_LIST_GAP.fullmatch(abstract, a.end, b.start)))
    for i, j in ((run[0], run[-1]) for run in listed):
        if j > i and _RESPECTIVELY.match(abstract, out[j].end):
            begin = max(start_before(starts, out[i].start), out[i].start - 150)
            read = {n.metric for n in out[i : j + 1]}
            sides = read <= {None} or all(m and m.startswith(_OVER) for m in read)
            metrics = _listed_metrics(abstract, begin, out[i].start, j - i + 1, sides=sides)
            if metrics:
                for k, metric in zip(range(i, j + 1), metrics, strict=True):
                    out[k] = replace(out[k], metric=metric)
    return out


# A model's size with nothing else said of it: "small LLMs (1.5B to 3B)", "a 30B agent"
_SIZE = re.compile(r"\d+(?:\.\d+)?\s?[BM]\+?")


def size_metric(value: str) -> str | None:
    """ "parameters" for a value written as a model's size (billions or millions), else None."""
    return "parameters" if _SIZE.fullmatch(value) else None


# Units of a difference of percentages: "by 4pp", "+2.8 percentage points".
_POINTS = frozenset(
    ("pp", "p.p.", "points", "point", "percentage points", "percentage point", "pts")
)
# A level in percent that is no score: "(95% CI 76.4-82.8)".
_NO_SCORE = frozenset(("CI", "confidence interval"))


def points_share_the_metric(
    abstract: str, starts: list[int], numbers: list[Number]
) -> list[Number]:
    """A difference in points that no rule gave a metric ("outperforming mid-tier (77%) and
    fast models (67%) by 4pp and 14pp") measures what the last score in percent before it in
    its sentence measures ("81% average accuracy")."""
    out = list(numbers)
    for i, number in enumerate(out):
        if number.metric is not None or unit_of(number).lower() not in _POINTS:
            continue
        begin = start_before(starts, number.start)
        scores = [
            n.metric
            for n in out[:i]
            if n.start >= begin
            and n.metric
            and n.kind == "absolute"
            and unit_of(n) in {"%", "\\%"}
            and n.metric not in _NO_SCORE
        ]
        if scores:
            out[i] = replace(number, metric=scores[-1])
    return out
