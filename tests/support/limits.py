"""A wall-clock bound for tests that talk to servers or subprocesses (no pytest-timeout)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Raise TimeoutError in the main thread if the block runs over ``seconds``."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"test ran over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
