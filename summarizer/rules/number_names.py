"""Numbers that are part of something else, not results: a year, a version after a
product's name ("Gemini 2.0", "KITTI 2015"), a metric's threshold ("mAP@0.5:0.95")."""

from __future__ import annotations

import re

from .metrics import METRIC_NAMES
from .well_known import is_model_line
from .wordlists import alternation, words

__all__ = [
    "AT_BEFORE",
    "VERSION_NUMBER",
    "YEAR",
    "after_product_name",
    "is_year",
    "size_in_name",
]

YEAR = re.compile(r"^(19|20)\d\d$")
# Before the second number of a metric's thresholds: "mAP@0.5:0.95".
AT_BEFORE = re.compile(r"\w@[\d.]+:$")
_YEAR_AFTER = re.compile(r"\b(?:" + alternation("year_lead_words") + r")\s+$")


def is_year(abstract: str, start: int, end: int) -> bool:
    """A 19xx/20xx number is a year after "in", "since", ... or before punctuation; else a count."""
    before = abstract[max(0, start - 16) : start].lower()
    after = abstract[end : end + 2]
    return bool(
        _YEAR_AFTER.search(before)
        or re.search(r"\b(19|20)\d\d\s*(and|or|to|-|\u2013)\s*$", before)
        or re.search(r"\bet al\.?,?\s*$", before)  # a citation: "Suzuki et al., 2017"
        or abstract[start - 1 : start] == "("
        or re.match(r"\s*[),.;:\]]|$", after)
    )


# A version or an edition right after a name: "Gemini 2.0", "KITTI 2015", "Atari 2600".
VERSION_NUMBER = re.compile(r"\d(?:\.\d)?|\d{2,4}")
_NAME_BEFORE = re.compile(r"(?<![\w.])([A-Z][\w\-\u00b7]*|[A-Za-z]+[A-Z][\w\-]*) $")
# Metric names ("F1 90.2") and capitalized words ("Only 2") before a number: no version.
_NOT_NAMES = frozenset(words("version_not_names"))
# Nouns that label a numbered part: "Task 1", "Track 2", "Stage 2" (data/label_nouns.txt).
_LABELS = frozenset(words("label_nouns"))


def after_product_name(abstract: str, start: int) -> bool:
    """True when a name stands right before the number: "Gemini 2.0", "Table 3"."""
    match = _NAME_BEFORE.search(abstract, max(0, start - 40), start)
    if match is None:
        return False
    word = match.group(1)
    if word.lower() in _LABELS:
        return True  # "Task 1 focuses on ...", "Stage 2: ...": a label, at a sentence's start too
    if (
        word.istitle()
        and word.isalpha()
        and _SENTENCE_START.search(abstract, max(0, match.start(1) - 3), match.start(1))
        and not _written_inside(abstract, word, _VERSION_AT.match(abstract, start))
        and not is_model_line(word)  # "Gemini 2.5 Pro achieves ...": a version
    ):
        return False  # "Then 100 data ...": a capitalized first word, not a name
    return word not in METRIC_NAMES and word not in _NOT_NAMES


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_VERSION_AT = re.compile(r"\d+(?:\.\d+)*")


def _written_inside(abstract: str, word: str, number: re.Match[str] | None) -> bool:
    """True when the abstract writes ``word`` and the number after it again inside a
    sentence: "we compare Claude 3.5 Sonnet ... . Claude 3.5 Sonnet reaches 71%" names the
    model at the sentence's start too."""
    if number is None:
        return False
    inside = r"[a-z,;:(] " + re.escape(word) + r" " + re.escape(number[0]) + r"(?![\d.]\d)"
    return re.search(inside, abstract) is not None


# A model's size written as part of its name: "Llama 3.1 8B", "GPT-2 117M", "Qwen-2.5-VL (7B)",
# "Qwen2.5(0.5B)", "MovieLens 1M". The token before it: a name with a capital or a digit after
# its first letter, or a version ("3.1") right after a name; an adjective in a hyphen
# ("GSPO-aligned 7B router") is no name.
_TOKEN_BEFORE = re.compile(r"(?<!\S)([A-Za-z][\w.\-]*|\d+(?:\.\d+)*) ?\(?$")
_VERSION = re.compile(r"\d+(?:\.\d+)*")
_ADJECTIVE_END = re.compile(r"-[a-z]{3,}$")
# A kind of model in the plural, no name: "LLMs", "VLMs"
_PLURAL_KIND = re.compile(r"[A-Z]+s")
# The parenthesis closes right after the size, or after more sizes: "(7B)", "(7B/13B)"
_SIZES_CLOSE = re.compile(r"(?:\s?/\s?\d+(?:\.\d+)?[BM])*\)")


def size_in_name(abstract: str, start: int, end: int) -> bool:
    """True when the size at ``start:end`` ("8B", "117M") is part of the model's or the
    dataset's name written right before it, as in "Llama 3.1 8B" or "Qwen-2.5-VL (7B)",
    not a quantity: "a 7B model", "small LLMs (1.5B to 3B)"."""
    before = abstract[max(0, start - 40) : start]
    if before.endswith("("):
        if not _SIZES_CLOSE.match(abstract, end):
            return False  # "LLMs (7B/8B parameters)": what the parenthesis says of them
    elif not before.endswith(" ") or before.endswith("  "):
        return False
    match = _TOKEN_BEFORE.search(before)
    if match is None:
        return False
    token = match.group(1).rstrip(".")
    at = start - len(before) + match.start(1)
    if _VERSION.fullmatch(token):
        return after_product_name(abstract, at)  # "Llama 3.1 8B"
    if (
        _ADJECTIVE_END.search(token)
        or _PLURAL_KIND.fullmatch(token)
        or token in METRIC_NAMES
        or token in _NOT_NAMES
    ):
        return False
    if any(c.isupper() or c.isdigit() for c in token[1:]):
        return True  # "GPT-2 117M", "MovieLens 1M", "Qwen2.5(0.5B)"
    # "Mistral 7B", "Llama (7B)"; not a sentence's first word ("Then 7B ..."), nor a verb's
    # form ("Training 3B models")
    return (
        token.istitle()
        and not token.endswith("ing")
        and not _SENTENCE_START.search(abstract, max(0, at - 3), at)
    )
