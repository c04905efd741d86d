"""Writing output records: JSONL (the record as is) or CSV (flattened), resumable.

Records are appended and flushed as each finishes. Opening an existing output for a
run keeps the finished records and sets aside the rest: a half-written last line (a
crash mid-write) and records that failed are dropped from the file, so that rerunning
with the same output retries them and each id ends up exactly once.

The output follows the rules of :mod:`summarizer.io.target` (never an input, a device or a
file this tool did not write; one run at a time). A rerun into an output whose records were
made with another model, prompt or schema stops with a :class:`~summarizer.errors.UsageError`
unless ``force`` (which replaces what is there); another endpoint for the same model only
warns. CSV cells that a spreadsheet would run as a formula are prefixed with ``'``.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from ..errors import InputError
from . import target as targets
from .identity import IdentityCheck
from .idstore import IdStore
from .record_lines import complete_lines, csv_records, open_jsonl

CSV_COLUMNS = (
    "id",
    "title",
    "tldr",
    "problem",
    "contribution_types",
    "introduces",
    "datasets",
    "tasks",
    "results",
    "domain",
    "code_url",
    "keywords",
    "error",
    "prompt",
    "model",
    "cached",
    "schema",
    "template_hash",
    "endpoint",
)
#: Cells that a spreadsheet reads as a formula start with one of these (OWASP); a cell that
#: starts with the escape itself is escaped too, so that reading it back is exact.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def iter_records(path: Path) -> Iterator[dict[str, Any]]:
    """Every complete record in a JSONL output, one at a time; an unfinished last line is
    ignored."""
    with open_jsonl(path) as fh:
        for line in complete_lines(fh):
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):  # broken, too deep, or a huge number
                continue
            if isinstance(record, dict) and "id" in record:
                yield record


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every complete record in a JSONL output; an unfinished last line is ignored."""
    return list(iter_records(path))


def is_finished(record: dict[str, Any]) -> bool:
    """A record with a summary and no error: what a rerun keeps and does not ask again.

    A partial record (:func:`is_partial`) has both a summary and an error: it is not
    finished, so a rerun asks again for it.
    """
    return record.get("summary") is not None and not record.get("error")


def is_partial(record: dict[str, Any]) -> bool:
    """A record kept with some prose fields that never validated (see summarizer.run.partial)."""
    error = record.get("error")
    return (
        isinstance(error, dict)
        and error.get("type") == "PartialRecord"
        and isinstance(record.get("summary"), dict)
    )


def failed_fields(record: dict[str, Any]) -> dict[str, str]:
    """The fields of a partial record that did not validate, and why; empty for the others."""
    if not is_partial(record):
        return {}
    fields = record["error"].get("fields")
    return {
        str(f.get("field")): str(f.get("reason") or "")
        for f in (fields if isinstance(fields, list) else [])
        if isinstance(f, dict) and f.get("field")
    }


def _flatten(record: dict[str, Any]) -> dict[str, str]:
    summary = record.get("summary") or {}
    meta = record.get("meta") or {}
    row = {"id": record["id"], "title": record.get("title") or ""}
    for field in ("tldr", "problem", "domain", "code_url"):
        row[field] = summary.get(field) or ""
    for field in ("contribution_types", "introduces", "datasets", "tasks", "keywords"):
        row[field] = "; ".join(summary.get(field) or [])
    row["results"] = "; ".join(_result_cell(r) for r in summary.get("results") or [])
    error = record.get("error")
    row["error"] = f"{error['type']}: {error['message']}" if error else ""
    row["prompt"] = meta.get("prompt", "")
    row["model"] = meta.get("model", "")
    row["cached"] = str(bool(meta.get("cached")))
    for field in ("schema", "template_hash", "endpoint"):
        row[field] = meta.get(field, "")
    return {k: escape_cell(str(v)) for k, v in row.items()}


def _result_cell(result: dict[str, Any]) -> str:
    """One result as a CSV cell part: "83.1 accuracy (BERT, absolute)", so that a reader can
    tell whose number each one is."""
    text = " ".join(x for x in (result.get("value"), result.get("metric") or "") if x)
    about = ", ".join(str(x) for x in (result.get("subject"), result.get("kind")) if x)
    return f"{text} ({about})" if about else text


def escape_cell(value: str) -> str:
    """A CSV cell that no spreadsheet runs as a formula; plain numbers stay as they are."""
    if value.startswith(_FORMULA_START) and not _is_number(value):
        return "'" + value
    return value


def unescape_cell(value: str) -> str:
    """The text of a cell written by :func:`escape_cell`."""
    if value.startswith("'") and value[1:].startswith(_FORMULA_START):
        return value[1:]
    return value


def _is_number(value: str) -> bool:
    try:
        float(value.rstrip("%"))
    except ValueError:
        return False
    return value[:1] in "+-" and value[1:2].isdigit()


def is_output_file(path: Path) -> bool:
    """Whether ``path`` is a previous output of ``summarize``: JSONL or CSV of our records.

    Only the first record is read. A file of inputs (``id`` and ``abstract`` only) is not one.
    """
    if Path(path).suffix.lower() == ".csv":
        with Path(path).open("r", encoding="utf-8", newline="") as fh:
            header = next(csv.reader([fh.readline()]), [])
            return {"id", "tldr", "error"} <= set(header)
    with open_jsonl(path) as fh:
        for line in fh:
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):  # broken, too deep, or a huge number
                # a first record cut short by a crash
                return not line.endswith("\n") and line.startswith('{"id": ')
            return _is_record(record)
    return True


def _is_record(record: Any) -> bool:
    return (
        isinstance(record, dict)
        and "id" in record
        and "meta" in record
        and ("summary" in record or "error" in record)
    )


def discard_stream(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at nothing: Python flushes standard output again
    at exit, and a closed pipe would end the run with a second error after our one line."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


def _drop(fh: TextIO) -> None:
    """Close ``fh`` without flushing what a failed write left in its buffer."""
    with contextlib.suppress(OSError):
        os.close(fh.fileno())
    with contextlib.suppress(OSError, ValueError):
        fh.close()


def _closed_stream(stream: TextIO, exc: OSError) -> Exception:
    """The error for a stream that cannot take more records (``| head`` stopped reading)."""
    if not isinstance(exc, BrokenPipeError):
        return targets.OutputError(f"cannot write to standard output: {exc.strerror or exc}")
    discard_stream(stream)
    return targets.OutputError("standard output was closed before the run ended (broken pipe)")


class RecordWriter:
    """Appends records to a .jsonl or .csv file; knows which ids are already done.

    Args:
        path: The output, or None / ``-`` for ``stream``.
        stream: Where records go without a path (standard output).
        inputs: The run's input files: the output may not be one of them.
        identity: The run's model, prompt, template_hash, schema and endpoint; the records
            kept from an existing output must match it (see the module docstring).
        force: Replace an existing file instead of resuming it or refusing it.

    Raises:
        UsageError: the output may not be written, or holds another run's records.
        OutputError: the output cannot be written, or another run is writing it.
    """

    def __init__(
        self,
        path: Path | str | None,
        stream: TextIO | None = None,
        *,
        inputs: Iterable[str | Path] = (),
        identity: dict[str, Any] | None = None,
        force: bool = False,
    ) -> None:
        self.path = None if targets.is_stdout(path) else Path(str(path))
        self.csv = self.path is not None and self.path.suffix.lower() == ".csv"
        self.identity = {k: v for k, v in (identity or {}).items() if v is not None}
        self.force = force
        #: What the user should know about the existing output (printed by the CLI).
        self.warnings: list[str] = []
        # the finished ids: bounded in memory however many there are
        self.done = IdStore()
        self._fh: TextIO | None = stream
        self._csv_writer: Any = None
        self._lock: targets.OutputLock | None = None
        self._created = False
        self._records = 0  # written by this run
        self._check_identity = IdentityCheck(self.path, self.identity, self.warnings)
        if self.path is not None:
            self.target = targets.check_target(
                self.path, inputs=inputs, recognize=is_output_file, force=force
            )
            self._lock = targets.OutputLock(self.target).acquire()
            # A run that fails before its first record must not leave an empty output behind.
            self._created = not self.target.exists()
            try:
                self._open()
            except BaseException:
                if self._created:
                    with contextlib.suppress(OSError):
                        self.target.unlink()
                self._lock.release()
                self.done.close()
                raise

    def _open(self) -> None:
        # Rewrite atomically with only the finished records (streamed, one at a time), then
        # append to it.
        kept = 0
        with targets.atomic_file(self.target, newline="") as out:
            if not self.force and self.target.exists() and self.target.stat().st_size > 0:
                kept = self._keep_finished(out)
        try:
            self._fh = self.target.open(
                "a", encoding="utf-8", newline="", errors="backslashreplace"
            )
            if self.csv:
                self._csv_writer = csv.DictWriter(self._fh, fieldnames=CSV_COLUMNS)
                if not kept:
                    self._csv_writer.writeheader()
                    self._fh.flush()
        except OSError as exc:
            raise targets.write_error(self.target, exc) from exc

    def _keep_finished(self, out: TextIO) -> int:
        """Copy the finished records of the existing output to ``out``; how many."""
        kept = 0
        if self.csv:
            with self.target.open("r", encoding="utf-8", newline="") as fh:
                rows = csv.DictReader(csv_records(fh))
                if rows.fieldnames is not None and "id" not in rows.fieldnames:
                    raise InputError(f"{self.path} is not an output of this tool (no id column)")
                if self.identity and "template_hash" not in (rows.fieldnames or ()):
                    self.warnings.append(
                        f"{self.path} has no template_hash column (an older CSV): cannot check "
                        "that its rows were made with this model, prompt and schema"
                    )
                writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
                for row in rows:
                    if row.get("error"):
                        continue
                    self._check_identity({k: unescape_cell(v or "") for k, v in row.items()})
                    if not kept:
                        writer.writeheader()
                    writer.writerow({k: row.get(k, "") for k in CSV_COLUMNS})
                    self.done.add(unescape_cell(row["id"]))
                    kept += 1
            return kept
        try:
            for record in iter_records(self.target):
                if is_finished(record):
                    meta = record.get("meta")
                    self._check_identity(meta if isinstance(meta, dict) else {})
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
                    self.done.add(record["id"])
                    kept += 1
        except UnicodeDecodeError as exc:
            raise InputError(f"{self.path} is not a JSONL output of this tool") from exc
        return kept

    def write(self, record: dict[str, Any]) -> None:
        """Append one record and flush it to the file.

        Raises:
            OutputError: the write failed (disk full, say); what was written before stays
                readable, and a rerun resumes from it.
        """
        if self._fh is None:
            return
        try:
            if self._csv_writer is not None:
                self._csv_writer.writerow(_flatten(record))
            else:
                self._fh.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._fh.flush()
        except OSError as exc:
            if self.path is None:
                raise _closed_stream(self._fh, exc) from exc
            self._abandon()
            raise targets.write_error(self.target, exc) from exc
        self._records += 1
        if is_finished(record):
            self.done.add(record["id"])

    def _abandon(self) -> None:
        """After a failed write: drop what could not be flushed, so close() cannot fail."""
        fh, self._fh = self._fh, None
        if fh is not None:
            _drop(fh)

    def close(self) -> None:
        fh, self._fh = self._fh, None
        try:
            if fh is not None and self.path is not None:
                try:
                    fh.close()
                except OSError as exc:
                    _drop(fh)
                    raise targets.write_error(self.target, exc) from exc
            if self._created and not self._records:
                self._created = False
                with contextlib.suppress(OSError):  # under the lock: no other run has it
                    self.target.unlink()
        finally:
            if self._lock is not None:
                self._lock.release()
                self._lock = None
            self.done.close()
