"""The numbers every form of an eval report shows: per-field rows, the overview, item status.

The report comes in three forms from these: a table in the terminal (the eval command's),
``report.md`` (:mod:`.report`) and ``report.html`` (:mod:`.report_html`). All show the same
per-field table: every metric with its 95% bootstrap CI, the published number where the
suite has one, and, when a baseline run (the ``naive`` prompt on the same model and items)
is given, the baseline's value and the delta, flagged as noise when the CIs overlap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..io.output import is_partial
from .compare import Comparison, MetricDelta
from .run import EvalRun
from .run_scores import MAIN_METRIC, item_metrics, kind_of
from .scorers import SCORED_FIELDS, ItemScore

SPAN_FIELDS = ("introduces", "datasets", "results", "code_url")
SHOWN_FIELDS = (*SCORED_FIELDS, "keywords")
NUMERIC = {"score", "n", "Δ"}
CI_NOTE = (
    "Bold: the field's main metric. CIs are 95% percentile bootstrap intervals over items; "
    "a delta marked (noise) has overlapping CIs."
)


@dataclass(frozen=True)
class Row:
    """One metric of one field, as every form of the report shows it."""

    field: str
    metric: str
    main: bool
    value: float
    low: float
    high: float
    n: int
    published: str | None = None
    baseline: MetricDelta | None = None


def field_rows(run: EvalRun, baseline: Comparison | None = None) -> list[Row]:
    """The per-field table of a run (``baseline`` compares a baseline run ``a`` with it)."""
    published = {(p["field"], p["metric"]): p for p in run.info.get("published") or []}
    rows = []
    for name, entry in (run.info.get("scores") or {}).items():
        for metric, est in entry["metrics"].items():
            pub = published.get((name, metric))
            note = f"{pub['value']:.3f} {pub['system']} ({pub['split']})" if pub else None
            delta = baseline.get(name, metric) if baseline is not None else None
            rows.append(Row(name, metric, metric == entry["main"], est["value"], est["low"],
                            est["high"], entry["n"], note, delta))  # fmt: skip
    return rows


def score_grid(
    run: EvalRun, baseline: Comparison | None = None, repeat_field: bool = False
) -> tuple[list[str], list[tuple[Row, list[str]]]]:
    """The per-field table as plain-text header and cells, shared by all three forms.

    The field name is given on its first metric only, unless ``repeat_field``;
    ``published`` appears when the suite has a published number, the baseline's columns
    when there is a baseline.
    """
    rows = field_rows(run, baseline)
    has_pub = any(r.published for r in rows)
    head = ["field", "metric", "score", "95% CI", "n"] + (["published"] if has_pub else [])
    if baseline is not None:
        head += [(baseline.a.info.get("prompt") or {}).get("name", "baseline"), "Δ"]
    grid, last = [], None
    for row in rows:
        name = row.field if repeat_field or row.field != last else ""
        cells = [
            name,
            row.metric,
            f"{row.value:.3f}",
            f"[{row.low:.3f}, {row.high:.3f}]",
            str(row.n),
        ]
        if has_pub:
            cells.append(row.published or "")
        if baseline is not None:
            b = row.baseline
            cells += [f"{b.a.value:.3f}", delta_text(b)] if b is not None else ["", ""]
        grid.append((row, cells))
        last = row.field
    return head, grid


def overview(run: EvalRun, baseline: Comparison | None = None) -> list[tuple[str, str]]:
    """What ran and how it went, as label/value pairs."""
    i = run.info
    prompt = i.get("prompt") or {}
    tok, ans = i.get("tokens") or {}, i.get("answer_tokens") or {}
    pairs = [
        ("suite", str(i.get("suite"))),
        ("prompt", f"{prompt.get('id')} (template {prompt.get('template_hash')})"),
        ("model", f"{i.get('model')} @ {i.get('endpoint')} (mode {i.get('mode')})"),
        ("schema", str(i.get("schema"))),
        ("items", f"{i.get('n_items')} ({i.get('done')} done, {i.get('failed')} failed"
                  f"{partial_note(i)}, {i.get('cached')} from cache)"),
        ("re-asks", f"{reasks_text(run)} (ungrounded items dropped: {i.get('dropped')})"),
        ("tokens spent", f"{tok.get('prompt', 0)} prompt / {tok.get('completion', 0)} completion "
                         f"(answers: {ans.get('prompt', 0)} / {ans.get('completion', 0)})"),
        ("wall time", f"{i.get('wall_seconds', 0):.1f} s "
                      f"({i.get('seconds_per_abstract', 0):.2f} s per abstract)"),
        ("created", f"{i.get('created')} ({i.get('name')})"),
    ]  # fmt: skip
    if baseline is not None:
        bp = baseline.a.info.get("prompt") or {}
        pairs.append(("baseline", f"{bp.get('id')} run {baseline.a.path.name} on "
                                  f"{len(baseline.common)} common items"))  # fmt: skip
    return pairs


def reasks_made(run: EvalRun) -> tuple[int, int]:
    """The re-asks this run sent, and those behind the answers it took from the cache.

    A cached answer keeps ``meta.attempts`` from the run that made it; counting those as
    this run's would have a fully cached rerun report re-asks it never sent.
    """
    sent = cached = 0
    for record in run.records:
        meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
        attempts = meta.get("attempts")
        extra = max(attempts - 1, 0) if type(attempts) is int else 0
        if meta.get("cached"):
            cached += extra
        else:
            sent += extra
    return sent, cached


def reasks_text(run: EvalRun) -> str:
    if not run.records:  # nothing to tell them apart by: what run.json says
        return str(run.info.get("reasks"))
    sent, cached = reasks_made(run)
    if not run.info.get("cached"):
        return str(sent)
    hits = run.info.get("cached")
    answers = "answer" if hits == 1 else "answers"
    return f"{sent} this run ({cached} more behind the {hits} cached {answers})"


def delta_text(d: MetricDelta) -> str:
    return f"{d.delta:+.3f}" + (" (noise)" if d.noise else "")


def published_note(p: dict[str, Any]) -> str:
    return (
        f"{p['system']} {p['field']} {p['metric']} {p['value']:.3f} on {p['split']} "
        f"({p['source']}); ours is comparable only on that split"
    )


def partial_note(info: dict[str, Any]) -> str:
    partial = info.get("partial") or 0
    return f" of which {partial} partial" if partial else ""


def record_status(record: dict[str, Any]) -> str:
    if is_partial(record):
        return "partial"  # kept with the fields that validated; scored on those
    if record.get("error"):
        return "failed"
    return "cached" if (record.get("meta") or {}).get("cached") else "ok"


def main_score(score: ItemScore) -> float:
    return item_metrics(score)[MAIN_METRIC[kind_of(score)]]
