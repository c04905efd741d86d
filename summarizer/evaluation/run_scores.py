"""A run's scores: each item's score per field, as ``scores.jsonl`` lines and back, and the
per-field table with bootstrap intervals that ``run.json`` stores."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..errors import InputError
from .scorers import (
    GROUNDING,
    GroundingScore,
    ItemScore,
    LabelScore,
    MatchScore,
    ProblemScore,
    ResultScore,
    RougeScore,
    SetScore,
    aggregate,
    bootstrap_ci,
    prediction,
    score_item,
)
from .suites import EvalItem

BOOTSTRAP_RESAMPLES = 1000
CI_LEVEL = 0.95

# Score kinds as written in scores.jsonl, and the metric a bare field name stands for.
KINDS: dict[str, type] = {
    "results": ResultScore,
    "labels": LabelScore,  # before "set": LabelScore is a SetScore
    "set": SetScore,
    "match": MatchScore,
    "problem": ProblemScore,  # before "rouge": ProblemScore is a RougeScore
    "rouge": RougeScore,
    "grounding": GroundingScore,
}
MAIN_METRIC = {
    "results": "f1",
    "labels": "f1",
    "set": "f1",
    "match": "accuracy",
    "problem": "rouge1",
    "rouge": "rouge1",
    "grounding": "rate",
}
_NOT_METRICS = {"n", "items"}


def kind_of(score: ItemScore) -> str:
    """The ``kind`` name of an item score."""
    for name, cls in KINDS.items():
        if isinstance(score, cls):
            return name
    raise TypeError(f"unknown score type {type(score).__name__}")


def item_metrics(score: ItemScore) -> dict[str, float]:
    """The metrics of one item's score on its own (P/R/F1 of its counts, its ROUGE, ...)."""
    agg = type(score).aggregate([score])  # type: ignore[arg-type]
    return {k: v for k, v in agg.items() if k not in _NOT_METRICS}


def score_row(item_id: str, name: str, score: ItemScore) -> dict[str, Any]:
    """One line of ``scores.jsonl``."""
    counts = dataclasses.asdict(score)
    if isinstance(score, GroundingScore):
        counts["missing"] = list(score.missing)
    return {
        "id": item_id,
        "field": name,
        "kind": kind_of(score),
        "counts": counts,
        "metrics": item_metrics(score),
    }


def score_from_row(row: dict[str, Any]) -> ItemScore:
    """The item score a ``scores.jsonl`` line holds."""
    try:
        cls = KINDS[row["kind"]]
        counts = dict(row["counts"])
    except (KeyError, TypeError) as exc:
        raise InputError(f"not a scores.jsonl line of this tool: {str(row)[:80]}") from exc
    if cls is GroundingScore:
        counts["missing"] = tuple(counts.get("missing") or ())
    return cls(**counts)  # type: ignore[no-any-return]


def score_records(
    items: Sequence[EvalItem], records: Sequence[dict[str, Any]]
) -> list[dict[str, ItemScore]]:
    """Score each record against its item's gold (a failed record scores as empty, a partial
    one without its fields that did not validate)."""
    return [
        score_item(
            prediction(rec),
            item.gold,
            item.accept,
            item.abstract,
            item.fields,
            references=item.references,
        )
        for item, rec in zip(items, records, strict=True)
    ]


def score_table(
    item_scores: Sequence[dict[str, ItemScore]],
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 0,
) -> dict[str, dict[str, Any]]:
    """Per-field metrics with percentile bootstrap CIs, as stored in ``run.json``.

    Returns:
        ``{field: {"kind", "main", "n", "metrics": {metric: {"value", "low", "high"}}}}``
        (grounding also has ``items``, the number of predicted verbatim strings).
    """
    out: dict[str, dict[str, Any]] = {}
    for name, metrics in aggregate(item_scores).items():
        kind = kind_of(next(s[name] for s in item_scores if name in s))
        entry: dict[str, Any] = {
            "kind": kind,
            "main": MAIN_METRIC[kind],
            "n": int(metrics["n"]),
            "metrics": {},
        }
        for metric, value in metrics.items():
            if metric in _NOT_METRICS:
                continue
            low, high = bootstrap_ci(
                item_scores, name, metric, n=resamples, seed=seed, level=CI_LEVEL
            )
            entry["metrics"][metric] = {"value": value, "low": low, "high": high}
        if name == GROUNDING:
            entry["items"] = int(metrics["items"])
        out[name] = entry
    return out
