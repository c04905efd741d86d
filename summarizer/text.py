"""Small text helpers shared by input parsing, validation and scoring."""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "vs.", "cf.", "Fig.", "Eq.", "etc.")


def normalize_whitespace(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends."""
    return " ".join(text.split())


def paper_id(abstract: str) -> str:
    """The first 16 hex digits of the sha256 of the whitespace-normalized abstract."""
    return hashlib.sha256(normalize_whitespace(abstract).encode("utf-8")).hexdigest()[:16]


def sentences(text: str) -> list[str]:
    """Split text into sentences, keeping common abbreviations intact."""
    return list(_sentences(text))


@lru_cache(maxsize=64)
def _sentences(text: str) -> tuple[str, ...]:
    protected = text
    for i, abbr in enumerate(_ABBREVIATIONS):
        protected = protected.replace(abbr, f"\x00{i}\x00")
    parts = [p.strip() for p in _SENTENCE_END.split(protected) if p.strip()]
    restored = []
    for part in parts:
        for i, abbr in enumerate(_ABBREVIATIONS):
            part = part.replace(f"\x00{i}\x00", abbr)
        restored.append(part)
    return tuple(restored)


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits)."""
    return re.findall(r"[0-9a-z]+", text.lower())
