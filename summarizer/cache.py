"""The response cache: validated summaries only, keyed on everything that changes them.

The key hashes the endpoint, model, structured-output mode setting, the abstract and
its title, the prompt template file's hash, a hash of the code that renders the prompt
and decides fields (so a cached rerun runs none of it), the summary schema and the
generation parameters; never timeouts or concurrency. Failures are never stored.
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

import diskcache

from .errors import ConfigError


def cache_key(**parts: Any) -> str:
    """A stable sha256 over the given parts (JSON with sorted keys)."""
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class ResultCache:
    """A diskcache store of validated results; safe across threads and processes.

    Writes are grouped: a result is stored with the ones made within the same second, up
    to :attr:`BATCH` at a time, in one transaction (and all at :meth:`close`). A process
    killed outright loses at most that many unstored results; their records are already
    in its output.
    """

    BATCH = 32
    BATCH_SECONDS = 1.0

    def __init__(self, directory: Path, enabled: bool = True) -> None:
        self.directory = Path(directory) / "responses"
        self.enabled = enabled
        self._cache: diskcache.Cache | None = None
        self._pending: dict[str, dict[str, Any]] = {}
        self._pending_since = 0.0

    def _open(self) -> diskcache.Cache:
        if self._cache is None:
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
                self._cache = diskcache.Cache(str(self.directory), size_limit=2**34)
            except OSError as exc:
                raise ConfigError(
                    f"cache directory {self.directory} is not writable ({exc.strerror}); "
                    "set SUMMARIZER_CACHE_DIR or use --no-cache"
                ) from exc
        return self._cache

    def get(self, key: str) -> dict[str, Any] | None:
        if not self.enabled:
            return None
        value = self._pending.get(key)
        if value is None:
            value = self._open().get(key)
        return value if isinstance(value, dict) else None

    def set(self, key: str, value: dict[str, Any]) -> None:
        if not self.enabled:
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
        cache = self._open()
        pending, self._pending = self._pending, {}
        with cache.transact():
            for key, value in pending.items():
                cache.set(key, value)

    def stats(self) -> dict[str, Any]:
        self.flush()
        cache = self._open()
        return {"directory": str(self.directory), "entries": len(cache), "bytes": cache.volume()}

    def clear(self) -> int:
        self.flush()
        return self._open().clear()

    def close(self) -> None:
        self.flush()
        if self._cache is not None:
            self._cache.close()
            self._cache = None
