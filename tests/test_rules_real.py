"""The name, dataset, task and result rules on sentences of real abstracts.

Each sentence is quoted from a SciTLDR abstract (Apache-2.0; ``paper_id`` in the test id) or
from a dev gold record (its ``id``); none is from the test or the blind part. The expected
answers follow the annotation guide.
"""

from __future__ import annotations

import pytest

from summarizer.rules import (
    Analysis,
    classify_names,
    find_candidates,
    find_names,
    find_numbers,
    find_tasks,
)
from summarizer.rules.listed import NameList

from .support.rule_reads import names_of


def _results(abstract: str) -> list[tuple[str, str | None, str]]:
    """(value, subject, kind) of every number, as the plan binds them."""
    analysis = Analysis(abstract)
    names = find_candidates(analysis, with_numbers=False).names
    introduces, datasets, _ = classify_names(analysis, names)
    return [
        (n.value, n.subject, n.kind) for n in find_numbers(analysis, names, datasets, introduces)
    ]


# --- introduces ----------------------------------------------------------------------------


def test_a_short_form_called_novel_in_its_appositive_is_introduced_whatever_the_verb() -> None:
    # SciTLDR SkxSv6VFvS: "instantiate ... as", not "propose"; the appositive says it is new
    sentence = (
        "In this work, we instantiate one possible solution as Deformable Kernels (DKs), a "
        "family of novel and generic convolutional operators for handling object deformations "
        "by directly adapting the ERF while leaving the receptive field untouched."
    )
    assert names_of(sentence)[0] == ["DKs"]


def test_a_spelled_out_name_in_parentheses_is_not_a_second_item() -> None:
    # SciTLDR Skx82ySYPH: "IO-Net (i.e. InlierOutlierNet)" is one artifact, given by its short name
    sentence = (
        "We introduce IO-Net (i.e. InlierOutlierNet), a novel proxy task for the "
        "self-supervision of keypoint detection, description and matching."
    )
    assert names_of(sentence)[0] == ["IO-Net"]


def test_an_earlier_algorithm_named_beside_the_papers_own_is_not_introduced() -> None:
    # SciTLDR SyGjjsC5tQ
    abstract = (
        "Learning with Opponent-Learning Awareness (LOLA) is a recent algorithm that exploits "
        "this response and leads to cooperation in settings like the Iterated Prisoner's "
        "Dilemma. In this paper we present Stable Opponent Shaping (SOS), a new method that "
        "interpolates between LOLA and a stable variant named LookAhead."
    )
    introduces, _ = names_of(abstract)
    assert "SOS" in introduces and "LOLA" not in introduces


def test_a_kind_of_record_the_paper_releases_is_no_name_of_its_own() -> None:
    # SciTLDR BkgqL0EtPH: "the largest public ECG dataset" is unnamed; ECG is the signal
    sentence = (
        "We release the largest public ECG dataset of continuous raw signals for representation "
        "learning containing over 11k patients and 2 billion labelled beats."
    )
    assert names_of(sentence) == ([], [])
    assert [subject for _, subject, _ in _results(sentence)] == [None, None]


def test_the_counts_of_a_dataset_the_paper_builds_belong_to_it() -> None:
    # dev afdb7b0c547ab5d4: NATURAL INSTRUCTIONS is on the known list now, yet here it is new
    sentence = (
        "To study this, we introduce NATURAL INSTRUCTIONS, a dataset of 61 distinct tasks, "
        "their human-authored instructions, and 193k task instances (input-output pairs)."
    )
    assert names_of(sentence)[0] == ["NATURAL INSTRUCTIONS"]
    assert _results(sentence) == [
        ("61", "NATURAL INSTRUCTIONS", "absolute"),
        ("193k", "NATURAL INSTRUCTIONS", "absolute"),
    ]


# --- datasets ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, datasets",
    [
        pytest.param(
            "Experimental results show that our method can consistently improve results and "
            "achieve state-of-the-art performance using different KGE models such as TransE and "
            "QuatE, across four benchmark KG datasets in link prediction and triplet "
            "classification tasks.",
            [],
            id="HJlv-Fz-pS-models-such-as-and-a-kind-of-data",
        ),
        pytest.param(
            "Our experimental results over a variety of SSP benchmarks show the algorithm to "
            "outperform other state-of-the-art rollout algorithms such as UCT and RTDP.",
            ["SSP"],
            id="HJgdVWPTv4-algorithms-such-as",
        ),
        pytest.param(
            "In the experiments, we integrated SSO to vanilla SGD and Adam, and they outperformed "
            "state-of-the-art adaptive gradient methods including RMSProp, Adam, L4-Adam, and "
            "AdaBound on extensive benchmark datasets.",
            [],
            id="Sygg3JHtwB-methods-including",
        ),
        pytest.param(
            "Finally, we provide two new benchmarks, each showing a failure mode of existing meta "
            "learning algorithms such as MAML and prototypical Networks.",
            [],
            id="S1eEmn05tQ-meta-learning-algorithms",
        ),
        pytest.param(
            "In this project, we applied graph convolutional networks (GCN) to decode brain "
            "activity over short time windows in a task fMRI dataset, i.e. associate a given "
            "window of fMRI time series with the task used.",
            [],
            id="HJenmmF8Ir-a-kind-of-scan",
        ),
    ],
)
def test_what_is_not_a_dataset(sentence: str, datasets: list[str]) -> None:
    assert names_of(sentence)[1] == datasets


@pytest.mark.parametrize(
    "sentence, not_a_name",
    [
        pytest.param(
            "We are able to generate photo-realistic images with 256x256 resolution that are "
            "clearly disentangled in content and style.",
            "256x256",
            id="SkgsQ8LK_E-a-resolution",
        ),
        pytest.param(
            "Prior works try to overcome these by inferring from multiple views or rely on scarce "
            "CAD models and category-specific priors which hinder scaling to novel settings.",
            "CAD",
            id="dev-892ddb2075768d00-a-kind-of-model-file",
        ),
        pytest.param(
            "Augmented Reality (AR) can assist with physical tasks such as object assembly "
            "through the use of situated instructions.",
            "AR",
            id="La2hggaEcW-a-field",
        ),
    ],
)
def test_resolutions_fields_and_kinds_of_record_are_no_candidate_names(
    sentence: str, not_a_name: str
) -> None:
    assert not_a_name in sentence
    assert not_a_name not in find_names(sentence)


def test_a_downsampled_dataset_keeps_its_resolution_in_its_name() -> None:
    # SciTLDR rk6qdGgCZ: "ImageNet32x32" is the name of a dataset, not a resolution beside one
    sentence = "It achieves state-of-the-art results on CIFAR-10 and ImageNet32x32."
    assert names_of(sentence)[1] == ["CIFAR-10", "ImageNet32x32"]


# --- tasks ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, tasks",
    [
        pytest.param(
            "The attention layer in a neural network model provides insights into the model’s "
            "reasoning behind its prediction, which are usually criticized for being opaque.",
            [],
            id="dev-0a728bbbbe2b0eea-a-possessive",
        ),
        pytest.param(
            "Existing methods to improve MLLM generalization typically require either more "
            "instruction data or larger advanced model architectures.",
            [],
            id="dev-3b82b243c2cebd24-a-kind-of-model",
        ),
        pytest.param(
            "When applied to GPT-2 pretraining on FineWeb dataset, GAPT reduces MBE by 50% and "
            "improves cross-entropy by 4.8%.",
            [],
            id="dev-1012da07040716d8-a-model",
        ),
        pytest.param(
            "Class imbalance is a common challenge in real-world recognition tasks, where the "
            "majority of classes have few samples, also known as tail classes.",
            [],
            id="dev-3ba6504d0d14e9fc-a-setting",
        ),
        pytest.param(
            "We are able to generate photo-realistic images with 256x256 resolution that are "
            "clearly disentangled in content and style.",
            [],
            id="SkgsQ8LK_E-a-resolution",
        ),
    ],
)
def test_what_is_not_a_task(sentence: str, tasks: list[str]) -> None:
    assert find_tasks(sentence) == tasks


def test_a_task_after_a_model_keeps_its_own_words() -> None:
    # dev 8fd4ab3464070449 wrote "BigGAN image generation": the task is image generation
    assert find_tasks("BigGAN image generation is hard.") == ["image generation"]


# --- results -------------------------------------------------------------------------------


def test_a_drop_after_a_range_makes_both_ends_a_change() -> None:
    # SciTLDR rJeXS04FPH
    sentence = (
        "Compared to state-of-the-art methods including adaptive input representations, this "
        "technique results in a 6% to 20% drop in perplexity."
    )
    assert [(v, k) for v, _, k in _results(sentence)] == [
        ("6%", "improvement"),
        ("20%", "improvement"),
    ]


def test_a_compression_ratio_is_a_score() -> None:
    # SciTLDR S1xD5nsUs7: "compress" states what is measured, not a change
    sentence = (
        "We compress the VGG-16 (trained on CIFAR-10) and the AlexNet (trained on ImageNet) "
        "with compression ratios of 47.1 and 42.5, respectively."
    )
    assert [k for _, _, k in _results(sentence)] == ["absolute", "absolute"]


# --- one lookup for the lists of names -----------------------------------------------------


def test_both_lists_of_names_are_read_by_one_lookup() -> None:
    datasets, models = NameList("known_datasets"), NameList("naming_well_known")
    assert datasets.find("Kinetics-600") == datasets.find("Kinetics600") == "kinetics"
    assert datasets.find("ImageNets") == "imagenet" and "ImageNet-21K" in datasets
    assert models.find("Llama-2-7B") == "llama" and models.find("ViT-B/16") == "vit"
    assert "GATs" in models and "GATS" not in models and "CLIP-3D" not in models
