"""Running a suite: summarize its abstracts through the pipeline, score them, keep a run folder.

The abstracts go through the normal :class:`~summarizer.run.pipeline.Pipeline` (cache included),
so an eval run measures exactly what ``summarizer summarize`` would produce. A run folder::

    runs/<suite>-<prompt>-<timestamp>/
    ├── run.json           what ran and how it went: settings (no secrets), model, endpoint,
    │                      prompt id and template hash, schema id, counts, failures, re-asks,
    │                      tokens, wall time, and per-field scores with 95% bootstrap CIs
    ├── predictions.jsonl  one output record per item, in suite order
    ├── scores.jsonl       one line per item per field: the counts and the item's metrics
    ├── report.md          written by :mod:`summarizer.evaluation.report`
    └── report.html

``scores.jsonl`` keeps the raw counts, not only the metrics, so that a later comparison can
resample items and re-aggregate micro metrics correctly (:func:`load_run`).

A run is never resumed: it is written into a staging folder beside its run folder and takes
the folder's place once saved (:func:`~summarizer.evaluation.run_dir.staged`), so a rerun into
an existing run folder leaves the old run whole until then, also when it is stopped midway.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..io.inputs import Paper
from ..io.output import RecordWriter, read_records
from ..io.target import atomic_file
from ..run.pipeline import Pipeline
from ..run.runner import BatchStats, run_batch
from ..settings.config import Settings
from .run_dir import (
    PREDICTIONS_FILE,
    RUN_FILE,
    SCORES_FILE,
    check_run_dir,
    new_run_dir,
    staged,
    suite_slug,
)
from .run_scores import (
    BOOTSTRAP_RESAMPLES,
    CI_LEVEL,
    KINDS,
    MAIN_METRIC,
    item_metrics,
    kind_of,
    score_from_row,
    score_records,
    score_row,
    score_table,
)
from .scorers import ItemScore
from .suites import EvalItem, load_suite, published_reference

__all__ = [
    "BOOTSTRAP_RESAMPLES", "CI_LEVEL", "DEFAULT_RUNS_DIR", "KINDS", "MAIN_METRIC",
    "PREDICTIONS_FILE", "RUN_FILE", "SCORES_FILE", "EvalRun", "check_run_dir", "item_metrics",
    "kind_of", "load_run", "new_run_dir", "run_info", "run_suite", "save_run", "score_from_row",
    "score_records", "score_row", "score_table", "suite_slug",
]  # fmt: skip

DEFAULT_RUNS_DIR = Path("runs")


@dataclass
class EvalRun:
    """A scored run: what :func:`run_suite` returns and :func:`load_run` reads back.

    Attributes:
        path: The run folder.
        info: The content of ``run.json``.
        records: One output record per item, in suite order.
        scores: Per-field item scores, parallel to ``records``.
        items: The suite items (gold) when the run was made in this process; empty when
            loaded from disk.
    """

    path: Path
    info: dict[str, Any]
    records: list[dict[str, Any]]
    scores: list[dict[str, ItemScore]]
    items: list[EvalItem] = field(default_factory=list)

    @property
    def ids(self) -> list[str]:
        return [r["id"] for r in self.records]

    def scores_by_id(self) -> dict[str, dict[str, ItemScore]]:
        return dict(zip(self.ids, self.scores, strict=True))


def public_settings(settings: Settings) -> dict[str, Any]:
    """The settings as JSON, without anything that could hold a secret.

    ``Settings`` keeps only the *name* of the key's variable, never the key; the filter
    is here so that a setting added later cannot leak one into a run folder.
    """
    data = {**settings.model_dump(mode="json"), "base_url": settings.endpoint}
    secret = re.compile(r"key|secret|password|credential", re.IGNORECASE)
    return {k: v for k, v in data.items() if not secret.search(k) or k.endswith("_env")}


def items_hash(ids: Iterable[str]) -> str:
    """A short hash of the sorted item ids: two runs with the same hash scored the same items."""
    return hashlib.sha256("\n".join(sorted(ids)).encode()).hexdigest()[:16]


def run_info(
    *,
    name: str,
    suite: str,
    settings: Settings,
    pipeline_meta: dict[str, Any],
    items: Sequence[EvalItem],
    records: Sequence[dict[str, Any]],
    item_scores: Sequence[dict[str, ItemScore]],
    stats: BatchStats,
    created: datetime,
) -> dict[str, Any]:
    """The content of ``run.json``."""
    from .. import __version__

    metas = [r.get("meta") or {} for r in records]
    usage = {
        k: sum((m.get("usage") or {}).get(k, 0) for m in metas)
        for k in ("prompt_tokens", "completion_tokens")
    }
    n = len(records)
    return {
        "name": name,
        "suite": suite,
        "created": created.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "summarizer_version": __version__,
        **pipeline_meta,
        "settings": public_settings(settings),
        "fields": list(dict.fromkeys(f for item in items for f in item.fields)),
        "n_items": n,
        "items_hash": items_hash(r["id"] for r in records),
        "done": stats.done,
        "failed": stats.failed,
        "partial": stats.partial,  # of the failed: kept with the fields that validated
        "cached": stats.cached,
        # A cached answer keeps the attempts it took, so re-asks describe the prompt and
        # model, not whether this run hit the cache; tokens are what this run spent.
        "reasks": sum(max((m.get("attempts") or 0) - 1, 0) for m in metas),
        "dropped": sum(len(m.get("dropped") or ()) for m in metas),
        "tokens": {"prompt": stats.prompt_tokens, "completion": stats.completion_tokens},
        "answer_tokens": {
            "prompt": usage["prompt_tokens"],
            "completion": usage["completion_tokens"],
        },
        "wall_seconds": round(stats.seconds, 3),
        "seconds_per_abstract": round(stats.seconds / n, 3) if n else 0.0,
        "failures": stats.failures,
        "bootstrap": {"resamples": BOOTSTRAP_RESAMPLES, "level": CI_LEVEL, "seed": 0},
        "scores": score_table(item_scores),
        "published": [dataclasses.asdict(p) for p in published_reference(suite)],
    }


def _write_atomic(path: Path, text: str) -> None:
    with atomic_file(path) as fh:
        fh.write(text)


def save_run(run: EvalRun) -> None:
    """Write ``run.json``, ``predictions.jsonl`` (suite order) and ``scores.jsonl``."""
    run.path.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(r, ensure_ascii=False) + "\n" for r in run.records]
    _write_atomic(run.path / PREDICTIONS_FILE, "".join(lines))
    rows = [
        json.dumps(score_row(rid, name, score), ensure_ascii=False) + "\n"
        for rid, scores in zip(run.ids, run.scores, strict=True)
        for name, score in scores.items()
    ]
    _write_atomic(run.path / SCORES_FILE, "".join(rows))
    _write_atomic(run.path / RUN_FILE, json.dumps(run.info, indent=2, ensure_ascii=False) + "\n")


def load_run(path: str | Path) -> EvalRun:
    """Read a run folder back (without the gold; see :attr:`EvalRun.items`).

    Raises:
        InputError: when ``path`` is not a complete run folder.
    """
    path = Path(path)
    missing = [f for f in (RUN_FILE, PREDICTIONS_FILE, SCORES_FILE) if not (path / f).is_file()]
    if missing:
        raise InputError(
            f"{path} is not a run folder (no {', '.join(missing)}); pass a folder written by "
            "`summarizer eval`"
        )
    try:
        info = json.loads((path / RUN_FILE).read_text(encoding="utf-8"))
        rows = [
            json.loads(line)
            for line in (path / SCORES_FILE).read_text(encoding="utf-8").split("\n")
            if line.strip()
        ]
    except (ValueError, RecursionError) as exc:  # broken, too deep, a huge number
        raise InputError(f"{path}: run.json or scores.jsonl is not valid JSON ({exc})") from exc
    records = read_records(path / PREDICTIONS_FILE)
    by_id: dict[str, dict[str, ItemScore]] = {r["id"]: {} for r in records}
    for row in rows:
        if row.get("id") in by_id:
            by_id[row["id"]][row["field"]] = score_from_row(row)
    return EvalRun(path=path, info=info, records=records, scores=[by_id[r["id"]] for r in records])


def _distinct(items: Iterable[EvalItem]) -> list[EvalItem]:
    # The pipeline keys records by id, so an abstract listed twice is run (and scored) once.
    kept: dict[str, EvalItem] = {}
    for item in items:
        kept.setdefault(item.id, item)
    return list(kept.values())


async def arun_suite(
    suite: str,
    settings: Settings,
    *,
    out: Path | None = None,
    runs_dir: Path = DEFAULT_RUNS_DIR,
    limit: int | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> EvalRun:
    """Summarize, score and save one suite; see :func:`run_suite`."""
    items = _distinct(load_suite(suite))
    if limit is not None:
        items = items[:limit]
    if not items:
        raise InputError(f"suite {suite!r} has no items")
    if out is not None:
        check_run_dir(out)
    papers = [Paper(id=i.id, abstract=i.abstract, title=i.title) for i in items]
    created = datetime.now(UTC)
    done: dict[str, dict[str, Any]] = {}

    def collect(record: dict[str, Any]) -> None:
        done[record["id"]] = record
        if on_record is not None:
            on_record(record)

    with contextlib.ExitStack() as folder:
        async with Pipeline(settings) as pipeline:
            path = out or new_run_dir(runs_dir, suite, pipeline.prompt.name, created)
            stage = folder.enter_context(staged(path))
            writer = RecordWriter(stage / PREDICTIONS_FILE)
            try:
                stats = await run_batch(
                    pipeline, papers, writer, concurrency=settings.concurrency, on_record=collect
                )
            finally:
                writer.close()
            meta = {
                "model": pipeline.connection.model,
                "endpoint": pipeline.connection.endpoint,
                "mode": pipeline.connection.mode,
                "prompt": {
                    "id": pipeline.prompt.id,
                    "name": pipeline.prompt.name,
                    "template_hash": pipeline.prompt.template_hash,
                },
                "schema": pipeline.schema.id,
            }
        records = [done[i.id] for i in items]
        item_scores = score_records(items, records)
        info = run_info(
            name=path.name,
            suite=suite,
            settings=settings,
            pipeline_meta=meta,
            items=items,
            records=records,
            item_scores=item_scores,
            stats=stats,
            created=created,
        )
        run = EvalRun(path=path, info=info, records=records, scores=item_scores, items=items)
        save_run(dataclasses.replace(run, path=stage))
    return run


def run_suite(
    suite: str,
    settings: Settings,
    *,
    out: Path | None = None,
    runs_dir: Path = DEFAULT_RUNS_DIR,
    limit: int | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> EvalRun:
    """Summarize a suite's abstracts, score them, and write the run folder.

    Args:
        suite: A suite name or path, as :func:`~summarizer.evaluation.suites.load_suite`
            takes it.
        settings: The pipeline settings (endpoint, model, prompt, schema, cache, ...).
        out: The run folder; default ``runs_dir/<suite>-<prompt>-<UTC timestamp>``.
        runs_dir: Where default run folders go.
        limit: Run only the first ``limit`` items.
        on_record: Called with each output record as it finishes (progress).

    Returns:
        The saved run. Items whose summary failed are in it, scored as empty predictions,
        and counted in ``info["failed"]``.

    Raises:
        InputError: when the suite cannot be loaded or has no items.
    """
    return asyncio.run(
        arun_suite(suite, settings, out=out, runs_dir=runs_dir, limit=limit, on_record=on_record)
    )
