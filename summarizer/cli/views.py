"""Everyday commands around the output: ``digest``, ``show``, ``doctor``, ``config show``.

    summarizer digest OUT.jsonl [-o digest.html | -o -] [--title TEXT]
    summarizer show OUT.jsonl [ID ...] [--where KEY=VALUE ...] [--abstract]
    summarizer doctor [endpoint options] [--start-engine] [--json]
    summarizer config show [setting flags] [--json]

Exit codes as for ``summarize``: 0 done, 1 fatal error (for ``doctor``: a check failed),
2 usage error, 130 interrupted.
"""

from __future__ import annotations

import json
import os
import textwrap
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from .options import EXIT_FATAL, BaseUrl, CacheDir, Model, ModelPath, err, out

config_app = typer.Typer(
    help="Show the effective settings and where each came from.", no_args_is_help=True
)

Source = Annotated[
    Path, typer.Argument(help="A JSONL or Parquet output of `summarizer summarize`.")
]
KeyEnvOpt = Annotated[
    str | None,
    typer.Option("--api-key-env", help="Name of the environment variable that holds the API key."),
]
PromptFlag = Annotated[str | None, typer.Option("--prompt", help="Prompt name or .toml path.")]
ConcurrencyFlag = Annotated[int | None, typer.Option(min=1, max=1024, help="Requests in flight.")]
TimeoutFlag = Annotated[float | None, typer.Option(help="Seconds to wait for one answer.")]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]

_STATUS_STYLE = {"ok": "green", "warn": "yellow", "fail": "bold red", "skip": "dim"}


def digest(
    source: Source,
    output: Annotated[
        Path | None,
        typer.Option(
            "-o", "--output", help="The HTML file; - for stdout. Default: SOURCE with .html."
        ),
    ] = None,
    title: Annotated[str | None, typer.Option(help="Page title.")] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an existing file that is not a digest.")
    ] = False,
) -> None:
    """Write a self-contained HTML digest: cards, filters, search and an overview."""
    from ..io.target import is_stdout
    from ..views.digest import write_digest
    from ..views.reading import plural

    target = output or source.with_suffix(".html")
    count = write_digest(source, target, title=title, force=force)
    where = "the digest to standard output" if is_stdout(target) else str(target)
    err.print(f"wrote {where} ({plural(count, 'paper')})", markup=False, highlight=False)


def show(
    source: Source,
    ids: Annotated[
        list[str] | None, typer.Argument(help="Record ids (or unique prefixes) to show.")
    ] = None,
    where: Annotated[
        list[str] | None,
        typer.Option(
            "--where",
            "-w",
            help="Filter KEY=VALUE or KEY!=VALUE, repeatable: domain, type, "
            "dataset, introduces, task, keyword, title, text, has_code, has_numbers, failed, "
            "partial.",
        ),
    ] = None,
    abstract: Annotated[
        bool,
        typer.Option(
            "--abstract", "-a", help="Also print the abstract with the grounded items highlighted."
        ),
    ] = False,
) -> None:
    """Print output records as cards in the terminal."""
    from ..views.reading import load_records
    from ..views.show import parse_where, render_card, select_records

    try:
        conditions = parse_where(where or [])
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    records = load_records(source)
    picked = select_records(records, ids or [], conditions)
    for record in picked:
        out.print(render_card(record, abstract=abstract))
    note = (
        f"{len(picked)} of {len(records)} records"
        if picked
        else f"no record matches (of {len(records)})"
    )
    err.print(note, highlight=False)


def doctor(
    base_url: BaseUrl = None,
    model: Model = None,
    api_key_env: KeyEnvOpt = None,
    cache_dir: CacheDir = None,
    model_path: ModelPath = None,
    timeout: TimeoutFlag = None,
    start_engine: Annotated[
        bool,
        typer.Option(
            "--start-engine", help="With no endpoint set, start the embedded engine to check it."
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Check the setup (endpoint, modes, engine, model, cache, API key) and say what to fix."""
    from ..checks.doctor import diagnose

    flags = {
        "base_url": base_url,
        "model": model,
        "api_key_env": api_key_env,
        "cache_dir": cache_dir,
        "model_path": model_path,
        "timeout": timeout,
    }
    with err.status("checking…", spinner="dots") if err.is_terminal else nullcontext():
        checks = diagnose(flags, start_engine=start_engine)
    failed = [c for c in checks if c.status == "fail"]
    if as_json:
        out.print_json(json.dumps([c.__dict__ for c in checks], default=str))
    else:
        _print_checks(checks)
        warned = sum(c.status == "warn" for c in checks)
        verdict = f"{len(failed)} to fix, {warned} to look at" if failed or warned else "all good"
        out.print(Text(verdict, style="bold red" if failed else "bold green"))
    if failed:
        raise typer.Exit(EXIT_FATAL)


def _print_checks(checks: list[Any]) -> None:
    """One block per check: status and name, then what was found, the fix and a note,
    wrapped at words under it. A path is never cut or folded: a word too long for the
    line runs past it, and the terminal wraps it whole."""
    name_w = max(len(c.name) for c in checks)
    indent = " " * (6 + name_w + 2)
    width = max(out.width, len(indent) + 30)
    for c in checks:
        found = _hanging(c.summary, indent, width)
        line = Text.assemble(
            (c.status.ljust(6), _STATUS_STYLE[c.status]), c.name.ljust(name_w + 2), found
        )
        out.print(line, soft_wrap=True)
        extras = [(f"fix: {c.fix}", "yellow")] if c.fix else []
        extras += [(note, "dim") for note in c.notes]
        for extra, style in extras:
            out.print(Text(indent + _hanging(extra, indent, width), style=style), soft_wrap=True)


def _hanging(text: str, indent: str, width: int) -> str:
    """``text`` wrapped at words to ``width`` after ``indent``; the lines after the first
    start with it (the caller puts what comes before the first)."""
    from ..text import printable

    wrapped = textwrap.fill(
        printable(text),
        width=width,
        initial_indent=indent,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return wrapped[len(indent) :]


@config_app.command("show")
def config_show(
    base_url: BaseUrl = None,
    model: Model = None,
    prompt: PromptFlag = None,
    concurrency: ConcurrencyFlag = None,
    cache_dir: CacheDir = None,
    timeout: TimeoutFlag = None,
    api_key_env: KeyEnvOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Print the effective settings and where each came from (flag, env, file, default)."""
    from ..settings.sources import CONFIG_FILE, LAYERED, env_name, resolve_settings, user_config_dir

    flags = {
        "base_url": base_url,
        "model": model,
        "prompt": prompt,
        "concurrency": concurrency,
        "cache_dir": cache_dir,
        "timeout": timeout,
        "api_key_env": api_key_env,
    }
    settings, sources = resolve_settings(flags)
    key_set = bool(os.environ.get(settings.api_key_env))
    # A key inside the URL (user:KEY@host, ?api_key=) is never printed.
    dumped = {**settings.model_dump(mode="json"), "base_url": settings.endpoint}
    rows: list[dict[str, Any]] = []
    for name in LAYERED:
        value = dumped[name]
        shown = "(embedded engine)" if name == "base_url" and value is None else value
        if name == "model" and value is None:
            shown = "(the endpoint's default)"
        rows.append(
            {
                "setting": name,
                "value": value,
                "shown": str(shown),
                "source": sources[name],
                "env": env_name(name),
            }
        )
    if as_json:
        data = {r["setting"]: {"value": r["value"], "source": r["source"]} for r in rows}
        data["api_key_env"]["set"] = key_set
        out.print_json(json.dumps(data))
        return
    for r in rows:
        if r["setting"] == "api_key_env":
            r["shown"] += "  (set)" if key_set else "  (not set)"
    _print_settings(rows)
    out.print(Text("config files, first wins:", style="dim"))
    for f in (Path.cwd() / CONFIG_FILE, user_config_dir() / CONFIG_FILE):
        found = "found" if f.is_file() else "none"
        out.print(Text(f"  {f} ({found})", style="dim"), soft_wrap=True)


def _print_settings(rows: list[dict[str, Any]]) -> None:
    """The settings as a table when every cell fits on its line, else one block per setting.

    A value (a path, a URL) is never cut or folded into a column: in the blocks it has the
    line after the setting's name to itself, soft-wrapped, so it copies whole.
    """
    head = ("setting", "value", "source", "variable")
    cells = [(r["setting"], r["shown"], r["source"], r["env"]) for r in rows]
    widths = [max(len(c[i]) for c in [head, *cells]) for i in range(len(head))]
    if sum(widths) + 2 * (len(widths) - 1) <= out.width:
        table = Table(*head, box=None, pad_edge=False)
        for column in table.columns:
            column.no_wrap = True
        for setting, value, source, env in cells:
            table.add_row(
                setting,
                Text(value),
                Text(source, style="dim" if source == "default" else ""),
                Text(env, style="dim"),
            )
        out.print(table)
        return
    pad = widths[0] + 2
    for setting, value, source, env in cells:
        line = Text(setting.ljust(pad), style="bold")
        line.append(value)
        out.print(line, soft_wrap=True)
        origin = f"from {source}" if source == f"env {env}" else f"from {source}; variable {env}"
        out.print(Text(" " * pad + origin, style="dim"), soft_wrap=True)


def print_prompts() -> None:
    """Each prompt as a block: its name, strategy and file on one line, then what it does.

    A path is never cut (a table column would end it in "…" at 80 columns): its line is
    soft-wrapped, so a terminal too narrow for it wraps it and it still copies whole. The
    description wraps at words under it.
    """
    from ..prompting.templates import available, load_prompt
    from ..text import printable

    rows = []
    for name, path in sorted(available().items()):
        spec = load_prompt(str(path)).spec
        rows.append((printable(name), printable(spec.strategy), path, spec.description))
    if not rows:
        out.print("no prompts found", highlight=False)
        return
    name_w = max(len(r[0]) for r in rows)
    strategy_w = max(len(r[1]) for r in rows)
    for i, (name, strategy, path, description) in enumerate(rows):
        if i:
            out.print()
        line = Text.assemble(
            (name.ljust(name_w), "bold"), "  ", (strategy.ljust(strategy_w), "cyan"), "  "
        )
        line.append(printable(str(path)))
        out.print(line, soft_wrap=True)
        if description:
            # Wrapped here, not by rich, so no line carries trailing spaces into a pipe.
            wrapped = textwrap.fill(
                printable(description),
                width=max(out.width, 40),
                initial_indent="    ",
                subsequent_indent="    ",
                break_long_words=False,
                break_on_hyphens=False,
            )
            out.print(Text(wrapped), soft_wrap=True)


def prompts() -> None:
    """List the prompt templates that can be used by name."""
    print_prompts()
