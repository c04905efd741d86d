"""Daily Papers text dumps: one abstract per paragraph, paragraphs split by blank lines.

Lines are read in pieces of at most ``PIECE_CHARS`` characters and each paragraph is
normalized as it comes, so a paragraph over the limit (a pasted data dump on one line) is
never held whole: its paper is refused from its length, its first ``KEPT_CHARS``
characters and the id of its whole text, the same as if it had been read at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from ..errors import InputError
from ..text import NormalizedText
from .papers import KEPT_CHARS, Paper, make_paper, too_long

HEADER_LINES = {"daily papers"}
#: How much of a line is read at a time.
PIECE_CHARS = 1 << 16


def undecodable(name: str, exc: UnicodeDecodeError) -> InputError:
    """The error for text that is not UTF-8, met while reading it."""
    return InputError(
        f"{name}: not UTF-8 text (undecodable byte near position {exc.start} of a line); "
        "convert it to UTF-8 first"
    )


class _Paragraph:
    """One paragraph, normalized as its pieces come: its text while that is short enough
    for :func:`make_paper` to judge, and past it only its length, first characters and id."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._hold = max(limit, KEPT_CHARS)
        self._stream = NormalizedText()
        self._parts: list[str] | None = []  # None once over self._hold
        self._kept = ""
        self._length = 0

    def add(self, piece: str) -> None:
        text = self._stream.feed(piece)
        self._length += len(text)
        if not text or self._parts is None:
            return
        self._parts.append(text)
        if self._length > self._hold:
            self._kept = "".join(self._parts)[:KEPT_CHARS]
            self._parts = None

    @property
    def text(self) -> str | None:
        """The normalized paragraph, or None when it was too long to hold."""
        return None if self._parts is None else "".join(self._parts)

    def paper(self, text: str | None, source: str) -> Paper:
        if text is None:
            return too_long(self._kept, self._length, self._stream.paper_id(), source, self._limit)
        return make_paper(text, source, None, None, self._limit)


def _pieces(fh: TextIO, name: str) -> Iterator[tuple[str, bool]]:
    """The text of ``fh`` in pieces of at most ``PIECE_CHARS`` characters, each with whether
    it ends a line. Lines end as in ``open(newline="")``: at ``\\n``, ``\\r\\n`` or ``\\r``."""
    size = PIECE_CHARS
    held_cr = False  # a piece cut at the size ended on "\r": a "\n" may come next
    try:
        while True:
            piece = fh.readline(size)
            if held_cr:
                held_cr = False
                if piece == "\n":
                    yield "\r\n", True
                    continue
                yield "\r", True
            if not piece:
                return
            if len(piece) == size and piece.endswith("\r"):
                held_cr = True
                if len(piece) > 1:
                    yield piece[:-1], False
                continue
            yield piece, piece.endswith(("\n", "\r"))
    except UnicodeDecodeError as exc:
        raise undecodable(name, exc) from exc


def read_daily_papers(fh: TextIO, name: str, limit: int) -> Iterator[Paper]:
    """Paragraph-per-abstract text; header lines such as "Daily Papers" are skipped.

    Raises:
        InputError: the text is not UTF-8, or it has no paragraph.
    """
    count = 0
    paragraph = _Paragraph(limit)
    blank = True  # the line read so far is whitespace only

    def flush() -> Paper | None:
        nonlocal count, paragraph
        done, paragraph = paragraph, _Paragraph(limit)
        text = done.text
        if text is not None and (not text or text.lower() in HEADER_LINES):
            return None
        count += 1
        return done.paper(text, f"{name}#{count}")

    for piece, ends_line in _pieces(fh, name):
        blank = blank and piece.isspace()
        # A blank line's whitespace adds nothing to the paragraph it ends.
        paragraph.add(piece)
        if not ends_line:
            continue
        if blank and (paper := flush()):
            yield paper
        blank = True
    if paper := flush():
        yield paper
    if count == 0:
        raise InputError(f"{name}: no abstracts found (expected one abstract per paragraph)")
