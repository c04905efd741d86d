"""One analysed abstract: what every rule reads, computed once per paper.

:class:`Analysis` holds the abstract's text, its lower-cased copy, its sentences with their
character offsets, and its "long form (SHORT)" pairs, found with the Schwartz-Hearst
algorithm (A. Schwartz and M. Hearst, "A simple algorithm for identifying abbreviation
definitions in biomedical text", PSB 2003). Derived views are computed on first use and
kept on the object (the rule modules' own views through :meth:`Analysis.kept`), so a rule
that needs them again pays nothing, and nothing is cached by the text itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from ..text import sentences as split_sentences
from .markup import unstyled

__all__ = ["Abbreviation", "Analysis", "Sentence", "abbreviations", "analysed"]

T = TypeVar("T")


@dataclass(frozen=True)
class Sentence:
    """A sentence of the abstract and where it starts and ends (``text == abstract[start:end]``)."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Abbreviation:
    """A short form defined in the text by the long form before it: "long form (SHORT)"."""

    long: str
    short: str
    long_start: int
    short_start: int

    @property
    def long_end(self) -> int:
        return self.long_start + len(self.long)

    @property
    def short_end(self) -> int:
        return self.short_start + len(self.short)


# "(SHORT)": at most two words and ten characters, starting with a letter or digit.
_PARENS = re.compile(r"\(([^()]{1,10})\)")
_WORD = re.compile(r"\S+")


def _is_short_form(text: str) -> bool:
    words = text.split()
    return (
        1 <= len(words) <= 2
        and 2 <= len(text) <= 10
        and text[0].isalnum()
        and any(c.isalpha() for c in text)
    )


def _best_long_form(short: str, candidate: str) -> int | None:
    """Where the long form of ``short`` starts in ``candidate``, or None.

    Each letter and digit of the short form, from its last to its first, is found in the
    candidate from right to left; the first one must begin a word.
    """
    s, c = len(short) - 1, len(candidate) - 1
    while s >= 0:
        ch = short[s].lower()
        if not ch.isalnum():
            s -= 1
            continue
        while c >= 0 and (
            candidate[c].lower() != ch or (s == 0 and c > 0 and candidate[c - 1].isalnum())
        ):
            c -= 1
        if c < 0:
            return None
        c -= 1
        s -= 1
    return candidate.rfind(" ", 0, c + 1) + 1


def abbreviations(text: str) -> list[Abbreviation]:
    """Every "long form (SHORT)" of ``text``, in order of appearance."""
    found: list[Abbreviation] = []
    for match in _PARENS.finditer(text):
        short = match.group(1).strip()
        if not _is_short_form(short):
            continue
        # The long form lies in the words just before the parenthesis, within the sentence:
        # at most min(|A| + 5, 2|A|) words, |A| being the short form's length.
        end = match.start()
        while end > 0 and text[end - 1].isspace():
            end -= 1
        stop = max(text.rfind(". ", 0, end), text.rfind("(", 0, end), text.rfind(")", 0, end))
        window = text[stop + 1 : end]
        words = list(_WORD.finditer(window))
        most = min(len(short) + 5, 2 * len(short))
        if not words:
            continue
        first = words[max(0, len(words) - most)].start()
        candidate = window[first:]
        at = _best_long_form(short, candidate)
        if at is None:
            continue
        long = candidate[at:].strip(" ,;:")
        if len(long) <= len(short) or " " not in long and len(long) < len(short) + 2:
            continue
        long_start = stop + 1 + first + at
        short_start = match.start(1) + match.group(1).index(short)
        found.append(Abbreviation(long, short, long_start, short_start))
    return found


class Analysis:
    """An abstract as the rules read it; build one per paper and pass it to every rule."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._kept: dict[Callable[[Analysis], Any], Any] = {}

    def kept(self, compute: Callable[[Analysis], T]) -> T:
        """``compute(self)``, computed on first use and kept on this object.

        The rule modules keep the views they derive here (cue names, URLs, dataset lists):
        each is computed once per paper, and this module, which they all read, imports none
        of them.
        """
        if compute not in self._kept:
            self._kept[compute] = compute(self)
        return self._kept[compute]

    @cached_property
    def low(self) -> str:
        """The lower-cased text (positions hold when no letter changes length)."""
        return self.text.lower()

    @cached_property
    def unstyled(self) -> Analysis:
        """The analysis of the text with LaTeX's text styles blanked (:mod:`.markup`), which
        the name rules read: this one when the text has none. Positions are the same."""
        plain = unstyled(self.text)
        return self if plain == self.text else Analysis(plain)

    @cached_property
    def sentence_texts(self) -> tuple[str, ...]:
        """The sentences as :func:`summarizer.text.sentences` splits them."""
        return tuple(split_sentences(self.text))

    @cached_property
    def sentences(self) -> tuple[Sentence, ...]:
        """The sentences with their offsets."""
        out: list[Sentence] = []
        at = 0
        for sentence in self.sentence_texts:
            start = self.text.find(sentence, at)
            if start < 0:  # the splitter only cuts at whitespace; this is a guard
                start = at
            out.append(Sentence(sentence, start, start + len(sentence)))
            at = start + len(sentence)
        return tuple(out)

    @cached_property
    def abbreviations(self) -> tuple[Abbreviation, ...]:
        """The "long form (SHORT)" pairs, in order."""
        return tuple(abbreviations(self.text))

    def sentence_at(self, position: int) -> Sentence | None:
        """The sentence that holds character ``position``."""
        for sentence in self.sentences:
            if sentence.start <= position < sentence.end:
                return sentence
        return None


def analysed(abstract: str | Analysis) -> Analysis:
    """``abstract`` as an :class:`Analysis` (a new one for a string)."""
    return abstract if isinstance(abstract, Analysis) else Analysis(abstract)
