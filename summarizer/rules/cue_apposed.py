"""A name made by a verb of making whatever its subject, where an appositive says what kind
of thing it is: "DriveX introduces Omni Scene Modeling (OSM), a module that unifies ...",
"by introducing Symbolic Projective Layout (SymPL), a framework that reformulates ...",
"This report presents Deep Global Clustering (DGC), a conceptual framework ...".

The other cues want the authors as the maker ("we", "this paper"); here the long form, its
short form and an appositive of a kind of artifact right after them say as much, whoever
the sentence's subject is: the paper's named method, "it", a stage, a report or a letter.
The verb is in the present or a gerund, not a past ("was introduced by"), which is as often
earlier work.
"""

from __future__ import annotations

import re

from .cue_parts import ACRONYM_AFTER, KIND_OR_DATA, LONG_FORM, Cue

__all__ = ["APPOSED_CUES"]

_MAKING = (
    "introduces",
    "introducing",
    "presents",
    "presenting",
    "proposes",
    "proposing",
    "describes",
    "describing",
    "formalizes",
    "formalizing",
    "constructs",
)

APPOSED_CUES: tuple[Cue, ...] = (
    Cue(
        name="made-then-apposed",
        pattern=re.compile(
            r"\b(?:" + "|".join(_MAKING) + r")\s+(?:the\s+|an?\s+)?(?:novel\s+|new\s+)?"
            r"(?P<name>"
            + LONG_FORM
            + r")"
            + ACRONYM_AFTER
            # the appositive: an article, at most five words, a kind of artifact
            + r",\s+(?:an?|the)\s+(?:[\w\-]+\s+){0,5}?"
            + KIND_OR_DATA
            + r"\b"
        ),
        example="DriveNet introduces Omni Scene Fusion (OSF), a module that unifies "
        "multimodal supervision.",
        expect=("OSF",),
        needs=_MAKING,
        anchors=_MAKING,
    ),
)
