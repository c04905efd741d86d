"""``summarizer summarize --ray`` on a real local Ray instance (2 CPUs), against the loopback
fast server: the same records as a plain run, Parquet in and out, resume after the driver is
killed, an actor killed mid-run, a row that fails, the README's example, and no Ray process
left behind.

One Ray instance serves the module (``ray start --head --block`` under a fresh temporary
folder, on loopback); each run is the CLI in a subprocess connected to it by ``RAY_ADDRESS``,
with a timeout that fires even when a Ray call blocks. One test runs without
``RAY_ADDRESS``, so that the CLI starts and stops a local instance of its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from bench.run import synthetic_papers
from summarizer.scale.session import instance_pids, kill_instance

from .conftest import REPO, SEEDS
from .slow_fast_server import GARBAGE, SlowServer
from .support.cli import cli_env, run_cli, start_cli

PATTERN = str(SEEDS / "*.txt")
RUN_TIMEOUT = 150


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """``ray start --head --block`` under ``temp`` (a short path), stopped by :meth:`stop`."""

    def __init__(self) -> None:
        self.temp = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
        port = _free_port()
        self.address = f"127.0.0.1:{port}"
        #: The instance's own token: nothing is read from or written to ~/.ray.
        self.auth = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
        env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_TMPDIR": str(self.temp)}
        env.pop("RAY_ADDRESS", None)
        env.update(self.auth)
        self.log = self.temp / "start.log"
        self.proc = subprocess.Popen(
            [
                sys.executable, "-m", "ray.scripts.scripts", "start", "--head", "--block",
                f"--port={port}", "--num-cpus=2", "--node-ip-address=127.0.0.1",
                f"--temp-dir={self.temp}", "--include-dashboard=false", "--disable-usage-stats",
                f"--dashboard-agent-listen-port={_free_port()}",
            ],
            env=env,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 90
        while "Ray runtime started" not in self.log.read_text(errors="replace"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"ray start failed:\n{self.log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)

    def actor_pids(self) -> list[int]:
        found = []
        for pid in instance_pids(self.temp):
            try:
                if b"SummarizeBatch" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(pid)
            except OSError:
                continue
        return found

    def stop(self) -> None:
        """SIGTERM to ``ray start`` and every process of the instance, SIGKILL to what is left
        after 10 s; then wait until none runs."""
        for pid in [self.proc.pid, *instance_pids(self.temp)]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while (self.proc.poll() is None or instance_pids(self.temp)) and (
            time.monotonic() < deadline
        ):
            time.sleep(0.2)
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        kill_instance(self.temp)
        deadline = time.monotonic() + 10
        while instance_pids(self.temp) and time.monotonic() < deadline:
            time.sleep(0.1)


@pytest.fixture(scope="module")
def cluster():
    started = Cluster()
    try:
        yield started
    finally:
        started.stop()
        shutil.rmtree(started.temp, ignore_errors=True)


@pytest.fixture(scope="module")
def server():
    with SlowServer() as running:
        yield running


@pytest.fixture(scope="module")
def slow_server():
    with SlowServer(latency=0.05) as running:
        yield running


def write_input(path: Path, n: int, *extra: dict) -> dict[str, str]:
    rows = [
        {"id": f"p{i:04d}", "abstract": p.abstract, **({"title": f"Paper {i}"} if i % 2 else {})}
        for i, p in enumerate(synthetic_papers(PATTERN, n))
    ]
    rows += list(extra)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return {r["id"]: r["abstract"] for r in rows}


def ray_env(tmp_path: Path, cluster: Cluster | None, cache: str = "cache") -> dict[str, str | None]:
    """What a run adds to the CLI's environment: its cache, and the cluster (or none)."""
    env: dict[str, str | None] = {"SUMMARIZER_CACHE_DIR": str(tmp_path / cache)}
    env["RAY_ADDRESS"] = None if cluster is None else cluster.address
    return env | (cluster.auth if cluster is not None else {})


def command(inputs: Path, out: Path, base_url: str, *more: str) -> list[str]:
    return [
        "summarize", str(inputs), "-o", str(out),
        "--base-url", base_url, "--model", "fast", "--concurrency", "4", *more,
    ]  # fmt: skip


def run(args: list[str], env: dict[str, str | None]) -> subprocess.CompletedProcess[str]:
    return run_cli(args, REPO, env=env, timeout=RUN_TIMEOUT)


def records_of(path: Path) -> list[dict]:
    text = path.read_text()
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def compared(record: dict) -> tuple:
    return (record["summary"], record["error"], record["spans"], record["title"])


def one_each(out: Path, ids) -> dict[str, dict]:
    records = records_of(out)
    got = [r["id"] for r in records]
    assert sorted(got) == sorted(ids), "an id lost or written twice"
    return {r["id"]: r for r in records}


def test_500_rows_on_ray_give_the_records_of_a_plain_run(cluster, server, tmp_path):
    inputs = tmp_path / "in.jsonl"
    ids = write_input(inputs, 500)
    plain = run(command(inputs, tmp_path / "plain.jsonl", server.base_url), ray_env(tmp_path, None))
    assert plain.returncode == 0, plain.stderr
    began = time.monotonic()
    on_ray = run(
        command(inputs, tmp_path / "ray.jsonl", server.base_url, "--ray", "--ray-actors", "2"),
        ray_env(tmp_path, cluster, cache="ray-cache"),
    )
    seconds = time.monotonic() - began
    assert on_ray.returncode == 0, on_ray.stderr
    expected = one_each(tmp_path / "plain.jsonl", ids)
    got = one_each(tmp_path / "ray.jsonl", ids)
    assert {k: compared(v) for k, v in got.items()} == {k: compared(v) for k, v in expected.items()}
    assert not any(r["meta"]["cached"] for r in got.values())
    assert "wrote 500 records" in on_ray.stderr
    print(f"500 rows on Ray (2 actors): {seconds:.1f} s")

    again = run(
        command(inputs, tmp_path / "ray.jsonl", server.base_url, "--ray"),
        ray_env(tmp_path, cluster, cache="ray-cache"),
    )
    assert again.returncode == 0, again.stderr
    assert "all 500 were already in" in again.stderr
    assert len(records_of(tmp_path / "ray.jsonl")) == 500


def test_a_failing_row_is_a_failed_record_and_a_rerun_retries_only_it(cluster, server, tmp_path):
    inputs = tmp_path / "in.jsonl"
    garbage = {
        "id": "garbage",
        "abstract": f"{next(synthetic_papers(PATTERN, 1)).abstract} {GARBAGE}",
    }
    ids = write_input(inputs, 20, garbage, {"id": "short", "abstract": "Too short."})
    out = tmp_path / "out.jsonl"
    args = command(inputs, out, server.base_url, "--ray")
    done = run(args, ray_env(tmp_path, cluster))
    assert done.returncode == 3, done.stderr
    records = one_each(out, ids)
    assert records["garbage"]["error"]["type"] == "OutputValidationError"
    assert records["short"]["error"]["type"] == "InputError"
    assert sum(r["error"] is None for r in records.values()) == 20
    assert "2 failed, rerun to retry" in done.stderr

    again = run(args, ray_env(tmp_path, cluster))
    assert again.returncode == 3, again.stderr
    assert "wrote 2 records" in again.stderr and "20 already there" in again.stderr
    one_each(out, ids)


def test_parquet_in_and_a_folder_of_parts_out_as_a_plain_run_writes(cluster, server, tmp_path):
    from summarizer.io.parquet import read_parquet_records

    jsonl = tmp_path / "in.jsonl"
    garbage = {
        "id": "garbage",
        "abstract": f"{next(synthetic_papers(PATTERN, 1)).abstract} {GARBAGE}",
    }
    ids = write_input(jsonl, 60, garbage)
    plain_out = tmp_path / "plain.parquet"
    plain = run(command(jsonl, plain_out, server.base_url), ray_env(tmp_path, None))
    assert plain.returncode == 3, plain.stderr
    # The plain run's output is a Parquet input too: id, title and abstract by column name.
    parts = tmp_path / "parts"
    args = command(plain_out, parts, server.base_url, "--ray")
    args[args.index(str(parts))] = f"{parts}/"
    done = run(args, ray_env(tmp_path, cluster, cache="ray-cache"))
    assert done.returncode == 3, done.stderr
    expected = {r["id"]: compared(r) for r in read_parquet_records(plain_out)}
    got = read_parquet_records(parts)
    assert sorted(r["id"] for r in got) == sorted(ids)
    assert {r["id"]: compared(r) for r in got} == expected
    assert list(parts.glob("*.parquet"))

    again = run(args, ray_env(tmp_path, cluster, cache="ray-cache"))
    assert again.returncode == 3, again.stderr
    assert "wrote 1 record" in again.stderr and "60 already there" in again.stderr
    assert sorted(r["id"] for r in read_parquet_records(parts)) == sorted(ids)


def wait_for_lines(out: Path, n: int, proc: subprocess.Popen, within: float = 140) -> None:
    # bounded below RUN_TIMEOUT, with room for a loaded machine
    deadline = time.monotonic() + within
    while not out.exists() or out.read_text().count("\n") < n:
        assert proc.poll() is None, f"the run ended early: {proc.communicate()}"
        assert time.monotonic() < deadline, "kill point not reached"
        time.sleep(0.05)


def start(args: list[str], env: dict[str, str | None]) -> subprocess.Popen[str]:
    proc = start_cli(args, REPO, env=env)
    timer = threading.Timer(RUN_TIMEOUT, proc.kill)  # bounded even if a Ray call blocks
    timer.daemon = True
    timer.start()
    return proc


def test_driver_killed_with_sigkill_then_rerun_completes(cluster, slow_server, tmp_path):
    inputs = tmp_path / "in.jsonl"
    ids = write_input(inputs, 200)
    out = tmp_path / "out.jsonl"
    args = command(inputs, out, slow_server.base_url, "--ray", "--concurrency", "2")
    proc = start(args, ray_env(tmp_path, cluster))
    try:
        wait_for_lines(out, 30, proc)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    before = len(records_of_whole(out))
    assert 30 <= before < 200
    done = run(args, ray_env(tmp_path, cluster))
    assert done.returncode == 0, done.stderr
    records = one_each(out, ids)
    assert all(r["error"] is None for r in records.values())
    assert f"{before} already there" in done.stderr


def records_of_whole(path: Path) -> list[dict]:
    """The whole lines of a file a killed run may have cut short."""
    lines = path.read_text().split("\n")[:-1]
    return [json.loads(line) for line in lines]


def test_an_actor_killed_mid_run_loses_and_doubles_nothing(cluster, slow_server, tmp_path):
    inputs = tmp_path / "in.jsonl"
    ids = write_input(inputs, 200)
    out = tmp_path / "out.jsonl"
    args = command(inputs, out, slow_server.base_url, "--ray", "--concurrency", "2")
    proc = start(args, ray_env(tmp_path, cluster))
    wait_for_lines(out, 20, proc)
    actors = cluster.actor_pids()
    assert actors, "no actor process found"
    os.kill(actors[0], signal.SIGKILL)
    stdout, stderr = proc.communicate(timeout=RUN_TIMEOUT)
    assert proc.returncode == 0, stderr
    records = one_each(out, ids)
    assert all(r["error"] is None for r in records.values())


def test_without_ray_address_the_run_starts_and_stops_its_own_instance(server, tmp_path):
    inputs = tmp_path / "in.jsonl"
    ids = write_input(inputs, 20)
    out = tmp_path / "out.jsonl"
    root = Path(tempfile.mkdtemp(prefix="rl-", dir="/tmp"))
    try:
        env = {**ray_env(tmp_path, None), "RAY_TMPDIR": str(root)}
        done = run(command(inputs, out, server.base_url, "--ray", "--ray-actors", "1"), env)
        assert done.returncode == 0, done.stderr
        one_each(out, ids)
        assert list(root.iterdir()) == [], "the run left its Ray folder behind"
        assert instance_pids(root) == []
    finally:
        kill_instance(root)
        shutil.rmtree(root, ignore_errors=True)


def test_after_a_killed_driver_its_instance_is_found_by_its_folder_and_a_rerun_completes(
    slow_server, tmp_path
):
    """Without RAY_ADDRESS a driver killed outright cannot stop its own instance; what is
    left of it (Ray's agents can outlive their raylet for a minute) is found by its folder,
    the next local run kills it and removes the folder, and completes the output."""
    inputs = tmp_path / "in.jsonl"
    ids = write_input(inputs, 80)
    out = tmp_path / "out.jsonl"
    root = Path(tempfile.mkdtemp(prefix="rk-", dir="/tmp"))
    env = {**ray_env(tmp_path, None), "RAY_TMPDIR": str(root)}
    args = command(inputs, out, slow_server.base_url, "--ray", "--concurrency", "1")
    try:
        proc = start(args, env)
        try:
            wait_for_lines(out, 8, proc)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
        (left,) = root.glob("summarizer-ray-*")
        assert instance_pids(left), "the instance should be found by its folder"
        done = run(args, env)
        assert done.returncode == 0, done.stderr
        assert all(r["error"] is None for r in one_each(out, ids).values())
        assert instance_pids(left) == []
        assert not left.exists()
        assert list(root.glob("summarizer-ray-*")) == []  # the rerun's own, removed too
    finally:
        kill_instance(root)
        shutil.rmtree(root, ignore_errors=True)


def test_the_readme_ray_data_snippet_runs_as_written(server, tmp_path):
    """The Ray page's library example (docs/ray.md), on a local instance of its own, against
    the fast server (its URL in place of the page's port)."""
    page = (REPO / "docs" / "ray.md").read_text()
    (snippet,) = [
        b for b in re.findall(r"```python\n(.*?)```", page, flags=re.S) if "SummarizeBatch" in b
    ]
    code = snippet.replace("http://127.0.0.1:8001/v1", server.base_url)
    assert code != snippet
    root = Path(tempfile.mkdtemp(prefix="rs-", dir="/tmp"))
    env = cli_env(tmp_path, ray_env(tmp_path, None) | {"RAY_TMPDIR": str(root)})
    env["RAY_USAGE_STATS_ENABLED"] = "0"
    env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32))
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT,
        )
    finally:
        kill_instance(root)
        shutil.rmtree(root, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "imbsam ['ImbSAM'] ['CIFAR-100']"


def test_stopping_the_instance_leaves_no_ray_process(cluster):
    assert instance_pids(cluster.temp), "the instance should be running until now"
    cluster.stop()
    left = {
        pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:80] for pid in instance_pids(cluster.temp)
    }
    assert left == {}
