"""A key phrase without the verb at either of its edges, by the part-of-speech tagger.

The keyword rules cut their candidate phrases at words shaped like verbs before an object
("the loss provides the bound"), by spelling alone; a verb that agrees with its subject, or
one after "to", can still open a phrase ("leverages motion blur", "to embed text"), and one
after a noun can end it ("referring segmentation aims"). The tags of :mod:`.tags` say which
word is the verb, where the abstract first writes the phrase.
"""

from __future__ import annotations

import re

from .analysis import Analysis
from .tags import NOUN_TAGS, tag_at

__all__ = ["without_verbs"]

# No key phrase opens on a verb that agrees with its subject ("leverages motion
# blur") or on a verb's base form after "to" ("to embed text"), nor ends on a verb after a
# noun ("diffusion models excel", "robot manipulation stands"): by the tagger, whose tags
# for a plural after one word are the least sure ("salient pixels").
_OPENING_VERBS = frozenset({"VBZ"})
_ENDING_VERBS = frozenset({"VBZ", "VBP", "VBD"})
_AFTER_TO = re.compile(r"(?:^|\W)to\s+$")
_HEADS = NOUN_TAGS | {"VBG"}
# The word after a verb the phrase ends on, if it is a word: a verb or a modal there makes
# the word before it a noun ("existing skill creation approaches treat").
_OBJECT = re.compile(r"\s+\w")
_NOT_AFTER_VERB = frozenset({"VB", "VBZ", "VBP", "VBD", "MD"})
# The words of a phrase, as the abstract writes them.
_WORD_RUN = re.compile(r"\S+")


def without_verbs(analysis: Analysis, phrase: str) -> str:
    """``phrase`` without the verb it opens or ends on, where the abstract first writes it
    (see :data:`_OPENING_VERBS`, :data:`_ENDING_VERBS`): "employs gradient-based attention"
    is "gradient-based attention"."""
    text = analysis.text
    at = text.find(phrase)
    if at < 0:
        return phrase
    parts = [(m.start() + at, m.end() + at) for m in _WORD_RUN.finditer(phrase)]
    if len(parts) < 2:
        return phrase
    # a verb inside a sentence is written in lower case: "to Sign Language Understanding"
    first = tag_at(analysis, parts[0][0]) if text[parts[0][0]].islower() else ""
    infinitive = first == "VB" and _AFTER_TO.search(text, max(0, at - 4), at)
    if first in _OPENING_VERBS or infinitive:
        rest = parts[1:]
        if tag_at(analysis, rest[0][0]) == "RP":
            rest = rest[1:]  # "trades off semantic purity": the verb's particle
        if not rest or tag_at(analysis, rest[-1][1] - 1) not in _HEADS:
            return ""  # "generate sensible [triggers]": no noun is left
        # after "to", one noun left is too little to tell a verb from a noun after a
        # preposition: "to edge devices", "to equal treatment"
        if not infinitive or len(rest) > 1:
            parts = rest
    after = _OBJECT.match(text, parts[-1][1])
    if (
        len(parts) > 2
        and tag_at(analysis, parts[-1][0]) in _ENDING_VERBS
        and tag_at(analysis, parts[-2][1] - 1) in NOUN_TAGS
        and after is not None
        and tag_at(analysis, after.end() - 1) not in _NOT_AFTER_VERB
    ):
        # a verb goes on to its object: "remains challenging", not "approaches treat"
        parts = parts[:-1]
    return text[parts[0][0] : parts[-1][1]]
