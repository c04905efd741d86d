"""State files: the small files of this tool's own beside an output or in the cache directory.

They are the engine record (``engine.json``), its lock (``engine.lock``) and the lock beside
each output (``.OUT.lock``). Anyone who can write the folder can put something else at such a
path: a FIFO, whose open or read blocks forever; a symlink or a hard link to another file,
which a write would go through; a file of another user. So every state file is opened here,
one way: never following a symlink, never blocking, and used only when what was opened is a
regular file of this user with no other name. Anything else raises :class:`ForeignFile`, and
the caller decides whether that is an error (a lock) or a stale record to ignore.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

__all__ = ["ForeignFile", "load_state", "open_lock", "read_state", "remove_state"]

T = TypeVar("T")
log = logging.getLogger(__name__)

_BASE_FLAGS = os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFLNK: "a symlink",
}


class ForeignFile(Exception):
    """What is at a state file's path is not a state file of ours.

    ``reason`` completes "PATH is ...": "a FIFO", "a symlink", "a hard link (2 names)",
    "owned by another user (uid N)".
    """

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} is {reason}")
        self.path = path
        self.reason = reason


def open_lock(path: str | Path) -> int:
    """A descriptor (read-write) on the lock file ``path``, created if absent.

    Raises:
        ForeignFile: ``path`` is not a regular file of ours (see the module docstring).
        OSError: It cannot be opened or made.
    """
    return _open(Path(path), os.O_RDWR | os.O_CREAT)


def read_state(path: str | Path, limit: int) -> tuple[bytes, os.stat_result] | None:
    """The bytes of the state file ``path`` and what it was, or None if there is none.

    At most ``limit + 1`` bytes are read: more than ``limit`` means the file is larger, and so
    not a record of ours.

    Raises:
        ForeignFile: ``path`` is not a regular file of ours.
        OSError: It cannot be read.
    """
    try:
        fd = _open(Path(path), os.O_RDONLY)
    except FileNotFoundError:
        return None
    try:
        return os.read(fd, limit + 1), os.fstat(fd)
    finally:
        os.close(fd)


def load_state(path: Path, parse: Callable[[bytes], T], what: str, limit: int) -> T | None:
    """What ``parse`` makes of the state file ``path`` (at most ``limit`` bytes), or None.

    None when there is no file, and when there is one to ignore, with a warning: one that is
    not a regular file of ours, or cannot be read, is left in place; one that ``parse``
    rejects (ValueError) is stale and removed. ``what`` names a valid file in the warning
    ("an engine record").
    """
    try:
        found = read_state(path, limit)
    except ForeignFile as exc:
        log.warning("Warning: %s, not %s; ignoring it (remove it)", exc, what)
        return None
    except OSError as exc:
        log.warning("Warning: cannot read %s (%s); ignoring it", path, exc.strerror or exc)
        return None
    if found is None:
        return None
    data, seen = found
    try:
        if len(data) > limit:
            raise ValueError(f"larger than {limit} bytes")
        return parse(data)
    except ValueError as exc:
        log.warning("Warning: %s is not %s (%s); removed it", path, what, exc)
        remove_state(path, seen)
        return None


def remove_state(path: str | Path, seen: os.stat_result) -> None:
    """Remove ``path`` if it is still the file ``seen`` (another may have replaced it since)."""
    with contextlib.suppress(OSError):
        now = os.stat(path, follow_symlinks=False)
        if (now.st_dev, now.st_ino) == (seen.st_dev, seen.st_ino):
            os.unlink(path)


def _open(path: Path, flags: int) -> int:
    try:
        fd = os.open(path, flags | _BASE_FLAGS, 0o644)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            # ELOOP: a symlink (O_NOFOLLOW); ENXIO: a socket, or a FIFO opened for writing.
            raise ForeignFile(path, _kind_at(path) or "not a regular file") from exc
        raise
    try:
        reason = _foreign(os.fstat(fd))
    except OSError:
        os.close(fd)
        raise
    if reason is not None:
        os.close(fd)
        raise ForeignFile(path, reason)
    return fd


def _foreign(info: os.stat_result) -> str | None:
    """Why an opened file is not a state file of ours, or None if it is one."""
    if not stat.S_ISREG(info.st_mode):
        return _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
    if info.st_nlink > 1:
        return f"a hard link ({info.st_nlink} names)"
    if info.st_uid != os.geteuid():
        return f"owned by another user (uid {info.st_uid})"
    return None


def _kind_at(path: Path) -> str | None:
    try:
        return _KINDS.get(stat.S_IFMT(os.stat(path, follow_symlinks=False).st_mode))
    except OSError:
        return None
