"""Starting Ray the way Ray's own tools do, and leaving nothing behind.

``RAY_ADDRESS`` set: connect to that cluster (``ray start``, KubeRay) within
:data:`~summarizer.scale.connect.CONNECT_SECONDS`, and leave it running. Unset (or
``local``): start a local instance for this run, with every core of the machine, no
dashboard, a token of its own for Ray's token authentication (none is written to ``~/.ray``),
under a temporary folder of its own with a short path (Ray's socket paths must stay under
108 bytes), and stop it at the end: :func:`ray.shutdown`, then any process still
running from that folder is killed, so a run never leaves Ray processes behind. Ray makes
every folder it creates or is given world-writable (``chmod 0777`` when a node starts), so it
is given ``r`` inside the run's folder (``mkdtemp``, 0700), which Ray never changes and which
keeps other users out of everything below it. A driver killed outright cannot stop its
instance; the folder holds the driver's pid and start time (``driver.pid``), and the next
local run kills what is left of every instance whose driver is gone before it starts its
own. Usage statistics are off wherever we start Ray (``RAY_USAGE_STATS_ENABLED=0``): they
would send traffic off the machine.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ..io.statefile import ForeignFile, read_state
from .connect import cluster_address, connect, parse_address

#: The variables that say how Ray authenticates (token authentication, Ray 2.52 on).
_AUTH = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
#: What a missing extra says, for the CLI flag and for the library.
MISSING = "{what} needs Ray: pip install 'summarizer[ray]'"
#: The folders of the local instances this tool starts, and the file naming their driver.
PREFIX = "summarizer-ray-"
DRIVER_FILE = "driver.pid"
#: The folder Ray is given, inside the run's own.
RAY_DIR = "r"
#: Ray's longest socket path below the temporary folder (the session name holds the date and
#: the driver's pid), and the longest path a Unix socket can have.
_SOCKET_TAIL = len(f"/{PREFIX}xxxxxxxx/{RAY_DIR}/session_2026-01-01_00-00-00_000000_4194304")
_SOCKET_TAIL += len("/sockets/plasma_store")
_SOCKET_MAX = 107


def import_ray(what: str = "--ray") -> Any:
    """The ``ray`` module with Ray Data loaded, telemetry off.

    Raises:
        ConfigError: Ray (or Ray Data) is not installed, or ``RAY_ADDRESS`` is not an
            address.
    """
    address = cluster_address()
    if address is not None:
        parse_address(address)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    _own_token()
    try:
        import ray
        import ray.data  # noqa: F401 - the part we need, also missing without [data]
    except ImportError as exc:
        raise ConfigError(MISSING.format(what=what)) from exc
    return ray


@dataclass
class Session:
    """A connected Ray: ``local`` when this run started it (under ``temp_dir``)."""

    ray: Any
    local: bool
    temp_dir: Path | None = None

    @property
    def remote(self) -> bool:
        """Connected to a cluster that runs elsewhere (``RAY_ADDRESS``)."""
        return not self.local


def _quiet(ray: Any) -> None:
    """No progress bars or plan lines of Ray Data on our stderr: the run has its own bar."""
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = False
    for name in ("enable_operator_progress_bars", "print_on_execution_start"):
        if hasattr(context, name):
            setattr(context, name, False)
    for name in ("ray", "ray.data"):
        logging.getLogger(name).setLevel(logging.ERROR)


@contextlib.contextmanager
def ray_session(num_cpus: int | None = None) -> Iterator[Session]:
    """Ray for one run: a cluster's (``RAY_ADDRESS``), the one already started in this
    process, or a local one started and stopped here.

    Args:
        num_cpus: CPUs of a local instance (default: every core of the machine).

    Raises:
        ConfigError: Ray is not installed, or the cluster cannot be reached.
    """
    ray = import_ray()
    if ray.is_initialized():  # a library user's own instance: theirs to stop
        _quiet(ray)
        yield Session(ray, local=False)
        return
    address = cluster_address()
    if address is not None:
        connect(ray, parse_address(address), logging_level=logging.ERROR, log_to_driver=True)
        _quiet(ray)
        try:
            yield Session(ray, local=False)
        finally:
            ray.shutdown()
        return
    base = _short_tmp()
    reap_orphans(Path(base))
    root = Path(tempfile.mkdtemp(prefix=PREFIX, dir=base))
    (root / DRIVER_FILE).write_text(_process_id(os.getpid()))
    try:
        _init_keeping_sigterm(
            ray,
            # "local": a new instance, never the last one `ray start` left on this machine.
            address="local",
            num_cpus=num_cpus or os.cpu_count() or 1,
            include_dashboard=False,
            _temp_dir=str(root / RAY_DIR),
            logging_level=logging.ERROR,
            log_to_driver=True,
        )
        _quiet(ray)
        yield Session(ray, local=True, temp_dir=root)
    finally:
        with contextlib.suppress(Exception):
            ray.shutdown()
        kill_instance(root)
        if os.environ.get("SUMMARIZER_DEBUG"):  # its logs, kept for a debug run
            (root / DRIVER_FILE).unlink(missing_ok=True)  # and not reaped by the next one
        else:
            shutil.rmtree(root, ignore_errors=True)


def _init_keeping_sigterm(ray: Any, **init: Any) -> None:
    """``ray.init(**init)``, and then the caller's own SIGTERM handler again: Ray sets one
    that exits with status 15, which would end a CLI run otherwise than Ctrl-C does (the
    CLI's handler). Without a handler of the caller's, Ray's stays: it stops the instance."""
    previous = signal.getsignal(signal.SIGTERM)
    try:
        ray.init(**init)
    finally:
        if (
            callable(previous)
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGTERM) is not previous
        ):
            signal.signal(signal.SIGTERM, previous)


def _own_token() -> None:
    """For a local instance, a token of its own: Ray's token authentication stays on, and Ray
    writes no token to ``~/.ray``. Only before Ray is imported (it reads the mode then), and
    only when the user chose nothing (``RAY_AUTH_*``) and names no cluster."""
    if "ray" in sys.modules or cluster_address() is not None:
        return
    if not any(name in os.environ for name in _AUTH):
        # The instance's processes start with this environment.
        os.environ.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32))


def _short_tmp() -> str:
    """``$RAY_TMPDIR`` or ``$TMPDIR`` when short enough for Ray's socket paths, else /tmp."""
    for name in ("RAY_TMPDIR", "TMPDIR"):
        value = os.environ.get(name)
        if value and len(os.fsencode(value)) + _SOCKET_TAIL <= _SOCKET_MAX and os.path.isdir(value):
            return value
    return "/tmp"


def instance_pids(temp_dir: Path) -> list[int]:
    """The processes of the Ray instance under ``temp_dir``, read from ``/proc``: those whose
    command line names it (GCS, the raylet, the object store) or that hold a file in it open
    (every worker and agent writes its log there: Ray rewrites their process titles), and
    their descendants."""
    needle = os.fsencode(str(temp_dir))
    me = os.getpid()
    roots: set[int] = set()
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        pid = int(entry.name)
        try:
            cmdline = (entry / "cmdline").read_bytes()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(pid)
        if needle in cmdline or _holds_file_in(entry, needle):
            roots.add(pid)
    found, todo = set(roots), list(roots)
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found and child != me:
                found.add(child)
                todo.append(child)
    return sorted(found)


def _holds_file_in(proc: Path, needle: bytes) -> bool:
    try:
        fds = list((proc / "fd").iterdir())
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(os.fsencode(fd)).startswith(needle):
                return True
        except OSError:
            continue
    return False


def kill_instance(temp_dir: Path) -> None:
    """SIGKILL every process still running from the instance under ``temp_dir``."""
    for pid in instance_pids(temp_dir):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _process_id(pid: int) -> str:
    """``PID START`` of a running process (its start time in clock ticks since boot, so a
    reused pid is told apart); "" for no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return f"{pid} {stat.rsplit(')', 1)[1].split()[19]}"


def reap_orphans(base: Path) -> list[Path]:
    """Kill what is left of the local instances under ``base`` whose driver is gone, and
    remove their folders; the folders reaped.

    An instance counts as ours when its folder (``summarizer-ray-*``) names its driver in
    ``driver.pid``; one whose driver still runs (another run's) is left alone, and so is a
    folder without that file."""
    reaped = []
    for folder in sorted(base.glob(PREFIX + "*")):
        try:
            info = folder.lstat()
            if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
                continue  # a link, or another user's folder: never ours to reap
            found = read_state(folder / DRIVER_FILE, 64)
        except (OSError, ForeignFile):
            continue  # no driver file, or one that is not a regular file of ours (a FIFO)
        if found is None:
            continue
        driver = found[0].decode("ascii", errors="replace").strip()
        pid = driver.split()[0] if driver else ""
        if not pid.isdigit() or _process_id(int(pid)) == driver:
            continue
        kill_instance(folder)
        shutil.rmtree(folder, ignore_errors=True)
        reaped.append(folder)
    return reaped
