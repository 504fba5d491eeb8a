"""The table's decisions as pure functions: prompt versions, deadlines, reminders, expiry.

No database and no engine state here, only prompts and times, so each rule is tested on its
own (tests/tables/test_flow.py). The service stores one `PromptState` per seat in the table row
(`prompt_states`) and asks these functions what changed, when the table must wake up, and what
a timer that ran out means.

- A seat's prompt *version* steps when its prompt changes (appears, asks something else, goes)
  or when the seat acts; controls carry it, so another seat's move never outdates them.
- Each prompt has its own deadline (`due`): the table's turn timer, or the prompt's response
  window when shorter and the table is played live (an asynchronous table's long timer times
  windows too); an optional prompt without a default has none. While a person holds an
  optional prompt with an open window, the CPUs wait for it (`held_by_a_player`). The table's own steps
  (`Game.table_step`, a draw) are no seat's prompt: they are paced, not timed.
- Reminders (`Reminders`) go for required prompts long enough to be worth one: every
  `every` seconds from when the prompt was issued, then a last call `before` ahead of its
  deadline (at most half of its span). After `limit` reminders the prompt has stalled: no more
  reminders, the table says so once, and its deadline still applies. A player may mute the
  reminders of the prompt they hold.
- Each seat remembers when its person last acted at the table (`seen`): the transport
  notifies a player only when the game starts waiting for them after they have been away.
- When a deadline passes: the prompt's default if it has one; else, for a required prompt, the
  table's expiry policy; an optional prompt simply lapses (its deadline is cleared).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from engines.prompts import Prompt

MIN_REMINDED_SPAN = timedelta(minutes=2)
"""Prompts with less time than this get no reminder (a claim window of seconds)."""


@dataclass(frozen=True, slots=True)
class Reminders:
    """When an unanswered required prompt is reminded (the settings' REMINDER_* values)."""

    before: float = 3600.0
    """The last call goes this long before the deadline (at most half of the prompt's span)."""
    every: float = 0.0
    """The rhythm of the reminders before the last call, from the prompt's start (0: none)."""
    limit: int = 0
    """After this many reminders the prompt has stalled: no more reminders (0: no limit)."""


def reminder_rule(settings: Any) -> Reminders:
    """The reminder rule of the bot's settings (`bot.settings.Settings`)."""
    return Reminders(
        before=float(settings.reminder_before_seconds),
        every=float(settings.reminder_interval_seconds),
        limit=int(settings.reminder_limit),
    )


def reminders_of(rule: Reminders | float) -> Reminders:
    """A rule, or a number of seconds before the deadline (a last call only)."""
    return rule if isinstance(rule, Reminders) else Reminders(before=float(rule))


@dataclass(frozen=True, slots=True)
class PromptState:
    """What the table remembers of one seat's prompt (stored as JSON in the table row)."""

    version: int = 0
    signature: str | None = None
    required: bool = False
    public: bool = True
    since: datetime | None = None
    due: datetime | None = None
    reminded: bool = False
    """No more reminders for this prompt: its last call went."""
    declined: bool = False
    """The seat let this optional prompt pass (its CPU, or its player's "Not now"): a CPU is
    not offered it again, and it holds the table no more, until it changes."""
    kind: str | None = None
    """What the seat is asked (the prompt's kind)."""
    closed: str | None = None
    """The kind of the prompt this version took away without the seat acting (another seat's
    move closed it: trump declared): a control of it is told so, not "out of date"."""
    reminders: int = 0
    """Reminders sent for this prompt."""
    muted: bool = False
    """Its player muted this prompt's reminders."""
    seen: datetime | None = None
    """When the seat's person last acted at the table themselves (kept from prompt to prompt)."""

    @property
    def asked(self) -> bool:
        """The seat has a prompt now."""
        return self.signature is not None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON for the `prompt_states` column (the kind, what closed it, the reminders'
        count, the mute and when the seat was seen only when they say something: every move
        writes this column)."""
        out: dict[str, Any] = {
            "v": self.version,
            "sig": self.signature,
            "req": self.required,
            "pub": self.public,
            "since": _iso(self.since),
            "due": _iso(self.due),
            "reminded": self.reminded,
            "declined": self.declined,
        }
        if self.kind is not None:
            out["kind"] = self.kind
        if self.closed is not None:
            out["closed"] = self.closed
        if self.reminders:
            out["n"] = self.reminders
        if self.muted:
            out["muted"] = True
        if self.seen is not None:
            out["seen"] = _iso(self.seen)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PromptState:
        """Read one entry of the `prompt_states` column."""
        return cls(
            version=int(data.get("v", 0)),
            signature=data.get("sig"),
            required=bool(data.get("req", False)),
            public=bool(data.get("pub", True)),
            since=_time(data.get("since")),
            due=_time(data.get("due")),
            reminded=bool(data.get("reminded", False)),
            declined=bool(data.get("declined", False)),
            kind=data.get("kind"),
            closed=data.get("closed"),
            reminders=int(data.get("n", 0)),
            muted=bool(data.get("muted", False)),
            seen=_time(data.get("seen")),
        )


def load_states(data: Sequence[Mapping[str, Any]] | None, seats: int) -> list[PromptState]:
    """The stored states, one per seat (a fresh state for seats not stored yet)."""
    stored = [PromptState.from_json(item) for item in (data or [])]
    return stored[:seats] + [PromptState() for _ in range(seats - len(stored))]


def dump_states(states: Sequence[PromptState]) -> list[dict[str, Any]]:
    """The states as the `prompt_states` column stores them."""
    return [state.to_json() for state in states]


# --------------------------------------------------------------------------- versions and deadlines


def is_live(turn_timer_seconds: int, live_timer_seconds: int | None) -> bool:
    """A table played live: its turn timer is at most `live_timer_seconds` (None: every table).

    A longer timer is an asynchronous table, whose players answer over hours: a response
    window of seconds (a claim) would pass them by, so there the turn timer times it.
    """
    return live_timer_seconds is None or turn_timer_seconds <= live_timer_seconds


def prompt_due(
    prompt: Prompt,
    now: datetime,
    turn_timer_seconds: int,
    live_timer_seconds: int | None = None,
    window_seconds: int | None = None,
) -> datetime | None:
    """When a newly issued prompt's time runs out (None: it has no timer).

    Required prompts, prompts with a default and prompts with a window are timed: by the
    window when it is shorter than the table's timer and the table is live (`is_live`), else
    by the timer. A chance (`is_chance`: a knock after one's own discard) lasts its window on
    any table. `window_seconds`, the table's own setting, replaces the game's window.
    Mechanical steps are the table's own and optional prompts without a default or a window
    simply stay open.
    """
    if prompt.mechanical:
        return None
    if not (prompt.required or prompt.default is not None or prompt.window is not None):
        return None
    seconds = float(turn_timer_seconds)
    if prompt.window is not None and (
        is_live(turn_timer_seconds, live_timer_seconds) or is_chance(prompt)
    ):
        window = prompt.window if window_seconds is None else window_seconds
        seconds = min(seconds, window)
    return now + timedelta(seconds=seconds)


def is_chance(prompt: Prompt) -> bool:
    """An optional prompt with a window and no default: a chance the rules give a seat for a
    moment (a knock after its own discard, until the next seat draws). Letting it pass costs
    nothing, and the seat is there (it has just played), so it lasts its window on any table,
    live or asynchronous, never the hours of an asynchronous turn timer."""
    return not prompt.required and prompt.window is not None and prompt.default is None


def held_by_a_player(
    prompts: Mapping[int, Prompt],
    states: Sequence[PromptState],
    automated: Callable[[int], bool],
    now: datetime,
) -> bool:
    """True while a seat a person plays holds an optional prompt whose response window is
    still open: the CPUs and the table's own steps wait for its answer or its time.

    (A rotation offered to every seat before a round's first move, a knock after one's own
    discard: a CPU that plays at once would otherwise close it before a person could look.) A
    prompt issued in this very batch is open; a stored one until its deadline (`prompt_due`:
    on an asynchronous table, the turn timer for a prompt with a default, the window for a
    chance), or until the person lets it pass ("Not now").
    """
    for seat, prompt in prompts.items():
        if prompt.required or prompt.window is None or automated(seat):
            continue
        state = states[seat] if seat < len(states) else PromptState()
        if state.signature == prompt.signature() and (
            state.declined or state.due is None or state.due <= now
        ):
            continue  # let pass, its time has run out, or it lapsed
        return True
    return False


def next_states(
    old: Sequence[PromptState],
    prompts: Mapping[int, Prompt],
    acted: Collection[int],
    now: datetime,
    turn_timer_seconds: int,
    live_timer_seconds: int | None = None,
    window_seconds: int | None = None,
    present: Collection[int] = (),
) -> list[PromptState]:
    """The seats' prompt states after a change: versions stepped, new deadlines where due.

    A seat whose prompt is unchanged and who did not act keeps its version and its deadline
    (another seat's move does not restart someone else's clock). `present`: the seats whose
    person acted themselves in this change (not a CPU, Auto or a timer for them): seen now, if
    the prompt they answered was public (when a player acts is then everyone's to know, and
    whether the game notifies them later tells nothing of a private decision).
    """
    out = []
    for seat, state in enumerate(old):
        prompt = prompts.get(seat)
        signature = prompt.signature() if prompt is not None else None
        seen = now if seat in present and state.public else state.seen
        if signature == state.signature and seat not in acted:
            out.append(state)
            continue
        if prompt is None:
            closed = state.kind if state.asked and seat not in acted else None
            out.append(PromptState(version=state.version + 1, closed=closed, seen=seen))
            continue
        out.append(
            PromptState(
                version=state.version + 1,
                signature=signature,
                required=prompt.required,
                public=prompt.public,
                kind=prompt.kind,
                since=now,
                due=prompt_due(prompt, now, turn_timer_seconds, live_timer_seconds, window_seconds),
                seen=seen,
            )
        )
    return out


def mark_declined(
    states: Sequence[PromptState], declined: Collection[tuple[int, str]]
) -> list[PromptState]:
    """The states with the optional prompts a CPU let pass marked (while still the same)."""
    return [
        replace(s, declined=True) if (seat, s.signature) in declined else s
        for seat, s in enumerate(states)
    ]


def reminder_time(state: PromptState, rule: Reminders | float) -> datetime | None:
    """When the seat's next reminder goes (None: no reminder for this prompt, or no more)."""
    rule = reminders_of(rule)
    if not state.required or state.reminded or state.muted:
        return None
    if state.due is None or state.since is None:
        return None
    if rule.limit and state.reminders >= rule.limit:
        return None  # stalled
    span = state.due - state.since
    if span < MIN_REMINDED_SPAN:
        return None
    last = _last_call(state, rule)
    if rule.every > 0:
        rhythm = state.since + timedelta(seconds=rule.every) * (state.reminders + 1)
        if rhythm < last:
            return rhythm
    return last


def _last_call(state: PromptState, rule: Reminders) -> datetime:
    assert state.due is not None and state.since is not None
    return state.due - min(timedelta(seconds=rule.before), (state.due - state.since) / 2)


def schedule(
    states: Sequence[PromptState], rule: Reminders | float
) -> tuple[datetime | None, datetime | None]:
    """(deadline, remind_at) of the table: the earliest deadline and the earliest reminder."""
    dues = [s.due for s in states if s.due is not None]
    reminders = [at for s in states if (at := reminder_time(s, rule)) is not None]
    return min(dues, default=None), min(reminders, default=None)


def seats_to_remind(
    states: Sequence[PromptState], now: datetime, rule: Reminders | float
) -> list[int]:
    """Seats whose reminder is due now."""
    return [
        seat
        for seat, state in enumerate(states)
        if (at := reminder_time(state, rule)) is not None and at <= now
    ]


def mark_reminded(
    states: Sequence[PromptState],
    seats: Collection[int],
    now: datetime | None = None,
    rule: Reminders | float | None = None,
) -> list[PromptState]:
    """The states with the reminders of `seats` sent at `now` (without a time: their last call).

    A reminder counts every slot of the rhythm gone by (a bot that was down sends one, not
    the backlog); the last call, or any reminder once the last call's time has passed, is
    the prompt's last.
    """
    out = list(states)
    for seat in seats:
        state = out[seat]
        if now is None or rule is None or state.since is None or state.due is None:
            out[seat] = replace(state, reminders=state.reminders + 1, reminded=True)
            continue
        found = reminders_of(rule)
        count = state.reminders + 1
        final = found.every <= 0 or now >= _last_call(state, found)
        if not final:
            count = max(count, int((now - state.since) / timedelta(seconds=found.every)))
        if found.limit:
            count = min(count, found.limit)
        out[seat] = replace(state, reminders=count, reminded=final)
    return out


def stalled(state: PromptState, rule: Reminders | float) -> bool:
    """The prompt was reminded as often as the rule allows and is still unanswered."""
    rule = reminders_of(rule)
    return bool(rule.limit) and state.reminders >= rule.limit


def mute(states: Sequence[PromptState], seat: int) -> list[PromptState]:
    """The states with the reminders of `seat`'s current prompt muted."""
    return [replace(s, muted=True) if i == seat else s for i, s in enumerate(states)]


def away(seen: datetime | None, now: datetime, away_seconds: float) -> bool:
    """A person last seen acting at `seen` (None: never) has been away at `now`."""
    return seen is None or (now - seen).total_seconds() >= away_seconds


# --------------------------------------------------------------------------- expiry

DEFAULT, POLICY, LAPSE = "default", "policy", "lapse"


def overdue_seats(states: Sequence[PromptState], now: datetime) -> list[int]:
    """Seats whose prompt's time has run out."""
    return [seat for seat, s in enumerate(states) if s.due is not None and s.due <= now]


def expiry_kind(prompt: Prompt | None) -> str | None:
    """What a prompt whose time ran out comes to: its default, the table's policy, or a lapse.

    None when the seat has no prompt any more (nothing to do).
    """
    if prompt is None:
        return None
    if prompt.default is not None:
        return DEFAULT
    if prompt.required:
        return POLICY
    return LAPSE


def lapse(states: Sequence[PromptState], seats: Collection[int]) -> list[PromptState]:
    """The states with the deadlines of `seats` cleared (their optional prompts stay open)."""
    return [replace(s, due=None) if i in seats else s for i, s in enumerate(states)]


def effective_policy(policy: str, has_cpu: bool) -> str:
    """The expiry policy that can apply: without a CPU player nobody can play for the seat."""
    return policy if has_cpu or policy == "abandon" else "abandon"


# --------------------------------------------------------------------------- helpers


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _time(value: Any) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)
