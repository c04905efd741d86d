"""Processes seen through /proc (the children of a process, whether one still runs), and
children that Ctrl-C can reach even when the suite runs in the background."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def _stat_fields(pid: int | str) -> list[str]:
    """The fields of /proc/PID/stat after the command ("state ppid ..."); the command, in
    parentheses, may itself hold spaces and parentheses."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def children_of(parent: int) -> list[int]:
    """The processes whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = _stat_fields(entry.name)
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie, dead and not yet reaped, is not running)."""
    try:
        return _stat_fields(pid)[0] != "Z"
    except OSError:
        return False


@contextmanager
def default_sigint() -> Iterator[None]:
    """Children started inside this block get SIGINT's default action, as from a terminal.

    A job that a non-interactive shell starts in the background (``make test &``, ``nohup``,
    CI runners) inherits SIGINT ignored. An ignored signal stays ignored across fork and exec,
    and a Python started so keeps ignoring it, which the CLI honours (``nohup`` users ask for
    it). A handled signal is reset to its default at exec instead, so for the length of the
    block this process handles SIGINT as Python does by default. Call it from the main thread.
    """
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def interruptible(args: list[str], **popen: Any) -> subprocess.Popen[Any]:
    """``subprocess.Popen(args, **popen)`` for a child the test will send SIGINT to."""
    with default_sigint():
        return subprocess.Popen(args, **popen)
