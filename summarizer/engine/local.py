"""The embedded local engine: llama-cpp-python's OpenAI-compatible server on loopback.

When no endpoint is configured, summarizer serves a GGUF model itself (the bundled one unless
``--model-path`` says otherwise) and talks to it like to any other endpoint. Two lifetimes:

- ``LocalEngine``: a child process for one run, stopped on exit, on Ctrl-C, and (by a watchdog
  thread inside the child) even when the parent is killed outright.
- ``start_daemon`` / ``running_engine`` / ``stop_daemon``: a detached server behind
  ``summarizer engine start|status|stop``, so repeated runs skip the model load. Its state lives
  in ``<cache_dir>/engine.json``.

``engine.json`` is never trusted on its word: anyone who can write to the cache directory can
write one. A record is used (or its process stopped) only when its pid is a process of this
user started by us for exactly that record: its command line is our bootstrap with the
recorded model, alias, port and context size, and its environment holds the random token the
record holds. Anything else is a stale record: it is removed, and nothing is signalled.
So is a file that is no record (not JSON, another shape, a pid out of range). ``engine.json``
and ``engine.lock`` are opened as :mod:`summarizer.io.statefile` opens state files: never
blocking, never through a link, never another user's.

Both write the server's output to ``<cache_dir>/engine.log``, never to the user's terminal.
POSIX only (process groups, ``fcntl``).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import json
import os
import secrets
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.dataclasses import dataclass

from summarizer.errors import BackendError, ConfigError
from summarizer.io.statefile import ForeignFile, load_state, open_lock, read_state, remove_state

from . import server as server_process
from .model_file import BundledModel, bundled_model, bundled_model_path, verify_gguf
from .server import HOST, TOKEN_VARIABLE, Server, pid_alive, signal_group, wait_gone

__all__ = [
    "EngineInfo",
    "LocalEngine",
    "bundled_model_path",
    "require_local_engine",
    "running_engine",
    "start_daemon",
    "stop_daemon",
    "verify_gguf",
]

STATE_FILE = "engine.json"
_SERVER_MODULES = (
    "llama_cpp",
    "fastapi",
    "uvicorn",
    "sse_starlette",
    "starlette_context",
    "pydantic_settings",
)


_Positive = Annotated[int, Field(ge=1, lt=2**31)]  # a pid of 0 or -1 names process groups


# Strict: the shape start_daemon writes and nothing else (no "12" for 12, no 12.0, no extra key).
@dataclass(frozen=True, config=ConfigDict(strict=True, extra="forbid"))
class EngineInfo:
    """A detached engine as recorded in ``engine.json``."""

    pid: _Positive
    port: Annotated[int, Field(ge=1, le=65535)]
    base_url: str
    model: str
    model_path: str
    started_at: str
    n_ctx: _Positive
    token: str
    decoding: str = "whitespace=free"  # the default of summarizer.engine.decoding.Decoding


_RECORD = TypeAdapter(EngineInfo)
_MAX_RECORD_BYTES = 16 * 1024  # a record is about 400 bytes


def require_local_engine() -> None:
    """Raise ConfigError unless llama-cpp-python and its server extra are importable."""
    missing = [name for name in _SERVER_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise ConfigError(
            f"The local engine needs llama-cpp-python[server] (missing: {', '.join(missing)}). "
            "Install the local extra: pip install 'summarizer[local]', or use --base-url to "
            "point to a running OpenAI-compatible server."
        )


class LocalEngine:
    """llama-cpp-python's server as a child process on a free loopback port.

    Example:
        with LocalEngine(cache_dir) as engine:
            client = OpenAI(base_url=engine.base_url, api_key="local")
            client.chat.completions.create(model=engine.model, max_tokens=256, ...)

    Args:
        cache_dir: The summarizer cache directory (assembled model, log).
        model_path: A GGUF file to serve instead of the bundled model.
        n_ctx: Context window in tokens.
        n_threads: CPU threads; all cores by default.
        startup_timeout: Seconds to wait for the server to answer.
        engine_model: Which bundled model to serve without ``model_path``: default or large.
    """

    def __init__(
        self,
        cache_dir: Path,
        model_path: Path | None = None,
        *,
        n_ctx: int = 4096,
        n_threads: int | None = None,
        startup_timeout: float = 120.0,
        engine_model: str = "default",
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self._bundled = bundled_model(engine_model)
        self.model = _alias(model_path, self._bundled)
        self.n_ctx = n_ctx
        self.n_threads = n_threads or os.cpu_count() or 1
        self.startup_timeout = startup_timeout
        self._model_arg = model_path
        self._server: Server | None = None

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``, for any OpenAI-compatible client."""
        if self._server is None or not self._server.port:
            raise BackendError("The local engine is not started; call start() first.")
        return f"http://{HOST}:{self._server.port}/v1"

    @property
    def port(self) -> int | None:
        return self._server.port if self._server else None

    @property
    def pid(self) -> int | None:
        return self._server.proc.pid if self._server and self._server.proc else None

    @property
    def running(self) -> bool:
        return self._server is not None and self._server.alive()

    def start(self) -> LocalEngine:
        """Start the server and wait until it answers; a no-op if it is already running.

        Raises:
            ConfigError: llama-cpp-python or the model is missing or invalid.
            BackendError: The server exited or did not answer within ``startup_timeout``.
        """
        if self.running:
            return self
        require_local_engine()
        path = _resolve_model(self.cache_dir, self._model_arg, self._bundled)
        self._server = Server(path, self.model, self.n_ctx, self.n_threads, self.cache_dir)
        # Registered before the launch so that Ctrl-C during the model load cleans up too.
        atexit.register(self.stop)
        try:
            self._server.launch(self.startup_timeout, watch_parent=True)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the server (SIGTERM, then SIGKILL after ``timeout``); safe to call twice."""
        atexit.unregister(self.stop)
        if self._server is not None:
            self._server.terminate(timeout)

    def __enter__(self) -> LocalEngine:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_daemon(
    cache_dir: Path,
    model_path: Path | None = None,
    n_ctx: int = 4096,
    *,
    startup_timeout: float = 120.0,
    engine_model: str = "default",
) -> EngineInfo:
    """Start a detached engine that outlives this process, or return the one already running.

    Raises:
        ConfigError: Another model or context size is already being served, or
            llama-cpp-python or the model is missing or invalid.
        BackendError: The server exited or did not answer within ``startup_timeout``.
    """
    cache_dir, bundled = Path(cache_dir), bundled_model(engine_model)
    with _state_lock(cache_dir):
        current = running_engine(cache_dir)
        if current is not None:
            wanted = _resolve_model(cache_dir, model_path, bundled)
            if Path(current.model_path) == wanted and current.n_ctx == n_ctx:
                return current
            raise ConfigError(
                f"An engine is already running (pid {current.pid}, model {current.model}, "
                f"n_ctx {current.n_ctx}, {current.base_url}). Stop it first: summarizer engine stop"
            )
        require_local_engine()
        path = _resolve_model(cache_dir, model_path, bundled)
        server = Server(path, _alias(model_path, bundled), n_ctx, os.cpu_count() or 1, cache_dir)
        server.token = secrets.token_hex(16)
        proc = server.launch(startup_timeout, watch_parent=False)
        info = EngineInfo(
            pid=proc.pid,
            port=server.port,
            base_url=f"http://{HOST}:{server.port}/v1",
            model=server.alias,
            model_path=str(path),
            started_at=datetime.now(UTC).isoformat(timespec="seconds"),
            n_ctx=n_ctx,
            token=server.token,
            decoding=server.decoding.text,
        )
        try:
            _write_state(cache_dir, info)
        except OSError as exc:
            server.terminate(5.0)
            raise ConfigError(f"Cannot write {cache_dir / STATE_FILE}: {exc}") from exc
        return info


def running_engine(cache_dir: Path, timeout: float = 5.0) -> EngineInfo | None:
    """The detached engine recorded in ``cache_dir``, or None; removes a stale record.

    The engine counts as running if its process is alive and is the server that record
    describes (see the module docstring). Whether it answers is not asked: a busy server
    holds its model lock for ``/v1/models`` too, and a planted record can point at a port
    where something else answers. ``timeout`` is kept for callers; nothing waits on it.
    """
    state = Path(cache_dir) / STATE_FILE
    info = _read_state(state)
    if info is None:
        return None
    if pid_alive(info.pid) and _is_ours(info):
        return info
    _remove_state(state, info)
    return None


def stop_daemon(cache_dir: Path, timeout: float = 10.0) -> bool:
    """Stop the detached engine; True if one was running.

    Only a process verified to be our server is signalled, so a stale or planted record
    whose pid is something else's is just removed.
    """
    state = Path(cache_dir) / STATE_FILE
    with _state_lock(Path(cache_dir)):
        info = running_engine(cache_dir, timeout=2.0)
        if info is None:
            return False
        signal_group(info.pid, signal.SIGTERM)
        if not wait_gone(info.pid, timeout):
            signal_group(info.pid, signal.SIGKILL)
            wait_gone(info.pid, 5.0)
        _remove_state(state, info)
        return True


def _alias(model_path: Path | None, bundled: BundledModel) -> str:
    return bundled.alias if model_path is None else Path(model_path).stem


def _resolve_model(cache_dir: Path, model_path: Path | None, bundled: BundledModel) -> Path:
    return bundled_model_path(cache_dir, bundled) if model_path is None else verify_gguf(model_path)


def _is_ours(info: EngineInfo) -> bool:
    """Whether pid ``info.pid`` is the server ``info`` describes, started by us for it.

    The process must belong to this user, run our bootstrap with the recorded model, alias,
    port and context size, and carry the record's token in its environment (set at launch,
    readable only by its owner). Linux reads ``/proc``; elsewhere ``ps`` is asked.
    """
    if not info.token or info.base_url != f"http://{HOST}:{info.port}/v1":
        return False
    proc = Path(f"/proc/{info.pid}")
    if proc.is_dir():
        try:
            if proc.stat().st_uid != os.getuid():
                return False
            argv = [
                a.decode(errors="replace") for a in (proc / "cmdline").read_bytes().split(b"\0")
            ]
            environ = (proc / "environ").read_bytes().split(b"\0")
        except OSError:
            return False
        wanted = f"{TOKEN_VARIABLE}={info.token}".encode()
        return wanted in environ and _runs_server(argv, info)
    return _ps_says_ours(info)


def _runs_server(argv: list[str], info: EngineInfo) -> bool:
    """Whether a command line is our bootstrap serving exactly what ``info`` records."""
    if len(argv) < 4 or argv[1] != "-c" or argv[2] != server_process.BOOTSTRAP:
        return False
    args = argv[4:]
    options = dict(zip(args[::2], args[1::2], strict=False))
    return (
        options.get("--model") == info.model_path
        and options.get("--model_alias") == info.model
        and options.get("--host") == HOST
        and options.get("--port") == str(info.port)
        and options.get("--n_ctx") == str(info.n_ctx)
    )


def _ps_says_ours(info: EngineInfo) -> bool:
    # Without /proc (macOS): BSD ps prints a process's environment after its command line
    # (``e``), for the user's own processes only.
    try:
        shown = subprocess.run(
            ["ps", "eww", "-o", "uid=,command=", "-p", str(info.pid)],
            capture_output=True, text=True, timeout=5, check=False,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return False
    uid, _, command = shown.partition(" ")
    return (
        uid.strip() == str(os.getuid())
        and f"{TOKEN_VARIABLE}={info.token}" in command
        and "llama_cpp.server" in command
        and f"--port {info.port} " in command
        and f"--model {info.model_path} " in command
    )


def _read_state(state: Path) -> EngineInfo | None:
    return load_state(state, _parse_state, "an engine record", _MAX_RECORD_BYTES)


def _parse_state(data: bytes) -> EngineInfo:
    """The record ``data`` holds; ValueError unless it has exactly the shape we write."""
    try:
        return _RECORD.validate_json(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ValueError(f"{where}: {first['msg']}" if where else first["msg"]) from None


def _write_state(cache_dir: Path, info: EngineInfo) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".engine.", suffix=".json", dir=cache_dir)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(info), fh, indent=2)
        os.replace(tmp, cache_dir / STATE_FILE)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _remove_state(state: Path, info: EngineInfo) -> None:
    # Only the record we judged: a concurrent start may have written a fresh one meanwhile.
    with contextlib.suppress(OSError, ValueError, ForeignFile):
        found = read_state(state, limit=_MAX_RECORD_BYTES)
        if found is not None and _parse_state(found[0]) == info:
            remove_state(state, found[1])


@contextlib.contextmanager
def _state_lock(cache_dir: Path) -> Iterator[None]:
    import fcntl  # POSIX only, like the rest of process management here

    path = cache_dir / "engine.lock"
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        fd = open_lock(path)
    except ForeignFile as exc:
        raise ConfigError(f"{exc}; remove it (it is not this tool's lock file)") from exc
    except OSError as exc:
        raise ConfigError(f"Cannot lock {path}: {exc.strerror or exc}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # released when the file closes
        yield
    finally:
        os.close(fd)
