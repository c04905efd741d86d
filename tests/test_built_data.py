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


@pytest.mark.parametrize(
    ("text", "name"),
    [
        pytest.param(
            "To evaluate the transparent surface reconstruction task under realistic conditions, "
            "we collect a TransLab dataset that includes complex transparent laboratory "
            "glassware. Extensive experiments on TransLab show that TSGS achieves accurate "
            "geometric reconstruction.",
            "TransLab",
            id="arXiv 2504.12799: we collect a X dataset",
        ),
        pytest.param(
            "Based on the pipeline, we collect the EQA-RT dataset that contains about 18K tasks.",
            "EQA-RT",
            id="arXiv 2510.20310: we collect the X dataset",
        ),
        pytest.param(
            "Instead of training separate models for individual tasks, our approach is trained "
            "once on our new AnyInsertion dataset--comprising 120K prompt-image pairs. Extensive "
            "experiments on AnyInsertion, DreamBooth, and VTON-HD benchmarks demonstrate that "
            "our method consistently outperforms existing alternatives.",
            "AnyInsertion",
            id="arXiv 2504.15009: our new X dataset",
        ),
        pytest.param(
            "Comprehensive experiments on SMOKE5K and custom IJmond datasets demonstrate that "
            "CEDANet achieves an F1-score of 0.414.",
            "IJmond",
            id="arXiv 2507.22002: custom X datasets",
        ),
        pytest.param(
            "Extensive experiments on the UBC fashion dataset, our self-constructed ASOS "
            "dataset, and the newly collected MannequinVideos dataset captured on-site "
            "demonstrate that M2HVideo achieves superior performance.",
            "MannequinVideos",
            id="arXiv 2510.16833: the newly collected X dataset",
        ),
        pytest.param(
            "To bootstrap this policy, we compile a modest but carefully curated Visuo-Lingual "
            "Interleaved Rationale (VLIR) corpus that provides step-level supervision on region "
            "selection.",
            "VLIR",
            id="arXiv: we compile a ... Long Form (X) corpus",
        ),
    ],
)
def test_data_said_to_be_made_before_its_data_word_is_introduced(text, name):
    introduces, datasets, _ = classify_names(text)
    assert name in introduces and name not in datasets


@pytest.mark.parametrize(
    ("text", "name"),
    [
        pytest.param(
            "The goal of this study is to enhance the accuracy of wildfire detection by using "
            "Convolutional Neural Network (CNN) built on the VGG16 architecture. The D-FIRE "
            "dataset, which includes several kinds of wildfire and non-wildfire images, was "
            "employed in the study.",
            "D-FIRE",
            id="arXiv 2505.19479: a making verb in the sentence before",
        ),
        pytest.param(
            "To facilitate unified evaluation, we introduce CholecT45-Scene, extending CholecT45 "
            "dataset with 64,299 frames of pixel-level mask annotations.",
            "CholecT45",
            id="arXiv 2605.13530: the dataset a new one extends",
        ),
        pytest.param(
            "We introduce Uni4D, a unified framework for large scale open vocabulary 3D "
            "retrieval. Built upon the Align3D 130 dataset, Uni4D employs a 3D text multi head "
            "attention and search model.",
            "Align3D 130",
            id="arXiv 2512.22294: built upon the X dataset",
        ),
        pytest.param(
            "Leveraging the CI4A-integrated Ant Design, we refactored and upgraded the WebArena "
            "benchmark to evaluate existing SoTA methods.",
            "WebArena",
            id="arXiv 2601.14790: an existing benchmark the paper changes",
        ),
        pytest.param(
            "We have evaluated our model on MNIST dataset and achieved approximately 98.9 % "
            "accuracy.",
            "MNIST",
            id="SciTLDR dev: our model on X dataset",
        ),
        pytest.param(
            "We use this novel technique to force gates to be more conditional on the data. We "
            "present results on CIFAR-10 and ImageNet datasets for image classification.",
            "ImageNet",
            id="SciTLDR dev: we present results on X datasets",
        ),
        pytest.param(
            "Finally, we show that models fine-tuned from our animated GIF description dataset "
            "can be helpful for automatic movie description.",
            "GIF",
            id="SciERC train: a word between the name and its data word",
        ),
        pytest.param(
            "Previous research on VLN is primarily conducted on the Room-to-Room (R2R) dataset "
            "with only English instructions. Towards multilingual VLN with numerous languages, "
            "we collect a cross-lingual R2R dataset, which extends the original benchmark.",
            "R2R",
            id="SciTLDR train: an existing dataset the paper's new one extends",
        ),
    ],
)
def test_data_the_paper_only_uses_is_not_introduced(text, name):
    introduces, _, _ = classify_names(text)
    assert name not in introduces


def test_an_existing_benchmark_inside_a_new_name_stays_existing():
    text = (
        "Inspired by the ARC challenge, we introduce EasyARC, a vision-language benchmark "
        "requiring multi-image, multi-step reasoning, and self-correction."
    )
    introduces, _, _ = classify_names(text)
    assert "EasyARC" in introduces and "ARC" not in introduces
