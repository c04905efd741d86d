"""``summarizer summarize --ray``: the driver reads, resumes and writes; Ray actors summarize.

::

    driver: read → skip done ids → chunk ─► ray.data.from_items ─► map_batches(SummarizeBatch)
            writer ◄── dedupe by id ◄── iter_batches ◄──────────────── records (JSON lines) ┘

The driver keeps what makes a run resumable where it is today: the readers, the writer's
``done`` ids (a rerun skips them), one record per id, the progress bar. The papers go to Ray
in chunks of :data:`CHUNK_ROWS`, so the driver holds one chunk at a time however long the
input is. Each record comes back whole (as its JSON line) and is written as its batch
arrives.

Faults: Ray restarts an actor that dies and runs its batch again (Ray Data's defaults for
actors, ``max_restarts=-1`` and ``max_task_retries=-1``); a record that arrives twice is
written once, the first time. A paper the endpoint fails (an error, a 429, a timeout) is a
failed record, as without Ray; each actor's limiter backs off on its own 429s.

The cache: with a local instance, the actors use the run's cache directory, as the plain
CLI does. On a cluster (``RAY_ADDRESS``) the driver's folder may not exist on the workers, or
be a network share, where SQLite must never be: each node keeps its own cache
(:func:`~summarizer.scale.batch.node_cache_dir`) unless ``--cache-dir`` or
``SUMMARIZER_CACHE_DIR`` names one, which must then be a local folder on every node.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..io.idstore import IdStore
from ..io.inputs import Paper
from ..io.output import RecordWriter
from ..prompting.templates import load_prompt
from ..records import refused_record
from ..run.runner import BatchStats
from ..schemas.registry import load_schema
from ..settings.config import Settings
from .batch import SummarizeBatch
from .session import ray_session

#: Papers sent to Ray at once: the driver holds at most this many.
CHUNK_ROWS = 10_000
#: CPUs an actor claims: it waits on the network. Whole CPUs would leave none for Ray's
#: read tasks on a small machine, and the job would hang.
ACTOR_CPUS = 0.25


def _row(paper: Paper) -> dict[str, str]:
    # "" for no title: a column of strings in every block, whatever the chunk holds.
    return {"id": paper.id, "abstract": paper.abstract, "title": paper.title or ""}


def _chunks(
    papers: Iterable[Paper],
    done: Any,
    limit: int | None,
    stats: BatchStats,
    emit_refused: Callable[[Paper], None],
    size: int,
) -> Iterator[list[dict[str, str]]]:
    """The rows to summarize, ``size`` at a time: at most ``limit`` papers are taken (those
    already done count, as in :func:`~summarizer.run.runner.run_batch`); done ids are skipped
    and refused papers recorded here."""
    taken = papers if limit is None else itertools.islice(papers, limit)
    chunk: list[dict[str, str]] = []
    for paper in taken:
        if paper.id in done:
            stats.skipped += 1
        elif paper.problem:
            emit_refused(paper)
        else:
            chunk.append(_row(paper))
            if len(chunk) >= size:
                yield chunk
                chunk = []
    if chunk:
        yield chunk


def _remote_args(settings: Settings, remote: bool) -> dict[str, Any]:
    """The actors' options beyond Ray Data's own (which restart a dead actor and retry its
    batches: ``max_restarts=-1``, ``max_task_retries=-1``): on a cluster, the API key in
    their environment (its workers do not have the driver's)."""
    key = os.environ.get(settings.api_key_env)
    if remote and key:
        return {"runtime_env": {"env_vars": {settings.api_key_env: key}}}
    return {}


def _summarized(
    ray: Any,
    chunk: list[dict[str, str]],
    settings: Settings,
    cache_dir: str | None,
    actors: int,
    size: int,
    remote: dict[str, Any],
) -> Iterator[Any]:
    """The record blocks of one chunk, as Ray finishes them."""
    dataset = ray.data.from_items(chunk, override_num_blocks=max(1, -(-len(chunk) // size)))
    out = dataset.map_batches(
        SummarizeBatch,
        fn_constructor_kwargs={
            "settings": settings.model_dump(mode="json"),
            "output": "json",
            "cache_dir": cache_dir,
        },
        batch_format="pyarrow",
        batch_size=size,
        compute=ray.data.ActorPoolStrategy(size=actors),
        num_cpus=ACTOR_CPUS,
        **remote,
    )
    yield from out.iter_batches(batch_size=None, batch_format="pyarrow")


def run_on_ray(
    papers: Iterable[Paper],
    writer: RecordWriter | None,
    settings: Settings,
    *,
    actors: int = 2,
    limit: int | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
    cache_dir: str | None = None,
    batch_size: int | None = None,
    chunk_rows: int = CHUNK_ROWS,
) -> BatchStats:
    """Summarize ``papers`` on Ray Data into ``writer``, as :func:`run_batch` does here.

    Args:
        papers: The papers, read lazily.
        writer: Where each record goes; its ``done`` ids are skipped. None: nowhere.
        settings: The run's settings (each actor rebuilds them).
        actors: Actors summarizing at once (each with ``settings.concurrency`` requests in
            flight).
        limit: Take at most this many papers.
        on_record: Called with each record written (the progress bar).
        cache_dir: The actors' cache; None: the run's on a local instance, each node's own
            on a cluster (see the module docstring).
        batch_size: Papers per batch (default: four times ``settings.concurrency``).
        chunk_rows: Papers the driver hands to Ray at once.

    Raises:
        ConfigError: Ray is not installed.
    """
    stats = BatchStats()
    started = time.perf_counter()
    done = writer.done if writer is not None else set()
    seen = IdStore()
    prompt, schema = load_prompt(settings.prompt).id, load_schema(settings.schema_ref).id

    def emit(record: dict[str, Any]) -> None:
        if record["id"] in seen:  # a batch that Ray ran again after its actor died
            return
        seen.add(record["id"])
        if writer is not None:
            writer.write(record)
        stats.add(record)
        if on_record is not None:
            on_record(record)

    size = batch_size or max(4, 4 * settings.concurrency)
    rows = _chunks(
        papers,
        done,
        limit,
        stats,
        lambda p: emit(refused_record(p, p.problem, prompt, schema)),
        chunk_rows,
    )
    try:
        with contextlib.ExitStack() as stack:
            session = None
            for chunk in rows:
                if session is None:  # Ray starts only for a run with papers left to ask
                    session = stack.enter_context(ray_session())
                    if cache_dir is None and session.local:
                        cache_dir = str(settings.cache_dir)
                    remote = _remote_args(settings, session.remote)
                for batch in _summarized(
                    session.ray, chunk, settings, cache_dir, actors, size, remote
                ):
                    for line in batch.column("record").to_pylist():
                        emit(json.loads(line))
    finally:
        seen.close()
    stats.seconds = time.perf_counter() - started
    return stats
