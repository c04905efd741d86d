"""The adaptive concurrency limit, step by step (no timing: a fake clock)."""

from __future__ import annotations

import asyncio

import pytest

from summarizer.run.limiter import MAX_PAUSE, AdaptiveLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def run(coro):
    return asyncio.run(coro)


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_starts_at_the_ceiling_and_halves_on_a_rate_limit_down_to_one():
    async def go():
        limiter = AdaptiveLimiter(8)
        seen = [limiter.limit]
        for _ in range(5):
            async with limiter.slot() as slot:
                slot.rate_limited()
            seen.append(limiter.limit)
        return seen, limiter

    seen, limiter = run(go())
    assert seen == [8, 4, 2, 1, 1, 1]
    assert limiter.lowest == 1 and limiter.rate_limits == 5


def test_a_burst_of_429s_from_requests_already_in_flight_halves_once():
    async def go():
        limiter = AdaptiveLimiter(8)
        slots = [await limiter.acquire() for _ in range(8)]
        for slot in slots:
            slot.rate_limited()
        for _ in slots:
            await limiter.release()
        after_burst = limiter.limit
        async with limiter.slot() as slot:  # sent at the new rate: lowers it again
            slot.rate_limited()
        return after_burst, limiter

    after_burst, limiter = run(go())
    assert after_burst == 4
    assert limiter.limit == 2
    assert limiter.rate_limits == 9


def test_a_run_of_successes_raises_by_one_up_to_the_ceiling():
    async def go():
        limiter = AdaptiveLimiter(4, increase_after=3)
        async with limiter.slot() as slot:
            slot.rate_limited()
        async with limiter.slot() as slot:
            slot.rate_limited()
        assert limiter.limit == 1
        seen = []
        for _ in range(12):
            async with limiter.slot() as slot:
                slot.succeeded()
            seen.append(limiter.limit)
        return seen

    assert run(go()) == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4]


def test_a_rate_limit_breaks_the_run_of_successes():
    async def go():
        limiter = AdaptiveLimiter(4, increase_after=3)
        async with limiter.slot() as slot:
            slot.rate_limited()  # 2
        for _ in range(2):
            async with limiter.slot() as slot:
                slot.succeeded()
        async with limiter.slot() as slot:
            slot.rate_limited()  # 1, and the two successes no longer count
        for _ in range(2):
            async with limiter.slot() as slot:
                slot.succeeded()
        return limiter.limit

    assert run(go()) == 1


def test_no_more_than_the_limit_start_and_a_lowered_limit_holds_back_new_ones():
    async def go():
        limiter = AdaptiveLimiter(4)
        held = [await limiter.acquire() for _ in range(4)]
        fifth = asyncio.create_task(limiter.acquire())
        await _settle()
        assert not fifth.done()  # 4 in flight, limit 4
        held[0].rate_limited()  # limit 2, still 4 in flight
        await limiter.release()
        await limiter.release()
        await _settle()
        assert not fifth.done()  # 2 in flight, limit 2
        await limiter.release()
        await _settle()
        assert fifth.done()  # 1 in flight: room for one
        assert limiter.in_flight == 2

    run(go())


def test_retry_after_holds_back_new_requests_until_it_has_passed():
    async def go():
        clock = Clock()
        limiter = AdaptiveLimiter(4, clock=clock)
        first = await limiter.acquire()
        first.rate_limited(retry_after=5.0)
        waiting = asyncio.create_task(limiter.acquire())
        await _settle()
        assert not waiting.done()  # limit 2, one in flight, but the pause is on
        clock.now += 5.0
        await limiter.release()  # wakes the waiter, which sees the pause is over
        await _settle()
        assert waiting.done()

    run(go())


def test_a_long_retry_after_is_capped():
    async def go():
        clock = Clock()
        limiter = AdaptiveLimiter(2, clock=clock)
        async with limiter.slot() as slot:
            slot.rate_limited(retry_after=3600)
        return limiter._resume_at - clock.now

    assert run(go()) == MAX_PAUSE


def test_the_ceiling_must_be_positive():
    with pytest.raises(ValueError):
        AdaptiveLimiter(0)
