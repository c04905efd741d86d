"""What ``summarize`` tells the user as it runs: the engine start, the rate, what it wrote.

The embedded engine is replaced by a stand-in that serves the scripted loopback endpoint, so
these tests never load the model; the CLI, pipeline, cache and writer run unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from summarizer import cli
from summarizer.cli import progress, summary
from summarizer.run.runner import BatchStats

from .support.abstracts import ABSTRACT, answer
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit


class _StandInEngine:
    """Starts nothing: it points the connection at the scripted server."""

    started: list[str] = []

    def __init__(
        self, cache_dir: Path, model_path: Path | None, n_ctx: int, engine_model: str
    ) -> None:
        self.base_url, self.model = _StandInEngine.base_url, "fake"

    def start(self) -> _StandInEngine:
        _StandInEngine.started.append(self.base_url)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        pass


@pytest.fixture
def embedded(monkeypatch, tmp_path):
    """A run with no --base-url, whose private engine is the scripted server."""
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(tmp_path / "cache"))
    with FakeOpenAI(default=answer()) as server:
        _StandInEngine.base_url = server.base_url
        _StandInEngine.started = []
        monkeypatch.setattr("summarizer.backends.connection.LocalEngine", _StandInEngine)
        yield server


def _inputs(tmp_path: Path, n: int = 3) -> Path:
    path = tmp_path / "in.jsonl"
    lines = [json.dumps({"id": f"p{i}", "abstract": f"{ABSTRACT} ({i})"}) for i in range(n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _summarize(*args: str) -> Any:
    argv = ["summarize", *args, "--mode", "json_schema", "--prompt", "naive-grammar"]
    with time_limit(60):
        return CliRunner().invoke(cli.app, argv)


def test_starting_the_embedded_engine_is_said_before_the_first_answer(embedded, tmp_path):
    out = tmp_path / "out.jsonl"
    result = _summarize(str(_inputs(tmp_path)), "-o", str(out))
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    starting = [i for i, line in enumerate(lines) if line.startswith("starting the local engine")]
    ready = [i for i, line in enumerate(lines) if line.startswith("local engine ready in ")]
    assert len(starting) == 1 and len(ready) == 1, lines
    assert "qwen2.5-coder-0.5b-instruct" in lines[starting[0]]  # the model it loads
    assert starting[0] < ready[0] < lines.index(f"wrote 3 records to {out}")
    assert _StandInEngine.started == [embedded.base_url]


def test_a_cached_rerun_starts_no_engine_and_says_it_wrote_nothing(embedded, tmp_path):
    inputs, out = _inputs(tmp_path), tmp_path / "out.jsonl"
    assert _summarize(str(inputs), "-o", str(out)).exit_code == 0
    again = _summarize(str(inputs), "-o", str(out))
    assert again.exit_code == 0, again.output
    assert "starting the local engine" not in again.stderr
    assert f"wrote no records: all 3 were already in {out}" in again.stderr.splitlines()
    assert "wrote 3" not in again.stderr

    # Into a new output, every answer comes from the cache: still no engine.
    other = tmp_path / "other.jsonl"
    cached = _summarize(str(inputs), "-o", str(other))
    assert cached.exit_code == 0, cached.output
    assert "starting the local engine" not in cached.stderr
    assert f"wrote 3 records to {other} (3 from cache)" in cached.stderr.splitlines()
    assert len(_StandInEngine.started) == 1


@pytest.mark.parametrize(
    "stats, output, line",
    [
        pytest.param(
            BatchStats(done=1), Path("o.jsonl"), "wrote 1 record to o.jsonl", id="one-record"
        ),
        pytest.param(
            BatchStats(done=4, cached=2, failed=1, skipped=3),
            Path("o.jsonl"),
            "wrote 5 records to o.jsonl (2 from cache; 1 failed, rerun to retry; 3 already there)",
            id="mixed",
        ),
        pytest.param(BatchStats(), None, "wrote no records to standard output", id="empty"),
        pytest.param(
            BatchStats(skipped=1),
            Path("o.jsonl"),
            "wrote no records: the one asked for was already in o.jsonl",
            id="rerun-of-one",
        ),
        pytest.param(
            BatchStats(skipped=5),
            Path("out/seeds.jsonl"),
            "wrote no records: all 5 were already in out/seeds.jsonl",
            id="rerun",
        ),
    ],
)
def test_written_line(stats, output, line):
    assert summary.written(stats, output) == line


def _record(cached: bool) -> dict[str, Any]:
    return {"id": "x", "error": None, "meta": {"cached": cached}}


def test_the_rate_counts_only_items_that_were_not_cached(monkeypatch):
    clock = SimpleNamespace(now=100.0)
    monkeypatch.setattr(progress, "time", SimpleNamespace(monotonic=lambda: clock.now))
    bar, tick = progress.batch_progress("summarizing", 10)
    task = bar.tasks[0]
    rate = progress.RateColumn()
    assert rate.render(task).plain == "-- it/s"
    for _ in range(5):  # cache hits, all in the same instant
        tick(_record(cached=True))
    assert rate.render(task).plain == "-- it/s"  # not thousands of items a second
    clock.now += 4.0
    tick(_record(cached=False))
    assert rate.render(task).plain == "4.0 s/it"
    clock.now += 0.001
    tick(_record(cached=True))  # a hit between two answers adds neither time nor an item
    clock.now += 2.0
    tick(_record(cached=False))
    assert rate.render(task).plain == "3.0 s/it"
    for _ in range(10):
        clock.now += 0.1
        tick(_record(cached=False))
    assert rate.render(task).plain == "1.71 it/s"  # 12 answers in 7 seconds of work
    clock.now += progress.RATE_WINDOW + 1
    tick(_record(cached=False))  # the window has moved past the slow start
    assert rate.render(task).plain == f"{progress.RATE_WINDOW + 1:.1f} s/it"
