"""Parquet files on disk: which outputs are Parquet, reading our records back, reading inputs.

A Parquet output is one file (``out.parquet``) or a folder of parts (``-o DIR/``, or an
existing folder): ``part-00000.parquet``, ``part-00001.parquet``, ... in the order they were
written. In a folder the latest record of an id is the one that counts (a rerun writes new
parts, and a failed record gives way to the one that replaced it). Files are read in row
batches, never whole. Nothing here imports pyarrow before it is needed.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from .arrow_schema import arrow, table_to_records
from .idstore import IdStore

if TYPE_CHECKING:
    import pyarrow as pa

SUFFIXES = (".parquet", ".pq")
#: Rows read at a time.
BATCH_ROWS = 1024
PART = "part-{:05d}.parquet"
_PART = re.compile(r"^part-(\d{5,})\.parquet$")
#: The temporary file of a part being written (see summarizer.io.target.atomic_file).
_PART_TMP = re.compile(r"^\.part-\d{5,}\.parquet\..+\.tmp$")


def is_parquet_target(path: str | Path | None) -> bool:
    """Whether ``-o path`` asks for Parquet: a ``.parquet`` name, a trailing slash, or an
    existing folder (written as parts)."""
    if path is None or str(path) == "-":
        return False
    return is_folder_target(path) or Path(path).suffix.lower() in SUFFIXES


def is_folder_target(path: str | Path) -> bool:
    """``DIR/`` or an existing folder: a folder of Parquet parts."""
    text = str(path)
    return text.endswith(("/", os.sep)) or Path(text).is_dir()


def part_number(name: str) -> int | None:
    """The number of a part file's name, or None for any other name."""
    match = _PART.match(name)
    return int(match[1]) if match else None


def is_part_temp(name: str) -> bool:
    """A part that a run was writing when it stopped."""
    return _PART_TMP.match(name) is not None


def part_files(folder: Path) -> list[Path]:
    """The parts of a folder output, in the order they were written."""
    numbered = [(part_number(p.name), p) for p in folder.iterdir() if p.is_file()]
    return [p for n, p in sorted((n, p) for n, p in numbered if n is not None)]


def is_parquet_output(path: Path) -> bool:
    """Whether ``path`` is a Parquet output of ``summarize`` (its columns are our record's); an
    empty folder counts. Only the schema in the footer is read."""
    path = Path(path)
    files = part_files(path) if path.is_dir() else [path]
    pq = arrow().parquet
    try:
        for file in files:
            names = set(pq.read_schema(file).names)
            if not ({"id", "meta"} <= names and names & {"summary", "error"}):
                return False
    except (OSError, ValueError):  # ArrowInvalid is a ValueError
        return False
    return True


def _open(path: Path | str, name: str) -> Any:
    """A ``pyarrow.parquet.ParquetFile``, or a one-line InputError."""
    pq = arrow().parquet
    source: Any = path
    if str(path) == "-":
        source = io.BytesIO(sys.stdin.buffer.read())
    elif not Path(path).exists():
        raise InputError(f"{name}: no such file")
    elif Path(path).is_dir():
        raise InputError(f"{name}: is a directory; pass the files in it")
    try:
        return pq.ParquetFile(source)
    except (OSError, ValueError) as exc:
        raise InputError(f"{name}: not a Parquet file ({exc})") from exc


def batches(path: Path | str, name: str, columns: list[str] | None = None) -> Iterator[Any]:
    """The record batches of one Parquet file, ``columns`` only if given."""
    file = _open(path, name)
    try:
        yield from file.iter_batches(batch_size=BATCH_ROWS, columns=columns)
    except (OSError, ValueError) as exc:
        raise InputError(f"{name}: cannot be read as Parquet ({exc})") from exc
    finally:
        file.close()


def parquet_rows(
    path: str, name: str, keys: Iterable[str], required: Iterable[str]
) -> Iterator[tuple[int, dict[str, Any]]]:
    """(row number from 1, the row's ``keys`` columns that it has) for each row of an input.

    Raises:
        InputError: no column of ``required`` (naming the columns there are), or the file is
            not Parquet.
    """
    file = _open(path, name)
    try:
        columns = file.schema_arrow.names
        required = tuple(required)
        if not set(required) & set(columns):
            shown = ", ".join(columns) or "none"
            raise InputError(f"{name}: no {required[0]!r} column (columns: {shown})")
        wanted = [c for c in dict.fromkeys(keys) if c in columns]
        number = 0
        for batch in file.iter_batches(batch_size=BATCH_ROWS, columns=wanted):
            for row in batch.to_pylist():
                number += 1
                yield number, row
    except (OSError, ValueError) as exc:
        raise InputError(f"{name}: cannot be read as Parquet ({exc})") from exc
    finally:
        file.close()


def iter_parquet_records(path: Path | str) -> Iterator[dict[str, Any]]:
    """Every record of a Parquet output, one at a time; in a folder, the latest per id.

    Raises:
        InputError: not a Parquet output (no such file, not Parquet).
        ConfigError: pyarrow is not installed.
    """
    path = Path(path)
    if not path.is_dir():
        for batch in batches(path, str(path)):
            yield from table_to_records(batch)
        return
    parts = part_files(path)
    latest = latest_rows(parts)
    try:
        for index, part in enumerate(parts):
            row = 0
            for batch in batches(part, str(part)):
                for record in table_to_records(batch):
                    if latest.get(record["id"]) == f"{index} {row}":
                        yield record
                    row += 1
    finally:
        latest.close()


def latest_rows(parts: list[Path], finished: bool = False) -> IdStore:
    """id -> ``"part row"`` of its latest record in ``parts`` (``"part row 1"`` or ``"... 0"``
    with ``finished``: whether that record is finished)."""
    pc = arrow().compute
    latest = IdStore()
    try:
        for index, part in enumerate(parts):
            row = 0
            columns = ["id", "summary", "error"] if finished else ["id"]
            for batch in batches(part, str(part), columns=columns):
                done = finished_mask(pc, batch).to_pylist() if finished else None
                for n, paper_id in enumerate(batch.column("id").to_pylist()):
                    mark = f"{index} {row + n}"
                    latest.add(paper_id, mark if done is None else f"{mark} {int(done[n])}")
                row += batch.num_rows
    except BaseException:
        latest.close()
        raise
    return latest


def finished_mask(pc: Any, batch: pa.RecordBatch) -> Any:
    """Rows with a summary and no error (see summarizer.io.output.is_finished)."""
    return pc.and_(pc.is_valid(batch.column("summary")), pc.is_null(batch.column("error")))


def read_parquet_records(path: Path | str) -> list[dict[str, Any]]:
    """Every record of a Parquet output (the latest per id in a folder)."""
    return list(iter_parquet_records(path))
