"""Reading: a table, a channel's open or just finished table, waiting tables, views, a record."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from bot.store.models import ACTIVE, FINISHED, ActionLogRow, SeatRow, TableRow, UserStatsRow
from bot.tables import archive
from bot.tables.core import UseCase
from bot.tables.results import TableInfo, UserStats
from bot.tables.rows import game_class_or_error, game_of, info, owned, require_seated
from engines.errors import JSON
from engines.record import Record


class Reading(UseCase):
    """Queries that change nothing."""

    async def load(self, table_id: int) -> TableInfo:
        """The table (any status)."""
        async with self._repo.unit() as s:
            return info(*await self._repo.load_rows(s, table_id, None))

    async def active_table(self, channel_id: int) -> TableInfo | None:
        """The channel's lobby or running table, if any."""
        async with self._repo.transaction() as s:
            table_id = await self._repo.open_table_id(s, channel_id)
            if table_id is None:
                return None
            return info(*await self._repo.load_rows(s, table_id, None))

    async def last_table(self, channel_id: int) -> TableInfo | None:
        """The channel's open table, or else its newest table if that one finished: what the
        channel's commands speak of after a game ends, until a new table opens there."""
        async with self._repo.transaction() as s:
            table_id = await self._repo.open_table_id(s, channel_id)
            if table_id is None:
                newest = (
                    await s.execute(
                        select(TableRow.id, TableRow.status)
                        .where(TableRow.channel_id == channel_id)
                        .order_by(TableRow.id.desc())
                        .limit(1)
                    )
                ).first()
                if newest is None or newest.status != FINISHED:
                    return None
                table_id = newest.id
            return info(*await self._repo.load_rows(s, table_id, None))

    async def tables_waiting_on(self, user_id: int) -> list[TableInfo]:
        """Every running table, in any guild, where the game waits for a seat of the user."""
        async with self._repo.transaction() as s:
            rows = (
                await s.scalars(
                    select(TableRow)
                    .join(SeatRow, SeatRow.table_id == TableRow.id)
                    .where(
                        TableRow.status == ACTIVE,
                        SeatRow.user_id == user_id,
                        SeatRow.cpu_takeover.is_(False),
                    )
                    .order_by(TableRow.deadline, TableRow.id)
                )
            ).all()
            out = []
            for row in rows:
                table = info(row, await self._repo.seats(s, row.id))
                if user_id in table.waiting_user_ids:
                    out.append(table)
            return out

    async def auto_pending_tables(self) -> list[TableInfo]:
        """Running tables with steps to take at their pace: resume `advance` after a restart."""
        async with self._repo.transaction() as s:
            rows = (
                await s.scalars(
                    select(TableRow)
                    .where(TableRow.status == ACTIVE, TableRow.paced.is_(True), owned(self._shards))
                    .order_by(TableRow.id)
                )
            ).all()
            return [info(row, await self._repo.seats(s, row.id)) for row in rows]

    async def private_view(self, table_id: int, user_id: int) -> dict[str, JSON]:
        """The view of the user's seat (their hand and the public table)."""
        async with self._repo.unit() as s:
            row, seats = await self._repo.load_rows(s, table_id, None)
            held = require_seated(row, seats, user_id)
            return game_of(row).view(held.seat)

    async def public_view(self, table_id: int) -> dict[str, JSON]:
        """The public view of the game (what the channel may see)."""
        async with self._repo.unit() as s:
            row, _ = await self._repo.load_rows(s, table_id, None)
            return game_of(row).view(None)

    async def record(self, table_id: int, *, include_sealed: bool = False) -> dict[str, JSON]:
        """The table's game record (docs/records.md): game, seats, options, seed, actions.

        While the game runs, actions the game keeps sealed (exposures not all in, a buried
        kitty, unresolved claims) are left out, unless `include_sealed` (storage checks only).
        """
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, None)
            rows: list[tuple[Any, Any]] = list(
                (
                    await s.execute(
                        select(ActionLogRow.action, ActionLogRow.seal)
                        .where(ActionLogRow.table_id == row.id)
                        .order_by(ActionLogRow.seq)
                    )
                ).all()
            )
        if row.archive is not None:  # a finished table: nothing is sealed any more
            rows = [(e["action"], e["seal"]) for e in archive.unpack(row.archive)[0]]
        cls = game_class_or_error(row.game)
        hidden: frozenset[str] = frozenset()
        if not include_sealed and row.snapshot is not None:
            game = cls.from_json(row.snapshot)
            if not game.is_over():
                hidden = game.open_seals()
        actions = tuple(
            cls.logged_action(action) for action, seal in rows if seal is None or seal not in hidden
        )
        return Record(row.game, len(seats), dict(row.options), row.seed, None, actions).to_json()

    async def user_stats(self, user_id: int, game: str | None = None) -> list[UserStats]:
        """The user's played / won / lost / drawn counts, per game."""
        async with self._repo.transaction() as s:
            query = select(UserStatsRow).where(UserStatsRow.user_id == user_id)
            if game is not None:
                query = query.where(UserStatsRow.game == game)
            rows = (await s.scalars(query.order_by(UserStatsRow.game))).all()
            return [UserStats(r.user_id, r.game, r.played, r.won, r.lost, r.drawn) for r in rows]
