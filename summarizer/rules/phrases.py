"""Phrases of a word list found in a text as whole words, longest first.

A phrase matches whole words only, so "cell" is not found in "cellular" nor "object" in
"objective". Its words may be written with spaces or hyphens between them ("vision
language" finds "vision-language"), but not across other punctuation. The last word of a
phrase also matches its plural ("robot" finds "robots", "policy" finds "policies"), and an
entry written with a trailing ``*`` is a stem that matches any word it begins ("diagnos*"
finds "diagnosis" and "diagnostic"). Where phrases overlap, the longest one that starts
first wins and its words are not read again: "vision-language" counts once, as itself,
and not also as "vision".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["PhraseTable", "words_of"]

# A text's words, and each mark other than a space or a hyphen as a word of its own that
# no phrase holds (so a phrase never runs across a comma or a full stop).
_TOKENS = re.compile(r"[a-z0-9]+|[^a-z0-9\s-]")
_WORDS = re.compile(r"[a-z0-9]+")


def words_of(text: str) -> list[str]:
    """The lower-cased words of ``text`` and its marks, as tables read them."""
    return _TOKENS.findall(text.lower())


def _plurals(word: str) -> tuple[str, ...]:
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word, word + "s", word[:-1] + "ies"
    return word, word + "s", word + "es"


class PhraseTable:
    """A word list, each entry with a label, to find as whole words in texts.

    Args:
        entries: each phrase (a trailing ``*`` makes a one-word entry a stem) and its
            label. A phrase listed twice is found as its first listing.
    """

    def __init__(self, entries: Iterable[tuple[str, str]]) -> None:
        # Phrases by their first word (in every form it may take), longest first; a phrase
        # is its words but the first, the forms its last word may take, its label, entry.
        Rest = tuple[tuple[str, ...], tuple[str, ...], str, str]
        self._by_first: dict[str, list[Rest]] = {}
        self._stems: dict[str, tuple[str, str]] = {}
        for entry, label in entries:
            words = _WORDS.findall(entry.lower())
            if not words:
                raise ValueError(f"a phrase without words: {entry!r}")
            if entry.endswith("*"):
                if len(words) > 1:
                    raise ValueError(f"only a one-word entry may be a stem: {entry!r}")
                self._stems.setdefault(words[0], (label, entry))
                continue
            if len(words) == 1:
                for form in _plurals(words[0]):
                    self._by_first.setdefault(form, []).append(((), (), label, entry))
            else:
                record = (tuple(words[1:-1]), _plurals(words[-1]), label, entry)
                self._by_first.setdefault(words[0], []).append(record)
        for records in self._by_first.values():
            records.sort(key=lambda r: -len(r[0]) - (1 if r[1] else 0))
        self._stem_sizes = sorted({len(s) for s in self._stems}, reverse=True)
        # A word is tried as a stem's only where it starts as one does.
        self._gate = min(self._stem_sizes, default=0)
        self._stem_starts = frozenset(s[: self._gate] for s in self._stems)

    def _match(self, words: Sequence[str], at: int) -> tuple[str, str, int] | None:
        """The longest entry that starts at word ``at``: its label, entry and length."""
        word = words[at]
        for middle, last, label, entry in self._by_first.get(word, ()):
            if not last:
                return label, entry, 1
            end = at + 1 + len(middle)
            if end < len(words) and words[end] in last and tuple(words[at + 1 : end]) == middle:
                return label, entry, end + 1 - at
        for size in self._stem_sizes:
            stem = self._stems.get(word[:size])
            if stem is not None and len(word) >= size:
                return stem[0], stem[1], 1
        return None

    def find(self, text: str) -> list[tuple[str, str]]:
        """The entries found in ``text`` (any case), in order, none overlapping: each as
        its label and entry."""
        words = words_of(text)
        first, gate, starts = self._by_first, self._gate, self._stem_starts
        hits: list[tuple[str, str]] = []
        at, n = 0, len(words)
        while at < n:
            word = words[at]
            if word not in first and word[:gate] not in starts:
                at += 1
                continue
            match = self._match(words, at)
            if match is None:
                at += 1
                continue
            hits.append((match[0], match[1]))
            at += match[2]
        return hits
