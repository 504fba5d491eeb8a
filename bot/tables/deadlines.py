"""Deadlines: reminders before a prompt's time runs out, what happens after, stale lobbies.

Every claim is a conditional write (the table's version), so several bot processes ticking at
once remind and expire each prompt once. The rules themselves are in `bot.tables.flow`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property, partial
from typing import Any

from sqlalchemy import Select, bindparam, delete, func, select

from bot.store.models import (
    ABANDONED,
    ACTIVE,
    ACTIVE_ROWS,
    LOBBY,
    LOBBY_ROWS,
    UNARCHIVED_ROWS,
    ActionLogRow,
    TableRow,
)
from bot.tables import archive, flow
from bot.tables.core import (
    Batch,
    ServiceCore,
    game_of,
    has_cpu,
    info,
    owned,
)
from bot.tables.errors import TableError
from bot.tables.pgrows import PgUnit
from bot.tables.results import ActResult, Expiry, Reminder, TableInfo
from engines.base import GameError
from engines.cpu import DEFAULT_LEVEL

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


class DeadlineOps(ServiceCore):
    """Timers of running tables and lobbies."""

    @cached_property
    def _scans(self) -> TimerScans:
        mine = owned(self._shards)
        active, lobby = ACTIVE_ROWS, LOBBY_ROWS
        return TimerScans(
            reminders=select(TableRow.id)
            .where(active, TableRow.remind_at <= bindparam("now"), mine)
            .order_by(TableRow.remind_at, TableRow.id),
            overdue=select(TableRow.id)
            .where(active, TableRow.deadline <= bindparam("now"), mine)
            .order_by(TableRow.deadline, TableRow.id),
            lobbies=select(TableRow.id).where(
                lobby, TableRow.updated_at <= bindparam("cutoff"), mine
            ),
            archivable=select(TableRow.id)
            .where(UNARCHIVED_ROWS, TableRow.updated_at <= bindparam("cutoff"), mine)
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
        ids = [table_id for (table_id,) in await self._query(self._scans.reminders, now=now)]
        out: list[Reminder] = []
        before = self._settings.reminder_before_seconds
        for table_id in ids:
            try:
                async with self._hot() as s:
                    row, seats, game, held = await self._rows_to_write(s, table_id)
                    due = []
                    if row.status == ACTIVE:
                        states = flow.load_states(row.prompt_states, len(seats))
                        due = flow.seats_to_remind(states, now, before)
                    if not due:
                        if held is not None:
                            self._held.give_back(held)
                        continue
                    states = flow.mark_reminded(states, due)
                    _, remind_at = flow.schedule(states, before)
                    await self._bump(
                        s, row, prompt_states=flow.dump_states(states), remind_at=remind_at
                    )
                    if game is not None and isinstance(s, PgUnit):
                        # the game did not change: the next move plays on it, unread
                        s.after_commit(partial(self._held.keep, row, seats, game))
                    claimed = Reminder(info(row, seats), tuple(due))
                out.append(claimed)  # once committed: claimed, so sent once
            except TableError as exc:
                if exc.code != "table_moved_on":
                    log.exception("table %s: reminder refused (%s)", table_id, exc.code)
            except Exception:
                # the reminders claimed so far are returned (sent), the others wait for a tick
                log.exception("table %s: reminder failed; the other tables go on", table_id)
        return out

    async def expire_overdue(self, now: datetime | None = None) -> list[Expiry]:
        """Deal with every prompt whose time ran out, once per deadline.

        A prompt with a default (pass, keep) takes it. A required prompt without one follows
        the table's policy: `cpu_turn` (the CPU answers that prompt once), `cpu_seat` (the CPU
        takes the seat for the rest of the game), `abandon`. An optional prompt lapses. A table
        whose expiry fails is logged and skipped: the others still expire.
        """
        now = now or self._clock()
        ids = [table_id for (table_id,) in await self._query(self._scans.overdue, now=now)]
        out: list[Expiry] = []
        for table_id in ids:
            try:
                expiry = await self._expire_one(table_id, now)
            except TableError as exc:
                if exc.code != "table_moved_on":
                    log.exception("table %s: expiry refused (%s)", table_id, exc.code)
                continue
            except Exception:
                log.exception("table %s: expiry failed; the other tables go on", table_id)
                continue
            if expiry is not None:
                out.append(expiry)
        return out

    async def _expire_one(self, table_id: int, now: datetime) -> Expiry | None:
        async with self._hot() as s:
            row, seats, held_game, held = await self._rows_to_write(s, table_id)
            if row.status != ACTIVE or row.deadline is None or row.deadline > now:
                if held is not None:
                    self._held.give_back(held)
                return None
            states = flow.load_states(row.prompt_states, len(seats))
            overdue = flow.overdue_seats(states, now)
            game = held_game if held_game is not None else game_of(row)
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
                await self._bump(
                    s, row, status=ABANDONED, deadline=None, remind_at=None, paced=False
                )
                return Expiry("abandon", tuple(absent), users, ActResult(info(row, seats)))
            if absent and policy == "cpu_seat":
                for seat in absent:
                    seats[seat].cpu_takeover = True
                    seats[seat].auto = False
                    seats[seat].cpu_level = seats[seat].cpu_level or DEFAULT_LEVEL
            elif absent:
                decide = self._chooser(row, seats, f"expire@{row.action_count}")
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
            batch.extend(self._run_automated(row, seats, game, offset=len(batch.actions)))
            states = flow.lapse(states, lapsed)
            result = await self._persist(s, row, seats, game, batch, now=now, states=states)
            if not absent and not defaulted:
                if batch.actions or result.auto_pending:
                    # only a chance lapsed (a knock window), and the table went on: the CPU
                    # it held drew, or steps at the table's pace are to take again
                    return Expiry("lapse", (), (), result)
                return None  # only optional prompts lapsed: nothing anyone needs to hear
            kind = policy if absent else "default"
            return Expiry(kind, tuple(absent), users, result, tuple(defaulted))

    async def expire_lobbies(self, now: datetime | None = None) -> list[TableInfo]:
        """Abandon lobbies untouched for `lobby_expiry_seconds`."""
        now = now or self._clock()
        cutoff = now - timedelta(seconds=self._settings.lobby_expiry_seconds)
        ids = [table_id for (table_id,) in await self._query(self._scans.lobbies, cutoff=cutoff)]
        out: list[TableInfo] = []
        for table_id in ids:
            try:
                async with self._hot() as s:
                    row, seats = await self._load_rows(s, table_id, None)
                    if row.status != LOBBY or row.updated_at > cutoff:
                        continue
                    await self._bump(s, row, status=ABANDONED)
                    abandoned = info(row, seats)
                out.append(abandoned)  # once committed
            except TableError as exc:
                if exc.code != "table_moved_on":
                    log.exception("table %s: lobby expiry refused (%s)", table_id, exc.code)
            except Exception:
                log.exception("table %s: lobby expiry failed; the other lobbies go on", table_id)
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
            for (table_id,) in await self._query(self._scans.archivable, cutoff=cutoff, limit=limit)
        ]
        done: list[int] = []
        for table_id in ids:
            try:
                async with self._transaction() as s:
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
            except Exception:
                log.exception("table %s: archiving failed; the others go on", table_id)
        return done

    async def next_wakeup(self) -> datetime | None:
        """The earliest moment a reminder, an expiry or a lobby expiry falls due (for a sleep)."""
        [(deadline, remind_at, lobby)] = await self._query(self._scans.wakeup)
        times = [t for t in (deadline, remind_at) if t is not None]
        if lobby is not None:
            times.append(lobby + timedelta(seconds=self._settings.lobby_expiry_seconds))
        return min(times) if times else None
