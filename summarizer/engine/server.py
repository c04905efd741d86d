"""The server process of the embedded engine: its bootstrap, launch, readiness and log.

:mod:`.local` decides when a server runs and for how long (one run, or detached); this
module starts one (``python -c`` with :data:`BOOTSTRAP`), waits until it answers, and
signals or reads it. Its output goes to ``<cache_dir>/engine.log``, never to the terminal.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from ..errors import BackendError
from .decoding import VARIABLE as DECODING_VARIABLE
from .decoding import Decoding
from .decoding import current as current_decoding

HOST = "127.0.0.1"
TOKEN_VARIABLE = "SUMMARIZER_ENGINE_TOKEN"
LOG_FILE = "engine.log"
_LOG_ROTATE_BYTES = 5 * 2**20  # a verbose start writes ~175 KB

# Runs in the child as `python -c`. Three things `python -m llama_cpp.server` gets wrong for us:
# its settings read every field from the environment (API_KEY, CONFIG_FILE, HOST, PORT, MODEL,
# N_CTX, ...) and HOST/PORT/CONFIG_FILE even override the command line, so a user's unrelated
# API_KEY would lock us out; and nothing stops it when the parent dies without running atexit
# (SIGKILL, SIGTERM), so a watchdog thread exits once the parent is gone (argv[1] = 0: detached);
# and its grammar sampler checks the whole vocabulary at every step, so
# summarizer.engine.fast_grammar checks the likely tokens first (same greedy output; decoding
# under a grammar at about 90% of the plain rate instead of half). It also applies the decoding
# options of summarizer.engine.decoding (from the environment we give it) before any grammar is
# built, and summarizer.engine.weights' choice of weight layout before the model loads; a
# failure there stops the server, since every cache key names those options.
BOOTSTRAP = """\
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
from summarizer.engine import decoding, weights  # never skipped: both are in every cache key
weights.install()
print(f"summarizer: extra weight buffers {weights.extra_buffers()}", file=sys.stderr)
decoding.install(decoding.current())
print(f"summarizer: decoding {decoding.current().text}", file=sys.stderr)
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
"""


@dataclass
class Server:
    """One server process: how to launch it, wait for it and stop it."""

    model_path: Path
    alias: str
    n_ctx: int
    n_threads: int
    cache_dir: Path
    proc: subprocess.Popen[bytes] | None = None
    port: int = 0
    token: str = ""  # a detached server's proof of identity (see _is_ours)
    decoding: Decoding = field(default_factory=current_decoding)

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
        return [sys.executable, "-c", BOOTSTRAP, parent, *self.args()]

    def environment(self) -> dict[str, str]:
        """The server's environment: ours, its decoding options, a detached server's token."""
        env = {**os.environ, DECODING_VARIABLE: self.decoding.text}
        if self.token:
            env[TOKEN_VARIABLE] = self.token
        return env

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
            signal_group(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                signal_group(proc.pid, signal.SIGKILL)
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


def signal_group(pid: int, sig: signal.Signals) -> None:
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


def pid_alive(pid: int) -> bool:
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


def wait_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while pid_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


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
