"""Pooling item scores over a suite, and their percentile bootstrap intervals."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence

from .score_types import ItemScore


def aggregate_field(scores: Sequence[ItemScore]) -> dict[str, float]:
    """Aggregate one field's item scores (all of one type) into its metrics plus ``n``."""
    if not scores:
        return {"n": 0.0}
    kind = type(scores[0])
    if any(type(s) is not kind for s in scores):
        raise TypeError(
            f"mixed score types for one field: {sorted({type(s).__name__ for s in scores})}"
        )
    return {**kind.aggregate(scores), "n": float(len(scores))}  # type: ignore[arg-type]


def aggregate(item_scores: Iterable[Mapping[str, ItemScore]]) -> dict[str, dict[str, float]]:
    """Aggregate per-item scores into per-field metrics.

    Args:
        item_scores: One :func:`score_item` result per item; an item without a field
            simply does not count for that field.

    Returns:
        ``{field: {metric: value}}``: micro P/R/F1 for list fields (plus ``exact_set`` for
        ``contribution_types``), ``accuracy``, mean ``rouge1``/``rouge2``/``rougeL``, and a
        grounding ``rate``; every field also has ``n``, the number of items.
    """
    by_field: dict[str, list[ItemScore]] = {}
    for scores in item_scores:
        for name, score in scores.items():
            by_field.setdefault(name, []).append(score)
    return {name: aggregate_field(scores) for name, scores in by_field.items()}


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    # Linear interpolation between order statistics (numpy's default "linear" method).
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def bootstrap_ci(
    item_scores: Sequence[Mapping[str, ItemScore]],
    field: str,
    metric: str,
    n: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap confidence interval of one aggregated metric.

    Items are resampled with replacement and re-aggregated, so micro metrics are
    recomputed from the resampled counts rather than averaged.

    Args:
        item_scores: One :func:`score_item` result per item.
        field: The field, e.g. ``"datasets"``.
        metric: The metric of that field, e.g. ``"f1"``.
        n: Number of resamples.
        seed: Seed of the resampling; the same seed gives the same interval.
        level: Coverage of the interval.

    Returns:
        ``(low, high)``.

    Raises:
        ValueError: when no item has ``field`` or the field has no such metric.
    """
    scores = [s[field] for s in item_scores if field in s]
    if not scores:
        raise ValueError(f"no item has a score for {field!r}")
    if metric not in aggregate_field(scores):
        raise ValueError(f"{field!r} has no metric {metric!r}")
    rng = random.Random(seed)
    stats = sorted(aggregate_field(rng.choices(scores, k=len(scores)))[metric] for _ in range(n))
    tail = (1 - level) / 2
    return _quantile(stats, tail), _quantile(stats, 1 - tail)


def paired_bootstrap(
    a: Sequence[Mapping[str, ItemScore]],
    b: Sequence[Mapping[str, ItemScore]],
    field: str,
    metric: str,
    n: int = 1000,
    seed: int = 0,
) -> tuple[float, float, float]:
    """``b - a`` of one aggregated metric, with a 95% paired percentile bootstrap interval.

    ``a[i]`` and ``b[i]`` score the same item: each resample draws the same items for both
    sides, so a difference both share (a hard item) cancels out.

    Returns:
        ``(delta, low, high)``.
    """

    def value(side: Sequence[Mapping[str, ItemScore]], idx: Iterable[int]) -> float:
        return aggregate_field([side[i][field] for i in idx])[metric]

    every = range(len(a))
    rng = random.Random(seed)
    deltas = []
    for _ in range(n):
        idx = [rng.randrange(len(a)) for _ in every]
        deltas.append(value(b, idx) - value(a, idx))
    deltas.sort()
    return value(b, every) - value(a, every), deltas[int(0.025 * n)], deltas[int(0.975 * n) - 1]
