"""State files are opened one way (summarizer.io.statefile): never blocking, never through a link.

``engine.json`` (the long-lived engine's record), ``engine.lock`` and the ``.OUT.lock`` beside
an output can be anything someone who can write the folder puts there: a FIFO must not hang a
command, a malformed record must be stale (removed, and the run goes on), and a symlink, a
hard link, a FIFO or another user's file at a lock path must stop the run with one line and
leave the file it points at untouched.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

import pytest

from summarizer.engine.local import running_engine, stop_daemon
from summarizer.errors import ConfigError, OutputError
from summarizer.io.target import OutputLock

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.engine_state import engine_record
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit
from .support.pipeline import embedded_run

ROOT = os.geteuid() == 0
PRECIOUS = "precious\n"


def _without(name: str) -> dict[str, Any]:
    record = engine_record()
    del record[name]
    return record


def _json(value: Any) -> bytes:
    return json.dumps(value).encode()


MALFORMED = {
    "pid-a-string": _json(engine_record(pid="12")),
    "pid-a-float": _json(engine_record(pid=12.0)),
    "pid-huge": _json(engine_record(pid=10**30)),
    "pid-zero": _json(engine_record(pid=0)),
    "pid-negative": _json(engine_record(pid=-1)),
    "pid-a-bool": _json(engine_record(pid=True)),
    "pid-a-list": _json(engine_record(pid=[1])),
    "port-out-of-range": _json(engine_record(port=10**6)),
    "n-ctx-a-string": _json(engine_record(n_ctx="4096")),
    "token-null": _json(engine_record(token=None)),
    "missing-key": _json(_without("token")),
    "extra-key": _json(engine_record(extra=1)),
    "a-list": _json([engine_record()]),
    "a-string": b'"engine"',
    "invalid-json": b"{not json",
    "nested-too-deep": b"[" * 10_000,
    "oversized": b" " * 20_000 + _json(engine_record()),
    "not-utf8": b"\xff\xfe{}",
    "empty": b"",
}


def _malformed(*names: str) -> list[Any]:
    return [pytest.param(MALFORMED[n], id=n) for n in names or MALFORMED]


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    """The cache dir the CLI runs of support.cli use (``cwd/cache``)."""
    path = tmp_path / "cache"
    path.mkdir()
    return path


# --- engine.json: a malformed record is stale ----------------------------------------------


@pytest.mark.parametrize("data", _malformed())
def test_a_malformed_engine_record_is_removed_and_ignored(cache: Path, data: bytes) -> None:
    state = cache / "engine.json"
    state.write_bytes(data)
    with time_limit(20):
        assert running_engine(cache) is None
    assert not state.exists()
    state.write_bytes(data)
    with time_limit(20):
        assert stop_daemon(cache) is False
    assert not state.exists()


def test_the_record_start_daemon_writes_is_read_back(cache: Path) -> None:
    """The other side: the strict shape is the one written (a dead pid is then stale)."""
    from summarizer.engine import local

    info = local.EngineInfo(**engine_record())
    local._write_state(cache, info)
    assert local._read_state(cache / "engine.json") == info


def test_engine_status_with_a_malformed_record_says_none_runs(cache: Path) -> None:
    state = cache / "engine.json"
    state.write_bytes(MALFORMED["pid-a-string"])
    result = run_cli(["engine", "status"], cache.parent, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "no engine running"
    assert result.stderr.strip() == (
        f"Warning: {state} is not an engine record (pid: Input should be a valid integer); "
        "removed it"
    )
    assert "unexpected" not in result.stderr
    assert not state.exists()


def test_engine_status_exits_0_when_none_runs(cache: Path) -> None:
    result = run_cli(["engine", "status"], cache.parent, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "no engine running"
    assert result.stderr == ""


@pytest.mark.parametrize("data", _malformed("pid-a-string", "pid-huge", "a-list"))
def test_an_embedded_run_goes_on_past_a_malformedengine_record(cache: Path, data: bytes) -> None:
    """The run ignores the record and starts its own engine (here one failing with a marker)."""
    (cache / "engine.json").write_bytes(data)
    with time_limit(30):
        record = embedded_run(cache)
    assert record["error"]["message"] == "private engine started"
    assert not (cache / "engine.json").exists()


# --- engine.json and engine.lock: what is not a regular file of ours --------------------------


def _plant(path: Path, kind: str, victim: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        path.symlink_to(victim)
    elif kind == "hardlink":
        os.link(victim, path)
    elif kind == "directory":
        path.mkdir()
    else:
        raise AssertionError(kind)


PLANTED = [
    pytest.param("fifo", "a FIFO", id="fifo"),
    pytest.param("symlink", "a symlink", id="symlink"),
    pytest.param("hardlink", "a hard link (2 names)", id="hardlink"),
    pytest.param("directory", "a directory", id="directory"),
]


@pytest.mark.parametrize("kind, named", PLANTED)
def test_engine_status_never_reads_what_is_not_a_record_of_ours(
    cache: Path, kind: str, named: str
) -> None:
    victim = cache.parent / "victim.json"
    victim.write_bytes(_json(engine_record()))
    before = victim.read_bytes()
    state = cache / "engine.json"
    _plant(state, kind, victim)
    result = run_cli(["engine", "status"], cache.parent, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "no engine running"
    assert f"Warning: {state} is {named}, not an engine record" in result.stderr
    assert os.path.lexists(state)  # not ours to remove
    assert victim.read_bytes() == before


@pytest.mark.parametrize("kind, named", PLANTED)
def test_a_planted_engine_lock_stops_the_command_with_one_line(
    cache: Path, kind: str, named: str
) -> None:
    victim = cache.parent / "victim.txt"
    victim.write_text(PRECIOUS, encoding="utf-8")
    _plant(cache / "engine.lock", kind, victim)
    result = run_cli(["engine", "stop"], cache.parent, timeout=60)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == (
        f"Error: {cache / 'engine.lock'} is {named}; remove it (it is not this tool's lock file)"
    )
    assert victim.read_text(encoding="utf-8") == PRECIOUS


def test_the_warning_goes_through_the_log(cache: Path, caplog: pytest.LogCaptureFixture) -> None:
    os.mkfifo(cache / "engine.json")
    with caplog.at_level(logging.WARNING, "summarizer"), time_limit(20):
        assert running_engine(cache) is None
    assert [r.getMessage() for r in caplog.records] == [
        f"Warning: {cache / 'engine.json'} is a FIFO, not an engine record; ignoring it (remove it)"
    ]


# --- the lock beside an output -------------------------------------------------------------


@pytest.mark.parametrize("kind, named", PLANTED)
def test_a_planted_output_lock_is_refused_and_its_target_untouched(
    tmp_path: Path, kind: str, named: str
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text(PRECIOUS, encoding="utf-8")
    lock = tmp_path / ".out.jsonl.lock"
    _plant(lock, kind, victim)
    with time_limit(20), pytest.raises(OutputError) as caught:
        OutputLock(tmp_path / "out.jsonl").acquire()
    assert str(caught.value) == f"{lock} is {named}; remove it (it is not this tool's lock file)"
    assert victim.read_text(encoding="utf-8") == PRECIOUS


@pytest.mark.skipif(not ROOT, reason="needs root (a file of another user)")
def test_an_output_lock_of_another_user_is_refused(tmp_path: Path) -> None:
    lock = tmp_path / ".out.jsonl.lock"
    lock.write_text("4242\n", encoding="utf-8")
    os.chown(lock, 4242, 4242)
    with pytest.raises(OutputError, match=r"owned by another user \(uid 4242\); remove it"):
        OutputLock(tmp_path / "out.jsonl").acquire()
    assert lock.read_text(encoding="utf-8") == "4242\n"


def test_summarize_refuses_a_hard_linked_lock_and_leaves_the_victim(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text(PRECIOUS, encoding="utf-8")
    lock = tmp_path / ".out.jsonl.lock"
    os.link(victim, lock)
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "p1", "abstract": ABSTRACT}) + "\n", encoding="utf-8")
    with FakeOpenAI(default=answer()) as server:
        result = run_cli(
            [
                "summarize", source.name, "-o", "out.jsonl", *endpoint_args(server.base_url),
                "--mode", "json_schema", "--prompt", "naive-grammar",
            ],
            tmp_path,
        )  # fmt: skip
        assert server.requests == []
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"Error: {lock} is a hard link (2 names); remove it (it is not this tool's lock file)"
    )
    assert victim.read_text(encoding="utf-8") == PRECIOUS
    assert not (tmp_path / "out.jsonl").exists()


def test_a_lock_of_ours_is_still_taken_written_and_removed(tmp_path: Path) -> None:
    """The other side: a leftover lock file of ours (a killed run's) is no obstacle."""
    lock = tmp_path / ".out.jsonl.lock"
    lock.write_text("1\n", encoding="utf-8")
    with OutputLock(tmp_path / "out.jsonl"):
        assert lock.read_text(encoding="utf-8") == f"{os.getpid()}\n"
    assert not lock.exists()
    with time_limit(20):
        assert stop_daemon(tmp_path) is False  # engine.lock made and taken
    assert (tmp_path / "engine.lock").is_file()


def test_a_planted_engine_lock_is_a_config_error_in_process(cache: Path) -> None:
    os.mkfifo(cache / "engine.lock")
    with time_limit(20), pytest.raises(ConfigError, match="is a FIFO; remove it"):
        stop_daemon(cache)
