"""``summarize --ray`` before any paper is sent: connecting to ``RAY_ADDRESS`` within a
deadline, a ``RAY_ADDRESS`` that is not an address, and the folder of a local instance.

Every address stays on loopback. Ray resolves a loopback ``RAY_ADDRESS`` to the machine's
network address before it dials; ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` holds that
resolution to 127.0.0.1. The one local instance started here is the project's own session
code in a subprocess, under a short folder of the test's own, and nothing is left of it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from summarizer.errors import ConfigError
from summarizer.scale import connect, session
from summarizer.scale.session import PREFIX, instance_pids, kill_instance

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli, start_cli
from .support.fake_openai import FakeOpenAI

#: Ray dials a loopback RAY_ADDRESS on loopback (not the machine's network address), and
#: sends no usage statistics.
LOOPBACK = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"}
#: Starting Python with Ray takes a few seconds on a loaded 2-core machine.
STARTUP = 25
#: A line of Ray's C++ log: "[2026-12-03 10:08:57,833 W 6055 6126] rpc_client.h:153: ...".
RAY_LOG_LINE = re.compile(r"\[\d{4}-\d\d-\d\d [\d:,]+ [DIWE] \d+ \d+\] ")


@contextlib.contextmanager
def refusing_port() -> Iterator[int]:
    """A loopback port held and never listened on: a connection to it is refused."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


class SilentListener:
    """A loopback port that accepts connections and never answers on them, as a GCS that
    does not respond (or a service that is not Ray) does; it counts what it accepted."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.accepted: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted.append(conn)

    def __enter__(self) -> SilentListener:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        # shutdown() wakes the accepting thread, which close() alone does not.
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self._thread.join(5)
        for conn in self.accepted:
            conn.close()


def write_input(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"id": "p1", "abstract": ABSTRACT}) + "\n")
    return path


def ray_args(tmp_path: Path, server: FakeOpenAI) -> list[str]:
    inputs = write_input(tmp_path)
    out = tmp_path / "out.jsonl"
    return [
        "summarize", str(inputs), "--ray", *endpoint_args(server.base_url),
        "--prompt", "naive-grammar", "-o", str(out),
    ]  # fmt: skip


def assert_no_output(tmp_path: Path) -> None:
    assert not (tmp_path / "out.jsonl").exists(), "an empty output was left behind"
    assert not (tmp_path / ".out.jsonl.lock").exists(), "the output's lock was left behind"


def test_a_refused_ray_address_is_one_error_line_at_once(tmp_path):
    with FakeOpenAI(default=answer()) as server, refusing_port() as port:
        began = time.monotonic()
        done = run_cli(
            ray_args(tmp_path, server),
            tmp_path,
            env={**LOOPBACK, "RAY_ADDRESS": f"127.0.0.1:{port}"},
            timeout=connect.CONNECT_SECONDS + STARTUP,
        )
        seconds = time.monotonic() - began
    assert done.returncode == 1, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(
        f"Error: cannot reach the Ray cluster at 127.0.0.1:{port}: connection refused"
    ), line
    assert "check RAY_ADDRESS" in line, line
    assert seconds < STARTUP, f"a refused connection took {seconds:.1f} s"
    assert server.requests == []
    assert_no_output(tmp_path)


def run_patched(args: list[str], cwd: Path, env: dict[str, str], seconds: int, timeout: float):
    """The CLI with the connect deadline at ``seconds`` (the default would make this test
    wait half a minute)."""
    code = (
        "import sys; from summarizer.scale import connect; "
        f"connect.CONNECT_SECONDS = {seconds}; "
        "from summarizer.cli.app import main; sys.argv[0] = 'summarizer'; main()"
    )
    return run_cli(args, cwd, env=env, timeout=timeout, entry=(sys.executable, "-c", code))


def test_an_address_that_accepts_but_never_answers_is_given_up_at_the_deadline(tmp_path):
    with FakeOpenAI(default=answer()) as server, SilentListener() as listener:
        began = time.monotonic()
        done = run_patched(
            ray_args(tmp_path, server),
            tmp_path,
            {**LOOPBACK, "RAY_ADDRESS": f"127.0.0.1:{listener.port}"},
            seconds=3,
            timeout=3 + STARTUP + 30,
        )
        seconds = time.monotonic() - began
        dialled = len(listener.accepted)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    (error,) = [x for x in lines if x.startswith("Error:")]
    assert error.startswith(
        f"Error: cannot reach the Ray cluster at 127.0.0.1:{listener.port} within 3 s"
    ), done.stderr
    assert "RAY_ADDRESS" in error
    # Besides it, only the warnings of Ray's own client, which the connection still runs.
    assert all(x == error or RAY_LOG_LINE.match(x) for x in lines), done.stderr
    assert dialled >= 1, "nothing dialled the address"
    assert seconds < 3 + STARTUP, f"the run took {seconds:.1f} s to give up"
    assert server.requests == []
    assert_no_output(tmp_path)


@pytest.mark.parametrize(
    ("signum", "code"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 143)],
    ids=["ctrl-c", "sigterm"],
)
def test_a_signal_while_connecting_ends_the_run_at_once(tmp_path, signum, code):
    with FakeOpenAI(default=answer()) as server, SilentListener() as listener:
        env = {**LOOPBACK, "RAY_ADDRESS": f"127.0.0.1:{listener.port}"}
        proc = start_cli(ray_args(tmp_path, server), tmp_path, env=env, sigint=True)
        try:
            deadline = time.monotonic() + STARTUP + 30
            # Two connections: past the first dial, in the middle of connecting.
            while len(listener.accepted) < 2 and proc.poll() is None:
                assert time.monotonic() < deadline, "the run never dialled the address"
                time.sleep(0.05)
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.5)
            sent = time.monotonic()
            proc.send_signal(signum)
            try:
                _, stderr = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                pytest.fail("the run was still connecting 10 s after the signal")
            seconds = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert proc.returncode == code, stderr
    assert "Interrupted" in stderr, stderr
    assert seconds < 5, f"the run took {seconds:.1f} s to end after the signal"
    assert_no_output(tmp_path)


def test_work_that_outlasts_the_wait_is_undone_when_it_finishes():
    release, undone = threading.Event(), threading.Event()
    began = time.monotonic()
    with pytest.raises(TimeoutError):
        connect.within(0.3, lambda: release.wait(5), undo=undone.set)
    assert time.monotonic() - began < 2
    assert not undone.is_set()
    release.set()
    assert undone.wait(5), "the late success was not undone"


def test_what_the_work_raises_reaches_the_caller():
    def work():
        raise ConfigError("no cluster")

    with pytest.raises(ConfigError, match="no cluster"):
        connect.within(5, work, undo=lambda: None)
    assert connect.within(5, lambda: 42, undo=lambda: None) == 42


@pytest.mark.parametrize(
    "value",
    ["not a url!!", "127.0.0.1", "127.0.0.1:0", "head:99999", "head:port", "ray://", "[::1"],
)
def test_a_ray_address_that_is_not_an_address_is_a_config_error(value):
    with pytest.raises(ConfigError, match=r"^RAY_ADDRESS=.*: .*host:port"):
        connect.parse_address(value)


def test_a_dashboard_url_in_ray_address_says_what_ray_address_takes():
    with pytest.raises(ConfigError, match="dashboard") as raised:
        connect.parse_address("http://127.0.0.1:8265")
    assert "host:port" in str(raised.value)


@pytest.mark.parametrize(
    ("value", "host", "port", "client"),
    [
        ("127.0.0.1:6379", "127.0.0.1", 6379, False),
        (" head.example:6379 ", "head.example", 6379, False),
        ("[::1]:6379", "::1", 6379, False),
        ("ray://head:10001", "head", 10001, True),
    ],
)
def test_a_ray_address_is_read_as_ray_reads_it(value, host, port, client):
    address = connect.parse_address(value)
    assert (address.host, address.port, address.client) == (host, port, client)


@pytest.mark.parametrize(("value", "expected"), [("", None), ("  ", None), ("local", None)])
def test_an_empty_or_local_ray_address_means_a_local_instance(monkeypatch, value, expected):
    monkeypatch.setenv("RAY_ADDRESS", value)
    assert connect.cluster_address() is expected


def test_ray_address_not_an_address_is_one_error_line_before_ray_starts(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        done = run_cli(
            ray_args(tmp_path, server),
            tmp_path,
            env={**LOOPBACK, "RAY_ADDRESS": "not a url!!"},
            timeout=STARTUP + 30,
        )
    assert done.returncode == 1, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("Error: RAY_ADDRESS='not a url!!': "), line
    assert "unexpected" not in line
    assert_no_output(tmp_path)


def test_a_long_tmpdir_is_passed_over_for_a_short_one(monkeypatch):
    """Ray's socket paths (``FOLDER/r/session_DATE_PID/sockets/plasma_store``) must stay
    under 108 bytes: a temporary folder too long for them is not used."""
    monkeypatch.delenv("RAY_TMPDIR", raising=False)
    made = [
        Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp")) for prefix in ("rp-", "rp-" + "d" * 18)
    ]
    short, long_ = made
    try:
        monkeypatch.setenv("TMPDIR", str(long_))
        assert session._short_tmp() == "/tmp"
        monkeypatch.setenv("TMPDIR", str(short))
        assert session._short_tmp() == str(short)
        longest = f"{short}/{PREFIX}xxxxxxxx/r/session_2026-01-01_00-00-00_000000_4194304"
        assert len(f"{longest}/sockets/plasma_store") <= 107
    finally:
        for folder in made:
            folder.rmdir()


SESSION_SNIPPET = """
import json, signal, stat
from summarizer.scale.session import ray_session

def mode(path):
    return stat.S_IMODE(path.stat().st_mode)

def handler(signum, frame):  # the CLI's own, as a caller's handler
    raise KeyboardInterrupt

signal.signal(signal.SIGTERM, handler)
with ray_session(num_cpus=1) as s:
    after_init = mode(s.temp_dir)
    ray = s.ray
    # A worker started: the instance at work, not only just started.
    assert ray.get(ray.remote(lambda: 41).remote()) == 41
    print(json.dumps({
        "folder": str(s.temp_dir),
        "after_init": after_init,
        "while_running": mode(s.temp_dir),
        "sigterm_kept": signal.getsignal(signal.SIGTERM) is handler,
    }))
"""


def test_the_local_instance_folder_stays_private_while_it_runs(tmp_path):
    """Ray makes the folders it is given world-writable (``chmod 0777`` as its node
    starts); the run's own folder must not be, and it is gone at the end."""
    root = Path(tempfile.mkdtemp(prefix="rm-", dir="/tmp"))
    try:
        env = {**os.environ, "RAY_TMPDIR": str(root), "RAY_USAGE_STATS_ENABLED": "0"}
        for name in ("RAY_ADDRESS", "SUMMARIZER_DEBUG"):
            env.pop(name, None)
        done = subprocess.run(
            [sys.executable, "-c", SESSION_SNIPPET],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=150,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        seen = json.loads(done.stdout.strip().splitlines()[-1])
        folder = Path(seen["folder"])
        assert folder.parent == root and folder.name.startswith(PREFIX)
        assert oct(seen["after_init"]) == oct(0o700)
        assert oct(seen["while_running"]) == oct(0o700)
        assert seen["sigterm_kept"], "ray.init replaced the run's SIGTERM handler"
        assert list(root.iterdir()) == [], "the run left its Ray folder behind"
        assert instance_pids(root) == []
    finally:
        kill_instance(root)
        subprocess.run(["rm", "-rf", str(root)], check=False)
