"""Deterministic candidates found in an abstract: names, numbers and URLs.

Small models invent names and numbers freely, so the pipeline does not let them write
verbatim fields from scratch. Code finds every span that could be a name, a result or a
URL; the model only chooses among the names (the engine's grammar enforces the choice),
while ``results`` and ``code_url`` come from code alone:

- ``code_url`` is the first URL in the abstract, cut at markup and trailing punctuation
  (``urls``).
- ``results`` holds every number written with digits that is not part of a name, a year
  or a citation, with its unit or sign; ``kind``, ``metric`` and ``subject`` are
  filled in from the words and names around it (``numbers``).
- names are spans shaped like names (``names``), names written after the wording that
  makes something new, "we propose X", "named X" (``cue_patterns``, ``cue_names``), and
  dataset names written as such (``dataset_lists``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .analysis import Analysis, analysed
from .cue_names import EARLIER_KIND_AFTER, EXISTING_BEFORE_NAMING, PROPOSED_BEFORE, find_cue_names
from .cue_patterns import ARTIFACT_NOUN
from .dataset_lists import find_dataset_phrases, find_listed_datasets
from .name_spans import mentions, occurrences
from .names import GLUED_AFTER, GLUED_WORD, find_names, is_version, only_with_version
from .numbers import Number, find_numbers
from .urls import find_urls, url_matches
from .well_known import spaced_model_names

__all__ = [
    "ARTIFACT_NOUN",
    "EARLIER_KIND_AFTER",
    "EXISTING_BEFORE_NAMING",
    "PROPOSED_BEFORE",
    "Candidates",
    "Number",
    "find_candidates",
    "find_cue_names",
    "find_dataset_phrases",
    "find_listed_datasets",
    "find_names",
    "find_numbers",
    "find_urls",
]


@dataclass
class Candidates:
    """Everything code found in one abstract."""

    names: list[str] = field(default_factory=list)
    numbers: list[Number] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)

    @property
    def code_url(self) -> str | None:
        return self.urls[0] if self.urls else None


def _written(name: str, text: str) -> bool:
    """True when ``name`` is written in ``text`` as a whole token ("TM-VAE" is not in
    "iTM-VAE"), or before a lost dash ("Compositional-ARC-a dataset")."""
    return bool(mentions(name, text)) or any(
        GLUED_AFTER.match(text, i + len(name)) for i in occurrences(name, text)
    )


def find_candidates(text: str | Analysis, *, with_numbers: bool = True) -> Candidates:
    """All candidates of one abstract (its text, or its :class:`Analysis`).

    ``with_numbers=False`` leaves ``numbers`` empty, for a caller that finds them itself once
    it knows which names are datasets and which the paper's own (``find_numbers``).
    """
    analysis = analysed(text)
    abstract = analysis.text
    urls = find_urls(analysis)
    outside_urls = abstract
    for match in reversed(url_matches(analysis)):
        outside_urls = outside_urls[: match.start()] + " " + outside_urls[match.end() :]
    # names are read with LaTeX's styles blanked ("\\textbf{EvoPresent}"), and kept when
    # written in the abstract itself
    named = analysis.unstyled
    datasets = find_dataset_phrases(named) + list(find_listed_datasets(named))
    names = find_cue_names(named) + find_names(named) + datasets + spaced_model_names(abstract)
    names = list(dict.fromkeys(names))
    # "we introduce Compositional-ARC-a dataset", "LLMs-including o3-mini": a dash lost
    # between a name and the next word
    names = list(dict.fromkeys(GLUED_WORD.sub("", n) for n in names))
    # a LaTeX macro ("\\model") is no name, nor a version on its own ("NAVSIM v1, v2"), nor
    # a name only written with a version after it ("HPD" of "HPD v3")
    names = [
        n
        for n in names
        if _written(n, outside_urls)
        and "\\" not in n
        and not is_version(n)
        and not only_with_version(n, named.text)
    ]
    if not with_numbers:
        return Candidates(names=names, urls=urls)
    numbers = find_numbers(analysis, names, set(datasets), find_cue_names(named))
    return Candidates(names=names, numbers=numbers, urls=urls)
