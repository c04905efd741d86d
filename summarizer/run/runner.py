"""Running many papers: adaptive concurrency, streaming in and out, resumable.

At most ``concurrency`` requests are in flight; an :class:`~summarizer.run.limiter.AdaptiveLimiter`
lowers that number when the endpoint answers 429 and raises it again after successes.
Input is read as workers take it and each record is written as soon as it is finished,
so no paper or record stays in memory. The ids (the reader's, to skip duplicates, and the
writer's finished ones, to resume) are each kept in an :class:`~summarizer.io.idstore.IdStore`,
bounded in memory, and the list of failures stops at :data:`MAX_FAILURES_KEPT`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..backends.base import rate_limit_listener
from ..io.inputs import Paper
from ..io.output import RecordWriter, is_partial
from .limiter import AdaptiveLimiter

MAX_FAILURES_KEPT = 100


class Summarizer(Protocol):
    """What the runner drives: a :class:`~summarizer.run.pipeline.Pipeline`, or a stand-in."""

    async def summarize(self, paper: Paper) -> dict[str, Any]: ...


@dataclass
class BatchStats:
    """What a batch did."""

    done: int = 0
    cached: int = 0
    #: Records that are not finished: the failed ones and the partial ones.
    failed: int = 0
    #: Of the ``failed``, those kept as partial records (prose that never validated).
    partial: int = 0
    #: Re-asks this run sent: an answer taken from the cache adds none.
    reasks: int = 0
    skipped: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    #: The first failures (id, type, message); ``failed`` counts them all.
    failures: list[dict[str, Any]] = field(default_factory=list)
    #: Rate-limited answers (429) seen, and the lowest and last concurrency limit.
    rate_limits: int = 0
    lowest_concurrency: int = 0
    final_concurrency: int = 0

    def add(self, record: dict[str, Any]) -> None:
        meta = record.get("meta") or {}
        if record.get("error"):
            self.failed += 1
            self.partial += is_partial(record)
            if len(self.failures) < MAX_FAILURES_KEPT:
                self.failures.append({"id": record["id"], **record["error"]})
        else:
            self.done += 1
        if meta.get("cached"):
            self.cached += 1
            return
        attempts = meta.get("attempts")
        self.reasks += max(attempts - 1, 0) if type(attempts) is int else 0
        if usage := meta.get("usage"):
            self.prompt_tokens += usage.get("prompt_tokens", 0)
            self.completion_tokens += usage.get("completion_tokens", 0)


def first_cause(error: BaseException) -> BaseException:
    """The exception that ended a task group: Ctrl-C first, then the first one raised."""
    if not isinstance(error, BaseExceptionGroup):
        return error
    leaves: list[BaseException] = []

    def walk(group: BaseExceptionGroup) -> None:
        for sub in group.exceptions:
            if isinstance(sub, BaseExceptionGroup):
                walk(sub)
            else:
                leaves.append(sub)

    walk(error)
    for leaf in leaves:
        if isinstance(leaf, KeyboardInterrupt):
            return leaf
    return leaves[0] if leaves else error


def _rate_limited(record: dict[str, Any]) -> bool:
    return (record.get("error") or {}).get("type") == "RateLimitError"


async def run_batch(
    pipeline: Summarizer,
    papers: Iterable[Paper],
    writer: RecordWriter | None = None,
    *,
    concurrency: int = 4,
    limit: int | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
    limiter: AdaptiveLimiter | None = None,
) -> BatchStats:
    """Summarize ``papers`` with at most ``concurrency`` requests in flight.

    Papers whose id the writer already holds are skipped (resume). Each record is
    written as soon as it is finished. Input is read as the workers take it, so memory
    stays flat however long the input is. The limit adapts to rate limiting (see
    :mod:`summarizer.run.limiter`); pass ``limiter`` to watch or tune it.
    """
    stats = BatchStats()
    started = time.perf_counter()
    limiter = limiter or AdaptiveLimiter(concurrency)
    workers = limiter.maximum
    queue: asyncio.Queue[Paper | None] = asyncio.Queue(maxsize=workers * 2)
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
        for _ in range(workers):
            await queue.put(None)

    async def work() -> None:
        while (paper := await queue.get()) is not None:
            async with limiter.slot() as slot:
                # The backend reports each 429 it meets, even those its client retries.
                token = rate_limit_listener.set(slot.rate_limited)
                try:
                    record = await pipeline.summarize(paper)
                finally:
                    rate_limit_listener.reset(token)
                if _rate_limited(record):
                    if not slot.hit:  # a backend that does not report each 429
                        slot.rate_limited()
                elif not (record.get("meta") or {}).get("cached"):
                    slot.succeeded()
            if writer is not None:
                writer.write(record)
            stats.add(record)
            if on_record is not None:
                on_record(record)

    try:
        async with asyncio.TaskGroup() as group:
            group.create_task(produce())
            for _ in range(workers):
                group.create_task(work())
    except BaseExceptionGroup as group_error:
        # One cause ends the run (the input, the output, Ctrl-C): raise it as itself.
        raise first_cause(group_error) from None
    stats.seconds = time.perf_counter() - started
    stats.rate_limits = limiter.rate_limits
    stats.lowest_concurrency = limiter.lowest
    stats.final_concurrency = limiter.limit
    return stats
