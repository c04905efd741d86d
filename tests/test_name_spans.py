"""Name boundaries, tested with made-up names in the ordinary wording of abstracts, and with
real abstracts' sentences where a made-up name passed and a real one broke."""

from __future__ import annotations

import pytest

from summarizer.rules import classify_names, find_candidates, find_names
from summarizer.rules.name_spans import (
    extend_over_joints,
    is_opener,
    is_symbol,
    mentions,
    mentions_outside,
    size_variant_of,
    with_first_words,
)
from summarizer.rules.names import WHOLE_NAME
from summarizer.rules.well_known import is_well_known


def names_of(abstract: str) -> tuple[list[str], list[str]]:
    introduces, datasets, _ = classify_names(abstract, find_candidates(abstract).names)
    return introduces, datasets


@pytest.mark.parametrize(
    "text, end, expected",
    [
        pytest.param("ZEN:re improves", 3, 6, id="colon-always"),
        pytest.param("Graph-Q/Z-Mixer wins", 7, 15, id="slash-to-a-part-that-is-no-name"),
        pytest.param("MNIST/CIFAR10 sets", 5, 5, id="slash-between-two-names"),
        pytest.param("CIFAR-10/100 sets", 8, 8, id="slash-to-a-number"),
        pytest.param("SGD/Adam runs", 3, 3, id="slash-to-a-plain-word"),
        pytest.param("ZEN: a method", 3, 3, id="colon-then-space"),
    ],
)
def test_extend_over_joints(text: str, end: int, expected: int) -> None:
    assert extend_over_joints(text, end, WHOLE_NAME) == expected


@pytest.mark.parametrize(
    "text, name, expected",
    [
        pytest.param(
            "Results on Open Drama-QA show it.", "Drama-QA", "Open Drama-QA", id="adjective"
        ),
        pytest.param(
            "We train Faster Zeta-Net here.", "Zeta-Net", "Faster Zeta-Net", id="comparative"
        ),
        pytest.param("Open Drama-QA is hard.", "Drama-QA", "Drama-QA", id="sentence-start"),
        pytest.param("Results on The Drama-QA show it.", "Drama-QA", "Drama-QA", id="opener"),
        pytest.param("It scores 3 BLEU on German QZ-14 too.", "QZ-14", "QZ-14", id="language"),
        pytest.param(
            "We use the Neural Zeta-Net Kernel.", "Zeta-Net", "Zeta-Net", id="longer-title-phrase"
        ),
    ],
)
def test_with_first_words(text: str, name: str, expected: str) -> None:
    start = text.index(name)
    assert text[with_first_words(text, start, start + len(name)) : start + len(name)] == expected


def test_openers_are_function_words_and_adverbs() -> None:
    assert is_opener("The") and is_opener("Existing") and is_opener("Recently")
    assert is_opener("Using")
    assert not is_opener("Open") and not is_opener("Long")


def test_a_mention_is_a_whole_token() -> None:
    text = "We compare QPT-4 with QPT-4o and XQPT-4."
    assert mentions("QPT-4", text) == [(11, 16)]


def test_mentions_inside_a_longer_name_are_not_the_shorter_names() -> None:
    text = "Graph-Q/Z-Mixer beats Graph-Q. MNIST/CIFAR10 are small."
    assert mentions_outside("Graph-Q", text, ["Graph-Q/Z-Mixer"], WHOLE_NAME) == [(22, 29)]
    # "MNIST/CIFAR10" is two names unless it is given as one: MNIST stays mentioned
    assert mentions_outside("MNIST", text, ["MNIST-C"], WHOLE_NAME) == [(31, 36)]
    assert mentions_outside("MNIST", text, ["MNIST/CIFAR10"], WHOLE_NAME) == []
    # a number after the slash is a second name's: "CIFAR-10/100" mentions CIFAR-10
    text = "We test on CIFAR-10/100."
    assert mentions_outside("CIFAR-10", text, ["CIFAR-10/100"], WHOLE_NAME) == [(11, 19)]


@pytest.mark.parametrize(
    "abstract, expected",
    [
        pytest.param(
            "We propose Graph-Q/Z-Mixer, a token mixer. Graph-Q/Z-Mixer outperforms Graph-Q.",
            ["Graph-Q/Z-Mixer"],
            id="slash",
        ),
        pytest.param(
            "We introduce ZEN:re, a retrieval method. ZEN:re improves over ZEN by 3 points.",
            ["ZEN:re"],
            id="colon",
        ),
    ],
)
def test_a_name_with_a_joint_is_not_cut(abstract: str, expected: list[str]) -> None:
    assert names_of(abstract)[0] == expected


def test_a_slash_between_two_datasets_keeps_both() -> None:
    abstract = "We pretrain on MNIST/CIFAR10 and evaluate on the Quokka benchmark."
    assert {"MNIST", "CIFAR10"} <= set(find_names(abstract))


@pytest.mark.parametrize(
    "abstract, dataset",
    [
        pytest.param(
            "We evaluate on Open Drama-QA, Long Video-Bench and Wide Tab-QA datasets.",
            "Long Video-Bench",
            id="list",
        ),
        pytest.param(
            "Long Horizon Bench benchmark is hard. We test our agent on it.",
            "Long Horizon Bench",
            id="sentence-start-before-benchmark",
        ),
    ],
)
def test_a_benchmark_keeps_its_first_word(abstract: str, dataset: str) -> None:
    datasets = names_of(abstract)[1]
    assert dataset in datasets
    assert dataset.split(" ", 1)[1] not in datasets


def test_the_opener_of_a_sentence_is_not_a_dataset_word() -> None:
    assert names_of("The Quokka Tales dataset is large. We test on it.")[1] == ["Quokka Tales"]


def test_a_name_written_first_at_a_sentence_start_keeps_its_first_word() -> None:
    names = find_names("We test QPT-4 on Long Video-Bench. Long Video-Bench is hard.")
    assert "Long Video-Bench" in names and "Video-Bench" not in names


@pytest.mark.parametrize(
    "name, known",
    [
        pytest.param("BERT-large", True, id="size-word"),
        pytest.param("Llama-2-7B", True, id="version-and-size"),
        pytest.param("ViT-B/16", True, id="patch-size"),
        pytest.param("Qwen2.5-7B-Instruct", True, id="glued-version"),
        pytest.param("GATs", True, id="plural"),
        pytest.param("GATS", False, id="capital-s-is-no-plural"),
        pytest.param("Align-LoRA", False, id="a-word-of-its-own"),
        pytest.param("MAML++", False, id="a-new-variant"),
    ],
)
def test_well_known_names_and_their_sizes(name: str, known: bool) -> None:
    assert is_well_known(name) is known


@pytest.mark.parametrize(
    "abstract, expected",
    [
        pytest.param(
            "We propose an extension of QuokkaNet to video. Our method improves over "
            "QuokkaNet by 3 points.",
            [],
            id="extension-of",
        ),
        pytest.param(
            "We build on top of FooFormer and propose BarFormer. BarFormer beats FooFormer.",
            ["BarFormer"],
            id="built-on-top-of",
        ),
        pytest.param(
            "We propose fine-tuning Llama-2-7B on code. Llama-2-7B then solves 40% of tasks.",
            [],
            id="a-size-of-a-well-known-model",
        ),
        pytest.param(
            "We propose a novel detector named QuokkaDet. We apply QuokkaDet to segmentation "
            "and QuokkaDet cuts the cost.",
            ["QuokkaDet"],
            id="applying-its-own-method",
        ),
        pytest.param("We propose KAN-based detectors for tables.", [], id="a-kind-not-a-name"),
    ],
)
def test_existing_methods_are_not_new(abstract: str, expected: list[str]) -> None:
    assert names_of(abstract)[0] == expected


@pytest.mark.parametrize(
    "abstract, expected",
    [
        pytest.param(
            "We present Gated Zeta Transition, a pruning method. Gated Zeta Transition (GAZT) "
            "is fast.",
            ["GAZT"],
            id="long-form-gives-its-short-form",
        ),
        pytest.param(
            "We present Low-Rank Adaptation, a tuning method. Low-Rank Adaptation (LoRA) is cheap.",
            [],
            id="long-form-of-a-well-known-short-form",
        ),
        pytest.param(
            "We present Zeta-Train RNN (ZT-RNN), a sequence model. Zeta-Train (ZT) "
            "decompositions make it small.",
            ["ZT-RNN"],
            id="a-part-of-a-name-is-no-item",
        ),
    ],
)
def test_a_long_form_and_its_short_form_are_one_item(abstract: str, expected: list[str]) -> None:
    assert names_of(abstract)[0] == expected


def test_math_symbols_are_not_preferred_short_forms() -> None:
    assert is_symbol("k") and is_symbol("T_s") and is_symbol("$\\alpha$")
    assert not is_symbol("GAPT") and not is_symbol("VILA^2")


def test_a_name_inside_a_longer_token_is_not_a_candidate() -> None:
    abstract = "In this work, we propose iZM-VAE, a topic model. iZM-VAE beats LDA."
    assert "ZM-VAE" not in find_candidates(abstract).names
    assert names_of(abstract)[0] == ["iZM-VAE"]


def test_a_name_before_a_lost_dash_stays_a_candidate() -> None:
    abstract = "We introduce Quokka-ARC-a dataset designed to test spatial reasoning."
    assert names_of(abstract)[0] == ["Quokka-ARC"]


def test_a_dimension_is_no_version() -> None:
    assert not is_well_known("Clip3D") and not is_well_known("CLIP-3D")


def test_a_size_variant_is_its_base_name() -> None:
    abstract = (
        "We propose QuokkaLM, a new language model. We further develop QuokkaLM-light, a "
        "distilled variant, and QuokkaLM-7B beats larger models."
    )
    assert names_of(abstract)[0] == ["QuokkaLM"]
    assert size_variant_of("Droplet3D-4M") is None  # a dataset's count of items
    assert size_variant_of("Zeta Structured Light") is None


def test_what_an_implementation_implements_is_not_new() -> None:
    abstract = (
        "We introduce TensorQZS, a novel implementation of the QZS metric for GPUs. "
        "TensorQZS computes QZS 13x faster."
    )
    assert names_of(abstract)[0] == ["TensorQZS"]


def test_the_parts_of_a_name_given_with_a_slash_are_not_new_by_themselves() -> None:
    abstract = (
        "We propose Graph-Quo/Zeta-Mixer, a token mixer. Graph-Quo/Zeta-Mixer outperforms "
        "Graph-Quo and Zeta-Mixer on three benchmarks."
    )
    assert names_of(abstract)[0] == ["Graph-Quo/Zeta-Mixer"]


def test_a_number_after_a_slash_is_a_second_dataset() -> None:
    abstract = "We evaluate on CIFAR-10/100 and SVHN datasets and on CIFAR-10 alone."
    assert "CIFAR-10" in names_of(abstract)[1]


# The sentences of a published abstract (He et al., "A Generalization of ViT/MLP-Mixer to
# Graphs", ICML 2023; arXiv 2212.13350), as written.
GRAPH_MIXER = (
    "In this work, we propose an alternative approach to overcome these structural "
    "limitations by leveraging the ViT/MLP-Mixer architectures introduced in computer vision. "
    "We introduce a new class of GNNs, called Graph ViT/MLP-Mixer, that holds three key "
    "properties. First, they capture long-range dependency and mitigate the issue of "
    "over-squashing as demonstrated on Long Range Graph Benchmark and TreeNeighbourMatch "
    "datasets."
)


def test_a_first_word_reads_over_a_slash_in_a_real_name() -> None:
    introduces, datasets = names_of(GRAPH_MIXER)
    assert introduces == ["Graph ViT/MLP-Mixer"]
    assert "Graph ViT" not in find_candidates(GRAPH_MIXER).names
    assert "MNIST" in names_of("We train on MNIST/CIFAR10 and report accuracy.")[1]


def test_a_long_benchmark_name_in_a_list_keeps_its_first_word() -> None:
    _, datasets = names_of(GRAPH_MIXER)
    assert "Long Range Graph Benchmark" in datasets
    assert "Range Graph Benchmark" not in datasets


@pytest.mark.parametrize(
    "text, name",
    [
        pytest.param(
            "Results on Very Long Sparse Arena and Zork datasets.",
            "Very Long Sparse Arena",
            id="list",
        ),
        pytest.param(
            "We test on the Open Deep Sea Tracks dataset.", "Open Deep Sea Tracks", id="phrase"
        ),
    ],
)
def test_a_made_up_four_word_dataset_keeps_its_first_word(text: str, name: str) -> None:
    assert name in names_of(text)[1]
