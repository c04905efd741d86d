"""Crash and resume: ``kill -9`` and Ctrl-C mid-batch, then rerun into the same output.

The batch runs as ``python -m summarizer.cli summarize`` in a subprocess against a
scripted endpoint behind the fault proxy, which slows every answer down so that the
kill points (after 0, 3 and 7 finished records) are reached deterministically.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from summarizer.io.output import read_records
from summarizer.run.cache import ResultCache
from summarizer.schemas.paper_summary import PaperSummary

from .faultproxy import FaultProxy
from .faults_table import REASK_PROMPT
from .support.abstracts import ABSTRACT, answer
from .support.cli import run_cli, start_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit
from .support.processes import alive, children_of, interruptible

N = 12


@pytest.fixture
def endpoint():
    with FakeOpenAI(default=answer()) as upstream, FaultProxy(upstream.base_url, latency=0.25) as p:
        yield p


@pytest.fixture
def batch(tmp_path: Path, endpoint: FaultProxy) -> dict:
    inputs = tmp_path / "in.jsonl"
    abstracts = {f"Item{n:02d}": f"{ABSTRACT} (Reference Item{n:02d}.)" for n in range(N)}
    inputs.write_text(
        "".join(json.dumps({"id": k, "abstract": v}) + "\n" for k, v in abstracts.items())
    )
    prompt = tmp_path / "reask.v1.toml"
    prompt.write_text(REASK_PROMPT)
    args = [
        "summarize",
        str(inputs),
        "--base-url",
        endpoint.base_url,
        "--model",
        "fake",
        "--mode",
        "json_schema",
        "--prompt",
        str(prompt),
        "--concurrency",
        "2",
    ]
    return {"args": args, "cwd": tmp_path, "abstracts": abstracts, "out": tmp_path / "out.jsonl"}


def start(batch: dict, out: Path, cache: Path | None = None) -> subprocess.Popen[str]:
    """The batch into ``out``; Ctrl-C reaches it even when the suite runs in the background."""
    env = None if cache is None else {"SUMMARIZER_CACHE_DIR": str(cache)}
    return start_cli([*batch["args"], "-o", str(out)], batch["cwd"], env=env, sigint=True)


def lines_in(path: Path) -> int:
    return path.read_text().count("\n") if path.exists() else 0


def wait_until(check, proc: subprocess.Popen[str], within: float = 60) -> None:
    deadline = time.monotonic() + within
    while not check():
        assert proc.poll() is None, f"the batch ended early: {proc.communicate()}"
        assert time.monotonic() < deadline, "kill point not reached"
        time.sleep(0.02)


def check_final(out: Path, abstracts: dict[str, str]) -> list[dict]:
    """Exactly one valid, finished record per input id, and every line is whole JSON."""
    text = out.read_text()
    assert text.endswith("\n")
    records = [json.loads(line) for line in text.splitlines()]
    assert sorted(r["id"] for r in records) == sorted(abstracts)
    for record in records:
        assert record["error"] is None, record["error"]
        PaperSummary.model_validate(
            record["summary"], context={"abstract": abstracts[record["id"]]}
        )
    return records


def test_kill_9_at_several_points_then_rerun_gives_one_record_per_id(batch, endpoint):
    out = batch["out"]
    kept: list[dict] = []
    with time_limit(150):
        for point in (0, 3, 7):
            proc = start(batch, out)
            if point == 0:  # killed while the first requests are in flight
                wait_until(lambda: len(endpoint.events) > 0, proc)
            else:
                wait_until(lambda p=point: lines_in(out) >= p, proc)
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=30)
            assert proc.returncode == -signal.SIGKILL
            now = read_records(out)
            assert now[: len(kept)] == kept  # finished records survive every kill
            assert len({r["id"] for r in now}) == len(now)
            kept = now
            # A write cut short by the kill: half a record, no newline.
            with out.open("a") as fh:
                fh.write(json.dumps({"id": "Item11", "summary": {"tldr": "half"}})[:25])
        assert 3 <= len(kept) < N
        proc = start(batch, out)
        stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    final = check_final(out, batch["abstracts"])
    assert final[: len(kept)] == kept


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_exits_130_with_a_clean_message_and_a_consistent_output(batch, workers):
    out = batch["out"]
    if workers > 1:
        batch = {**batch, "args": [*batch["args"], "--workers", str(workers)]}
    with time_limit(90):
        proc = start(batch, out)
        wait_until(lambda: lines_in(out) >= 2, proc)
        workers_seen = children_of(proc.pid)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
        assert proc.returncode == 130, stderr
        assert "Interrupted" in stderr and "rerun to resume" in stderr
        assert "Traceback" not in stderr and "Error" not in stderr
        text = out.read_text()
        assert text == "" or text.endswith("\n")
        partial = [json.loads(line) for line in text.splitlines()]
        assert 2 <= len(partial) < N
        assert len({r["id"] for r in partial}) == len(partial)

        proc = start(batch, out)
        _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    final = check_final(out, batch["abstracts"])
    assert final[: len(partial)] == partial
    if workers > 1:  # no worker outlives the interrupted run
        assert len(workers_seen) == workers
        assert not [pid for pid in workers_seen if alive(pid)]


@pytest.fixture
def sigint_ignored():
    """This process ignores SIGINT, as a suite started in the background by a script does."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    yield
    signal.signal(signal.SIGINT, previous)


_REPORT_SIGINT = (
    "import signal; h = signal.getsignal(signal.SIGINT); "
    "print('ignored' if h is signal.SIG_IGN else 'default' "
    "if h is signal.default_int_handler else repr(h))"
)


@pytest.mark.usefixtures("sigint_ignored")
def test_a_background_suite_still_starts_children_that_ctrl_c_reaches() -> None:
    plain = subprocess.run([sys.executable, "-c", _REPORT_SIGINT], capture_output=True, text=True)
    assert plain.stdout.strip() == "ignored"  # what the Ctrl-C tests met in the background
    child = interruptible([sys.executable, "-c", _REPORT_SIGINT], stdout=subprocess.PIPE, text=True)
    stdout, _ = child.communicate(timeout=30)
    assert stdout.strip() == "default"
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # this process ignores it again


@pytest.mark.usefixtures("sigint_ignored")
@pytest.mark.parametrize("workers", [1, 2])
def test_an_inherited_ignored_sigint_is_honoured(batch, workers):
    """``nohup summarizer ... &``: a SIGINT does not stop the batch."""
    out = batch["out"]
    args = [*batch["args"], "-o", str(out)]
    if workers > 1:
        args += ["--workers", str(workers)]
    with time_limit(90):
        proc = start_cli(args, batch["cwd"])
        wait_until(lambda: lines_in(out) >= 2, proc)
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    assert "Interrupted" not in stderr
    check_final(out, batch["abstracts"])


def test_ctrl_c_before_the_first_record_leaves_no_output_file(batch, tmp_path):
    out = batch["out"]
    with (
        time_limit(90),
        FakeOpenAI(default=answer()) as upstream,
        FaultProxy(upstream.base_url, latency=10) as slow,
    ):
        args = list(batch["args"])
        args[args.index("--base-url") + 1] = slow.base_url
        proc = start({**batch, "args": args}, out)
        wait_until(lambda: len(slow.events) > 0, proc)  # a request in flight, no answer yet
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert "Interrupted" in stderr
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_two_processes_share_one_cache_without_corrupting_it(batch, endpoint, tmp_path):
    cache = tmp_path / "shared-cache"
    outs = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    with time_limit(90):
        procs = [start(batch, out, cache) for out in outs]
        results = [p.communicate(timeout=60) for p in procs]
        assert [p.returncode for p in procs] == [0, 0], results
        for out in outs:
            check_final(out, batch["abstracts"])

        store = ResultCache(cache)._open()  # the store as runs write it (JSON values)
        try:
            assert store.check() == []  # sqlite integrity and files agree
            assert len(store) == N
            for key in store.iterkeys():
                PaperSummary.model_validate(store[key]["summary"])
        finally:
            store.close()

        # A third run on the same cache is served from it alone: no request at all.
        before = len(endpoint.events)
        third = tmp_path / "c.jsonl"
        result = run_cli(
            [*batch["args"], "-o", str(third)],
            batch["cwd"],
            env={"SUMMARIZER_CACHE_DIR": str(cache)},
            timeout=60,
        )
        assert len(endpoint.events) == before
    assert result.returncode == 0, result.stderr
    records = check_final(third, batch["abstracts"])
    assert all(r["meta"]["cached"] for r in records)
