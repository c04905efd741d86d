"""The warm CLI runs of tests/support: a command forked off a process that imported the CLI gives
what a fresh interpreter gives, reads its own environment and folder, and is killed on timeout."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .support import warm
from .support.abstracts import ABSTRACT
from .support.cli import CONSOLE_SCRIPT, cli_env, endpoint_args, run_cli, start_cli
from .support.fake_openai import FakeOpenAI
from .support.records import answer


def _both(args: list[str], cwd: Path, env: dict[str, str] | None = None, **kw):
    environment = cli_env(cwd, env)
    hot = warm.run(CONSOLE_SCRIPT, args, cwd, environment, timeout=60, input=kw.get("input"))
    cold = subprocess.run(
        [*CONSOLE_SCRIPT, *args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        input=kw.get("input"),
        check=False,
    )
    return hot, cold


@pytest.mark.parametrize(
    "args, env",
    [
        pytest.param(["--version"], None, id="version"),
        pytest.param(["summarize", "--help"], {"COLUMNS": "80"}, id="help-80-columns"),
        pytest.param(["summarize", "--help"], {"COLUMNS": "150"}, id="help-150-columns"),
        pytest.param(["summarize", "in.jsonl", "--bogus"], None, id="usage-error"),
        pytest.param(["summarize", "missing.jsonl", "-o", "x.jsonl"], None, id="missing-input"),
        pytest.param(["config", "show"], {"SUMMARIZER_MODEL": "from-the-env"}, id="env-setting"),
    ],
)
def test_a_warm_run_gives_what_a_fresh_interpreter_gives(tmp_path, args, env):
    hot, cold = _both(args, tmp_path, env)
    assert (hot.returncode, hot.stdout, hot.stderr) == (cold.returncode, cold.stdout, cold.stderr)
    assert hot.args == cold.args


def test_runs_sharing_a_warm_process_each_read_their_own_environment_and_folder(tmp_path):
    seen = []
    for name in ("first", "second"):
        folder = tmp_path / name
        folder.mkdir()
        result = run_cli(["config", "show"], folder, env={"SUMMARIZER_MODEL": f"model-{name}"})
        assert result.returncode == 0, result.stderr
        seen.append(result.stdout)
        missing = run_cli(["summarize", f"{name}.jsonl", "-o", "o.jsonl"], folder)
        assert missing.returncode != 0 and f"{name}.jsonl" in missing.stderr
    assert "model-first" in seen[0] and "model-second" not in seen[0]
    assert "model-second" in seen[1] and "model-first" not in seen[1]


def test_a_summarize_run_from_standard_input_writes_the_records_a_cold_run_writes(tmp_path):
    line = json.dumps({"id": "p1", "abstract": ABSTRACT}) + "\n"
    with FakeOpenAI(default=answer()) as endpoint:
        args = [
            "summarize",
            "-",
            "-o",
            "-",
            "--no-cache",
            *endpoint_args(endpoint.base_url, mode="json_schema", prompt="naive"),
        ]
        hot, cold = _both(args, tmp_path, input=line)
    assert hot.returncode == cold.returncode == 0, (hot.stderr, cold.stderr)
    records = [json.loads(out.stdout) for out in (hot, cold)]
    for record in records:
        record.pop("meta")
    assert records[0] == records[1] and records[0]["id"] == "p1"


def test_a_run_past_its_timeout_is_killed_and_the_timeout_raised(tmp_path):
    (tmp_path / "in.jsonl").write_text(json.dumps({"id": "p", "abstract": ABSTRACT}) + "\n")
    with FakeOpenAI(default=answer(), hold_after=0) as endpoint:
        args = [
            "summarize",
            "in.jsonl",
            "-o",
            "out.jsonl",
            *endpoint_args(endpoint.base_url, mode="json_schema", prompt="naive"),
        ]
        started = time.monotonic()
        with pytest.raises(subprocess.TimeoutExpired) as raised:
            run_cli(args, tmp_path, timeout=2)
        endpoint.release()
    assert time.monotonic() - started < 30
    assert raised.value.cmd[-len(args) :] == args


_SPY = """
import importlib, json, os, sys
read = set()
class Spy(type(os.environ)):
    def __getitem__(self, key):
        read.add(key)
        return super().__getitem__(key)
    def __iter__(self):
        read.add("*")
        return super().__iter__()
os.environ = Spy(os.environ._data, os.environ.encodekey, os.environ.decodekey,
                 os.environ.encodevalue, os.environ.decodevalue)
for name in sys.argv[1].split(","):
    importlib.import_module(name)
print(json.dumps(sorted(read)))
"""


def test_what_the_warm_process_imports_reads_only_the_names_it_is_keyed_by(tmp_path):
    env = {**os.environ, "SUMMARIZER_MODEL": "m", "OPENAI_API_KEY": "k"}
    done = subprocess.run(
        [sys.executable, "-c", _SPY, ",".join(warm.PRELOADED)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    read = json.loads(done.stdout)
    assert read, "the spy saw no read at all"
    assert [name for name in read if not name.startswith(warm.IMPORT_TIME)] == []


def test_a_started_run_is_a_process_the_test_can_watch_and_kill(tmp_path):
    (tmp_path / "in.jsonl").write_text(json.dumps({"id": "p", "abstract": ABSTRACT}) + "\n")
    with FakeOpenAI(default=answer(), hold_after=0) as endpoint:
        args = ["summarize", "in.jsonl", "-o", "out.jsonl", *endpoint_args(endpoint.base_url)]
        proc = start_cli(args, tmp_path)
        assert isinstance(proc, warm.WarmProcess)
        deadline = time.monotonic() + 30
        while not endpoint.requests and time.monotonic() < deadline:
            time.sleep(0.05)
        assert endpoint.requests and proc.poll() is None  # held at its first request
        proc.kill()
        assert proc.wait(timeout=10) == -signal.SIGKILL
        _, stderr = proc.communicate(timeout=10)
        endpoint.release()
    out = tmp_path / "out.jsonl"
    assert not out.exists() or out.read_text().strip() == ""  # killed before any record
    assert "Traceback" not in stderr
