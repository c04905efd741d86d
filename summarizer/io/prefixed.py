"""The first bytes of an input, read to tell its format, and given back in front of the rest:
a pipe cannot be reopened or rewound."""

from __future__ import annotations

import io

#: How much of an input is read to tell its format.
HEAD_BYTES = 8192


def read_head(raw: io.RawIOBase) -> bytes:
    """Up to :data:`HEAD_BYTES` of ``raw`` (a pipe may give them in several reads)."""
    chunks, size = [], 0
    while size < HEAD_BYTES:
        chunk = raw.read(HEAD_BYTES - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


class Prefixed(io.RawIOBase):
    """``raw`` with ``head`` (bytes already read from it) in front."""

    def __init__(self, head: bytes, raw: io.RawIOBase) -> None:
        self._head = memoryview(head)
        self._raw = raw

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        return self._raw.readinto(buffer) or 0

    def close(self) -> None:
        if not self.closed:
            self._raw.close()
        super().close()
