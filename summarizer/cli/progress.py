"""Progress on stderr while a run works: the bar, its rate, and the engine's start."""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from ..text import printable
from .options import err


@contextmanager
def engine_notices() -> Iterator[None]:
    """Say on stderr when the embedded engine starts and when it is ready.

    Loading the model takes tens of seconds, in which the progress bar would stand still.
    """
    from ..backends.connection import engine_listener

    def notice(event: str, detail: str) -> None:
        text = (
            f"starting the local engine ({detail}): loading the model…"
            if event == "starting"
            else f"local engine ready in {detail} s"
        )
        err.print(printable(text), markup=False, highlight=False, soft_wrap=True)

    token = engine_listener.set(notice)
    try:
        yield
    finally:
        engine_listener.reset(token)


def prompt_origin(ref: str) -> None:
    """Say on stderr when the run's prompt comes from the working directory's ``prompts/``."""
    from ..prompting.templates import origin_note

    note = origin_note(ref)
    if note:
        err.print(printable(f"note: {note}"), markup=False, highlight=False, soft_wrap=True)


#: Seconds of recent work the rate is measured over (as rich's own speed column does).
RATE_WINDOW = 30.0
#: Seconds between two plain progress lines when stderr is not a terminal (a log file).
LINE_EVERY = 10.0


def rate_text(rate: float) -> str:
    """A rate as the progress shows it: items per second, or seconds per item below one."""
    return f"{rate:.2f} it/s" if rate >= 1 else f"{1 / rate:.1f} s/it"


def _plain_line(
    label: str, done: int, total: int, counts: dict[str, int], rate: float | None, elapsed: float
) -> str:
    shown = rate_text(rate) if rate else "--"
    share = f" ({100 * done // total}%)" if total else ""
    return (
        f"{label}: {done}/{total}{share}, {shown}, cached {counts['cached']}, "
        f"failed {counts['failed']}, {int(elapsed) // 60}m{int(elapsed) % 60:02d}s"
    )  # fmt: skip


class RateColumn(ProgressColumn):
    """Items per second of the items summarized now; cache hits take no time and don't count.

    Below one item a second it shows seconds per item, which reads better on a small model.
    """

    def render(self, task: Task) -> Text:
        speed = task.fields.get("rate")
        if not speed:
            return Text("-- it/s", style="progress.data.speed")
        return Text(rate_text(speed), style="progress.data.speed")


def batch_progress(label: str, total: int) -> tuple[Progress, Callable[[dict[str, Any]], None]]:
    """A progress bar on stderr with items/s, cache hits and failures, and its per-record tick.

    When stderr is not a terminal (a log, a background job) the bar is off and a plain line
    says the same every :data:`LINE_EVERY` seconds, and once at the last record.
    """
    bar = err.is_terminal or os.environ.get("SUMMARIZER_PROGRESS") == "1"
    progress = Progress(
        SpinnerColumn(),
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("cached {task.fields[cached]}  failed {task.fields[failed]}"),
        TimeElapsedColumn(),
        console=err,
        disable=not bar,
    )
    counts = {"cached": 0, "failed": 0}
    task = progress.add_task(label, total=total, rate=None, **counts)
    # (end, seconds) of the time before each summarized record, since the record before it.
    spans: deque[tuple[float, float]] = deque()
    last = [time.monotonic()]
    started = last[0]
    said = [started]  # when the last plain line was written
    done = [0]

    def tick(record: dict[str, Any]) -> None:
        now = time.monotonic()
        cached = bool(record["meta"].get("cached"))
        counts["cached"] += cached
        counts["failed"] += bool(record["error"])
        if not cached:
            spans.append((now, now - last[0]))
            while len(spans) > 1 and now - spans[0][0] > RATE_WINDOW:
                spans.popleft()
        last[0] = now
        busy = sum(seconds for _, seconds in spans)
        rate = len(spans) / busy if busy > 0 else None
        progress.update(task, advance=1, rate=rate, **counts)
        done[0] += 1
        if not bar and (now - said[0] >= LINE_EVERY or done[0] == total):
            said[0] = now
            line = _plain_line(label, done[0], total, counts, rate, now - started)
            err.print(line, markup=False, highlight=False, soft_wrap=True)

    return progress, tick
