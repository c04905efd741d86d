"""Counts that describe a dataset belong to the dataset (SciTLDR train sentences, no gold)."""

from __future__ import annotations

import pytest

from summarizer.rules import find_numbers


def subject_of(
    text: str, value: str, names: list[str], datasets: tuple = (), own: tuple = ()
) -> str | None:
    [number] = [n for n in find_numbers(text, names, datasets, own) if n.value == value]
    return number.subject


@pytest.mark.parametrize(
    "text, value, found, subject",
    [
        pytest.param(
            "To mitigate the race bias problem in these datasets, we constructed a novel face "
            "image dataset containing 108,501 images which is balanced on race.",
            "108,501",
            ([], (), ()),
            "novel face image dataset",
            id="the data noun's phrase",
        ),
        pytest.param(
            "On a reference TFBS dataset with 2.1 million genomic sequences, PMN significantly "
            "outperforms baselines and validates our design choices empirically.",
            "2.1 million",
            (["TFBS", "PMN"], ("TFBS",), ("PMN",)),
            "TFBS",
            id="a name right before the data noun, not the method after",
        ),
        pytest.param(
            "The Meta-Dataset, a collection of 10 datasets, was recently proposed as a harder "
            "few-shot classification benchmark.",
            "10",
            (["Meta-Dataset", "Centroid Networks"], ("Meta-Dataset",), ("Centroid Networks",)),
            "Meta-Dataset",
            id="the name the phrase is apposed to, not the paper's own",
        ),
        pytest.param(
            "In this work, we introduce a large multi-centric multi-activity dataset consisting "
            "of 140 videos (MultiBypass140) of laparoscopic surgeries.",
            "140",
            (["MultiBypass140"], (), ()),
            "MultiBypass140",
            id="a name in parentheses after the counted thing",
        ),
    ],
)
def test_a_count_of_a_dataset_belongs_to_it(text, value, found, subject) -> None:
    """``found``: the abstract's names, its datasets and its own names."""
    assert subject_of(text, value, *found) == subject


def test_a_suite_of_tasks_measures_and_names_nothing() -> None:
    text = (
        "On a suite of 16 standard sentence evaluation tasks, our embeddings show competitive "
        "performance against a word2vec model trained on the speech transcriptions."
    )
    assert subject_of(text, "16", []) is None


def test_a_score_on_a_dataset_is_no_count_of_it() -> None:
    text = "FooNet reaches 50.9% joint goal accuracy on the MultiWOZ benchmark with 50.9% of turns."
    assert {n.subject for n in find_numbers(text, ["FooNet", "MultiWOZ"])} == {"FooNet"}
