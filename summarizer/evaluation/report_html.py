"""``report.html``: the report's table, and a drill-down per item: the abstract with its
grounded spans marked, gold and prediction side by side, and the item's scores.

The page is one self-contained file: inline CSS, no script, no font, no network. Every text
that comes from an abstract, a gold record or a model answer is escaped with
:func:`html.escape`; marked spans are escaped segment by segment
(:mod:`summarizer.views.highlight`).
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..views.highlight import clipped, marks
from ..views.highlight import html as marked_html
from ..views.pages import render
from .compare import Comparison
from .report_rows import (
    CI_NOTE,
    NUMERIC,
    SHOWN_FIELDS,
    SPAN_FIELDS,
    main_score,
    overview,
    published_note,
    record_status,
    score_grid,
)
from .run import EvalRun
from .scorers import (
    GroundingScore,
    ItemScore,
    LabelScore,
    MatchScore,
    ResultScore,
    RougeScore,
    SetScore,
    item_key,
    value_key,
)
from .suites import EvalItem


def highlight(abstract: str, spans: dict[str, Any] | None) -> str:
    """The abstract as HTML, each grounded span in ``<mark class="FIELD">``.

    ``spans`` is a record's ``spans``: per field a ``[start, end]`` or a list of them
    (None for an item not found). Overlapping spans are clipped; every segment is escaped
    on its own, so a tag in the abstract stays text.
    """
    labels = {name: name for name in spans or {}}
    return marked_html(abstract, clipped(marks(spans, abstract, labels)), titled=True)


def _score_text(score: ItemScore) -> str:
    if isinstance(score, GroundingScore):
        text = f"{score.found}/{score.total} found"
        return text + ("; not found: " + ", ".join(score.missing) if score.missing else "")
    if isinstance(score, RougeScore):
        return f"R1 {score.rouge1:.2f} · R2 {score.rouge2:.2f} · RL {score.rougeL:.2f}"
    if isinstance(score, MatchScore):
        return "right" if score.correct else "wrong"
    if isinstance(score, ResultScore):
        return (
            f"F1 {score.f1:.2f} (tp {score.tp}, fp {score.fp}, fn {score.fn}); of the "
            f"{score.tp} matched: metric right {score.metric_tp}, subject right "
            f"{score.subject_tp}, both {score.full_tp}"
        )
    if isinstance(score, SetScore):
        text = f"F1 {score.f1:.2f} (tp {score.tp}, fp {score.fp}, fn {score.fn})"
        return text + (" exact" if isinstance(score, LabelScore) and score.exact else "")
    return ""


def _result_text(r: Any) -> tuple[str, str]:
    if not isinstance(r, dict):
        return str(r), ""
    extra = " · ".join(str(r[k]) for k in ("metric", "subject", "kind") if r.get(k))
    return str(r.get("value", "")), extra


def _cell(name: str, value: Any, other: Any, pred: bool, ungrounded: set[str]) -> dict:
    """One side of a field; list items are marked hit/miss against the other side."""
    if value is None or value == [] or value == "":
        return {"kind": "none", "text": "—"}
    if not isinstance(value, list):
        cls = "ungrounded" if pred and str(value) in ungrounded else ""
        return {"kind": "text", "cls": cls, "text": str(value)}
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
        items.append({"cls": " ".join(cls), "text": text, "extra": extra})
    return {"kind": "list", "items": items}


def _accept(item: EvalItem, name: str) -> dict:
    alts = item.accept.get(name) if name != "introduces" else item.accept.get("introduces_extra")
    if not alts:
        return {}
    text = "; ".join(", ".join(a) if isinstance(a, list) else str(a) for a in alts)
    label = "not counted against" if name == "introduces" else "also accepted"
    return {"accept_label": label, "accept": text}


def _item(record: dict[str, Any], scores: dict[str, ItemScore], item: EvalItem | None) -> dict:
    """What the page shows of one item: status, error, marked abstract, gold beside prediction."""
    pred = record.get("summary") or {}
    gold = item.gold if item is not None else {}
    grounding = scores.get("grounding")
    ungrounded = set(grounding.missing) if isinstance(grounding, GroundingScore) else set()
    fields = []
    for name in SHOWN_FIELDS:
        if name not in gold and name not in pred:
            continue
        has_gold = name in gold
        g = (
            _cell(name, gold.get(name), pred.get(name) or [], False, set())
            if has_gold
            else {"kind": "none", "text": "no gold"}
        )
        if has_gold and item is not None:
            g |= _accept(item, name)
        p = _cell(name, pred.get(name), gold.get(name) if has_gold else None, True, ungrounded)
        score = _score_text(scores[name]) if name in scores else ""
        fields.append({"name": name, "gold": g, "pred": p, "score": score})
    error = record.get("error")
    return {
        "status": record_status(record),
        "id": record["id"],
        "title": record.get("title") or record.get("abstract", "")[:100],
        "chips": [(n, main_score(s)) for n, s in scores.items()],
        "error": {"type": str(error.get("type")), "message": str(error.get("message"))}
        if error
        else None,
        "abstract": Markup(highlight(record.get("abstract", ""), record.get("spans"))),
        "fields": fields,
        "grounding": _score_text(grounding) if grounding is not None else None,
    }


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


def _cell_class(col: str, head: list[str], row: Any, baseline: Comparison | None) -> str:
    cls = "num" if col in NUMERIC or col == head[-2] and baseline is not None else ""
    if col == "Δ" and row.baseline is not None:
        d = row.baseline
        cls += " noise" if d.noise else " up" if d.delta > 0 else " down"
    return cls.strip()


def html_report(run: EvalRun, baseline: Comparison | None = None) -> str:
    """``report.html``: one self-contained page."""
    head, grid = score_grid(run, baseline)
    items = {i.id: i for i in run.items}
    return render(
        "summarizer.evaluation",
        "report.html.j2",
        name=str(run.info.get("name")),
        css=Markup(_CSS),
        overview=overview(run, baseline),
        head=head,
        rows=[
            {
                "cls": "main" if row.main else "other",
                "cells": [
                    (_cell_class(col, head, row, baseline), cell)
                    for col, cell in zip(head, cells, strict=True)
                ],
            }
            for row, cells in grid
        ],
        ci_note=CI_NOTE,
        published=[published_note(p) for p in run.info.get("published") or []],
        failures=run.info.get("failures") or [],
        span_fields=SPAN_FIELDS,
        items=[
            _item(record, scores, items.get(record["id"]))
            for record, scores in zip(run.records, run.scores, strict=True)
        ],
    )
