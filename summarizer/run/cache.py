"""The response cache: validated summaries only, keyed on everything that changes them.

The key hashes the endpoint, model, structured-output mode setting, the abstract and
its title, the prompt template file's hash, a hash of the code that renders the prompt
and decides fields (:mod:`summarizer.run.codehash`, so a cached rerun runs none of it), the
summary schema and the generation parameters (for the embedded engine also its version
and the model file's sha256); never timeouts or concurrency. Failures are never stored.

The cache only ever saves time, so it never ends a run: a store that cannot be opened or
read is a warning and a miss, one that cannot be written is a warning, and
``summarizer cache clear`` removes it even when SQLite cannot open it.

Values are stored as JSON, never pickled, and reading the store never unpickles: whoever can
write to the cache directory can make a run miss, not make it run code. The store of earlier
versions (``responses/``, pickled) is never opened; ``clear`` removes it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import sqlite3
import time
import zlib
from pathlib import Path
from typing import Any

import diskcache
from diskcache.core import MODE_PICKLE

from ..errors import ConfigError

log = logging.getLogger(__name__)

STORE = "responses.v2"
# Stores of earlier versions: never read (they hold pickles), removed by ``clear``.
LEGACY_STORES = ("responses",)

_CLEAR_HINT = "run `summarizer cache clear` to reset it"
# What a damaged, full, locked or planted store can raise from diskcache and SQLite.
_FAILURES = (sqlite3.Error, OSError, ValueError, TypeError, zlib.error, diskcache.Timeout)


def cache_key(**parts: Any) -> str:
    """A stable sha256 over the given parts (JSON with sorted keys)."""
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class UnsafeEntry(ValueError):
    """A stored entry that is not plain JSON inside the store: read as a miss."""


class _JSONOnlyDisk(diskcache.Disk):
    """diskcache's storage layer with JSON values, refusing anything it would unpickle.

    Keys are strings (stored as they are). Values are encoded as UTF-8 JSON. An entry
    whose row says "pickle", or whose file lies outside the store, is refused rather than
    read, and such a file is never deleted either: the rows may have been written by
    someone else.
    """

    def put(self, key: Any) -> tuple[Any, bool]:
        if not isinstance(key, str):
            raise TypeError(f"cache keys are strings, not {type(key).__name__}")
        return key, True

    def get(self, key: Any, raw: bool) -> Any:
        if not raw:
            raise UnsafeEntry("a pickled key")
        return super().get(key, raw)

    def store(self, value: Any, read: bool, key: Any = diskcache.UNKNOWN) -> Any:
        data = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        return super().store(data, False, key)

    def fetch(self, mode: int, filename: str | None, value: Any, read: bool) -> Any:
        if mode == MODE_PICKLE:
            raise UnsafeEntry("a pickled value")
        if filename is not None and not self._inside(filename):
            raise UnsafeEntry(f"a value file outside the store ({filename!r})")
        data = super().fetch(mode, filename, value, False)
        try:
            return json.loads(data)
        except ValueError as exc:  # a torn or foreign value: this entry only
            raise UnsafeEntry("a value that is not JSON") from exc

    def remove(self, file_path: str) -> None:
        if self._inside(file_path):
            super().remove(file_path)

    def _inside(self, filename: str) -> bool:
        root = os.path.realpath(self._directory)
        path = os.path.realpath(os.path.join(root, filename))
        return os.path.commonpath([root, path]) == root and path != root


class ResultCache:
    """A diskcache store of validated results; safe across threads and processes.

    Writes are grouped: a result is stored with the ones made within the same second, up
    to :attr:`BATCH` at a time, in one transaction (and all at :meth:`close`). A process
    killed outright loses at most that many unstored results; their records are already
    in its output.

    Reading and writing never raise: a failure is logged once as a warning (for reading,
    and again for writing) and the cache does without that part from then on.
    """

    BATCH = 32
    BATCH_SECONDS = 1.0

    def __init__(self, directory: Path, enabled: bool = True) -> None:
        self.root = Path(directory)
        self.directory = self.root / STORE
        self.enabled = enabled
        self._cache: diskcache.Cache | None = None
        self._pending: dict[str, dict[str, Any]] = {}
        self._pending_since = 0.0
        self._can_read = self._can_write = enabled
        self._warned: set[str] = set()

    def _open(self) -> diskcache.Cache:
        """The store, opened on first use. Raises what diskcache and SQLite raise."""
        if self._cache is None:
            self._cache = diskcache.Cache(str(self.directory), disk=_JSONOnlyDisk, size_limit=2**34)
        return self._cache

    def _warn(self, kind: str, message: str) -> None:
        if kind not in self._warned:
            self._warned.add(kind)
            log.warning("Warning: %s", message)

    def _usable(self) -> diskcache.Cache | None:
        try:
            return self._open()
        except _FAILURES as exc:
            self._can_read = self._can_write = False
            self._pending.clear()
            self._warn(
                "open",
                f"the cache at {self.directory} cannot be opened ({_cause(exc)}); this run "
                f"goes without it. If it is damaged, {_CLEAR_HINT}.",
            )
            return None

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored result for ``key``, or None (also when the store cannot be read)."""
        if not self._can_read:
            return None
        value = self._pending.get(key)
        if value is not None:
            return value
        cache = self._usable()
        if cache is None:
            return None
        try:
            value = cache.get(key)
        except UnsafeEntry as exc:
            self._warn(
                "entry",
                f"an entry of the cache at {self.directory} was not read: it holds {exc}, "
                f"which this version never loads; {_CLEAR_HINT}.",
            )
            return None
        except _FAILURES as exc:
            self._can_read = False  # a damaged or locked store: every read would fail alike
            self._warn(
                "read",
                f"the cache at {self.directory} cannot be read ({_cause(exc)}); results are "
                f"computed anew. {_CLEAR_HINT.capitalize()}.",
            )
            return None
        return value if isinstance(value, dict) else None

    def set(self, key: str, value: dict[str, Any]) -> None:
        """Store ``value`` under ``key`` (with the next batch)."""
        if not self._can_write:
            return
        if not self._pending:
            self._pending_since = time.monotonic()
        self._pending[key] = value
        if (
            len(self._pending) >= self.BATCH
            or time.monotonic() - self._pending_since >= self.BATCH_SECONDS
        ):
            self.flush()

    def flush(self) -> None:
        """Store the pending results now."""
        if not self._pending:
            return
        cache = self._usable()
        if cache is None:
            return
        pending, self._pending = self._pending, {}
        try:
            with cache.transact():
                for key, value in pending.items():
                    cache.set(key, value)
        except _FAILURES as exc:
            self._can_write = False
            self._warn(
                "write",
                f"the cache at {self.directory} cannot be written ({_cause(exc)}); the "
                "results of this run are not cached. Free some space, use --cache-dir, or "
                f"{_CLEAR_HINT}.",
            )

    def stats(self) -> dict[str, Any]:
        """Where the store is, how many entries and bytes it holds.

        Raises:
            ConfigError: The store cannot be opened or read.
        """
        self.flush()
        try:
            cache = self._open()
            return {
                "directory": str(self.directory),
                "entries": len(cache),
                "bytes": cache.volume(),
            }
        except _FAILURES as exc:
            raise ConfigError(
                f"the cache at {self.directory} cannot be read ({_cause(exc)}); {_CLEAR_HINT}"
            ) from exc

    def clear(self) -> int | None:
        """Remove every stored result, also of a store SQLite cannot open.

        Returns:
            How many results were removed, or None when the store could not be counted.

        Raises:
            ConfigError: The files cannot be removed (permissions).
        """
        self._pending.clear()
        self.close()
        count: int | None = 0
        for name in (STORE, *LEGACY_STORES):
            path = self.root / name
            found = _count(path)
            count = None if count is None or found is None else count + found
            try:
                if path.is_symlink() or path.is_file():
                    path.unlink()  # never what a link points at
                elif path.is_dir():
                    shutil.rmtree(path)
            except OSError as exc:
                raise ConfigError(
                    f"cannot remove the cache at {path} ({_cause(exc)}); remove it by hand"
                ) from exc
        return count

    def close(self) -> None:
        """Store the pending results and close the store; never raises."""
        self.flush()
        cache, self._cache = self._cache, None
        if cache is not None:
            try:
                cache.close()
            except _FAILURES:
                pass  # nothing is left to lose: every write has been tried


def _count(store: Path) -> int | None:
    """How many entries a store holds (0 if there is none), or None if it cannot be read."""
    if not store.exists() and not store.is_symlink():
        return 0
    if store.is_symlink() or not store.is_dir():
        return None
    if not (store / "cache.db").is_file():
        return 0 if not any(store.iterdir()) else None
    try:
        with diskcache.Cache(str(store), disk=_JSONOnlyDisk, timeout=2) as cache:
            return len(cache)
    except _FAILURES:
        return None


def _cause(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
