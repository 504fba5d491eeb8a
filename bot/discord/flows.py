"""What each command and component does: call the tables service, answer, publish.

Shared by slash commands and components so that every in-game action is reachable both ways
with exactly the same checks (the service decides who may do what; the custom_id and the
command only say what was asked). Every entry point runs inside `guard`, the one error handler.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Mapping
from typing import Any

import discord

from bot.discord import ids, present
from bot.discord.desk import Desk
from bot.discord.games import presenter, seat_names
from bot.i18n import error_text, game_name, t
from bot.tables.errors import TableError
from bot.tables.results import ActResult, TableInfo
from bot.tables.service import TableService
from engines.base import GameError, games

log = logging.getLogger(__name__)


class Flows:
    """Entry points for interactions; each answers within Discord's 3 seconds."""

    def __init__(self, service: TableService, desk: Desk) -> None:
        self.service = service
        self.desk = desk
        self._answered: deque[int] = deque(maxlen=1000)
        """Interactions whose deferred reply was filled (a later error goes to a followup)."""

    # ------------------------------------------------------------------ errors

    @contextlib.asynccontextmanager
    async def guard(
        self, interaction: discord.Interaction[Any], table_id: int | None = None
    ) -> AsyncIterator[None]:
        """Turn every error into a reply: domain errors in words, the rest logged with the table id."""
        try:
            self.desk.remember(interaction)
            yield
        except (TableError, GameError) as exc:
            locale = await self._safe_locale(interaction)
            try:
                await self.reply(interaction, self.error_message(exc, locale))
            except discord.HTTPException:
                log.warning("could not answer %s on table %s", exc.code, table_id, exc_info=True)
        except Exception:
            if table_id is None:
                with contextlib.suppress(Exception):
                    table = await self.service.active_table(interaction.channel_id or 0)
                    table_id = table.id if table else None
            log.exception(
                "unexpected error on table %s (interaction %s by user %s)",
                table_id,
                interaction.id,
                interaction.user.id,
            )
            locale = await self._safe_locale(interaction)
            with contextlib.suppress(Exception):
                await self.reply(interaction, t("error.unexpected", locale))

    async def _safe_locale(self, interaction: discord.Interaction[Any]) -> str:
        try:
            return await self.desk.user_locale(interaction)
        except Exception:
            return self.desk.default_locale

    @staticmethod
    def error_message(exc: TableError | GameError, locale: str) -> str:
        """A domain error in the user's words (an engine refusal by the engine's own code)."""
        params = dict(exc.params)
        if exc.code == "table_moved_on":
            return t("reply.stale", locale)
        if exc.code == "illegal_action" and params.get("code"):
            inner = str(params.pop("code"))
            return error_text(inner, locale, exc.message, params)
        return error_text(exc.code, locale, exc.message, params)

    async def reply(
        self, interaction: discord.Interaction[Any], content: str | None = None, **kwargs: Any
    ) -> None:
        """An ephemeral answer, whether or not the interaction was acknowledged already.

        After a "thinking…" acknowledgement the answer replaces that placeholder (it was made
        ephemeral or not when deferring); otherwise it is a new ephemeral message.
        """
        response = interaction.response
        if not response.is_done():
            await response.send_message(content, ephemeral=True, **kwargs)
        elif (
            response.type is discord.InteractionResponseType.deferred_channel_message
            and interaction.id not in self._answered
        ):
            file = kwargs.pop("file", None)
            if file is not None:
                kwargs["attachments"] = [file]
            await self.answer(interaction, content=content, **kwargs)
        else:
            await interaction.followup.send(content or "", ephemeral=True, **kwargs)

    async def answer(
        self, interaction: discord.Interaction[Any], **kwargs: Any
    ) -> discord.InteractionMessage:
        """Fill the deferred reply (or edit the clicked message after a deferred update)."""
        message = await interaction.edit_original_response(**kwargs)
        self._answered.append(interaction.id)
        return message

    # ------------------------------------------------------------------ helpers

    async def channel_table(self, interaction: discord.Interaction[Any]) -> TableInfo:
        """The channel's open table, or the `no_table` error."""
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is None:
            raise TableError(
                "no_table", "There is no table in this channel.", channel_id=interaction.channel_id
            )
        return table

    @staticmethod
    def is_moderator(interaction: discord.Interaction[Any]) -> bool:
        """Manage Messages in this channel (the abandon and settings override)."""
        perms = getattr(interaction, "permissions", None)
        return bool(perms and (perms.manage_messages or perms.administrator))

    @staticmethod
    def display_name(interaction: discord.Interaction[Any]) -> str:
        """The name players see for the user."""
        return interaction.user.display_name

    # ------------------------------------------------------------------ components

    async def on_component(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        version: int,
        action: str,
        arg: str | None,
    ) -> None:
        """A click on any table component, current or from before a restart."""
        async with self.guard(interaction, table_id):
            if action in ids.VERSIONED:
                # A control shows the game after `version` moves; settings changes (auto, timers)
                # bump the row version without outdating it. The row version read here guards
                # the write against a race (`table_moved_on`).
                table = await self.service.load(table_id)
                if table.action_count != version:
                    locale = await self.desk.user_locale(interaction)
                    await self.reply(interaction, t("reply.stale", locale))
                    return
                version = table.version
            handler = {
                ids.JOIN: self._join,
                ids.LEAVE: self._leave,
                ids.START: self._start,
                ids.CANCEL: self._cancel,
                ids.ADD_CPU: self._add_cpu,
                ids.HAND: self._show_hand,
                ids.REMATCH: self._rematch,
                ids.ACT: self._act_index,
                ids.MOVE: self._act_index,
                ids.AUTO: self._auto,
                ids.FINISH: self._finish_ask,
                ids.FINISH_OK: self._finish,
                ids.NEW: self._new_ask,
                ids.NEW_OK: self._new_game,
            }.get(action)
            if handler is None:
                raise TableError("unknown_action", f"Unknown control '{action}'.")
            await handler(interaction, table_id, version, arg)

    # lobby ------------------------------------------------------------------------------

    async def _lobby_changed(self, interaction: discord.Interaction[Any], table: TableInfo) -> None:
        """Show the lobby's new state on its message (through the click when it is that message)."""
        locale = await self.desk.table_locale(table)
        embed, view = present.lobby_embed(table, locale), present.lobby_view(table, locale)
        ref = await self.service.get_message_ref(table.id, "table")
        if (
            interaction.message is not None
            and not interaction.response.is_done()
            and (ref is None or ref.message_id == interaction.message.id)
        ):
            await interaction.response.edit_message(embed=embed, view=view)
            return
        await self.desk.show(table, embed, view)

    async def _join(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        table = await self.service.join(
            table_id, interaction.user.id, self.display_name(interaction)
        )
        await self._lobby_changed(interaction, table)
        if not interaction.response.is_done():
            locale = await self.desk.user_locale(interaction)
            seat = table.seat_of(interaction.user.id)
            await self.reply(
                interaction, t("lobby.joined", locale, seat=(seat.seat + 1) if seat else "?")
            )

    async def _leave(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        locale = await self.desk.user_locale(interaction)
        if (await self.service.load(table_id)).status == "active":
            # the CPU takes the seat and may play at once: acknowledge first
            await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.leave(table_id, interaction.user.id)
        table = result.table
        if table.status == "lobby":
            await self._lobby_changed(interaction, table)
            if not interaction.response.is_done():
                await self.reply(interaction, t("lobby.left", locale))
            return
        if table.status == "abandoned" and result.public_view is None:
            await self.desk.close_table(
                table, t("lobby.cancelled", await self.desk.table_locale(table))
            )
        else:
            await self.desk.publish(result, actor_id=interaction.user.id)
        await self.reply(interaction, t("lobby.left", locale))

    async def _add_cpu(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        table = await self.service.add_cpu(table_id, interaction.user.id, arg or "normal")
        await self._lobby_changed(interaction, table)
        if not interaction.response.is_done():  # the click was on an older copy of the lobby
            locale = await self.desk.user_locale(interaction)
            seat = table.seats[-1].seat
            cpu = seat_names(table, locale)[seat]
            await self.reply(interaction, t("lobby.cpu_added", locale, cpu=cpu, seat=seat + 1))

    async def _start(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        on_table_message = interaction.message is not None
        if on_table_message:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.start(table_id, interaction.user.id)
        await self._begin(interaction, result, on_table_message=on_table_message)

    async def _begin(
        self, interaction: discord.Interaction[Any], result: ActResult, *, on_table_message: bool
    ) -> None:
        """A game just started (Start or Rematch): the table, the notice, then the pings and DMs."""
        table = result.table
        locale = await self.desk.table_locale(table)
        notice = t("table.started", locale)
        first = self.desk.start_notice(result, locale)
        if first:
            notice = f"{notice} {first}"
        await self.desk.publish(
            result,
            notice=notice,
            interaction=interaction if on_table_message else None,
            new_message=not on_table_message and table.series_match > 1,
        )
        if not on_table_message:
            await self.answer(
                interaction, content=t("table.started", await self.desk.user_locale(interaction))
            )

    async def _cancel(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        table = await self.service.abandon(
            table_id, interaction.user.id, self.is_moderator(interaction)
        )
        locale = await self.desk.table_locale(table)
        if interaction.message is not None and not interaction.response.is_done():
            await interaction.response.edit_message(
                embed=present.closed_embed(table, t("lobby.cancelled", locale), locale), view=None
            )
            await self.service.delete_message_ref(table.id, "ping")
        else:
            await self.desk.close_table(table, t("lobby.cancelled", locale))

    # play ---------------------------------------------------------------------------------

    async def _show_hand(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self.send_hand(interaction, table_id)

    async def send_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The user's hand and controls, only for them (ephemeral)."""
        locale = await self.desk.user_locale(interaction)
        view = await self.service.private_view(
            table_id, interaction.user.id
        )  # refuses the unseated
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.service.load(table_id)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        embed, controls, file = await self.desk.hand_message(table, seat, view, locale)
        await self.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )

    async def _act_index(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await interaction.response.defer()
        legal = await self.service.legal_actions(table_id, interaction.user.id)
        if not legal:
            raise TableError("not_your_turn", "It is not your turn.", table_id=table_id)
        try:
            action = legal[int(arg or "")]
        except (ValueError, IndexError):
            raise TableError(
                "table_moved_on", "The move is no longer available.", table_id=table_id
            ) from None
        result = await self.service.act(
            table_id, interaction.user.id, dict(action), expected_version=version
        )
        await self.after_move(interaction, result)

    async def after_move(self, interaction: discord.Interaction[Any], result: ActResult) -> None:
        """The mover's hand (with "釣れた！..." when they captured), then the table for everyone."""
        table = result.table
        locale = await self.desk.user_locale(interaction)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        mine = [e for step in result.steps if not step.by_cpu for e in step.events]
        you = presenter(table.game).you_line(mine, seat.seat, locale)
        embed, controls, file = await self.desk.hand_message(
            table, seat, result.view_for(seat.seat), locale, you_line=you
        )
        await self.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )
        await self.desk.publish(result, actor_id=interaction.user.id)

    async def _auto(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await interaction.response.defer()
        on = arg == "on"
        # explicit on/off: a hand shown a few auto moves ago can still switch it
        table = await self.service.set_auto(table_id, interaction.user.id, on)
        locale = await self.desk.user_locale(interaction)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        view = await self.service.private_view(table_id, interaction.user.id)
        you = t("hand.auto_now_on" if on else "hand.auto_now_off", locale)
        embed, controls, file = await self.desk.hand_message(
            table, seat, view, locale, you_line=you
        )
        await self.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )
        if on and interaction.user.id in table.waiting_user_ids:
            self.desk.ensure_auto(table_id)

    async def _confirm(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        ask: str,
        action: str,
        label: str,
    ) -> None:
        """Ask once, privately, before a drastic control ("See the result", "New game")."""
        table = await self.service.load(table_id)
        if table.seat_of(interaction.user.id) is None:
            raise TableError("not_seated", "You are not seated at this table.", table_id=table_id)
        locale = await self.desk.user_locale(interaction)
        await self.reply(
            interaction, t(ask, locale), view=present.confirm_view(table, action, label, locale)
        )

    async def _finish_ask(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self._confirm(
            interaction, table_id, "hand.finish_confirm", ids.FINISH_OK, "button.confirm"
        )

    async def _finish(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await interaction.response.defer()
        result = await self.service.finish(table_id, interaction.user.id, expected_version=version)
        await self.after_move(interaction, result)

    async def _new_ask(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self._confirm(
            interaction, table_id, "hand.new_confirm", ids.NEW_OK, "button.confirm_new"
        )

    async def _new_game(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """ "New game" mid-game: abandon this table, seat the same players anew, first player next."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        old = await self.service.load(table_id)
        seat = old.seat_of(interaction.user.id)
        if seat is None or not present.only_human(old, seat):
            raise TableError("not_allowed", "Only a lone human player can restart the game.")
        old = await self.service.abandon(
            table_id, interaction.user.id, self.is_moderator(interaction)
        )
        locale = await self.desk.table_locale(old)
        await self.desk.close_table(
            old, t("table.abandoned", locale, name=self.display_name(interaction))
        )
        options = dict(old.options)
        if isinstance(options.get("first"), int) and not isinstance(options["first"], bool):
            # the games that name a first player alternate it from game to game
            options["first"] = (options["first"] + 1) % len(old.seats)
        table = await self.service.open_lobby(
            old.guild_id,
            old.channel_id,
            old.game,
            options,
            interaction.user.id,
            self.display_name(interaction),
            old.seat_count,
        )
        for other in old.seats:
            if other.user_id is None:
                table = await self.service.add_cpu(
                    table.id, interaction.user.id, other.cpu_level or "normal", other.name
                )
        result = await self.service.start(table.id, interaction.user.id)
        await self._begin(interaction, result, on_table_message=False)

    async def _rematch(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.rematch(table_id, interaction.user.id)
        await self._begin(interaction, result, on_table_message=False)

    # ------------------------------------------------------------------ slash-command flows

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: Mapping[str, Any],
        seats: int | None,
        in_thread: bool,
    ) -> None:
        """`/game new`: a lobby message here (the reply itself) or in a new thread."""
        locale = await self.desk.user_locale(interaction)
        channel = interaction.channel
        channel_id = interaction.channel_id or 0
        thread: discord.Thread | None = None
        if in_thread and isinstance(channel, discord.TextChannel):
            await interaction.response.defer(ephemeral=True, thinking=True)
            name = t(
                "reply.thread_name",
                locale,
                game=game_name(game, locale),
                creator=self.display_name(interaction),
            )
            thread = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread
            )
            channel_id = thread.id
        table = await self.service.open_lobby(
            interaction.guild_id,
            channel_id,
            game,
            dict(options),
            interaction.user.id,
            self.display_name(interaction),
            seats,
        )
        table_locale = await self.desk.table_locale(table)
        embed, view = (
            present.lobby_embed(table, table_locale),
            present.lobby_view(table, table_locale),
        )
        if thread is not None:
            posted = await thread.send(embed=embed, view=view)
            await self.service.set_message_ref(table.id, "table", thread.id, posted.id)
            await self.answer(
                interaction, content=t("reply.lobby_opened", locale, channel=thread.mention)
            )
            return
        response = await interaction.response.send_message(embed=embed, view=view)
        message_id = response.message_id
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.service.set_message_ref(table.id, "table", channel_id, message_id)

    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """`/game join`."""
        table = await self.channel_table(interaction)
        await self._join(interaction, table.id, table.version, None)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """`/game leave`."""
        table = await self.channel_table(interaction)
        await self._leave(interaction, table.id, table.version, None)

    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """`/game start`."""
        table = await self.channel_table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.start(table.id, interaction.user.id)
        await self._begin(interaction, result, on_table_message=False)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """`/game status`: post the table again here; it becomes the message that is edited."""
        table = await self.channel_table(interaction)
        await interaction.response.defer(thinking=True)
        locale = await self.desk.table_locale(table)
        view: discord.ui.View | None
        file: discord.File | None
        if table.status == "lobby":
            embed, view, file = (
                present.lobby_embed(table, locale),
                present.lobby_view(table, locale),
                None,
            )
        else:
            public = await self.service.public_view(table.id)
            names = seat_names(table, locale)
            file = await self.desk.images.image(
                table, public, names, locale, viewer=None, filename=present.TABLE_IMAGE
            )
            embed = present.table_embed(
                table, public, list(self.desk.logs[table.id]), locale, image=file is not None
            )
            view = present.table_view(table, locale)
        message = await self.answer(
            interaction, embed=embed, view=view, attachments=[file] if file else []
        )
        await self.service.set_message_ref(table.id, "table", message.channel.id, message.id)

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """`/game hand`."""
        table = await self.channel_table(interaction)
        await self.send_hand(interaction, table.id)

    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        """`/game abandon`: the creator or a member with Manage Messages."""
        table = await self.channel_table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.service.abandon(
            table.id, interaction.user.id, self.is_moderator(interaction)
        )
        locale = await self.desk.table_locale(table)
        await self.desk.close_table(
            table, t("table.abandoned", locale, name=self.display_name(interaction))
        )
        await self.reply(
            interaction, t("reply.abandoned", await self.desk.user_locale(interaction))
        )

    async def rules(self, interaction: discord.Interaction[Any], game: str | None) -> None:
        """`/game rules`: the game's rules in the user's language (the table's game by default)."""
        locale = await self.desk.user_locale(interaction)
        if game is None:
            table = await self.service.active_table(interaction.channel_id or 0)
            game = table.game if table else games()[0].id
        text = t(f"game.{game}.rules", locale)
        if text == f"game.{game}.rules":
            text = t("reply.no_rules", locale)
        embed = discord.Embed(
            title=t("reply.rules_title", locale, game=game_name(game, locale)), description=text
        )
        await self.reply(interaction, embed=embed)

    async def settings(
        self,
        interaction: discord.Interaction[Any],
        *,
        dms: bool | None,
        timer: int | None,
        expiry: str | None,
        locale: str | None,
    ) -> None:
        """`/game settings`: DMs (yours), the table's timer and expiry, the server's language."""
        user_id = interaction.user.id
        lines: list[str] = []
        if locale is not None:
            perms = getattr(interaction, "permissions", None)
            if interaction.guild_id is None or not (
                perms and (perms.manage_guild or perms.administrator)
            ):
                await self.reply(
                    interaction, t("reply.not_moderator", await self.desk.user_locale(interaction))
                )
                return
            await self.service.set_guild_settings(interaction.guild_id, locale=locale)
        reply_locale = await self.desk.user_locale(interaction)
        if dms is not None:
            await self.service.set_dm_closed(user_id, not dms)
            if dms:
                lines.append(t("reply.dms_on", reply_locale))
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is not None and (timer is not None or expiry is not None):
            table = await self.service.set_table_settings(
                table.id,
                user_id,
                turn_timer_seconds=None if timer is None else timer * 60,
                expiry_policy=expiry,
                is_moderator=self.is_moderator(interaction),
            )
        closed = await self.service.dm_closed(user_id)
        summary = t(
            "reply.settings_now",
            reply_locale,
            dms=t("no" if closed else "yes", reply_locale),
            timer=(table.turn_timer_seconds // 60) if table else "—",
            expiry=t(f"choice.expiry.{table.expiry_policy}", reply_locale) if table else "—",
        )
        await self.reply(
            interaction, "\n".join([t("reply.settings_saved", reply_locale), *lines, summary])
        )

    async def record(self, interaction: discord.Interaction[Any], table_id: int | None) -> None:
        """`/game record`: the game record as a JSON file (the seed only once the game is over)."""
        if table_id is None:
            table_id = (await self.channel_table(interaction)).id
        table = await self.service.load(table_id)
        if table.seat_of(interaction.user.id) is None and table.guild_id != interaction.guild_id:
            raise TableError("not_seated", "You are not seated at this table.", table_id=table_id)
        record = await self.service.record(table_id)
        if table.status in ("lobby", "active"):
            record.pop("seed", None)  # the seed would reveal every hidden card
        locale = await self.desk.user_locale(interaction)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        await self.reply(
            interaction,
            t("reply.record", locale, table=table_id),
            file=discord.File(io.BytesIO(data), filename=f"{table.game}-{table_id}.json"),
        )

    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """`/game mine`: every table waiting on the user, with links to its message."""
        locale = await self.desk.user_locale(interaction)
        tables = await self.service.tables_waiting_on(interaction.user.id)
        if not tables:
            await self.reply(interaction, t("reply.mine_none", locale))
            return
        lines = []
        for table in tables[:20]:
            ref = await self.service.get_message_ref(table.id, "table")
            guild = table.guild_id or "@me"
            link = (
                f"https://discord.com/channels/{guild}/{ref.channel_id}/{ref.message_id}"
                if ref
                else f"<#{table.channel_id}>"
            )
            lines.append(
                t(
                    "reply.mine_line",
                    locale,
                    game=game_name(table.game, locale),
                    channel=table.channel_id,
                    link=link,
                )
            )
        embed = discord.Embed(title=t("reply.mine_title", locale), description="\n".join(lines))
        await self.reply(interaction, embed=embed)

    async def play_command(self, interaction: discord.Interaction[Any], move: str) -> None:
        """`/play move:` — the value is `v<version>:<index>` from the autocomplete."""
        table = await self.channel_table(interaction)
        locale = await self.desk.user_locale(interaction)
        version, index = parse_move(move)
        if version is not None and version != table.action_count:
            await self.reply(interaction, t("reply.stale", locale))
            return
        legal = await self.service.legal_actions(table.id, interaction.user.id)
        if not legal:
            raise TableError("not_your_turn", "It is not your turn.", table_id=table.id)
        if index is None or not 0 <= index < len(legal):
            label_match = [
                i
                for i, a in enumerate(legal)
                if presenter(table.game).action_label(a, locale).lower() == move.strip().lower()
            ]
            if not label_match:
                await self.reply(interaction, t("reply.bad_move", locale))
                return
            index = label_match[0]
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.act(
            table.id, interaction.user.id, dict(legal[index]), expected_version=table.version
        )
        await self.after_move(interaction, result)

    async def move_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete of `/play move`: exactly the caller's legal moves, in their language."""
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is None or table.status != "active" or table.seat_of(interaction.user.id) is None:
            return []
        locale = await self.desk.user_locale(interaction)
        legal = await self.service.legal_actions(table.id, interaction.user.id)
        game = presenter(table.game)
        out = []
        for index, action in enumerate(legal):
            label = game.action_label(action, locale)
            if current.strip().lower() in label.lower():
                out.append((label[:100], f"v{table.action_count}:{index}"))
        return out[:25]


def parse_move(value: str) -> tuple[int | None, int | None]:
    """`v12:0` -> (12, 0); anything else -> (None, None)."""
    head, _, tail = value.partition(":")
    if head.startswith("v") and head[1:].isdigit() and tail.isdigit():
        return int(head[1:]), int(tail)
    return None, None
