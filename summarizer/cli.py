"""The command line: a thin layer over the library.

Exit codes: 0 all done, 1 fatal error, 2 usage error, 3 finished with failed (or partial)
items, 130 interrupted (Ctrl-C). Errors print one ``Error: ...`` line on stderr; set
``SUMMARIZER_DEBUG=1`` for a traceback and a log of each answer that failed validation.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
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
from rich.table import Table
from rich.text import Text

from .config import Settings
from .errors import SummarizerError, UsageError
from .text import printable

EXIT_OK, EXIT_FATAL, EXIT_USAGE, EXIT_FAILED_ITEMS, EXIT_INTERRUPTED = 0, 1, 2, 3, 130

app = typer.Typer(
    help="Structured, grounded summaries of scientific abstracts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
cache_app = typer.Typer(help="Inspect or clear the response cache.", no_args_is_help=True)
engine_app = typer.Typer(
    help="Start, stop or show a long-lived local engine.", no_args_is_help=True
)
app.add_typer(cache_app, name="cache")
app.add_typer(engine_app, name="engine")


def _version() -> str:
    """The installed distribution's version (the package's own in a bare checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("summarizer")
    except PackageNotFoundError:
        from . import __version__

        return __version__


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"summarizer {_version()}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_print_version,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Structured, grounded summaries of scientific abstracts."""


err = Console(stderr=True)
out = Console()

BaseUrl = Annotated[
    str | None,
    typer.Option(
        help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1. "
        "Default: the embedded local engine."
    ),
]
Model = Annotated[str | None, typer.Option(help="Model name sent to the endpoint.")]
ApiKeyEnv = Annotated[
    str | None,
    typer.Option(
        help="Name of the environment variable that holds the API key (default OPENAI_API_KEY)."
    ),
]
PromptOpt = Annotated[
    str | None,
    typer.Option(help="Prompt name (see `summarizer prompts`) or .toml path (default: default)."),
]
SchemaOpt = Annotated[
    str,
    typer.Option("--schema", help="paper_summary.v1, or a model as file.py:Class / module:Class."),
]
ModeOpt = Annotated[
    str,
    typer.Option(
        help="Structured-output mode: auto, json_schema, json_object_schema, json, md_json, tools."
    ),
]
CacheDir = Annotated[Path | None, typer.Option(help="Cache directory.")]
Concurrency = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=1024,
        help="Requests in flight (default 4; 1 on the embedded engine, "
        "which serves one at a time).",
    ),
]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the cache.")]
MaxTokens = Annotated[int, typer.Option(min=16, help="Token limit per answer.")]
Timeout = Annotated[
    float | None, typer.Option(help="Seconds to wait for one answer (default 120).")
]
ModelPath = Annotated[
    Path | None,
    typer.Option(help="A GGUF model for the embedded engine instead of the bundled one."),
]
ShardOpt = Annotated[
    str | None,
    typer.Option(
        help="I/N: summarize only the I-th of N shards of the input (split by id hash), "
        "so N machines can share a run; join the outputs with `summarizer merge`.",
    ),
]

InputFormat = Annotated[
    str | None,
    typer.Option(
        "--format",
        help="The inputs' format: jsonl, csv or txt (default: each file's suffix, else its "
        "first line; use it for CSV on stdin).",
    ),
]
Force = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Replace what the output holds: a file this tool did not write, or records of "
        "another model, prompt or schema.",
    ),
]

Strict = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Fail an abstract whose prose never validated, instead of keeping a partial "
        "record (its other fields, the failed ones marked).",
    ),
]

Workers = Annotated[
    int,
    typer.Option(
        min=1,
        max=64,
        help="Client processes that build prompts and check answers (needs --base-url); "
        "for an endpoint that answers faster than one process can keep up with.",
    ),
]


def _shard(text: str | None) -> Any:
    """The parsed ``--shard``, or None; a bad value is a usage error."""
    if text is None:
        return None
    from .sharding import parse_shard

    try:
        return parse_shard(text)
    except SummarizerError as exc:
        raise typer.BadParameter(str(exc)) from exc


def _settings(**flags: Any) -> Settings:
    """Settings from flags, then SUMMARIZER_* variables, then summarizer.toml, then defaults."""
    from pydantic import ValidationError

    from .settings_sources import resolve_settings

    try:
        settings, _ = resolve_settings(flags)
    except ValidationError as exc:  # a bad flag value: a usage problem
        first = exc.errors()[0]
        raise typer.BadParameter(f"{first['loc'][0]}: {first['msg']}") from exc
    return settings


def _cache_dir(flag: Path | None) -> Path:
    """The cache directory from the same layers as every other setting."""
    return _settings(cache_dir=flag).cache_dir


@contextmanager
def engine_notices() -> Iterator[None]:
    """Say on stderr when the embedded engine starts and when it is ready.

    Loading the model takes tens of seconds, in which the progress bar would stand still.
    """
    from .connection import engine_listener

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


#: Seconds of recent work the rate is measured over (as rich's own speed column does).
RATE_WINDOW = 30.0


class RateColumn(ProgressColumn):
    """Items per second of the items summarized now; cache hits take no time and don't count.

    Below one item a second it shows seconds per item, which reads better on a small model.
    """

    def render(self, task: Task) -> Text:
        speed = task.fields.get("rate")
        if not speed:
            return Text("-- it/s", style="progress.data.speed")
        shown = f"{speed:.2f} it/s" if speed >= 1 else f"{1 / speed:.1f} s/it"
        return Text(shown, style="progress.data.speed")


def batch_progress(label: str, total: int) -> tuple[Progress, Callable[[dict[str, Any]], None]]:
    """A progress bar on stderr with items/s, cache hits and failures, and its per-record tick."""
    progress = Progress(
        SpinnerColumn(),
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("cached {task.fields[cached]}  failed {task.fields[failed]}"),
        TimeElapsedColumn(),
        console=err,
        disable=not err.is_terminal and os.environ.get("SUMMARIZER_PROGRESS") != "1",
    )
    counts = {"cached": 0, "failed": 0}
    task = progress.add_task(label, total=total, rate=None, **counts)
    # (end, seconds) of the time before each summarized record, since the record before it.
    spans: deque[tuple[float, float]] = deque()
    last = [time.monotonic()]

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

    return progress, tick


@app.command()
def summarize(
    inputs: Annotated[
        list[str], typer.Argument(help="Daily Papers .txt, .jsonl, .csv, or - for stdin.")
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "-o", "--output", help="Output .jsonl or .csv (resumable); - or none: stdout."
        ),
    ] = None,
    force: Force = False,
    input_format: InputFormat = None,
    base_url: BaseUrl = None,
    model: Model = None,
    api_key_env: ApiKeyEnv = None,
    prompt: PromptOpt = None,
    schema: SchemaOpt = "paper_summary.v1",
    mode: ModeOpt = "auto",
    concurrency: Concurrency = None,
    limit: Annotated[int | None, typer.Option(min=1, help="Summarize at most N abstracts.")] = None,
    no_cache: NoCache = False,
    max_tokens: MaxTokens = 512,
    timeout: Timeout = None,
    cache_dir: CacheDir = None,
    model_path: ModelPath = None,
    shard: ShardOpt = None,
    workers: Workers = 1,
    strict: Strict = False,
) -> None:
    """Summarize abstracts into validated, grounded records (JSONL or CSV)."""
    from .inputs import FORMATS, read_papers, rereadable
    from .runner import run_batch
    from .sharding import in_shard
    from .workers import check_workers, open_pipeline

    part = _shard(shard)

    settings = _settings(
        base_url=base_url,
        model=model,
        api_key_env=api_key_env,
        prompt=prompt,
        schema_ref=schema,
        mode=mode,
        concurrency=concurrency,
        use_cache=not no_cache,
        max_tokens=max_tokens,
        timeout=timeout,
        cache_dir=cache_dir,
        model_path=model_path,
        strict=strict,
    )
    if inputs.count("-") > 1:
        raise typer.BadParameter("stdin (-) can be given once")
    check_workers(settings, workers)
    if input_format is not None and input_format not in FORMATS:
        raise UsageError(f"--format {input_format!r}: use one of {', '.join(FORMATS)}")
    settings.check()  # a missing key is one error, not a failed record per paper

    def read() -> Iterable[Any]:
        papers = read_papers(inputs, limit_chars=settings.max_abstract_chars, format=input_format)
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

    try:
        with engine_notices():
            stats = asyncio.run(go())
    finally:
        writer.close()
    _print_stats(stats, output)
    if stats.failed:
        raise typer.Exit(EXIT_FAILED_ITEMS)


def open_writer(output: Path | None, inputs: Iterable[str], settings: Settings, force: bool) -> Any:
    """The run's :class:`~summarizer.output.RecordWriter`, after the output rules; its
    warnings about the existing output are printed."""
    from .output import RecordWriter
    from .pipeline import run_identity
    from .target import is_stdout

    writer = RecordWriter(
        output,
        stream=sys.stdout if is_stdout(output) else None,
        inputs=inputs,
        identity=run_identity(settings),
        force=force,
    )
    for warning in writer.warnings:
        err.print(Text(f"warning: {warning}", style="yellow"), soft_wrap=True)
    return writer


def _print_stats(stats: Any, output: Path | None) -> None:
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


def written(stats: Any, output: Path | None) -> str:
    """What the run wrote, in one line: a rerun that had nothing to do says so."""
    from .target import is_stdout

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


@app.command()
def prompts() -> None:
    """List the prompt templates that can be used by name."""
    from .cli_extra import print_prompts

    print_prompts()


@cache_app.command("stats")
def cache_stats(cache_dir: CacheDir = None) -> None:
    """Show where the cache is and how big it is."""
    from .cache import ResultCache

    cache = ResultCache(_cache_dir(cache_dir))
    info = cache.stats()
    cache.close()
    out.print(
        f"directory  {info['directory']}\nentries    {info['entries']}\n"
        f"size       {info['bytes'] / 1e6:.2f} MB",
        soft_wrap=True,  # a path cut across lines cannot be copied
    )


@cache_app.command("clear")
def cache_clear(cache_dir: CacheDir = None) -> None:
    """Delete every cached response."""
    from .cache import ResultCache

    cache = ResultCache(_cache_dir(cache_dir))
    removed = cache.clear()  # also what SQLite cannot open: nothing in it is read
    if removed is None:
        out.print(
            f"removed the cache at {cache.directory} (unreadable, so not counted)",
            soft_wrap=True,  # a path cut across lines cannot be copied
        )
    else:
        out.print(f"removed {removed} cached responses")


@engine_app.command("start")
def engine_start(
    cache_dir: CacheDir = None,
    model_path: ModelPath = None,
    n_ctx: Annotated[int, typer.Option(help="Context window in tokens.")] = 4096,
) -> None:
    """Start a local engine that stays up for later runs."""
    from .engine import start_daemon

    info = start_daemon(_cache_dir(cache_dir), model_path, n_ctx)
    out.print(f"engine running: {info.base_url} (model {info.model}, pid {info.pid})")


@engine_app.command("status")
def engine_status(cache_dir: CacheDir = None) -> None:
    """Show the long-lived local engine, if one is running."""
    from .engine import running_engine

    info = running_engine(_cache_dir(cache_dir))
    if info is None:
        out.print("no engine running")
        raise typer.Exit(EXIT_FATAL)
    out.print(
        f"engine running: {info.base_url}\nmodel {info.model} ({info.model_path})\n"
        f"pid {info.pid}, n_ctx {info.n_ctx}, since {info.started_at}"
    )


@engine_app.command("stop")
def engine_stop(cache_dir: CacheDir = None) -> None:
    """Stop the long-lived local engine."""
    from .engine import stop_daemon

    stopped = stop_daemon(_cache_dir(cache_dir))
    out.print("engine stopped" if stopped else "no engine was running")


if __name__ != "__main__":
    # Here, not at the top: cli_eval imports this module's options.
    from .cli_eval import eval_app  # noqa: E402

    app.add_typer(eval_app, name="eval")
    from .cli_extra import register  # noqa: E402

    register(app)
    from .cli_scale import register as register_scale  # noqa: E402

    register_scale(app)


def _is_click(exc: BaseException, name: str) -> bool:
    # typer may bundle its own copy of click, so match by class name.
    return any(cls.__name__ == name for cls in type(exc).__mro__)


class _DebugLog(logging.Handler):
    """``SUMMARIZER_DEBUG`` log lines, on the standard error of the moment (a progress bar
    replaces it while it runs), escaped: they can quote the model's answer."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = f"debug: {record.name}: {self.format(record)}"
            print(printable(line), file=sys.stderr, flush=True)
        except Exception:  # noqa: BLE001 - logging must not end the run
            self.handleError(record)


def _debug_logging() -> None:
    """With ``SUMMARIZER_DEBUG`` set, summarizer's own log (each failed answer's errors, the
    endpoint's mode) goes to stderr."""
    if os.environ.get("SUMMARIZER_DEBUG"):
        logger = logging.getLogger("summarizer")
        logger.addHandler(_DebugLog())
        logger.setLevel(logging.DEBUG)


def main() -> None:
    """Entry point with the one error handler."""
    _debug_logging()
    interrupted = "Interrupted; finished records are kept in the output, rerun to resume."
    try:
        code = app(standalone_mode=False)
        if code == EXIT_INTERRUPTED:  # typer turns Ctrl-C inside a command into exit 130
            err.print(interrupted)
        sys.exit(code if isinstance(code, int) else EXIT_OK)
    except KeyboardInterrupt:
        err.print(interrupted)
        sys.exit(EXIT_INTERRUPTED)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except BaseException as raised:  # noqa: BLE001 - the one handler: every error ends here
        exc = _unwrap(raised)
        if isinstance(exc, KeyboardInterrupt):
            err.print(interrupted)
            sys.exit(EXIT_INTERRUPTED)
        if isinstance(exc, SystemExit | typer.Exit):
            raise
        if os.environ.get("SUMMARIZER_DEBUG"):
            raise
        _fail(exc)


def _unwrap(exc: BaseException) -> BaseException:
    """The cause of an error that a task group wrapped (the first one raised)."""
    from .runner import first_cause

    return first_cause(exc)


def _fail(exc: BaseException) -> None:
    """One ``Error: ...`` line for ``exc`` and its exit code."""
    if isinstance(exc, BrokenPipeError):
        # Whoever read our standard output stopped reading (``| head``): no traceback.
        from .output import discard_stream

        discard_stream(sys.stdout)
        _error_line("standard output was closed before the run ended (broken pipe)")
        sys.exit(EXIT_FATAL)
    if isinstance(exc, SummarizerError):
        _error_line(str(exc))
        sys.exit(EXIT_USAGE if isinstance(exc, UsageError) else EXIT_FATAL)
    if isinstance(exc, OSError) and exc.filename:
        _error_line(f"{exc.filename}: {exc.strerror or exc}")
        sys.exit(EXIT_FATAL)
    if _is_click(exc, "Abort"):
        err.print("Interrupted.")
        sys.exit(EXIT_INTERRUPTED)
    if hasattr(exc, "show") and hasattr(exc, "exit_code"):  # click's usage errors
        exc.show()
        sys.exit(EXIT_USAGE)
    _error_line(f"unexpected {type(exc).__name__}: {exc} (set SUMMARIZER_DEBUG=1 for a traceback)")
    sys.exit(EXIT_FATAL)


def _error_line(message: str) -> None:
    err.print(f"Error: {printable(message)}", markup=False, highlight=False, soft_wrap=True)


if __name__ == "__main__":
    # Run the package module's app, which has every sub-command registered.
    from summarizer.cli import main as package_main

    package_main()
