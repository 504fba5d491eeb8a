"""How fast the bot writes to Discord: a budget per channel, and a back-off for failing DMs.

Discord lets a bot post about 5 messages per 5 seconds in a channel before it answers 429
(and discord.py waits out the 429s, one table's burst then delaying every other table in that
channel). The Desk takes from a channel's budget before each post or edit there, so that it
waits *before* going over, never after. A DM that fails for another reason than closed DMs
(those are remembered in the database) is not tried again at every move: the user's DMs wait
a while, longer after each failure.

Time is given (`Pacing`): real monotonic seconds in the bot, virtual time in tests and benches,
where waiting returns at once and only moves the virtual clock.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable

CHANNEL_RATE = 5
CHANNEL_PERIOD = 5.0
"""Writes per period in one channel (Discord's limit for messages)."""
DM_RETRY_FIRST = 60.0
DM_RETRY_LONGEST = 3600.0
"""Seconds a user's DMs wait after a failed DM: the first time, and at most (doubling between)."""
_PRUNE_AT = 1024


class Pacing:
    """A clock in seconds and a way to wait: real time."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.clock = clock
        self.sleep = sleep


class VirtualPacing(Pacing):
    """Time that moves only when someone waits (tests, benches): every wait returns at once."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waited = 0.0
        """Seconds waited in all."""
        super().__init__(lambda: self.now, self._sleep)

    async def _sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        self.waited += max(0.0, seconds)
        await asyncio.sleep(0)

    def advance(self, seconds: float) -> None:
        """Let time pass (people taking their time between moves)."""
        self.now += seconds


class ChannelBudget:
    """At most `rate` writes per `period` seconds in each channel: `take` waits for room."""

    def __init__(
        self, pacing: Pacing, rate: int = CHANNEL_RATE, period: float = CHANNEL_PERIOD
    ) -> None:
        self.pacing = pacing
        self.rate = rate
        self.period = period
        self._sent: dict[int, deque[float]] = {}
        self.waits = 0
        """How many writes had to wait for room."""

    async def take(self, channel_id: int) -> None:
        """Wait until the channel has room for one more write, and count it."""
        while True:
            now = self.pacing.clock()
            sent = self._sent.setdefault(channel_id, deque())
            while sent and sent[0] <= now - self.period:
                sent.popleft()
            if len(sent) < self.rate:
                sent.append(now)
                if len(self._sent) > _PRUNE_AT:
                    self._prune(now)
                return
            self.waits += 1
            await self.pacing.sleep(sent[0] + self.period - now)

    def _prune(self, now: float) -> None:
        for channel_id in [c for c, sent in self._sent.items() if sent[-1] <= now - self.period]:
            del self._sent[channel_id]


class DmBackoff:
    """Users whose last DM failed (not closed DMs: a Discord error), and until when to wait."""

    def __init__(
        self, pacing: Pacing, first: float = DM_RETRY_FIRST, longest: float = DM_RETRY_LONGEST
    ) -> None:
        self.pacing = pacing
        self.first = first
        self.longest = longest
        self._failed: dict[int, tuple[float, int]] = {}

    def waiting(self, user_id: int) -> bool:
        """True while the user's DMs wait after a failure."""
        found = self._failed.get(user_id)
        return found is not None and self.pacing.clock() < found[0]

    def failed(self, user_id: int) -> None:
        """A DM to the user failed: wait before the next, twice as long as the last time."""
        _, failures = self._failed.get(user_id, (0.0, 0))
        wait = min(self.longest, self.first * 2**failures)
        self._failed[user_id] = (self.pacing.clock() + wait, failures + 1)

    def succeeded(self, user_id: int) -> None:
        """A DM to the user went through: no more waiting."""
        self._failed.pop(user_id, None)
