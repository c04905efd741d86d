"""A dataset the paper makes is introduced, not one of its datasets (summarizer.rules.data_cues
built_here, through classify_names). Sentences of arXiv abstracts (public
daily-arXiv-ai-enhanced repository) and of dev gold, verbatim."""

from __future__ import annotations

import pytest

from summarizer.rules.cues import classify_names


@pytest.mark.parametrize(
    ("text", "name"),
    [
        pytest.param(
            "To address the insufficiency of climbing motion datasets, we collect AscendMotion, "
            "a large-scale well-annotated, and challenging climbing motion dataset. To address "
            "the limitations of HMR methods for climbing, we propose ClimbingCap, a motion "
            "recovery method that reconstructs continuous 3D human climbing motion in a global "
            "coordinate system.",
            "AscendMotion",
            id="arXiv: we collect X, a ... dataset",
        ),
        pytest.param(
            "In this work, we (1) introduce a simple yet interpretable metric, termed date "
            "fragmentation ratio, that measures how faithfully a tokenizer preserves multi-digit "
            "date components; (2) release DateAugBench, a suite of 6500 examples spanning three "
            "temporal reasoning tasks.",
            "DateAugBench",
            id="arXiv: release X, a suite",
        ),
        pytest.param(
            "This process yields LapBench-114K, a large-scale benchmark comprising 114K "
            "image-mask pairs.",
            "LapBench-114K",
            id="dev: this process yields X, a benchmark",
        ),
    ],
)
def test_a_dataset_the_paper_makes_is_introduced(text, name):
    introduces, datasets, _ = classify_names(text)
    assert name in introduces and name not in datasets


def test_an_existing_benchmark_inside_a_new_name_stays_existing():
    text = (
        "Inspired by the ARC challenge, we introduce EasyARC, a vision-language benchmark "
        "requiring multi-image, multi-step reasoning, and self-correction."
    )
    introduces, _, _ = classify_names(text)
    assert "EasyARC" in introduces and "ARC" not in introduces
