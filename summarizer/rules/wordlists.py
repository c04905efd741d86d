"""The rules' word lists, read from the data files shipped beside them in ``data/``.

A list is a ``.txt`` file: one entry per line, in the order the rules use (order matters
where a list becomes a regular-expression alternation: the first match wins), blank lines
and lines starting with ``#`` skipped, surrounding whitespace stripped. A table (words with
weights, say) is a ``.toml`` file, a learned model's weights a ``.json`` file. Files are
read with :mod:`importlib.resources`, so they are found the same way in a checkout, an
editable install and a wheel.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from importlib import resources
from typing import Any

__all__ = ["alternation", "table", "weights", "words"]


def _read(filename: str) -> str:
    return resources.files(__package__).joinpath("data", filename).read_text(encoding="utf-8")


@functools.cache
def words(name: str) -> tuple[str, ...]:
    """The entries of ``data/NAME.txt``, in file order.

    Raises:
        FileNotFoundError: there is no such list (a programming error).
    """
    entries = (line.strip() for line in _read(f"{name}.txt").splitlines())
    return tuple(e for e in entries if e and not e.startswith("#"))


@functools.cache
def table(name: str) -> dict[str, Any]:
    """The contents of ``data/NAME.toml``."""
    return tomllib.loads(_read(f"{name}.toml"))


@functools.cache
def weights(name: str) -> dict[str, Any]:
    """The contents of ``data/NAME.json``: a learned model's weights and how they were made."""
    loaded: dict[str, Any] = json.loads(_read(f"{name}.json"))
    return loaded


@functools.cache
def alternation(name: str) -> str:
    """The entries of ``data/NAME.txt`` as a regular-expression alternation of literal
    words, in file order (at one position the first entry that matches wins), ungrouped:
    ``"a|an|the"``."""
    return "|".join(re.escape(entry) for entry in words(name))
