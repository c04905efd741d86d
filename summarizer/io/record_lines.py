"""Reading an output as records, not text lines.

A JSONL record is one line ended by ``\\n`` alone: the other characters that some readers
take for line breaks (``\\r``, U+2028, U+0085) may stand inside it. A CSV record ends at a
newline outside quotes: a quoted cell may hold ``\\r``, ``\\n`` or ``\\r\\n``. In both, what
follows the last whole record is a record cut short by a crash, and is left out.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO


def open_jsonl(path: Path | str) -> TextIO:
    """A JSONL file opened so that only ``\\n`` ends a line: a record is one line whatever
    other line breaks (``\\r``, U+2028) a reader might see in it."""
    return Path(path).open("r", encoding="utf-8", newline="\n")


def complete_lines(fh: TextIO) -> Iterator[str]:
    """The lines of a file from :func:`open_jsonl` up to the last newline (a last line cut
    short by a crash is not one)."""
    for line in fh:
        if not line.endswith("\n"):
            return
        yield line


# What ends a CSV record, or opens or closes a quoted cell.
_CSV_MARKS = re.compile(r'["\n]')
_CHUNK = 1 << 20


def complete_csv_text(fh: TextIO) -> Iterator[str]:
    """The text of a CSV file (opened with ``newline=""``) up to the end of its last whole
    record, in pieces of whole records.

    A record ends at a newline outside quotes; line breaks inside a quoted cell (``\\r``,
    ``\\r\\n``, ``\\n``) are part of the cell. What follows the last such newline is a
    record cut short by a crash, and is left out.
    """
    pending = ""
    quoted = False  # inside a quoted cell at the end of ``pending``
    while chunk := fh.read(_CHUNK):
        start = len(pending)
        pending += chunk
        end = -1
        for mark in _CSV_MARKS.finditer(pending, start):
            if mark.group() == '"':
                quoted = not quoted
            elif not quoted:
                end = mark.end()
        if end >= 0:
            yield pending[:end]
            pending = pending[end:]


def csv_records(fh: TextIO) -> Iterator[str]:
    """The physical lines of the whole CSV records of ``fh``, for :mod:`csv` readers."""
    for text in complete_csv_text(fh):
        yield from io.StringIO(text, newline="")
