"""Names written in one list with a well-known dataset are datasets too
(summarizer.rules.dataset_lists.beside_a_known_dataset, through classify_names). Sentences
of arXiv abstracts (public daily-arXiv-ai-enhanced repository) and of dev gold, verbatim."""

from __future__ import annotations

import pytest

from summarizer.rules.cues import classify_names
from summarizer.rules.dataset_lists import beside_a_known_dataset


@pytest.mark.parametrize(
    ("text", "added"),
    [
        pytest.param(
            "Experiments show that the proposed Pro2SAM achieves state-of-the-art performance "
            "on both CUB-200-2011 and ILSVRC, with 84.03\\% and 66.85\\% Top-1 Loc, "
            "respectively.",
            ["ILSVRC"],
            id="arXiv: performance on both X and Y",
        ),
        pytest.param(
            "To compare the validity of different evaluation strategies, we annotate MMLU-Pro "
            "and GPQA-Diamond to obtain human grading data, and measure the agreement of each "
            "evaluation approach.",
            ["GPQA-Diamond"],
            id="arXiv: a known dataset and another",
        ),
        pytest.param(
            "Experiments on four datasets -- KTH, Penn Action, HAA500, and UCF-101 -- "
            "demonstrate that DANCE significantly improves explanation clarity with "
            "competitive performance.",
            ["KTH", "HAA500"],
            id="arXiv: a list between dashes",
        ),
        pytest.param(
            "We validate SeqDG on the EGTEA and EPIC-KITCHENS-100 datasets.",
            ["EGTEA"],
            id="arXiv: X and a known dataset",
        ),
    ],
)
def test_a_name_listed_with_a_known_dataset_is_a_dataset(text, added):
    _, datasets, calls = classify_names(text)
    assert all(name in datasets for name in added)
    others = {c.name for c in calls if c.label == "other"} | set(added)
    without = [d for d in datasets if d not in added]
    assert beside_a_known_dataset(text, without, others) == added


@pytest.mark.parametrize(
    ("text", "models"),
    [
        pytest.param(
            "Experiments on LLaDA-Instruct, LLaDA-1.5, and LLaDA-V across mathematical "
            "reasoning and code generation tasks demonstrate consistent speedups: $8.7\\times$ "
            "on GSM8K (256 tokens), $45.1\\times$ on longer sequences, and $4.8\\times$ on "
            "HumanEval, while consistently maintaining higher accuracy than the baseline.",
            ["LLaDA-1.5", "LLaDA-V"],
            id="arXiv: a list of models, the datasets elsewhere in the sentence",
        ),
        pytest.param(
            "Using state-of-the-art detectors, YOLOv5, YOLOv8, YOLOv11, and Deformable DETR, "
            "evaluated on the KITTI, BDD100K, and nuScenes datasets, we analyze trade-offs "
            "between detection accuracy, computational cost, and resource usage.",
            ["YOLOv5", "YOLOv8", "YOLOv11"],
            id="arXiv: models listed before a list of datasets",
        ),
    ],
)
def test_a_list_without_a_known_dataset_adds_nothing(text, models):
    _, datasets, _ = classify_names(text)
    assert not any(model in datasets for model in models)
