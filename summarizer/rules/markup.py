"""LaTeX's text styles in an abstract, blanked for the rules that read names.

arXiv abstracts set names in LaTeX: "we introduce \\textbf{EvoPresent}, a ...",
"$\\textbf{STRICT}$", "\\textsc{\\textbf{CantoNLU}}", "{\\bf X}", or a name's letters one by
one ("\\textbf{S}elf \\textbf{S}peculative \\textbf{D}ecoding (SSD)"). :func:`unstyled`
gives the text with each style command and its closing brace turned into spaces, the same
length as the text, so that every position still points at the same character and a name
read from it is a span of the abstract. A styled piece that a word goes on after
("\\textbf{S}elf") moves right to meet it, so the word reads whole ("Self"); a name that
holds such a word is no span of the abstract, and the name rules drop it.

:func:`percent_signed` does the same for a percent written as a word ("49.4 percent FLOPs
reduction", "12 per cent"): the numbers are read with a percent sign in its place, so that
every rule that knows "49.4%" reads it, and :func:`as_written` gives each value back as the
abstract writes it ("49.4 percent").
"""

from __future__ import annotations

import re
from dataclasses import replace

from .number import Number

__all__ = ["as_written", "percent_signed", "unstyled"]

# "\textbf{", "\emph{", ...: a style around text (not "\frac{", "\mathcal{", a symbol's font).
_OPEN = re.compile(
    r"\\(?:emph|text(?:bf|it|tt|sc|sf|rm|up|sl|normal)?|underline|uline|mathbf|mathrm|mathit"
    r"|mathtt|mathsf|bm|boldsymbol|textcolor\{[\w!-]*\}|colorbox\{[\w!-]*\})\s*\{"
)
# "{\bf X}", "{\em X}": a style switched on inside a group.
_GROUP_SWITCH = re.compile(r"\{\\(?:bf|em|it|sc|tt|sf|rm|bfseries|itshape|scshape)\b\s*")


def unstyled(text: str) -> str:
    """``text`` with LaTeX's text styles blanked (same length; ``text`` itself when it has
    none)."""
    if "\\" not in text:
        return text
    chars = list(text)
    blank = [False] * len(text)
    # for each open brace: (where its styled content starts, where a dollar sign right
    # before the style is, or -1); None for a plain group
    opened: list[tuple[int, int] | None] = []
    at = 0
    while at < len(text):
        styled = _OPEN.match(text, at) or _GROUP_SWITCH.match(text, at)
        if styled is not None:
            chars[at : styled.end()] = " " * (styled.end() - at)
            blank[at : styled.end()] = [True] * (styled.end() - at)
            opened.append((styled.end(), at - 1 if text[at - 1 : at] == "$" else -1))
            at = styled.end()
            continue
        char = text[at]
        if char == "{":
            opened.append(None)
        elif char == "}" and opened:
            style = opened.pop()
            if style is not None:
                _close(chars, blank, style, at, text)
        at += 1
    if not any(blank):
        return text
    _tighten(chars, blank)
    return "".join(chars)


def _close(
    chars: list[str], blank: list[bool], style: tuple[int, int], end: int, text: str
) -> None:
    """Blank the closing brace at ``end`` of a styled piece, and the dollar signs around the
    style ("$\\textbf{STRICT}$"); a piece that a word goes on after ("\\textbf{S}elf",
    "$\\textbf{S}$ingle") moves right to meet it."""
    start, dollar = style
    skip = 1
    if dollar >= 0 and text[end + 1 : end + 2] == "$":
        chars[dollar] = " "
        blank[dollar] = True
        skip = 2
    piece = "".join(chars[start:end])
    after = text[end + skip : end + skip + 1]
    if piece and not piece[-1].isspace() and after.isalnum() and " " not in piece.strip():
        chars[start : end + skip] = [" "] * skip + list(piece)
        blank[start : start + skip] = [True] * skip
    else:
        chars[end : end + skip] = [" "] * skip
        blank[end : end + skip] = [True] * skip


_OPENERS = frozenset("([\"'\u201c")
_CLOSERS = frozenset(")]\"'\u201d,.;:")


def _tighten(chars: list[str], blank: list[bool]) -> None:
    """Close each blanked run up against the punctuation around it, as the text reads
    without its styles: "(\\textbf{TimeSPEC})" reads "(TimeSPEC)", "\\emph{X}," reads
    "X,"."""
    n = len(chars)
    at = 0
    while at < n:
        if not blank[at]:
            at += 1
            continue
        end = at
        while end < n and blank[end]:
            end += 1
        opener = at > 0 and chars[at - 1] in _OPENERS
        if opener and (at < 2 or chars[at - 2].isspace()) and end < n and chars[end] != " ":
            chars[end - 1], chars[at - 1] = chars[at - 1], " "
        if end < n and chars[end] in _CLOSERS and at > 0 and not chars[at - 1].isspace():
            chars[at], chars[end] = chars[end], " "
        at = end


# A percent written as a word right after a number's digit: "49.4 percent", "12 per cent".
_PERCENT_WORD = re.compile(r"(?<=\d) ?per ?cent\b", re.IGNORECASE)


def percent_signed(text: str) -> str:
    """``text`` with each percent written as a word after a number turned into a percent
    sign and spaces (same length: "49.4 percent FLOPs" reads "49.4%        FLOPs")."""
    if "cent" not in text:
        return text
    return _PERCENT_WORD.sub(lambda m: "%" + " " * (len(m.group()) - 1), text)


def as_written(numbers: list[Number], text: str) -> list[Number]:
    """The numbers read from the unstyled or percent-signed ``text`` that it writes as they
    were read, their metrics and subjects with single spaces where a style was ("intrinsic
    method"); a value read with a percent sign where ``text`` writes the word is given as
    ``text`` writes it ("49.4 percent")."""
    out = []
    for n in numbers:
        if text[n.start : n.end] != n.value:
            word = _PERCENT_WORD.match(text, n.end - 1) if n.value.endswith("%") else None
            if word is None or text[n.start : n.end - 1] != n.value[:-1]:
                continue
            n = replace(n, value=text[n.start : word.end()], end=word.end())
        out.append(replace(n, metric=_spaced(n.metric), subject=_spaced(n.subject)))
    return out


def _spaced(phrase: str | None) -> str | None:
    return " ".join(phrase.split()) if phrase else phrase
