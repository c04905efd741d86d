"""Named parts of the paper's own method: "LKMN has two core components: Enhanced Partial
Large Kernel Block (EPLKB) and ..." gives EPLKB.

The guide counts named components of what a paper makes among what it introduces. A short
form the abstract defines is one when its long form ends in a noun of a part
(``component`` of ``data/contribution_nouns.toml``: module, block, adapter, loss, ...; not
"network", which as often names others' networks a method builds on: "Kolmogorov-Arnold
Networks (KAN)", "Temporal Convolutional Networks (TCNs)"), or when such a noun follows the
short form of a long form in capitals ("a Test-Time Flipping (TTF) scheme", not "the
baseline Logit-Adjustment (LA) loss" nor "mean squared error (MSE) loss"), the
abstract introduces a name of its own, the short form is no well-known method
(``data/naming_well_known.txt``), no dataset's ("the Peripheral Blood Cell (PBC) dataset")
and no example of others' ("techniques such as Memory as Gate (MaG)").
"""

from __future__ import annotations

import re

from .analysis import Analysis
from .subjects import whole_name_at
from .well_known import is_common
from .wordlists import table

__all__ = ["defined_components", "main_name"]

_NOUNS = table("contribution_nouns")
_PARTS = frozenset(_NOUNS["component"])
# After the short form, a dataset's noun: "the Peripheral Blood Cell (PBC) dataset".
_DATA_AFTER = re.compile(
    r"\)\s*(?:" + "|".join(_NOUNS["dataset"] + _NOUNS["benchmark"]) + r")", re.IGNORECASE
)
# Before the long form, what says it is someone else's: "techniques such as Memory as Gate".
_EXAMPLE_BEFORE = re.compile(r"(?:such as|e\.g\.,?|like|including)\s+(?:the\s+|a\s+)?$")
# After the short form of a titled long form, a part's noun: "a Test-Time Flipping (TTF)
# scheme" ("Water Resource Recovery Facilities (WRRF) operators" are people).
_PART_AFTER = re.compile(
    r"\)\s+(?:" + "|".join(sorted(_PARTS - {"operator"}, key=len, reverse=True)) + r")s?\b",
    re.IGNORECASE,
)
# Before the long form, what says the part is the one compared with: "the baseline".
_BASELINE_BEFORE = re.compile(r"\bbaseline\s+$", re.IGNORECASE)


def _titled(long: str) -> bool:
    """Every word of ``long`` opens with a capital or a digit: "Test-Time Flipping"."""
    return all(w[:1].isupper() or w[:1].isdigit() for w in long.split())


def _part_noun(long: str) -> bool:
    words = long.split()
    if len(words) < 2:
        return False  # "a decoder (D)": a kind, not a named part
    last = words[-1].lower()
    return last in _PARTS or last.endswith("s") and last[:-1] in _PARTS


def defined_components(analysis: Analysis) -> list[str]:
    """The short forms of the abstract whose long form names a part of a method, in the
    order the abstract defines them (ask only when the paper introduces a name of its own)."""
    out: list[str] = []
    text = analysis.text
    for abbreviation in analysis.abbreviations:
        short = abbreviation.short
        if short in out or is_common(short, analysis.abbreviations):
            continue
        after = text.find(")", abbreviation.short_start)
        if not (
            _part_noun(abbreviation.long)
            or _titled(abbreviation.long)
            and after >= 0
            and _PART_AFTER.match(text, after)
            and not _BASELINE_BEFORE.search(text, 0, abbreviation.long_start)
        ):
            continue
        if after >= 0 and _DATA_AFTER.match(text, after):
            continue
        start = abbreviation.long_start
        if _EXAMPLE_BEFORE.search(text, max(0, start - 20), start):
            continue
        out.append(short)
    return out


def main_name(analysis: Analysis, own: list[str]) -> str | None:
    """Of the names the paper says it makes (``own``), the one it writes most often (first
    on a tie), not a named part of it while another is left ("the MFR module" of Traits Run
    Deeper); None when it makes none."""
    parts = defined_components(analysis)
    own = [n for n in own if n not in parts] or own
    if not own:
        return None
    text = analysis.text
    counts = {name: len(whole_name_at(text, name, 0, len(text))) for name in own}
    return max(own, key=lambda name: (counts[name], -own.index(name)))
