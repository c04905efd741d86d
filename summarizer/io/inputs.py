"""Reading abstracts: Daily Papers text dumps, JSONL, CSV, Parquet, or standard input.

Readers stream: they yield one :class:`Paper` at a time, so a million-line input does
not sit in memory, and a text dump is read in pieces of lines, so neither does one huge
paragraph (:mod:`.paragraphs`). A problem with the input as a whole (missing file,
undecodable bytes, a JSONL line that is not JSON or that Python's json cannot read)
raises :class:`InputError` with a one-line reason; a problem with one abstract (absurdly
long or short, or a CSV row whose quote never closes) travels on the paper as ``problem``
(:mod:`.papers`), so the batch goes on and that item's record carries the reason.

The format comes from ``format=`` if given, else from the file's suffix, else from its
first bytes (JSONL opens with ``{``; CSV with a header naming an ``abstract`` column).
Parquet (``.parquet``, or ``format="parquet"``) is read by column name in row batches, under
the rules of JSONL; it needs the ``parquet`` extra (pyarrow).
Pipes, FIFOs and ``/dev/fd/N`` (a shell's ``<(...)``) are read like files, but only once:
:func:`rereadable` tells a caller that wants two passes to keep the papers instead.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from ..errors import InputError
from ..text import paper_id
from .csv_rows import CsvRows
from .idstore import IdStore
from .papers import KEPT_CHARS, MAX_ABSTRACT_CHARS, MIN_ABSTRACT_WORDS, Paper, make_paper
from .paragraphs import HEADER_LINES, read_daily_papers, undecodable
from .parquet_files import SUFFIXES as PARQUET_SUFFIXES
from .parquet_files import parquet_rows
from .prefixed import HEAD_BYTES as _HEAD_BYTES
from .prefixed import Prefixed, read_head

#: The fields (JSONL, Parquet) or columns (CSV) read as the abstract, the first present
#: winning: ``abstract``, then ``Abstract``, then ``text``. ``abstract_key=`` (``--abstract-key``)
#: names another one, which is then the only one read.
ABSTRACT_KEYS = ("abstract", "Abstract", "text")
#: Names read as the abstract only when ``abstract_key=`` names them: a ``summary`` column
#: more often holds a summary already written than the abstract.
OPT_IN_KEYS = ("summary",)
#: What ``format=`` accepts: the reader of every input, whatever its name.
FORMATS = ("jsonl", "csv", "txt", "parquet")
__all__ = [
    "ABSTRACT_KEYS",
    "FORMATS",
    "OPT_IN_KEYS",
    "HEADER_LINES",
    "KEPT_CHARS",
    "MAX_ABSTRACT_CHARS",
    "MIN_ABSTRACT_WORDS",
    "Paper",
    "make_paper",
    "read_csv",
    "read_daily_papers",
    "read_jsonl",
    "read_papers",
    "read_parquet_papers",
    "rereadable",
]


def rereadable(path: str) -> bool:
    """Whether ``path`` can be read a second time: False for ``-`` (standard input), a FIFO,
    a socket, a character device and ``/dev/fd/N`` of a pipe (``<(cat in.jsonl)``).

    A caller that reads its inputs twice (counting, then summarizing) keeps the papers of
    such an input from the first pass. A missing path counts as rereadable: reading it
    raises the usual error.
    """
    if path == "-":
        return False
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return True
    return stat.S_ISREG(mode) or stat.S_ISDIR(mode)


def _open_text(path: str) -> tuple[TextIO, str]:
    """The input as text, and its first few kilobytes for telling its format."""
    if path == "-":
        text = _decode(sys.stdin.buffer.read(), "standard input")
        return io.StringIO(text), text[:_HEAD_BYTES]
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file")
    if p.is_dir():
        raise InputError(f"{path}: is a directory; pass the files in it")
    try:
        raw = open(p, "rb", buffering=0)  # closed with the text wrapper around it
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    try:
        regular = stat.S_ISREG(os.fstat(raw.fileno()).st_mode)
        if regular and os.fstat(raw.fileno()).st_size == 0:
            raise InputError(f"{path}: the file is empty")
        head = read_head(raw)
        if not head:  # a pipe or device has no size to look at beforehand
            raise InputError(f"{path}: the input is empty")
        if head.startswith(b"PAR1"):
            raise InputError(f"{path}: is Parquet; name it .parquet or pass --format parquet")
        if b"\x00" in head:
            raise InputError(f"{path}: looks like a binary file, not text")
    except OSError as exc:
        raw.close()
        raise InputError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    except InputError:
        raw.close()
        raise
    # One open, and the head given back in front: a pipe cannot be reopened or rewound.
    buffered = io.BufferedReader(Prefixed(head, raw), buffer_size=1 << 16)
    fh = io.TextIOWrapper(buffered, encoding="utf-8-sig", newline="")
    return fh, head.decode("utf-8", errors="ignore")


def _decode(data: bytes, name: str) -> str:
    if not data.strip():
        raise InputError(f"{name}: the input is empty")
    if b"\x00" in data[:8192]:
        raise InputError(f"{name}: looks like binary data, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{name}: not UTF-8 text (undecodable byte at offset {exc.start}); "
            "convert it to UTF-8 first"
        ) from exc


def _lines(fh: TextIO, name: str) -> Iterator[tuple[int, str]]:
    try:
        yield from enumerate(fh, start=1)
    except UnicodeDecodeError as exc:
        raise undecodable(name, exc) from exc


def _keys(abstract_key: str | None) -> tuple[str, ...]:
    """The names read as the abstract: ``abstract_key`` alone, or :data:`ABSTRACT_KEYS`."""
    if abstract_key is None:
        return ABSTRACT_KEYS
    if not abstract_key.strip():
        raise InputError("--abstract-key is empty; name the field that holds the abstract")
    return (abstract_key,)


def _opt_in_hint(keys: tuple[str, ...], present: Iterable[str], what: str) -> str:
    """How to read an opt-in field (``summary``) that an input without an abstract has."""
    found = [k for k in OPT_IN_KEYS if k in present] if keys == ABSTRACT_KEYS else []
    if not found:
        return ""
    return (
        f"; its {found[0]!r} {what} is read as the abstract only when asked: "
        f"pass --abstract-key {found[0]}"
    )


def _abstract_of(record: dict, where: str, keys: tuple[str, ...] = ABSTRACT_KEYS) -> str:
    for key in keys:
        value = record.get(key)
        if isinstance(value, str) and value.strip():
            return value
    hint = _opt_in_hint(keys, record, "field")
    raise InputError(f"{where}: record has no {keys[0]!r} field (or it is empty){hint}")


def _json_of(line: str, where: str) -> object:
    """The JSON value of one line, or an InputError naming the line: Python's json cannot
    read every valid text (arrays nested a thousand deep, integers of thousands of digits),
    and such a line is as unreadable as a broken one."""
    fix = "fix or remove the line"
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: not valid JSON ({exc.msg}); {fix}") from exc
    except RecursionError as exc:
        raise InputError(
            f"{where}: cannot be read as JSON (arrays or objects nested too deeply); a record "
            f"is one object with an abstract and an optional id and title: {fix}"
        ) from exc
    except ValueError as exc:  # an integer over sys.get_int_max_str_digits()
        raise InputError(
            f"{where}: cannot be read as JSON (a number of over "
            f"{sys.get_int_max_str_digits():,} digits); write a long id as a string, or {fix}"
        ) from exc


def read_jsonl(
    fh: TextIO, name: str, limit: int, abstract_key: str | None = None
) -> Iterator[Paper]:
    """One JSON object per line with an ``abstract`` field (see :data:`ABSTRACT_KEYS`, or
    ``abstract_key``), optional ``id`` and ``title``."""
    keys = _keys(abstract_key)
    count = 0
    for number, line in _lines(fh, name):
        if not line.strip():
            continue
        where = f"{name}, line {number}"
        record = _json_of(line, where)
        if not isinstance(record, dict):
            raise InputError(f"{where}: expected a JSON object")
        count += 1
        yield make_paper(
            _abstract_of(record, where, keys), where, record.get("id"), record.get("title"), limit
        )
    if count == 0:
        raise InputError(f"{name}: no records found")


def read_parquet_papers(
    path: str,
    limit_chars: int = MAX_ABSTRACT_CHARS,
    *,
    name: str | None = None,
    abstract_key: str | None = None,
) -> Iterator[Paper]:
    """Parquet rows with an ``abstract`` column (or another of ``ABSTRACT_KEYS``, or
    ``abstract_key``), optional ``id`` and ``title``, read in row batches, under the rules
    of :func:`read_jsonl`.

    Raises:
        InputError: no abstract column, a row without one, no rows, or not Parquet.
        ConfigError: pyarrow is not installed.
    """
    name = name or ("stdin" if path == "-" else path)
    keys = _keys(abstract_key)
    # An opt-in column is read too, so that a file with only that one is told how to use it.
    known = keys + OPT_IN_KEYS if abstract_key is None else keys
    count = 0
    for number, row in parquet_rows(path, name, ("id", "title", *known), known):
        where = f"{name}, row {number}"
        count += 1
        abstract = _abstract_of(row, where, keys)
        yield make_paper(abstract, where, row.get("id"), row.get("title"), limit_chars)
    if count == 0:
        raise InputError(f"{name}: no rows found")


def read_csv(fh: TextIO, name: str, limit: int, abstract_key: str | None = None) -> Iterator[Paper]:
    """CSV with a header row holding an ``abstract`` column (see :data:`ABSTRACT_KEYS`, or
    ``abstract_key``; optional ``id``, ``title``).

    A row whose quote does not close where it should is yielded with a ``problem`` (it is
    not sent), and the rows after it are read as they are, not swallowed into it.
    """
    keys = _keys(abstract_key)
    try:
        tsv = name.lower().endswith(".tsv")
        rows = CsvRows(fh, name, tsv=tsv, keys=keys + OPT_IN_KEYS)
        column = next((k for k in keys if k in rows.fields), None)
        if column is None:
            columns = ", ".join(rows.fields) or "none"
            hint = _opt_in_hint(keys, rows.fields, "column")
            raise InputError(f"{name}: no {keys[0]!r} column (columns: {columns}){hint}")
        count = 0
        for row in rows:
            where = f"{name}, line {row.line}"
            text = row.values.get(column) or ""
            if row.problem is None and not text.strip():
                named = "" if column == "abstract" else f" (its {column!r} column)"
                raise InputError(f"{where}: empty abstract{named}")
            count += 1
            id_, title = row.values.get("id"), row.values.get("title")
            if row.problem is not None and not text.strip():  # the quote came before it
                text = ", ".join(v for v in row.values.values() if v) or where
            yield make_paper(text, where, id_, title, limit, problem=row.problem)
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text; convert it to UTF-8 first") from exc
    if count == 0:
        raise InputError(f"{name}: no rows found")


def _format_of(
    path: str, head: str, fmt: str | None, keys: tuple[str, ...] = ABSTRACT_KEYS + OPT_IN_KEYS
) -> str:
    if fmt is not None:
        return fmt
    suffix = Path(path).suffix.lower()
    if suffix in PARQUET_SUFFIXES:
        return "parquet"
    if suffix in {".jsonl", ".ndjson", ".json"}:
        return "jsonl"
    if suffix in {".csv", ".tsv"}:
        return "csv"
    if suffix == ".txt":
        return "txt"
    return _sniff(head, keys)


def _sniff(head: str, keys: tuple[str, ...] = ABSTRACT_KEYS + OPT_IN_KEYS) -> str:
    """The format of an input without a telling name (stdin, a pipe, no suffix): a header
    naming one of ``keys`` is CSV's."""
    text = head.lstrip("\ufeff \t\r\n")
    if text.startswith("{"):
        return "jsonl"
    first = text.split("\n", 1)[0].rstrip("\r")
    for delimiter in (",", "\t"):
        names = [f.strip() for f in next(csv.reader([first], delimiter=delimiter), [])]
        # One word on the first line ("Abstract") is a text dump's heading, not a header.
        header = len(names) >= 2 and all(0 < len(n) <= 64 for n in names)
        if any(n in keys for n in names) and (header or names == ["abstract"]):
            return "csv"
    return "txt"


def _papers_of(
    path: str, name: str, fmt: str | None, limit: int, abstract_key: str | None
) -> Iterator[Paper]:
    if _format_of(path, "", fmt) == "parquet":
        yield from read_parquet_papers(path, limit, name=name, abstract_key=abstract_key)
        return
    fh, head = _open_text(path)
    keys = ABSTRACT_KEYS + OPT_IN_KEYS if abstract_key is None else (abstract_key,)
    with fh:
        found = _format_of(path, head, fmt, keys)
        if found == "txt":
            yield from read_daily_papers(fh, name, limit)
        else:
            reader = read_jsonl if found == "jsonl" else read_csv
            yield from reader(fh, name, limit, abstract_key)


def read_papers(
    paths: Iterable[str],
    *,
    limit_chars: int = MAX_ABSTRACT_CHARS,
    dedupe: bool = True,
    format: str | None = None,
    abstract_key: str | None = None,
) -> Iterator[Paper]:
    """Yield the papers of every input in order; duplicates (same id) are yielded once.

    Args:
        paths: Files, FIFOs or ``/dev/fd/N`` paths, or ``-`` for standard input.
        limit_chars: Longer abstracts are refused (their papers carry a ``problem``).
        dedupe: Yield one paper per id.
        format: ``jsonl``, ``csv``, ``txt`` (``text`` is accepted too) or ``parquet`` for
            every input; by default each input's suffix, or else its first line, decides.
        abstract_key: The JSONL field or CSV/Parquet column that holds the abstract, the
            only one read; by default the first of :data:`ABSTRACT_KEYS` present. A
            ``summary`` field is read only when named here.

    Raises:
        InputError: also when one id is given to two different abstracts, which would
            otherwise drop one of them without a word.
        ValueError: ``format`` is not one of :data:`FORMATS`.
    """
    fmt = {"text": "txt", "tsv": "csv", "ndjson": "jsonl"}.get(format or "", format)
    if fmt is not None and fmt not in FORMATS:
        raise ValueError(f"unknown input format {format!r}; use one of {', '.join(FORMATS)}")
    # id -> "digest where": the abstract's digest and where it was read (bounded memory)
    seen = IdStore()
    try:
        for path in paths:
            name = "stdin" if path == "-" else path
            for paper in _papers_of(path, name, fmt, limit_chars, abstract_key):
                if dedupe:
                    digest = paper_id(paper.abstract)
                    first = seen.get(paper.id)
                    if first is not None:
                        first_digest, _, first_where = first.partition(" ")
                        if first_digest != digest:
                            raise InputError(
                                f"{paper.source}: id {paper.id!r} is already used by a "
                                f"different abstract ({first_where or None}); give each "
                                "abstract its own id"
                            )
                        continue
                    seen.add(paper.id, f"{digest} {paper.source or ''}")
                yield paper
    finally:
        seen.close()
