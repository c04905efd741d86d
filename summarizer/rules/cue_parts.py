"""What the cues of ``cue_patterns`` are made of: the :class:`Cue` record, and the parts of
their patterns (who makes, how a name is written).

The verbs and nouns the parts spell come from :mod:`.cue_words`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .cue_words import (
    ARTIFACT_NOUNS,
    EARLIER_OURS,
    LEAD_WORDS,
    MAKE_AFTER_WHO,
    MAKE_DONE,
    NAME,
    NAMED,
    NOT_ARTIFACT,
    OWN_NOUNS,
    THIS_WORK,
    either,
    tensed,
)
from .well_known import is_model_line
from .wordlists import table

_MAKE_VERB = r"(?i:(?:" + "|".join(tensed(v) for v in MAKE_AFTER_WHO) + r"))\s+"
# "I present ..." (a single author) as well as "we", "our", "this paper".
_WHO = r"\bI\s+|(?i:\b(?:we|our|" + THIS_WORK + r")\s+(?:\w+\s+){0,2}?)"
CUE_VERB = r"(?:" + _WHO + r")" + _MAKE_VERB
# Also "We use these innovations to construct ...", "This inspires us to propose ...": for
# short forms, where the long form shows what is named ("us to propose a novel DG model"
# names no DG).
CUE_VERB_WIDE = r"(?:" + _WHO + r"|(?i:\b(?:we\s+(?:\w+\s+){1,4}?|us\s+)to\s+))" + _MAKE_VERB
# LaTeX's emphasis around a name: "we propose \emph{Fortified Networks}, a ...".
EMPHASIS = r"(?:\\(?:emph|textit|textbf)\{\s*)?"
LEAD = r"(?:(?:a|an|the)\s+)?(?:(?:" + either(LEAD_WORDS) + r")\s+)*" + EMPHASIS
# A joint inside a name, no space around it: "ZEN:re", "Graph-Q/Z-Mixer" (.name_spans).
# A slash part that is a number or a plain word begins a second thing ("CIFAR-10/100",
# "SGD/Adam").
JOINTS = r"(?::[A-Za-z0-9][\w\-]*|/(?!(?:[\d.]+|[A-Za-z][a-z]*)(?![\w\-]))[A-Za-z0-9][\w\-]*)*"
_TOKEN = r"[A-Z][\w\-]*" + JOINTS + r"(?:\^\w+)?(?:\*|\+\+|\+)?"
PHRASE = _TOKEN + r"(?:\s+(?:(?:and|of|for|with|in)\s+)?" + _TOKEN + r"){0,5}"
NAMED_WORD = r"(?:" + either(NAMED) + r")"
# "dubbed as CoCo4D", "named as X": the "as" is no part of the name.
NAMING_CUE = r"\b" + NAMED_WORD + r"\s+(?:as\s+)?[\"'\u201c]?(?:the\s+(?=[A-Z\\]))?" + EMPHASIS
# A quoted name after "named": 'named "Ghost Batch Normalization"' gives the whole name.
NAMING_CUE_QUOTED = (
    r"\b" + NAMED_WORD + r"\s+[\"\u201c](?P<name>[A-Za-z][^\"\u201d.]{1,60}?)"
    r"[\"\u201d]"
)
# "a novel application of X (Y)": the novelty is the use, Y is not new.
NOT_ARTIFACT_NOUN = r"(?:" + either(NOT_ARTIFACT) + r")s?\b"
ACRONYM_AFTER = (
    r"[\s~]*\((?:called\s+|dubbed\s+|or\s+)?"
    r"(?P<acr>[A-Za-z][\w\-]*[A-Z][\w\-]*" + JOINTS + r"(?:\^\w+)?(?:\+\+|\+)?)(?:\)|\s+-\s)"
)
# A long form before its short form: capitalised words, with a preposition or "and" between
# two of them ("Knowledge Distillation for Healthcare Multi-Label Text Classification").
LONG_FORM = r"[A-Z][\w\-]*(?:\s+(?:(?:for|of|and|in|with|on|to|via)\s+)?[A-Z][\w\-]*){0,7}"
OWN = (
    r"(?i:\b(?:our|the proposed|the new|a new|a novel)\s+(?:\w+\s+)?(?:"
    + either(OWN_NOUNS)
    + r")s?,?\s+(?:called\s+|named\s+)?)"
)
# The end of a name that is not the start of a longer one with a short form after it.
NOT_A_LONGER_NAME = r"(?![\w\-])(?!(?:\s+[\w\-]+){1,3}?[\s~]*\([A-Za-z][\w\-]*[A-Z])"
# Nouns for a thing a paper makes: "a new framework, X", "our X algorithm".
ARTIFACT_NOUN = r"(?:" + either(ARTIFACT_NOUNS) + r")s?"
# A name ends at a stop or a function word, not amid lower-case words ("what we call
# Gaussian prototypical networks" names no "Gaussian").
NAME_ENDS = (
    r"(?=\s*[.;:(}]|\s*$|\s*,(?!\s+(?:and\s+)?[A-Z])"
    r"|\s+(?:which|that|since|to|for|and|in|as|is|are|with|where|because|on)\b"
    r"|\s+" + ARTIFACT_NOUN + r"\b)"
)
WE_CALL = (
    r"(?i:\bwe\s+(?:" + either(NAME) + "|" + tensed("devise") + r")\s+"
    r"(?:(?:(?:this|the|our)(?:\s+\w+)?|it|them)\s+)?(?:as\s+)?(?:an?\s+)?)"
)
PASSIVE = (
    r"\s+(?:[\w\-]+\s+){0,2}(?:is|are)\s+(?:then\s+|also\s+|further\s+)?"
    + r"(?:"
    + either(MAKE_DONE)
    + r")"
)


def tokens(least: int, most: int) -> str:
    """``least`` to ``most`` more capitalized words after a first one."""
    return _TOKEN + r"(?:\s+" + _TOKEN + r"){" + f"{least},{most}" + "}"


def name_then_artifact(least: int, most: int) -> str:
    """A capitalized name, its short form if any, then an artifact noun: "Global Alignment loss"."""
    return (
        r"(?P<name>" + tokens(least, most) + r")" + MAYBE_ACRONYM + r"\s+" + ARTIFACT_NOUN + r"\b"
    )


CUE_PHRASE = r"(?P<name>" + PHRASE + r")(?:" + ACRONYM_AFTER + r")?"
# A name written in lower case with a digit or an inner capital: "vq-wav2vec", "iSparse".
ODD_NAME = (
    r"(?P<name>[a-z][a-z\-]*(?:\d|[A-Z])[\w\-]*)(?P<acr>)"
    r"(?=\s*[,.;:(]|\s+(?:to|which|that|for|with|and|is|as)\b)"
)
MAYBE_ACRONYM = r"(?:" + ACRONYM_AFTER + r")?"


# A pattern that opens with one of these opens with "I", "we", "our", "this" or "us".
_WHO_OPENINGS = (CUE_VERB, CUE_VERB_WIDE, WE_CALL)


@dataclass(frozen=True)
class Cue:
    """One wording that names what the paper makes.

    Attributes:
        name: a short id (the example's test id).
        pattern: finds the wording; its group ``name`` is the name, ``acr`` its short form.
        example: a sentence with the wording, as abstracts write it.
        expect: the names the example gives, this cue alone.
        naming: after "named/called/...": skipped when the words before say earlier work.
        lower_case: may give a name without a capital or a digit.
        needs: every match holds one of these words (lower-cased): a text without any is
            skipped. Empty: the pattern is tried on every text.
        after_making: kept only after the paper says it makes something ("we propose",
            "novel").
        anchors: every match opens with one of these words (lower-cased) or with the word
            right before one: the pattern is tried only there. Empty: tried everywhere.
        opens_with_who: every match opens with "I", "we", "our", "this" or "us" (read off
            the pattern): it is tried only where one of them is (one cheap scan for all
            such cues, not a full scan for each).
    """

    name: str
    pattern: re.Pattern[str]
    example: str
    expect: tuple[str, ...]
    naming: bool = False
    lower_case: bool = False
    needs: tuple[str, ...] = ()
    after_making: bool = False
    anchors: tuple[str, ...] = ()
    opens_with_who: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "opens_with_who", self.pattern.pattern.startswith(_WHO_OPENINGS))

    def matches(self, abstract: str, low: str, who: list[int] | None) -> Iterator[re.Match[str]]:
        """What ``pattern.finditer(abstract)`` gives. ``low``: the text lower-cased; ``who``:
        where "I/we/our/this/us" are in it, None where its positions are not the text's."""
        if who is not None and self.opens_with_who:
            starts = who
        elif who is not None and self.anchors:
            starts = _anchor_positions(low, self.anchors)
        else:
            yield from self.pattern.finditer(abstract)
            return
        end = 0
        for at in starts:
            if at < end:
                continue
            match = self.pattern.match(abstract, at)
            if match is not None:
                yield match
                end = max(match.end(), at + 1)


def _anchor_positions(low: str, anchors: tuple[str, ...]) -> list[int]:
    """Where each anchor occurs in ``low`` (inside longer words too), and where the word
    before it starts: every place where a match that opens at or just before one can."""
    found: set[int] = set()
    for word in anchors:
        at = low.find(word)
        while at >= 0:
            found.add(at)
            before = at - 1
            while before >= 0 and low[before].isspace():
                before -= 1
            while before >= 0 and (low[before].isalnum() or low[before] == "_"):
                before -= 1
            found.add(before + 1)
            at = low.find(word, at + 1)
    return sorted(found)


# Where a match of a cue that opens with "I/we/our/this/us" may start, in the lower-cased text.
_WHO_AT = re.compile(r"(?:we|our|this|us|i)\s")
# Letters whose lower case has another length, or that match ASCII letters when case is
# ignored: with one of them in the text, positions in the lower-cased text may not hold.
_CASE_ODD = re.compile("[\u0130\u0131\u017f\u212a]")


def who_positions(abstract: str, low: str) -> list[int] | None:
    """Where "I", "we", "our", "this" or "us" open a word followed by a space in ``low``
    (``abstract`` lower-cased), or None where positions in ``low`` are not the text's."""
    if len(low) != len(abstract) or (not abstract.isascii() and _CASE_ODD.search(abstract)):
        return None
    return [m.start() for m in _WHO_AT.finditer(low)]


#: The kind of thing a paper makes, or data: "our StackCLIP model", "our RWLQ dataset", "The
#: resulting corpus, EmoWOZ-CS" (``ARTIFACT_NOUN`` and the dataset nouns of
#: ``data/contribution_nouns.toml``).
KIND_OR_DATA = (
    r"(?:" + ARTIFACT_NOUN + r"|(?:" + either(table("contribution_nouns")["dataset"]) + r")s?)"
)
# "our new MindCube benchmark": the kind right after "our X".
_KIND_AFTER = re.compile(r"\s+" + KIND_OR_DATA + r"\b")
# Before the name, what says the authors had it before or took it from others: "our previous
# LAMP framework", "our trained YOLO-pose models".
_EARLIER_IN = re.compile(r"\b(?:" + either(EARLIER_OURS) + r")\b", re.IGNORECASE)


def our_kind(name: str, text: str, end: int, before: str) -> bool:
    """True when "our X" (``before``: the words before the name, lower case) goes on with the
    kind of thing the paper makes ("our new MindCube benchmark"): the paper's own. Not for
    the authors' earlier work ("our previous LAMP framework") nor a model of a known line
    ("our prompt-based QwQ-32B agent")."""
    return bool(
        _KIND_AFTER.match(text, end) and not _EARLIER_IN.search(before) and not is_model_line(name)
    )
