"""CSV rows that a stray quote cannot run together.

With a quote that does not close where it should, a CSV reader keeps reading: the rows
after it become part of one field, up to the next quote or the end of the file, and they
are silently lost. Here the rows are parsed strictly, and a row that goes wrong across
lines is refused on its own (it comes out with a ``problem`` naming the line), while the
lines after it are read again as rows. A row whose trouble stays on its own line (``"x" ,y``)
is read leniently, as the csv module always did.
"""

from __future__ import annotations

import csv
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

csv.field_size_limit(64 * 1024 * 1024)
#: A quoted field may span lines (a multi-line abstract); past this many characters over
#: several lines it is taken for a quote that never closes.
RUNAWAY_CHARS = 16 * 1024 * 1024


@dataclass(frozen=True)
class Row:
    """One CSV row: the line it starts on, its values by column, and what is wrong with it."""

    line: int
    values: dict[str, str]
    problem: str | None = None


class _Runaway(Exception):
    pass


class _Lines:
    """The physical lines of the file; the ones the current row took are kept, so that a row
    that goes wrong can give back all but its first."""

    def __init__(self, fh: TextIO) -> None:
        self._source = enumerate(fh, start=1)
        self._back: deque[tuple[int, str]] = deque()
        self.taken: list[tuple[int, str]] = []
        self._chars = 0

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        item = self._back.popleft() if self._back else next(self._source)
        self.taken.append(item)
        self._chars += len(item[1])
        if self._chars > RUNAWAY_CHARS and len(self.taken) > 1:
            raise _Runaway
        return item[1]

    def next_row(self) -> None:
        self.taken = []
        self._chars = 0

    def give_back(self, items: list[tuple[int, str]]) -> None:
        self._back.extendleft(reversed(items))


class CsvRows:
    """The header and rows of a CSV (or TSV) file.

    Args:
        fh: The open text file (``newline=""``).
        name: The file's name, for problems.
        tsv: Split on tabs; otherwise the header line decides between commas and tabs.
    """

    def __init__(self, fh: TextIO, name: str, tsv: bool = False, keys: tuple[str, ...] = ()):
        self.name = name
        self._lines = _Lines(fh)
        first = next(self._lines, "")
        self.delimiter = "\t" if tsv else _delimiter(first, keys)
        self.fields = [f.strip() for f in _lenient(first, self.delimiter)] if first else []
        self._lines.next_row()

    def __iter__(self) -> Iterator[Row]:
        while True:
            reader = csv.reader(self._lines, delimiter=self.delimiter, strict=True)
            try:
                for values in reader:
                    row = self._row(self._lines.taken[0][0], values)
                    self._lines.next_row()
                    if values:  # a blank line
                        yield row
                return
            except (csv.Error, _Runaway) as exc:
                row = self._refused(exc)
                if row is not None:
                    yield row

    def _row(self, line: int, values: list[str], problem: str | None = None) -> Row:
        return Row(line, dict(zip(self.fields, values, strict=False)), problem)

    def _refused(self, exc: Exception) -> Row | None:
        taken = self._lines.taken
        self._lines.next_row()
        (start, first), rest = taken[0], taken[1:]
        never_closed = "unexpected end of data" in str(exc)
        too_big = isinstance(exc, _Runaway) or "field larger" in str(exc)
        if not rest and not never_closed and not too_big:
            # Trouble on one line only ("x" ,y): nothing run together; read it as csv does.
            return self._row(start, _lenient(first, self.delimiter))
        self._lines.give_back(rest)
        where = f"{self.name}, line {start}"
        if too_big and not rest:
            what = f"{where}: a field in this row is over {csv.field_size_limit() // 2**20} MB"
        elif too_big:
            what = f"{where}: a quote in this row runs on for over {RUNAWAY_CHARS // 2**20} MB"
        elif never_closed:
            what = f"{where}: a quote in this row is never closed"
        else:
            what = (
                f"{where}: a quote in this row closes only on line {rest[-1][0]}, "
                "taking in the lines between"
            )
        problem = (
            f"{what}; fix the quoting (the lines after it are read as rows of their own); "
            "not sent to the model"
        )
        return self._row(start, _lenient(first, self.delimiter), problem)


def _lenient(line: str, delimiter: str) -> list[str]:
    try:
        return next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:  # a field over the size limit: the plain split is enough to report it
        return line.rstrip("\r\n").split(delimiter)


def _delimiter(header: str, keys: tuple[str, ...]) -> str:
    """Commas, unless only tabs split the header into a column named by ``keys``."""
    for delimiter in (",", "\t"):
        if any(f.strip() in keys for f in _lenient(header, delimiter)):
            return delimiter
    return ","
