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
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx

from summarizer.engine.model_file import BUNDLED, bundled_model_path, verify_gguf
from summarizer.errors import BackendError, ConfigError

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

HOST = "127.0.0.1"
STATE_FILE = "engine.json"
TOKEN_VARIABLE = "SUMMARIZER_ENGINE_TOKEN"
LOG_FILE = "engine.log"
_LOG_ROTATE_BYTES = 5 * 2**20  # a verbose start writes ~175 KB
_SERVER_MODULES = (
    "llama_cpp",
    "fastapi",
    "uvicorn",
    "sse_starlette",
    "starlette_context",
    "pydantic_settings",
)

# Runs in the child as `python -c`. Three things `python -m llama_cpp.server` gets wrong for us:
# its settings read every field from the environment (API_KEY, CONFIG_FILE, HOST, PORT, MODEL,
# N_CTX, ...) and HOST/PORT/CONFIG_FILE even override the command line, so a user's unrelated
# API_KEY would lock us out; and nothing stops it when the parent dies without running atexit
# (SIGKILL, SIGTERM), so a watchdog thread exits once the parent is gone (argv[1] = 0: detached);
# and its grammar sampler checks the whole vocabulary at every step, so
# summarizer.engine.fast_grammar checks the likely tokens first (same greedy output; decoding
# under a grammar at about 90% of the plain rate instead of half).
_BOOTSTRAP = """\
import os, runpy, sys, threading, time
parent = int(sys.argv.pop(1))
from llama_cpp.server.settings import Settings
names = {n.upper() for n in Settings.model_fields} | {"CONFIG_FILE", "HOST", "PORT"}
for key in [k for k in os.environ if k.upper() in names]:
    del os.environ[key]
def watch():
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)
if parent:
    threading.Thread(target=watch, daemon=True).start()
try:
    from summarizer.engine import fast_grammar
    fast_grammar.install()
    print("summarizer: grammar sampler checks the likely tokens first", file=sys.stderr)
except Exception as exc:  # the stock sampler still works, only slower
    print(f"summarizer: stock grammar sampler in use ({exc!r})", file=sys.stderr)
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
"""


@dataclass(frozen=True)
class EngineInfo:
    """A detached engine as recorded in ``engine.json``."""

    pid: int
    port: int
    base_url: str
    model: str
    model_path: str
    started_at: str
    n_ctx: int
    token: str


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
    """

    def __init__(
        self,
        cache_dir: Path,
        model_path: Path | None = None,
        *,
        n_ctx: int = 4096,
        n_threads: int | None = None,
        startup_timeout: float = 120.0,
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self.model = _alias(model_path)
        self.n_ctx = n_ctx
        self.n_threads = n_threads or os.cpu_count() or 1
        self.startup_timeout = startup_timeout
        self._model_arg = model_path
        self._server: _Server | None = None

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
        path = _resolve_model(self.cache_dir, self._model_arg)
        self._server = _Server(path, self.model, self.n_ctx, self.n_threads, self.cache_dir)
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
) -> EngineInfo:
    """Start a detached engine that outlives this process, or return the one already running.

    Raises:
        ConfigError: Another model or context size is already being served, or
            llama-cpp-python or the model is missing or invalid.
        BackendError: The server exited or did not answer within ``startup_timeout``.
    """
    cache_dir = Path(cache_dir)
    with _state_lock(cache_dir):
        current = running_engine(cache_dir)
        if current is not None:
            wanted = _resolve_model(cache_dir, model_path)
            if Path(current.model_path) == wanted and current.n_ctx == n_ctx:
                return current
            raise ConfigError(
                f"An engine is already running (pid {current.pid}, model {current.model}, "
                f"n_ctx {current.n_ctx}, {current.base_url}). Stop it first: summarizer engine stop"
            )
        require_local_engine()
        path = _resolve_model(cache_dir, model_path)
        server = _Server(path, _alias(model_path), n_ctx, os.cpu_count() or 1, cache_dir)
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
    if _pid_alive(info.pid) and _is_ours(info):
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
        _signal_group(info.pid, signal.SIGTERM)
        if not _wait_gone(info.pid, timeout):
            _signal_group(info.pid, signal.SIGKILL)
            _wait_gone(info.pid, 5.0)
        _remove_state(state, info)
        return True


def _alias(model_path: Path | None) -> str:
    return BUNDLED.alias if model_path is None else Path(model_path).stem


def _resolve_model(cache_dir: Path, model_path: Path | None) -> Path:
    return bundled_model_path(cache_dir) if model_path is None else verify_gguf(model_path)


@dataclass
class _Server:
    """One server process: how to launch it, wait for it and stop it."""

    model_path: Path
    alias: str
    n_ctx: int
    n_threads: int
    cache_dir: Path
    proc: subprocess.Popen[bytes] | None = None
    port: int = 0
    token: str = ""  # a detached server's proof of identity (see _is_ours)

    def args(self) -> list[str]:
        return [
            "--model", str(self.model_path),
            "--model_alias", self.alias,
            "--host", HOST,
            "--port", str(self.port),
            "--n_ctx", str(self.n_ctx),
            "--n_threads", str(self.n_threads),
            "--n_threads_batch", str(self.n_threads),
            # The server defaults keep logits for every context position (+1.2 GB resident and
            # ~25% slower prompts here) and mlock the model; we need neither.
            "--logits_all", "false",
            "--use_mlock", "false",
        ]  # fmt: skip

    def command(self, parent: str) -> list[str]:
        """The server's command line; ``parent`` is the pid its watchdog follows (0: none)."""
        return [sys.executable, "-c", _BOOTSTRAP, parent, *self.args()]

    def environment(self) -> dict[str, str] | None:
        """The server's environment: ours, plus the token of a detached server."""
        return {**os.environ, TOKEN_VARIABLE: self.token} if self.token else None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def launch(self, timeout: float, *, watch_parent: bool) -> subprocess.Popen[bytes]:
        """Start and wait until it answers; retries if another process took the free port."""
        log_path = self.cache_dir / LOG_FILE
        log_path.parent.mkdir(parents=True, exist_ok=True)
        parent = str(os.getpid() if watch_parent else 0)
        for _ in range(3):
            self.port = _free_port()
            _rotate(log_path)
            with log_path.open("ab") as log:
                offset = log.tell()
                self.proc = proc = subprocess.Popen(
                    self.command(parent),
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=self.cache_dir,
                    env=self.environment(),
                    # Own session and process group: the terminal's Ctrl-C reaches us alone and
                    # we stop the server in order; a detached one survives the terminal closing.
                    start_new_session=True,
                )
            try:
                if _wait_ready(proc, self.port, self.alias, timeout, log_path, offset):
                    return proc
            except BaseException:
                self.terminate(5.0)
                raise
        raise BackendError(f"The local engine could not bind a free port on {HOST}; try again.")

    def terminate(self, timeout: float) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            _signal_group(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                _signal_group(proc.pid, signal.SIGKILL)
                proc.wait()


def _wait_ready(
    proc: subprocess.Popen[bytes], port: int, alias: str, timeout: float, log: Path, offset: int
) -> bool:
    """True once the server answers; False if it lost the port race; BackendError otherwise."""
    deadline = time.monotonic() + timeout
    while (code := proc.poll()) is None:
        if _answers(port, alias, 2.0):
            return True
        if time.monotonic() > deadline:
            raise BackendError(
                f"The local engine did not answer within {timeout:.0f} s. "
                f"Last lines of {log}:\n{_log_tail(log, offset)}"
            )
        time.sleep(0.1)
    tail = _log_tail(log, offset)
    if "address already in use" in tail.lower():
        return False
    raise BackendError(
        f"The local engine exited with code {code} while starting. Last lines of {log}:\n{tail}"
    )


def _answers(port: int, alias: str, timeout: float) -> bool:
    """Whether GET /v1/models on the port lists ``alias`` (so it is our server, not another)."""
    try:
        # trust_env=False: an HTTP(S)_PROXY in the environment must not capture loopback calls.
        with httpx.Client(trust_env=False, timeout=timeout) as client:
            response = client.get(f"http://{HOST}:{port}/v1/models")
        ids = [m.get("id") for m in response.json().get("data", [])]
    except (httpx.HTTPError, ValueError, AttributeError):
        return False
    return response.status_code == 200 and alias in ids


def _signal_group(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        # The server leads its own group (start_new_session); never signal a group it
        # does not lead: that would be someone else's.
        if os.getpgid(pid) == pid:
            os.killpg(pid, sig)
        else:
            os.kill(pid, sig)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _pid_alive(pid: int) -> bool:
    try:
        # Our own child (a daemon started by this process): reap it if it has exited.
        return os.waitpid(pid, os.WNOHANG)[0] == 0
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # an exited process nobody has reaped yet is not alive
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _wait_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while _pid_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


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
    if len(argv) < 4 or argv[1] != "-c" or argv[2] != _BOOTSTRAP:
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
    try:
        data = json.loads(state.read_text(encoding="utf-8"))
        return EngineInfo(**data)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, TypeError):
        state.unlink(missing_ok=True)  # unreadable or from another version: nothing to trust
        return None


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
    if _read_state(state) == info:
        state.unlink(missing_ok=True)


@contextlib.contextmanager
def _state_lock(cache_dir: Path) -> Iterator[None]:
    import fcntl  # POSIX only, like the rest of process management here

    cache_dir.mkdir(parents=True, exist_ok=True)
    with (cache_dir / "engine.lock").open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)  # released when the file closes
        yield


def _rotate(log_path: Path) -> None:
    with contextlib.suppress(OSError):
        if log_path.stat().st_size > _LOG_ROTATE_BYTES:
            os.replace(log_path, log_path.with_name(log_path.name + ".1"))


def _log_tail(log_path: Path, offset: int, lines: int = 20) -> str:
    try:
        with log_path.open("rb") as fh:
            fh.seek(offset)
            text = fh.read().decode("utf-8", errors="replace")
    except OSError as exc:
        return f"(log unreadable: {exc})"
    kept = text.splitlines()
    # On a settings error the server prints the error, then its 100-line --help: drop the help.
    usage = next((i for i, line in enumerate(kept) if line.startswith("usage: ")), None)
    if usage:
        kept = kept[:usage]
    return "\n".join(kept[-lines:]) or "(no output)"
