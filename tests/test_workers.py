"""``--workers``: papers summarized in child processes give the same records, and a child
that dies fails only the papers it held."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from summarizer.errors import ConfigError
from summarizer.io.inputs import make_paper
from summarizer.io.output import RecordWriter, read_records
from summarizer.run import workers
from summarizer.run.pipeline import Pipeline
from summarizer.run.runner import run_batch
from summarizer.run.workers import ProcessPipeline
from summarizer.settings.config import Settings

from .faultproxy import FaultProxy
from .faults_table import REASK_PROMPT
from .support.abstracts import ABSTRACT, answer
from .support.cli import CONSOLE_SCRIPT, endpoint_args, run_cli, start_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit
from .support.processes import children_of


def _papers(n: int) -> list:
    return [
        make_paper(f"{ABSTRACT} (Reference Item{i:02d}.)", "t", None, None, 20_000)
        for i in range(n)
    ]


def _settings(tmp_path: Path, base_url: str, concurrency: int) -> Settings:
    prompt = tmp_path / "reask.v1.toml"
    prompt.write_text(REASK_PROMPT)
    return Settings(
        base_url=base_url,
        model="fake",
        mode="json_schema",
        prompt=str(prompt),
        cache_dir=tmp_path / "cache",
        concurrency=concurrency,
    )


def _cli_args(tmp_path: Path, base_url: str, out: Path, *extra: str) -> list[str]:
    """The command that summarizes 8 papers into ``out`` with the re-ask prompt."""
    inputs = tmp_path / "in.jsonl"
    inputs.write_text("".join(json.dumps({"abstract": p.abstract}) + "\n" for p in _papers(8)))
    prompt = tmp_path / "reask.v1.toml"
    prompt.write_text(REASK_PROMPT)
    args = endpoint_args(base_url, mode="json_schema", prompt=str(prompt))
    return ["summarize", str(inputs), "-o", str(out), *args, "--no-cache", *extra]


def _batch(tmp_path: Path, base_url: str, out: Path, *extra: str) -> subprocess.CompletedProcess:
    """The 8 papers of :func:`_cli_args` summarized with concurrency 4."""
    args = _cli_args(tmp_path, base_url, out, "--concurrency", "4", *extra)
    return run_cli(args, tmp_path, timeout=120)


def test_two_workers_write_the_records_one_process_writes(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        one = _batch(tmp_path, server.base_url, tmp_path / "one.jsonl")
        two = _batch(tmp_path, server.base_url, tmp_path / "two.jsonl", "--workers", "2")
        assert len(server.requests) == 16
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    by_id = {r["id"]: r for r in read_records(tmp_path / "one.jsonl")}
    records = read_records(tmp_path / "two.jsonl")
    assert len(records) == len(by_id) == 8
    for record in records:
        assert record["error"] is None
        assert record["summary"] == by_id[record["id"]]["summary"]
        assert record["spans"] == by_id[record["id"]]["spans"]


@pytest.fixture(params=["fork", "spawn"])
def start(request, monkeypatch):
    """Both ways a child starts: forked from the parent (Linux, one thread) or a new
    interpreter (elsewhere, or when the parent already runs threads, as a test does)."""
    monkeypatch.setattr(workers, "_can_fork", lambda: request.param == "fork")
    return request.param


def test_on_a_terminal_the_workers_are_forked_before_the_progress_bar_starts(tmp_path):
    """A progress bar runs a thread; the CLI starts its workers first, so they are forked
    (they run the parent's program, not ``python -m summarizer.run.workers``)."""
    import pty

    with (
        FakeOpenAI(default=answer()) as upstream,
        FaultProxy(upstream.base_url, latency=0.5) as proxy,
        time_limit(90),
    ):
        out = tmp_path / "out.jsonl"
        args = _cli_args(tmp_path, proxy.base_url, out, "--concurrency", "2", "--workers", "2")
        leader, follower = pty.openpty()
        streams = {"stdin": follower, "stdout": follower, "stderr": follower}
        proc = start_cli(args, tmp_path, cold=True, **streams)  # its command line is checked
        os.close(follower)
        shown = b""
        try:
            children: list[int] = []
            while len(children) < 2 and proc.poll() is None:
                children = children_of(proc.pid)
                time.sleep(0.05)
            commands = [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in children]
            while proc.poll() is None:
                try:
                    shown += os.read(leader, 65536)  # keep the terminal drained
                except OSError:
                    break
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            os.close(leader)
    assert proc.returncode == 0, shown.decode(errors="replace")[-2000:]
    assert b"summarizing" in shown  # the progress bar was drawn on the terminal
    assert len(commands) == 2
    for command in commands:
        parent = [*CONSOLE_SCRIPT, *args]
        assert command.split(b"\0")[:-1] == [a.encode() for a in parent]  # the parent's program
    assert len(read_records(out)) == 8


def test_a_killed_worker_fails_only_the_papers_it_held_and_a_rerun_retries_them(tmp_path, start):
    papers = _papers(6)
    with (
        FakeOpenAI(default=answer()) as upstream,
        # every answer waits long enough that the kill lands first, on a loaded host too
        FaultProxy(upstream.base_url, latency=5.0) as proxy,
        time_limit(90),
    ):
        settings = _settings(tmp_path, proxy.base_url, concurrency=6)
        out = tmp_path / "out.jsonl"

        async def run_and_kill_worker_0() -> None:
            writer = RecordWriter(out)
            async with ProcessPipeline(settings, 2) as pipeline:
                kind = workers._Forked if start == "fork" else subprocess.Popen
                assert all(isinstance(c.process, kind) for c in pipeline._children)
                batch = asyncio.create_task(run_batch(pipeline, papers, writer, concurrency=6))
                while len(proxy.events) < 6:  # every paper is in flight, held by the proxy
                    await asyncio.sleep(0.05)
                os.kill(pipeline._children[0].process.pid, signal.SIGKILL)
                stats = await batch
            writer.close()
            assert (stats.done, stats.failed) == (3, 3)

        asyncio.run(run_and_kill_worker_0())
        records = read_records(out)
        assert sorted(r["id"] for r in records) == sorted(p.id for p in papers)
        failed = [r for r in records if r["error"]]
        assert len(failed) == 3
        for record in failed:
            assert record["error"]["type"] == "WorkerError"
            assert "worker process 0 stopped (exit code -9)" in record["error"]["message"]

        proxy.latency = 0.0

        async def rerun() -> None:
            writer = RecordWriter(out)
            async with Pipeline(settings) as pipeline:
                stats = await run_batch(pipeline, papers, writer, concurrency=6)
            writer.close()
            assert (stats.done, stats.skipped) == (3, 3)

        asyncio.run(rerun())
    records = read_records(out)
    assert sorted(r["id"] for r in records) == sorted(p.id for p in papers)
    assert all(r["error"] is None for r in records)


def test_papers_go_to_the_live_worker_when_one_is_gone(tmp_path, start):
    with FakeOpenAI(default=answer()) as server, time_limit(60):
        settings = _settings(tmp_path, server.base_url, concurrency=4)

        async def go() -> list:
            async with ProcessPipeline(settings, 2) as pipeline:
                gone = pipeline._children[1].process
                gone.kill()
                await asyncio.to_thread(gone.wait)
                deadline = time.monotonic() + 10
                while pipeline._children[1].alive and time.monotonic() < deadline:
                    await asyncio.sleep(0.02)
                return [await pipeline.summarize(p) for p in _papers(3)]

        records = asyncio.run(go())
    assert [r["error"] for r in records] == [None, None, None]


def test_workers_need_an_endpoint(tmp_path):
    with pytest.raises(ConfigError, match="--base-url"):
        ProcessPipeline(Settings(cache_dir=tmp_path), 2)


@pytest.mark.parametrize("prompt", ["default", "reask"])
def test_forked_workers_share_the_sentence_parser_the_parent_loads_for_them(
    tmp_path, monkeypatch, prompt
):
    """The rules of the default prompt parse sentences: the parent loads the parser once
    before it forks, instead of each child loading its own. A prompt without rules loads
    none."""
    from summarizer.rules import spacy_docs

    monkeypatch.setattr(workers, "_can_fork", lambda: True)
    spacy_docs.pipeline.cache_clear()
    with FakeOpenAI(default=answer()) as server, time_limit(60):
        settings = _settings(tmp_path, server.base_url, concurrency=2)
        if prompt == "default":
            settings = settings.model_copy(update={"prompt": "default"})

        async def go() -> tuple[int, list]:
            async with ProcessPipeline(settings, 2) as pipeline:
                loaded = spacy_docs.pipeline.cache_info().currsize
                return loaded, [await pipeline.summarize(p) for p in _papers(2)]

        loaded, records = asyncio.run(go())
    assert loaded == (1 if prompt == "default" else 0)
    assert len(records) == 2
