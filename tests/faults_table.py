"""Run one batch through the fault proxy and tabulate what became of each item.

Each fault gets a *transient* item (the fault once, then the request passes) and a
*permanent* item (the fault on every request); ``clean`` items see no fault. The batch
runs through the real pipeline, runner and record writer into a JSONL file, then the
table counts, per fault: items sent, done, failed, lost (no record at all) and
duplicates (more than one record for an id).

Run it by hand for the table against the real local engine (slow on a busy machine)::

    python -m tests.faults_table --engine
    python -m tests.faults_table            # scripted upstream, a few seconds
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from summarizer.io.inputs import Paper, make_paper
from summarizer.io.output import RecordWriter, read_records
from summarizer.run.cache import ResultCache
from summarizer.run.pipeline import Pipeline
from summarizer.run.runner import run_batch
from summarizer.settings.config import Settings

from .faultproxy import FAULTS, Event, FaultProxy

# The faults of the table: every one but ``echo``, which the security suite uses, and the
# answers over the size cap, which fail at once and are never retried (test_faults.py).
OVERSIZE_FAULTS = ("endless", "huge")
TABLE_FAULTS = tuple(f for f in FAULTS if f not in {"echo", "bloat", *OVERSIZE_FAULTS})
REASK_PROMPT = (
    'name = "reask"\nversion = 1\nstrategy = "free"\nreask = true\nmax_retries = 2\n'
    'ground = "reask"\ngrammar = true\nsystem = "Summarize."\nuser = "{{ abstract }}"\n'
)


@dataclass
class Item:
    paper: Paper
    fault: str  # a fault name, or "clean"
    permanent: bool = False


@dataclass
class Outcome:
    items: list[Item]
    records: list[dict[str, Any]]
    events: list[Event]
    cache_entries: dict[str, Any]
    rows: list[dict[str, Any]] = field(default_factory=list)

    def record(self, item: Item) -> dict[str, Any]:
        (found,) = [r for r in self.records if r["id"] == item.paper.id]
        return found

    def requests(self, item: Item) -> list[Event]:
        return [e for e in self.events if e.marker == item.paper.id]

    def table(self) -> str:
        head = "| fault | items sent | done | failed | lost | duplicates |"
        lines = [head, "|---|---:|---:|---:|---:|---:|"]
        for row in self.rows:
            lines.append(
                f"| {row['fault']} | {row['sent']} | {row['done']} | {row['failed']} "
                f"| {row['lost']} | {row['duplicates']} |"
            )
        return "\n".join(lines)


def make_items(
    abstracts: list[str],
    transient: tuple[str, ...] = TABLE_FAULTS,
    permanent: tuple[str, ...] = TABLE_FAULTS,
    clean: int = 2,
) -> list[Item]:
    """Items whose ids are also their markers; ``abstracts`` are cycled through."""
    plan = [(f, False) for f in transient] + [(f, True) for f in permanent]
    plan += [("clean", False)] * clean
    items = []
    for n, (fault, always) in enumerate(plan):
        marker = f"Item{n:02d}"
        text = f"{abstracts[n % len(abstracts)]} (Reference {marker}.)"
        items.append(Item(make_paper(text, "faults", marker, None, 20_000), fault, always))
    return items


def run(
    items: list[Item],
    upstream: str,
    model: str,
    workdir: Path,
    *,
    prompt: str | None = None,
    mode: str = "json_schema",
    timeout: float = 2.0,
    hold: float = 3.0,
    retry_after: float = 1.0,
    concurrency: int = 8,
    inject: bool = True,
) -> Outcome:
    """Plan the faults (unless not ``inject``), run the batch into ``workdir/out.jsonl``
    through the proxy (resuming what is there), and count the outcome."""
    if prompt is None:
        prompt_file = workdir / "reask.v1.toml"
        prompt_file.write_text(REASK_PROMPT)
        prompt = str(prompt_file)
    out = workdir / "out.jsonl"
    with FaultProxy(upstream, hold=hold, retry_after=retry_after) as proxy:
        for item in items:
            if item.fault == "clean" or not inject:
                proxy.plan(item.paper.id)  # no fault; its requests are still logged
            elif item.permanent:
                proxy.plan(item.paper.id, then=item.fault)
            else:
                proxy.plan(item.paper.id, item.fault)
        settings = Settings(
            base_url=proxy.base_url,
            model=model,
            prompt=prompt,
            mode=mode,
            timeout=timeout,
            concurrency=concurrency,
            cache_dir=workdir / "cache",
        )

        async def go() -> None:
            writer = RecordWriter(out)
            try:
                async with Pipeline(settings) as pipeline:
                    await run_batch(
                        pipeline, [i.paper for i in items], writer, concurrency=concurrency
                    )
            finally:
                writer.close()

        asyncio.run(go())
        events = list(proxy.events)
    cache = ResultCache(workdir / "cache")
    store = cache._open()
    entries = {key: store[key] for key in store.iterkeys()}
    cache.close()
    outcome = Outcome(items, read_records(out), events, entries)
    outcome.rows = rows(outcome)
    return outcome


def rows(outcome: Outcome) -> list[dict[str, Any]]:
    counts = Counter(r["id"] for r in outcome.records)
    by_id = {r["id"]: r for r in outcome.records}
    table: dict[str, dict[str, Any]] = {}
    for item in outcome.items:
        label = item.fault
        row = table.setdefault(
            label, {"fault": label, "sent": 0, "done": 0, "failed": 0, "lost": 0, "duplicates": 0}
        )
        row["sent"] += 1
        record = by_id.get(item.paper.id)
        if record is None:
            row["lost"] += 1
            continue
        row["duplicates"] += counts[item.paper.id] - 1
        if record.get("error") or record.get("summary") is None:
            row["failed"] += 1
        else:
            row["done"] += 1
    return list(table.values())


def _main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="store_true", help="the real local engine upstream")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        if args.engine:
            from summarizer.engine.local import LocalEngine
            from summarizer.engine.model_file import bundled_model_path
            from summarizer.io.inputs import read_papers

            from .conftest import SEEDS

            models = workdir / "models-cache"
            bundled_model_path(models)
            seed = SEEDS / "000_89500ff302b6df21.txt"
            abstracts = [p.abstract for p in read_papers([str(seed)])][:4]
            # A permanent timeout costs four client timeouts, which on the engine must
            # exceed its slowest answer; the scripted run covers that case.
            permanent = tuple(f for f in TABLE_FAULTS if f not in {"timeout", "trickle"})
            items = make_items(abstracts, permanent=permanent, clean=1)
            with LocalEngine(models, startup_timeout=180) as engine:
                outcome = run(
                    items,
                    engine.base_url,
                    engine.model,
                    workdir,
                    prompt="default",
                    mode="json_object_schema",
                    timeout=120,
                    hold=121,
                    retry_after=2,
                    concurrency=1,
                )
        else:
            from .support.abstracts import ABSTRACT, answer
            from .support.fake_openai import FakeOpenAI

            with FakeOpenAI(default=answer()) as fake:
                outcome = run(make_items([ABSTRACT]), fake.base_url, "fake", workdir)
        print(outcome.table())
        for item in outcome.items:
            record = outcome.record(item)
            kind = "permanent" if item.permanent else "transient"
            reason = record["error"]["message"] if record["error"] else "ok"
            print(
                f"{item.paper.id} {item.fault} {kind}: {len(outcome.requests(item))} requests; "
                f"{reason}"
            )


if __name__ == "__main__":
    _main()
