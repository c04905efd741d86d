"""Commands for large runs: ``merge`` and ``batch prepare`` / ``batch collect``.

    summarizer merge OUT.jsonl SHARD.jsonl... [--input INPUT ...] [--force]
    summarizer batch prepare INPUT -o requests.jsonl --model MODEL [--shard I/N]
    summarizer batch collect INPUT RESULTS.jsonl -o OUT.jsonl [endpoint options]

Exit codes as for ``summarize``: 0 done, 1 fatal error (for ``merge``: an id missing, or
doubled with different summaries), 2 usage error, 3 finished with failed items.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from ..errors import InputError
from .options import (
    DEFAULT_FLAGS,
    EXIT_FAILED_ITEMS,
    AbstractKey,
    EndpointFlags,
    Force,
    MaxTokens,
    Model,
    PromptOpt,
    SchemaOpt,
    ShardOpt,
    endpoint_options,
    err,
    layered_settings,
    shard_of,
)
from .progress import batch_progress
from .summary import open_writer, print_stats

batch_app = typer.Typer(
    help="OpenAI Batch API: write the request file, read the results back.", no_args_is_help=True
)

Input = Annotated[
    str,
    typer.Argument(metavar="INPUT", help="The input (.txt, .jsonl or .csv), as for summarize."),
]


def merge(
    output: Annotated[
        Path, typer.Argument(metavar="OUT", help="The merged JSONL output; - for stdout.")
    ],
    shards: Annotated[
        list[Path],
        typer.Argument(metavar="SHARD_FILES", help="The shard outputs (JSONL or Parquet)."),
    ],
    inputs: Annotated[
        list[str] | None,
        typer.Option(
            "--input", help="The run's input (repeatable): check every id is there exactly once."
        ),
    ] = None,
    abstract_key: AbstractKey = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Replace an OUT this tool did not write; merge shards of another model, "
            "prompt or schema.",
        ),
    ] = False,
) -> None:
    """Join shard outputs into one file; check no id is missing or doubled."""
    from ..io.inputs import read_papers
    from ..io.sharding import merge_outputs
    from ..io.target import is_stdout

    ids = (p.id for p in read_papers(inputs, abstract_key=abstract_key)) if inputs else None
    report = merge_outputs(output, shards, ids, input_files=inputs or (), force=force)
    where = "standard output" if is_stdout(output) else str(output)
    for warning in report.warnings:
        err.print(Text(f"warning: {warning}", style="yellow"), soft_wrap=True)
    err.print(
        f"merged {report.written} records into {where} "
        f"({report.duplicates} repeated ids, {report.failed} failed records)",
        markup=False,
        highlight=False,
    )
    if report.extra:
        err.print(f"note: {report.extra} ids are not in the input", highlight=False)
    problems = []
    if report.missing:
        shown = ", ".join(report.missing_ids)
        problems.append(f"{report.missing} input ids missing ({shown})")
    if report.conflicts:
        shown = ", ".join(report.conflict_ids)
        problems.append(f"{report.conflicts} ids with different summaries in two places ({shown})")
    if report.bad_lines:
        problems.append(f"unreadable lines at {', '.join(report.bad_lines[:5])}")
    if problems:
        raise InputError(
            "merge incomplete: " + "; ".join(problems) + ". Rerun the shard(s) concerned "
            "with the same -o (finished records are kept), then merge again"
        )
    if report.failed:
        raise typer.Exit(EXIT_FAILED_ITEMS)


@batch_app.command("prepare")
def batch_prepare(
    input_: Input,
    output: Annotated[
        Path, typer.Option("-o", "--output", help="The request file (JSONL) to upload.")
    ],
    model: Model = None,
    prompt: PromptOpt = None,
    schema: SchemaOpt = "paper_summary.v1",
    max_tokens: MaxTokens = 512,
    shard: ShardOpt = None,
    force: Force = False,
    abstract_key: AbstractKey = None,
) -> None:
    """Write OpenAI Batch API requests: one per abstract, same prompt and schema as online."""
    from ..io.inputs import read_papers
    from ..io.sharding import in_shard
    from ..io.target import check_target
    from ..prompting.templates import load_prompt
    from ..run.batch_api import MAX_REQUESTS, is_request_file, write_requests
    from ..schemas.registry import load_schema

    part = shard_of(shard)
    output = check_target(
        output, inputs=[input_], recognize=is_request_file, what="request file", force=force
    )
    settings = layered_settings(
        model=model, prompt=prompt, schema_ref=schema, max_tokens=max_tokens
    )
    chars = settings.max_abstract_chars
    papers = in_shard(read_papers([input_], limit_chars=chars, abstract_key=abstract_key), part)
    schema_model = load_schema(settings.schema_ref).model
    report = write_requests(papers, output, settings, load_prompt(settings.prompt), schema_model)
    left_out = f" ({report.refused} over the length limit left out)" if report.refused else ""
    err.print(
        f"wrote {report.written} requests to {output}{left_out}",
        markup=False,
        highlight=False,
    )
    if report.written > MAX_REQUESTS:
        err.print(
            f"note: the Batch API takes at most {MAX_REQUESTS:,} requests per file; "
            "write several with --shard I/N",
            highlight=False,
        )


@batch_app.command("collect")
@endpoint_options
def batch_collect(
    input_: Input,
    results: Annotated[
        Path, typer.Argument(metavar="RESULTS", help="The Batch API's output file (JSONL).")
    ],
    output: Annotated[
        Path, typer.Option("-o", "--output", help="Output .jsonl or .csv (resumable).")
    ],
    endpoint: EndpointFlags = DEFAULT_FLAGS,
    shard: ShardOpt = None,
    force: Force = False,
    abstract_key: AbstractKey = None,
) -> None:
    """Turn a Batch API output file into records; re-ask online for the invalid ones."""
    from ..io.inputs import read_papers, rereadable
    from ..io.sharding import in_shard
    from ..run.batch_api import BatchCollector, BatchResults
    from ..run.pipeline import Pipeline
    from ..run.runner import run_batch
    from ..views.reading import plural

    part = shard_of(shard)
    settings = endpoint.settings()
    chars = settings.max_abstract_chars

    def read() -> Any:
        return in_shard(read_papers([input_], limit_chars=chars, abstract_key=abstract_key), part)

    once: list[Any] | None = None
    if not rereadable(input_):  # stdin, a pipe: read once
        once = list(read())
    total = len(once) if once is not None else sum(1 for _ in read())
    writer = open_writer(output, [input_, str(results)], settings, force)
    try:
        answers = BatchResults(results)
    except BaseException:
        writer.close()
        raise
    progress, tick = batch_progress("collecting", max(total - len(writer.done), 0))

    async def go():
        async with Pipeline(settings) as pipeline:
            collector = BatchCollector(pipeline, answers)
            papers = once if once is not None else read()
            stats = await run_batch(
                collector, papers, writer, concurrency=settings.concurrency, on_record=tick
            )
            return stats, collector

    try:
        with progress:
            stats, collector = asyncio.run(go())
    finally:
        writer.close()
        answers.close()
    err.print(
        f"{collector.from_batch} from the Batch file, {collector.online} online "
        f"(missing, errored or invalid there); {len(answers)} answers in {results}",
        markup=False,
        highlight=False,
    )
    if answers.unreadable:
        shown = ", ".join(map(str, answers.unreadable[:5]))
        err.print(
            Text(
                f"warning: skipped {plural(len(answers.unreadable), 'line')} of {results} "
                f"naming no paper (line {shown}); a paper with no answer there was asked online",
                style="yellow",
            ),
            soft_wrap=True,
        )
    print_stats(stats, output)
    if stats.failed:
        raise typer.Exit(EXIT_FAILED_ITEMS)
