"""Small text helpers shared by input parsing, validation, scoring and terminal output."""

from __future__ import annotations

import hashlib
import re
from collections import Counter

import regex

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "vs.", "cf.", "Fig.", "Eq.", "etc.")
# What a terminal would act on rather than show: C0 and C1 controls (ESC starts colour,
# cursor and title sequences; CR overwrites the line), DEL, the bidi embeddings, overrides
# and isolates (they reorder what is shown, "Trojan Source"), the line and paragraph
# separators, and lone surrogates, which no terminal encoding can write.
_BIDI_AND_SURROGATES = r"\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
_UNPRINTABLE = re.compile(rf"[\x00-\x1f\x7f-\x9f{_BIDI_AND_SURROGATES}]")
_UNPRINTABLE_MULTILINE = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_AND_SURROGATES}]")
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}
# A pair written as two code points ("\\ud83d\\ude00" in JSON decodes to one; a Python
# literal does not), else a surrogate on its own.
_SURROGATES = re.compile(r"[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]")


# Scripts written without spaces between words.
_UNSPACED = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}]")
# Unicode's default word boundaries (UAX #29), which regex's WORD flag gives \b.
_WORD_BOUNDARY = regex.compile(r"(?w)\b")
_WORD_CHAR = regex.compile(r"\w")
# A long text is normalized and hashed this many characters at a time, so that a refused
# abstract of many megabytes is not split into millions of words at once.
_PIECE = 1 << 16


def normalize_whitespace(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends."""
    return " ".join(text.split())


class NormalizedText:
    """A text given in pieces, normalized as it comes: what :meth:`feed` returns for each
    piece, joined, is :func:`normalize_whitespace` of the whole, and :meth:`paper_id` is
    :func:`paper_id` of the whole. A word may run across pieces."""

    def __init__(self) -> None:
        self._digest = hashlib.sha256()
        self._started = False  # a word was given: the next one needs a space before it
        self._in_word = False  # the last piece ended inside a word

    def feed(self, piece: str) -> str:
        """The part of the normalized text that ``piece`` adds."""
        words = piece.split()
        continues = self._in_word and not piece[:1].isspace()
        if piece:
            self._in_word = not piece[-1].isspace()
        if not words:
            return ""
        text = " ".join(words)
        if self._started and not continues:
            text = " " + text
        self._started = True
        self._digest.update(text.encode("utf-8"))
        return text

    def paper_id(self) -> str:
        """The id of the text fed so far."""
        return self._digest.hexdigest()[:16]


def paper_id(abstract: str) -> str:
    """The first 16 hex digits of the sha256 of the whitespace-normalized abstract."""
    stream = NormalizedText()
    for start in range(0, len(abstract), _PIECE):
        stream.feed(abstract[start : start + _PIECE])
    return stream.paper_id()


def unspaced(text: str) -> bool:
    """Whether ``text`` holds a letter of a script written without spaces between words
    (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar): next to such a letter, a Latin
    name ends ("我们提出FooNet，" names FooNet)."""
    return not text.isascii() and _UNSPACED.search(text) is not None


def word_count(text: str) -> int:
    """How many words ``text`` has, for the shortest abstract worth a request.

    Where a script puts spaces between words, a word is what whitespace separates, as
    ``len(text.split())`` counts. Chinese, Japanese, Thai, Lao, Khmer and Myanmar put none,
    so a stretch of text holding their letters counts the words Unicode's default word
    segmentation (UAX #29) finds in it: one per Han, Hiragana, Thai, Lao, Khmer or Myanmar
    character with its marks (telling their words apart takes a dictionary), one per run of
    Katakana and one per run of Latin letters or digits; punctuation is no word. A Chinese
    word of two characters so counts two: the count is only compared with a small minimum.
    """
    if not unspaced(text):
        return len(text.split())
    count = 0
    for token in text.split():
        if not unspaced(token):
            count += 1
        else:
            count += sum(1 for part in _WORD_BOUNDARY.split(token) if _WORD_CHAR.search(part))
    return count


def valid_text(text: str, *, escape: bool = False) -> str:
    """``text`` with nothing that UTF-8 cannot encode: the writer could not save it otherwise.

    JSON can spell a lone surrogate (``"\\ud800"``); it is replaced by U+FFFD, or with
    ``escape`` by its escape ``\\ud800``, which keeps two ids that differ only there
    apart. A surrogate pair given as two code points becomes the one character it names.
    """
    if text.isascii() or not _SURROGATES.search(text):
        return text
    return _SURROGATES.sub(lambda m: _surrogate(m.group(), escape), text)


def _surrogate(chars: str, escape: bool) -> str:
    if len(chars) == 2:
        return chr(0x10000 + ((ord(chars[0]) - 0xD800) << 10) + (ord(chars[1]) - 0xDC00))
    return f"\\u{ord(chars):04x}" if escape else "\ufffd"


def sentences(text: str) -> list[str]:
    """Split text into sentences, keeping common abbreviations intact.

    The rules read them from their :class:`~summarizer.rules.analysis.Analysis`, which
    splits an abstract once.
    """
    protected = text
    for i, abbr in enumerate(_ABBREVIATIONS):
        protected = protected.replace(abbr, f"\x00{i}\x00")
    parts = [p.strip() for p in _SENTENCE_END.split(protected) if p.strip()]
    restored = []
    for part in parts:
        for i, abbr in enumerate(_ABBREVIATIONS):
            part = part.replace(f"\x00{i}\x00", abbr)
        restored.append(part)
    return restored


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits)."""
    return re.findall(r"[0-9a-z]+", text.lower())


def token_f1(a: str, b: str) -> float:
    """Token-overlap F1 of two phrases (lower-cased word tokens, multiset overlap)."""
    return counts_f1(Counter(words(a)), Counter(words(b)))


def counts_f1(a: Counter[str], b: Counter[str]) -> float:
    """:func:`token_f1` of two phrases' word counts, for a caller that keeps them."""
    common = sum((a & b).values())
    if common == 0:
        return 0.0
    precision, recall = common / sum(a.values()), common / sum(b.values())
    return 2 * precision * recall / (precision + recall)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str, *, multiline: bool = False) -> str:
    """``text`` safe to print on a terminal: control characters are shown as escapes.

    ESC, CR, the other C0 and C1 controls, DEL, bidi overrides and lone surrogates become
    ``\\x1b``, ``\\r``, ``\\u202e`` and the like, so text from an abstract, an id or a
    server's error body can neither drive the terminal nor reorder what it shows.

    Args:
        text: Any string, typically untrusted.
        multiline: Keep newlines and tabs as they are (a multi-line view); otherwise
            they are escaped too, so the result stays on one line.

    Returns:
        The text with every such character replaced by its escape.
    """
    pattern = _UNPRINTABLE_MULTILINE if multiline else _UNPRINTABLE
    return pattern.sub(_escape, text)
