"""Deadlines: reminders while a prompt waits (and muting them), what happens after its time
runs out, stale lobbies.

Every claim is a conditional write (the table's version), so several bot processes ticking at
once remind and expire each prompt once. The rules themselves are in `bot.tables.flow`.

A table whose timer work fails for a reason of its own (its game cannot be loaded or advanced)
would fail again at every tick of every process: it is set aside at once (quarantined: one log
line, with the failure's traceback), skipped by every process's timers, and its players are
told (`table_quarantined`) until an admin releases it (`cardbot tables release`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from sqlalchemy import Select, bindparam, delete, func, select

from bot.store.database import DatabaseUnavailable
from bot.store.models import (
    ABANDONED,
    ACTIVE,
    ACTIVE_ROWS,
    LOBBY,
    LOBBY_ROWS,
    UNARCHIVED_ROWS,
    ActionLogRow,
    SeatRow,
    TableRow,
)
from bot.tables import archive, flow
from bot.tables.core import Batch, Pending, UseCase
from bot.tables.errors import TableError, moved_on
from bot.tables.repository import Rows
from bot.tables.results import ActResult, Expiry, Reminder, TableInfo
from bot.tables.rows import game_of, has_cpu, info, owned, require_seated, require_status
from engines.cpu import DEFAULT_LEVEL
from engines.errors import GameError
from engines.game import Game

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TimerScans:
    """The timers' queries over a process's tables, made once: every process runs them at
    every tick, and building them cost more than running them."""

    reminders: Select[Any]
    """Running tables with a reminder due at `now`, the earliest first."""
    overdue: Select[Any]
    """Running tables with a deadline passed at `now`, the earliest first."""
    lobbies: Select[Any]
    """Lobbies untouched since `cutoff`."""
    archivable: Select[Any]
    """Up to `limit` ended tables not archived, untouched since `cutoff`, the oldest first."""
    wakeup: Select[Any, Any, Any]
    """The earliest deadline, reminder and lobby change (one row)."""


class Deadlines(UseCase):
    """Timers of running tables and lobbies."""

    @cached_property
    def _scans(self) -> TimerScans:
        mine = owned(self._shards)
        active, lobby = ACTIVE_ROWS, LOBBY_ROWS
        # a running table set aside has no deadline or reminder: the other scans skip it here
        unquarantined = TableRow.quarantine.is_(None)
        return TimerScans(
            reminders=select(TableRow.id)
            .where(active, TableRow.remind_at <= bindparam("now"), mine)
            .order_by(TableRow.remind_at, TableRow.id),
            overdue=select(TableRow.id)
            .where(active, TableRow.deadline <= bindparam("now"), mine)
            .order_by(TableRow.deadline, TableRow.id),
            lobbies=select(TableRow.id).where(
                lobby, TableRow.updated_at <= bindparam("cutoff"), mine, unquarantined
            ),
            archivable=select(TableRow.id)
            .where(UNARCHIVED_ROWS, TableRow.updated_at <= bindparam("cutoff"), mine, unquarantined)
            .order_by(TableRow.updated_at, TableRow.id)
            .limit(bindparam("limit")),
            wakeup=select(
                select(func.min(TableRow.deadline)).where(active, mine).scalar_subquery(),
                select(func.min(TableRow.remind_at)).where(active, mine).scalar_subquery(),
                select(func.min(TableRow.updated_at)).where(lobby, mine).scalar_subquery(),
            ),
        )

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """Reminders due now, each claimed once (the seats whose prompt's time runs out soon)."""
        now = now or self._clock()
        ids = [table_id for (table_id,) in await self._repo.query(self._scans.reminders, now=now)]
        out: list[Reminder] = []
        rule = flow.reminder_rule(self._settings)
        for table_id in ids:
            try:
                async with self._repo.unit() as s:
                    row, seats, game, held = await self._repo.rows_to_write(s, table_id)
                    due = []
                    if row.status == ACTIVE:
                        states = flow.load_states(row.prompt_states, len(seats))
                        due = flow.seats_to_remind(states, now, rule)
                    if not due:
                        if held is not None:
                            self._repo.held.give_back(held)
                        continue
                    marked = flow.mark_reminded(states, due, now, rule)
                    _, remind_at = flow.schedule(marked, rule)
                    await self._repo.bump(
                        s, row, prompt_states=flow.dump_states(marked), remind_at=remind_at
                    )
                    if game is not None:
                        # the game did not change: the next move plays on it, unread
                        self._repo.hold(s, row, seats, game)
                    claimed = Reminder(
                        info(row, seats, marked),
                        tuple(due),
                        stalled=tuple(
                            seat
                            for seat in due
                            if flow.stalled(marked[seat], rule)
                            and not flow.stalled(states[seat], rule)
                        ),
                        numbers=tuple(marked[seat].reminders for seat in due),
                    )
                out.append(claimed)  # once committed: claimed, so sent once
            except Exception as exc:
                # the reminders claimed so far are returned (sent), the others wait for a tick
                await self._failed(table_id, "reminder", exc)
        return out

    async def mute_reminders(self, table_id: int, user_id: int, version: int) -> TableInfo:
        """Stop the reminders of the prompt the user holds, the one at `version` (a newer one
        is reminded again: `table_moved_on` then)."""
        async with self._repo.unit() as s:
            row, seats, game, held = await self._repo.rows_to_write(s, table_id)
            try:
                require_status(row, ACTIVE, "not_active")
                seat = require_seated(row, seats, user_id).seat
                states = flow.load_states(row.prompt_states, len(seats))
                if states[seat].version != version or not states[seat].asked:
                    raise moved_on(row)
            except TableError:
                if held is not None:
                    self._repo.held.give_back(held)
                raise
            if states[seat].muted:
                if held is not None:
                    self._repo.held.give_back(held)
                return info(row, seats, states)
            states = flow.mute(states, seat)
            _, remind_at = flow.schedule(states, flow.reminder_rule(self._settings))
            await self._repo.bump(
                s, row, prompt_states=flow.dump_states(states), remind_at=remind_at
            )
            if game is not None:
                self._repo.hold(s, row, seats, game)
            return info(row, seats, states)

    async def expire_overdue(self, now: datetime | None = None) -> list[Expiry]:
        """Deal with every prompt whose time ran out, once per deadline.

        A prompt with a default (pass, keep) takes it. A required prompt without one follows
        the table's policy: `cpu_turn` (the CPU answers that prompt once), `cpu_seat` (the CPU
        takes the seat for the rest of the game), `abandon`. An optional prompt lapses. A table
        whose expiry fails is logged and skipped: the others still expire.
        """
        now = now or self._clock()
        ids = [table_id for (table_id,) in await self._repo.query(self._scans.overdue, now=now)]
        out: list[Expiry] = []
        for table_id in ids:
            try:
                expiry = await self._expire_one(table_id, now)
            except Exception as exc:
                await self._failed(table_id, "expiry", exc)
                continue
            if expiry is not None:
                out.append(expiry)
        return out

    async def _expire_one(self, table_id: int, now: datetime) -> Expiry | None:
        async with self._writer.table_lock(table_id):
            expiry, pending = await self._expire_rows(table_id, now)
            if expiry is None or pending is None:
                return expiry
            return replace(expiry, result=await self._writer.follow(expiry.result, pending))

    async def _expire_rows(
        self, table_id: int, now: datetime
    ) -> tuple[Expiry | None, Pending | None]:
        async with self._repo.unit() as s:
            row, seats, held_game, held = await self._repo.rows_to_write(s, table_id)
            if row.status != ACTIVE or row.deadline is None or row.deadline > now:
                if held is not None:
                    self._repo.held.give_back(held)
                return None, None
            states = flow.load_states(row.prompt_states, len(seats))
            overdue = flow.overdue_seats(states, now)
            game = held_game if held_game is not None else game_of(row)
            if not overdue:
                return await self._resume(s, row, seats, game, states)
            batch = Batch.empty()
            defaulted: list[int] = []
            absent: list[int] = []
            lapsed: list[int] = []
            for seat in overdue:
                prompt = game.prompt(seat)
                kind = flow.expiry_kind(prompt)
                if kind == flow.DEFAULT and prompt is not None and prompt.default is not None:
                    batch.add(game, prompt.default, by="timer")
                    defaulted.append(seat)
                elif kind == flow.POLICY and seats[seat].user_id is not None:
                    absent.append(seat)
                else:
                    lapsed.append(seat)
            users = tuple(seats[seat].user_id or 0 for seat in absent)
            policy = flow.effective_policy(row.expiry_policy, has_cpu(row.game))
            if absent and policy == "abandon":
                await self._repo.bump(
                    s, row, status=ABANDONED, deadline=None, remind_at=None, paced=False
                )
                return Expiry("abandon", tuple(absent), users, ActResult(info(row, seats))), None
            if absent and policy == "cpu_seat":
                for seat in absent:
                    seats[seat].cpu_takeover = True
                    seats[seat].auto = False
                    seats[seat].cpu_level = seats[seat].cpu_level or DEFAULT_LEVEL
            elif absent:
                decide = self._writer.chooser(row, seats, f"expire@{row.action_count}")
                for seat in absent:
                    prompt = game.prompt(seat)
                    if game.is_over() or prompt is None:
                        continue
                    try:
                        action = decide(game, prompt) or prompt.default
                    except GameError as exc:
                        raise TableError.from_engine(exc) from None
                    if action is not None:
                        batch.add(game, action, by="cpu")
            answers, auto = self._writer.automate(row, seats, game, offset=len(batch.actions))
            batch.extend(answers)
            states = flow.lapse(states, lapsed)
            result = await self._writer.persist(
                s, row, seats, game, batch, now=now, states=states, auto=auto
            )
            pending = Pending(game, auto)
            if not absent and not defaulted:
                if batch.actions or result.auto_pending:
                    # only a chance lapsed (a knock window), and the table went on: the CPU
                    # it held drew, or steps at the table's pace are to take again
                    return Expiry("lapse", (), (), result), pending
                return None, None  # only optional prompts lapsed: nothing anyone needs to hear
            kind = policy if absent else "default"
            return Expiry(kind, tuple(absent), users, result, tuple(defaulted)), pending

    async def _resume(
        self,
        s: Rows,
        row: TableRow,
        seats: list[SeatRow],
        game: Game,
        states: list[flow.PromptState],
    ) -> tuple[Expiry, Pending]:
        """The watchdog's deadline passed: the table had steps of its own to take (a draw, an
        Auto seat's turn, CPU moves being thought) and nothing moved it for `stall_seconds`
        (its pace loop stopped, its process died halfway through a unit). It is logged, with
        what it waits for and never a card, and resumed: the CPUs' moves due, one step of its
        pace; published (`resume`), the Desk's pace loop takes up the rest."""
        log.warning("table %s stalled; resuming it: %s", row.id, stall_report(row, seats, game))
        batch, auto = self._writer.automate(row, seats, game, paced=1, states=states)
        result = await self._writer.persist(s, row, seats, game, batch, states=states, auto=auto)
        waited_for = game.is_over() or game.to_act() or result.auto_pending
        if not waited_for:  # an engine's bug: the game goes on, and nobody can make it
            log.error(
                "table %s: nobody is waited for, though the game is not over: %s",
                row.id,
                stall_report(row, seats, game),
            )
        return Expiry("resume", (), (), result), Pending(game, auto)

    async def expire_lobbies(self, now: datetime | None = None) -> list[TableInfo]:
        """Abandon lobbies untouched for `lobby_expiry_seconds`."""
        now = now or self._clock()
        cutoff = now - timedelta(seconds=self._settings.lobby_expiry_seconds)
        ids = [
            table_id for (table_id,) in await self._repo.query(self._scans.lobbies, cutoff=cutoff)
        ]
        out: list[TableInfo] = []
        for table_id in ids:
            try:
                async with self._repo.unit() as s:
                    row, seats = await self._repo.load_rows(s, table_id, None)
                    if row.status != LOBBY or row.updated_at > cutoff:
                        continue
                    await self._repo.bump(s, row, status=ABANDONED)
                    abandoned = info(row, seats)
                out.append(abandoned)  # once committed
            except Exception as exc:
                await self._failed(table_id, "lobby expiry", exc)
        return out

    async def archive_finished(self, now: datetime | None = None, limit: int = 200) -> list[int]:
        """Archive up to `limit` tables finished or abandoned `archive_after_days` ago or more:
        their action log and snapshot go into one compressed value (`bot.tables.archive`).

        Records and statistics read the same afterwards. Returns the archived table ids.
        """
        days = self._settings.archive_after_days
        if days <= 0:
            return []
        now = now or self._clock()
        cutoff = now - timedelta(days=days)
        ids = [
            table_id
            for (table_id,) in await self._repo.query(
                self._scans.archivable, cutoff=cutoff, limit=limit
            )
        ]
        done: list[int] = []
        for table_id in ids:
            try:
                async with self._repo.transaction() as s:
                    row = await s.get(TableRow, table_id, with_for_update=True)
                    if row is None or row.archive is not None:
                        continue
                    entries = [
                        {
                            "seq": e.seq,
                            "seat": e.seat,
                            "action": e.action,
                            "seal": e.seal,
                            "created_at": e.created_at,
                        }
                        for e in await s.scalars(
                            select(ActionLogRow)
                            .where(ActionLogRow.table_id == table_id)
                            .order_by(ActionLogRow.seq)
                        )
                    ]
                    row.archive = archive.pack(entries, row.snapshot)
                    row.snapshot = None
                    await s.execute(delete(ActionLogRow).where(ActionLogRow.table_id == table_id))
                    await s.flush()
                    done.append(table_id)
            except Exception as exc:
                await self._failed(table_id, "archiving", exc)
        return done

    async def _failed(self, table_id: int, work: str, exc: Exception) -> None:
        """A timer's `work` at one table failed; the other tables go on. A race lost (the table
        moved on, or was set aside meanwhile) is nothing; the database unavailable is logged,
        and the next tick tries again. Anything else is the table's own failure: the table is
        quarantined, with one log line that says why (the failure's traceback attached)."""
        if isinstance(exc, TableError) and exc.code in ("table_moved_on", "table_quarantined"):
            return
        if isinstance(exc, DatabaseUnavailable):
            log.warning("table %s: %s waits for the next tick (%s)", table_id, work, exc)
            return
        told = str(exc).strip().splitlines()
        reason = f"{work} failed: {type(exc).__name__}" + (f": {told[0]}" if told else "")
        try:
            game = await self._repo.quarantine(table_id, reason)
        except Exception:
            log.exception("table %s: %s failed, and so did setting it aside", table_id, work)
            return
        if game is not None:
            log.error(
                "table %s (%s) quarantined: %s. Its timers stop in every process and its "
                "players are told; nothing is lost. `cardbot tables release %s` puts it back "
                "in play once fixed.",
                table_id,
                game,
                reason,
                table_id,
                exc_info=exc,
            )

    async def next_wakeup(self) -> datetime | None:
        """The earliest moment a reminder, an expiry or a lobby expiry falls due (for a sleep)."""
        [(deadline, remind_at, lobby)] = await self._repo.query(self._scans.wakeup)
        times = [t for t in (deadline, remind_at) if t is not None]
        if lobby is not None:
            times.append(lobby + timedelta(seconds=self._settings.lobby_expiry_seconds))
        return min(times) if times else None


def stall_report(row: TableRow, seats: list[SeatRow], game: Game) -> str:
    """What a stalled table waits for, for the log: its state and each seat's prompt, never a
    card, a choice or a hand."""
    prompts = {} if game.is_over() else game.seat_decisions()
    step = None if game.is_over() else game.table_step()
    parts = [
        f"version {row.version}",
        f"{row.action_count} actions",
        f"to act {sorted(game.to_act())}",
        "paced" if row.paced else "not paced",
        f"table step {step.kind if step is not None else None}",
    ]
    for seat in seats:
        who = "cpu" if seat.user_id is None else "taken over" if seat.cpu_takeover else "person"
        if seat.auto:
            who += " on auto"
        prompt = prompts.get(seat.seat)
        asked = (
            "nothing"
            if prompt is None
            else f"{prompt.kind} {'required' if prompt.required else 'optional'}"
        )
        parts.append(f"seat {seat.seat} ({who}): {asked}")
    return "; ".join(parts)
