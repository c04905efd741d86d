"""Running many papers: bounded concurrency, streaming in and out, resumable."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .inputs import Paper
from .output import RecordWriter
from .pipeline import Pipeline


@dataclass
class BatchStats:
    """What a batch did."""

    done: int = 0
    cached: int = 0
    failed: int = 0
    skipped: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    failures: list[dict[str, Any]] = field(default_factory=list)

    def add(self, record: dict[str, Any]) -> None:
        meta = record.get("meta") or {}
        if record.get("error"):
            self.failed += 1
            self.failures.append({"id": record["id"], **record["error"]})
        else:
            self.done += 1
        if meta.get("cached"):
            self.cached += 1
        elif usage := meta.get("usage"):
            self.prompt_tokens += usage.get("prompt_tokens", 0)
            self.completion_tokens += usage.get("completion_tokens", 0)


async def run_batch(
    pipeline: Pipeline,
    papers: Iterable[Paper],
    writer: RecordWriter | None = None,
    *,
    concurrency: int = 4,
    limit: int | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> BatchStats:
    """Summarize ``papers`` with at most ``concurrency`` requests in flight.

    Papers whose id the writer already holds are skipped (resume). Each record is
    written as soon as it is finished. Input is read as the workers take it, so memory
    stays flat however long the input is.
    """
    stats = BatchStats()
    started = time.perf_counter()
    queue: asyncio.Queue[Paper | None] = asyncio.Queue(maxsize=concurrency * 2)
    done_ids = writer.done if writer is not None else set()

    async def produce() -> None:
        taken = 0
        for paper in papers:
            if limit is not None and taken >= limit:
                break
            taken += 1
            if paper.id in done_ids:
                stats.skipped += 1
                continue
            await queue.put(paper)
        # Not in a finally: when the batch is cancelled (Ctrl-C) or the input fails, the
        # task group cancels the workers, and waiting to put into a full queue would hang.
        for _ in range(concurrency):
            await queue.put(None)

    async def work() -> None:
        while (paper := await queue.get()) is not None:
            record = await pipeline.summarize(paper)
            if writer is not None:
                writer.write(record)
            stats.add(record)
            if on_record is not None:
                on_record(record)

    async with asyncio.TaskGroup() as group:
        group.create_task(produce())
        for _ in range(concurrency):
            group.create_task(work())
    stats.seconds = time.perf_counter() - started
    return stats
