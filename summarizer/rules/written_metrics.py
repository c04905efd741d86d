"""Names an abstract writes as what a number measures, which are never a number's subject:
"0.359 NDS", "R2 scores of 0.95", "a gFID of 1.80", "the BLEU / ChrF++ scores", "in IoU,
nIoU, Pd, and Fa".
"""

from __future__ import annotations

import re

from .metrics import is_metric_name

__all__ = ["used_as_metric"]


def used_as_metric(name: str, abstract: str) -> bool:
    """True when the abstract writes ``name`` as what a number measures: right after a
    decimal number ("0.359 NDS"), before "score" ("R2 scores of 0.95"), ending in "-score"
    ("the F1-score"), as "a NAME of" a number ("a gFID of 1.80"), or listed beside a metric's
    name ("BLEU / ChrF++", "IoU, nIoU, Pd, and Fa"). Such a name is no subject."""
    if _SCORE_END.search(name):
        return True
    at = abstract.find(name)
    while at >= 0:
        end = at + len(name)
        if not _WORD_CHAR.match(abstract, end) and _after_decimal(abstract, at):
            return True  # "0.359 NDS"
        if not (at and _WORD_CHAR.match(abstract, at - 1)) and _SCORE_AFTER.match(abstract, end):
            return True  # "R2 scores of 0.95"
        if _OF_VALUE.match(abstract, end) and _ARTICLE.search(abstract, max(0, at - 4), at):
            return True  # "a gFID of 1.80", "an rFVD of 12.65"
        if _listed_beside_a_metric(abstract, at, end):
            return True  # "BLEU / ChrF++ scores", "(BLEU, METEOR, and CHRF)"
        at = abstract.find(name, at + 1)
    return False


def _listed_beside_a_metric(abstract: str, at: int, end: int) -> bool:
    """Whether the name at ``at:end`` is a whole token in a list (joined by commas, slashes,
    "and" or "or") that holds a metric's name as :func:`.metrics.is_metric_name` knows it:
    "NTA-IoU, NTL-IoU, and FID"."""
    if (at and _WORD_CHAR.match(abstract, at - 1)) or _WORD_CHAR.match(abstract, end):
        return False
    listed = []
    right = end
    for _ in range(_LIST_REACH):
        after = _NEXT_IN_LIST.match(abstract, right)
        if after is None:
            break
        listed.append(after["name"])
        right = after.end()
    left = at
    for _ in range(_LIST_REACH):
        before = _LAST_IN_LIST.search(abstract, max(0, left - 40), left)
        if before is None:
            break
        listed.append(before["name"])
        left = before.start()
    return any(is_metric_name(name) for name in listed)


def _after_decimal(text: str, at: int) -> bool:
    """Whether a decimal number ends right before ``at``, spaces and a percent sign between
    allowed ("0.359 NDS", "59.77% Mean IoU")."""
    while at and text[at - 1].isspace():
        at -= 1
    if at and text[at - 1] == "%":
        at -= 2 if at > 1 and text[at - 2] == "\\" else 1
        while at and text[at - 1].isspace():
            at -= 1
    return _DECIMAL_END.search(text, max(0, at - 80), at) is not None


_SCORE_END = re.compile(r"(?i)-scores?$")
_WORD_CHAR = re.compile(r"[\w\-]")
_DECIMAL_END = re.compile(r"\d\.\d+\Z")
_SCORE_AFTER = re.compile(r"\s+scores?\b")
_OF_VALUE = re.compile(r"\s+of\s+(?:about\s+|around\s+|approximately\s+|~\s*|only\s+)?[-+]?\$?\d")
_ARTICLE = re.compile(r"\b(?:a|an|the)\s+$", re.IGNORECASE)
# A list's joint: ", ", ", and ", " / ", " or "; the names on either side as whole tokens, a
# "++" after one allowed ("ChrF++")
_JOINT = r"\s*(?:,\s*(?:and\s+|or\s+)?|/|\s(?:and|or)\s)\s*"
_TOKEN = r"(?P<name>[A-Za-z][\w\-@]*)"
_LIST_REACH = 6  # names on each side
_NEXT_IN_LIST = re.compile(r"(?:\+\+)?" + _JOINT + _TOKEN + r"(?![\w\-])")
_LAST_IN_LIST = re.compile(r"(?<![\w\-])" + _TOKEN + r"(?:\+\+)?" + _JOINT + r"$")
