"""How fast the bot writes: Discord's 5 messages per 5 seconds per channel, kept by waiting
before a write, never after a 429; a DM that failed waits longer after each failure."""

from __future__ import annotations

import asyncio

from bot.discord.pacing import ChannelBudget, DmBackoff, VirtualPacing


async def test_a_channel_takes_five_writes_per_five_seconds() -> None:
    pacing = VirtualPacing()
    budget = ChannelBudget(pacing)
    times = []
    for _ in range(12):
        await budget.take(1)
        times.append(pacing.now)
    assert times == [0.0] * 5 + [5.0] * 5 + [10.0] * 2
    assert budget.waits == 2 and pacing.waited == 10.0  # the sixth and the eleventh waited
    # within any five seconds, never more than five
    for start in times:
        assert sum(1 for t in times if start <= t < start + 5) <= 5
    # another channel has its own room
    await budget.take(2)
    assert pacing.now == 10.0


async def test_writes_spread_over_time_never_wait() -> None:
    pacing = VirtualPacing()
    budget = ChannelBudget(pacing)
    for _ in range(20):
        await budget.take(1)
        pacing.advance(1.0)  # one a second: the pace of a live game's edits
    assert budget.waits == 0 and pacing.waited == 0.0


async def test_several_tables_writing_at_once_share_the_channel_budget() -> None:
    pacing = VirtualPacing()
    budget = ChannelBudget(pacing)
    done: list[float] = []

    async def writer() -> None:
        for _ in range(4):
            await budget.take(7)
            done.append(pacing.now)

    await asyncio.gather(writer(), writer(), writer())
    assert len(done) == 12
    for start in done:
        assert sum(1 for t in done if start <= t < start + 5) <= 5


def test_a_failing_dm_waits_longer_after_each_failure() -> None:
    pacing = VirtualPacing()
    backoff = DmBackoff(pacing, first=60, longest=300)
    assert not backoff.waiting(1)
    backoff.failed(1)
    assert backoff.waiting(1) and not backoff.waiting(2)
    pacing.advance(59)
    assert backoff.waiting(1)
    pacing.advance(2)
    assert not backoff.waiting(1)  # tried again after a minute
    backoff.failed(1)
    pacing.advance(61)
    assert backoff.waiting(1)  # two minutes this time
    pacing.advance(60)
    assert not backoff.waiting(1)
    for _ in range(5):
        backoff.failed(1)
    pacing.advance(301)
    assert not backoff.waiting(1)  # never longer than the longest wait
    backoff.succeeded(1)
    backoff.failed(1)
    pacing.advance(61)
    assert not backoff.waiting(1)  # a success starts over from a minute
