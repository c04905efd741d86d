"""What the rules read in a text, for the tests of real and made-up forms: written once here."""

from __future__ import annotations

from summarizer.io.inputs import make_paper
from summarizer.prompting.strategy import plan
from summarizer.prompting.templates import load_prompt
from summarizer.rules import Analysis, classify_names, find_candidates
from summarizer.rules.numbers import Number
from summarizer.schemas.paper_summary import PaperSummary


def value_metrics(sentence: str) -> list[tuple[str, str | None]]:
    """Each value the rules find in ``sentence``, with its metric, in order."""
    return [(n.value, n.metric) for n in find_candidates(sentence).numbers]


def values_of(text: str) -> list[str]:
    """Each value the rules find in ``text``, in order."""
    return [n.value for n in find_candidates(text).numbers]


def names_of(text: str) -> tuple[list[str], list[str]]:
    """(introduces, datasets) as the default prompt's plan decides them."""
    analysis = Analysis(text)
    introduces, datasets, _ = classify_names(analysis, find_candidates(analysis).names)
    return introduces, datasets


def _planned_numbers(text: str) -> list[Number]:
    """The numbers the default prompt's plan keeps for ``text`` (datasets known)."""
    paper = make_paper(text, "x", None, None, 10**9)
    return plan(paper, load_prompt("default"), PaperSummary).candidates.numbers


def planned_subjects(text: str) -> dict[str, str | None]:
    """Each value's subject as the default prompt's plan decides it (datasets known)."""
    return {n.value: n.subject for n in _planned_numbers(text)}


def planned_metrics(text: str) -> dict[str, str | None]:
    """Each value's metric as the default prompt's plan decides it (datasets known)."""
    return {n.value: n.metric for n in _planned_numbers(text)}
