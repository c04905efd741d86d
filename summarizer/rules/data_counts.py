"""Counts that describe a dataset: "EmpatheticDialogues, a dataset of 25k conversations",
"a new simulated benchmark of 19 tasks". The guide gives such a count to the dataset, not
to the method that the sentence or the paper is about.

A count is a bare number (or one in thousands or millions: "25k", "2.1 million") written
right after a data noun and "of", "with", "containing", "comprising (of)", "consisting of",
"spanning" or "covering" (a hedge such as "over" may stand between), or in parentheses
right after a data noun ("the Mini-DDSM dataset (9,684 images; 2,414 patients)"). Its
subject is, first found:

- the name of the data the counted things are of: "18 Arabic dialects of the QADI dataset",
  whatever is written before the count;
- the name the data noun's phrase is apposed to ("NATURAL INSTRUCTIONS, a dataset of",
  "SUB: a fine-grained ... benchmark containing"), or written right before the data noun
  ("the ARC Challenge dataset with");
- the name in parentheses right after the counted thing ("140 videos (MultiBypass140)");
- the data noun's own phrase, without its determiner ("a social network dataset with over
  1M subjects": social network dataset), where a word says which data it is; a bare
  "suite", "collection" or "set of 16" measures and names nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .metrics import HEDGE
from .wordlists import alternation, table

__all__ = ["data_subject"]

# The data nouns of data/contribution_nouns.toml, and the words that hold data as well.
_DATA_NOUNS = (
    r"(?:"
    + "|".join(
        [*table("contribution_nouns")["dataset"], "data set", "benchmark", "suite", "testbed"]
    )
    + r")"
)
# Nouns that are also measure words: "a suite of 16 tasks", "a collection of 10 datasets".
_MEASURES = frozenset({"suite", "collection", "set"})
# The words before a count that make it a dataset's: "dataset of", "corpus containing".
_DATA_OF = re.compile(
    r"(?P<noun>\b"
    + _DATA_NOUNS
    + r")s?(?:\s*,?\s+(?:(?:which|that)\s+(?:contains|spans|covers)|of|"
    r"with|containing|comprising(?:\s+of)?|consisting\s+of|spanning|covering)\s+|"
    r"\s*\((?:[^()]{0,40}[;,]\s*)?)" + HEDGE,
    re.IGNORECASE,
)
# What a count in parentheses after a data noun counts: whole things, not what is measured
# ("(150 pages, 3 medieval codices)", not "(0.85 F1)").
_COUNTED_THINGS = re.compile(
    r"(?<![.]\d)(?<!\.\d\d)(?<!\.\d\d\d)\s+(?!(?:"
    + alternation("metric_nouns")
    + "|"
    + alternation("metric_names")
    + r")\b)[a-z][\w\-]*"
)
# A bare count, or one in thousands or millions.
_COUNT = re.compile(
    r"\d[\d,]*(?:\.\d+)?(?:\s?(?:[kKMB]|million|billion|thousand))?(?![\w%.\-]|\.\d|\s?[x×%])"
)
# The phrase of the data noun, back to its determiner: "a new simulated benchmark".
_FUNCTION = r"(?:a|an|the|our|this|their|its|of|in|on|to|for|with|and|or|from|by|as|at)"
_PHRASE = re.compile(
    r"\b(?:a|an|the|our|this|their|its)\s+(?P<words>(?:(?!" + _FUNCTION + r"\b)[\w\-]+\s+){0,4})$",
    re.IGNORECASE,
)
# What joins a name to the data noun's phrase after it: "X, a", "X: the", "X is a".
_APPOSED = r"\s*(?:[,:]|\s+is)\s+(?:a|an|the)\s+(?:[\w\-]+\s+){0,5}?$"
# The counted thing, then the named data it is of: "18 Arabic dialects of the QADI dataset".
_OF_NAMED_DATA = re.compile(
    r"\s+(?:[\w\-]+\s+){0,2}?[\w\-]+\s+(?:of|from|in)\s+the\s+(?P<name>[^\s()]+(?:\s[^\s()]+){0,2}?)"
    r"\s+" + _DATA_NOUNS + r"\b",
    re.IGNORECASE,
)
# The counted thing, then a name in parentheses: "140 videos (MultiBypass140)".
_NAME_AFTER = re.compile(r"\s+(?:[\w\-]+\s+){0,3}?[\w\-]+\s*\((?P<name>[^()]{2,40})\)")


def data_subject(text: str, begin: int, start: int, names: Sequence[str]) -> str | None:
    """Whom the count at ``start`` belongs to when it describes a dataset (see the module),
    or None. ``begin`` is where its sentence starts; ``names`` are the abstract's names."""
    count = _COUNT.match(text, start)
    if count is None:
        return None
    of_data = _OF_NAMED_DATA.match(text, count.end())
    if of_data is not None and of_data.group("name") in names:
        return of_data.group("name")
    # "the Mini-DDSM dataset (9,684 images; 2,414 patients)": a count in parentheses after a
    # data noun reads from before them, past the clause that a semicolon starts in them
    paren = text.rfind("(", max(0, start - 80), start)
    if paren != -1 and paren < begin and ")" not in text[paren:start]:
        begin = max(0, paren - 40)
    data = _DATA_OF.search(text, max(begin, start - 80), start)
    if data is None:
        return None
    if data.group(0).rstrip().endswith(("(", ";", ",")) and not _COUNTED_THINGS.match(
        text, count.end()
    ):
        return None  # "the MultiWOZ benchmark (0.85 F1)": a score, no count of the data
    noun_at = data.start("noun")
    head = text[max(begin, noun_at - 90) : noun_at]
    for name in sorted(names, key=len, reverse=True):
        escaped = re.escape(name)
        if re.search(r"(?<![\w\-])" + escaped + r"\s+$", head) or re.search(
            r"(?<![\w\-])" + escaped + _APPOSED, head
        ):
            return name
    after = _NAME_AFTER.match(text, count.end())
    if after is not None and after.group("name") in names:
        return after.group("name")
    phrase = _PHRASE.search(head)
    noun = data.group("noun")
    if phrase is None or (not phrase.group("words") and noun.lower() in _MEASURES):
        return None
    return (phrase.group("words") + noun).strip()
