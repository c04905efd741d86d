"""Whose result, where the paper's own name stands in for want of another: others' models
or methods named by their kind in the clause of the number ("frontier agents ... scoring
34.1%", "even the most advanced model achieves 58.1%"), by the sentence's parse
(:func:`.syntax.subject_span`)."""

from __future__ import annotations

from collections.abc import Collection

from .subjects import OWN_PRODUCT
from .syntax import OWN_WORDS, strip_marker, subject_span
from .wordlists import words

__all__ = ["MODEL_KINDS", "other_performer"]

# The heads of a phrase for models or methods as a kind ("most models", "frontier agents"):
# data/performer_kinds.txt, and model kinds written as acronyms ("VLMs").
MODEL_KINDS = frozenset(words("model_kinds")) | frozenset(words("performer_kinds"))


def other_performer(
    sentence: str, start: int, end: int, not_subjects: Collection[str] = ()
) -> str | None:
    """Who performs the clause of the number at ``sentence[start:end]`` (:func:`.syntax.subject_of`)
    where that is others' models or methods as a kind: a plural ("frontier agents score
    34.1%", "models utilizing instructions"), or one singled out by a superlative ("even the
    most advanced model achieves 58.1%"); None for the paper's own ("our method", "the final
    model") and for anything else the clause may start with."""
    span = subject_span(sentence, start, end, not_subjects)
    if span is None:
        return None
    noun = span[-1]
    word = noun.lower_
    plural = noun.tag_ in {"NNS", "NNPS"} and word.endswith("s")
    singled = any(t.tag_ in {"JJS", "RBS"} for t in span)
    if (
        # the paper's own: "models distilled with our method", "the resulting models"
        any(t.lower_ in OWN_WORDS | OWN_PRODUCT for t in noun.subtree)
        # whose, the parse cannot say: "their context models"
        or any(t.dep_ == "poss" for t in span)
        or not (plural or singled)
        or not (_singulars(word) if plural else {word}) & MODEL_KINDS
        or "\\" in span.text
    ):
        return None
    return strip_marker(span.text)


def _singulars(plural: str) -> set[str]:
    """What a plural's singular may be: "models" model, "approaches" approach, "policies"
    policy."""
    return {plural, plural[:-1], plural[:-2], plural[:-3] + "y"}
