"""Which guilds a bot process serves, when several processes share one database.

Discord splits a bot's guilds into shards: guild g belongs to shard `(g >> 22) % shard_count`.
Each process connects the shards it is given (`SHARD_COUNT`, `SHARD_IDS`) and so receives the
interactions of those guilds only; its timers (reminders, expiries, stale lobbies) and its
paced tables are the same guilds', so that a table's messages come from one process. Tables
without a guild (DMs) belong to shard 0. Every timer claim is also a conditional write, so a
timer fires once even if two processes were (wrongly) given the same shard.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    """The shards of one process: `ids` out of `count`."""

    count: int
    ids: frozenset[int]

    def owns(self, guild_id: int | None) -> bool:
        """True when the guild (None: a DM) is served by this process."""
        return shard_of(guild_id, self.count) in self.ids

    def label(self) -> str:
        """`0-3 of 8`, for the start-up line."""
        return f"{format_ids(self.ids)} of {self.count}"


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's shard of a guild (DMs: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def parse_ids(text: str, count: int) -> frozenset[int]:
    """`0-3,6` → {0, 1, 2, 3, 6}; ValueError with a sentence when it is not such a list."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"'{part}' is not a shard number or range like 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ValueError(f"the range '{part}' runs backwards")
        if last >= count:
            raise ValueError(f"shard {last} does not exist: SHARD_COUNT is {count} (0-{count - 1})")
        ids.update(range(first, last + 1))
    if not ids:
        raise ValueError("no shard given")
    return frozenset(ids)


def format_ids(ids: frozenset[int]) -> str:
    """{0, 1, 2, 3, 6} → `0-3,6`."""
    parts: list[str] = []
    ordered = sorted(ids)
    start = prev = ordered[0]
    for n in ordered[1:] + [-2]:
        if n != prev + 1:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
            start = n
        prev = n
    return ",".join(parts)
