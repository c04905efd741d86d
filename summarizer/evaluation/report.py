"""The report of a run: ``report.md`` here, ``report.html`` beside it (:mod:`.report_html`),
both written into the run folder by :func:`write_reports`.

Both show the per-field rows of :mod:`.report_rows`; ``report.md`` lists each item's main
metric per field, ``report.html`` adds a drill-down per item.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from ..io.target import atomic_file
from .compare import Comparison
from .report_html import html_report
from .report_rows import (
    CI_NOTE,
    NUMERIC,
    main_score,
    overview,
    published_note,
    record_status,
    score_grid,
)
from .run import EvalRun


def _md(text: Any) -> str:
    return escape(str(text)).replace("|", "\\|").replace("\n", " ")


def _md_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def markdown(run: EvalRun, baseline: Comparison | None = None) -> str:
    """``report.md``."""
    lines = [f"# Eval run {_md(run.info.get('name'))}", ""]
    lines += [f"- **{label}**: {_md(value)}" for label, value in overview(run, baseline)]
    head, grid = score_grid(run, baseline, repeat_field=True)  # each line stands alone
    lines += ["", "## Scores", "", _md_row([_md(h) for h in head])]
    lines.append(_md_row(["---:" if h in NUMERIC else "---" for h in head]))
    for row, cells in grid:
        cells = [_md(c) for c in cells]
        if row.main:
            cells[1] = f"**{cells[1]}**"
        lines.append(_md_row(cells))
    lines += ["", CI_NOTE]
    lines += [f"Published: {_md(published_note(p))}." for p in run.info.get("published") or []]
    if run.info.get("failures"):
        lines += ["", "## Failures", ""]
        lines += [f"- `{_md(f['id'])}`: {_md(f['type'])}: {_md(f['message'])}"
                  for f in run.info["failures"]]  # fmt: skip
    names = list((run.info.get("scores") or {}).keys())
    lines += ["", "## Items (main metric per field)", "", _md_row(["id", "status", *names])]
    lines.append(_md_row(["---", "---"] + ["---:"] * len(names)))
    for record, scores in zip(run.records, run.scores, strict=True):
        cells = [f"`{_md(record['id'])}`", record_status(record)]
        cells += [f"{main_score(scores[n]):.2f}" if n in scores else "" for n in names]
        lines.append(_md_row(cells))
    return "\n".join(lines) + "\n"


def write_reports(run: EvalRun, baseline: Comparison | None = None) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.html`` into the run folder; return their paths."""
    md, page = run.path / "report.md", run.path / "report.html"
    for path, text in ((md, markdown(run, baseline)), (page, html_report(run, baseline))):
        with atomic_file(path) as fh:
            fh.write(text)
    return md, page
