"""Reading output records for the views: load a JSONL output, check each record's shape,
and name a record (its heading) or its failure.

A record comes from a file, so it may be of the wrong shape (``meta`` a list, say): the
views show such a record as failed, with the reason :func:`malformed` gives.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..io.output import read_records
from ..io.parquet_files import is_parquet_target, read_parquet_records
from ..text import printable

# The fields of an output record that are objects when present, and those that are text.
_OBJECTS = ("summary", "spans", "meta", "error")
_TEXTS = ("title", "abstract")
_LISTED = 5  # malformed records named in the warning; the rest are counted


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the number it takes: ``1 paper``, ``2 papers``."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


def load_records(path: Path, warn: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """The records of a JSONL or Parquet output, with an InputError that says what to do if
    unreadable.

    Args:
        path: The JSONL or Parquet output of ``summarize`` (a file, or a folder of parts).
        warn: Told, in one line, about records of the wrong shape (they are kept, and
            shown as failed); by default the line goes to standard error.
    """
    path = Path(path)
    if path.suffix.lower() == ".csv":
        raise InputError(
            f"{path}: use the JSONL output (summarize -o out.jsonl); CSV drops the spans"
        )
    try:
        records = read_parquet_records(path) if is_parquet_target(path) else read_records(path)
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise InputError(f"{path} is a directory; give the .jsonl output of summarize") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{path} is not a JSONL output of summarize (not UTF-8)") from exc
    if not records:
        raise InputError(f"{path} holds no output records; create them with summarizer summarize")
    bad = [(r, reason) for r in records if (reason := malformed(r))]
    if bad:
        named = "; ".join(f"{record_id(r)}: {reason}" for r, reason in bad[:_LISTED])
        more = f"; and {len(bad) - _LISTED} more" if len(bad) > _LISTED else ""
        line = (
            f"{path}: {len(bad)} record{'s' if len(bad) != 1 else ''} of the wrong shape, "
            f"shown as failed ({named}{more})"
        )
        (warn or _to_stderr)(printable(line))
    return records


def _to_stderr(line: str) -> None:
    print(f"warning: {line}", file=sys.stderr)


def malformed(record: dict[str, Any]) -> str | None:
    """Why ``record`` is not shaped like an output record (``'meta' is a list, not an
    object``), or None if it is."""
    for key in _OBJECTS:
        value = record.get(key)
        if value is not None and not isinstance(value, dict):
            return f"{key!r} is {_kind(value)}, not an object"
    for key in _TEXTS:
        value = record.get(key)
        if value is not None and not isinstance(value, str):
            return f"{key!r} is {_kind(value)}, not text"
    if not isinstance(record.get("id"), str | int) or isinstance(record.get("id"), bool):
        return f"'id' is {_kind(record.get('id'))}, not text"
    return None


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    names = {list: "a list", dict: "an object", str: "text", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def record_id(record: dict[str, Any]) -> str:
    rid = record.get("id")
    return str(rid) if isinstance(rid, str | int) else "(no id)"


def heading(record: dict[str, Any]) -> str:
    """The title, or else the abstract's first words."""
    if text_of(record.get("title")):
        return text_of(record["title"])
    words = text_of(record.get("abstract")).split()
    return " ".join(words[:12]) + (" …" if len(words) > 12 else "") or record_id(record)


def text_of(value: Any) -> str:
    return value if isinstance(value, str) else ""


def failure(record: dict[str, Any]) -> tuple[str, str]:
    """The error type and message a failed (or malformed) record is shown with."""
    reason = malformed(record)
    if reason is not None:
        return "Malformed record", reason
    error = record.get("error") if isinstance(record.get("error"), dict) else {}
    return str(error.get("type") or "Error"), str(error.get("message") or "no summary")
