"""One number an abstract states, with what the rules say of it: a ``Result`` to be."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Number"]


@dataclass(frozen=True)
class Number:
    """A number the abstract states, with what surrounds it."""

    value: str
    start: int
    end: int
    kind: str
    metric: str | None
    subject: str | None
