"""LaTeX's text styles in an abstract, blanked for the rules that read names.

arXiv abstracts set names in LaTeX: "we introduce \\textbf{EvoPresent}, a ...",
"$\\textbf{STRICT}$", "\\textsc{\\textbf{CantoNLU}}", "{\\bf X}", or a name's letters one by
one ("\\textbf{S}elf \\textbf{S}peculative \\textbf{D}ecoding (SSD)"). :func:`unstyled`
gives the text with each style command and its closing brace turned into spaces, the same
length as the text, so that every position still points at the same character and a name
read from it is a span of the abstract. A styled piece that a word goes on after
("\\textbf{S}elf") moves right to meet it, so the word reads whole ("Self"); a name that
holds such a word is no span of the abstract, and the name rules drop it.
"""

from __future__ import annotations

import re

__all__ = ["unstyled"]

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
    # for each open brace, where its styled content starts (None: a plain group)
    opened: list[int | None] = []
    at = 0
    while at < len(text):
        styled = _OPEN.match(text, at) or _GROUP_SWITCH.match(text, at)
        if styled is not None:
            chars[at : styled.end()] = " " * (styled.end() - at)
            blank[at : styled.end()] = [True] * (styled.end() - at)
            opened.append(styled.end())
            at = styled.end()
            continue
        char = text[at]
        if char == "{":
            opened.append(None)
        elif char == "}" and opened:
            start = opened.pop()
            if start is not None:
                _close(chars, blank, start, at, text)
        at += 1
    if not any(blank):
        return text
    _tighten(chars, blank)
    return "".join(chars)


def _close(chars: list[str], blank: list[bool], start: int, end: int, text: str) -> None:
    """Blank the closing brace at ``end`` of the styled piece ``start:end``; a piece that a
    word goes on after ("\\textbf{S}elf") moves right over the brace to meet it."""
    piece = "".join(chars[start:end])
    # the word may go on after a dollar sign: "$\\textbf{S}$ingle-sample"
    skip = 2 if text[end + 1 : end + 2] == "$" else 1
    after = text[end + skip : end + skip + 1]
    if piece and not piece[-1].isspace() and after.isalnum() and " " not in piece.strip():
        chars[start : end + skip] = [" "] * skip + list(piece)
        blank[start : start + skip] = [True] * skip
    else:
        chars[end] = " "
        blank[end] = True


_OPENERS = frozenset("([\"'\u201c")
_CLOSERS = frozenset(")]\"'\u201d,.;:")


def _tighten(chars: list[str], blank: list[bool]) -> None:
    """Close each blanked run up against the punctuation around it, as the text reads
    without its styles: "(\\textbf{TimeSPEC})" reads "(TimeSPEC)", "\\emph{X}," reads "X,",
    and a dollar sign around a style goes ("$\\textbf{STRICT}$")."""
    n = len(chars)
    at = 0
    while at < n:
        if not blank[at]:
            at += 1
            continue
        end = at
        while end < n and blank[end]:
            end += 1
        start = at
        if start > 0 and chars[start - 1] == "$":
            start -= 1
            chars[start] = " "
        opener = start > 0 and chars[start - 1] in _OPENERS
        if opener and (start < 2 or chars[start - 2].isspace()) and end < n and chars[end] != " ":
            chars[end - 1], chars[start - 1] = chars[start - 1], " "
        if end < n and chars[end] == "$":
            chars[end] = " "
            end += 1
        if end < n and chars[end] in _CLOSERS and start > 0 and not chars[start - 1].isspace():
            chars[start], chars[end] = chars[end], " "
        at = end
