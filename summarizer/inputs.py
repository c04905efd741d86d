"""Reading abstracts: Daily Papers text dumps, JSONL, CSV, or standard input.

Readers stream: they yield one :class:`Paper` at a time, so a million-line input does
not sit in memory. A problem with the input as a whole (missing file, undecodable
bytes, a JSONL line that is not JSON) raises :class:`InputError` with a one-line reason;
a problem with one abstract (absurdly long) travels on the paper as ``problem``, so the
batch goes on and that item's record carries the reason.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .errors import InputError
from .idstore import IdStore
from .text import normalize_whitespace, paper_id

MAX_ABSTRACT_CHARS = 20_000
MIN_ABSTRACT_WORDS = 3  # "We propose X." is the shortest thing worth a request
HEADER_LINES = {"daily papers"}
ABSTRACT_KEYS = ("abstract", "Abstract", "summary", "text")
csv.field_size_limit(64 * 1024 * 1024)


@dataclass(frozen=True)
class Paper:
    """One abstract to summarize."""

    id: str
    abstract: str
    title: str | None = None
    source: str | None = None
    problem: str | None = None


def make_paper(abstract: str, source: str, id_: str | None, title: str | None, limit: int) -> Paper:
    """A paper from one abstract; one over ``limit`` characters, or of fewer than
    ``MIN_ABSTRACT_WORDS`` words, carries a ``problem`` and is not sent to the model."""
    abstract = abstract.strip()
    problem = None
    if len(abstract) > limit:
        problem = (
            f"abstract is {len(abstract):,} characters, over the limit of {limit:,}; "
            "not sent to the model"
        )
    elif (words := len(abstract.split())) < MIN_ABSTRACT_WORDS:
        problem = (
            f"abstract has {words} word{'s' if words != 1 else ''}, too short to summarize "
            f"(at least {MIN_ABSTRACT_WORDS}); not sent to the model"
        )
    return Paper(
        id=str(id_) if id_ not in (None, "") else paper_id(abstract),
        abstract=abstract,
        title=title or None,
        source=source,
        problem=problem,
    )


def _open_text(path: str) -> TextIO:
    if path == "-":
        data = sys.stdin.buffer.read()
        return io.StringIO(_decode(data, "standard input"))
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file")
    if p.is_dir():
        raise InputError(f"{path}: is a directory; pass the files in it")
    if p.stat().st_size == 0:
        raise InputError(f"{path}: the file is empty")
    with p.open("rb") as fh:
        head = fh.read(8192)
    if b"\x00" in head:
        raise InputError(f"{path}: looks like a binary file, not text")
    try:
        return p.open("r", encoding="utf-8-sig", newline="")
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror})") from exc


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


def read_csv(fh: TextIO, name: str, limit: int) -> Iterator[Paper]:
    """CSV with a header row holding an ``abstract`` column (and optional ``id``, ``title``)."""
    try:
        reader = csv.DictReader(fh, delimiter="\t" if name.lower().endswith(".tsv") else ",")
        fields = reader.fieldnames or []
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text; convert it to UTF-8 first") from exc
    column = next((k for k in ABSTRACT_KEYS if k in fields), None)
    if column is None:
        raise InputError(f"{name}: no 'abstract' column (columns: {', '.join(fields) or 'none'})")
    count = 0
    try:
        for row in reader:
            where = f"{name}, row {reader.line_num}"
            text = row.get(column) or ""
            if not text.strip():
                raise InputError(f"{where}: empty abstract")
            count += 1
            yield make_paper(text, where, row.get("id"), row.get("title"), limit)
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text; convert it to UTF-8 first") from exc
    except csv.Error as exc:
        raise InputError(f"{name}: malformed CSV ({exc})") from exc
    if count == 0:
        raise InputError(f"{name}: no rows found")


def _format_of(path: str, fh: TextIO) -> str:
    suffix = Path(path).suffix.lower()
    if suffix in {".jsonl", ".ndjson", ".json"}:
        return "jsonl"
    if suffix in {".csv", ".tsv"}:
        return "csv"
    if path == "-" and isinstance(fh, io.StringIO):
        first = fh.getvalue().lstrip()[:1]
        return "jsonl" if first == "{" else "text"
    return "text"


_READERS = {"jsonl": read_jsonl, "csv": read_csv, "text": read_daily_papers}


def read_papers(
    paths: Iterable[str], *, limit_chars: int = MAX_ABSTRACT_CHARS, dedupe: bool = True
) -> Iterator[Paper]:
    """Yield the papers of every input in order; duplicates (same id) are yielded once.

    Raises:
        InputError: also when one id is given to two different abstracts, which would
            otherwise drop one of them without a word.
    """
    # id -> "digest where": the abstract's digest and where it was read (bounded memory)
    seen = IdStore()
    try:
        for path in paths:
            name = "stdin" if path == "-" else path
            fh = _open_text(path)
            with fh:
                for paper in _READERS[_format_of(path, fh)](fh, name, limit_chars):
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
