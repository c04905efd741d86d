"""The analysed abstract: sentences with offsets, and "long form (SHORT)" pairs
(Schwartz-Hearst), on made-up names."""

from __future__ import annotations

import pytest

from summarizer.rules.analysis import Analysis, abbreviations


@pytest.mark.parametrize(
    "text, long, short",
    [
        ("We propose Graph Attention Mixer (GAM) for routing.", "Graph Attention Mixer", "GAM"),
        ("It uses a long short-term memory (LSTM) layer.", "long short-term memory", "LSTM"),
        (
            "the heat shock transcription factor (HSF) binds",
            "heat shock transcription factor",
            "HSF",
        ),
        ("a Zeta Omega 3 network (ZO3N) wins", "Zeta Omega 3 network", "ZO3N"),
        ("Our Quorl-Vex Transformer (QVT) is fast.", "Quorl-Vex Transformer", "QVT"),
        ("a Mixture of Plover Models (MoPM) here", "Mixture of Plover Models", "MoPM"),
    ],
    ids=["title-case", "hyphenated-word", "classic", "digit", "hyphen-in-name", "mixed-case"],
)
def test_long_and_short_forms_are_paired(text: str, long: str, short: str) -> None:
    (pair,) = abbreviations(text)
    assert (pair.long, pair.short) == (long, short)
    assert text[pair.long_start : pair.long_end] == long
    assert text[pair.short_start : pair.short_end] == short


@pytest.mark.parametrize(
    "text",
    [
        "Results improve (see below) on every set.",
        "This was shown before (2019) by others.",
        "Accuracy rises (p < 0.05) with depth.",
        "We evaluate on the bench (XQ).",  # no word of the text spells the short form
        "A method (x) is shown.",
    ],
    ids=["words", "year", "statistic", "unspelled", "one-letter"],
)
def test_other_parentheses_are_not_pairs(text: str) -> None:
    assert abbreviations(text) == []


def test_a_long_form_stays_within_its_sentence() -> None:
    text = "We study routing. Sparse Token Mixer (STM) is new."
    (pair,) = abbreviations(text)
    assert pair.long == "Sparse Token Mixer"


def test_sentences_carry_their_offsets() -> None:
    text = "We propose Frob, e.g. for maps.  It beats Grob by 4.1%. Code is online."
    analysis = Analysis(text)
    spans = [(s.text, s.start, s.end) for s in analysis.sentences]
    assert [t for t, _, _ in spans] == [
        "We propose Frob, e.g. for maps.",
        "It beats Grob by 4.1%.",
        "Code is online.",
    ]
    assert all(text[start:end] == t for t, start, end in spans)
    assert analysis.sentence_at(text.index("Grob")).text == "It beats Grob by 4.1%."


def test_views_are_computed_once_per_abstract() -> None:
    analysis = Analysis("Our Deep Frob Network (DFN) wins.")
    assert analysis.abbreviations is analysis.abbreviations
    assert [(a.long, a.short) for a in analysis.abbreviations] == [("Deep Frob Network", "DFN")]
