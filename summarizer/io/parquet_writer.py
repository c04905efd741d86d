"""Writing output records as Parquet, resumable: one file, or a folder of parts.

Parquet cannot be appended to, so a rerun into the same output works as follows:

- **One file** (``-o out.parquet``): the run writes a new file beside the old one (a temporary
  file made by :func:`~summarizer.io.target.atomic_file`), first the finished records of the
  old file, then its own, and replaces the old file with it when the run ends (also after
  Ctrl-C or a failed record). A run killed before that leaves the old file as it was; the
  temporary file it leaves is removed by the next run. Its records are written at the end:
  for long runs, write a folder.
- **A folder** (``-o DIR/``, or an existing folder): records go to new parts,
  ``part-NNNNN.parquet``, one every :data:`PART_RECORDS` records, each written to a temporary
  file and renamed when it is whole. A killed run loses only the part it had open. On a rerun
  the latest record of an id is the one that counts; parts holding records that do not (failed
  ones, and ones a later part replaced) are rewritten without them, one part at a time, so
  that the rerun redoes only the missing and failed ids, as for JSONL.

Every rule of :mod:`summarizer.io.target` applies (not an input, a device or a file this tool
did not write; a symlink's target; one run at a time, under its lock), and kept records must
be of the same run (:mod:`summarizer.io.identity`). ``force`` replaces what the output holds
(in a folder: its parts; other files there are left alone).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..errors import OutputError, UsageError
from . import target as targets
from .arrow_schema import arrow, record_schema, records_to_table, table_to_records
from .identity import IDENTITY, IdentityCheck
from .idstore import IdStore
from .output import is_finished
from .parquet_files import (
    PART,
    batches,
    finished_mask,
    is_folder_target,
    is_parquet_output,
    is_part_temp,
    latest_rows,
    part_files,
    part_number,
)

if TYPE_CHECKING:
    import pyarrow as pa

#: A folder output starts a new part after this many records.
PART_RECORDS = 10_000
#: Records held before they are written as one row group.
ROW_GROUP = 1_000


@dataclass
class _Sink:
    """A Parquet file being written: its atomic_file, the open file and the writer on it."""

    file: Any
    handle: Any
    writer: Any
    rows: int = 0


class ParquetWriter:
    """Writes records to a ``.parquet`` file or a folder of parts; knows which ids are done.

    The same interface as :class:`~summarizer.io.output.RecordWriter` (``done``, ``warnings``,
    :meth:`write`, :meth:`close`).

    Args:
        path: ``out.parquet``, or a folder (``DIR/`` or an existing one).
        summary_model: The run's summary model, for :func:`record_schema` (or give ``schema``).
        schema: The Arrow schema of the records, if already built.
        inputs: The run's input files: the output may not be one of them.
        identity: The run's model, prompt, template_hash, schema and endpoint.
        force: Replace what the output holds instead of resuming it or refusing it.
        part_records: Records per part of a folder output (:data:`PART_RECORDS`).

    Raises:
        ConfigError: pyarrow is not installed.
        UsageError: the output may not be written, or holds another run's records.
        OutputError: the output cannot be written, or another run is writing it.
    """

    def __init__(
        self,
        path: Path | str,
        *,
        summary_model: type[BaseModel] | None = None,
        schema: pa.Schema | None = None,
        inputs: Iterable[str | Path] = (),
        identity: dict[str, Any] | None = None,
        force: bool = False,
        part_records: int | None = None,
    ) -> None:
        if schema is None:
            if summary_model is None:
                raise TypeError("ParquetWriter needs summary_model or schema")
            schema = record_schema(summary_model)
        self.schema = schema
        self.folder = is_folder_target(path)
        self.path = Path(str(path))
        self.identity = {k: v for k, v in (identity or {}).items() if v is not None}
        self.force = force
        self.part_records = max(1, PART_RECORDS if part_records is None else part_records)
        #: What the user should know about the existing output (printed by the CLI).
        self.warnings: list[str] = []
        self.done = IdStore()
        self._check_identity = IdentityCheck(self.path, self.identity, self.warnings)
        self._buffer: list[dict[str, Any]] = []
        self._sink: _Sink | None = None
        self._lock: targets.OutputLock | None = None
        self._records = 0  # written by this run
        self._kept = 0  # kept from the existing output
        self._next_part = 0
        self._created = False
        self._broken = False
        inputs = list(inputs)
        try:
            if self.folder:
                self._open_folder(inputs)
            else:
                self._open_file(inputs)
        except BaseException:
            self._drop_sink()
            self._release()
            raise

    # --- one file ---------------------------------------------------------------------------

    def _open_file(self, inputs: list[str | Path]) -> None:
        self.target = targets.check_target(
            self.path, inputs=inputs, recognize=is_parquet_output, force=self.force
        )
        self._lock = targets.OutputLock(self.target).acquire()
        prefix = f".{self.target.name}."
        for stale in self.target.parent.glob("*.tmp"):  # a killed run's, under our lock
            if stale.name.startswith(prefix):
                with contextlib.suppress(OSError):
                    stale.unlink()
        self._created = not self.target.exists()
        self._start(self.target)
        if not self.force and not self._created and self.target.stat().st_size > 0:
            self._keep_finished()

    def _keep_finished(self) -> None:
        """Copy the finished records of the existing file into the new one."""
        pa = arrow()
        for batch in batches(self.target, str(self.path)):
            if batch.schema.equals(self.schema):
                kept = batch.filter(finished_mask(pa.compute, batch))
                self._check_metas(kept)
                table = pa.Table.from_batches([kept])
                ids = kept.column("id").to_pylist()
            else:  # written with another version of the schema: through records
                records = [r for r in table_to_records(batch) if is_finished(r)]
                for record in records:
                    meta = record.get("meta")
                    self._check_identity(meta if isinstance(meta, dict) else {})
                table = self._table(records)
                ids = [r["id"] for r in records]
            self._write_table(table)
            for paper_id in ids:
                self.done.add(paper_id)
            self._kept += len(ids)

    def _check_metas(self, batch: Any) -> None:
        """The identity check on each distinct value of a batch's meta fields."""
        pc = arrow().compute
        meta = batch.column("meta")
        names = {meta.type.field(i).name for i in range(meta.type.num_fields)}
        for key in (*IDENTITY, "endpoint"):
            if key in names:
                for value in pc.unique(meta.field(key)).to_pylist():
                    self._check_identity({key: value})

    # --- a folder of parts ------------------------------------------------------------------

    def _open_folder(self, inputs: list[str | Path]) -> None:
        given = self.path
        folder = Path(os.path.realpath(given))
        if folder.exists() and not folder.is_dir():
            raise UsageError(
                f"output {given}/ is not a folder; give a folder, or name a .parquet file"
            )
        self.target = folder
        self._lock = targets.OutputLock(folder).acquire()
        self._created = not folder.exists()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            names = [p.name for p in folder.iterdir()]
        except OSError as exc:
            raise targets.write_error(folder, exc) from exc
        foreign = sorted(n for n in names if part_number(n) is None and not is_part_temp(n))
        if foreign and not self.force:
            shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
            raise UsageError(
                f"output {given} holds files that are not parts of an output of this command "
                f"({shown}); give a new or empty folder, or pass --force to write beside them"
            )
        for name in names:
            if is_part_temp(name):  # a part a killed run had open
                with contextlib.suppress(OSError):
                    (folder / name).unlink()
        parts = part_files(folder)
        for part in parts:
            targets.check_target(part, inputs=inputs, recognize=is_parquet_output, force=self.force)
        if self.force:
            for part in parts:
                _unlink(part)
            parts = []
        elif parts:
            self._resume_folder(parts)
            parts = part_files(folder)
        self._next_part = max((part_number(p.name) or 0 for p in parts), default=-1) + 1

    def _resume_folder(self, parts: list[Path]) -> None:
        """Check the parts' records, note the finished ids, and rewrite the parts that hold
        records that no longer count."""
        pa = arrow()
        for part in parts:  # every check before any rewrite
            for batch in batches(part, str(part), columns=["summary", "error", "meta"]):
                self._check_metas(batch.filter(finished_mask(pa.compute, batch)))
        latest = latest_rows(parts, finished=True)
        try:
            for index, part in enumerate(parts):
                keep, row = [], 0
                for batch in batches(part, str(part), columns=["id"]):
                    for paper_id in batch.column("id").to_pylist():
                        keep.append(latest.get(paper_id) == f"{index} {row} 1")
                        row += 1
                if not all(keep):
                    self._rewrite(part, keep)
                self._kept += sum(keep)
            for paper_id, value in latest.items():
                if value.endswith(" 1"):
                    self.done.add(paper_id)
        finally:
            latest.close()

    def _rewrite(self, part: Path, keep: list[bool]) -> None:
        """``part`` with only the rows of ``keep`` (removed when none are kept)."""
        if not any(keep):
            _unlink(part)
            return
        pa = arrow()
        schema = pa.parquet.read_schema(part)
        with targets.atomic_file(part, binary=True) as fh:
            writer = pa.parquet.ParquetWriter(fh, schema)
            try:
                start = 0
                for batch in batches(part, str(part)):
                    mask = pa.array(keep[start : start + batch.num_rows], pa.bool_())
                    writer.write_table(pa.Table.from_batches([batch.filter(mask)]))
                    start += batch.num_rows
            finally:
                writer.close()

    # --- writing ----------------------------------------------------------------------------

    def _start(self, path: Path) -> None:
        pa = arrow()
        file = targets.atomic_file(path, binary=True)
        handle = file.__enter__()
        try:
            writer = pa.parquet.ParquetWriter(handle, self.schema)
        except BaseException as exc:
            file.__exit__(type(exc), exc, exc.__traceback__)
            raise
        self._sink = _Sink(file, handle, writer)

    def _table(self, records: list[dict[str, Any]]) -> Any:
        """The records as a table; one that cannot be written is kept as a failed record."""
        pa = arrow()
        try:
            return records_to_table(records, self.schema)
        except (pa.ArrowException, OverflowError, TypeError, UnicodeError):
            pass
        rows = []
        for record in records:
            try:
                rows.append(records_to_table([record], self.schema))
            except (pa.ArrowException, OverflowError, TypeError, UnicodeError) as exc:
                failed = {**record, "summary": None, "spans": {}}
                failed["error"] = {
                    "type": "OutputError",
                    "message": f"the record could not be written as Parquet: {exc}"[:300],
                }
                rows.append(records_to_table([failed], self.schema))
        return pa.concat_tables(rows)

    def _write_table(self, table: Any) -> None:
        if self._sink is None or not table.num_rows:
            return
        try:
            self._sink.writer.write_table(table, row_group_size=ROW_GROUP)
        except (OSError, arrow().ArrowException) as exc:
            self._drop_sink()
            self._broken = True
            raise OutputError(f"cannot write {self.target}: {exc}") from exc
        self._sink.rows += table.num_rows

    def write(self, record: dict[str, Any]) -> None:
        """Add one record; it reaches the file with its row group (see the module docstring).

        Raises:
            OutputError: the write failed (disk full, say); in a folder, the parts written
                before stay, and a rerun resumes from them.
        """
        if self._broken:
            return
        self._buffer.append(record)
        self._records += 1
        if is_finished(record):
            self.done.add(record["id"])
        open_rows = self._sink.rows if self._sink is not None else 0
        if len(self._buffer) >= ROW_GROUP or (
            self.folder and open_rows + len(self._buffer) >= self.part_records
        ):
            self._flush()

    def _flush(self) -> None:
        if not self._buffer or self._broken:
            return
        records, self._buffer = self._buffer, []
        if self._sink is None:
            self._start(self.target / PART.format(self._next_part))
            self._next_part += 1
        self._write_table(self._table(records))
        if self.folder and self._sink is not None and self._sink.rows >= self.part_records:
            self._commit()

    def _commit(self) -> None:
        """Finish the open file and put it in place."""
        sink, self._sink = self._sink, None
        if sink is None:
            return
        try:
            sink.writer.close()
        except (OSError, arrow().ArrowException) as exc:
            sink.file.__exit__(type(exc), exc, exc.__traceback__)
            raise OutputError(f"cannot write {self.target}: {exc}") from exc
        sink.file.__exit__(None, None, None)

    def _drop_sink(self) -> None:
        """Give up the open file: its temporary file is removed, nothing is replaced."""
        sink, self._sink = self._sink, None
        if sink is None:
            return
        with contextlib.suppress(Exception):
            sink.writer.close()
        error = OutputError("abandoned")
        with contextlib.suppress(Exception):
            sink.file.__exit__(OutputError, error, None)

    def close(self) -> None:
        try:
            if not self._broken:
                self._flush()
            if not self.folder and self._created and not self._records and not self._kept:
                self._drop_sink()  # a run that wrote nothing leaves no file behind
            elif not self._broken:
                self._commit()
            if self.folder and self._created and not self._records:
                with contextlib.suppress(OSError):
                    self.target.rmdir()  # only if empty
        finally:
            self._drop_sink()
            self._release()

    def _release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        self.done.close()


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise targets.write_error(path, exc) from exc
