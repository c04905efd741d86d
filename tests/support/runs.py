"""Saved eval runs made from summaries given by the test, scored and written without an endpoint.

:data:`GOLD` is a gold summary whose prose holds markup, for tests of escaping.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from summarizer.evaluation.run import EvalRun, run_info, save_run, score_records
from summarizer.evaluation.scorers import SCORED_FIELDS
from summarizer.evaluation.suites import EvalItem
from summarizer.io.inputs import Paper
from summarizer.records import new_record
from summarizer.run.runner import BatchStats
from summarizer.schemas.paper_summary import PaperSummary, spans
from summarizer.settings.config import Settings
from summarizer.text import paper_id

ENDPOINT = "http://127.0.0.1:9/v1"

GOLD = {
    "tldr": "ImbSAM makes sharpness-aware minimization work for rare classes.",
    "problem": "Sharpness-aware minimization ignores <img src=x onerror=alert(1)> rare classes.",
    "contribution_types": ["method"],
    "introduces": ["ImbSAM"],
    "datasets": ["CIFAR-100", "ImageNet-LT"],
    "tasks": ["long-tailed classification"],
    "results": [{"value": "45.82%", "metric": "accuracy", "subject": "ImbSAM", "kind": "absolute"}],
    "domain": "computer_vision",
    "code_url": "https://github.com/x/imbsam",
    "keywords": ["long-tailed", "sharpness"],
}


def item(abstract: str, gold: dict[str, Any], title: str | None = None, **kw: Any) -> EvalItem:
    refs = {f: [gold[f]] for f in ("tldr", "problem") if f in gold}
    return EvalItem(
        id=paper_id(abstract),
        abstract=abstract,
        title=title,
        gold=gold,
        accept=kw.get("accept", {}),
        fields=tuple(f for f in SCORED_FIELDS if f in gold),
        references=kw.get("references", refs),
    )


def make_run(
    path: Path,
    entries: list[tuple[EvalItem, dict[str, Any] | None]],
    suite: str = "mini.jsonl",
    prompt: str = "default",
    partial: frozenset[int] = frozenset(),
) -> EvalRun:
    """A saved run from summaries given here (None: a failed item; an index in ``partial``:
    a partial record whose tldr never validated), without any endpoint."""
    items, records = [], []
    for index, (it, summary) in enumerate(entries):
        rec = new_record(Paper(id=it.id, abstract=it.abstract, title=it.title))
        rec["meta"] = {
            "attempts": 2,
            "cached": False,
            "dropped": [],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5},
        }
        if summary is None:
            rec["error"] = {"type": "BackendError", "message": "boom <script>x</script> | pipe"}
        else:
            rec["summary"] = summary
            model = PaperSummary.model_validate(summary)
            rec["spans"] = spans(model, it.abstract)
            if index in partial:
                rec["error"] = {
                    "type": "PartialRecord",
                    "message": "tldr never validated",
                    "fields": [{"field": "tldr", "reason": "copies a sentence of the abstract"}],
                }
        items.append(it)
        records.append(rec)
    return saved_run(path, items, records, suite=suite, prompt=prompt, model="m<1>", hash_="abc")


def saved_run(
    path: Path,
    items: list[EvalItem],
    records: list[dict[str, Any]],
    *,
    suite: str = "mini.jsonl",
    prompt: str = "default",
    model: str = "m",
    hash_: str | None = None,
) -> EvalRun:
    """The run of ``records`` (one per item, in order) scored, saved at ``path`` and returned;
    its prompt is ``prompt`` with template hash ``hash_`` (default: the prompt's first letters)."""
    scores = score_records(items, records)
    stats = BatchStats(seconds=1.0)
    for rec in records:
        stats.add(rec)
    meta = {
        "model": model,
        "endpoint": ENDPOINT,
        "mode": "json_schema",
        "prompt": {"id": f"{prompt}.v1", "name": prompt, "template_hash": hash_ or prompt[:4]},
        "schema": "paper_summary.v1",
    }
    info = run_info(
        name=path.name,
        suite=suite,
        settings=Settings(base_url=ENDPOINT),
        pipeline_meta=meta,
        items=items,
        records=records,
        item_scores=scores,
        stats=stats,
        created=datetime(2025, 1, 1, tzinfo=UTC),
    )
    run = EvalRun(path=path, info=info, records=records, scores=scores, items=items)
    save_run(run)
    return run
