"""A table's rows read and judged, without writing: the game they hold, who plays which seat,
the `TableInfo` and `ActResult` a transport is given (`info`, `result_of`), the shard filter
of the timers' scans, and the refusals every use case shares (`require_*`)."""

from __future__ import annotations

import logging
from collections.abc import (
    Collection,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import replace
from typing import Any

from sqlalchemy import (
    ColumnElement,
    func,
    literal_column,
    true,
)

from bot.shards import Shards
from bot.store.database import (
    dump_json,
    load_json,
)
from bot.store.models import (
    ACTIVE,
    SeatRow,
    TableRow,
)
from bot.tables import archive, flow
from bot.tables.errors import TableError, quarantined
from bot.tables.results import ActResult, SeatInfo, SeatPromptInfo, Step, TableInfo
from engines.cpu import cpu_player
from engines.errors import JSON, GameError, RecordError
from engines.game import Game
from engines.options import resolve_options as engine_resolve_options
from engines.prompts import Prompt
from engines.registry import game_class

log = logging.getLogger(__name__)

NAME_LENGTH = 100


def game_class_or_error(game_id: str) -> type[Game]:
    """The engine class of a table's game, or the engine's error as a TableError."""
    try:
        return game_class(game_id)
    except RecordError as exc:
        raise TableError.from_engine(exc) from None


def resolve_options(cls: type[Game], options: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """The game's options with defaults filled in, or the engine's refusal as a TableError."""
    try:
        return engine_resolve_options(cls.option_specs, options)
    except RecordError as exc:
        raise TableError.from_engine(exc) from None


def owned(shards: Shards | None) -> ColumnElement[bool]:
    """SQL: the table rows of the guilds a process serves (every row without sharding)."""
    if shards is None:
        return true()
    others = sorted(set(range(shards.count)) - shards.ids)
    if not others:
        return true()
    guild = func.coalesce(TableRow.guild_id, 0)
    # a literal shift: PostgreSQL has `bigint >> integer`, not `bigint >> bigint`
    shard = guild.op(">>")(literal_column("22")) % shards.count
    # Written as the shards it does not serve: PostgreSQL has no statistics for this expression
    # and takes each listed value as 0.5% of the rows, so `IN (own)` looked like keeping 1% of
    # a process's tables (a quarter, with 4 processes) and made it scan every open table for
    # the earliest deadline rather than read the first few entries of the timers' indexes;
    # `NOT IN (others)` looks like keeping most of them, nearer the truth, and errs on the side
    # that keeps the timers on their indexes.
    return shard.not_in(others)


def promote_levels(seats: Sequence[SeatRow], game: Game) -> None:
    """Levels chosen during a match become the seats' levels once the next part has begun."""
    part = game.part()
    for seat in seats:
        if seat.next_level is not None and (part is None or part != seat.level_part):
            seat.cpu_level, seat.next_level, seat.level_part = seat.next_level, None, None


def game_of(row: TableRow) -> Game:
    """The running game of a table row (its snapshot); the `table_quarantined` refusal at a
    table the timers set aside."""
    if row.quarantine is not None:
        raise quarantined(row)
    snapshot = row.snapshot
    if snapshot is None and row.archive is not None:
        snapshot = archive.unpack(row.archive)[1]
    if snapshot is None:
        raise status_error(row, "not_active")
    return game_class_or_error(row.game).from_json(snapshot)


def cpu_plays(seat: SeatRow) -> bool:
    """The CPU decides for this seat straight after any action (a CPU seat, or taken over)."""
    return seat.user_id is None or seat.cpu_takeover


def automated(seat: SeatRow) -> bool:
    """The CPU decides for this seat, at once or at the table's pace (Auto on)."""
    return cpu_plays(seat) or seat.auto


def has_paced_step(game: Game, seats: Sequence[SeatRow]) -> bool:
    """The table has something to do at its own pace: its own step (a draw), or an Auto seat
    the game waits for."""
    if game.is_over():
        return False
    if game.table_step() is not None:
        return True
    return any(
        p.required and seats[seat].auto and not cpu_plays(seats[seat])
        for seat, p in game.seat_decisions().items()
    )


def has_cpu(game_id: str) -> bool:
    """True when the game has a computer player (someone can play for an absent seat)."""
    try:
        cpu_player(game_id)
    except GameError:
        return False
    return True


def display_name(name: str) -> str:
    """A display name that fits the column (Discord's are 32 characters at most anyway)."""
    return name.strip()[:NAME_LENGTH] or "?"


def seat_of(seats: Sequence[SeatRow], user_id: int) -> SeatRow | None:
    """The seat a user holds, if any."""
    return next((x for x in seats if x.user_id == user_id), None)


def winners(result: Mapping[str, Any]) -> set[int]:
    """Winning seats from any game's result: `winners` (list) or `winner` (seat or None)."""
    if isinstance(result.get("winners"), list):
        return {int(x) for x in result["winners"]}
    winner = result.get("winner")
    return set() if winner is None else {int(winner)}


def info(
    row: TableRow, seats: Sequence[SeatRow], states: Sequence[flow.PromptState] | None = None
) -> TableInfo:
    """The table as the service hands it out (no hidden game state); `states`: the row's
    prompt states when the caller has them already."""
    if states is None:
        states = flow.load_states(row.prompt_states, len(seats)) if row.prompt_states else []
    return TableInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        game=row.game,
        options=dict(row.options),
        status=row.status,
        version=row.version,
        seats=tuple(
            SeatInfo(
                x.seat,
                x.user_id,
                x.cpu_level,
                x.name,
                bool(x.auto),
                bool(x.cpu_takeover),
                x.next_level,
            )
            for x in sorted(seats, key=lambda x: x.seat)
        ),
        seat_count=row.seat_count,
        to_act=tuple(row.to_act or ()),
        action_count=row.action_count,
        created_by=row.created_by,
        created_at=row.created_at,
        updated_at=row.updated_at,
        # a running table's prompts' own deadline (the row's may be its watchdog's)
        deadline=min((s.due for s in states if s.due is not None), default=None)
        if states and row.status == ACTIVE
        else row.deadline,
        turn_timer_seconds=row.turn_timer_seconds,
        expiry_policy=row.expiry_policy,
        locale=row.locale,
        series_id=row.series_id,
        series_match=row.series_match,
        result=dict(row.result) if row.result is not None else None,
        window_seconds=row.window_seconds,
        prompts=tuple(
            SeatPromptInfo(
                s.version,
                s.asked,
                s.required,
                s.public,
                s.due,
                s.reminded,
                s.seen,
                s.muted,
                s.since,
            )
            for s in states
        ),
    )


def result_of(
    row: TableRow,
    seats: Sequence[SeatRow],
    game: Game,
    steps: Sequence[Step],
    applied: int,
    reprompted: Collection[int] = frozenset(),
    prompts: Mapping[int, Prompt] | None = None,
    *,
    states: Sequence[flow.PromptState] | None = None,
    pending: bool = False,
) -> ActResult:
    """An ActResult: the table, the steps, every seat's view and decision (`pending`: CPU
    moves are still being thought, and the table's pace loop would take them up).

    The table's own step (a draw) is no seat's decision: the result gives it to no seat, so no
    transport shows it as controls. Seats' views are made when first asked for (most callers
    want one or two of them, and a CPU seat's is nobody's).
    """
    if prompts is None:
        prompts = {} if game.is_over() else game.seat_decisions()
    return ActResult(
        table=info(row, seats, states),
        steps=tuple(steps),
        applied=applied,
        public_view=game.view(None),
        views=SeatViews(game),
        prompts={seat: p.to_json() for seat, p in prompts.items()},
        reprompted=frozenset(reprompted),
        auto_pending=pending or has_paced_step(game, seats),
        pace=_step_pace(game),
    )


def merge_results(results: Sequence[ActResult]) -> ActResult:
    """Several writes of one unit of work as one result: the table as the last left it, every
    step, and the seats given a new prompt by any of them that still have it."""
    if len(results) == 1:
        return results[0]
    last = results[-1]
    asked = {seat for seat, state in enumerate(last.table.prompts) if state.asked}
    reprompted = frozenset().union(*(r.reprompted for r in results)) & asked
    return replace(
        last,
        steps=tuple(step for r in results for step in r.steps),
        applied=sum(r.applied for r in results),
        reprompted=reprompted,
    )


class SeatViews(Mapping[int, Mapping[str, Any]]):
    """Each seat's private view of a game, made when first asked for and kept.

    The game must not change after: the service hands it over at the end of a call."""

    __slots__ = ("__weakref__", "_game", "_made")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._made: dict[int, Mapping[str, Any]] = {}

    def detach(self) -> None:
        """Read a copy of the game from now on: the table's next move plays on this one (a
        held table, `bot.tables.pgrows.HeldTables`). The copy shares nothing with it."""
        game = self._game
        self._game = type(game).from_json(load_json(dump_json(game.to_json())))

    def __getitem__(self, seat: int) -> Mapping[str, Any]:
        view = self._made.get(seat)
        if view is None:
            if not (isinstance(seat, int) and 0 <= seat < self._game.seats):
                raise KeyError(seat)
            view = self._made[seat] = self._game.view(seat)
        return view

    def __iter__(self) -> Iterator[int]:
        return iter(range(self._game.seats))

    def __len__(self) -> int:
        return self._game.seats

    def __repr__(self) -> str:
        return f"SeatViews({self._game.seats} seats)"


def _step_pace(game: Game) -> float | None:
    if game.is_over():
        return None
    step = game.table_step()
    return step.pace if step is not None else None


# ---------------------------------------------------------------------- refusals


def require_status(row: TableRow, status: str, code: str) -> None:
    """Refuse unless the table is in `status`."""
    if row.status != status:
        raise status_error(row, code)


def status_error(row: TableRow, code: str) -> TableError:
    """A refusal because of the table's status."""
    messages = {
        "lobby_only": "That can only be done before the game starts.",
        "not_active": "This table is not being played.",
        "not_finished": "This table has not finished yet.",
    }
    return TableError(code, messages[code], table_id=row.id, status=row.status)


def require_seated(row: TableRow, seats: Sequence[SeatRow], user_id: int) -> SeatRow:
    """The user's seat, or the `not_seated` refusal."""
    held = seat_of(seats, user_id)
    if held is None:
        raise TableError(
            "not_seated", "You have no seat at this table.", table_id=row.id, user_id=user_id
        )
    return held


def require_creator(row: TableRow, user_id: int) -> None:
    """Refuse unless the user opened the table."""
    if row.created_by != user_id:
        raise TableError(
            "not_creator",
            "Only the table's creator (or a moderator) can do that.",
            table_id=row.id,
            creator_id=row.created_by,
        )


def require_room(row: TableRow, seats: Sequence[SeatRow]) -> None:
    """Refuse when every seat is taken."""
    if len(seats) >= row.seat_count:
        raise TableError(
            "table_full", "Every seat is taken.", table_id=row.id, seats=row.seat_count
        )


def taken_over(row: TableRow, seat: SeatRow) -> TableError:
    """The refusal for a user whose seat the CPU plays now."""
    return TableError(
        "seat_taken_over", "The computer plays your seat now.", table_id=row.id, seat=seat.seat
    )
