"""The batch runner: adaptive concurrency under 429s, and flat memory on a long input."""

from __future__ import annotations

import asyncio
import json
import tracemalloc

from summarizer.io.inputs import make_paper, read_papers
from summarizer.io.output import RecordWriter
from summarizer.records import new_record
from summarizer.run.pipeline import Pipeline
from summarizer.run.runner import MAX_FAILURES_KEPT, run_batch
from summarizer.settings.config import Settings

from .support.abstracts import ABSTRACT, answer
from .support.fake_openai import FakeOpenAI, Status
from .support.pipeline import settings_for


def papers(n: int) -> list:
    return [make_paper(f"{ABSTRACT} Variant {i}.", "t", None, None, 20_000) for i in range(n)]


class ScriptedPipeline:
    """Answers instantly; the first ``limited`` calls end rate limited. Tracks calls in flight."""

    def __init__(self, limited: int = 0, limiter=None) -> None:
        self.limited = limited
        self.calls = 0
        self.in_flight = 0
        self.violations: list[tuple[int, int]] = []
        self.limiter = limiter

    async def summarize(self, paper):
        self.calls += 1
        number = self.calls
        self.in_flight += 1
        if self.limiter is not None and self.in_flight > self.limiter.limit:
            self.violations.append((self.in_flight, self.limiter.limit))
        try:
            await asyncio.sleep(0)
            record = new_record(paper)
            record["meta"] = {"usage": {"prompt_tokens": 1, "completion_tokens": 1}}
            if number <= self.limited:
                record["error"] = {"type": "RateLimitError", "message": "429"}
            else:
                record["summary"] = {"tldr": "x"}
            return record
        finally:
            self.in_flight -= 1


def _batch(settings: Settings, items: list, writer=None, concurrency: int = 4):
    """The batch of ``items`` through a real pipeline on ``settings``: its stats."""

    async def go():
        async with Pipeline(settings) as pipeline:
            return await run_batch(pipeline, items, writer, concurrency=concurrency)

    return asyncio.run(go())


def test_rate_limited_records_lower_the_limit_and_successes_raise_it_again():
    from summarizer.run.limiter import AdaptiveLimiter

    limiter = AdaptiveLimiter(8, increase_after=4)
    pipeline = ScriptedPipeline(limited=1, limiter=limiter)
    stats = asyncio.run(run_batch(pipeline, papers(60), limiter=limiter))
    assert stats.done == 59 and stats.failed == 1
    assert stats.rate_limits == 1
    assert stats.lowest_concurrency == 4
    assert stats.final_concurrency == 8  # 59 successes raise it back to the ceiling
    assert pipeline.violations == []  # no call ever started above the limit


def test_a_429_the_client_retried_still_lowers_the_limit(tmp_path):
    replies = [Status(429, {"retry-after-ms": "10"})]
    with FakeOpenAI(replies, default=answer()) as server:
        stats = _batch(settings_for(server, tmp_path), papers(6), concurrency=4)
    assert stats.done == 6 and stats.failed == 0  # the client retried the 429 itself
    assert len(server.requests) == 7
    assert stats.rate_limits == 1
    assert stats.lowest_concurrency == 2


def test_an_endpoint_that_keeps_answering_429_fails_the_items_and_lowers_the_limit(tmp_path):
    with FakeOpenAI(default=Status(429, {"retry-after-ms": "5"})) as server:
        stats = _batch(settings_for(server, tmp_path), papers(6), concurrency=4)
    assert stats.failed == 6
    assert {f["type"] for f in stats.failures} == {"RateLimitError"}
    assert stats.rate_limits == len(server.requests)  # every 429, retried ones included
    assert len(server.requests) == 24  # each item: one try and the client's three retries
    # The first four were in flight together: their 429s halve the limit once (4 -> 2);
    # the last two start at the lowered limit, and the first of them halves it again.
    assert stats.lowest_concurrency == 1


def test_only_the_first_failures_are_kept_but_all_are_counted():
    count = MAX_FAILURES_KEPT + 50
    stats = asyncio.run(run_batch(ScriptedPipeline(limited=count), papers(count)))
    assert stats.failed == count
    assert len(stats.failures) == MAX_FAILURES_KEPT


def test_memory_stays_flat_over_a_long_streamed_input(tmp_path):
    """20,000 papers of ~2 kB: holding them or their records would take well over 40 MB."""
    n = 20_000
    source = tmp_path / "big.jsonl"
    filler = "x" * 2_000
    with source.open("w") as fh:
        for i in range(n):
            fh.write(json.dumps({"abstract": f"Paper {i}. {filler}"}) + "\n")
    out = tmp_path / "out.jsonl"

    async def go():
        writer = RecordWriter(out)
        try:
            return await run_batch(
                ScriptedPipeline(), read_papers([str(source)]), writer, concurrency=16
            )
        finally:
            writer.close()

    tracemalloc.start()
    try:
        stats = asyncio.run(go())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert stats.done == n
    with out.open() as fh:
        assert sum(1 for _ in fh) == n
    # What does grow: the sets of ids (reader's dedupe and writer's resume), ~200 B a paper.
    assert peak < 12_000_000, f"peak {peak / 1e6:.1f} MB"


def test_a_paper_whose_prompt_cannot_be_planned_fails_alone(tmp_path, monkeypatch):
    """Rendering and the rules run inside the per-paper boundary: one paper's failure there
    is its failed record, and the batch goes on."""
    import summarizer.run.pipeline as pipeline_module

    real_plan = pipeline_module.plan

    def plan(paper, *args, **kwargs):
        if "Variant 1." in paper.abstract:
            raise RuntimeError("a rule broke on this abstract")
        return real_plan(paper, *args, **kwargs)

    monkeypatch.setattr(pipeline_module, "plan", plan)
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default=answer()) as server:
        writer = RecordWriter(out)
        try:
            stats = _batch(settings_for(server, tmp_path, prompt="naive"), papers(3), writer, 2)
        finally:
            writer.close()
    assert (stats.done, stats.failed) == (2, 1)
    records = {r["abstract"][-10:]: r for r in map(json.loads, out.read_text().splitlines())}
    broken = records["Variant 1."]
    assert broken["error"]["type"] == "RuntimeError"
    assert "a rule broke" in broken["error"]["message"]
    assert broken["summary"] is None


def test_an_input_error_midway_is_raised_as_itself():
    """The run-level failure leaves the task group as the error it is, not a group."""
    from summarizer.errors import InputError

    def changing_input():
        yield from papers(3)
        raise InputError("in.jsonl changed while it was read")

    try:
        asyncio.run(run_batch(ScriptedPipeline(), changing_input(), concurrency=2))
    except InputError as exc:
        assert "changed while it was read" in str(exc)
    else:
        raise AssertionError("no error")


def test_a_failed_write_ends_the_run_with_the_writers_error(tmp_path):
    from summarizer.errors import OutputError

    class FullDisk(RecordWriter):
        def write(self, record):
            raise OutputError(f"cannot write {self.path}: No space left on device")

    writer = FullDisk(tmp_path / "out.jsonl")
    try:
        asyncio.run(run_batch(ScriptedPipeline(), papers(5), writer, concurrency=3))
    except OutputError as exc:
        assert "No space left" in str(exc)
    else:
        raise AssertionError("no error")
    finally:
        writer.close()


def test_stats_count_partial_records_and_only_this_runs_reasks():
    from summarizer.run.runner import BatchStats

    stats = BatchStats()
    ok = {"id": "a", "summary": {}, "error": None, "meta": {"attempts": 3}}
    cached = {"id": "b", "summary": {}, "error": None, "meta": {"attempts": 4, "cached": True}}
    partial = {
        "id": "c",
        "summary": {"tldr": "x"},
        "error": {"type": "PartialRecord", "message": "m", "fields": [{"field": "tldr"}]},
        "meta": {"attempts": 5},
    }
    failed = {"id": "d", "summary": None, "error": {"type": "E", "message": "m"}, "meta": {}}
    for record in (ok, cached, partial, failed):
        stats.add(record)
    assert (stats.done, stats.failed, stats.partial, stats.cached) == (2, 2, 1, 1)
    assert stats.reasks == 2 + 4  # the cached answer's 3 re-asks were another run's
