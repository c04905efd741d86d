"""A name made by a verb of making whatever its subject, where an appositive says what kind
of thing it is: "DriveX introduces Omni Scene Modeling (OSM), a module that unifies ...",
"by introducing Symbolic Projective Layout (SymPL), a framework that reformulates ...",
"This report presents Deep Global Clustering (DGC), a conceptual framework ...".

The other cues want the authors as the maker ("we", "this paper"); here the long form, its
short form and an appositive of a kind of artifact right after them say as much, whoever
the sentence's subject is: the paper's named method, "it", a stage, a report or a letter.
The verb is in the present or a gerund, not a past ("was introduced by"), which is as often
earlier work.

A coined name without a short form is read where the making is as plain: "by introducing
GraphMERT, a tiny graphical encoder-only model", "We address this gap with FRAME, a ...
framework" (the authors answer a problem they set with a thing of a kind they name).
"""

from __future__ import annotations

import re

from .cue_parts import ACRONYM_AFTER, KIND_OR_DATA, LONG_FORM, MAYBE_ACRONYM, Cue, tokens
from .cue_words import MAKE, THIS_WORK, gerund

__all__ = ["APPOSED_CUES", "OWN_ANSWER", "apposed_here"]

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

# The verbs of making (data/cue_verbs.toml, `make`) in the third person and as gerunds, and
# the verbs with which the authors answer a problem they set: "We address this gap with FRAME".
_MAKES = tuple(verb + "s" for verb in MAKE)
_GERUNDS = tuple(gerund(verb) for verb in MAKE)
_ANSWERING = (
    "address", "addresses", "tackle", "tackles", "overcome", "overcomes", "bridge", "bridges",
    "fill", "fills", "close", "closes", "mitigate", "mitigates", "alleviate", "alleviates",
    "resolve", "resolves", "solve", "solves",
)  # fmt: skip
_ANSWERING_WORD = r"(?:" + "|".join(_ANSWERING) + r")\b[^.;]{0,80}?\b"
_ANSWER = _ANSWERING_WORD + r"(?:with|via|through)"
#: After "we", "this paper" or "our X" in one clause, what says the sentence is about the
#: paper's own work besides a verb of making: "by" and a gerund of one ("we scale RLVR by
#: introducing ReSyn"; not "often introducing noisy gradients"), or a problem answered with.
OWN_ANSWER = r"(?:by\s+(?:introducing|proposing|creating|curating|devising)|" + _ANSWER + r")"
# The name (capitalized words, none of "and", "with", "in" between: not "Y-FPN with
# FrequencyMix") and an appositive of its kind: "FRAME, a ... framework", "MIST: a benchmark".
_APPOSED_KIND = (
    r"(?P<name>" + tokens(0, 3) + r")" + MAYBE_ACRONYM
    + r"\s*[,:]\s+(?:an?)\s+(?:[\w\-]+\s+){0,5}?" + KIND_OR_DATA + r"\b"
)  # fmt: skip

# A verb of making in the present or a gerund, whoever its subject ("This study introduces
# X", "ActiveFreq introduces X", "by introducing X"), or "we train / implement / derive" (a
# model the authors train is theirs), right before the name and an appositive of its kind.
_WE_MAKE = ("train", "implement", "derive")
_MADE_NAME_VERBS = (*_MAKES, *_GERUNDS, *_WE_MAKE)
_MADE_NAME_THEN_KIND = re.compile(
    r"\b(?:(?i:" + "|".join(_MAKES + _GERUNDS) + r")|(?i:we)\s+(?:" + "|".join(_WE_MAKE)
    + r"))\s+" + _APPOSED_KIND
)  # fmt: skip


# "we curate a new large-scale multimodal lunar dataset, LUCID", "build the first dataset
# E-comIQ-18k": a verb of making in the present or a gerund (not a past: "X introduced the
# first dataset"), "a new / novel" or "the first", words that are no preposition ("a new
# benchmark based on ... dataset MultiEmo" is not it), a word for data, then the name: one
# word with a capital or a digit after its first letter.
_MAKING_DATA = (
    "propose", "introduce", "present", "construct", "build", "release", "create", "curate",
    "develop", "contribute", "design", "collect", "compile", "establish",
)  # fmt: skip
_MAKING_DATA_FORMS = r"(?:" + "|".join(f"{v}|{v}s|{gerund(v)}" for v in _MAKING_DATA) + r")"
_NEW_DATA_THEN_NAME = re.compile(
    r"(?i:\b" + _MAKING_DATA_FORMS + r"\s+(?:a|an|the)\s+(?:new|novel|first)\s+"
    r"(?:(?!(?:based|on|of|from|for|with|in|to|and)\b)[\w\-]+\s+){0,5}?"
    r"(?:benchmark|dataset|corpus|corpora|suite|testbed)s?,?\s+(?:called\s+|named\s+|dubbed\s+)?)"
    r"(?P<name>[A-Z](?=[\w\-]*[A-Z0-9])[\w\-]*[\w])" + MAYBE_ACRONYM
)  # fmt: skip


def apposed_here(name: str, sentence: str) -> bool:
    """True when ``sentence`` makes ``name`` and says its kind in an appositive ("this study
    introduces MultiFoodChat, a ... framework"): the paper's own, not earlier work named
    before its own work is presented."""
    return any(
        name in (m.group("name"), m.group("acr")) for m in _MADE_NAME_THEN_KIND.finditer(sentence)
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
    Cue(
        name="answered-with-apposed",
        pattern=re.compile(
            r"(?i:\b(?:we|"
            + THIS_WORK
            + r"|our\s+work)\s+(?:\w+\s+)?)(?i:"
            + _ANSWER
            + r"|"
            + _ANSWERING_WORD
            + r"by\s+(?:"
            + "|".join(_GERUNDS)
            + r"))\s+"
            + _APPOSED_KIND
        ),  # fmt: skip
        example="We address this gap with FRAMEX, a retrieval framework for long videos.",
        expect=("FRAMEX",),
        needs=_ANSWERING,
    ),
    Cue(
        name="new-data-then-name",
        pattern=_NEW_DATA_THEN_NAME,
        example="We curate a new large-scale multimodal lunar dataset, LUCIDX, for mapping.",
        expect=("LUCIDX",),
        needs=("new", "novel", "first"),
    ),
    Cue(
        name="made-name-then-kind",
        pattern=_MADE_NAME_THEN_KIND,
        example="This study introduces ChatFoodX, a multi-agent framework for recipes.",
        expect=("ChatFoodX",),
        needs=_MADE_NAME_VERBS,
        anchors=_MADE_NAME_VERBS,
    ),
)
