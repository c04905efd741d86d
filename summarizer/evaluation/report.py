"""The report of a run in three forms: a rich table, ``report.md`` and ``report.html``.

All three show the same per-field table: every metric with its 95% bootstrap CI, the
published number where the suite has one, and, when a baseline run (the ``naive`` prompt
on the same model and items) is given, the baseline's value and the delta, flagged as
noise when the CIs overlap. ``report.html`` adds a drill-down per item: the abstract with
its grounded spans marked, gold and prediction side by side, and the item's scores.

``report.html`` is one self-contained file: inline CSS, no script, no font, no network.
Every text that comes from an abstract, a gold record or a model answer is escaped with
:func:`html.escape`; marked spans are escaped segment by segment.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text

from ..io.output import is_partial
from ..io.target import atomic_file
from .compare import Comparison, MetricDelta
from .run import MAIN_METRIC, EvalRun, item_metrics, kind_of
from .scorers import (
    SCORED_FIELDS,
    GroundingScore,
    ItemScore,
    LabelScore,
    MatchScore,
    RougeScore,
    SetScore,
    item_key,
    value_key,
)
from .suites import EvalItem

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
            cells += [f"{b.a.value:.3f}", _delta(b)] if b is not None else ["", ""]
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
                  f"{_partial_note(i)}, {i.get('cached')} from cache)"),
        ("re-asks", f"{_reasks(run)} (ungrounded items dropped: {i.get('dropped')})"),
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


def _reasks(run: EvalRun) -> str:
    if not run.records:  # nothing to tell them apart by: what run.json says
        return str(run.info.get("reasks"))
    sent, cached = reasks_made(run)
    if not run.info.get("cached"):
        return str(sent)
    hits = run.info.get("cached")
    answers = "answer" if hits == 1 else "answers"
    return f"{sent} this run ({cached} more behind the {hits} cached {answers})"


def _delta(d: MetricDelta) -> str:
    return f"{d.delta:+.3f}" + (" (noise)" if d.noise else "")


# --- terminal -------------------------------------------------------------------------------


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


# --- markdown -------------------------------------------------------------------------------


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
    lines += [f"Published: {_md(_published_note(p))}." for p in run.info.get("published") or []]
    if run.info.get("failures"):
        lines += ["", "## Failures", ""]
        lines += [f"- `{_md(f['id'])}`: {_md(f['type'])}: {_md(f['message'])}"
                  for f in run.info["failures"]]  # fmt: skip
    names = list((run.info.get("scores") or {}).keys())
    lines += ["", "## Items (main metric per field)", "", _md_row(["id", "status", *names])]
    lines.append(_md_row(["---", "---"] + ["---:"] * len(names)))
    for record, scores in zip(run.records, run.scores, strict=True):
        cells = [f"`{_md(record['id'])}`", _status(record)]
        cells += [f"{_main(scores[n]):.2f}" if n in scores else "" for n in names]
        lines.append(_md_row(cells))
    return "\n".join(lines) + "\n"


def _published_note(p: dict[str, Any]) -> str:
    return (
        f"{p['system']} {p['field']} {p['metric']} {p['value']:.3f} on {p['split']} "
        f"({p['source']}); ours is comparable only on that split"
    )


def _partial_note(info: dict[str, Any]) -> str:
    partial = info.get("partial") or 0
    return f" of which {partial} partial" if partial else ""


def _status(record: dict[str, Any]) -> str:
    if is_partial(record):
        return "partial"  # kept with the fields that validated; scored on those
    if record.get("error"):
        return "failed"
    return "cached" if (record.get("meta") or {}).get("cached") else "ok"


def _main(score: ItemScore) -> float:
    return item_metrics(score)[MAIN_METRIC[kind_of(score)]]


# --- html -----------------------------------------------------------------------------------


def highlight(abstract: str, spans: dict[str, Any] | None) -> str:
    """The abstract as HTML, each grounded span in ``<mark class="FIELD">``.

    ``spans`` is a record's ``spans``: per field a ``[start, end]`` or a list of them
    (None for an item not found). Overlapping spans are clipped; every segment is escaped
    on its own, so a tag in the abstract stays text.
    """
    marks: list[tuple[int, int, str]] = []
    for name, value in (spans or {}).items():
        for span in value if value and isinstance(value[0], (list, tuple, type(None))) else [value]:
            if (
                isinstance(span, (list, tuple))
                and len(span) == 2
                and all(isinstance(x, int) for x in span)
                and 0 <= span[0] < span[1] <= len(abstract)
            ):
                marks.append((span[0], span[1], name))
    parts, cursor = [], 0
    for start, end, name in sorted(marks, key=lambda m: (m[0], -m[1])):  # longest first
        start = max(start, cursor)
        if start >= end:
            continue
        parts.append(escape(abstract[cursor:start]))
        parts.append(
            f'<mark class="{escape(name)}" title="{escape(name)}">'
            f"{escape(abstract[start:end])}</mark>"
        )
        cursor = end
    parts.append(escape(abstract[cursor:]))
    return "".join(parts)


def _score_text(score: ItemScore) -> str:
    if isinstance(score, GroundingScore):
        text = f"{score.found}/{score.total} found"
        return text + ("; not found: " + ", ".join(score.missing) if score.missing else "")
    if isinstance(score, RougeScore):
        return f"R1 {score.rouge1:.2f} · R2 {score.rouge2:.2f} · RL {score.rougeL:.2f}"
    if isinstance(score, MatchScore):
        return "right" if score.correct else "wrong"
    if isinstance(score, SetScore):
        text = f"F1 {score.f1:.2f} (tp {score.tp}, fp {score.fp}, fn {score.fn})"
        return text + (" exact" if isinstance(score, LabelScore) and score.exact else "")
    return ""


def _result_text(r: Any) -> tuple[str, str]:
    if not isinstance(r, dict):
        return str(r), ""
    extra = " · ".join(str(r[k]) for k in ("metric", "subject", "kind") if r.get(k))
    return str(r.get("value", "")), extra


def _cell(name: str, value: Any, other: Any, pred: bool, ungrounded: set[str]) -> str:
    """One side of a field; list items are marked hit/miss against the other side."""
    if value is None or value == [] or value == "":
        return '<span class="muted">—</span>'
    if not isinstance(value, list):
        cls = " ungrounded" if pred and str(value) in ungrounded else ""
        return f'<span class="{cls.strip()}">{escape(str(value))}</span>'
    key = value_key if name == "results" else item_key
    other_keys = {key(_result_text(o)[0] if name == "results" else str(o)) for o in other or []}
    items = []
    for v in value:
        text, extra = _result_text(v) if name == "results" else (str(v), "")
        cls = []
        if (
            name in ("introduces", "datasets", "results", "contribution_types")
            and other is not None
        ):
            if pred:
                cls.append("hit" if key(text) in other_keys else "miss")
            elif key(text) not in other_keys:
                cls.append("missed")
        if pred and text in ungrounded:
            cls.append("ungrounded")
        tail = f' <span class="muted">{escape(extra)}</span>' if extra else ""
        items.append(f'<li class="{" ".join(cls)}">{escape(text)}{tail}</li>')
    return "<ul>" + "".join(items) + "</ul>"


def _accept(item: EvalItem, name: str) -> str:
    alts = item.accept.get(name) if name != "introduces" else item.accept.get("introduces_extra")
    if not alts:
        return ""
    text = "; ".join(", ".join(a) if isinstance(a, list) else str(a) for a in alts)
    label = "not counted against" if name == "introduces" else "also accepted"
    return f'<div class="muted small">{label}: {escape(text)}</div>'


def _item_html(record: dict[str, Any], scores: dict[str, ItemScore], item: EvalItem | None) -> str:
    status = _status(record)
    title = record.get("title") or record.get("abstract", "")[:100]
    chips = " ".join(
        f'<span class="chip">{escape(n)} {_main(s):.2f}</span>' for n, s in scores.items()
    )
    out = [
        f'<details class="item {status}"><summary><span class="badge {status}">{status}'
        f"</span> <code>{escape(record['id'])}</code> {escape(title)} {chips}</summary>"
    ]
    if record.get("error"):
        err = record["error"]
        out.append(
            f'<p class="error">{escape(str(err.get("type")))}: '
            f"{escape(str(err.get('message')))}</p>"
        )
    out.append(
        f'<p class="abstract">{highlight(record.get("abstract", ""), record.get("spans"))}</p>'
    )
    pred = record.get("summary") or {}
    gold = item.gold if item is not None else {}
    grounding = scores.get("grounding")
    ungrounded = set(grounding.missing) if isinstance(grounding, GroundingScore) else set()
    out.append(
        '<table class="side"><tr><th>field</th><th>gold</th><th>prediction</th><th>score</th></tr>'
    )
    for name in SHOWN_FIELDS:
        if name not in gold and name not in pred:
            continue
        has_gold = name in gold
        g = (
            _cell(name, gold.get(name), pred.get(name) or [], False, set())
            if has_gold
            else '<span class="muted">no gold</span>'
        )
        if has_gold and item is not None:
            g += _accept(item, name)
        p = _cell(name, pred.get(name), gold.get(name) if has_gold else None, True, ungrounded)
        s = escape(_score_text(scores[name])) if name in scores else ""
        out.append(f"<tr><th>{escape(name)}</th><td>{g}</td><td>{p}</td><td>{s}</td></tr>")
    if grounding is not None:
        out.append(
            f"<tr><th>grounding</th><td></td><td></td>"
            f"<td>{escape(_score_text(grounding))}</td></tr>"
        )
    out.append("</table></details>")
    return "\n".join(out)


_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
margin:2rem auto;max-width:1200px;padding:0 1rem;color:#1d1d1f;background:#fff}
h1{font-size:1.5rem;margin-bottom:.3rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}
th,td{padding:.3rem .5rem;border-bottom:1px solid #e3e3e6;text-align:left;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums}tr.main td{font-weight:600}
tr.other td{color:#555}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dt{color:#666}dd{margin:0}.muted{color:#888}.small{font-size:.85em}
.noise{color:#888}.up{color:#17743a}.down{color:#b3261e}
details.item{border:1px solid #e3e3e6;border-radius:6px;margin:.5rem 0;padding:.4rem .7rem}
details.item.failed{border-color:#e8a9a4;background:#fff8f7}details.item.partial{border-color:#e9cf8f;background:#fffcf3}summary{cursor:pointer}
.badge{font-size:.75em;padding:.1rem .4rem;border-radius:3px;background:#e6f2ea;color:#17743a}
.badge.failed{background:#fbe3e1;color:#b3261e}.badge.partial{background:#fdf1d6;color:#7a5200}.badge.cached{background:#eef0f7;color:#3b4a7a}
.chip{font-size:.75em;color:#555;background:#f3f3f5;border-radius:3px;padding:0 .3rem;
white-space:nowrap}.abstract{white-space:pre-wrap;background:#fafafa;padding:.6rem;border-radius:4px}
mark{padding:0 .1rem;border-radius:2px}mark.introduces{background:#cfe3ff}
mark.datasets{background:#c9f0d3}mark.results{background:#ffe8a8}mark.code_url{background:#ead7ff}
table.side th{width:9rem}table.side td{width:33%}ul{margin:0;padding-left:1.1rem}
li.hit::marker{content:"✓ ";color:#17743a}li.miss::marker{content:"✗ ";color:#b3261e}
li.missed::marker{content:"○ ";color:#b56a00}tr td:first-child{font-weight:600;color:#1d1d1f}
.ungrounded{text-decoration:underline wavy #b3261e}.error{color:#b3261e}
.legend mark{margin-right:.4rem}
"""


def html_report(run: EvalRun, baseline: Comparison | None = None) -> str:
    """``report.html``: one self-contained page."""
    name = escape(str(run.info.get("name")))
    head, grid = score_grid(run, baseline)
    out = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        f"<title>Eval run {name}</title><style>{_CSS}</style></head><body>",
        f"<h1>Eval run {name}</h1><dl>",
    ]
    out += [f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in overview(run, baseline)]
    out.append("</dl><h2>Scores</h2><table><tr>")
    out.append("".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>")
    for row, cells in grid:
        tds = []
        for col, cell in zip(head, cells, strict=True):
            cls = "num" if col in NUMERIC or col == head[-2] and baseline is not None else ""
            if col == "Δ" and row.baseline is not None:
                d = row.baseline
                cls += " noise" if d.noise else " up" if d.delta > 0 else " down"
            tds.append(f'<td class="{cls.strip()}">{escape(cell)}</td>')
        out.append(f'<tr class="{"main" if row.main else "other"}">{"".join(tds)}</tr>')
    out.append(f'</table><p class="muted small">{escape(CI_NOTE)}</p>')
    out += [
        f'<p class="small">Published: {escape(_published_note(p))}.</p>'
        for p in run.info.get("published") or []
    ]
    if run.info.get("failures"):
        out.append("<h2>Failures</h2><ul>")
        out += [
            f"<li><code>{escape(f['id'])}</code> {escape(f['type'])}: {escape(f['message'])}</li>"
            for f in run.info["failures"]
        ]
        out.append("</ul>")
    items = {i.id: i for i in run.items}
    marks = "".join(f'<mark class="{f}">{f}</mark>' for f in SPAN_FIELDS)
    out.append(f'<h2>Items</h2><p class="legend small">Grounded spans: {marks} · ✓ in gold · '
               '✗ not in gold · ○ gold item not predicted · <span class="ungrounded">not found '
               "in the abstract</span></p>")  # fmt: skip
    for record, scores in zip(run.records, run.scores, strict=True):
        out.append(_item_html(record, scores, items.get(record["id"])))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_reports(run: EvalRun, baseline: Comparison | None = None) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.html`` into the run folder; return their paths."""
    md, page = run.path / "report.md", run.path / "report.html"
    for path, text in ((md, markdown(run, baseline)), (page, html_report(run, baseline))):
        with atomic_file(path) as fh:
            fh.write(text)
    return md, page
