"""``summarizer eval``: run a suite and report on it, or compare two runs.

    summarizer eval SUITE [endpoint options] [--limit N] [--out DIR] [--baseline RUN]
    summarizer eval compare RUN_A RUN_B [--fail-if-worse FIELD[.METRIC]=DELTA ...]

Exit codes as for ``summarize``: 0 done, 1 fatal error (and, for ``compare``, a
``--fail-if-worse`` gate that failed), 2 usage error, 3 a run finished with failed items,
130 interrupted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from .handler import on_interrupt
from .options import (
    DEFAULT_FLAGS,
    EXIT_FAILED_ITEMS,
    EXIT_FATAL,
    EndpointFlags,
    endpoint_options,
    err,
    out,
)
from .progress import batch_progress, engine_notices, prompt_origin

# Piped or in CI, rich would wrap tables at 80 columns; a log has room for the whole row.
LOG_WIDTH = 160


def _print_table(table: Table) -> None:
    (out if out.is_terminal else Console(width=LOG_WIDTH)).print(table)


class _SuiteGroup(TyperGroup):
    """Routes ``eval SUITE ...`` to the ``run`` command; ``eval compare ...`` stays a command."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["run", *args]
        return super().parse_args(ctx, args)


eval_app = typer.Typer(
    cls=_SuiteGroup,
    help="Score a prompt and model against a gold suite: `summarizer eval SUITE`, "
    "or compare two runs: `summarizer eval compare RUN_A RUN_B`.",
    no_args_is_help=True,
)

SuiteArg = Annotated[
    str,
    typer.Argument(
        help="dev, test or blind (evals/gold), scitldr:PATH, scierc:PATH, or a gold .jsonl."
    ),
]


@eval_app.command("run")
@endpoint_options
def eval_run(
    suite: SuiteArg,
    endpoint: EndpointFlags = DEFAULT_FLAGS,
    limit: Annotated[int | None, typer.Option(min=1, help="Run only the first N items.")] = None,
    output: Annotated[
        Path | None,
        typer.Option("--out", help="Run folder. Default: runs/<suite>-<prompt>-<timestamp>."),
    ] = None,
    runs_dir: Annotated[Path, typer.Option(help="Where default run folders go.")] = Path("runs"),
    baseline: Annotated[
        Path | None,
        typer.Option(
            help="A run folder to show beside this run. Default: the newest `naive` run "
            "of the same suite, items and model in --runs-dir."
        ),
    ] = None,
) -> None:
    """Summarize a suite's abstracts, score them, and write a run folder with reports."""
    from ..evaluation.compare import compare_runs, find_baseline
    from ..evaluation.report import write_reports
    from ..evaluation.run import load_run, run_suite
    from ..evaluation.suites import load_suite
    from .eval_tables import overview_table, terminal_table

    settings = endpoint.settings()
    settings.check()  # a missing key is one error, not a failed record per item
    prompt_origin(settings.prompt)
    # A bad baseline folder fails before any request is sent.
    base_run = load_run(baseline) if baseline is not None else None
    total = len({item.id for item in load_suite(suite)})
    progress, tick = batch_progress("evaluating", min(total, limit or total))
    kept = (
        "Its answers are in the cache: the same command again takes them from there."
        if settings.use_cache
        else "With --no-cache its answers are not kept."
    )
    on_interrupt(
        f"Interrupted; a run cut short writes no run folder (an earlier one there is kept). {kept}"
    )

    with progress, engine_notices():
        run = run_suite(suite, settings, out=output, runs_dir=runs_dir, limit=limit, on_record=tick)
    comparison = None
    if base_run is None and (found := find_baseline(runs_dir, run.info)) is not None:
        base_run = load_run(found)
    if base_run is not None:
        try:
            comparison = compare_runs(base_run, run)
        except ValueError as exc:
            err.print(f"baseline not shown: {exc}", markup=False)
    md, page = write_reports(run, comparison)
    _print_table(overview_table(run, comparison))
    _print_table(terminal_table(run, comparison))
    for failure in run.info["failures"][:10]:
        err.print(
            Text(f"failed {failure['id']}: {failure['type']}: {failure['message']}", style="red")
        )
    out.print(f"run folder  {run.path}\nreports     {md.name}, {page.name}", markup=False)
    if run.info["failed"]:
        raise typer.Exit(EXIT_FAILED_ITEMS)


@eval_app.command("compare")
def eval_compare(
    run_a: Annotated[
        Path, typer.Argument(help="The reference run folder (e.g. the current prompt).")
    ],
    run_b: Annotated[
        Path, typer.Argument(help="The candidate run folder (e.g. the changed prompt).")
    ],
    fail_if_worse: Annotated[
        list[str] | None,
        typer.Option(
            "--fail-if-worse",
            metavar="FIELD[.METRIC]=DELTA",
            help="Exit 1 when B's metric is below A's by more than DELTA (a fraction), "
            "e.g. introduces.f1=0.02; a bare field uses its main metric. Repeatable.",
        ),
    ] = None,
    all_metrics: Annotated[
        bool,
        typer.Option("--all-metrics", help="Show every metric, not only each field's main one."),
    ] = False,
    show: Annotated[int, typer.Option(min=0, help="Show at most N changed items.")] = 20,
) -> None:
    """Per-field deltas of RUN_B against RUN_A, with CIs, and the items that changed."""
    from ..evaluation.compare import check_gates, compare_runs, parse_gate
    from ..evaluation.run import load_run

    try:
        gates = [parse_gate(g) for g in fail_if_worse or []]
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--fail-if-worse") from exc
    a, b = load_run(run_a), load_run(run_b)
    try:
        cmp = compare_runs(a, b)
        results = check_gates(cmp, gates)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc

    for label, run in (("A", a), ("B", b)):
        p = run.info.get("prompt") or {}
        out.print(
            f"{label}  {run.path}  ({p.get('id')}, {run.info.get('model')}, "
            f"{run.info.get('n_items')} items, {run.info.get('failed')} failed)",
            markup=False,
        )
    for line in cmp.differences():
        out.print(f"   {line}", markup=False)
    if cmp.only_a or cmp.only_b:
        out.print(
            f"compared on {len(cmp.common)} common items ({len(cmp.only_a)} only in A, "
            f"{len(cmp.only_b)} only in B)",
            markup=False,
        )

    table = Table("field", "metric", "A", "A 95% CI", "B", "B 95% CI", "Δ (B-A)", "")
    for d in cmp.deltas:
        if not (d.main or all_metrics):
            continue
        style = "dim" if d.noise else ("green" if d.delta > 0 else "red" if d.delta < 0 else "")
        table.add_row(
            d.field,
            d.metric,
            f"{d.a.value:.3f}",
            f"[{d.a.low:.3f}, {d.a.high:.3f}]",
            f"{d.b.value:.3f}",
            f"[{d.b.low:.3f}, {d.b.high:.3f}]",
            Text(f"{d.delta:+.3f}", style=style),
            "noise" if d.noise else "",
        )
    _print_table(table)

    out.print(
        f"{len(cmp.changes)} item scores changed"
        + (f" (largest {min(show, len(cmp.changes))} shown)" if cmp.changes and show else "")
    )
    if cmp.changes and show:
        items = Table("id", "field", "metric", "A", "B", "Δ")
        for c in cmp.changes[:show]:
            items.add_row(c.id, c.field, c.metric, f"{c.a:.2f}", f"{c.b:.2f}", f"{c.delta:+.2f}")
        _print_table(items)

    for result in results:
        out.print(Text(result.message, style="red" if result.failed else "green"))
    failed = [r for r in results if r.failed]
    if failed:
        err.print(
            f"Error: {len(failed)} of {len(results)} --fail-if-worse gates failed: "
            + ", ".join(str(r.gate) for r in failed),
            markup=False,
            highlight=False,
        )
        raise typer.Exit(EXIT_FATAL)
