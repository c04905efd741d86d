"""Splitting one run across machines, and joining their outputs back.

``--shard I/N`` keeps the papers whose id hashes to ``I - 1`` modulo ``N``: every machine
reads the same input, keeps its share, and writes its own output file. The split depends
only on the ids (a hash of the abstract, or the id the input gives), so it is the same on
every machine and on every rerun.

:func:`merge_outputs` joins the shard outputs (JSONL or Parquet) into one JSONL file, or
standard output for ``-``: an id found twice with the same summary is written once (a failed
record gives way to a finished one); an id found twice with different summaries is a
conflict; with the input given, every input id must be in the output exactly once. Shards
of different runs are refused, as a resume refuses them (:mod:`summarizer.io.identity`):
every record's model, prompt, template hash and schema must be those of the first record
read, unless ``force``; another endpoint only warns.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TextIO

from ..errors import ConfigError, InputError, UsageError
from .identity import IDENTITY, IdentityCheck
from .idstore import IdStore
from .output import is_finished, is_output_file
from .parquet_files import is_parquet_target, iter_parquet_records
from .record_lines import open_jsonl
from .stdout import stdout_file
from .target import OutputLock, atomic_file, check_target, is_stdout

_SHARD = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")
#: How many missing or conflicting ids a report lists (all are counted).
LISTED = 20


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (1-based) of ``count``."""

    index: int
    count: int

    def keeps(self, paper_id: str) -> bool:
        """Whether the paper with this id belongs to this shard."""
        return shard_of(paper_id, self.count) == self.index

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def shard_of(paper_id: str, count: int) -> int:
    """The 1-based shard of an id among ``count`` shards (stable across machines and runs)."""
    digest = hashlib.sha256(paper_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def parse_shard(text: str) -> Shard:
    """``"2/8"`` -> ``Shard(2, 8)``.

    Raises:
        ConfigError: not of the form I/N with 1 <= I <= N.
    """
    match = _SHARD.match(text or "")
    if not match:
        raise ConfigError(f"--shard {text!r}: expected I/N, e.g. 1/4 for the first of four")
    index, count = int(match[1]), int(match[2])
    if count < 1 or not 1 <= index <= count:
        raise ConfigError(f"--shard {text}: I must be between 1 and N (N at least 1)")
    return Shard(index, count)


def in_shard(papers: Iterable[Any], shard: Shard | None) -> Iterator[Any]:
    """The papers of ``shard`` (all of them with no shard), streamed."""
    for paper in papers:
        if shard is None or shard.keeps(paper.id):
            yield paper


@dataclass
class MergeReport:
    """What a merge found."""

    written: int = 0
    failed: int = 0
    duplicates: int = 0
    conflicts: int = 0
    missing: int = 0
    extra: int = 0
    conflict_ids: list[str] = field(default_factory=list)
    missing_ids: list[str] = field(default_factory=list)
    bad_lines: list[str] = field(default_factory=list)
    #: What the user should know (shards from another endpoint, say).
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.conflicts or self.missing or self.bad_lines)


def _lines(path: Path) -> Iterator[tuple[int, dict[str, Any] | None]]:
    """(line number, record) for each line of a JSONL output; None for a broken line. For
    a Parquet output, (row number, record) of each record that counts."""
    if is_parquet_target(path):
        yield from enumerate(iter_parquet_records(path), start=1)
        return
    try:
        with open_jsonl(path) as fh:
            for number, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except (ValueError, RecursionError):  # broken, too deep, or a huge number
                    yield number, None
                    continue
                ok = isinstance(record, dict) and isinstance(record.get("id"), str)
                yield number, record if ok else None
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not a JSONL output of this tool (not UTF-8)") from exc


def _content(record: dict[str, Any]) -> bytes:
    """A digest of what a record says (its summary), blind to timings and cache flags."""
    blob = json.dumps(record.get("summary"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).digest()[:12]


def merge_outputs(
    target: Path | str,
    sources: list[Path],
    input_ids: Iterable[str] | None = None,
    *,
    input_files: Iterable[str | Path] = (),
    force: bool = False,
    stream: TextIO | None = None,
) -> MergeReport:
    """Join shard outputs (JSONL or Parquet) into ``target``; see the module docstring.

    Two passes over the sources, one record in memory at a time: the first picks, for
    each id, the line to keep; the second copies those lines. What is held per id is a
    short digest and a position. ``target`` follows the output rules of
    :mod:`summarizer.io.target` (``input_files`` are the run's inputs, which it may not be);
    ``-`` writes to ``stream`` (standard output by default).

    Raises:
        UsageError: ``target`` may not be written, or the shards were made by different
            runs (another model, prompt, template hash or schema) and not ``force``.
        InputError: a source is missing or unreadable.
        OutputError: ``target`` cannot be written.
    """
    report = MergeReport()
    lock = None
    sink: AbstractContextManager[IO[Any]]
    if is_stdout(target):
        sink = stdout_file(stream)
    else:
        target = _merge_target(Path(target), sources, input_files, force)
        lock = OutputLock(target, what="merged output").acquire()
        sink = atomic_file(target)
    # id -> "digest index number": the summary's digest ("-" for a failed record), the
    # source's index and the line number (bounded memory however many ids)
    chosen = IdStore()
    try:
        _choose(sources, chosen, report, check_identity=not force)
        with sink as out:
            _copy_chosen(out, sources, chosen, report)
        if input_ids is not None:
            _check_input_ids(input_ids, chosen, report)
    finally:
        chosen.close()
        if lock is not None:
            lock.release()
    return report


def _merge_target(
    target: Path, sources: list[Path], input_files: Iterable[str | Path], force: bool
) -> Path:
    if is_parquet_target(target):
        raise UsageError(
            f"merge writes JSONL: give OUT.jsonl, not {target} (the shards may be Parquet)"
        )
    resolved = [Path(s).resolve() for s in sources]
    if target.resolve() in resolved:
        raise UsageError(f"the merged output {target} is also one of the shard files")
    return check_target(
        target,
        inputs=[*sources, *input_files],
        recognize=is_output_file,
        what="merged output",
        force=force,
    )


class _SameRun:
    """Checks that every record was made by one run: for each of model, prompt, template
    hash and schema, the value of the first record that names it (endpoint only warns)."""

    def __init__(self, warnings: list[str]) -> None:
        self.warnings = warnings
        self.identity: dict[str, Any] = {}
        self.where: dict[str, str] = {}  # key -> the record its value came from
        self._check: IdentityCheck | None = None

    def __call__(self, path: Path, number: int, record: dict[str, Any]) -> None:
        meta = record.get("meta")
        if not isinstance(meta, dict):
            return
        if self._check is None or self._check.path != path:
            self._check = IdentityCheck(
                path,
                self.identity,
                self.warnings,
                against=self.where,
                remedy="merge only the shards of one run, or pass --force to merge them anyway",
                going_on="merging",
            )
        self._check(meta)
        new = [k for k in (*IDENTITY, "endpoint") if meta.get(k) and k not in self.identity]
        if new:
            self.identity.update((k, meta[k]) for k in new)
            self.where.update(dict.fromkeys(new, f"{path}:{number}"))
            self._check = None


def _choice(value: str) -> tuple[str | None, int, int]:
    digest, index, number = value.split(" ")
    return (None if digest == "-" else digest), int(index), int(number)


def _choose(
    sources: list[Path], chosen: IdStore, report: MergeReport, *, check_identity: bool = True
) -> None:
    """For each id, the line to keep: the first finished record, else the first one."""
    same_run = _SameRun(report.warnings) if check_identity else None
    for index, path in enumerate(sources):
        for number, record in _lines(Path(path)):
            if record is None:
                report.bad_lines.append(f"{path}:{number}")
                continue
            if same_run is not None:
                same_run(Path(path), number, record)
            digest = _content(record).hex() if is_finished(record) else None
            seen = chosen.get(record["id"])
            if seen is None:
                chosen.add(record["id"], f"{digest or '-'} {index} {number}")
                continue
            report.duplicates += 1
            first = _choice(seen)[0]
            if first is None and digest is not None:
                # a finished one replaces a failure
                chosen.add(record["id"], f"{digest} {index} {number}")
            elif first is not None and digest is not None and first != digest:
                report.conflicts += 1
                if len(report.conflict_ids) < LISTED:
                    report.conflict_ids.append(record["id"])


def _copy_chosen(out: IO[str], sources: list[Path], chosen: IdStore, report: MergeReport) -> None:
    for index, path in enumerate(sources):
        for number, record in _lines(Path(path)):
            if record is None:
                continue
            digest, keep_index, keep_number = _choice(chosen.get(record["id"]) or "- -1 -1")
            if (keep_index, keep_number) != (index, number):
                continue
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            report.written += 1
            report.failed += digest is None


def _check_input_ids(input_ids: Iterable[str], chosen: IdStore, report: MergeReport) -> None:
    """Ids of the input with no record (missing), and records of no input id (extra)."""
    expected = IdStore()
    try:
        for paper_id in input_ids:
            expected.add(paper_id)
            if paper_id not in chosen:
                report.missing += 1
                if len(report.missing_ids) < LISTED:
                    report.missing_ids.append(paper_id)
        report.extra = sum(1 for paper_id in chosen if paper_id not in expected)
    finally:
        expected.close()
