"""The bounds the grammar puts on the prose fields, and how a sentence cut at its bound ends.

Engines that constrain decoding get ``TEXT_PATTERNS`` in the response schema of the cues
strategy: one sentence, bounded in length, and a tldr that opens in the summarizer's own
voice. :func:`end_cleanly` ends a sentence the bound stopped at a whole clause; validation
(:mod:`.paper_summary`) and the plan (:mod:`summarizer.prompting.strategy`) both use it.
"""

from __future__ import annotations

import re

__all__ = ["TEXT_BOUNDS", "TEXT_PATTERNS", "end_cleanly"]

# For engines that constrain decoding: one sentence (no full stop inside, decimals
# allowed), bounded in length, and a tldr that opens in the summarizer's own voice, so
# that a small model cannot paste the abstract's first sentence.
_SENTENCE_CHAR = r'([^.!?\n"\\]|[.][0-9])'
_OPENING = r"(This paper|We|The authors) "
# The longest sentence body the grammar lets through, in _SENTENCE_CHAR units.
TEXT_BOUNDS = {"tldr": 200, "problem": 190}
TEXT_PATTERNS = {
    "tldr": r"^" + _OPENING + _SENTENCE_CHAR + "{20," + str(TEXT_BOUNDS["tldr"]) + "}[.]$",
    "problem": r"^" + _SENTENCE_CHAR + "{15," + str(TEXT_BOUNDS["problem"]) + "}[.]$",
}
_UNIT = re.compile(_SENTENCE_CHAR)
_OPENING_AT = re.compile(_OPENING)
# Words a sentence does not end on: "... by reducing overfitting and".
_DANGLING = re.compile(
    r"(?:[\s,;:(\-]+(?:and|or|but|of|the|a|an|to|by|with|for|in|on|at|from|that|which|"
    r"while|using|via|as|its|their|is|are|into|than|such|both|between|like))+$",
    re.IGNORECASE,
)


def end_cleanly(field: str, text: str) -> str:
    """A sentence that the grammar stopped at its length bound, ended at a whole clause.

    Such a sentence is cut wherever the bound fell, often inside a word ("... reducing
    overfitting and im."). The last word goes, then the last clause if a comma or semicolon
    keeps at least half of the sentence, then the small words the end is left on. A sentence
    shorter than the bound is returned as it is.
    """
    bound = TEXT_BOUNDS.get(field)
    opening = _OPENING_AT.match(text) if field == "tldr" else None
    start = opening.end() if opening else 0
    if bound is None or not text.endswith(".") or len(_UNIT.findall(text[start:-1])) < bound:
        return text
    body = text[:-1]
    body = body[: body.rfind(" ")] if body.rfind(" ") > start else body
    clause = max(body.rfind(","), body.rfind(";"))
    if clause - start >= 20 and clause >= len(body) / 2:
        body = body[:clause]
    body = _DANGLING.sub("", body).rstrip(" ,;:-(")
    return body + "." if len(body) - start >= 15 else text
