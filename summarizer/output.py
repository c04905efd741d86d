"""Writing output records: JSONL (the record as is) or CSV (flattened), resumable.

Records are appended and flushed as each finishes. Opening an existing output for a
run keeps the finished records and sets aside the rest: a half-written last line (a
crash mid-write) and records that failed are dropped from the file, so that rerunning
with the same output retries them and each id ends up exactly once.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from .errors import InputError
from .idstore import IdStore

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
)


def iter_records(path: Path) -> Iterator[dict[str, Any]]:
    """Every complete record in a JSONL output, one at a time; an unfinished last line is
    ignored."""
    with Path(path).open("r", encoding="utf-8") as fh:
        for line in _complete_lines(fh):
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and "id" in record:
                yield record


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every complete record in a JSONL output; an unfinished last line is ignored."""
    return list(iter_records(path))


def _complete_lines(fh: TextIO) -> Iterator[str]:
    """The lines of ``fh`` up to the last newline (a last line cut short by a crash is not)."""
    for line in fh:
        if not line.endswith("\n"):
            return
        yield line


def is_finished(record: dict[str, Any]) -> bool:
    """A record with a summary and no error: what a rerun keeps and does not ask again."""
    return record.get("summary") is not None and not record.get("error")


def _flatten(record: dict[str, Any]) -> dict[str, str]:
    summary = record.get("summary") or {}
    meta = record.get("meta") or {}
    row = {"id": record["id"], "title": record.get("title") or ""}
    for field in ("tldr", "problem", "domain", "code_url"):
        row[field] = summary.get(field) or ""
    for field in ("contribution_types", "introduces", "datasets", "tasks", "keywords"):
        row[field] = "; ".join(summary.get(field) or [])
    row["results"] = "; ".join(
        " ".join(x for x in (r.get("value"), r.get("metric") or "") if x)
        for r in summary.get("results") or []
    )
    error = record.get("error")
    row["error"] = f"{error['type']}: {error['message']}" if error else ""
    row["prompt"] = meta.get("prompt", "")
    row["model"] = meta.get("model", "")
    row["cached"] = str(bool(meta.get("cached")))
    return row


class RecordWriter:
    """Appends records to a .jsonl or .csv file; knows which ids are already done."""

    def __init__(self, path: Path | str | None, stream: TextIO | None = None) -> None:
        self.path = Path(path) if path not in (None, "-") else None
        self.csv = self.path is not None and self.path.suffix.lower() == ".csv"
        # the finished ids: bounded in memory however many there are
        self.done = IdStore()
        self._fh: TextIO | None = stream
        self._csv_writer: Any = None
        if self.path is not None:
            self._open()

    def _open(self) -> None:
        assert self.path is not None
        if self.path.is_dir():
            raise InputError(f"output {self.path} is a directory; give a file name")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Rewrite atomically with only the finished records (streamed, one at a time), then
        # append to it.
        tmp = self.path.with_name(self.path.name + ".tmp")
        kept = 0
        with tmp.open("w", encoding="utf-8", newline="") as out:
            if self.path.exists() and self.path.stat().st_size > 0:
                kept = self._keep_finished(out)
        os.replace(tmp, self.path)
        self._fh = self.path.open("a", encoding="utf-8", newline="")
        if self.csv:
            self._csv_writer = csv.DictWriter(self._fh, fieldnames=CSV_COLUMNS)
            if not kept:
                self._csv_writer.writeheader()
                self._fh.flush()

    def _keep_finished(self, out: TextIO) -> int:
        """Copy the finished records of the existing output to ``out``; how many."""
        assert self.path is not None
        kept = 0
        if self.csv:
            with self.path.open("r", encoding="utf-8", newline="") as fh:
                rows = csv.DictReader(_complete_lines(fh))
                if rows.fieldnames is not None and "id" not in rows.fieldnames:
                    raise InputError(f"{self.path} is not an output of this tool (no id column)")
                writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
                for row in rows:
                    if row.get("error"):
                        continue
                    if not kept:
                        writer.writeheader()
                    writer.writerow({k: row.get(k, "") for k in CSV_COLUMNS})
                    self.done.add(row["id"])
                    kept += 1
            return kept
        try:
            for record in iter_records(self.path):
                if is_finished(record):
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
                    self.done.add(record["id"])
                    kept += 1
        except UnicodeDecodeError as exc:
            raise InputError(f"{self.path} is not a JSONL output of this tool") from exc
        return kept

    def write(self, record: dict[str, Any]) -> None:
        """Append one record and flush it to the file."""
        if self._fh is None:
            return
        if self._csv_writer is not None:
            self._csv_writer.writerow(_flatten(record))
        else:
            self._fh.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._fh.flush()
        if is_finished(record):
            self.done.add(record["id"])

    def close(self) -> None:
        if self._fh is not None and self.path is not None:
            self._fh.close()
        self._fh = None
        self.done.close()
