"""The eval command's tables in the terminal: what ran, and the per-field scores."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..evaluation.compare import Comparison
from ..evaluation.report_rows import NUMERIC, overview, score_grid
from ..evaluation.run import EvalRun


def terminal_table(run: EvalRun, baseline: Comparison | None = None) -> Table:
    """The per-field table for the terminal."""
    prompt = (run.info.get("prompt") or {}).get("id")
    title = Text(f"{run.info.get('suite')} · {prompt} · {run.info.get('model')}")
    head, grid = score_grid(run, baseline)
    table = Table(title=title, title_justify="left")
    for col in head:
        table.add_column(col, justify="right" if col in NUMERIC else "left")
    for row, cells in grid:
        table.add_row(*cells, style="bold" if row.main else "dim")
    return table


def overview_table(run: EvalRun, baseline: Comparison | None = None) -> Table:
    """What ran, for the terminal."""
    table = Table(show_header=False, box=None, pad_edge=False)
    for label, value in overview(run, baseline):
        table.add_row(label, value)
    return table
