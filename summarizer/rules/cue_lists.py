"""Names the paper makes, listed after it says how many: "we publish two novel, up-to-date
disinformation datasets: EUDisinfo and MultiDis", "we have developed two specialized models:
PP-FormulaNet-L, tailored for ..., and PP-FormulaNet-S, optimized for ...".

The count is the check: the list gives its names only when it holds as many as the words
before the colon say. Items that describe ("(i) optical flow-based serialization, ...") and
lists whose items cannot all be told apart give none.
"""

from __future__ import annotations

import re

from .cue_parts import ACRONYM_AFTER, JOINTS
from .cue_words import ARTIFACT_NOUNS, LISTED_NOUNS, MAKE_AFTER_WHO, THIS_WORK, either, tensed

__all__ = ["COUNTS", "listed_names"]

#: The counts a list of new things is announced with, as words.
COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNT = r"(?P<count>two|three|four|five|six|[2-6])"


def _plural(noun: str) -> str:
    if noun.endswith("y"):
        return noun[:-1] + "ies"
    if noun.endswith(("ch", "sh", "s")):
        return noun + "es"
    return noun + "s"


_PLURALS = tuple(_plural(n) for n in ARTIFACT_NOUNS + LISTED_NOUNS) + ("corpora",)
# "we publish two novel, up-to-date disinformation datasets:", "this paper introduces three
# key modules:": who makes, the count, at most four words, the kind in the plural, a colon.
_COUNTED = re.compile(
    r"(?i:\b(?:we|" + THIS_WORK + r")\s+(?:\w+\s+){0,2}?"
    r"(?:" + "|".join(tensed(v) for v in MAKE_AFTER_WHO) + r"|publish(?:es|ed)?|deriv(?:e|es|ed)))"
    r"\s+(?:(?:the\s+)?following\s+)?" + _COUNT + r"\s+(?:[\w\-]+,?\s+){0,4}?"
    r"(?i:" + either(_PLURALS) + r")\s*:\s+"
)
# Where an item of the list starts after its first: after a comma, "and" or a semicolon.
_ITEM_START = re.compile(r",\s+(?:and\s+)?|\s+and\s+|;\s+(?:and\s+)?")
_TOKEN = r"[A-Za-z0-9][\w\-]*" + JOINTS + r"(?:\^\w+)?(?:\+\+|\+)?"
# One item's name: a token with a capital after its first letter or a digit ("EUDisinfo",
# "t-ReX", "QA-FB15k"), a short form after a long one ("random feature alignment (RaFA)"),
# or capitalised words ("Action Masking", "Bar Exam QA"); each ends at a stop or a word that
# goes on about it ("which", "for"), not at a lower-case word of a longer phrase.
_ITEM = re.compile(
    r"(?:\(?(?:[ivx]{1,4}|\d)\)\s+)?"  # an enumeration mark: "(ii)", "2)"
    r"(?:the\s+|an?\s+)?(?:\\(?:emph|textit|textbf)\{)?"
    r"(?:(?:(?!and\s)[\w\-]+\s+){0,7}?[\w\-]+" + ACRONYM_AFTER + r"|"
    r"(?P<name>" + _TOKEN + r"|[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*){1,5}|[A-Z][a-z]+))"
    r"\}?(?=\s*[,;.(]|\s*$|\s+(?:which|that|for|to|and|with|as|on|in|is|are|being|"
    r"comprising|containing|targeting|focusing|designed|built|based)\b)"
)
# Capitalised words that open a clause of the list, not an item: "First, the QAlign ...".
_NOT_ITEMS = frozenset({"First", "Second", "Third", "Finally", "Then", "Both", "Each"})


_STOP = re.compile(r"\.(?:\s+[A-Z\\]|\s*$)")


def _sentence_end(text: str, start: int) -> int:
    found = _STOP.search(text, start)
    return found.start() if found else len(text)


def listed_names(text: str) -> list[str]:
    """The names of each list the paper makes with its count ("two models: A and B"), when
    the list holds that many names; the short form of an item that has one."""
    out: list[str] = []
    for match in _COUNTED.finditer(text):
        count = match.group("count").lower()
        want = COUNTS.get(count) or int(count)
        stop = _sentence_end(text, match.end())
        names: list[str] = []
        starts = [match.end()] + [m.end() for m in _ITEM_START.finditer(text, match.end(), stop)]
        for start in starts:
            item = _ITEM.match(text, start, stop)
            if item is None:
                continue
            name = item.group("acr") or item.group("name")
            if (
                name in _NOT_ITEMS
                or name in names
                or len(name) < 2
                or not re.search(r"[A-Z]", name)
            ):
                continue
            names.append(name)
        if len(names) == want:
            out += [n for n in names if n not in out]
    return out
