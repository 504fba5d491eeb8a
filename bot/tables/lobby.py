"""The lobby: open a table, take and free seats, add CPUs, start, rematch, leave, abandon."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.store.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    GuildSettingsRow,
    SeatRow,
    TableRow,
)
from bot.tables.core import Pending, UseCase
from bot.tables.errors import TableError, channel_busy, moved_on
from bot.tables.results import ActResult, TableInfo
from bot.tables.rows import (
    display_name,
    game_class_or_error,
    game_of,
    info,
    require_creator,
    require_room,
    require_seated,
    require_status,
    resolve_options,
    status_error,
    taken_over,
)
from engines.cpu import DEFAULT_LEVEL, cpu_player
from engines.errors import JSON, GameError, RecordError


class Lobby(UseCase):
    """Lobby and seat operations."""

    async def open_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: Mapping[str, JSON] | None,
        creator_id: int,
        creator_name: str,
        seats: int | None = None,
        *,
        seed: int | None = None,
        locale: str | None = None,
    ) -> TableInfo:
        """Open a lobby in a channel; the creator takes seat 0.

        `seats` is how many seats the lobby offers (default: the game's maximum); the game
        starts with the seats taken. `seed` defaults to fresh OS randomness (kept in the row).
        """
        cls = game_class_or_error(game)
        resolved = resolve_options(cls, options)
        seat_count = cls.max_seats if seats is None else seats
        try:
            cls.check_seats(seat_count)
        except RecordError as exc:
            raise TableError.from_engine(exc) from None
        async with self._repo.transaction() as s:
            busy = await self._repo.open_table_id(s, channel_id)
            if busy is not None:
                raise channel_busy(channel_id, busy)
            guild = await s.get(GuildSettingsRow, guild_id) if guild_id is not None else None
            row = self._writer.new_table(
                guild_id=guild_id,
                channel_id=channel_id,
                game=cls.id,
                options=resolved,
                seat_count=seat_count,
                created_by=creator_id,
                turn_timer_seconds=(guild and guild.turn_timer_seconds)
                or self._settings.turn_timer_seconds,
                expiry_policy=(guild and guild.expiry_policy) or self._settings.expiry_policy,
                locale=locale or (guild and guild.locale) or None,
                series_match=1,
            )
            if seed is not None:
                row.seed = seed
            s.add(row)
            await self._repo.flush_open_table(s, channel_id)
            seat = SeatRow(
                table_id=row.id, seat=0, user_id=creator_id, name=display_name(creator_name)
            )
            s.add(seat)
            await s.flush()
            return info(row, [seat])

    async def join(
        self, table_id: int, user_id: int, name: str, *, expected_version: int | None = None
    ) -> TableInfo:
        """Take the next free seat of a lobby."""
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            require_status(row, LOBBY, "lobby_only")
            held = next((x for x in seats if x.user_id == user_id), None)
            if held is not None:
                raise TableError(
                    "already_seated",
                    "You already have a seat here.",
                    table_id=row.id,
                    seat=held.seat,
                )
            require_room(row, seats)
            await self._repo.bump(s, row)
            seat = SeatRow(
                table_id=row.id, seat=len(seats), user_id=user_id, name=display_name(name)
            )
            s.add(seat)
            await s.flush()
            return info(row, [*seats, seat])

    async def add_cpu(
        self,
        table_id: int,
        user_id: int,
        level: str = DEFAULT_LEVEL,
        name: str | None = None,
        *,
        expected_version: int | None = None,
    ) -> TableInfo:
        """A seated player adds a computer seat at `level` (easy / normal / hard)."""
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            require_status(row, LOBBY, "lobby_only")
            require_seated(row, seats, user_id)
            require_room(row, seats)
            try:
                cpu_player(row.game, level)
            except GameError as exc:
                raise TableError.from_engine(exc) from None
            await self._repo.bump(s, row)
            seat = SeatRow(
                table_id=row.id,
                seat=len(seats),
                cpu_level=level,
                name=display_name(name or self._writer.cpu_name(row, seats)),
            )
            s.add(seat)
            await s.flush()
            return info(row, [*seats, seat])

    async def remove_cpu(
        self, table_id: int, user_id: int, seat: int, *, expected_version: int | None = None
    ) -> TableInfo:
        """A seated player removes a computer seat; later seats move up one."""
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            require_status(row, LOBBY, "lobby_only")
            require_seated(row, seats, user_id)
            if not 0 <= seat < len(seats):
                raise TableError("no_seat", f"There is no seat {seat}.", table_id=row.id, seat=seat)
            if seats[seat].user_id is not None:
                raise TableError(
                    "not_a_cpu", f"Seat {seat} is not a computer seat.", table_id=row.id, seat=seat
                )
            await self._repo.bump(s, row)
            remaining = await self._drop_lobby_seat(s, seats, seat)
            return info(row, remaining)

    async def set_options(
        self,
        table_id: int,
        user_id: int,
        options: Mapping[str, JSON],
        *,
        is_moderator: bool = False,
        expected_version: int | None = None,
    ) -> TableInfo:
        """Change some of a lobby's options (its creator, or a moderator); the rest stay."""
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            require_status(row, LOBBY, "lobby_only")
            if not is_moderator:
                require_creator(row, user_id)
            cls = game_class_or_error(row.game)
            resolved = resolve_options(cls, {**dict(row.options), **dict(options)})
            await self._repo.bump(s, row, options=resolved)
            return info(row, seats)

    async def set_cpu_level(
        self,
        table_id: int,
        user_id: int,
        seat: int,
        level: str,
        *,
        expected_version: int | None = None,
    ) -> TableInfo:
        """A seated player changes a computer seat's level, in the lobby or during the game.

        During a match of several hands (`Game.part`) the new level plays from the next hand
        on (`next_level`), so a hand is played through at one level; in a game of one hand it
        decides from the CPU's next decision on.
        """
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            if row.status not in (LOBBY, ACTIVE):
                raise status_error(row, "not_active")
            require_seated(row, seats, user_id)
            if not 0 <= seat < len(seats):
                raise TableError("no_seat", f"There is no seat {seat}.", table_id=row.id, seat=seat)
            if seats[seat].user_id is not None:
                raise TableError(
                    "not_a_cpu", f"Seat {seat} is not a computer seat.", table_id=row.id, seat=seat
                )
            try:
                cpu_player(row.game, level)
            except GameError as exc:
                raise TableError.from_engine(exc) from None
            held = seats[seat]
            part = game_of(row).part() if row.status == ACTIVE else None
            if part is None or level == held.cpu_level:
                held.cpu_level, held.next_level, held.level_part = level, None, None
            else:
                held.next_level, held.level_part = level, part
            await s.flush()
            await self._repo.bump(s, row)
            return info(row, seats)

    async def leave(
        self, table_id: int, user_id: int, *, expected_version: int | None = None
    ) -> ActResult:
        """Leave a table.

        In the lobby the seat is freed (later seats move up; the creator's role passes to the
        next human; a lobby left without humans is abandoned). In a running game the CPU takes
        the seat at normal level and plays on at once if it is asked; a game left without any
        human player is abandoned.
        """
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            held = require_seated(row, seats, user_id)
            if row.status == LOBBY:
                rest = [x for x in seats if x is not held]
                humans = [x for x in rest if x.user_id is not None]
                values: dict[str, Any] = {}
                if not humans:
                    values["status"] = ABANDONED
                elif row.created_by == user_id:
                    values["created_by"] = humans[0].user_id
                await self._repo.bump(s, row, **values)
                remaining = await self._drop_lobby_seat(s, seats, held.seat)
                return ActResult(info(row, remaining))
            require_status(row, ACTIVE, "not_active")
            if held.cpu_takeover:
                raise taken_over(row, held)
            held.cpu_takeover = True
            held.auto = False
            held.cpu_level = held.cpu_level or DEFAULT_LEVEL
            if not any(x.user_id is not None and not x.cpu_takeover for x in seats):
                await self._repo.bump(s, row, status=ABANDONED, deadline=None, remind_at=None)
                return ActResult(info(row, seats))
            game = game_of(row)
            batch, auto = self._writer.automate(row, seats, game)
            result = await self._writer.persist(s, row, seats, game, batch, started=True, auto=auto)
        return await self._writer.follow(result, Pending(game, auto))

    async def start(
        self, table_id: int, user_id: int, *, expected_version: int | None = None
    ) -> ActResult:
        """The creator starts the game with the seats taken; CPU seats asked play at once."""
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            require_status(row, LOBBY, "lobby_only")
            require_creator(row, user_id)
            cls = game_class_or_error(row.game)
            if len(seats) < cls.min_seats:
                raise TableError(
                    "not_enough_seats",
                    f"{cls.names['en']} needs at least {cls.min_seats} seats.",
                    table_id=row.id,
                    seats=len(seats),
                    min_seats=cls.min_seats,
                )
            result, pending = await self._writer.start_game(s, row, seats)
        return await self._writer.follow(result, pending)

    async def rematch(self, table_id: int, user_id: int) -> ActResult:
        """Play again: a new running table in the same channel, same seats.

        The game says the next match's options (`Game.next_match_options`: a game may
        alternate the first player). Only the newest finished table of a series can be
        rematched (else `table_moved_on`).
        """
        async with self._repo.transaction() as s:
            old, old_seats = await self._repo.load_rows(s, table_id, None)
            if old.status != FINISHED:
                raise status_error(old, "not_finished")
            require_seated(old, old_seats, user_id)
            series_id = old.series_id or old.id
            newer = await s.scalar(
                select(TableRow.id).where(
                    TableRow.series_id == series_id, TableRow.series_match > old.series_match
                )
            )
            if newer is not None:
                raise moved_on(old)
            busy = await self._repo.open_table_id(s, old.channel_id)
            if busy is not None:
                raise channel_busy(old.channel_id, busy)
            cls = game_class_or_error(old.game)
            options = cls.next_match_options(old.options, len(old_seats))
            row = self._writer.new_table(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game=cls.id,
                options=resolve_options(cls, options),
                seat_count=old.seat_count,
                created_by=old.created_by,
                turn_timer_seconds=old.turn_timer_seconds,
                expiry_policy=old.expiry_policy,
                locale=old.locale,
                series_id=series_id,
                series_match=old.series_match + 1,
            )
            row.seed = secrets.randbits(63)
            s.add(row)
            await self._repo.flush_open_table(s, old.channel_id)
            seats = [
                SeatRow(
                    table_id=row.id,
                    seat=x.seat,
                    user_id=x.user_id,
                    cpu_level=None if x.user_id is not None else x.next_level or x.cpu_level,
                    name=x.name,
                )
                for x in old_seats
            ]
            s.add_all(seats)
            await s.flush()
            result, pending = await self._writer.start_game(s, row, seats)
        return await self._writer.follow(result, pending)

    async def abandon(
        self,
        table_id: int,
        user_id: int,
        is_moderator: bool = False,
        *,
        expected_version: int | None = None,
    ) -> TableInfo:
        """End a lobby or a running game without a result (its creator or a moderator)."""
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, expected_version)
            if row.status not in OPEN_STATUSES:
                raise status_error(row, "not_active")
            if not is_moderator:
                require_creator(row, user_id)
            await self._repo.bump(
                s, row, status=ABANDONED, deadline=None, remind_at=None, paced=False
            )
            return info(row, seats)

    async def _drop_lobby_seat(
        self, s: AsyncSession, seats: list[SeatRow], index: int
    ) -> list[SeatRow]:
        """Delete a lobby seat and move the later ones up (one at a time: the unique key)."""
        await s.delete(seats[index])
        await s.flush()
        remaining = [x for x in seats if x.seat != index]
        for x in remaining:
            if x.seat > index:
                x.seat -= 1
                await s.flush()
        return remaining


class Restart(UseCase):
    """ "New game" in the middle of a game against CPUs."""

    async def new_game(self, table_id: int, user_id: int) -> tuple[TableInfo, ActResult]:
        """Abandon the running game and start a new one with the same seats at once.

        Only for the table's lone human player (the others are CPUs): it bothers nobody. The
        game says the new options (`Game.next_match_options`: the first player changes).
        Returns the abandoned table and the new game.
        """
        async with self._repo.transaction() as s:
            old, old_seats = await self._repo.load_rows(s, table_id, None)
            require_status(old, ACTIVE, "not_active")
            held = require_seated(old, old_seats, user_id)
            if held.cpu_takeover or any(
                x is not held and x.user_id is not None and not x.cpu_takeover for x in old_seats
            ):
                raise TableError(
                    "not_allowed", "Only a lone human player can restart the game.", table_id=old.id
                )
            await self._repo.bump(
                s, old, status=ABANDONED, deadline=None, remind_at=None, paced=False
            )
            cls = game_class_or_error(old.game)
            row = self._writer.new_table(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game=cls.id,
                options=resolve_options(cls, cls.next_match_options(old.options, len(old_seats))),
                seat_count=old.seat_count,
                created_by=user_id,
                turn_timer_seconds=old.turn_timer_seconds,
                expiry_policy=old.expiry_policy,
                locale=old.locale,
                series_match=1,
            )
            s.add(row)
            await self._repo.flush_open_table(s, old.channel_id)
            seats = [
                SeatRow(
                    table_id=row.id,
                    seat=x.seat,
                    user_id=None if x.cpu_takeover else x.user_id,
                    cpu_level=(
                        x.next_level or x.cpu_level if x.user_id is None or x.cpu_takeover else None
                    ),
                    name=x.name,
                )
                for x in old_seats
            ]
            s.add_all(seats)
            await s.flush()
            closed = info(old, old_seats)
            result, pending = await self._writer.start_game(s, row, seats)
        return closed, await self._writer.follow(result, pending)
