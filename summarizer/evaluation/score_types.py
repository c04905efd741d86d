"""The per-item score of each kind of field: counts that pool over a suite.

Each type's ``aggregate`` turns a list of item scores into the field's metrics (micro P/R/F1
for list fields, accuracy, mean ROUGE, the grounding rate), so that resampling items
(:func:`summarizer.evaluation.aggregate.bootstrap_ci`) re-aggregates correctly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .result_scores import ResultScore

ROUGE_TYPES = ("rouge1", "rouge2", "rougeL")


@dataclass(frozen=True)
class SetScore:
    """Matched (``tp``), spurious (``fp``) and missed (``fn``) items of one list field."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else float(self.fn == 0)

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else float(self.fp == 0)

    @property
    def f1(self) -> float:
        if self.tp == 0:
            return 1.0 if self.fp == self.fn == 0 else 0.0
        return 2 * self.tp / (2 * self.tp + self.fp + self.fn)

    @staticmethod
    def aggregate(scores: Sequence[SetScore]) -> dict[str, float]:
        """Micro precision, recall and F1: counts summed over items first."""
        tp, fp, fn = (sum(getattr(s, k) for s in scores) for k in ("tp", "fp", "fn"))
        total = SetScore(tp, fp, fn)
        return {"precision": total.precision, "recall": total.recall, "f1": total.f1}


@dataclass(frozen=True)
class LabelScore(SetScore):
    """Label counts of ``contribution_types`` against the best-scoring accepted set."""

    exact: bool = False

    @staticmethod
    def aggregate(scores: Sequence[SetScore]) -> dict[str, float]:
        """Micro P/R/F1 over labels and the exact-set rate."""
        out = SetScore.aggregate(scores)
        out["exact_set"] = sum(bool(getattr(s, "exact", False)) for s in scores) / len(scores)
        return out


@dataclass(frozen=True)
class MatchScore:
    """One right-or-wrong answer (``domain``, ``code_url``)."""

    correct: bool

    @staticmethod
    def aggregate(scores: Sequence[MatchScore]) -> dict[str, float]:
        """Accuracy: the share of items answered right."""
        return {"accuracy": sum(s.correct for s in scores) / len(scores)}


@dataclass(frozen=True)
class RougeScore:
    """ROUGE F1s against the reference with the best ROUGE-1 (``reference`` is its index)."""

    rouge1: float
    rouge2: float
    rougeL: float  # camel case: the name rouge_score and the papers use
    reference: int = 0

    @staticmethod
    def aggregate(scores: Sequence[RougeScore]) -> dict[str, float]:
        """Mean of each ROUGE F1 over items."""
        return {k: sum(getattr(s, k) for s in scores) / len(scores) for k in ROUGE_TYPES}


@dataclass(frozen=True)
class GroundingScore:
    """How many of an item's predicted verbatim strings were found in the abstract."""

    found: int
    total: int
    missing: tuple[str, ...] = field(default=(), compare=False)

    @staticmethod
    def aggregate(scores: Sequence[GroundingScore]) -> dict[str, float]:
        """Share of all predicted verbatim strings found (pooled), and how many there were."""
        found, total = sum(s.found for s in scores), sum(s.total for s in scores)
        # Nothing predicted means nothing ungrounded; ``items`` shows when that is the case.
        return {"rate": found / total if total else 1.0, "items": float(total)}


ItemScore = SetScore | LabelScore | MatchScore | RougeScore | GroundingScore | ResultScore
