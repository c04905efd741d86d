"""What a run leaves on stderr: warnings about the output, then its counts and failures."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text

from ..settings.config import Settings
from ..text import printable
from .options import err


def open_writer(
    output: str | Path | None, inputs: Iterable[str], settings: Settings, force: bool
) -> Any:
    """The run's :class:`~summarizer.io.output.RecordWriter` (or, for ``.parquet`` and
    ``DIR/``, :class:`~summarizer.io.parquet.ParquetWriter`), after the output rules; its
    warnings about the existing output are printed."""
    from ..io.output import RecordWriter
    from ..io.parquet_files import is_parquet_target
    from ..io.target import is_stdout
    from ..run.pipeline import run_identity

    identity = run_identity(settings)
    if is_parquet_target(output):
        from ..io.parquet_writer import ParquetWriter
        from ..schemas.registry import load_schema

        model = load_schema(settings.schema_ref).model
        writer: Any = ParquetWriter(
            str(output), summary_model=model, inputs=inputs, identity=identity, force=force
        )
    else:
        writer = RecordWriter(
            output,
            stream=sys.stdout if is_stdout(output) else None,
            inputs=inputs,
            identity=identity,
            force=force,
        )
    for warning in writer.warnings:
        err.print(Text(f"warning: {warning}", style="yellow"), soft_wrap=True)
    return writer


def print_stats(stats: Any, output: str | Path | None) -> None:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_row("done", str(stats.done))
    table.add_row("from cache", str(stats.cached))
    if stats.partial:
        table.add_row("partial (prose not valid, rest kept)", str(stats.partial))
    table.add_row("failed", str(stats.failed - stats.partial))
    table.add_row("re-asks (this run)", str(stats.reasks))
    table.add_row("skipped (already in output)", str(stats.skipped))
    table.add_row(
        "tokens (prompt / completion)", f"{stats.prompt_tokens} / {stats.completion_tokens}"
    )
    if stats.rate_limits:
        table.add_row(
            "rate limited (429)",
            f"{stats.rate_limits} answers; concurrency lowered to {stats.lowest_concurrency}, "
            f"ended at {stats.final_concurrency}",
        )
    table.add_row("wall time", f"{stats.seconds:.1f} s")
    err.print(table)
    err.print(printable(written(stats, output)), markup=False, highlight=False, soft_wrap=True)
    for failure in stats.failures[:10]:
        # The message can quote the model or the abstract: never read it as markup.
        partial = failure.get("type") == "PartialRecord"
        line = Text("partial", style="yellow") if partial else Text("failed", style="red")
        line.append(printable(f" {failure['id']}: {failure['type']}: {failure['message']}"))
        err.print(line, soft_wrap=True)


def written(stats: Any, output: str | Path | None) -> str:
    """What the run wrote, in one line: a rerun that had nothing to do says so."""
    from ..io.target import is_stdout

    where = "standard output" if is_stdout(output) else str(output)
    wrote = stats.done + stats.failed
    if not wrote:
        if stats.skipped == 1:
            return f"wrote no records: the one asked for was already in {where}"
        if stats.skipped:
            return f"wrote no records: all {stats.skipped} were already in {where}"
        return f"wrote no records to {where}"
    notes = [f"{stats.cached} from cache"] if stats.cached else []
    if stats.failed:
        failed = stats.failed - stats.partial
        parts = [f"{stats.partial} partial"] if stats.partial else []
        parts += [f"{failed} failed"] if failed else []
        notes.append(f"{' and '.join(parts)}, rerun to retry")
    if stats.skipped:
        notes.append(f"{stats.skipped} already there")
    line = f"wrote {_count(wrote, 'record')} to {where}"
    return line + (f" ({'; '.join(notes)})" if notes else "")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
