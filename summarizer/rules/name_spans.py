"""Where a name begins and ends, and where it is written: the span rules every name rule shares.

A name is found by its shape ("GridNet", "ZEN-2"), by the wording around it ("we propose
X") or as a dataset ("the X benchmark"), and each finder stops where its pattern stops.
These rules set the boundary the same way for all of them:

- a name goes on over a joint with no space around it, a colon always ("ZEN:re") and a
  slash when what follows is not a name of its own ("Graph-Q/Z-Mixer"; "MNIST/CIFAR10"
  are two names), or when a first word before it reads over the slash ("Graph
  ViT/MLP-Mixer" is one name);
- a capitalized ordinary word right before a name, inside a sentence, is the name's first
  word ("Open Drama-QA", "Faster R-CNN"), unless it is a word that opens a phrase ("the",
  "on", "existing", ...: ``data/name_openers.txt``) or a language;
- a long form and its short form are one name, the short one ("Gated Phase Transition
  (GAPT)" is GAPT) unless it is a math symbol;
- a size variant is its base name ("POLAR-7B" is POLAR);
- a name is written where it stands as a whole token: "GPT-4" is not written inside
  "GPT-4o" nor inside "GPT-4/Z-Mixer" when that is a name of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .analysis import Abbreviation, Analysis
from .wordlists import words

__all__ = [
    "OPENERS",
    "extend_over_joints",
    "glued",
    "is_opener",
    "is_symbol",
    "long_form_in",
    "mentions",
    "mentions_outside",
    "name_bounds",
    "occurrences",
    "size_variant_of",
    "with_first_words",
    "written_whole",
]

#: Words that open a phrase rather than begin a name, in lower case: determiners, pronouns,
#: prepositions, conjunctions and the words that say a name is earlier work.
OPENERS = frozenset(words("name_openers")) | {w.lower() for w in words("naming_languages")}


def is_opener(word: str) -> bool:
    """True when ``word`` opens a phrase ("The", "On", "Existing") rather than a name."""
    low = word.lower()
    return low in OPENERS or low.endswith("ly") or low.endswith("ing")


def glued(ch: str) -> bool:
    """True when ``ch`` continues the token it touches."""
    return ch == "-" or ch.isalnum() or ch == "_"


def occurrences(name: str, text: str) -> list[int]:
    """Start of every occurrence of ``name`` in ``text``, anywhere."""
    out, i = [], text.find(name) if name else -1
    while i != -1:
        out.append(i)
        i = text.find(name, i + 1)
    return out


def mentions(name: str, text: str) -> list[tuple[int, int]]:
    """(start, end) of each mention of ``name`` as a whole token: "GPT-4" is not
    mentioned in "GPT-4o" nor in "XGPT-4"."""
    n = len(name)
    return [
        (i, i + n)
        for i in occurrences(name, text)
        if not (i > 0 and glued(text[i - 1])) and not (i + n < len(text) and glued(text[i + n]))
    ]


def mentions_outside(
    name: str, text: str, longer: Iterable[str], is_name: re.Pattern[str]
) -> list[tuple[int, int]]:
    """The mentions of ``name`` that are not part of a longer name of ``longer``: the one
    the span rules make of them ("Drama-QA" in "Open Drama-QA", "Graph-Q" in
    "Graph-Q/Z-Mixer"), or the whole token they are joined in ("Graph-Q" and "Z-Net" in a
    name "Graph-Q/Z-Net" given as such). "MNIST" in "MNIST/CIFAR10" stays a mention, as no
    name "MNIST/CIFAR10" is given."""
    found = mentions(name, text)
    longer = {other for other in longer if name in other}
    if not longer:
        return found
    out = []
    for start, end in found:
        whole = text[with_first_words(text, start, end) : extend_over_joints(text, end, is_name)]
        if whole != name and whole in longer:
            continue
        token = _TOKEN_AROUND.search(text, max(0, start - 80), start), _TOKEN_AFTER.match(text, end)
        joined = text[token[0].start() if token[0] else start : token[1].end() if token[1] else end]
        joined = joined.rstrip(".,;:!?")
        if joined != name and joined in longer and _one_name(joined):
            continue
        out.append((start, end))
    return out


def _one_name(token: str) -> bool:
    """True when no slash in ``token`` starts a second thing ("CIFAR-10/100" is two)."""
    return not any(_SECOND_PART.fullmatch(part) for part in token.split("/")[1:])


# The rest of the token a mention is written in, joined by colons and slashes: "Graph-Q/"
# before "Z-Net", "/Z-Net" after "Graph-Q".
_TOKEN_AROUND = re.compile(r"(?:[\w\-+*.^]+[:/])+$")
_TOKEN_AFTER = re.compile(r"(?:[:/][\w\-+*.^]+)+")


# A joint and the part after it: ":re", "/Z-Mixer".
_JOINT = re.compile(r"([:/])([A-Za-z0-9][\w\-]*[A-Za-z0-9+*]?)")


# A part after a slash that begins or is a second thing: "CIFAR-10/100", "SGD/Adam",
# "CNN/Daily Mail", "precision/recall".
_SECOND_PART = re.compile(r"[\d.]+|[A-Za-z][a-z]*")


def extend_over_joints(
    text: str, end: int, is_name: re.Pattern[str], shared_head: bool = False
) -> int:
    """Where a name that ends at ``end`` really ends: past every colon joint ("ZEN:re"), and
    past every slash joint whose part is neither a name by ``is_name`` ("MNIST/CIFAR10" are
    two), a number nor a plain word ("Graph-Q/Z-Mixer" is one name).

    With ``shared_head`` (a first word stands before the name and reads over the slash:
    "Graph ViT/MLP-Mixer" is Graph ViT and Graph MLP-Mixer, one name), a part that is a name
    continues it too."""
    while True:
        joint = _JOINT.match(text, end)
        if joint is None:
            return end
        part = joint.group(2)
        if joint.group(1) == "/" and (
            _SECOND_PART.fullmatch(part) or (is_name.fullmatch(part) and not shared_head)
        ):
            return end
        end = joint.end()


def name_bounds(text: str, start: int, end: int, is_name: re.Pattern[str]) -> tuple[int, int]:
    """The whole name around the name-shaped token at ``start:end``: its first words
    ("Open Drama-QA") and its joints ("ZEN:re"); a first word reads over a slash, so that
    "Graph ViT/MLP-Mixer" is one name where "MNIST/CIFAR10" are two."""
    whole_end = extend_over_joints(text, end, is_name)
    first = with_first_words(text, start, whole_end)
    if first < start:
        whole_end = extend_over_joints(text, end, is_name, shared_head=True)
    return first, whole_end


# A capitalized word and the space after it, the words right before a name.
_CAPITALIZED_BEFORE = re.compile(r"(?<![\w\-.'\u2019])([A-Z][a-z]+)\s+$")
# A capitalized word after a name: the name is part of a longer Title-Case phrase
# ("Neural Network-Gaussian Process Kernel"), whose own finders set its bounds.
_CAPITALIZED_AFTER = re.compile(r"\s+[A-Z]")


def with_first_words(text: str, start: int, end: int, most: int = 2) -> int:
    """Where a name written at ``start:end`` really starts: before the capitalized ordinary
    words right before it in its sentence ("Open Drama-QA", "Faster R-CNN"). A sentence's
    first word is left out (any word is capitalized there), and so are openers and
    languages ("Romanian-English WMT'16" is WMT'16 in one direction)."""
    if _CAPITALIZED_AFTER.match(text, end):
        return start
    for _ in range(most):
        word = _CAPITALIZED_BEFORE.search(text, max(0, start - 30), start)
        if word is None or word.start() == 0 or is_opener(word.group(1)):
            return start
        before = text[: word.start()].rstrip()
        if not before or before[-1] in ".!?:;\"'(\u201c":
            return start  # the first word of a sentence, a quote or a parenthesis
        start = word.start()
    return start


# A short form that is a math symbol, not a name: "k", "T_s", "$\alpha$", "\lambda".
_SYMBOL = re.compile(r"[A-Za-z](?:[_^]\{?\w+\}?)?|.*[$\\].*")


def is_symbol(short: str) -> bool:
    """True when a short form is a math symbol ("k", "$\\alpha$"), which the guide does not
    prefer to the long form."""
    return _SYMBOL.fullmatch(short) is not None


def long_form_in(name: str, analysis: Analysis) -> Abbreviation | None:
    """The "long form (SHORT)" pair whose long form is ``name`` or ends with its words
    ("Phase Transition" of "Gated Phase Transition (GAPT)"), if any."""
    key = name.lower()
    for pair in analysis.abbreviations:
        long = pair.long.lower()
        if long == key or long.endswith(" " + key):
            return pair
    return None


# A model's size after its name: "POLAR-7B", "AgentFold-30B-A3B" (a mixture of experts: all
# parameters, then the active ones), "ViMoGen-light", "Zeta-XL" (not a dataset's count of
# items, "Droplet3D-4M").
_MODEL_SIZE = re.compile(
    r"[\-_](?:\d+(?:\.\d+)?[BT](?:-A\d+(?:\.\d+)?B)?"
    r"|(?i:light|lite|tiny|small|base|medium|large|xl|xxl|mini|nano|huge))$"
)


def size_variant_of(name: str) -> str | None:
    """The base name of a size variant ("POLAR" of "POLAR-7B"), or None."""
    size = _MODEL_SIZE.search(name)
    return name[: size.start()] if size is not None and size.start() > 0 else None


def written_whole(name: str, text: str) -> bool:
    """Whether ``name``, read with LaTeX's styles blanked, is a whole name of ``text``: not a
    letter set apart ("$\\textbf{S}$ingle"), nor cut at a style or at math ("PIVOT-$K$",
    "$κ\\texttt{-FC}$", "Mem$^{2}$Evolve")."""
    if len(name) < 2 or not name[0].isalnum() or name.endswith("-") or "$" in name:
        return False
    return any(
        text[start - 1 : start] not in _MATH_EDGE and text[end : end + 1] not in _MATH_EDGE
        for start, end in mentions(name, text)
    )


# Characters that join a name to math: "Mem$^{2}$Evolve".
_MATH_EDGE = frozenset("$^_")
