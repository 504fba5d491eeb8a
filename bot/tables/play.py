"""Play: a user's action, the dry-run check, the seat's prompt, "see the result", the pace, Auto."""

from __future__ import annotations

from collections.abc import Mapping

from bot.store.models import ACTIVE, OPEN_STATUSES, SeatRow, TableRow
from bot.tables import flow
from bot.tables.core import Batch, Pending, Progress, UseCase
from bot.tables.errors import TableError, moved_on
from bot.tables.flow import load_states, mark_declined
from bot.tables.repository import Held
from bot.tables.results import ActResult, SeatPrompt, TableInfo
from bot.tables.rows import (
    game_class_or_error,
    game_of,
    has_paced_step,
    info,
    require_seated,
    require_status,
    result_of,
    status_error,
    taken_over,
)
from engines.actions import Action
from engines.errors import JSON, GameError, IllegalAction

FINISH_TRIES = 3
"""Times "see the result" is played out again when the table moved on meanwhile."""


def not_your_turn(
    row: TableRow, seats: list[SeatRow], states: list[flow.PromptState], mine: SeatRow
) -> TableError:
    """The refusal of a move or a "Not now" by a seat asked nothing. It names only the seats
    waited for in public: a seat asked in private (a claim) is nobody else's business, not
    even in a refusal."""
    return TableError(
        "not_your_turn",
        "It is not your turn.",
        table_id=row.id,
        seat=mine.seat,
        to_act=list(info(row, seats, states).public_waiting),
    )


def asked_seat(
    row: TableRow, seats: list[SeatRow], user_id: int, prompt_version: int | None
) -> tuple[SeatRow, list[flow.PromptState]]:
    """The user's seat at an active table, playing themselves and asked something now, and
    the table's prompt states. Whether the seat is asked at all comes first: a move naming an
    old version of a prompt the seat no longer has is out of turn, not out of date; another
    version of the prompt it has is `table_moved_on`."""
    require_status(row, ACTIVE, "not_active")
    mine = require_seated(row, seats, user_id)
    if mine.cpu_takeover:
        raise taken_over(row, mine)
    states = load_states(row.prompt_states, len(seats))
    state = states[mine.seat]
    if not state.asked:
        raise not_your_turn(row, seats, states, mine)
    if prompt_version is not None and prompt_version != state.version:
        raise moved_on(row)
    return mine, states


class Play(UseCase):
    """What happens at a running table."""

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Mapping[str, JSON],
        expected_version: int | None = None,
        *,
        prompt_version: int | None = None,
        progress: Progress | None = None,
    ) -> ActResult:
        """Apply the user's action, then the CPU seats' answers.

        The action's seat is the user's seat, whatever `action["seat"]` says. The seat must be
        asked something (a required or an optional prompt). `prompt_version` is the version of
        the seat's prompt the user saw: another version is `table_moved_on` ("out of date"),
        whatever else happened at the table meanwhile.

        The move is written at once with the answers that cost nothing; the CPUs that think
        for longer think in worker processes, and their moves are written as they come
        (`TableWriter.follow`): given `progress`, each write but the last is handed to it as
        it comes and the last returned; without it, one result covers them all.
        """
        async with self._writer.table_lock(table_id):
            result, pending = await self._act_held(
                table_id, user_id, action, expected_version, prompt_version
            )
            return await self._writer.follow(result, pending, progress)

    async def _act_held(
        self,
        table_id: int,
        user_id: int,
        action: Mapping[str, JSON],
        expected_version: int | None,
        prompt_version: int | None,
    ) -> tuple[ActResult, Pending]:
        held = self._repo.held.peek(table_id)
        if held is not None and expected_version in (None, held.version):
            held = self._repo.held.take(table_id)
            try:
                return await self._act(
                    table_id, user_id, action, expected_version, prompt_version, held
                )
            except TableError:
                pass  # judged on the table as this process wrote it last: judged again as stored
        return await self._act(table_id, user_id, action, expected_version, prompt_version, None)

    async def _act(
        self,
        table_id: int,
        user_id: int,
        action: Mapping[str, JSON],
        expected_version: int | None,
        prompt_version: int | None,
        held: Held | None,
    ) -> tuple[ActResult, Pending]:
        async with self._repo.unit() as s:
            # a held table is not read: the write is refused if the table moved on since
            row, seats, game = await self._repo.rows_of(s, table_id, expected_version, held)
            mine, states = asked_seat(row, seats, user_id, prompt_version)
            if game is None:
                game = game_of(row)
            batch = Batch.empty()
            try:
                parsed = Action.from_json({**dict(action), "seat": mine.seat})
                batch.add(game, parsed, by="user")
            except IllegalAction as exc:
                raise TableError.illegal(exc, row.game) from None
            answers, auto = self._writer.automate(row, seats, game, offset=1, states=states)
            batch.extend(answers)
            result = await self._writer.persist(
                s, row, seats, game, batch, states=states, auto=auto
            )
        return result, Pending(game, auto)

    async def decline(
        self,
        table_id: int,
        user_id: int,
        *,
        prompt_version: int | None = None,
        progress: Progress | None = None,
    ) -> ActResult:
        """Let the user's optional prompt pass ("Not now"): its default when it has one (keep
        the hand), else the table stops waiting for it (the next CPU draws instead of giving
        the knock its window); the prompt stays the seat's own until the game moves on."""
        async with self._writer.table_lock(table_id):
            result, pending = await self._decline(table_id, user_id, prompt_version)
            return await self._writer.follow(result, pending, progress)

    async def _decline(
        self, table_id: int, user_id: int, prompt_version: int | None
    ) -> tuple[ActResult, Pending]:
        async with self._repo.unit() as s:
            row, seats = await self._repo.load_rows(s, table_id, None)
            mine, states = asked_seat(row, seats, user_id, prompt_version)
            game = game_of(row)
            prompt = game.prompt(mine.seat)
            if prompt is None:
                raise not_your_turn(row, seats, states, mine)
            if prompt.required:
                raise TableError(
                    "prompt_required",
                    "The game waits for your answer: it cannot be let pass.",
                    table_id=row.id,
                    seat=mine.seat,
                )
            batch = Batch.empty()
            if prompt.default is not None:
                batch.add(game, prompt.default, by="user")
            else:
                batch.declined.add((mine.seat, prompt.signature()))
                states = mark_declined(states, batch.declined)
            answers, auto = self._writer.automate(
                row, seats, game, offset=len(batch.actions), states=states
            )
            batch.extend(answers)
            result = await self._writer.persist(
                s, row, seats, game, batch, states=states, auto=auto
            )
        return result, Pending(game, auto)

    async def check_action(self, table_id: int, user_id: int, action: Mapping[str, JSON]) -> None:
        """Judge the user's proposed action without applying it: `illegal_action` if refused.

        For controls that build an action step by step (a card pick): the Play button is
        offered only once the game would accept what it plays.
        """
        async with self._repo.unit() as s:
            row, seats = await self._repo.load_rows(s, table_id, None)
            require_status(row, ACTIVE, "not_active")
            held = require_seated(row, seats, user_id)
            game = game_of(row)
        try:
            game.check(Action.from_json({**dict(action), "seat": held.seat}))
        except IllegalAction as exc:
            raise TableError.illegal(exc, row.game) from None

    async def prompt(self, table_id: int, user_id: int) -> SeatPrompt:
        """The user's decision now (None when not asked), its version and the seat's view."""
        held = self._repo.held.peek(table_id)
        while True:
            async with self._repo.unit() as s:
                row, seats = await self._repo.load_rows(s, table_id, None, held=held)
                mine = require_seated(row, seats, user_id)
                if held is None or row.snapshot is not None or row.version != held.version:
                    game = game_of(row)
                elif self._repo.held.holds(held):
                    game = held.game  # read here, before any await: a move may play on it after
                else:
                    held = None  # a move took the held game meanwhile: read the table whole
                    continue
                table = info(row, seats)
                prompt = None
                if row.status == ACTIVE and not mine.cpu_takeover and not game.is_over():
                    found = game.prompt(mine.seat)
                    prompt = None if found is None else found.to_json()
                view = game.view(mine.seat)
                closed = load_states(row.prompt_states, len(seats))[mine.seat].closed
            version = table.prompt_version(mine.seat)
            return SeatPrompt(table, mine.seat, version, prompt, view, closed)

    async def hint(self, table_id: int, user_id: int) -> dict[str, JSON] | None:
        """What the game's hint level would do in the user's seat now, and why when it can say.

        `{"action": {...} | None, "reason": code | None, "params": {...}}`, or None when the
        seat is not asked. It decides from the seat's view and prompt only, like any CPU seat.
        """
        async with self._repo.unit() as s:
            row, seats = await self._repo.load_rows(s, table_id, None)
            require_status(row, ACTIVE, "not_active")
            held = require_seated(row, seats, user_id)
            game = game_of(row)
        try:  # thought outside the transaction, in a worker unless hints here cost nothing
            return await self._writer.thinkers.hint(
                game, held.seat, row.seed, f"hint@{row.action_count}"
            )
        except GameError as exc:
            raise TableError.from_engine(exc) from None

    async def finish(
        self, table_id: int, user_id: int, *, expected_version: int | None = None
    ) -> ActResult:
        """Play every remaining turn at once: "see the result" (games with `instant_finish`).

        Only when nobody else plays themselves at the table (against CPUs, or seats the CPU
        took over): it would end the game for another player without asking them. Every action
        is logged (one bulk insert); `steps` is empty, `applied` counts them.
        """
        async with self._writer.table_lock(table_id):
            for _ in range(FINISH_TRIES):
                async with self._repo.transaction(reads_only=True) as s:
                    row, seats = await self._repo.load_rows(s, table_id, expected_version)
                    self._may_finish(row, seats, user_id)
                    game = game_of(row)
                    version, purpose = row.version, f"finish@{row.action_count}"
                    seating = self._writer.seating(seats)
                # the whole game played out in a worker, outside any transaction
                try:
                    actions, snapshot = await self._writer.thinkers.play_out(
                        row.game, game.to_json(), seating, row.seed, purpose
                    )
                except GameError as exc:
                    raise TableError.from_engine(exc) from None
                async with self._repo.transaction() as s:
                    row, seats = await self._repo.load_rows(s, table_id, None)
                    if row.version != version:
                        continue  # the table moved on meanwhile: judged and played out again
                    game = game_class_or_error(row.game).from_json(snapshot)
                    moves = [Action.from_json(a) for a in actions]
                    batch = Batch([], moves, [None] * len(moves), {a.seat for a in moves})
                    return await self._writer.persist(s, row, seats, game, batch)
            raise moved_on(row)

    def _may_finish(self, row: TableRow, seats: list[SeatRow], user_id: int) -> None:
        """Refuse "see the result" unless the game allows it and nobody else plays here."""
        require_status(row, ACTIVE, "not_active")
        held = require_seated(row, seats, user_id)
        cls = game_class_or_error(row.game)
        if not cls.instant_finish:
            raise TableError(
                "no_instant_finish",
                f"{cls.names['en']} has decisions to make; it cannot be finished at once.",
                table_id=row.id,
                game=row.game,
            )
        others = [x for x in seats if x is not held and x.user_id and not x.cpu_takeover]
        if others:
            raise TableError(
                "finish_needs_all",
                "Another player is at this table: the game can't be finished at once.",
                table_id=row.id,
            )

    async def advance(
        self, table_id: int, limit: int = 1, *, progress: Progress | None = None
    ) -> ActResult:
        """Take up to `limit` steps at the table's pace (mechanical steps, Auto seats).

        Each step is followed by the CPU seats' answers (`progress`: as in `act`). The
        transport calls this at its watching pace while `auto_pending`; nothing to do returns
        `applied == 0` without writing.
        """
        async with self._writer.table_lock(table_id):
            async with self._repo.unit() as s:
                row, seats = await self._repo.load_rows(s, table_id, None)
                require_status(row, ACTIVE, "not_active")
                game = game_of(row)
                batch, auto = self._writer.automate(row, seats, game, paced=limit)
                if not batch.actions and not batch.declined:
                    result = result_of(row, seats, game, [], 0)
                else:
                    # prompts let pass are written too, even alone: offered again, the same
                    # answer would be the batch again, for ever
                    result = await self._writer.persist(s, row, seats, game, batch, auto=auto)
            return await self._writer.follow(result, Pending(game, auto), progress)

    async def set_auto(
        self, table_id: int, user_id: int, on: bool, *, expected_version: int | None = None
    ) -> TableInfo:
        """Turn the user's seat's Auto on or off (the CPU then plays it at the table's pace).

        A seat the CPU took over (the user left, or timed out under `cpu_seat`) comes back to
        its user either way: off, they play it again; on, the CPU plays it at their pace.
        """
        async with self._repo.unit() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            if row.status not in OPEN_STATUSES:
                raise status_error(row, "not_active")
            held = require_seated(row, seats, user_id)
            if held.cpu_takeover:
                held.cpu_takeover = False
                held.cpu_level = None
            held.auto = on
            await s.flush()
            paced = row.paced
            if row.status == ACTIVE and row.snapshot is not None:
                game = game_of(row)
                paced = has_paced_step(game, seats)
            await self._repo.bump(s, row, paced=paced)
            return info(row, seats)
