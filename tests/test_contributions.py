"""Contribution types from the head nouns of what the paper makes."""

from __future__ import annotations

import pytest

from summarizer.rules.analysis import Analysis
from summarizer.rules.contributions import (
    classify_contributions,
    described_kinds,
    kind_of_phrase,
)


@pytest.mark.parametrize(
    "phrase, kind",
    [
        pytest.param("challenging benchmark designed to test models", "benchmark", id="head"),
        pytest.param(
            "image and concept benchmark containing the Foo dataset",
            "benchmark",
            id="ends-before-containing",
        ),
        pytest.param(
            "simple yet effective data collection paradigm that",
            "method",
            id="last-noun-is-the-head",
        ),
        pytest.param("fast implementation of the BLEU metric", "system", id="ends-before-of"),
        pytest.param("Multi-Scale Flow (MSF) framework for", "method", id="skips-short-form"),
        pytest.param("dynamic evaluation framework that", "benchmark", id="evaluation-framework"),
        pytest.param("theoretical analysis of convergence", "theory", id="theoretical-analysis"),
        pytest.param("large-scale empirical study", "empirical_study", id="study"),
        pytest.param("new way to look at it", None, id="no-kind"),
        pytest.param("method and a dataset", "method", id="second-phrase-is-its-own"),
    ],
)
def test_kind_of_phrase(phrase: str, kind: str | None) -> None:
    assert kind_of_phrase(phrase.replace("(", " ( ").replace(")", " ) ").split()) == kind


@pytest.mark.parametrize(
    "abstract, names, kinds",
    [
        pytest.param(
            "We present QuillBench, a hard benchmark of 1,113 cases.",
            ["QuillBench"],
            ["benchmark"],
            id="appositive",
        ),
        pytest.param(
            "We propose the Gated Flow (GF) objective, which is simple.",
            ["GF"],
            ["method"],
            id="short-form-then-noun",
        ),
        pytest.param("We release the ZedSet corpus.", ["ZedSet"], ["dataset"], id="noun-after"),
        pytest.param("We build a new benchmark called Tarn.", ["Tarn"], ["benchmark"], id="called"),
        pytest.param(
            "On the Foo dataset, ZedNet is fast.",
            ["ZedNet"],
            [],
            id="dataset-before-a-comma-is-not-what-it-is",
        ),
    ],
)
def test_described_kinds(abstract: str, names: list[str], kinds: list[str]) -> None:
    assert described_kinds(Analysis(abstract), names) == kinds


@pytest.mark.parametrize(
    "abstract, introduces, expected",
    [
        pytest.param(
            "We present QuillBench, a benchmark of 1,113 cases built from the Lark dataset. "
            "Models score low on it.",
            ["QuillBench"],
            ["benchmark"],
            id="benchmark-built-on-a-dataset-is-not-a-dataset",
        ),
        pytest.param(
            "We propose ZedNet, a simple data collection paradigm that varies the scene. On "
            "the Foo dataset, ZedNet doubles the success rate.",
            ["ZedNet"],
            ["method"],
            id="method-that-collects-data",
        ),
        pytest.param(
            "We introduce TorchMeter, a fast implementation of the BLEU metric on the GPU.",
            ["TorchMeter"],
            ["system"],
            id="implementation-is-a-system",
        ),
        pytest.param(
            "We introduce Arena9, an evaluation framework that measures how models generalize.",
            ["Arena9"],
            ["benchmark"],
            id="evaluation-framework-is-a-benchmark",
        ),
        pytest.param(
            "We conduct a large-scale empirical study of 40 optimizers on vision tasks.",
            [],
            ["empirical_study"],
            id="empirical-study",
        ),
        pytest.param(
            "We propose ZedNet for sorting. We conduct extensive experiments on five datasets.",
            ["ZedNet"],
            ["method"],
            id="experiments-are-no-study",
        ),
        pytest.param(
            "A pre-registered survey of experts failed to predict this. We study why models "
            "learn the narrow task and analyze their solutions.",
            [],
            ["empirical_study"],
            id="a-survey-of-experts-is-no-survey",
        ),
        pytest.param(
            "This critical review offers a structured synthesis of recent work on robot learning.",
            [],
            ["survey"],
            id="review",
        ),
        pytest.param(
            "We introduce the first taxonomy of curriculum schedules for language models.",
            [],
            ["survey"],
            id="taxonomy",
        ),
        pytest.param(
            "We carry out a theoretical analysis of the convergence of two-layer networks.",
            [],
            ["theory"],
            id="theoretical-analysis",
        ),
    ],
)
def test_classify_contributions(abstract: str, introduces: list[str], expected: list[str]) -> None:
    assert classify_contributions(abstract, introduces) == expected
