"""Immutable results of the tables service: what a transport needs to reply and render."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat: a human (user_id), a CPU (cpu_level), or a human seat the CPU plays."""

    seat: int
    user_id: int | None
    cpu_level: str | None
    name: str
    auto: bool = False
    cpu_takeover: bool = False

    @property
    def is_cpu(self) -> bool:
        """A computer seat from the start (no user behind it)."""
        return self.user_id is None

    @property
    def is_human(self) -> bool:
        """A seat a user holds and plays themselves (not taken over by the CPU)."""
        return self.user_id is not None and not self.cpu_takeover

    @property
    def cpu_plays_now(self) -> bool:
        """The CPU decides for this seat straight after any action (CPU or taken over)."""
        return self.user_id is None or self.cpu_takeover


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as stored: seats, status, version, timer and series; no hidden game state."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: Mapping[str, Any]
    status: str
    version: int
    seats: tuple[SeatInfo, ...]
    seat_count: int
    to_act: tuple[int, ...]
    action_count: int
    created_by: int
    created_at: datetime
    updated_at: datetime
    deadline: datetime | None
    reminder_sent: bool
    turn_timer_seconds: int
    expiry_policy: str
    locale: str | None
    series_id: int | None
    series_match: int
    result: Mapping[str, Any] | None

    def seat_of(self, user_id: int) -> SeatInfo | None:
        """The seat `user_id` holds, or None."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def waiting_user_ids(self) -> tuple[int, ...]:
        """Users who hold a seat that is to act (the ones to mention, DM and remind)."""
        return tuple(
            s.user_id
            for s in self.seats
            if s.user_id is not None and not s.cpu_takeover and s.seat in self.to_act
        )

    @property
    def is_open(self) -> bool:
        """In the lobby or being played (the channel's one open table)."""
        return self.status in ("lobby", "active")


@dataclass(frozen=True, slots=True)
class Step:
    """One action applied, with the engine's events, and whether a CPU chose it."""

    seat: int
    action: Mapping[str, Any]
    events: tuple[Mapping[str, Any], ...]
    by_cpu: bool


@dataclass(frozen=True, slots=True)
class ActResult:
    """What one call changed: the table after it, the steps applied (CPU moves included), views.

    `steps` lists every action with its events, except after `finish` (thousands of flips):
    there `steps` is empty and `applied` says how many actions were logged.
    `views[seat]` is that seat's private view (DM it to its user); `public_view` goes in the
    channel. Both are None/empty while the table is in the lobby or was abandoned before start.
    """

    table: TableInfo
    steps: tuple[Step, ...] = ()
    applied: int = 0
    public_view: Mapping[str, Any] | None = None
    views: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    auto_pending: bool = False
    """An auto-flagged human seat is to act: call `advance` at the watching pace."""

    def view_for(self, seat: int) -> Mapping[str, Any] | None:
        """The private view of `seat` (None when there is no game)."""
        return self.views.get(seat)


@dataclass(frozen=True, slots=True)
class Expiry:
    """A turn timer ran out: which seats, which policy, and what was played or decided."""

    policy: str
    seats: tuple[int, ...]
    user_ids: tuple[int, ...]
    result: ActResult


@dataclass(frozen=True, slots=True)
class MessageRef:
    """A Discord message kept to edit later."""

    table_id: int
    kind: str
    user_id: int | None
    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-guild defaults for new tables (None: the bot's settings apply)."""

    guild_id: int
    locale: str | None = None
    turn_timer_seconds: int | None = None
    expiry_policy: str | None = None


@dataclass(frozen=True, slots=True)
class UserStats:
    """One user's record in one game."""

    user_id: int
    game: str
    played: int
    won: int
    lost: int
    drawn: int
