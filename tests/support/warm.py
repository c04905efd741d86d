"""CLI runs that skip the interpreter's start: a process that has imported ``summarizer.cli``
forks each run off, so a run costs its own work and not half a second of imports.

Each run is still a process of its own, with the test's arguments, working folder and
environment, and the pipes :func:`subprocess.run` would give it (the test's own stdin when no
input is given). It runs ``main()`` as the console script does and exits through the
interpreter's normal shutdown, atexit handlers and all. The one thing it shares is what happened
at import time (:data:`PRELOADED`), so a warm process serves only runs whose environment it was
started with in the names that act at import time (:data:`IMPORT_TIME`); another such
environment gets a warm process of its own. ``TESTS_COLD_CLI=1`` runs every command from a
fresh interpreter.

The warm process forks a waiter per run, which forks the run and reports its pid and exit
status; the run's parent is the waiter, not the test. The warm process exits once the test
process is gone.
"""

from __future__ import annotations

import atexit
import io
import json
import locale
import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: The names (prefixes) read while the modules a run needs are imported: the interpreter's own
#: (options, paths, locale, time zone, home), terminal size and colour for rich, click and typer,
#: and what openai, pydantic, aiohttp and its parts look up then. summarizer reads none at import
#: time; tests/test_support_warm.py lists every name the imports read and checks it is here.
_IMPORT_TIME = """PYTHON _PYTHON LANG LC_ TZ HOME PATH TMPDIR UNIXCONFDIR UNIXUSRLIBDIR COLUMNS
LINES TERM COLORTERM NO_COLOR FORCE_COLOR CLICOLOR PY_COLORS TTY_ GITHUB_ACTIONS TERMINAL_WIDTH
_TYPER TYPER_ JUPYTER VSCODE OPENAI_LOG OPENAI_API_TYPE OPENAI_API_VERSION AZURE_OPENAI_ PYDANTIC_
DEFER_PYDANTIC_BUILD AIOHTTP_ FROZENLIST_ MULTIDICT_ PROPCACHE_ YARL_ SSL"""
IMPORT_TIME = tuple(_IMPORT_TIME.split())
#: What a run imports on its way (the OpenAI client and instructor, the workers), imported by
#: the warm process too.
PRELOADED = (
    "summarizer.cli",
    "summarizer.backends.openai_compat",
    "summarizer.backends.direct",
    "summarizer.backends.probe",
    "summarizer.io.sharding",
    "summarizer.io.stdout",
    "summarizer.run.workers",
    "summarizer.settings.sources",
)
#: Warm processes kept at once (one per environment), the oldest stopped first.
KEEP = 8

SERVER = r"""
import gc, importlib, json, os, signal, socket, struct, sys
path, parent, preloaded = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
sys.argv = ["summarizer"]
for name in preloaded:
    importlib.import_module(name)
from summarizer.cli import main
gc.freeze()  # what the imports made stays out of every run's collections and shared, not copied

listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(path)
listener.listen(16)
listener.settimeout(1.0)
print("ready", flush=True)

def receive(conn):
    head, fds, _, _ = socket.recv_fds(conn, 8, 3)
    size = struct.unpack("!Q", head)[0]
    data = b""
    while len(data) < size:
        data += conn.recv(size - len(data))
    return json.loads(data), fds

def waiter(conn):
    request, fds = receive(conn)
    pid = os.fork()
    if pid == 0:
        conn.close()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        for number, ignored in request["signals"]:
            if ignored:
                signal.signal(number, signal.SIG_IGN)
            elif number == signal.SIGINT:
                signal.signal(number, signal.default_int_handler)
            else:
                signal.signal(number, signal.SIG_DFL)
        sys.argv = ["summarizer", *request["args"]]
        main()
        raise SystemExit(0)
    for fd in fds:
        os.close(fd)
    conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
    _, status = os.waitpid(pid, 0)
    conn.sendall(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}).encode() + b"\n")
    os._exit(0)

while os.getppid() == parent:
    try:
        conn, _ = listener.accept()
    except TimeoutError:
        conn = None
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                break
        except ChildProcessError:
            break
    if conn is None:
        continue
    conn.settimeout(None)
    if os.fork() == 0:
        listener.close()
        waiter(conn)
    conn.close()
"""


class Warm:
    """One warm process, started with ``env``, listening on a socket in its own folder."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.folder = tempfile.mkdtemp(prefix="summarizer-warm-")
        self.path = os.path.join(self.folder, "socket")
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER, self.path, str(os.getpid()), ",".join(PRELOADED)],
            cwd=self.folder,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            text=True,
        )
        ready = self.process.stdout.readline() if self.process.stdout else ""
        if ready.strip() != "ready":
            self.stop()
            raise RuntimeError(f"the warm CLI process did not start (exit {self.process.poll()})")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        Path(self.path).unlink(missing_ok=True)
        os.rmdir(self.folder)


_pool: dict[tuple[tuple[str, str], ...], Warm] = {}
_lock = threading.Lock()


def _signature(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v) for k, v in env.items() if k.startswith(IMPORT_TIME)))


def _warm_for(env: Mapping[str, str]) -> Warm:
    key = _signature(env)
    with _lock:
        warm = _pool.get(key)
        if warm is not None and not warm.alive():
            _pool.pop(key).stop()
            warm = None
        if warm is None:
            while len(_pool) >= KEEP:
                _pool.pop(next(iter(_pool))).stop()
            warm = _pool[key] = Warm(dict(key))
        return warm


@atexit.register
def _stop_all() -> None:
    with _lock:
        while _pool:
            _pool.popitem()[1].stop()


def cold() -> bool:
    """Whether runs start a fresh interpreter each (``TESTS_COLD_CLI=1``)."""
    return os.environ.get("TESTS_COLD_CLI", "") not in ("", "0")


def run(
    command: Sequence[str],
    args: Sequence[str],
    cwd: Path,
    env: Mapping[str, str],
    *,
    timeout: float,
    input: str | None,
) -> subprocess.CompletedProcess[str]:
    """``summarizer ARGS`` forked off a warm process, as :func:`subprocess.run` with
    ``capture_output=True, text=True, check=False`` would run ``command`` (reported as the
    command that ran): the test's own stdin when ``input`` is None."""
    stdin = None if input is None else subprocess.PIPE
    proc = WarmProcess(
        command, args, cwd, env, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        out, err = proc.communicate(input, timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise subprocess.TimeoutExpired(proc.args, timeout, out, err) from None
    return subprocess.CompletedProcess(proc.args, proc.wait(), out, err)


#: The signals a run takes as a child started now would: ignored if this process ignores them.
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


def _launch(
    args: Sequence[str], cwd: Path, env: Mapping[str, str], fds: Sequence[int], sigint: bool
) -> socket.socket:
    """Start ``summarizer ARGS`` on a warm process with ``fds`` as its stdin, stdout and stderr
    (closed here once sent); the connection its pid and then its exit status come on.

    The run ignores the :data:`SIGNALS` this process ignores (less SIGINT when ``sigint``), and
    takes the others as a fresh interpreter does."""
    warm = _warm_for(env)
    signals = [
        (int(n), signal.getsignal(n) is signal.SIG_IGN and not (sigint and n == signal.SIGINT))
        for n in SIGNALS
    ]
    request = {"args": [os.fspath(a) for a in args], "cwd": os.fspath(cwd), "env": dict(env)}
    data = json.dumps({**request, "signals": signals}).encode()
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(warm.path)
        socket.send_fds(conn, [struct.pack("!Q", len(data))], list(fds))
        conn.sendall(data)
    except BaseException:
        conn.close()
        raise
    finally:
        for fd in set(fds):
            os.close(fd)
    return conn


_STANDARD = {"stdin": 0, "stdout": 1, "stderr": 2}


class WarmProcess:
    """``summarizer ARGS`` started on a warm process, for a test that watches it run: the part
    of :class:`subprocess.Popen` the tests use (``pid``, the three streams, ``poll``, ``wait``,
    ``communicate``, ``send_signal``, ``terminate``, ``kill``; a context manager).

    ``stdin``, ``stdout`` and ``stderr`` take what Popen takes: ``subprocess.PIPE``,
    ``subprocess.DEVNULL``, a file descriptor, a file object, or None for the test's own (and
    ``subprocess.STDOUT`` for stderr). Pipes are text streams when ``text``.
    """

    def __init__(
        self,
        command: Sequence[str],
        args: Sequence[str],
        cwd: Path,
        env: Mapping[str, str],
        *,
        sigint: bool = False,
        text: bool = True,
        **streams: Any,
    ) -> None:
        self.args = [*command, *args]
        self.returncode: int | None = None
        self._pending = b""
        self._results: dict[str, Any] = {}
        child: dict[str, int] = {}
        parent: dict[str, int] = {}
        for name, standard in _STANDARD.items():
            spec = streams.get(name)
            if spec == subprocess.STDOUT and name == "stderr":
                child[name] = os.dup(child["stdout"])
            elif spec == subprocess.PIPE:
                read, write = os.pipe()
                child[name], parent[name] = (read, write) if name == "stdin" else (write, read)
            elif spec == subprocess.DEVNULL:
                child[name] = os.open(os.devnull, os.O_RDWR)
            elif spec is None:
                child[name] = os.dup(standard)
            else:
                child[name] = os.dup(spec if isinstance(spec, int) else spec.fileno())
        encoding = locale.getpreferredencoding(False)
        for name in _STANDARD:
            fd = parent.get(name)
            if fd is None:
                setattr(self, name, None)
            elif not text:
                setattr(self, name, open(fd, "wb" if name == "stdin" else "rb", buffering=0))
            elif name == "stdin":
                setattr(self, name, io.TextIOWrapper(open(fd, "wb"), encoding, write_through=True))
            else:
                setattr(self, name, open(fd, encoding=encoding))
        fds = [child["stdin"], child["stdout"], child["stderr"]]
        self._conn = _launch(args, cwd, env, fds, sigint)
        self.pid: int = self._reply(None)["pid"]

    def __enter__(self) -> WarmProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        for stream in (self.stdout, self.stderr, self.stdin):
            if stream is not None:
                stream.close()
        self.wait()

    def _reply(self, timeout: float | None) -> dict[str, Any] | None:
        """The waiter's next line (the pid, then the exit status); None once ``timeout`` ends."""
        self._conn.settimeout(timeout)
        try:
            while b"\n" not in self._pending:
                chunk = self._conn.recv(4096)
                if not chunk:
                    raise RuntimeError("the warm CLI process closed the connection")
                self._pending += chunk
        except (TimeoutError, BlockingIOError):
            return None
        line, _, self._pending = self._pending.partition(b"\n")
        return json.loads(line)

    def _status(self, timeout: float | None) -> int | None:
        if self.returncode is None and (reply := self._reply(timeout)) is not None:
            self.returncode = reply["returncode"]
            self._conn.close()
        return self.returncode

    def poll(self) -> int | None:
        return self._status(0)

    def wait(self, timeout: float | None = None) -> int:
        code = self._status(timeout)
        if code is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0)
        return code

    def communicate(self, input: Any = None, timeout: float | None = None) -> tuple[Any, Any]:
        if not self._results:
            threads = []
            for name in ("stdout", "stderr"):
                stream = getattr(self, name)
                if stream is not None:
                    threads.append(threading.Thread(target=self._read, args=(name, stream)))
            if self.stdin is not None:
                threads.append(threading.Thread(target=self._write, args=(input,)))
            for thread in threads:
                thread.daemon = True
                thread.start()
            self._results["threads"] = threads
        deadline = None if timeout is None else time.monotonic() + timeout
        for thread in self._results["threads"]:
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
        self.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return self._results.get("stdout"), self._results.get("stderr")

    def _read(self, name: str, stream: Any) -> None:
        with stream:
            self._results[name] = stream.read()

    def _write(self, data: Any) -> None:
        try:
            if data:
                self.stdin.write(data)
            self.stdin.close()
        except BrokenPipeError:
            pass

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)
