"""Spans shaped like names: CamelCase, acronyms, hyphenated and alphanumeric tokens."""

from __future__ import annotations

import re

from .analysis import Analysis, analysed
from .wordlists import alternation, words

# Acronyms and capitalized words that name no artifact of a paper, in lower case.
GENERIC = frozenset(words("generic_names"))

_NAME = re.compile(
    # a token start, then (a cheap test first) a capital or digit somewhere in the token
    r"(?<![\w\-])(?=[\w\-.*]*?[A-Z0-9])("
    r"[A-Za-z0-9]*(?:[a-z][A-Z]|[A-Z]{2}|[A-Za-z]\d|\d[A-Za-z])[A-Za-z0-9]*"  # ImbSAM, GAPT, o3
    r"(?:[\-\.][A-Za-z0-9]+)*\*?"  # Droplet3D-4M, DeepSeek-R1, t-ReX*
    r"|[A-Z][a-z]+(?:-[A-Z0-9][A-Za-z0-9]*)+"  # Glocal-IB, Imbalanced-SAM
    r"|[a-z]+-[A-Z][A-Za-z0-9]*\*?"  # t-ReX
    r")(?![\w])"
)


# "ImageNet-based", "GPT-style": a name ending so is an adjective.
ADJECTIVE_SUFFIX = re.compile(
    r"-(?:" + alternation("name_adjective_suffixes") + r")$", re.IGNORECASE
)


def find_names(abstract: str | Analysis) -> list[str]:
    """Spans that may name an artifact (method, model, dataset, benchmark), in order."""
    out: list[str] = []
    seen: set[str] = set()
    for sentence in analysed(abstract).sentence_texts:
        for match in _NAME.finditer(sentence):
            name = match.group(1).rstrip(".")
            key = name.lower()
            if key in seen or key in GENERIC or len(name) < 2:
                continue
            if re.fullmatch(r"[\d.,%]+[A-Za-z]?", name):
                continue  # a number with a unit, not a name
            if re.fullmatch(r"\d+[A-Za-z]{1,2}", name) and not re.search(r"[A-Z]{2}", name):
                continue  # "3D", "2.5D", "7B" are sizes or terms
            if ADJECTIVE_SUFFIX.search(name):
                continue  # "ImageNet-based", "GPT-style" describe, they do not name
            seen.add(key)
            out.append(name)
    # Capitalized multi-word names such as "Sharpness-Aware Minimization" are left to
    # their acronym, which the guide prefers as the item.
    return out


# A dash lost between a name and the next word: "Compositional-ARC-a dataset".
GLUED_WORD = re.compile(r"(?<=[A-Za-z0-9])-(?:" + alternation("glued_words") + r")$")
