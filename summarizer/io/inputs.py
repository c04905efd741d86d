"""Reading abstracts: Daily Papers text dumps, JSONL, CSV, Parquet, or standard input.

Readers stream: they yield one :class:`Paper` at a time, so a million-line input does
not sit in memory. A problem with the input as a whole (missing file, undecodable
bytes, a JSONL line that is not JSON) raises :class:`InputError` with a one-line reason;
a problem with one abstract (absurdly long, or a CSV row whose quote never closes) travels
on the paper as ``problem``, so the batch goes on and that item's record carries the reason.

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
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ..errors import InputError
from ..text import normalize_whitespace, paper_id, valid_text
from .csv_rows import CsvRows
from .idstore import IdStore
from .parquet_files import SUFFIXES as PARQUET_SUFFIXES
from .parquet_files import parquet_rows
from .prefixed import HEAD_BYTES as _HEAD_BYTES
from .prefixed import Prefixed, read_head

MAX_ABSTRACT_CHARS = 20_000
MIN_ABSTRACT_WORDS = 3  # "We propose X." is the shortest thing worth a request
HEADER_LINES = {"daily papers"}
ABSTRACT_KEYS = ("abstract", "Abstract", "summary", "text")
#: What ``format=`` accepts: the reader of every input, whatever its name.
FORMATS = ("jsonl", "csv", "txt", "parquet")
#: A refused abstract's record keeps this much of it (and its length in the message).
KEPT_CHARS = 1_000


@dataclass(frozen=True)
class Paper:
    """One abstract to summarize."""

    id: str
    abstract: str
    title: str | None = None
    source: str | None = None
    problem: str | None = None


def make_paper(
    abstract: str,
    source: str,
    id_: object,
    title: object,
    limit: int,
    *,
    problem: str | None = None,
) -> Paper:
    """A paper from one abstract; one over ``limit`` characters, or of fewer than
    ``MIN_ABSTRACT_WORDS`` words, carries a ``problem`` and is not sent to the model.

    Text UTF-8 cannot encode (a lone surrogate from JSON) is made valid first, so that the
    paper's record can be written. A refused over-long abstract keeps only its first
    ``KEPT_CHARS`` characters: its record need not carry megabytes that were never sent.
    A ``problem`` given by the reader (a broken CSV row) wins over both checks.
    """
    abstract = valid_text(abstract.strip())
    # The id comes from the whole abstract, so a rerun finds the same id.
    id_text = valid_text(str(id_), escape=True) if id_ not in (None, "") else paper_id(abstract)
    if problem is None and len(abstract) > limit:
        problem = (
            f"abstract is {len(abstract):,} characters, over the limit of {limit:,}; "
            f"not sent to the model (the record keeps its first {KEPT_CHARS:,})"
        )
        abstract = abstract[:KEPT_CHARS] + "\u2026"
    elif problem is None and (words := len(abstract.split())) < MIN_ABSTRACT_WORDS:
        problem = (
            f"abstract has {words} word{'s' if words != 1 else ''}, too short to summarize "
            f"(at least {MIN_ABSTRACT_WORDS}); not sent to the model"
        )
    return Paper(
        id=id_text,
        abstract=abstract,
        title=(valid_text(str(title).strip()) or None) if title is not None else None,
        source=valid_text(source, escape=True),
        problem=problem,
    )


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
        raise InputError(
            f"{name}: not UTF-8 text (undecodable byte near position {exc.start} of a line); "
            "convert it to UTF-8 first"
        ) from exc


def read_daily_papers(fh: TextIO, name: str, limit: int) -> Iterator[Paper]:
    """Paragraph-per-abstract text; header lines such as "Daily Papers" are skipped."""
    buf: list[str] = []
    count = 0

    def flush() -> Paper | None:
        nonlocal count
        text = normalize_whitespace(" ".join(buf))
        buf.clear()
        if not text or text.lower() in HEADER_LINES:
            return None
        count += 1
        return make_paper(text, f"{name}#{count}", None, None, limit)

    for _, line in _lines(fh, name):
        if line.strip():
            buf.append(line)
            continue
        paper = flush()
        if paper:
            yield paper
    paper = flush()
    if paper:
        yield paper
    if count == 0:
        raise InputError(f"{name}: no abstracts found (expected one abstract per paragraph)")


def _abstract_of(record: dict, where: str) -> str:
    for key in ABSTRACT_KEYS:
        value = record.get(key)
        if isinstance(value, str) and value.strip():
            return value
    raise InputError(f"{where}: record has no 'abstract' field (or it is empty)")


def read_jsonl(fh: TextIO, name: str, limit: int) -> Iterator[Paper]:
    """One JSON object per line with an ``abstract`` field, optional ``id`` and ``title``."""
    count = 0
    for number, line in _lines(fh, name):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}, line {number}: not valid JSON ({exc.msg})") from exc
        if not isinstance(record, dict):
            raise InputError(f"{name}, line {number}: expected a JSON object")
        where = f"{name}, line {number}"
        count += 1
        yield make_paper(
            _abstract_of(record, where), where, record.get("id"), record.get("title"), limit
        )
    if count == 0:
        raise InputError(f"{name}: no records found")


def read_parquet_papers(
    path: str, limit_chars: int = MAX_ABSTRACT_CHARS, *, name: str | None = None
) -> Iterator[Paper]:
    """Parquet rows with an ``abstract`` column (or another of ``ABSTRACT_KEYS``), optional
    ``id`` and ``title``, read in row batches, under the rules of :func:`read_jsonl`.

    Raises:
        InputError: no abstract column, a row without one, no rows, or not Parquet.
        ConfigError: pyarrow is not installed.
    """
    name = name or ("stdin" if path == "-" else path)
    count = 0
    for number, row in parquet_rows(path, name, ("id", "title", *ABSTRACT_KEYS), ABSTRACT_KEYS):
        where = f"{name}, row {number}"
        count += 1
        abstract = _abstract_of(row, where)
        yield make_paper(abstract, where, row.get("id"), row.get("title"), limit_chars)
    if count == 0:
        raise InputError(f"{name}: no rows found")


def read_csv(fh: TextIO, name: str, limit: int) -> Iterator[Paper]:
    """CSV with a header row holding an ``abstract`` column (and optional ``id``, ``title``).

    A row whose quote does not close where it should is yielded with a ``problem`` (it is
    not sent), and the rows after it are read as they are, not swallowed into it.
    """
    try:
        rows = CsvRows(fh, name, tsv=name.lower().endswith(".tsv"), keys=ABSTRACT_KEYS)
        column = next((k for k in ABSTRACT_KEYS if k in rows.fields), None)
        if column is None:
            columns = ", ".join(rows.fields) or "none"
            raise InputError(f"{name}: no 'abstract' column (columns: {columns})")
        count = 0
        for row in rows:
            where = f"{name}, line {row.line}"
            text = row.values.get(column) or ""
            if row.problem is None and not text.strip():
                raise InputError(f"{where}: empty abstract")
            count += 1
            id_, title = row.values.get("id"), row.values.get("title")
            if row.problem is not None and not text.strip():  # the quote came before it
                text = ", ".join(v for v in row.values.values() if v) or where
            yield make_paper(text, where, id_, title, limit, problem=row.problem)
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text; convert it to UTF-8 first") from exc
    if count == 0:
        raise InputError(f"{name}: no rows found")


def _format_of(path: str, head: str, fmt: str | None) -> str:
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
    return _sniff(head)


def _sniff(head: str) -> str:
    """The format of an input without a telling name (stdin, a pipe, no suffix)."""
    text = head.lstrip("\ufeff \t\r\n")
    if text.startswith("{"):
        return "jsonl"
    first = text.split("\n", 1)[0].rstrip("\r")
    for delimiter in (",", "\t"):
        names = [f.strip() for f in next(csv.reader([first], delimiter=delimiter), [])]
        # One word on the first line ("Abstract") is a text dump's heading, not a header.
        header = len(names) >= 2 and all(0 < len(n) <= 64 for n in names)
        if any(n in ABSTRACT_KEYS for n in names) and (header or names == ["abstract"]):
            return "csv"
    return "txt"


_READERS = {"jsonl": read_jsonl, "csv": read_csv, "txt": read_daily_papers}


def _papers_of(path: str, name: str, fmt: str | None, limit: int) -> Iterator[Paper]:
    if _format_of(path, "", fmt) == "parquet":
        yield from read_parquet_papers(path, limit, name=name)
        return
    fh, head = _open_text(path)
    with fh:
        yield from _READERS[_format_of(path, head, fmt)](fh, name, limit)


def read_papers(
    paths: Iterable[str],
    *,
    limit_chars: int = MAX_ABSTRACT_CHARS,
    dedupe: bool = True,
    format: str | None = None,
) -> Iterator[Paper]:
    """Yield the papers of every input in order; duplicates (same id) are yielded once.

    Args:
        paths: Files, FIFOs or ``/dev/fd/N`` paths, or ``-`` for standard input.
        limit_chars: Longer abstracts are refused (their papers carry a ``problem``).
        dedupe: Yield one paper per id.
        format: ``jsonl``, ``csv``, ``txt`` (``text`` is accepted too) or ``parquet`` for
            every input; by default each input's suffix, or else its first line, decides.

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
            for paper in _papers_of(path, name, fmt, limit_chars):
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
