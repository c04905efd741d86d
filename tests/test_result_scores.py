"""Results scored as facts: value, value + metric, value + metric + subject."""

from __future__ import annotations

import pytest

from summarizer.evaluation.result_scores import (
    ResultScore,
    same_metric,
    same_subject,
    score_results,
)
from summarizer.evaluation.run import score_table
from summarizer.evaluation.scorers import bootstrap_ci


def r(value: str, metric: str | None = None, subject: str | None = None) -> dict:
    return {"value": value, "metric": metric, "subject": subject, "kind": "absolute"}


@pytest.mark.parametrize(
    ("pred", "gold", "right"),
    [
        ("top-1 accuracy", "top-1 accuracy", True),
        ("accuracy", "top-1 accuracy on ImageNet", True),  # content words all in gold
        ("the accuracy", "accuracy", True),
        ("success rate", "average success rate", True),  # token F1 0.8
        ("accuracy", "F1 score", False),
        ("speed", "memory", False),
        (None, None, True),
        (None, "accuracy", False),
        ("accuracy", None, False),
        ("of the", "accuracy", False),  # no content word
    ],
)
def test_same_metric(pred, gold, right) -> None:
    assert same_metric(pred, gold) is right


@pytest.mark.parametrize(
    ("pred", "gold", "right"),
    [
        ("LLaMa-8B", "LLaMa-8B (baseline)", True),
        ("llama 8b", "LLaMa-8B", True),
        ("Net", "FooNet", False),  # not a whole-word part
        ("FooNet", "BarNet", False),
        ("FooNet large", "FooNet", True),
        (None, None, True),
        ("FooNet", None, False),
    ],
)
def test_same_subject(pred, gold, right) -> None:
    assert same_subject(pred, gold) is right


def test_counts_at_three_levels() -> None:
    gold = [r("78.9%", "top-1 accuracy", "FooNet"), r("71.2%", "top-1 accuracy", "ResNet"),
            r("3x", "speed-up", "FooNet")]  # fmt: skip
    pred = [r("78.9%", "accuracy", "FooNet"), r("71.2%", "accuracy", "FooNet"),
            r("3x", None, "FooNet"), r("12", "layers", None)]  # fmt: skip
    score = score_results(pred, gold)
    assert score == ResultScore(tp=3, fp=1, fn=0, metric_tp=2, subject_tp=2, full_tp=1)
    agg = ResultScore.aggregate([score])
    assert agg["f1"] == pytest.approx(6 / 7)
    assert agg["metric_f1"] == pytest.approx(4 / 7)
    assert agg["full_f1"] == pytest.approx(2 / 7)
    assert agg["metric_share"] == pytest.approx(2 / 3)
    assert agg["subject_share"] == pytest.approx(2 / 3)


def test_repeated_value_pairs_best_first_whatever_the_order() -> None:
    gold = [r("5%", "recall", "A"), r("5%", "precision", "B")]
    for pred in ([r("5%", "precision", "B"), r("5%", "recall", "A")],
                 [r("5%", "recall", "A"), r("5%", "precision", "B")]):  # fmt: skip
        assert score_results(pred, gold).full_tp == 2


def test_no_gold_and_no_prediction_is_perfect() -> None:
    agg = ResultScore.aggregate([score_results([], [])])
    assert agg["f1"] == agg["metric_f1"] == agg["full_f1"] == 1.0


def test_every_level_gets_a_bootstrap_interval() -> None:
    items = [
        {"results": score_results([r("1%", "accuracy", "A")], [r("1%", "accuracy", "A")])},
        {"results": score_results([r("2%", None, "A")], [r("2%", "recall", "B")])},
        {"results": score_results([r("3%", "recall", None)], [r("3%", "recall", "C")])},
    ]
    low, high = bootstrap_ci(items, "results", "metric_share", n=200)
    assert 0.0 <= low <= 2 / 3 <= high <= 1.0
    table = score_table(items, resamples=50)
    metrics = table["results"]["metrics"]
    assert {"f1", "metric_f1", "full_f1", "metric_share", "subject_share"} <= set(metrics)
    assert metrics["subject_share"]["value"] == pytest.approx(1 / 3)
    assert table["results"]["main"] == "f1"
