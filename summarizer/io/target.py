"""Where a command may write: the rules every command that writes a file follows.

A command that writes OUT first calls :func:`check_target`, then holds an
:class:`OutputLock` for the whole run and writes through :func:`atomic_file` (or, for a
resumable output, rewrites it that way once and then appends):

- ``-`` is standard output, and nothing below applies.
- A symlink is followed on purpose: the file written is the link's final target, and every
  rule applies to that target.
- Refused (a usage error): OUT is the same file as an input (device and inode, so also
  through links), a directory, a device, a FIFO or a socket; or an existing, non-empty file
  that is not a previous output of the same command, unless ``force``.
- One process per output: a second run on the same OUT fails at once, naming the pid that
  holds it. The lock is ``fcntl.flock`` on a file beside OUT, released by the kernel when its
  holder dies, so a killed run never blocks the next one. A lock path that is not a regular
  file of this user with one name (a symlink, a hard link, a FIFO) is refused, not written.
- Temporary files are made with ``O_EXCL`` in OUT's folder (:mod:`tempfile`), so a planted
  ``OUT.tmp`` (a symlink, say) is never followed, and a failed write leaves none behind.
- A write that fails (disk full, read-only folder) is one :class:`OutputError` naming the path.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from ..errors import OutputError, UsageError
from .statefile import ForeignFile, open_lock

__all__ = [
    "OutputError",
    "OutputLock",
    "atomic_file",
    "check_target",
    "is_stdout",
    "write_error",
]

#: Tells whether an existing file is a previous output of a command (given its path).
Recognizer = Callable[[Path], bool]

_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
}


def is_stdout(path: str | Path | None) -> bool:
    """``-`` (or no path): the output goes to standard output."""
    return path is None or str(path) == "-"


def check_target(
    path: str | Path,
    *,
    inputs: Iterable[str | Path] = (),
    recognize: Recognizer | None = None,
    what: str = "output",
    force: bool = False,
) -> Path:
    """The file to write for OUT ``path``, after the checks of the module docstring.

    Args:
        path: OUT as the user gave it.
        inputs: Every file the command reads (``-`` is skipped).
        recognize: Whether an existing file is a previous output of this command; None
            accepts none (any existing non-empty file needs ``force``).
        what: How to name OUT in messages ("output", "digest", ...).
        force: Replace an existing file that is not a previous output.

    Raises:
        UsageError: OUT may not be written (see the module docstring).
    """
    given = Path(path)
    target = Path(os.path.realpath(given))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise UsageError(f"{what} {given}: {exc.strerror or exc}") from exc
    if info is not None:
        kind = _KINDS.get(stat.S_IFMT(info.st_mode))
        if kind is not None:
            raise UsageError(f"{what} {given} is {kind}; give the path of a regular file")
        for source in inputs:
            if is_stdout(source):
                continue
            try:
                same = os.path.samefile(source, target)
            except OSError:
                continue
            if same:
                raise UsageError(
                    f"{what} {given} is the input {source}; writing it would destroy the "
                    "input: give another output path"
                )
        if info.st_size > 0 and not force:
            ours = False
            if recognize is not None:
                try:
                    ours = recognize(target)
                except (OSError, UnicodeDecodeError, ValueError):
                    ours = False
            if not ours:
                raise UsageError(
                    f"{what} {given} exists and is not an output of this command; "
                    "give a new path, or pass --force to replace it"
                )
    if target.parent.exists() and not target.parent.is_dir():
        raise UsageError(f"{what} {given}: {target.parent} is not a directory")
    return target


class OutputLock:
    """An exclusive lock on OUT for one process, held from :meth:`acquire` to :meth:`release`.

    The lock file is ``.OUT.lock`` beside OUT and holds the holder's pid. It is opened as
    :mod:`.statefile` opens state files: one that is not a regular file of ours (a symlink,
    a hard link, a FIFO, another user's file) is refused, never written through. It is
    removed on release.
    """

    def __init__(self, target: Path, what: str = "output") -> None:
        self.target = Path(target)
        self.path = self.target.with_name(f".{self.target.name}.lock")
        self.what = what
        self._fd: int | None = None

    def acquire(self) -> OutputLock:
        """Take the lock, or fail at once.

        Raises:
            OutputError: another process holds it ("another summarizer run is writing OUT
                (pid N)"), the lock file is not ours, or it cannot be made.
        """
        while True:
            try:
                self.target.parent.mkdir(parents=True, exist_ok=True)
                fd = open_lock(self.path)
            except ForeignFile as exc:
                raise OutputError(f"{exc}; remove it (it is not this tool's lock file)") from exc
            except OSError as exc:
                raise OutputError(f"cannot write {self.target}: {exc.strerror or exc}") from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = _read_pid(fd)
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    pid = f" (pid {holder})" if holder else ""
                    raise OutputError(
                        f"another summarizer run is writing {self.target}{pid}; wait for it "
                        "to finish, or write to another output"
                    ) from exc
                raise OutputError(f"cannot lock {self.target}: {exc.strerror or exc}") from exc
            # The holder before us may have removed the file after we opened it: then our
            # lock is on a file nobody else will see, so take the lock again on the new one.
            try:
                current = os.stat(self.path, follow_symlinks=False)
            except FileNotFoundError:
                os.close(fd)
                continue
            opened = os.fstat(fd)
            if (current.st_dev, current.st_ino) != (opened.st_dev, opened.st_ino):
                os.close(fd)
                continue
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            self._fd = fd
            return self

    def release(self) -> None:
        """Give the lock up and remove its file (idempotent)."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        with contextlib.suppress(OSError):
            os.close(self._fd)
        self._fd = None

    def __enter__(self) -> OutputLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else None
    except OSError:
        return None


@contextlib.contextmanager
def atomic_file(
    target: Path, *, newline: str | None = None, binary: bool = False
) -> Iterator[IO[Any]]:
    """A new text file (a binary one with ``binary``) that replaces ``target`` only when the
    block ends without error.

    The temporary file is made with ``O_EXCL`` in ``target``'s folder and removed when the
    block fails; a failing write or replace is an :class:`OutputError` naming ``target``.
    """
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc
    tmp = Path(name)
    try:
        mode = {"mode": "wb"} if binary else {"mode": "w", "encoding": "utf-8", "newline": newline}
        with os.fdopen(fd, **mode) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        _keep_mode(target, tmp)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def _keep_mode(target: Path, tmp: Path) -> None:
    """The replacing file gets the mode of the file it replaces (mkstemp makes it 0600)."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    os.chmod(tmp, mode)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_error(target: Path, exc: OSError) -> OutputError:
    """The one error for a failed write to ``target``."""
    return OutputError(f"cannot write {target}: {exc.strerror or exc}")
