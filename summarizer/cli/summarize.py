"""``summarizer summarize``: abstracts in, validated and grounded records out."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterable
from typing import Annotated, Any

import typer

from ..errors import UsageError
from .options import (
    DEFAULT_FLAGS,
    EXIT_FAILED_ITEMS,
    AbstractKey,
    EndpointFlags,
    Force,
    InputFormat,
    ShardOpt,
    Strict,
    Workers,
    endpoint_options,
    shard_of,
)
from .progress import batch_progress, engine_notices, prompt_origin
from .summary import open_writer, print_stats


@endpoint_options
def summarize(
    inputs: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE", help="Daily Papers .txt, .jsonl, .csv, .parquet, or - for stdin."
        ),
    ],
    output: Annotated[
        str | None,
        typer.Option(
            "-o",
            "--output",
            help="Output .jsonl, .csv or .parquet, or DIR/ for Parquet parts (resumable); "
            "- or none: stdout.",
        ),
    ] = None,
    force: Force = False,
    input_format: InputFormat = None,
    abstract_key: AbstractKey = None,
    endpoint: EndpointFlags = DEFAULT_FLAGS,
    limit: Annotated[int | None, typer.Option(min=1, help="Summarize at most N abstracts.")] = None,
    shard: ShardOpt = None,
    workers: Workers = 1,
    strict: Strict = False,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="Run on Ray Data: a cluster's (RAY_ADDRESS) or a local instance; needs "
            "--base-url and the ray extra.",
        ),
    ] = False,
    ray_actors: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=4096,
            help="With --ray: actors summarizing at once (default: --workers, or 2).",
        ),
    ] = None,
) -> None:
    """Summarize abstracts into validated, grounded records (JSONL, CSV or Parquet).

    With --ray the run goes through Ray Data (see docs/ray.md): the same
    inputs, records, resume and progress; the papers are summarized by Ray actors.
    """
    from ..io.inputs import FORMATS, read_papers, rereadable
    from ..io.sharding import in_shard
    from ..run.runner import run_batch
    from ..run.workers import check_workers, open_pipeline

    part = shard_of(shard)

    settings = endpoint.settings(strict=strict)
    if inputs.count("-") > 1:
        raise typer.BadParameter("stdin (-) can be given once")
    check_workers(settings, workers)
    if ray_actors is not None and not ray:
        raise UsageError("--ray-actors is for --ray")
    if ray and settings.embedded:
        raise UsageError(
            "--ray needs an endpoint (--base-url): each actor would start an embedded engine "
            "of its own on the same cores"
        )
    if abstract_key is not None and not abstract_key.strip():
        raise UsageError("--abstract-key is empty; name the field that holds the abstract")
    if input_format is not None and input_format not in FORMATS:
        raise UsageError(f"--format {input_format!r}: use one of {', '.join(FORMATS)}")
    settings.check()  # a missing key is one error, not a failed record per paper
    prompt_origin(settings.prompt)
    if ray:
        from ..scale.session import import_ray

        import_ray()  # a missing extra is one line, before any input is read

    def read() -> Iterable[Any]:
        papers = read_papers(
            inputs,
            limit_chars=settings.max_abstract_chars,
            format=input_format,
            abstract_key=abstract_key,
        )
        return in_shard(papers, part)

    if not all(rereadable(path) for path in inputs):  # stdin, a pipe: read once
        papers: Iterable[Any] = list(read())
        total = len(papers) if limit is None else min(limit, len(papers))
    else:
        # A first pass counts the papers (and finds bad input before any request is sent);
        # the second streams them, so memory stays flat on any input size.
        total = 0
        for _ in read():
            total += 1
            if limit is not None and total >= limit:
                break
        papers = read()

    writer = open_writer(output, inputs, settings, force)
    already = len(writer.done)
    progress, tick = batch_progress("summarizing", max(total - already, 0))

    async def go():
        # Workers start before the progress bar's thread does: a worker is forked only from
        # a process with one thread.
        async with open_pipeline(settings, workers) as pipeline:
            with progress:
                return await run_batch(
                    pipeline,
                    papers,
                    writer,
                    concurrency=settings.concurrency,
                    limit=limit,
                    on_record=tick,
                )

    def on_ray():
        from ..scale.driver import run_on_ray

        explicit = endpoint.cache_dir is not None or "SUMMARIZER_CACHE_DIR" in os.environ
        with progress:
            return run_on_ray(
                papers,
                writer,
                settings,
                actors=ray_actors or (workers if workers > 1 else 2),
                limit=limit,
                on_record=tick,
                cache_dir=str(settings.cache_dir) if explicit else None,
            )

    try:
        if ray:
            stats = on_ray()
        else:
            with engine_notices():
                stats = asyncio.run(go())
    finally:
        writer.close()
    print_stats(stats, output)
    if stats.failed:
        raise typer.Exit(EXIT_FAILED_ITEMS)
