"""How many requests may be in flight: an adaptive (AIMD) limit under a fixed ceiling.

The limit starts at the ceiling (``--concurrency``). A request that meets a rate limit
(HTTP 429) halves it, down to 1; a run of ``increase_after`` successful requests raises
it by one, never above the ceiling. Requests that were already in flight when the limit
was lowered were sent at the old rate, so their 429s do not lower it again: one burst of
429s halves the limit once. A ``Retry-After`` hint also holds back new requests until it
has passed (at most :data:`MAX_PAUSE` seconds).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

MAX_PAUSE = 60.0


class Slot:
    """One request's permission to run, and what it tells the limiter about the outcome."""

    def __init__(self, limiter: AdaptiveLimiter, epoch: int) -> None:
        self._limiter = limiter
        self.epoch = epoch
        #: Whether this request has met a rate limit.
        self.hit = False

    def rate_limited(self, retry_after: float | None = None) -> None:
        """The endpoint answered 429 (also when the HTTP client then retried by itself)."""
        self.hit = True
        self._limiter._rate_limited(self.epoch, retry_after)

    def succeeded(self) -> None:
        """The request got its answer without being rate limited."""
        self._limiter._succeeded()


class AdaptiveLimiter:
    """An additive-increase, multiplicative-decrease limit on requests in flight.

    Args:
        maximum: the ceiling, and the starting limit.
        increase_after: successes in a row that raise the limit by one.
        clock: seconds, monotonic (injectable for tests).
    """

    def __init__(
        self,
        maximum: int,
        *,
        increase_after: int = 8,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if maximum < 1:
            raise ValueError("maximum must be at least 1")
        self.maximum = maximum
        self.limit = maximum
        self.lowest = maximum
        self.in_flight = 0
        self.rate_limits = 0
        self.increase_after = max(1, increase_after)
        self._clock = clock
        self._epoch = 0
        self._streak = 0
        self._resume_at = 0.0
        self._changed: asyncio.Condition | None = None

    @property
    def _cond(self) -> asyncio.Condition:
        if self._changed is None:  # created in the running loop, on first use
            self._changed = asyncio.Condition()
        return self._changed

    async def acquire(self) -> Slot:
        """Wait until a request may start, and count it as in flight."""
        async with self._cond:
            while True:
                pause = self._resume_at - self._clock()
                if pause > 0:
                    try:
                        await asyncio.wait_for(self._cond.wait(), timeout=pause)
                    except TimeoutError:
                        pass
                    continue
                if self.in_flight < self.limit:
                    break
                await self._cond.wait()
            self.in_flight += 1
            return Slot(self, self._epoch)

    async def release(self) -> None:
        async with self._cond:
            self.in_flight -= 1
            self._cond.notify_all()

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[Slot]:
        """``async with limiter.slot() as slot:`` around one request."""
        held = await self.acquire()
        try:
            yield held
        finally:
            await self.release()

    def _rate_limited(self, epoch: int, retry_after: float | None) -> None:
        self.rate_limits += 1
        self._streak = 0
        if retry_after is not None and retry_after > 0:
            until = self._clock() + min(retry_after, MAX_PAUSE)
            self._resume_at = max(self._resume_at, until)
        if epoch == self._epoch:
            self.limit = max(1, self.limit // 2)
            self.lowest = min(self.lowest, self.limit)
            self._epoch += 1

    def _succeeded(self) -> None:
        self._streak += 1
        if self._streak >= self.increase_after:
            self._streak = 0
            # Waiters see the new limit when this request's slot is released.
            self.limit = min(self.maximum, self.limit + 1)
