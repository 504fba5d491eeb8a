"""What a table looks like in Discord after the tables service changed it.

One table message per table, edited in place (image + embed); one short turn ping that
mentions whoever is to act (the previous ping deleted); a DM with the hand and its controls to
each player whose turn it now is; the one-time "your DMs are closed" notice; the auto-play pace.
Message ids live in the database (the service's message refs), so all of this survives restarts.
Every table has its own lock: one table's publishing never waits for, or breaks, another's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict, deque
from collections.abc import Awaitable, Iterable, Mapping
from typing import Any

import discord

from bot.discord import present
from bot.discord.games import presenter, seat_names
from bot.discord.images import Images
from bot.i18n import game_name, normalise_locale, t
from bot.tables.errors import TableError
from bot.tables.results import ActResult, SeatInfo, TableInfo
from bot.tables.service import TableService

log = logging.getLogger(__name__)

TABLE, PING, HAND = "table", "ping", "hand"
LOG_LINES = 6


class Desk:
    """Publishes tables: the table message, turn pings, hand DMs, auto-play."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        images: Images,
        *,
        default_locale: str = "ja",
        auto_delay: float = 2.0,
        auto_batch: int = 1,
    ) -> None:
        self.client = client
        self.service = service
        self.images = images
        self.default_locale = default_locale
        self.auto_delay = auto_delay
        self.auto_batch = auto_batch
        self.logs: dict[int, deque[str]] = defaultdict(lambda: deque(maxlen=LOG_LINES))
        self.locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.auto_tasks: dict[int, asyncio.Task[None]] = {}
        self.published: dict[int, int] = {}
        """The newest table version put on screen, per table (in this process)."""
        self._dm_channels: dict[int, int] = {}
        self.seen_locales: dict[int, str] = {}
        """Each user's language as their last interaction showed it (DMs have no interaction)."""

    # ------------------------------------------------------------------ locales

    async def guild_locale(self, guild_id: int | None) -> str:
        """The guild's default language (the bot's default when it set none)."""
        if guild_id is None:
            return self.default_locale
        settings = await self.service.guild_settings(guild_id)
        return settings.locale or self.default_locale

    async def user_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a reply: the user's Discord locale, else the guild's default."""
        chosen = await self.service.user_locale(interaction.user.id)
        if chosen:
            return chosen
        fallback = await self.guild_locale(interaction.guild_id)
        locale = normalise_locale(interaction.locale, fallback)
        self.seen_locales[interaction.user.id] = locale
        return locale

    def remember(self, interaction: discord.Interaction[Any]) -> None:
        """Note the user's Discord language (ja/en) for the DMs that follow."""
        code = str(interaction.locale.value).lower()
        if code.startswith(("ja", "en")):
            self.seen_locales[interaction.user.id] = normalise_locale(code)

    async def dm_locale(self, user_id: int, fallback: str) -> str:
        """The language of a DM: the user's choice, else the locale of their last interaction."""
        return await self.service.user_locale(user_id) or self.seen_locales.get(user_id) or fallback

    async def table_locale(self, table: TableInfo) -> str:
        """The language of a table's channel messages: the table's, else the guild's."""
        return table.locale or await self.guild_locale(table.guild_id)

    # ------------------------------------------------------------------ the log

    def note(
        self, table: TableInfo, result: ActResult | None, locale: str, notice: str | None = None
    ) -> None:
        """Add what `result` did to the table's short log, in words."""
        lines = self.logs[table.id]
        if notice:
            lines.append(notice)
        if result is None:
            return
        names = seat_names(table, locale)
        game = presenter(table.game)

        def name_of(seat: int | None) -> str:
            return names[seat] if seat is not None and 0 <= seat < len(names) else "—"

        steps = list(result.steps)
        if not steps and result.applied:
            lines.append(t("table.finished_at_once", locale, count=result.applied))
        if len(steps) > LOG_LINES:
            lines.append(t("table.skipped", locale, count=len(steps) - LOG_LINES + 1))
            steps = steps[-(LOG_LINES - 1) :]
        for step in steps:
            sentence = game.narrate(step.events, name_of, locale)
            if sentence:
                lines.append(sentence)

    def start_notice(self, result: ActResult, locale: str) -> str | None:
        """The game's sentence for a new game (Kitten Fishing: "この対局は相手が先にめくります")."""
        view = result.public_view or {}
        return presenter(result.table.game).start_notice(
            view, seat_names(result.table, locale), present.cpu_seats(result.table), locale
        )

    # ------------------------------------------------------------------ publishing

    async def publish(
        self,
        result: ActResult,
        *,
        actor_id: int | None = None,
        notice: str | None = None,
        interaction: discord.Interaction[Any] | None = None,
        new_message: bool = False,
    ) -> None:
        """Bring the channel and the DMs up to date after `result`.

        `actor_id` is the user whose click caused it: their own message is updated by the
        interaction, so they get no ping and no DM. `interaction` is given when the clicked
        message *is* the table message (the lobby's Start button): it is edited through it.
        """
        table = result.table
        async with self.locks[table.id]:
            if table.version < self.published.get(table.id, -1):
                # a later change was published first (two moves finished out of order): showing
                # this one would put an older table back on screen
                return
            self.published[table.id] = table.version
            locale = await self.table_locale(table)
            self.note(table, result, locale, notice)
            # Each step on its own: a refused edit must not cost the players their ping or DM.
            await self._attempt(
                table,
                "table message",
                self.update_table_message(
                    table, result.public_view, locale, interaction=interaction, new=new_message
                ),
            )
            await self._attempt(table, "ping deletion", self._delete_ping(table))
            if table.status == "active":
                waiting = [uid for uid in self._waiting_humans(table) if uid != actor_id]
                closed_now = await self._dm_hands(table, result, waiting, locale)
                await self._attempt(
                    table, "turn ping", self._ping(table, waiting, locale, closed_now)
                )
        if result.auto_pending:
            self.ensure_auto(table.id)
        if not table.is_open:
            self.forget(table.id)

    def forget(self, table_id: int) -> None:
        """Drop the log and lock of a table that is over (the published version stays: a late,
        older result must still not bring the table back)."""
        self.logs.pop(table_id, None)
        self.locks.pop(table_id, None)

    @staticmethod
    async def _attempt(table: TableInfo, what: str, work: Awaitable[Any]) -> None:
        """Run one publishing step; Discord refusing it is logged, not raised."""
        try:
            await work
        except discord.HTTPException:
            log.warning("table %s: %s failed", table.id, what, exc_info=True)

    async def update_table_message(
        self,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        interaction: discord.Interaction[Any] | None = None,
        new: bool = False,
    ) -> None:
        """Edit the table message in place (or post it when there is none yet)."""
        names = seat_names(table, locale)
        file = await self.images.image(
            table, view, names, locale, viewer=None, filename=present.TABLE_IMAGE
        )
        components: discord.ui.View | None
        if table.status == "lobby":
            embed, components = (
                present.lobby_embed(table, locale),
                present.lobby_view(table, locale),
            )
        else:
            embed = present.table_embed(
                table, view, list(self.logs[table.id]), locale, image=file is not None
            )
            components = present.table_view(table, locale)
        await self.show(table, embed, components, file, interaction=interaction, new=new)

    async def show(
        self,
        table: TableInfo,
        embed: discord.Embed,
        view: discord.ui.View | None,
        file: discord.File | None = None,
        *,
        interaction: discord.Interaction[Any] | None = None,
        new: bool = False,
    ) -> None:
        """Put `embed` on the table message: through the interaction, by editing, or by posting."""
        attachments = [file] if file is not None else []
        ref = None if new else await self.service.get_message_ref(table.id, TABLE)
        if (
            interaction is not None
            and interaction.message is not None
            and (ref is None or ref.message_id == interaction.message.id)
        ):
            message = await interaction.edit_original_response(
                embed=embed, attachments=attachments, view=view
            )
            if ref is None:
                await self.service.set_message_ref(table.id, TABLE, message.channel.id, message.id)
            return
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if ref is not None:
            try:
                await channel.get_partial_message(ref.message_id).edit(
                    embed=embed, attachments=attachments, view=view
                )
                return
            except discord.NotFound:
                log.info(
                    "table %s: its message %s was deleted; posting anew", table.id, ref.message_id
                )
        extra: dict[str, Any] = {} if view is None else {"view": view}
        posted = await channel.send(embed=embed, files=attachments, **extra)
        await self.service.set_message_ref(table.id, TABLE, table.channel_id, posted.id)

    def _waiting_humans(self, table: TableInfo) -> list[int]:
        """Users to act who play themselves (auto seats are played by the bot's pace)."""
        auto = {s.user_id for s in table.seats if s.auto}
        return [uid for uid in table.waiting_user_ids if uid not in auto]

    async def _delete_ping(self, table: TableInfo) -> None:
        ref = await self.service.get_message_ref(table.id, PING)
        if ref is None:
            return
        await self.service.delete_message_ref(table.id, PING)
        channel = self.client.get_partial_messageable(ref.channel_id, guild_id=table.guild_id)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await channel.get_partial_message(ref.message_id).delete()

    async def _ping(
        self, table: TableInfo, user_ids: Iterable[int], locale: str, closed: set[int]
    ) -> None:
        """One short message mentioning the players to act."""
        user_ids = list(user_ids)
        if not user_ids:
            return
        lines = []
        for uid in user_ids:
            key = (
                "table.ping_dm_closed"
                if uid in closed or await self.service.dm_closed(uid)
                else "table.ping"
            )
            lines.append(t(key, locale, mention=f"<@{uid}>", game=game_name(table.game, locale)))
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        posted = await channel.send(
            "\n".join(lines),
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(uid) for uid in user_ids]
            ),
        )
        await self.service.set_message_ref(table.id, PING, table.channel_id, posted.id)

    # ------------------------------------------------------------------ private messages

    async def hand_message(
        self,
        table: TableInfo,
        seat: SeatInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        you_line: str | None = None,
    ) -> tuple[discord.Embed, discord.ui.View | None, discord.File | None]:
        """A player's private message: embed, controls and hand image."""
        names = seat_names(table, locale)
        file = await self.images.image(
            table, view, names, locale, viewer=seat.seat, filename=present.HAND_IMAGE
        )
        legal: list[dict[str, Any]] = []
        if table.status == "active" and seat.seat in table.to_act and seat.user_id is not None:
            legal = await self.service.legal_actions(table.id, seat.user_id)
        embed = present.hand_embed(
            table, view, seat, locale, you_line=you_line, image=file is not None
        )
        return embed, present.hand_view(table, seat, legal, locale), file

    async def _dm_hands(
        self, table: TableInfo, result: ActResult, user_ids: list[int], locale: str
    ) -> set[int]:
        """DM each user their hand; returns the users found DM-closed just now."""
        closed_now: set[int] = set()
        for uid in user_ids:
            if await self.service.dm_closed(uid):
                continue
            seat = table.seat_of(uid)
            if seat is None:
                continue
            dm_locale = await self.dm_locale(uid, locale)
            embed, view, file = await self.hand_message(
                table, seat, result.view_for(seat.seat), dm_locale
            )
            if not await self.send_dm(table, uid, embed=embed, view=view, file=file, locale=locale):
                closed_now.add(uid)
        return closed_now

    async def send_dm(
        self,
        table: TableInfo,
        user_id: int,
        *,
        locale: str,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
    ) -> bool:
        """DM a user; on 403/50007 mark them DM-closed and say so once in the channel.

        Returns False only when the user's DMs turned out to be closed; another failure is
        logged and the user is tried again next time.
        """
        try:
            channel = await self._dm_channel(user_id)
            kwargs: dict[str, Any] = {"content": content, "embed": embed}
            if view is not None:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
            message = await channel.send(**kwargs)
        except discord.Forbidden as exc:
            log.info("table %s: DMs of user %s are closed (%s)", table.id, user_id, exc.code)
            await self.service.set_dm_closed(user_id, True)
            seat = table.seat_of(user_id)
            name = seat.name if seat else f"<@{user_id}>"
            notice = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
            await self._attempt(
                table,
                "DM-closed notice",
                notice.send(
                    t("table.dm_closed_notice", locale, name=name),
                    allowed_mentions=discord.AllowedMentions.none(),
                ),
            )
            return False
        except discord.HTTPException:
            log.warning("table %s: DM to user %s failed", table.id, user_id, exc_info=True)
            return True
        await self.service.set_message_ref(
            table.id, HAND, message.channel.id, message.id, user_id=user_id
        )
        return True

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            data = await self.client.http.start_private_message(user_id)
            channel_id = self._dm_channels[user_id] = int(data["id"])
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    # ------------------------------------------------------------------ closing

    async def close_table(self, table: TableInfo, text: str) -> None:
        """A table ended without a result: its message says why, its ping goes."""
        async with self.locks[table.id]:
            self.published[table.id] = max(table.version, self.published.get(table.id, -1))
            locale = await self.table_locale(table)
            await self.show(table, present.closed_embed(table, text, locale), None)
            await self._delete_ping(table)
        task = self.auto_tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self.forget(table.id)

    # ------------------------------------------------------------------ auto-play

    def ensure_auto(self, table_id: int) -> None:
        """Play auto seats at the watching pace until a human decides or the game ends."""
        task = self.auto_tasks.get(table_id)
        if task is not None and not task.done():
            return
        self.auto_tasks[table_id] = asyncio.create_task(
            self._auto(table_id), name=f"cardbot-auto-{table_id}"
        )

    async def _auto(self, table_id: int) -> None:
        try:
            while True:
                await asyncio.sleep(self.auto_delay)
                try:
                    result = await self.service.advance(table_id, self.auto_batch)
                except TableError as exc:
                    log.info("table %s: auto-play stops (%s)", table_id, exc.code)
                    return
                if not result.applied:
                    return
                await self.publish(result)
                if not result.auto_pending:
                    return
        except Exception:
            log.exception("table %s: auto-play failed", table_id)
        finally:
            if self.auto_tasks.get(table_id) is asyncio.current_task():
                del self.auto_tasks[table_id]
