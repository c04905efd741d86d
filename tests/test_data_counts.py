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
        pytest.param(
            "We revisit the Mini-DDSM dataset (9,684 images; 2,414 patients) and introduce a "
            "lightweight region-of-interest augmentation.",
            "2,414",
            (["Mini-DDSM"], ("Mini-DDSM",), ()),
            "Mini-DDSM",
            id="arXiv: counts in parentheses after the data noun, past a semicolon",
        ),
        pytest.param(
            "On the DIVA-HisDB benchmark (150 pages, 3 medieval codices, 151,936 patches), our "
            "model scores a test MAE of 5.4 years.",
            "151,936",
            (["DIVA-HisDB"], ("DIVA-HisDB",), ()),
            "DIVA-HisDB",
            id="arXiv 2605.06475: the last count in the parentheses",
        ),
        pytest.param(
            "In this study, we address the problem of classifying 18 Arabic dialects of the "
            "QADI dataset of Arabic tweets.",
            "18",
            (["QADI"], ("QADI",), ()),
            "QADI",
            id="arXiv: counted things of the named dataset",
        ),
        pytest.param(
            "We evaluate CuraView on a subset of 250 patients from the Discharge-Me benchmark, "
            "with 50 patients held out.",
            "250",
            (["CuraView", "Discharge-Me"], ("Discharge-Me",), ("CuraView",)),
            "Discharge-Me",
            id="arXiv 2605.03476: counted things from the named benchmark, not the paper's own",
        ),
        pytest.param(
            "On the MTIL benchmark spanning 11 datasets and 1201 classes, our method achieves "
            "74.2% Transfer.",
            "11",
            (["MTIL"], ("MTIL",), ()),
            "MTIL",
            id="arXiv 2605.25708: a benchmark spanning counted things",
        ),
        pytest.param(
            "We introduce MCN, a multilingual CND corpus spanning 18 languages across three "
            "resource levels.",
            "18",
            (["MCN", "CND"], (), ("MCN",)),
            "MCN",
            id="arXiv 2605.31136: a corpus spanning counted things, apposed to its name",
        ),
        pytest.param(
            "Evaluated on an internal dataset comprising of 3,252 CT scans, OmniFoo achieves a "
            "C-index of 0.78.",
            "3,252",
            (["OmniFoo"], (), ("OmniFoo",)),
            "internal dataset",
            id="comprising of",
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


def test_a_score_in_parentheses_after_a_benchmark_is_no_count_of_it() -> None:
    # a count reads "(", but a score is no count: "(45.2%)" has a unit
    text = "FooNet leads on the MultiWOZ benchmark (45.2% joint goal accuracy)."
    assert {n.subject for n in find_numbers(text, ["FooNet", "MultiWOZ"])} == {"FooNet"}
