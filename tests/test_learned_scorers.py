"""The learned scorers: the task scorer's noun phrases and how it fills in after the phrase
rules, the keyword scorer's reordering of the keyword rules' candidates, and that the shipped
weights of both are what training on the dev part gives (arXiv sentences quoted with their
ids)."""

from __future__ import annotations

import pytest

from summarizer.rules import Analysis, find_tasks, with_scored
from summarizer.rules.keywords import RERANKED, choose_keywords, keyword_features
from summarizer.rules.task_scores import (
    FILL_TO,
    SURE,
    ScoredPhrase,
    choose,
    phrase_features,
    probability,
    ranked,
)

from .conftest import load_eval_script


@pytest.mark.parametrize(
    "sentence, task",
    [
        pytest.param(
            "Image dehazing is a critical challenge in computer vision, essential for "
            "enhancing image clarity in hazy conditions.",
            "Image dehazing",  # not its bare words "dehazing" or "Image", scored higher
            id="2512.23950",
        ),
        pytest.param(
            "This paper presents a low cost, on premise system for autonomous backyard bird "
            "monitoring in Belgian urban gardens.",
            "autonomous backyard bird monitoring",
            id="2508.09398",
        ),
        pytest.param(
            "Video object removal has achieved advanced performance due to the recent success "
            "of video generative models.",
            "object removal",
            id="2508.18633",
        ),
        pytest.param(
            "Unified image restoration is a significantly challenging task in low-level vision.",
            "image restoration",
            id="2507.00790",
        ),
    ],
)
def test_the_scorer_names_a_task_the_phrase_rules_miss(sentence: str, task: str) -> None:
    assert find_tasks(sentence) == []
    assert with_scored(sentence, []) == [task]


def test_a_phrase_starts_after_a_space_and_ends_on_a_noun_or_a_gerund() -> None:
    # 2605.05025: "single-pass" is one word; "image dehazing" ends on a gerund
    found = phrase_features(
        "We propose a lightweight and single-pass uncertainty quantification method. "
        "Image dehazing is a critical challenge in computer vision."
    )
    assert "single-pass uncertainty quantification" in found
    assert "pass uncertainty quantification" not in found
    assert "image dehazing" in found
    assert "image dehazing is" not in found
    text, features = found["image dehazing"]
    assert text == "Image dehazing"
    assert {"h=dehazing", "len=2", "sidx=1", "lastsent"} <= features


def test_the_phrase_rules_own_features_mark_their_tasks() -> None:
    abstract = "We study semantic segmentation of aerial scenes."
    found = phrase_features(abstract)
    assert {"rule", "rule0", "rulephr", "taskhead"} <= found["semantic segmentation"][1]
    assert "rule" not in found["aerial scenes"][1]


def test_the_rules_come_first_and_the_scorer_only_fills_in() -> None:
    sure = ScoredPhrase("image geolocalization", SURE)
    unsure = ScoredPhrase("visual content", SURE - 0.01)
    assert choose(["depth estimation"], [sure, unsure]) == [
        "depth estimation",
        "image geolocalization",
    ]
    assert choose([], [unsure]) == []
    names = ("object removal", "image restoration", "flood mapping", "bird monitoring")
    many = [ScoredPhrase(n, 0.9) for n in names]
    assert choose([], many) == [p.text for p in many[:FILL_TO]]
    # the rules' tasks are all kept, and the scorer is not read once they are enough
    full = ["a segmentation", "b detection", "c tracking", "d retrieval"]
    assert choose(full, [sure]) == full
    assert with_scored("Video object removal has advanced.", full) == full


def test_a_bare_word_is_no_task_the_scorer_adds() -> None:
    assert choose([], [ScoredPhrase("Image", 0.95), ScoredPhrase("meta-learning", 0.9)]) == [
        "meta-learning"
    ]


def test_a_phrase_the_rules_write_better_is_not_added() -> None:
    # 2503.18998: the scorer's "few-shot" is a piece of the rules' "few-shot learning"
    rules = ["domain adaptation", "few-shot learning"]
    assert choose(rules, [ScoredPhrase("few-shot", 0.9)]) == rules
    assert choose(rules, [ScoredPhrase("unsupervised domain adaptation", 0.9)]) == rules
    assert choose(rules, [ScoredPhrase("emotion recognition", 0.9)]) == [
        *rules,
        "emotion recognition",
    ]


def test_scores_do_not_depend_on_the_order_of_features() -> None:
    table = {"a": 0.1, "b": -0.3, "c": 2.0}
    assert probability(["a", "b", "c"], table) == probability(("c", "a", "b"), table)
    assert probability([], {}) == 0.5
    found = {"x": ("X", {"c"}), "y": ("Y", {"b"}), "z": ("Z", {"c"})}
    assert [p.text for p in ranked(found, table)] == ["X", "Z", "Y"]


def test_analysis_and_text_give_the_same_tasks() -> None:
    abstract = (
        "Video object removal has achieved advanced performance. We propose ROSE, which "
        "removes shadows and reflections."
    )
    assert with_scored(abstract, find_tasks(abstract)) == with_scored(
        Analysis(abstract), find_tasks(Analysis(abstract))
    )


KEYWORD_ABSTRACT = (
    # 2508.18633, its first two sentences
    "Video object removal has achieved advanced performance due to the recent success of "
    "video generative models. However, when addressing the side effects of objects, e.g., "
    "their shadows and reflections, existing works struggle to eliminate these effects for "
    "the scarcity of paired video data as supervision."
)


def test_the_keyword_scorer_reads_the_best_candidates_in_their_word_score_order() -> None:
    found = keyword_features(KEYWORD_ABSTRACT)
    assert 3 < len(found) <= RERANKED
    assert [f for f in found[0][1] if f.startswith("rank=")] == ["rank=0"]
    assert [f for f in found[3][1] if f.startswith("rank=")] == ["rank=3"]
    # an empty table scores every candidate alike: the word scores decide, as without it
    assert choose_keywords(KEYWORD_ABSTRACT, table={})[0] == found[0][0]


def test_the_keyword_scorer_orders_what_it_is_given() -> None:
    found = keyword_features(KEYWORD_ABSTRACT)
    fourth = found[3][0]
    assert choose_keywords(KEYWORD_ABSTRACT, table={"rank=3": 5.0})[0] == fourth
    assert fourth not in choose_keywords(KEYWORD_ABSTRACT, table={"rank=3": -30.0}, limit=3)


@pytest.mark.slow
@pytest.mark.parametrize("scorer", ["tasks", "keywords"])
def test_the_shipped_weights_are_what_training_gives(scorer: str, monkeypatch, capsys) -> None:
    train = load_eval_script("train_scorers")
    monkeypatch.setattr("sys.argv", ["train_scorers.py", scorer, "--check"])
    assert train.main() == 0
    assert "the shipped weights are what training gives" in capsys.readouterr().out
