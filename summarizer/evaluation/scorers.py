"""Per-field scorers for ``PaperSummary`` predictions, as the annotation guide defines them.

Scoring is two steps. :func:`score_item` scores one prediction against one gold record and
returns, per field, a small dataclass of counts (``tp``/``fp``/``fn``, a hit, ROUGE F1s). Then
:func:`aggregate` pools those over a suite: micro P/R/F1 for list fields (sum the counts, then
divide), means for ROUGE and accuracies. Keeping counts per item is what lets
:func:`bootstrap_ci` resample items and re-aggregate correctly.

Which scorer a field gets comes from its name (``tasks``, ``keywords``, ``results``,
``code_url``, ``problem`` and the pseudo-fields ``metrics`` and ``grounding``) or else from
its type in ``PaperSummary``
(``list[str]`` -> set F1, ``list[Literal]`` -> label F1, ``Literal`` -> accuracy, ``str`` ->
ROUGE). A field of another schema with the same shapes is scored the same way. ``problem``
gets ROUGE and the checks of :mod:`.problem_checks` (not the tldr again, not a finding, not
the paper's contribution), each a rate of its own.

A record is scored by what it predicts (:func:`prediction`): a failed record predicts
nothing, and a partial record (see :mod:`summarizer.run.partial`) its fields that validated, the
prose that did not counting as empty.

Empty denominators: an empty prediction for an empty gold list is perfect (P = R = F1 = 1);
otherwise a metric with nothing to divide by is 0 (nothing predicted: precision 0), so a
suite-level "precision 1.0" never comes from predicting nothing.
"""

from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..io.output import failed_fields
from ..schemas.grounding import find_span
from ..schemas.paper_summary import PaperSummary
from ..text import token_f1
from .aggregate import aggregate, aggregate_field, bootstrap_ci
from .keys import distinct, item_key, url_key, value_key
from .problem_checks import ProblemScore, check_problem
from .result_scores import ResultScore, score_results
from .score_types import (
    ROUGE_TYPES,
    GroundingScore,
    ItemScore,
    LabelScore,
    MatchScore,
    RougeScore,
    SetScore,
)

__all__ = [
    "GROUNDING", "ROUGE_TYPES", "SCORED_FIELDS", "GroundingScore", "ItemScore", "LabelScore",
    "MatchScore", "ProblemScore", "ResultScore", "RougeScore", "SetScore", "aggregate",
    "aggregate_field", "bootstrap_ci", "item_key", "prediction", "score_item", "score_labels",
    "score_rouge", "score_set", "score_soft", "score_url", "score_values", "scorer_for",
    "token_f1", "url_key", "value_key", "verbatim_items",
]  # fmt: skip

TASK_MATCH_THRESHOLD = 0.5
GROUNDING = "grounding"
SCORED_FIELDS: tuple[str, ...] = tuple(PaperSummary.model_fields)
"""The fields the guide scores against gold: every schema field (``keywords`` as a set, by
token F1, as ``tasks``)."""


def score_set(pred: Iterable[str], gold: Iterable[str], extra: Iterable[str] = ()) -> SetScore:
    """Set P/R/F1 counts after :func:`item_key` normalization.

    Args:
        pred: Predicted items.
        gold: Gold items.
        extra: Items that are neither required nor false positives when predicted
            (``accept.introduces_extra``); a gold item stays required.

    Returns:
        The item's counts.
    """
    p, g = set(map(item_key, pred)) - {""}, set(map(item_key, gold)) - {""}
    p -= set(map(item_key, extra)) - g
    return SetScore(tp=len(p & g), fp=len(p - g), fn=len(g - p))


def score_soft(
    pred: Iterable[str], gold: Iterable[str], threshold: float = TASK_MATCH_THRESHOLD
) -> SetScore:
    """Soft set counts: one-to-one greedy matching of pairs with token F1 >= ``threshold``.

    Greedy takes the best-overlapping pair first (ties by list order), so the result is
    deterministic and each item is used at most once.
    """
    p, g = distinct(pred), distinct(gold)
    pairs = [(token_f1(a, b), i, j) for i, a in enumerate(p) for j, b in enumerate(g)]
    pairs.sort(key=lambda x: (-x[0], x[1], x[2]))
    used_p: set[int] = set()
    used_g: set[int] = set()
    for score, i, j in pairs:
        if score < threshold:
            break
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
    tp = len(used_p)
    return SetScore(tp=tp, fp=len(p) - tp, fn=len(g) - tp)


def score_values(pred: Iterable[str], gold: Iterable[str]) -> SetScore:
    """Multiset counts of result values after :func:`value_key` normalization."""
    p, g = Counter(map(value_key, pred)), Counter(map(value_key, gold))
    tp = sum((p & g).values())
    return SetScore(tp=tp, fp=sum(p.values()) - tp, fn=sum(g.values()) - tp)


def score_url(pred: str | None, gold: str | None) -> MatchScore:
    """Exact match after :func:`url_key`; a null prediction for a null gold is a match."""
    return MatchScore(url_key(pred or None) == url_key(gold or None))


def score_labels(
    pred: Iterable[str], gold: Iterable[str], alternatives: Iterable[Iterable[str]] = ()
) -> LabelScore:
    """Label counts against whichever accepted set (gold first) gives the best F1.

    Args:
        pred: Predicted labels.
        gold: Gold labels.
        alternatives: Further whole label sets that also count as right.

    Returns:
        Counts of the best set, and ``exact`` when the prediction equals any accepted set.
    """
    p = set(pred)
    candidates = [set(gold), *(set(a) for a in alternatives)]
    best: SetScore | None = None
    for c in candidates:
        s = SetScore(tp=len(p & c), fp=len(p - c), fn=len(c - p))
        if best is None or s.f1 > best.f1:  # strict: ties keep the gold set
            best = s
    assert best is not None
    return LabelScore(best.tp, best.fp, best.fn, exact=any(p == c for c in candidates))


def score_choice(pred: str | None, gold: str, alternatives: Iterable[str] = ()) -> MatchScore:
    """Accuracy of a single label, counting accepted alternatives."""
    return MatchScore(pred is not None and pred in {gold, *alternatives})


@lru_cache(maxsize=1)
def _rouge() -> Any:
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(list(ROUGE_TYPES), use_stemmer=True)


def score_rouge(pred: str, references: Sequence[str]) -> RougeScore:
    """ROUGE-1/2/L F1 against the reference with the best ROUGE-1 (SciTLDR's "max").

    All three numbers come from that one reference, not the best of each separately,
    as in the SciTLDR evaluation.

    Raises:
        ValueError: when there is no reference.
    """
    if not references:
        raise ValueError("score_rouge needs at least one reference")
    best: RougeScore | None = None
    for k, ref in enumerate(references):
        s = _rouge().score(ref, pred or "")
        cand = RougeScore(*(s[t].fmeasure for t in ROUGE_TYPES), reference=k)
        if best is None or cand.rouge1 > best.rouge1:
            best = cand
    assert best is not None
    return best


def verbatim_items(pred: Mapping[str, Any]) -> list[str]:
    """The predicted strings the guide requires to be verbatim from the abstract."""
    items = [*(pred.get("introduces") or []), *(pred.get("datasets") or [])]
    items += _result_parts(pred.get("results"), "value")
    if pred.get("code_url"):
        items.append(pred["code_url"])
    return [i for i in items if isinstance(i, str) and i.strip()]


def score_grounding(items: Iterable[str], abstract: str) -> GroundingScore:
    """Count ``items`` found in ``abstract`` by :func:`summarizer.grounding.find_span`."""
    items = list(items)
    missing = tuple(i for i in items if find_span(i, abstract) is None)
    return GroundingScore(found=len(items) - len(missing), total=len(items), missing=missing)


def _result_parts(results: Any, key: str) -> list[Any]:
    """The non-empty ``key`` of each result (results as dicts or ``Result`` models)."""
    parts = [r.get(key) if isinstance(r, Mapping) else getattr(r, key, None) for r in results or []]
    return [p for p in parts if p]


@dataclass(frozen=True)
class Case:
    """Everything a field scorer may look at for one item."""

    pred: Mapping[str, Any]
    gold: Mapping[str, Any]
    accept: Mapping[str, Any]
    abstract: str
    references: Mapping[str, Sequence[str]]


FieldScorer = Callable[[Case, str], ItemScore]


def _gold(case: Case, name: str) -> Any:
    if name not in case.gold:
        raise ValueError(f"gold has no {name!r}; score only the fields the suite has gold for")
    return case.gold[name]


def _set_field(case: Case, name: str) -> ItemScore:
    extra = case.accept.get(f"{name}_extra") or ()
    return score_set(case.pred.get(name) or [], _gold(case, name) or [], extra)


def _labels_field(case: Case, name: str) -> ItemScore:
    alts = case.accept.get(name) or ()
    return score_labels(case.pred.get(name) or [], _gold(case, name) or [], alts)


def _choice_field(case: Case, name: str) -> ItemScore:
    return score_choice(case.pred.get(name), _gold(case, name), case.accept.get(name) or ())


def _rouge_field(case: Case, name: str) -> ItemScore:
    refs = list(case.references.get(name) or ())
    if not refs:
        gold = _gold(case, name)
        refs = [gold] if isinstance(gold, str) else list(gold or ())
    return score_rouge(case.pred.get(name) or "", refs)


def _problem_field(case: Case, name: str) -> ItemScore:
    rouge = _rouge_field(case, name)
    assert isinstance(rouge, RougeScore)
    return check_problem(rouge, case.pred, case.gold)


_BY_NAME: dict[str, FieldScorer] = {
    "tasks": lambda c, n: score_soft(c.pred.get(n) or [], _gold(c, n) or []),
    # the guide: keywords are a set, matched by token F1 as tasks are
    "keywords": lambda c, n: score_soft(c.pred.get(n) or [], _gold(c, n) or []),
    "results": lambda c, n: score_results(c.pred.get(n) or [], _gold(c, n) or []),
    "code_url": lambda c, n: score_url(c.pred.get(n), _gold(c, n)),
    "problem": _problem_field,
    # SciERC's Metric mentions against the metric names of the predicted results.
    "metrics": lambda c, n: score_set(
        _result_parts(c.pred.get("results"), "metric"), _gold(c, n) or []
    ),
    GROUNDING: lambda c, n: score_grounding(verbatim_items(c.pred), c.abstract),
}


def scorer_for(name: str) -> FieldScorer:
    """The scorer of a field: by name first, else by its type in ``PaperSummary``.

    Raises:
        KeyError: when the field is neither known by name nor a ``PaperSummary`` field of a
            scorable type.
    """
    if name in _BY_NAME:
        return _BY_NAME[name]
    info = PaperSummary.model_fields.get(name)
    ann = info.annotation if info is not None else None
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if ann is str:
        return _rouge_field
    if origin is typing.Literal:
        return _choice_field
    if origin is list and args and typing.get_origin(args[0]) is typing.Literal:
        return _labels_field
    if origin is list and args == (str,):
        return _set_field
    known = sorted({*_BY_NAME, *PaperSummary.model_fields})
    raise KeyError(f"no scorer for field {name!r}; known fields: {', '.join(known)}")


def prediction(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """What an output record predicts: its summary, None for a failed record.

    A partial record's fields that did not validate are left out (they score as empty): the
    record marks them as not the tool's answer.
    """
    summary = record.get("summary")
    if not isinstance(summary, dict):
        return None
    if record.get("error") and not failed_fields(dict(record)):
        return None  # an error with a summary that is not a partial record's
    unchecked = failed_fields(dict(record))
    return {k: v for k, v in summary.items() if k not in unchecked}


def score_item(
    pred: Mapping[str, Any] | None,
    gold: Mapping[str, Any],
    accept: Mapping[str, Any] | None,
    abstract: str,
    fields: Iterable[str] = SCORED_FIELDS,
    *,
    references: Mapping[str, Sequence[str]] | None = None,
    grounding: bool = True,
) -> dict[str, ItemScore]:
    """Score one prediction field by field.

    Args:
        pred: The predicted summary as a dict (or a pydantic model); None for a failed
            record, which scores as an all-empty prediction.
        gold: The gold fields.
        accept: The gold record's ``accept`` alternatives (may be None).
        abstract: The abstract, for grounding.
        fields: The fields to score against gold.
        references: Several references per text field (SciTLDR); when a field has none
            here its gold string is the only reference.
        grounding: Also score the grounding rate under the key ``"grounding"``.

    Returns:
        The per-field item scores.
    """
    if pred is not None and hasattr(pred, "model_dump"):
        pred = pred.model_dump()
    case = Case(pred or {}, gold, accept or {}, abstract, references or {})
    names = list(dict.fromkeys(fields))
    if grounding and GROUNDING not in names:
        names.append(GROUNDING)
    return {name: scorer_for(name)(case, name) for name in names}
