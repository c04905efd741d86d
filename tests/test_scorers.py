"""Scorers: the annotation guide's normalizations, matching rules and aggregation."""

from __future__ import annotations

import pytest

from summarizer.evaluation.scorers import (
    SCORED_FIELDS,
    GroundingScore,
    LabelScore,
    MatchScore,
    ProblemScore,
    ResultScore,
    RougeScore,
    SetScore,
    aggregate,
    bootstrap_ci,
    item_key,
    prediction,
    score_item,
    score_labels,
    score_rouge,
    score_set,
    score_soft,
    score_url,
    score_values,
    scorer_for,
    token_f1,
    url_key,
    value_key,
)

ABSTRACT = (
    "We introduce ImbSAM, a sharpness-aware optimizer for long-tailed classification, and "
    "POLAR-7B. On ImageNet-LT and CIFAR-100 it improves accuracy by 4.8% and reaches "
    "45.82 % top-1; over 90% of 1,113 pairs are solved. Code: https://github.com/x/imbsam."
)
GOLD = {
    "tldr": "ImbSAM is a sharpness-aware optimizer that improves long-tailed classification.",
    "problem": "Sharpness-aware minimization neglects rare classes in long-tailed data.",
    "contribution_types": ["method"],
    "introduces": ["ImbSAM"],
    "datasets": ["ImageNet-LT", "CIFAR-100"],
    "tasks": ["long-tailed classification"],
    "results": [
        {"value": "4.8%", "metric": "accuracy", "subject": "ImbSAM", "kind": "improvement"},
        {"value": "45.82 %", "metric": "top-1", "subject": "ImbSAM", "kind": "absolute"},
        {"value": "90%", "metric": "pairs solved", "subject": None, "kind": "absolute"},
        {"value": "1,113", "metric": "pairs", "subject": None, "kind": "absolute"},
    ],
    "domain": "computer_vision",
    "code_url": "https://github.com/x/imbsam",
    "keywords": ["sharpness-aware minimization", "long-tailed", "optimizer"],
}
ACCEPT = {
    "domain": ["general_ml"],
    "contribution_types": [["method", "theory"]],
    "introduces_extra": ["POLAR-7B"],
}


# ------------------------------------------------------------------ normalization


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("45.82%", "45.82 %"),
        ("87.7\\%", "87.7%"),
        (">90%", "90%"),
        ("<1%", "1%"),
        ("1,113", "1113"),
        ("1,113,000", "1113000"),
        ("+2.59%", "2.59%"),
        ("2.4 PQ", "2.4pq"),
        ("45.80%", "45.8%"),
        ("\u22123.1", "-3.1"),
    ],
    ids=[
        "space-before-percent",
        "latex-percent",
        "greater-than",
        "less-than",
        "thousands-comma",
        "two-thousands-commas",
        "plus-sign",
        "unit-space-and-case",
        "trailing-zero",
        "unicode-minus",
    ],
)
def test_value_key_equal(a: str, b: str) -> None:
    assert value_key(a) == value_key(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("4.8%", "48%"), ("-3.1", "3.1"), ("1.2", "1,2"), ("45.82%", "45.82"), ("7B", "7M")],
    ids=["decimal-point", "minus-kept", "decimal-comma-not-thousands", "unit-kept", "suffix"],
)
def test_value_key_different(a: str, b: str) -> None:
    assert value_key(a) != value_key(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("ImageNet-100", "imagenet 100"),
        ("MS-COCO", "MS COCO"),
        ("Transformers", "Transformer"),
        ("LLMs", "LLM"),
        ("ASVspoof2019 LA", "asvspoof2019-la"),
        ("Droplet3D-4M.", "Droplet3D-4M"),
        ("Ogden et al.'s Lemma", "Ogden et al s lemma"),
    ],
    ids=[
        "case-hyphen",
        "hyphen-space",
        "plural-s",
        "acronym-plural",
        "case-space",
        "punct",
        "apos",
    ],
)
def test_item_key_equal(a: str, b: str) -> None:
    assert item_key(a) == item_key(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("Class", "Clas"), ("ImageNet-100", "ImageNet-1000"), ("SAM", "ImbSAM")],
    ids=["double-s-kept", "digits", "substring"],
)
def test_item_key_different(a: str, b: str) -> None:
    assert item_key(a) != item_key(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("https://github.com/x/y/", "https://github.com/x/y"),
        ("http://github.com/x/y", "https://github.com/x/y"),
        ("github.com/x/y", "https://github.com/x/y"),
        ("https://www.github.com/x/y", "https://github.com/x/y"),
        ("https://GitHub.com/x/y", "https://github.com/x/y"),
        ("https://github.com/x/y).", "https://github.com/x/y"),
        ("robotics-transformer1.github.io", "https://robotics-transformer1.github.io/"),
    ],
    ids=["trailing-slash", "scheme", "no-scheme", "www", "host-case", "trailing-punct", "io"],
)
def test_url_key_equal(a: str, b: str) -> None:
    assert url_key(a) == url_key(b)


def test_url_path_case_matters() -> None:
    assert url_key("https://github.com/X/Y") != url_key("https://github.com/x/y")


# ------------------------------------------------------------------ field scorers


@pytest.mark.parametrize(
    ("pred", "gold", "extra", "expected"),
    [
        (["ImbSAM"], ["ImbSAM"], [], SetScore(1, 0, 0)),
        (["imbsam", "IMBSAM"], ["ImbSAM"], [], SetScore(1, 0, 0)),
        ([], ["A-B", "C"], [], SetScore(0, 0, 2)),
        (["X"], [], [], SetScore(0, 1, 0)),
        (["ImbSAM", "POLAR-7B"], ["ImbSAM"], ["POLAR-7B"], SetScore(1, 0, 0)),
        (["ImbSAM"], ["ImbSAM"], ["POLAR-7B"], SetScore(1, 0, 0)),
        (["POLAR"], ["POLAR"], ["polar"], SetScore(1, 0, 0)),
    ],
    ids=[
        "exact",
        "duplicates-count-once",
        "empty-pred",
        "empty-gold",
        "extra-predicted-not-fp",
        "extra-not-required",
        "gold-wins-over-extra",
    ],
)
def test_score_set(pred, gold, extra, expected) -> None:
    assert score_set(pred, gold, extra) == expected


def test_set_score_edge_conventions() -> None:
    assert SetScore(0, 0, 0).f1 == 1.0
    assert (SetScore(0, 0, 2).precision, SetScore(0, 0, 2).f1) == (0.0, 0.0)
    assert (SetScore(0, 2, 0).recall, SetScore(0, 2, 0).f1) == (0.0, 0.0)
    assert SetScore(1, 1, 0).f1 == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    ("pred", "gold", "expected"),
    [
        (["long-tailed classification"], ["long tailed classification"], SetScore(1, 0, 0)),
        (["anomaly detection"], ["semi-supervised anomaly detection"], SetScore(1, 0, 0)),
        (["detection"], ["semi-supervised anomaly detection"], SetScore(0, 1, 1)),
        (["image classification"], ["image segmentation"], SetScore(1, 0, 0)),
        (["image classification", "image"], ["image classification"], SetScore(1, 1, 0)),
        (
            ["anomaly detection", "object detection"],
            ["object detection", "anomaly detection"],
            SetScore(2, 0, 0),
        ),
    ],
    ids=[
        "hyphen",
        "overlap-0.67",
        "overlap-0.4-below-threshold",
        "overlap-exactly-0.5",
        "one-to-one",
        "greedy-best-pair-first",
    ],
)
def test_score_soft(pred, gold, expected) -> None:
    assert score_soft(pred, gold) == expected


def test_token_f1() -> None:
    assert token_f1("a b", "a b") == 1.0
    assert token_f1("a", "b") == 0.0
    assert token_f1("detection", "semi-supervised anomaly detection") == pytest.approx(0.4)


@pytest.mark.parametrize(
    ("pred", "gold", "expected"),
    [
        (["45.82%"], ["45.82 %"], SetScore(1, 0, 0)),
        ([">90%"], ["90%"], SetScore(1, 0, 0)),
        (["87.7\\%"], ["87.7%"], SetScore(1, 0, 0)),
        (["1,113"], ["1113"], SetScore(1, 0, 0)),
        (["5%", "5%"], ["5%"], SetScore(1, 1, 0)),
        (["5%"], ["5%", "5%"], SetScore(1, 0, 1)),
        (["4.8%"], ["48%"], SetScore(0, 1, 1)),
    ],
    ids=["space", "bound", "latex", "thousands", "multiset-extra", "multiset-missing", "miss"],
)
def test_score_values(pred, gold, expected) -> None:
    assert score_values(pred, gold) == expected


@pytest.mark.parametrize(
    ("pred", "gold", "correct"),
    [
        (None, None, True),
        ("", None, True),
        ("github.com/x/y/", "https://github.com/x/y", True),
        (None, "https://github.com/x/y", False),
        ("https://github.com/x/y", None, False),
        ("https://github.com/x/z", "https://github.com/x/y", False),
    ],
    ids=["both-null", "empty-is-null", "normalized", "missed", "spurious", "wrong"],
)
def test_score_url(pred, gold, correct) -> None:
    assert score_url(pred, gold) == MatchScore(correct)


@pytest.mark.parametrize(
    ("pred", "gold", "alts", "expected"),
    [
        (["method"], ["method"], [], LabelScore(1, 0, 0, exact=True)),
        (["method", "theory"], ["method"], [], LabelScore(1, 1, 0, exact=False)),
        (["method", "theory"], ["method"], [["method", "theory"]], LabelScore(2, 0, 0, True)),
        (["theory"], ["method"], [["method", "theory"]], LabelScore(1, 0, 1, exact=False)),
        (["dataset"], ["method"], [["theory"]], LabelScore(0, 1, 1, exact=False)),
        ([], ["method"], [], LabelScore(0, 0, 1, exact=False)),
    ],
    ids=["exact", "extra-label", "alternative-exact", "alternative-partial", "wrong", "empty"],
)
def test_score_labels(pred, gold, alts, expected) -> None:
    assert score_labels(pred, gold, alts) == expected


def test_rouge_single_reference() -> None:
    same = score_rouge(
        "Adaptive loss scaling improves training.", ["adaptive loss scaling improves training"]
    )
    assert (same.rouge1, same.rouge2, same.rougeL) == (1.0, 1.0, 1.0)
    assert score_rouge("", ["a reference"]).rouge1 == 0.0


def test_rouge_stemming() -> None:
    assert score_rouge("models improving", ["model improves"]).rouge1 == 1.0


def test_rouge_several_references_keeps_best_rouge1() -> None:
    pred = "we scale the loss per layer for mixed precision"
    refs = ["an unrelated sentence about graphs", "loss scaling per layer for mixed precision"]
    best = score_rouge(pred, refs)
    alone = score_rouge(pred, [refs[1]])
    assert best.reference == 1
    assert (best.rouge1, best.rouge2, best.rougeL) == (alone.rouge1, alone.rouge2, alone.rougeL)


def test_rouge_reports_all_metrics_of_the_rouge1_winner() -> None:
    # Reference 0 has every unigram but no bigram; reference 1 has the better ROUGE-2.
    pred = "alpha beta gamma delta"
    refs = ["alpha gamma beta delta", "alpha beta zeta theta"]
    best = score_rouge(pred, refs)
    assert best.reference == 0 and best.rouge1 == 1.0
    assert best.rouge2 == 0.0 < score_rouge(pred, refs[1:]).rouge2


def test_rouge_needs_a_reference() -> None:
    with pytest.raises(ValueError):
        score_rouge("x", [])


# ------------------------------------------------------------------ registry and items


@pytest.mark.parametrize(
    ("field", "kind"),
    [
        ("introduces", SetScore),
        ("datasets", SetScore),
        ("tasks", SetScore),
        ("results", ResultScore),
        ("contribution_types", LabelScore),
        ("domain", MatchScore),
        ("code_url", MatchScore),
        ("tldr", RougeScore),
        ("problem", ProblemScore),
        ("grounding", GroundingScore),
    ],
    ids=lambda x: x if isinstance(x, str) else x.__name__,
)
def test_registry_picks_scorer(field, kind) -> None:
    scores = score_item(GOLD, GOLD, ACCEPT, ABSTRACT)
    assert type(scores[field]) is kind
    assert scorer_for(field) is not None


def test_registry_unknown_field() -> None:
    with pytest.raises(KeyError, match="no scorer"):
        scorer_for("color")


def test_gold_against_itself_is_perfect() -> None:
    scores = score_item(GOLD, GOLD, ACCEPT, ABSTRACT)
    agg = aggregate([scores])
    for field in ("introduces", "datasets", "tasks", "results"):
        assert agg[field]["f1"] == 1.0, field
    assert agg["contribution_types"]["exact_set"] == 1.0
    assert agg["domain"]["accuracy"] == agg["code_url"]["accuracy"] == 1.0
    assert agg["tldr"]["rouge1"] == pytest.approx(1.0)
    assert agg["grounding"]["rate"] == 1.0
    assert agg["grounding"]["items"] == 8  # 1 introduces + 2 datasets + 4 values + 1 url


def test_accept_alternatives_in_item() -> None:
    pred = {**GOLD, "domain": "general_ml", "contribution_types": ["method", "theory"]}
    pred["introduces"] = ["ImbSAM", "POLAR-7B"]
    scores = score_item(pred, GOLD, ACCEPT, ABSTRACT)
    assert scores["domain"] == MatchScore(True)
    assert scores["contribution_types"] == LabelScore(2, 0, 0, exact=True)
    assert scores["introduces"] == SetScore(1, 0, 0)
    without = score_item(pred, GOLD, {}, ABSTRACT)
    assert without["domain"] == MatchScore(False)
    assert without["introduces"] == SetScore(1, 1, 0)


def test_none_prediction_counts_as_empty() -> None:
    scores = score_item(None, GOLD, ACCEPT, ABSTRACT)
    assert scores["datasets"] == SetScore(0, 0, 2)
    assert scores["results"] == ResultScore(0, 0, 4)
    assert scores["contribution_types"] == LabelScore(0, 0, 1, exact=False)
    assert scores["domain"] == MatchScore(False)
    assert scores["code_url"] == MatchScore(False)
    assert scores["tldr"].rouge1 == 0.0
    assert scores["grounding"] == GroundingScore(0, 0)
    agg = aggregate([score_item(GOLD, GOLD, ACCEPT, ABSTRACT), scores])
    assert agg["datasets"]["recall"] == 0.5 and agg["datasets"]["precision"] == 1.0


def test_grounding_counts_missing_items() -> None:
    pred = {"introduces": ["ImbSAM", "ImageNet-21K"], "results": [{"value": "5%"}]}
    score = score_item(pred, {}, None, ABSTRACT, fields=())["grounding"]
    assert (score.found, score.total) == (1, 3)
    assert score.missing == ("ImageNet-21K", "5%")  # "5%" must not match inside "45.82 %"


def test_references_override_gold_string() -> None:
    refs = {"tldr": ["something else entirely", GOLD["tldr"]]}
    score = score_item(GOLD, GOLD, {}, ABSTRACT, fields=("tldr",), references=refs)["tldr"]
    assert score.reference == 1 and score.rouge1 == pytest.approx(1.0)


def test_missing_gold_field_is_an_error() -> None:
    with pytest.raises(ValueError, match="gold has no 'datasets'"):
        score_item(GOLD, {"tldr": "x"}, {}, ABSTRACT, fields=("datasets",))


def test_metrics_pseudo_field() -> None:
    pred = {"results": [{"value": "1", "metric": "Accuracy"}, {"value": "2", "metric": None}]}
    score = score_item(pred, {"metrics": ["accuracy", "BLEU"]}, {}, "", fields=("metrics",))
    assert score["metrics"] == SetScore(1, 0, 1)


def test_default_fields_are_the_guides() -> None:
    assert set(score_item(GOLD, GOLD, ACCEPT, ABSTRACT)) == {*SCORED_FIELDS, "grounding"}


# ------------------------------------------------------------------ aggregation


def test_aggregate_is_micro_for_sets_and_mean_for_rouge() -> None:
    items = [
        {"datasets": SetScore(9, 1, 0), "tldr": RougeScore(1.0, 1.0, 1.0)},
        {"datasets": SetScore(0, 0, 10), "tldr": RougeScore(0.0, 0.0, 0.0)},
    ]
    agg = aggregate(items)
    assert agg["datasets"]["precision"] == pytest.approx(0.9)
    assert agg["datasets"]["recall"] == pytest.approx(9 / 19)
    assert agg["datasets"]["n"] == 2
    assert agg["tldr"] == {"rouge1": 0.5, "rouge2": 0.5, "rougeL": 0.5, "n": 2}


def test_aggregate_skips_fields_an_item_lacks() -> None:
    agg = aggregate([{"domain": MatchScore(True)}, {"tldr": RougeScore(0.5, 0.2, 0.4)}])
    assert agg["domain"] == {"accuracy": 1.0, "n": 1}


def _many() -> list[dict]:
    return [
        {"domain": MatchScore(i % 3 != 0), "datasets": SetScore(i % 4, 1, i % 2)} for i in range(40)
    ]


def test_bootstrap_is_deterministic_with_seed() -> None:
    items = _many()
    first = bootstrap_ci(items, "domain", "accuracy", n=300, seed=7)
    assert first == bootstrap_ci(items, "domain", "accuracy", n=300, seed=7)
    assert first != bootstrap_ci(items, "domain", "accuracy", n=300, seed=8)


def test_bootstrap_interval_contains_the_estimate() -> None:
    items = _many()
    point = aggregate(items)["datasets"]["f1"]
    low, high = bootstrap_ci(items, "datasets", "f1", n=300)
    assert low <= point <= high and low < high


def test_bootstrap_of_constant_scores_is_a_point() -> None:
    assert bootstrap_ci([{"domain": MatchScore(True)}] * 5, "domain", "accuracy", n=50) == (
        1.0,
        1.0,
    )


@pytest.mark.parametrize(
    ("field", "metric"), [("tldr", "rouge1"), ("domain", "f1")], ids=["no-field", "no-metric"]
)
def test_bootstrap_bad_request(field, metric) -> None:
    with pytest.raises(ValueError):
        bootstrap_ci(_many(), field, metric, n=10)


def test_a_partial_record_predicts_its_valid_fields_and_nothing_for_the_failed_ones():
    summary = {"tldr": "Copied from the abstract.", "introduces": ["ImbSAM"], "domain": "other"}
    partial = {
        "summary": summary,
        "error": {"type": "PartialRecord", "message": "m", "fields": [{"field": "tldr"}]},
    }
    assert prediction(partial) == {"introduces": ["ImbSAM"], "domain": "other"}
    assert prediction({"summary": summary, "error": None}) == summary
    assert prediction({"summary": None, "error": {"type": "E", "message": "m"}}) is None
    gold = {"tldr": "Copied from the abstract.", "introduces": ["ImbSAM"]}
    scores = score_item(prediction(partial), gold, None, "ImbSAM here.", ["tldr", "introduces"])
    assert scores["introduces"] == SetScore(tp=1)
    assert scores["tldr"].rouge1 == 0.0  # not the tool's answer: scored as empty
