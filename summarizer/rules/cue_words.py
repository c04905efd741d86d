"""The words of the cues: the verbs that make or name something, and the nouns for what is made.

Every rule that spells one of these families builds it from here, so a verb is added in
one place (``data/cue_verbs.toml``, ``data/cue_nouns.toml``). A rule that reads a different
set derives it from a family with a named difference (:func:`without`) and says why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .wordlists import table

__all__ = [
    "MAKE_IN_WINDOW_GROUP",
    "AND_MAKING",
    "ARTIFACT_NOUNS",
    "BUILT_ON",
    "CALLED_LOWER",
    "EARLIER",
    "EARLIER_AFTER_NAME",
    "EARLIER_BEFORE_NAMING",
    "EARLIER_OURS",
    "GERUNDS",
    "LEAD_WORDS",
    "MAKE",
    "MAKE_AFTER_WHO",
    "MAKE_BARE",
    "MAKE_CALLED",
    "MAKE_DATA_FORMS",
    "MAKE_DONE",
    "MAKE_DONE_ALL",
    "MAKE_FORMS_LEFT_OUT",
    "MAKE_IN_WINDOW",
    "NAME",
    "NAMED",
    "NAMED_IN_WINDOW",
    "NEW_OR_NOVEL",
    "NEW_WORDS",
    "OWN_DATA_STOPS",
    "OWN_DATA_WORDS",
    "NOT_ARTIFACT",
    "LISTED_NOUNS",
    "OWN_NOUNS",
    "PRESENTING",
    "PUT_FORWARD",
    "SET_OFF_NOUNS",
    "THIS_WORK",
    "THIS_WORK_ANY",
    "THIS_WORK_ANY_NOUNS",
    "THIS_WORK_NOUNS",
    "either",
    "every_form",
    "gerund",
    "participle",
    "tensed",
    "without",
]

_VERBS = table("cue_verbs")
_NOUNS = table("cue_nouns")
_ADJECTIVES = table("cue_adjectives")
_EARLIER = table("earlier_work")

#: "we propose / introduce / present / develop / design X".
MAKE: tuple[str, ...] = tuple(_VERBS["make"])
#: After "I / we / our / this paper": "we release / build / curate X" as well.
MAKE_AFTER_WHO: tuple[str, ...] = MAKE + tuple(_VERBS["make_after_who"])
#: A bare verb or its gerund: "and devise a ..., X", "by devising X" as well.
MAKE_BARE: tuple[str, ...] = MAKE + tuple(_VERBS["make_bare_more"])
#: The window of words before a name that the name decisions read: the widest family.
MAKE_IN_WINDOW: tuple[str, ...] = (
    MAKE_AFTER_WHO + tuple(_VERBS["make_bare_more"]) + tuple(_VERBS["make_in_window_more"])
)
#: "we call / dub / name / term / coin it X".
NAME: tuple[str, ...] = tuple(_VERBS["name"])
#: "named / called / dubbed / termed / coined X".
NAMED: tuple[str, ...] = tuple(_VERBS["named"])
#: The naming words of the name decisions: "denoted as X", "namely X" as well.
NAMED_IN_WINDOW: tuple[str, ...] = NAMED + tuple(_VERBS["named_in_window_more"])
#: Forms of those verbs the naming cues do not read ("we built X"): data/cue_verbs.toml.
MAKE_FORMS_LEFT_OUT = frozenset(_VERBS["make_after_who_forms_left_out"])

#: "our method, X": the nouns of the cue that reads a name right after one.
OWN_NOUNS: tuple[str, ...] = tuple(_NOUNS["own"])
#: "a simple framework, X", "our X algorithm": every noun for a thing a paper makes.
ARTIFACT_NOUNS: tuple[str, ...] = OWN_NOUNS + tuple(_NOUNS["more"])
#: "a novel operator, chopout, with which ...": what a thing set off by commas may be as well.
SET_OFF_NOUNS: tuple[str, ...] = tuple(_NOUNS["set_off_more"])
#: What a counted list of new things may be besides ``ARTIFACT_NOUNS``: "two variants: ...".
LISTED_NOUNS: tuple[str, ...] = tuple(_NOUNS["listed_more"])
#: "this paper / work": how the authors speak of their paper, for the name cues.
THIS_WORK_NOUNS: tuple[str, ...] = tuple(_NOUNS["this_work"])
#: ``this (?:paper|work)`` as a pattern (no group around it).
THIS_WORK = r"this (?:" + "|".join(THIS_WORK_NOUNS) + r")"
#: "this paper / work / study / article": for the contribution types and the grammar.
THIS_WORK_ANY_NOUNS: tuple[str, ...] = THIS_WORK_NOUNS + tuple(_NOUNS["this_work_more"])
#: ``this (?:paper|work|study|article)`` as a pattern (no group around it).
THIS_WORK_ANY = r"this (?:" + "|".join(THIS_WORK_ANY_NOUNS) + r")"
#: "a novel application of X (Y)": a novelty that is not an artifact.
NOT_ARTIFACT: tuple[str, ...] = tuple(_NOUNS["not_artifact"])

#: "we propose a novel unified X": words the cue "we propose X" skips before the name.
LEAD_WORDS: tuple[str, ...] = tuple(_ADJECTIVES["lead"])
#: "X, a new ...", "X is a simple ...": words after a name that say it is new.
NEW_WORDS: tuple[str, ...] = tuple(_ADJECTIVES["new"])
#: "a custom X dataset", "our new X benchmark": words before a name that say the data is made.
OWN_DATA_WORDS: frozenset[str] = frozenset(_ADJECTIVES["own_data"])
#: "our model on MNIST dataset": the prepositions after which those words say nothing.
OWN_DATA_STOPS: frozenset[str] = frozenset(_ADJECTIVES["own_data_stops"])

# Entries are written as plain words: only these characters, none special in a pattern
# but "-" (which is not outside a character class).
_PLAIN = re.compile(r"[\w\- ']+")


def either(entries: Iterable[str]) -> str:
    """The alternation ``a|b|c`` of plain words, in their order (no group around it).

    Raises:
        ValueError: an entry holds a character that is special in a pattern.
    """
    out = tuple(entries)
    for entry in out:
        if not _PLAIN.fullmatch(entry):
            raise ValueError(f"{entry!r} is not a plain word: write it without pattern syntax")
    return "|".join(out)


def without(family: Iterable[str], *left_out: str) -> tuple[str, ...]:
    """``family`` without the words ``left_out``, in its order.

    Raises:
        ValueError: a word to leave out is not in the family (a typo would leave it in).
    """
    words = tuple(family)
    missing = [w for w in left_out if w not in words]
    if missing:
        raise ValueError(f"{missing} not in {words}: leave out only words of the family")
    return tuple(w for w in words if w not in left_out)


_PAST: dict[str, str] = dict(_VERBS["past"])


def _stem(verb: str) -> str:
    return verb[:-1] if verb.endswith("e") else verb


def participle(verb: str) -> str:
    """ "proposed", "developed", "built"."""
    return _PAST.get(verb) or _stem(verb) + "ed"


def gerund(verb: str) -> str:
    """ "proposing", "developing"."""
    return _stem(verb) + "ing"


def tensed(verb: str) -> str:
    """Alternatives for the verb, its third person and its past, but the forms left out:
    ``propose[sd]?``, ``present(?:s|ed)?``, ``created?``, ``build`` (put them in a group)."""
    kept = [f for f in (verb + "s", participle(verb)) if f not in MAKE_FORMS_LEFT_OUT]
    suffixes = [f[len(verb) :] for f in kept if f.startswith(verb)]
    irregular = [f for f in kept if not f.startswith(verb)]
    if not suffixes:
        head = verb
    elif len(suffixes) == 1:
        head = verb + (suffixes[0] + "?" if len(suffixes[0]) == 1 else f"(?:{suffixes[0]})?")
    elif all(len(s) == 1 for s in suffixes):
        head = verb + "[" + "".join(suffixes) + "]?"
    else:
        head = verb + "(?:" + "|".join(suffixes) + ")?"
    return "|".join([head, *irregular])


#: "X is proposed", "X was introduced": the participles that say the paper (or another) made
#: X. "Designed" says what a thing is for ("is designed to"), not who made it.
MAKE_DONE: tuple[str, ...] = tuple(participle(v) for v in without(MAKE, "design"))
#: "a Down-Up Sampling Network (DUS-Net) is proposed", "an ... (SAP) method is designed to":
#: after a short form and its kind, every participle of ``MAKE`` says the sentence makes it.
MAKE_DONE_ALL: tuple[str, ...] = tuple(participle(v) for v in MAKE)


def every_form(verbs: Iterable[str]) -> frozenset[str]:
    """Each verb as a sentence may write it: "propose", "proposes", "proposed", "proposing"."""
    return frozenset(
        form for verb in verbs for form in (verb, verb + "s", participle(verb), gerund(verb))
    )


#: "we collect X, a ... dataset": what makes data, with every form of each verb.
MAKE_DATA_FORMS: frozenset[str] = every_form(MAKE_AFTER_WHO + tuple(_VERBS["make_data_more"]))

#: "outperforms existing X", "X, a recent approach": the words that say a thing is earlier work.
EARLIER: tuple[str, ...] = tuple(_EARLIER["adjectives"])
#: "X (Y), a widely adopted approach": after a name, "widely" says it with any word after it
#: (so "widely used" is left to it), and so does "common".
EARLIER_AFTER_NAME: tuple[str, ...] = (
    *without(EARLIER, "widely used"),
    *_EARLIER["after_name_more"],
)
#: "our previous LAMP framework", "our trained YOLO-pose models": after "our", before a name.
EARLIER_OURS: tuple[str, ...] = (*EARLIER, *_EARLIER["before_our_name_more"])
#: "based on X", "built on X": what the paper starts from.
BUILT_ON: tuple[str, ...] = tuple(_EARLIER["built_on"])
#: "a recently introduced model called X", "the literature called X": before a naming word.
EARLIER_BEFORE_NAMING: tuple[str, ...] = (*EARLIER, *_EARLIER["before_naming_more"], *BUILT_ON)


# The sets the cues of ``cue_patterns`` read, from the families above. Where a cue reads
# fewer, the difference is named here: widening one changes which names are found, a change to
# measure on dev.
GERUNDS = tuple(gerund(v) for v in MAKE_BARE)
NEW_OR_NOVEL = ("novel", "new")
# "by introducing a Global Alignment loss": a capitalized name after the gerund, read after
# three gerunds; after "developing" or "designing" only a short form is ("by developing ...
# (X)", the cue by-introducing-short-form).
PRESENTING = tuple(gerund(v) for v in without(MAKE, "develop", "design"))
AND_MAKING = tuple(f"and {v}" for v in MAKE_BARE)
# "a novel learning model called pseudo supervisor": a lower-case name is read after these
# naming words; "coined" is left out, "namely" (which names a thing too) is in.
CALLED_LOWER = (*without(NAMED, "coined"), "namely")
# "we introduce the notion of X": a notion the paper puts forward is introduced or
# proposed; "we develop the notion of" works out one that exists.
PUT_FORWARD = without(MAKE, "present", "develop", "design")
# "we introduce a technique called neuron editing": "designed" leaves it out, as the
# participles do (a lower-case name is read only after the clearest verbs).
MAKE_CALLED = without(MAKE, "design")


#: The verbs of ``MAKE_IN_WINDOW`` as one group of a pattern: ``(?:propose|proposes|...)``.
MAKE_IN_WINDOW_GROUP = r"(?:" + either(MAKE_IN_WINDOW) + r")"
