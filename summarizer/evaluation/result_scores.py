"""Scoring ``results`` as facts: a value, what it measures, and whom it belongs to.

A predicted result matches a gold result with the same value (:func:`value_key`). Of the
matched pairs, :func:`score_results` also counts those whose ``metric`` is right and those
whose ``metric`` and ``subject`` are both right, so that a suite reports results at three
levels: value, value + metric, value + metric + subject.

- A metric is right when its token F1 with the gold metric is at least 0.5, when its content
  words all occur in the gold metric ("accuracy" for "top-1 accuracy"), or when both are null.
- A subject is right when equal after :func:`item_key`, with token F1 of at least 0.5, when
  one is a whole-word part of the other ("LLaMa-8B" in "LLaMa-8B (baseline)"), or when both
  are null.

Where a value occurs several times, pairs are made best first (both parts right, then the
metric), so that the counts do not depend on the order of the lists.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..text import token_f1, words
from .keys import item_key, value_key

# Words that say nothing of what is measured: "the accuracy of" == "accuracy".
_FUNCTION_WORDS = frozenset(
    "a an the of on in for to at by with and or its their our overall average mean".split()
)
MATCH_THRESHOLD = 0.5


@dataclass(frozen=True)
class ResultScore:
    """Result counts of one item: by value (``tp``/``fp``/``fn``), and how many of the
    matched values also have the right metric (``metric_tp``), and the right metric and
    subject (``full_tp``); ``subject_tp`` counts right subjects alone."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    metric_tp: int = 0
    subject_tp: int = 0
    full_tp: int = 0

    @property
    def f1(self) -> float:
        return _f1(self.tp, self.tp + self.fp, self.tp + self.fn)

    @staticmethod
    def aggregate(scores: Sequence[ResultScore]) -> dict[str, float]:
        """Micro P/R/F1 of values, F1 at the two stricter levels, and the share of matched
        values whose metric (``metric_share``) and subject (``subject_share``) are right."""
        tp, fp, fn, m, s, full = (
            sum(getattr(x, k) for x in scores)
            for k in ("tp", "fp", "fn", "metric_tp", "subject_tp", "full_tp")
        )
        pred, gold = tp + fp, tp + fn
        return {
            "precision": tp / pred if pred else float(gold == 0),
            "recall": tp / gold if gold else float(pred == 0),
            "f1": _f1(tp, pred, gold),
            "metric_f1": _f1(m, pred, gold),
            "full_f1": _f1(full, pred, gold),
            "metric_share": m / tp if tp else 0.0,
            "subject_share": s / tp if tp else 0.0,
        }


def _f1(hits: int, pred: int, gold: int) -> float:
    if hits == 0:
        return 1.0 if pred == gold == 0 else 0.0
    return 2 * hits / (pred + gold)


def _content(text: str) -> list[str]:
    return [w for w in words(text) if w not in _FUNCTION_WORDS]


def same_metric(pred: str | None, gold: str | None) -> bool:
    """True when ``pred`` says what ``gold`` says is measured (see the module's rules)."""
    if not pred or not gold:
        return not pred and not gold
    if token_f1(pred, gold) >= MATCH_THRESHOLD:
        return True
    content = _content(pred)
    return bool(content) and set(content) <= set(words(gold))


def _whole_words_in(part: str, whole: str) -> bool:
    return bool(re.search(r"(?<!\w)" + re.escape(part.casefold()) + r"(?!\w)", whole.casefold()))


def same_subject(pred: str | None, gold: str | None) -> bool:
    """True when ``pred`` names what ``gold`` names (see the module's rules)."""
    if not pred or not gold:
        return not pred and not gold
    return (
        item_key(pred) == item_key(gold)
        or token_f1(pred, gold) >= MATCH_THRESHOLD
        or _whole_words_in(pred, gold)
        or _whole_words_in(gold, pred)
    )


def _part(result: Any, key: str) -> Any:
    if isinstance(result, Mapping):
        return result.get(key)
    return getattr(result, key, None)


def score_results(pred: Iterable[Any], gold: Iterable[Any]) -> ResultScore:
    """Counts of one item's results against its gold results (dicts or ``Result`` models)."""
    preds = [r for r in pred or () if _part(r, "value")]
    golds = [r for r in gold or () if _part(r, "value")]
    pairs = []
    for i, p in enumerate(preds):
        for j, g in enumerate(golds):
            if value_key(str(_part(p, "value"))) != value_key(str(_part(g, "value"))):
                continue
            metric = same_metric(_part(p, "metric"), _part(g, "metric"))
            subject = same_subject(_part(p, "subject"), _part(g, "subject"))
            rank = 0 if metric and subject else 1 if metric else 2 if subject else 3
            pairs.append((rank, i, j, metric, subject))
    pairs.sort()
    used_p: set[int] = set()
    used_g: set[int] = set()
    metric_tp = subject_tp = full_tp = 0
    for _, i, j, metric, subject in pairs:
        if i in used_p or j in used_g:
            continue
        used_p.add(i)
        used_g.add(j)
        metric_tp += metric
        subject_tp += subject
        full_tp += metric and subject
    tp = len(used_p)
    return ResultScore(
        tp=tp,
        fp=len(preds) - tp,
        fn=len(golds) - tp,
        metric_tp=metric_tp,
        subject_tp=subject_tp,
        full_tp=full_tp,
    )
