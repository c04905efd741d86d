"""Metrics defined with a short form: "an Inception Score (IS) of 166.3", "and Frechet
Inception Distance (FID) of 9.6". Right before a value, the long form is what is measured:
the words before the parenthesis are its long form when their first letters spell the short
form, and it names a metric (a metric's name or noun ends it, or the short form is one).
Anywhere, such a short form is a metric's, never a subject.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from .analysis import Abbreviation, Analysis
from .cue_words import MAKE_AFTER_WHO, MAKE_BARE, THIS_WORK
from .metrics import HEDGE, METRIC_NAMES, ends_in_metric, is_metric_name
from .number import Number
from .wordlists import words

__all__ = ["defined_metric", "metric_short_forms", "short_forms_beside", "used_as_a_metric"]

# Last words of a long form that may name a method as well as a measure: "Long Short-Term
# Memory (LSTM)", "... with Verifiable Rewards (RLVR)".
_ALSO_METHODS = frozenset("memory reward rewards return returns energy cost".split())


def metric_short_forms(abbreviations: Iterable[Abbreviation]) -> set[str]:
    """The short forms the abstract defines for a metric: "IS" of "Inception Score (IS)",
    which are what is measured, never whom a value belongs to."""
    return {
        a.short
        for a in abbreviations
        if is_metric_name(a.short)
        or (ends_in_metric(a.long) and a.long.split()[-1].lower() not in _ALSO_METHODS)
    }


_DEFINED_OF = re.compile(
    r"((?:[A-Za-z][\w\-]*\s+){0,5}[A-Za-z][\w\-]*)\s*\(\s*([A-Za-z][\w\-]{0,11})\s*\)\s+"
    r"(?:of|=|:)\s+" + HEDGE
)


def defined_metric(before: str) -> str | None:
    """The long form of a metric defined right before the number, whose words ``before``
    are: "... Frechet Inception Distance (FID) of " gives "Frechet Inception Distance"."""
    found = _DEFINED_OF.search(before)
    if found is None:
        return None
    words, short = found.group(1).split(), found.group(2)
    initials = [c for c in short if c.isalpha()]  # one per word: "mAP", "mIoU", "FID"
    count = len(initials)
    if not 2 <= count <= len(words):
        return None
    long = words[-count:]
    if any(w[0].lower() != c.lower() for w, c in zip(long, initials, strict=True)):
        return None
    phrase = " ".join(long)
    return phrase if is_metric_name(short) or ends_in_metric(phrase) else None


def short_forms_beside(abstract: str, numbers: list[Number], shorts: set[str]) -> list[Number]:
    """``numbers`` with the metric short form (of :func:`metric_short_forms`) written right
    before a value left without a metric ("RCA 0.27", "DDS = -53", "|DDS| up to 87pp") or
    right after it ("0.9 CCS") as its metric."""
    return [
        replace(n, metric=_short_beside(abstract, n.start, n.end, shorts))
        if n.metric is None
        else n
        for n in numbers
    ]


def _short_beside(abstract: str, start: int, end: int, shorts: set[str]) -> str | None:
    before = abstract[max(0, start - 30) : start]
    after = abstract[end : end + 30]
    for short in sorted(shorts):
        name = re.escape(short)
        if re.search(r"(?<![\w\-])\|?" + name + r"\|?\s*(?:[=:~\u2248]\s*|up\s+to\s+)?$", before):
            return short
        if re.match(r"\s*" + name + r"(?![\w\-])", after):
            return short
    return None


# Last words of a long form that make it a measure's, beside the metric nouns: "Frechet
# Inception Distance (FID)", "structural similarity index (SSIM)".
_MEASURE_ENDS = frozenset(words("metric_long_form_ends"))
# The authors saying they make what follows in the sentence: "we propose Frechet Video
# Distance (FVD), a new metric", "this work presents HOTA".
_MADE_BEFORE = re.compile(
    r"\b(?i:we|"
    + THIS_WORK
    + r")\s+(?:\w+\s+){0,2}?(?:"
    + "|".join(sorted({w.removesuffix("e") for w in MAKE_AFTER_WHO + MAKE_BARE}))
    + r")\w*\b"
)


# A metric's name as listed, or with a cut-off or "score" after it ("mAP50-95", "FPR95",
# "BLEU-4", "F1-score"); not with letters of a variant of the paper's ("SN-WER", "RH-AUC").
_STANDARD_VARIANT = re.compile(r"(?P<base>.+?)(?:[- ]?scores?|-?@?\d{1,3}(?:[-:]\d{1,3})?)?")


def used_as_a_metric(name: str, analysis: Analysis) -> bool:
    """True for a metric's name as :data:`.metrics.METRIC_NAMES` lists it ("FID", "mIoU",
    "AUROC"), or with a cut-off or "score" after it ("mAP50-95", "F1-score"), that the
    abstract uses as that metric, so the paper does not introduce it: no sentence says the
    authors make it ("we propose Frechet Video Distance (FVD)"), and it has no long form or
    one that names a measure ("our model reduces Frechet inception distance (FID)", "Our
    AUROC scores show")."""
    variant = _STANDARD_VARIANT.fullmatch(name)
    if name not in METRIC_NAMES and (variant is None or variant["base"] not in METRIC_NAMES):
        return False
    for sentence in analysis.sentences:
        at = sentence.text.find(name)
        if at >= 0 and _MADE_BEFORE.search(sentence.text, 0, at):
            return False
    longs = [a.long for a in analysis.abbreviations if a.short == name]
    return not longs or any(
        ends_in_metric(long) or long.split()[-1].rpartition("-")[2].lower() in _MEASURE_ENDS
        for long in longs
    )
