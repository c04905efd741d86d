"""What a name decision weighs and what it says: the evidence table and the call.

Each kind of evidence adds points to one side, "new", "existing" or "data", with the reason
a call gives for it; the kinds, their points and the bars the totals must clear are the
table ``data/naming_weights.toml``. :mod:`.cues` finds the evidence in an abstract's
wording and decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from .wordlists import table

__all__ = ["DATASET_AT", "EVIDENCE", "INTRODUCES_AT", "NO_CUE", "Evidence", "NameCall", "Tally"]


@dataclass(frozen=True)
class NameCall:
    """What the rules decided about one candidate name."""

    name: str
    label: str  # "introduces", "dataset" or "other"
    reason: str


@dataclass(frozen=True)
class Evidence:
    """What one kind of evidence adds for a name: ``points`` to a ``side`` ("new",
    "existing" or "data"), and the ``reason`` a call gives for it ("" gives none)."""

    side: str
    points: int
    reason: str

    def __post_init__(self) -> None:
        if self.side not in _SIDES:
            raise ValueError(f"side {self.side!r}: write one of {', '.join(_SIDES)}")


_SIDES = ("new", "existing", "data")
_WEIGHTS = table("naming_weights")
#: Every kind of evidence the name decisions weigh, by name (``data/naming_weights.toml``).
EVIDENCE: dict[str, Evidence] = {k: Evidence(**v) for k, v in _WEIGHTS["evidence"].items()}
#: The least "data" points for a dataset, and the least "new" points for a new name.
DATASET_AT, INTRODUCES_AT = _WEIGHTS["decide"]["dataset"], _WEIGHTS["decide"]["introduces"]


#: The reason given to a name when no wording around it said anything.
NO_CUE = "no cue"


class Tally:
    """The points on each side for one name, and the reasons found, in order."""

    __slots__ = ("points", "reasons")

    def __init__(self) -> None:
        self.points = dict.fromkeys(_SIDES, 0)
        self.reasons: list[str] = []

    def add(self, kind: str) -> None:
        evidence = EVIDENCE[kind]
        self.points[evidence.side] += evidence.points
        if evidence.reason:
            self.reasons.append(evidence.reason)
