"""The task rules: which phrases of an abstract name a task (made-up sentences, and arXiv
sentences quoted with their ids)."""

from __future__ import annotations

import pytest

from summarizer.rules import Analysis, find_cue_names, find_tasks
from summarizer.rules.task_phrases import phrases, word_before


@pytest.mark.parametrize(
    "abstract, tasks",
    [
        pytest.param(
            "We study semantic segmentation of aerial scenes.",
            ["semantic segmentation"],
            id="qualifier-and-head",
        ),
        pytest.param("Deep models generalize; we study generalization.", [], id="bare-head"),
        pytest.param(
            "LLMs show complex reasoning, optimal prediction and fast inference.",
            [],
            id="judgements-are-not-kinds",
        ),
        pytest.param(
            "We bound the generalization error and the reconstruction loss of deep nets.",
            [],
            id="modifier-of-the-next-noun",
        ),
        pytest.param(
            "We build a contrastive learning framework for bird species recognition.",
            ["bird species recognition"],
            id="a-kind-of-the-next-noun",
        ),
        pytest.param(
            "We train students via knowledge distillation, using curriculum learning, for "
            "lidar point cloud segmentation.",
            ["lidar point cloud segmentation"],
            id="tools-used",
        ),
        pytest.param(
            "Transfer learning and multi-task learning help sign language translation.",
            ["Transfer learning", "multi-task learning", "sign language translation"],
            id="a-head-qualifies-the-next",
        ),
        pytest.param(
            "Machine learning has changed machine translation and statistical learning.",
            ["machine translation"],
            id="fields-are-not-tasks",
        ),
        pytest.param(
            "Few-shot meta-learning is hard, and a meta-learning framework is no task.",
            ["Few-shot meta-learning"],
            id="compound-word-heads",
        ),
        pytest.param(
            "Models for video anomaly detection and time series forecasting are compared.",
            ["video anomaly detection", "time series forecasting"],
            id="nouns-that-end-like-verbs",
        ),
        pytest.param(
            # SciTLDR train sentences: a verb in its base form opens no task
            "Two prominent directions include learning with noisy labels and semi-supervised "
            "learning by exploiting unlabeled data. LiBI learns inference models that better "
            "satisfy modeling assumptions. We perform inference with a learned prior.",
            ["semi-supervised learning"],
            id="base-form-verbs",
        ),
        pytest.param(
            "We probe the model's generalization and Parkinson's disease detection.",
            ["Parkinson's disease detection"],
            id="possessives",
        ),
        pytest.param(
            "Diffusion-based generation and large-scale pre-training need layer-wise merging.",
            [],
            id="manner-compounds",
        ),
        pytest.param(
            "It is able to perform instance-level retrieval. Methods applied to image "
            "classification explicitly handle open-set recognition.",
            ["instance-level retrieval", "image classification", "open-set recognition"],
            id="verbs-before-the-phrase",
        ),
        pytest.param(
            "It covers many tasks -- object detection, say. The system mimics human clustering.",
            ["object detection", "human clustering"],
            id="dashes-and-plurals-or-verbs",
        ),
        pytest.param(
            "Code is at https://github.com/foo/Meta-Learning and https://x.org/Ab-Detection.",
            [],
            id="no-phrases-in-urls",
        ),
    ],
)
def test_tasks(abstract, tasks):
    assert find_tasks(abstract) == tasks
    assert find_tasks(Analysis(abstract)) == tasks


def test_the_papers_own_names_are_not_its_tasks():
    abstract = (
        "We propose Sparse Token Alignment (STA), a method for dense video captioning. STA "
        "beats prior dense video captioning methods."
    )
    assert "STA" in find_cue_names(Analysis(abstract))  # the paper names STA its own
    assert find_tasks(abstract) == ["dense video captioning"]


def test_tasks_repeated_come_first_and_at_most_four():
    abstract = (
        "We study image classification, object detection, semantic segmentation, depth "
        "estimation and pose estimation. Depth estimation is hardest; depth estimation "
        "errors grow with range."
    )
    # "depth estimation errors" modifies "errors": the third mention does not count
    assert find_tasks(abstract) == [
        "depth estimation",
        "image classification",
        "object detection",
        "semantic segmentation",
    ]
    assert find_tasks(abstract, limit=1) == ["depth estimation"]


def test_phrases_know_where_they_are():
    text = "We use it to perform instance-level retrieval with few-shot meta-learning."
    found = {p.text: (p.start, p.end) for p in phrases(text) if p.kept}
    assert set(found) == {"instance-level retrieval", "few-shot meta-learning"}
    for phrase, (start, end) in found.items():
        assert text[start:end] == phrase


@pytest.mark.parametrize(
    "text, at, word",
    [("we  study X", 10, "study"), ("(x) y", 4, ""), ("a non-trivial", 13, "non-trivial"),
     ("", 0, "")],
)  # fmt: skip
def test_word_before(text, at, word):
    assert word_before(text, at) == word


@pytest.mark.parametrize(
    "name",
    ["task_fields", "task_modified_nouns", "task_not_verbs", "task_phrase_ends",
     "task_stop_suffixes", "task_tool_before", "task_verb_before"],
)  # fmt: skip
def test_task_lists_compared_in_lower_case_are_written_in_lower_case(name):
    from summarizer.rules.wordlists import words

    entries = words(name)
    assert entries
    assert [e for e in entries if e != e.lower()] == []


@pytest.mark.parametrize(
    ("arxiv_id", "text"),
    [
        pytest.param(
            "2503.12732",
            "Event cameras possess numerous advantages, such as high dynamic range, high "
            "temporal resolution, and low power consumption.",
            id="temporal",
        ),
        pytest.param(
            "2503.16426",
            "The advancement of remote sensing technology has improved the spatial resolution "
            "of satellite imagery, facilitating more detailed visual representations for "
            "diverse interpretations.",
            id="spatial",
        ),
    ],
)
def test_a_resolution_that_is_a_property_is_no_task(arxiv_id: str, text: str) -> None:
    assert not [t for t in find_tasks(text) if t.endswith("resolution")], arxiv_id


def test_a_resolution_that_is_a_problem_is_a_task() -> None:
    text = "We study coreference resolution and image super-resolution for documents."
    assert find_tasks(text) == ["coreference resolution", "image super-resolution"]
