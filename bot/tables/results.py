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
    next_level: str | None = None
    """A level chosen during a match, played from the next hand on."""

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
class SeatPromptInfo:
    """What the table shows of one seat's prompt: never its choices (those are the seat's own)."""

    version: int
    asked: bool
    required: bool
    public: bool
    due: datetime | None
    reminded: bool = False
    seen: datetime | None = None
    """When the seat's person last acted at the table themselves."""
    muted: bool = False
    """Its player muted this prompt's reminders."""
    since: datetime | None = None
    """When the prompt was issued."""

    @property
    def waits_publicly(self) -> bool:
        """The game waits for this seat and everyone may know it (the channel says "to play")."""
        return self.asked and self.required and self.public


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
    turn_timer_seconds: int
    expiry_policy: str
    locale: str | None
    series_id: int | None
    series_match: int
    result: Mapping[str, Any] | None
    prompts: tuple[SeatPromptInfo, ...] = ()
    """Each seat's prompt state (empty before the game starts)."""
    window_seconds: int | None = None
    """The table's response window (claims at a live table); None: the game's own."""

    def seat_of(self, user_id: int) -> SeatInfo | None:
        """The seat `user_id` holds, or None."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def prompt_of(self, seat: int) -> SeatPromptInfo | None:
        """The prompt state of a seat, if the game has started."""
        return self.prompts[seat] if 0 <= seat < len(self.prompts) else None

    def prompt_version(self, seat: int) -> int:
        """The seat's prompt version: the version its controls carry."""
        state = self.prompt_of(seat)
        return state.version if state is not None else 0

    @property
    def public_waiting(self) -> tuple[int, ...]:
        """Seats the game waits for in public: the channel names them and pings their users."""
        if not self.prompts:
            return self.to_act
        return tuple(seat for seat, p in enumerate(self.prompts) if p.waits_publicly)

    @property
    def public_deadline(self) -> datetime | None:
        """When the first of the prompts waited for in public runs out (a private prompt's
        window is not everyone's to know)."""
        if not self.prompts:
            return self.deadline
        dues = [p.due for p in self.prompts if p.waits_publicly and p.due is not None]
        return min(dues, default=None)

    def _users(self, seats: tuple[int, ...] | list[int]) -> tuple[int, ...]:
        return tuple(
            s.user_id
            for s in self.seats
            if s.user_id is not None and not s.cpu_takeover and s.seat in seats
        )

    @property
    def waiting_user_ids(self) -> tuple[int, ...]:
        """Users whose seat the game waits for (public or private prompts): `/game mine`.

        Not a seat whose only step is the table's own (a draw): nothing there is theirs to do.
        """
        if not self.prompts:
            return self._users(self.to_act)
        return self._users([s for s, p in enumerate(self.prompts) if p.asked and p.required])

    @property
    def ping_user_ids(self) -> tuple[int, ...]:
        """Users the channel may mention: the game waits for their seat in public."""
        return self._users(self.public_waiting)

    @property
    def asked_user_ids(self) -> tuple[int, ...]:
        """Users whose seat has any prompt (required or optional, public or private)."""
        return self._users([seat for seat, p in enumerate(self.prompts) if p.asked])

    @property
    def is_open(self) -> bool:
        """In the lobby or being played (the channel's one open table)."""
        return self.status in ("lobby", "active")


@dataclass(frozen=True, slots=True)
class SeatPrompt:
    """A user's decision now: their prompt (`Prompt.to_json()`), its version, the table."""

    table: TableInfo
    seat: int
    version: int
    prompt: Mapping[str, Any] | None
    view: Mapping[str, Any]
    closed: str | None = None
    """The kind of the seat's prompt that the table closed at this version (`flow.PromptState`)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One action applied, with the engine's events, and who chose it.

    `by` is "user", "cpu" (a CPU seat, Auto, or the CPU playing an absent seat), "timer" (a
    prompt's default when its time ran out) or "table" (a mechanical step). A `sealed` action
    is hidden until the game reveals it: narrate only the events a viewer may see
    (`engines.actions.event_seen_by`), never the action itself.
    """

    seat: int
    action: Mapping[str, Any]
    events: tuple[Mapping[str, Any], ...]
    by_cpu: bool
    sealed: bool = False
    by: str = "user"


@dataclass(frozen=True, slots=True)
class ActResult:
    """What one call changed: the table after it, the steps applied (CPU moves included), views.

    `steps` lists every action with its events, except after `finish` (thousands of flips):
    there `steps` is empty and `applied` says how many actions were logged.
    `views[seat]` is that seat's private view (DM it to its user), made when first asked
    for; `public_view` goes in the channel. Both are None/empty while the table is in the lobby or was abandoned before start.
    """

    table: TableInfo
    steps: tuple[Step, ...] = ()
    applied: int = 0
    public_view: Mapping[str, Any] | None = None
    views: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    auto_pending: bool = False
    """The table has a step to take at its pace (a mechanical step, an Auto seat): call
    `advance` at the watching pace."""
    prompts: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    """Each asked seat's prompt (`Prompt.to_json()`): private to that seat, like its view.
    The table's mechanical steps are no seat's to answer and are not here."""
    reprompted: frozenset[int] = frozenset()
    """Seats given a new prompt to answer by this call (their controls are new: DM them)."""
    pace: float | None = None
    """Seconds before the table's own next step, when the game sets a pace for it."""

    def prompt_for(self, seat: int) -> Mapping[str, Any] | None:
        """The prompt of `seat` (None when it is not asked)."""
        return self.prompts.get(seat)

    def view_for(self, seat: int) -> Mapping[str, Any] | None:
        """The private view of `seat` (None when there is no game)."""
        return self.views.get(seat)


@dataclass(frozen=True, slots=True)
class Expiry:
    """A prompt's time ran out: which seats, what came of it, and the table after.

    `policy` is the table's expiry policy (`cpu_turn`, `cpu_seat`, `abandon`) applied to
    required prompts, `default` when only prompts' own defaults (pass, keep) were taken, or
    `lapse` when only a chance passed (a knock window) and the table went on without it.
    """

    policy: str
    seats: tuple[int, ...]
    user_ids: tuple[int, ...]
    result: ActResult
    defaulted: tuple[int, ...] = ()
    """Seats whose prompt took its default (a pass on a claim)."""


@dataclass(frozen=True, slots=True)
class Reminder:
    """A reminder to send: the table and the seats whose prompt's time runs out soon."""

    table: TableInfo
    seats: tuple[int, ...]
    stalled: tuple[int, ...] = ()
    """Seats whose prompt has just stalled: reminded as often as the rule allows."""
    numbers: tuple[int, ...] = ()
    """Each seat's reminder count for its prompt with this one (1 for the first)."""

    @property
    def user_ids(self) -> tuple[int, ...]:
        """Users to remind (humans playing those seats themselves)."""
        return tuple(
            s.user_id
            for s in self.table.seats
            if s.seat in self.seats and s.user_id is not None and not s.cpu_takeover
        )


@dataclass(frozen=True, slots=True)
class MessageRef:
    """A Discord message kept to edit later."""

    table_id: int
    kind: str
    user_id: int | None
    channel_id: int
    message_id: int
    version: int | None = None
    """A hand DM: the prompt version its controls carry."""
    posted_at: datetime | None = None
    """When the message was posted (None: not known)."""


@dataclass(frozen=True, slots=True)
class UserPrefs:
    """What the bot knows of a user for DMs and notifications."""

    user_id: int
    dm_closed: bool = False
    locale: str | None = None
    """The language to DM them in: their choice, else their Discord client's (None: unknown)."""
    notify: str = "away"
    """When the game turning to them notifies them: every_turn, away, reminders."""


@dataclass(frozen=True, slots=True)
class Audience:
    """What a publisher reads before it publishes a table, in one read: the messages the table
    keeps, its players' preferences, and the guild's language."""

    refs: tuple[MessageRef, ...]
    prefs: Mapping[int, UserPrefs]
    guild_locale: str | None = None
    """The guild's language (None: it chose none, or it was not asked for)."""


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
