"""A name for a method the paper makes without naming it: "we propose a method that ...",
then "USEFUL effectively improves ..." names it."""

from __future__ import annotations

import re

from .candidates import ARTIFACT_NOUN
from .cue_words import MAKE_IN_WINDOW_GROUP, THIS_WORK
from .name_evidence import NO_CUE, NameCall
from .name_spans import mentions
from .well_known import is_common

__all__ = ["name_of_an_unnamed_method"]

# "we propose a method that (i) clusters ...": the paper makes something and gives no name.
_MAKES_UNNAMED = re.compile(
    r"\b(?:we|"
    + THIS_WORK
    + r")\s+(?:\w+\s+){0,2}?"
    + MAKE_IN_WINDOW_GROUP
    + r"\w*\s+(?:an?|the)\s+(?:[\w\-]+\s+){0,4}?"
    + ARTIFACT_NOUN
    + r"\b",
    re.IGNORECASE,
)
# What a method's name is the subject of: "USEFUL effectively improves", "KeyIn outperforms".
_DOES_BETTER = re.compile(
    r"(?:\s+(?:\w+ly|also|further|can|consistently))*\s+(?:improves|outperforms|achieves|"
    r"reduces|surpasses|matches|yields|enables|leads|boosts|attains|obtains|is\s+able|"
    r"performs)\b"
)


def name_of_an_unnamed_method(abstract: str, calls: list[NameCall]) -> list[NameCall]:
    """Where the paper makes a method without naming it ("we propose a method that ..."), a
    name first written after that, as the subject of "improves/outperforms/...", is its name
    ("We show empirically that USEFUL effectively improves ...")."""
    making = _MAKES_UNNAMED.search(abstract)
    if making is None:
        return calls
    for i, call in enumerate(calls):
        name = call.name
        if call.label != "other" or call.reason != NO_CUE or is_common(name):
            continue
        spots = mentions(name, abstract)
        if not spots or spots[0][0] < making.end():
            continue
        if any(_DOES_BETTER.match(abstract, end) for _, end in spots):
            why = "subject of 'improves/outperforms' after an unnamed 'we propose a method'"
            return [*calls[:i], NameCall(name, "introduces", why), *calls[i + 1 :]]
    return calls
