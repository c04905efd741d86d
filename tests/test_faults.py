"""The fault suite: timeouts, rate limits, server errors, dropped connections and broken
answers, injected by a proxy on loopback in front of a real HTTP endpoint.

Every item ends done or failed with a reason; none is lost or written twice; the
retries back off (and wait what Retry-After says); nothing invalid is cached.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.io.inputs import read_papers
from summarizer.run.pipeline import RESAMPLE_TEMPERATURES
from summarizer.schemas.paper_summary import PaperSummary

from .conftest import SEEDS
from .faults_table import Item, Outcome, make_items, run
from .support.abstracts import ABSTRACT, answer
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit

TRANSPORT = {"timeout", "trickle", "429", "500", "502", "503", "drop", "truncate"}
# The proxy sees a held or trickled request end only when it next writes, not when the
# client gives up: the gaps between such tries are not measurable from its log.
HELD = {"timeout", "trickle"}
RETRY_AFTER = 1.5  # well above the client's first backoff (0.375-0.5 s)


def _gaps(outcome: Outcome, item: Item) -> list[float]:
    """Seconds between the end of each request and the start of the next, for one item."""
    events = outcome.requests(item)
    return [b.started - a.ended for a, b in zip(events, events[1:], strict=False)]


def _check_done(outcome: Outcome, item: Item) -> dict:
    record = outcome.record(item)
    assert record["error"] is None, (item.fault, record["error"])
    abstract = item.paper.abstract
    PaperSummary.model_validate(record["summary"], context={"abstract": abstract})
    for field in ("introduces", "datasets"):
        for value, (start, end) in zip(
            record["summary"][field], record["spans"][field], strict=True
        ):
            assert abstract[start:end] == value
    return record


def _check_cache_holds_only_the_done(outcome: Outcome) -> None:
    done = [r for r in outcome.records if r["error"] is None]
    cached = sorted(
        json.dumps(v["summary"], sort_keys=True) for v in outcome.cache_entries.values()
    )
    assert cached == sorted(json.dumps(r["summary"], sort_keys=True) for r in done)
    for value in outcome.cache_entries.values():
        PaperSummary.model_validate(value["summary"])


@pytest.fixture(scope="module")
def scripted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Outcome, Outcome, Path]:
    """Every fault, once and for ever, then a rerun into the same output with no faults."""
    workdir = tmp_path_factory.mktemp("faults")
    items = make_items([ABSTRACT])
    with time_limit(120), FakeOpenAI(default=answer()) as upstream:
        first = run(
            items,
            upstream.base_url,
            "fake",
            workdir,
            timeout=1.5,
            hold=2.5,
            retry_after=RETRY_AFTER,
        )
        print("\n" + first.table())
        rerun = run(items, upstream.base_url, "fake", workdir, timeout=1.5, inject=False)
    return first, rerun, workdir


def test_no_item_is_lost_or_written_twice(scripted):
    first, _, _ = scripted
    assert {row["fault"] for row in first.rows} >= TRANSPORT | {"cut", "schema", "empty"}
    for row in first.rows:
        assert row["lost"] == 0 and row["duplicates"] == 0, row
        assert row["done"] + row["failed"] == row["sent"], row
    assert len(first.records) == len(first.items)


def test_a_transient_fault_is_retried_and_the_item_is_right(scripted):
    first, _, _ = scripted
    for item in first.items:
        if item.permanent:
            continue
        _check_done(first, item)
        faults = [e.fault for e in first.requests(item)]
        expected = ["pass"] if item.fault == "clean" else [item.fault, "pass"]
        assert faults == expected, (item.paper.id, faults)


def test_transport_retries_back_off_and_honour_retry_after(scripted):
    first, _, _ = scripted
    for item in first.items:
        if item.fault not in TRANSPORT - HELD:
            continue
        gaps = _gaps(first, item)
        if item.fault == "429":
            assert all(g >= RETRY_AFTER - 0.05 for g in gaps), gaps
        elif item.permanent:
            # Exponential backoff with jitter: 0.375-0.5 s, then 0.75-1 s, then 1.5-2 s
            # (compared with slack: a busy machine adds scheduling delay to any gap).
            assert gaps[0] >= 0.3 and gaps[-1] >= 1.4 and gaps[-1] > gaps[0] + 0.5, gaps
        else:
            assert gaps[0] >= 0.3, gaps


def test_a_permanent_fault_ends_as_a_failed_record_with_the_reason(scripted):
    first, _, _ = scripted
    expected = {
        "timeout": ("BackendError", "did not answer in time after 4 requests"),
        # bytes keep coming, each gap under the timeout: the deadline on the whole answer
        "trickle": ("BackendError", "did not answer in time after 4 requests"),
        "429": ("RateLimitError", "rate limited by the endpoint (HTTP 429"),
        "500": ("BackendError", "answered HTTP 500"),
        "502": ("BackendError", "answered HTTP 502"),
        "503": ("BackendError", "answered HTTP 503"),
        "drop": ("BackendError", "connection to the endpoint failed after 4 requests"),
        "truncate": ("BackendError", "broken response after 4 requests"),
        "cut": ("OutputValidationError", "Invalid JSON"),
        "schema": ("OutputValidationError", "tldr: Input should be a valid string"),
        "empty": ("OutputValidationError", "the model's answer was empty"),
    }
    for item in first.items:
        if not item.permanent:
            continue
        record = first.record(item)
        kind, fragment = expected[item.fault]
        assert record["summary"] is None
        assert record["error"]["type"] == kind, record["error"]
        assert fragment in record["error"]["message"], record["error"]
        assert "Traceback" not in record["error"]["message"]
        # Transport faults: the first request and the client's 3 retries; answers that
        # never validate: the first answer, 2 re-asks and the sampled tries.
        tries = 3 + len(RESAMPLE_TEMPERATURES) if kind == "OutputValidationError" else 4
        assert len(first.requests(item)) == tries, item.fault


def test_nothing_invalid_enters_the_cache(scripted):
    first, _, _ = scripted
    _check_cache_holds_only_the_done(first)
    assert len(first.cache_entries) == sum(1 for i in first.items if not i.permanent)


def test_rerun_into_the_same_output_retries_only_the_failed(scripted):
    first, rerun, workdir = scripted
    ids = [r["id"] for r in rerun.records]
    assert sorted(ids) == sorted(i.paper.id for i in rerun.items)  # one record per id
    for item in rerun.items:
        _check_done(rerun, item)
        sent = len(rerun.requests(item))
        assert sent == (1 if item.permanent else 0), (item.paper.id, sent)
    kept = [r for r in first.records if r["error"] is None]
    assert rerun.records[: len(kept)] == kept
    _check_cache_holds_only_the_done(rerun)


@pytest.mark.engine
def test_faults_in_front_of_the_real_engine(tmp_path, engine):
    """Rate limit and schema failure once (retried, then answered by the engine), server
    error and truncated body for ever (failed): two engine answers, bounded."""
    seed = SEEDS / "000_89500ff302b6df21.txt"
    abstracts = [p.abstract for p in read_papers([str(seed)])][:2]
    items = make_items(
        abstracts, transient=("429", "schema"), permanent=("503", "truncate"), clean=0
    )
    with time_limit(900):
        outcome = run(
            items,
            engine.base_url,
            engine.model,
            tmp_path,
            prompt="default",
            mode="json_object_schema",
            timeout=300,
            retry_after=1,
            concurrency=1,
        )
    print("\n" + outcome.table())
    for row in outcome.rows:
        assert row["lost"] == 0 and row["duplicates"] == 0, row
    for item in items:
        if item.permanent:
            assert outcome.record(item)["error"]["type"] == "BackendError"
        else:
            record = _check_done(outcome, item)
            assert record["meta"]["usage"]["completion_tokens"] > 0
            assert outcome.requests(item)[0].fault == item.fault
    _check_cache_holds_only_the_done(outcome)
    assert len(outcome.cache_entries) == 2


def _summarize_all(settings, markers: list[str]) -> list[dict]:
    import asyncio

    from summarizer.io.inputs import make_paper
    from summarizer.run.pipeline import Pipeline
    from summarizer.run.runner import run_batch

    papers = [make_paper(f"{ABSTRACT} (Reference {m}.)", "t", m, None, 20_000) for m in markers]
    records: list[dict] = []

    async def go() -> None:
        async with Pipeline(settings) as pipeline:
            await run_batch(pipeline, papers, concurrency=2, on_record=records.append)

    asyncio.run(go())
    return sorted(records, key=lambda r: r["id"])


def _settings(base_url: str, tmp_path: Path, mode: str = "json_schema"):
    from summarizer.settings.config import Settings

    from .faults_table import REASK_PROMPT

    prompt = tmp_path / "reask.v1.toml"
    prompt.write_text(REASK_PROMPT)
    return Settings(
        base_url=base_url,
        model="fake",
        prompt=str(prompt),
        mode=mode,
        timeout=2,
        cache_dir=tmp_path / "cache",
    )


def test_endpoint_failing_during_the_sampled_retry_fails_one_item(tmp_path):
    """Invalid answers through the re-asks, then the endpoint goes down for the sampled try."""
    from .faultproxy import FaultProxy

    with time_limit(60), FakeOpenAI(default=answer()) as upstream:
        with FaultProxy(upstream.base_url) as proxy:
            proxy.plan("Bad", "schema", "schema", "schema", then="503")
            records = _summarize_all(_settings(proxy.base_url, tmp_path), ["Bad", "Good"])
    bad, good = records
    assert bad["error"]["type"] == "OutputValidationError", bad["error"]
    assert good["error"] is None


def test_an_unexpected_error_in_one_item_does_not_end_the_batch(tmp_path, monkeypatch):
    from summarizer.backends.openai_compat import OpenAICompatBackend

    real = OpenAICompatBackend.generate

    async def flaky(self, request):
        if "Boom" in request.messages[-1]["content"]:
            raise RuntimeError("a bug somewhere below the pipeline")
        return await real(self, request)

    monkeypatch.setattr(OpenAICompatBackend, "generate", flaky)
    with time_limit(60), FakeOpenAI(default=answer()) as upstream:
        records = _summarize_all(_settings(upstream.base_url, tmp_path), ["Boom", "Fine", "Okay"])
    boom, fine, okay = records
    assert boom["error"] == {
        "type": "RuntimeError",
        "message": "unexpected error: a bug somewhere below the pipeline",
    }
    assert fine["error"] is None and okay["error"] is None


def _peak_rss_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# json_schema: the first request goes out on the direct aiohttp path; json: through the SDK
@pytest.mark.parametrize("mode", ["json_schema", "json"])
@pytest.mark.parametrize("fault", ["endless", "huge"])
def test_an_answer_over_the_size_cap_fails_its_item_unread_and_is_not_retried(
    tmp_path, fault, mode
):
    """A chunked body that never ends, and one that declares 100 MB: reading stops at the
    8 MB cap (the declared one before any of it), the item fails at once, the rest is done."""
    from .faultproxy import FaultProxy

    before = _peak_rss_mb()
    with time_limit(60), FakeOpenAI(default=answer()) as upstream:
        with FaultProxy(upstream.base_url) as proxy:
            proxy.plan("Big", then=fault)
            records = _summarize_all(_settings(proxy.base_url, tmp_path, mode), ["Big", "Good"])
            tries = proxy.requests_for("Big")
    big, good = records
    assert big["error"]["type"] == "BackendError", big["error"]
    assert "answer is over 8 MB" in big["error"]["message"], big["error"]
    assert len(tries) == 1
    assert good["error"] is None
    # Loosely: a body read whole (or 100 MB read at all) would show here.
    assert _peak_rss_mb() - before < 80


@pytest.mark.parametrize("mode", ["json_schema", "json", "md_json", "tools"])
def test_a_reask_echoes_only_the_start_of_a_huge_invalid_answer(tmp_path, mode):
    """A 1 MB invalid answer (under the cap) is re-asked with its first 8,000 characters."""
    from summarizer.backends.bounds import MAX_ECHO_CHARS

    bloated = '{"tldr": "' + "x" * 1_000_000
    with time_limit(60), FakeOpenAI([bloated, bloated, answer()]) as server:
        (record,) = _summarize_all(_settings(server.base_url, tmp_path, mode), ["Bloat"])
    assert len(server.requests) >= 2, record["error"]
    first = len(json.dumps(server.requests[0]["messages"]))
    for later in server.requests[1:]:
        assert len(json.dumps(later["messages"])) < first + 3 * MAX_ECHO_CHARS, mode
    echoed = json.dumps(server.requests[1]["messages"])
    assert '{\\"tldr\\": \\"xxxx' in echoed and "1,000,010 characters in all" in echoed
    if mode != "tools":  # instructor's tools mode takes no plain answer
        assert record["error"] is None and record["meta"]["attempts"] == 3


def test_the_failure_message_counts_the_attempts_that_meta_counts(tmp_path):
    """Three greedy answers (the first and two re-asks), then two sampled tries: five."""
    from .faultproxy import SCHEMA_FAILURE

    with time_limit(60), FakeOpenAI(default=SCHEMA_FAILURE) as server:
        (record,) = _summarize_all(_settings(server.base_url, tmp_path), ["Never"])
    assert len(server.requests) == 3 + len(RESAMPLE_TEMPERATURES)
    assert record["meta"]["attempts"] == len(server.requests)
    assert record["error"]["message"].startswith(f"no valid answer after {len(server.requests)} ")


def test_the_library_raises_the_count_the_record_has(tmp_path):
    from summarizer import summarize
    from summarizer.errors import OutputValidationError

    from .faultproxy import SCHEMA_FAILURE

    settings = _settings("http://127.0.0.1:9/v1", tmp_path)
    with time_limit(60), FakeOpenAI(default=SCHEMA_FAILURE) as server:
        with pytest.raises(OutputValidationError) as caught:
            summarize(ABSTRACT, settings.model_copy(update={"base_url": server.base_url}))
    sent = len(server.requests)
    assert caught.value.attempts == sent == 3 + len(RESAMPLE_TEMPERATURES)
    assert str(caught.value).startswith(f"no valid answer after {sent} attempts: ")


def test_a_trickled_answer_times_out_in_the_library_too(tmp_path):
    """One byte every 0.3 s with a 1 s timeout: four deadlines and the backoffs between."""
    import time

    from summarizer import summarize
    from summarizer.errors import BackendError

    from .faultproxy import FaultProxy

    with time_limit(60), FakeOpenAI(default=answer()) as upstream:
        with FaultProxy(upstream.base_url) as proxy:
            proxy.plan("Reference", then="trickle")
            settings = _settings(proxy.base_url, tmp_path).model_copy(update={"timeout": 1.0})
            started = time.monotonic()
            with pytest.raises(BackendError, match="did not answer in time after 4 requests"):
                summarize(f"{ABSTRACT} (Reference 1.)", settings)
            took = time.monotonic() - started
    assert took < 30, took  # about 4 s of deadlines and 3.5 s of backoff
