"""Writing output records: JSONL (the record as is) or CSV (flattened), resumable.

Records are appended and flushed as each finishes. Opening an existing output for a
run keeps the finished records and sets aside the rest: a half-written last line (a
crash mid-write) and records that failed are dropped from the file, so that rerunning
with the same output retries them and each id ends up exactly once.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any, TextIO

from .errors import InputError

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


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every complete record in a JSONL output; an unfinished last line is ignored."""
    records = []
    with Path(path).open("r", encoding="utf-8") as fh:
        for line in fh:
            if not line.endswith("\n"):
                break  # cut short by a crash
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and "id" in record:
                records.append(record)
    return records


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
        self.done: set[str] = set()
        self._fh: TextIO | None = stream
        self._csv_writer: Any = None
        if self.path is not None:
            self._open()

    def _open(self) -> None:
        assert self.path is not None
        if self.path.is_dir():
            raise InputError(f"output {self.path} is a directory; give a file name")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        kept: list[str] = []
        if self.path.exists() and self.path.stat().st_size > 0:
            kept = self._load_existing()
        # Rewrite atomically with only the finished records, then append to it.
        tmp = self.path.with_name(self.path.name + ".tmp")
        with tmp.open("w", encoding="utf-8", newline="") as fh:
            fh.writelines(kept)
        os.replace(tmp, self.path)
        self._fh = self.path.open("a", encoding="utf-8", newline="")
        if self.csv:
            self._csv_writer = csv.DictWriter(self._fh, fieldnames=CSV_COLUMNS)
            if not kept:
                self._csv_writer.writeheader()
                self._fh.flush()

    def _load_existing(self) -> list[str]:
        assert self.path is not None
        if self.csv:
            with self.path.open("r", encoding="utf-8", newline="") as fh:
                text = fh.read()
            text = text[: text.rfind("\n") + 1]  # an unfinished last row is dropped
            rows = list(csv.DictReader(io.StringIO(text)))
            if rows and "id" not in rows[0]:
                raise InputError(f"{self.path} is not an output of this tool (no id column)")
            good = [r for r in rows if not r.get("error")]
            self.done = {r["id"] for r in good}
            if not good:
                return []
            out = io.StringIO()
            writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
            writer.writeheader()
            for row in good:
                writer.writerow({k: row.get(k, "") for k in CSV_COLUMNS})
            return [out.getvalue()]
        try:
            records = read_records(self.path)
        except UnicodeDecodeError as exc:
            raise InputError(f"{self.path} is not a JSONL output of this tool") from exc
        good = [r for r in records if r.get("summary") is not None and not r.get("error")]
        self.done = {r["id"] for r in good}
        return [json.dumps(r, ensure_ascii=False) + "\n" for r in good]

    def write(self, record: dict[str, Any]) -> None:
        """Append one record and flush it to the file."""
        if self._fh is None:
            return
        if self._csv_writer is not None:
            self._csv_writer.writerow(_flatten(record))
        else:
            self._fh.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._fh.flush()
        if record.get("summary") is not None and not record.get("error"):
            self.done.add(record["id"])

    def close(self) -> None:
        if self._fh is not None and self.path is not None:
            self._fh.close()
        self._fh = None
