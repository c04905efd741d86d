"""A map of paper ids whose memory stays bounded however long the input is.

A run remembers something per paper: the ids it has read (to skip a repeated one, and to
refuse one id given to two different abstracts) and, when it resumes, the ids already
finished. In a Python dict that costs a few hundred bytes a paper, a few hundred MB over
a million-line input. :class:`IdStore` keeps the first ``in_memory`` ids in a dict and
the rest in a private SQLite database on disk (deleted when it is closed), with a page
cache of a few MB.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

#: Ids held in a dict before the rest go to disk (about 25 MB of ids and values).
IN_MEMORY = 100_000
_COMMIT_EVERY = 10_000


class IdStore:
    """``id -> str`` (an empty string where only membership matters)."""

    def __init__(self, in_memory: int | None = None) -> None:
        self._memory: dict[str, str] = {}
        self._in_memory = IN_MEMORY if in_memory is None else in_memory
        self._db: sqlite3.Connection | None = None
        self._uncommitted = 0

    def _disk(self) -> sqlite3.Connection:
        if self._db is None:
            # "": a private temporary database, in a file SQLite removes when it is closed
            db = sqlite3.connect("", check_same_thread=False)
            db.execute("PRAGMA cache_size = -4000")  # KiB
            db.execute("PRAGMA synchronous = OFF")
            db.execute("CREATE TABLE ids (id TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID")
            self._db = db
        return self._db

    def get(self, key: str) -> str | None:
        value = self._memory.get(key)
        if value is not None or self._db is None:
            return value
        row = self._db.execute("SELECT value FROM ids WHERE id = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def add(self, key: str, value: str = "") -> None:
        """Set ``key`` (a key already held keeps its place, in memory or on disk)."""
        if key in self._memory or len(self._memory) < self._in_memory:
            self._memory[key] = value
            return
        db = self._disk()
        db.execute(
            "INSERT INTO ids VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET value = excluded.value",
            (key, value),
        )
        self._uncommitted += 1
        if self._uncommitted >= _COMMIT_EVERY:
            db.commit()
            self._uncommitted = 0

    def __len__(self) -> int:
        if self._db is None:
            return len(self._memory)
        (count,) = self._db.execute("SELECT COUNT(*) FROM ids").fetchone()
        return len(self._memory) + count

    def __iter__(self) -> Iterator[str]:
        for key, _ in self.items():
            yield key

    def items(self) -> Iterator[tuple[str, str]]:
        """Every ``(id, value)``, the disk part read as it goes (add nothing meanwhile)."""
        yield from list(self._memory.items())
        if self._db is not None:
            yield from self._db.execute("SELECT id, value FROM ids")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
