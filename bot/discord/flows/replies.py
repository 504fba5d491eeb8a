"""The flows' common ground: one error guard, private replies, acknowledging first.

One `Replies` serves every flow of a bot: it remembers which interactions were answered, so
that a later error or refusal lands where the user sees it.
"""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot.discord import ids
from bot.discord.controls import confirm_view
from bot.discord.desk import Desk
from bot.games import presenter
from bot.i18n import normalise_locale, refusal_text, t
from bot.store.database import DatabaseError, DatabaseUnavailable
from bot.tables.errors import TableError
from bot.tables.results import TableInfo
from bot.tables.service import TableService
from engines.errors import GameError

log = logging.getLogger(__name__)


class Replies:
    """What every flow shares: the error guard, replies, the channel's table."""

    def __init__(self, service: TableService, desk: Desk) -> None:
        self.service = service
        self.desk = desk
        self._answered: deque[int] = deque(maxlen=1000)
        """Interactions whose deferred reply was filled (a later error goes to a followup)."""
        self._public: set[int] = set()
        """Interactions acknowledged with a public "thinking…" not yet filled."""

    @contextlib.asynccontextmanager
    async def guard(
        self, interaction: discord.Interaction[Any], table_id: int | None = None
    ) -> AsyncIterator[None]:
        """Turn every error into a reply: domain errors in words, the rest logged with the table id."""
        try:
            yield
            with contextlib.suppress(Exception):
                await self.desk.remember(interaction)  # after the answer: never delays it
        except (TableError, GameError) as exc:
            locale = await self.safe_locale(interaction)
            try:
                await self.reply(interaction, self.error_message(exc, locale))
            except discord.HTTPException:
                log.warning("could not answer %s on table %s", exc.code, table_id, exc_info=True)
        except DatabaseError as exc:
            # Down, restarting, too slow: the bot stays up and the next request reconnects.
            # The answer asks nothing more of the database (the user's Discord language).
            transient = isinstance(exc, DatabaseUnavailable)
            log.log(
                logging.WARNING if transient else logging.ERROR,
                "database failure on table %s (interaction %s): %s",
                table_id,
                interaction.id,
                exc,
            )
            locale = normalise_locale(interaction.locale, self.desk.default_locale)
            with contextlib.suppress(Exception):
                await self.reply(interaction, t("error.database_unavailable", locale))
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
            locale = await self.safe_locale(interaction)
            with contextlib.suppress(Exception):
                await self.reply(interaction, t("error.unexpected", locale))

    async def safe_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The user's language, or the default when even that cannot be read."""
        try:
            return await self.desk.user_locale(interaction)
        except Exception:
            return self.desk.default_locale

    @staticmethod
    def error_message(exc: TableError | GameError, locale: str) -> str:
        """A domain error in the user's words (an engine refusal by the engine's own code)."""
        if exc.code == "table_moved_on":
            return t("reply.stale", locale)
        return refusal_text(exc.code, exc.message, exc.params, locale)

    async def defer_public(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge a command whose answer is for the channel ("thinking…" in public).

        Should it end in a refusal instead, `reply` replaces the public placeholder with a
        private answer: a refusal is never shown to the channel.
        """
        await interaction.response.defer(thinking=True)
        self._public.add(interaction.id)

    async def reply(
        self, interaction: discord.Interaction[Any], content: str | None = None, **kwargs: Any
    ) -> None:
        """An ephemeral answer, whether or not the interaction was acknowledged already.

        After a "thinking…" acknowledgement the answer replaces that placeholder (it was made
        ephemeral or not when deferring); otherwise it is a new ephemeral message.
        """
        response = interaction.response
        if interaction.id in self._public and interaction.id not in self._answered:
            self._public.discard(interaction.id)
            self._answered.append(interaction.id)
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            await interaction.followup.send(content or "", ephemeral=True, **kwargs)
        elif not response.is_done():
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
        self._public.discard(interaction.id)
        return message

    async def channel_table(self, interaction: discord.Interaction[Any]) -> TableInfo:
        """The channel's open table, or the `no_table` error."""
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is None:
            raise TableError(
                "no_table", "There is no table in this channel.", channel_id=interaction.channel_id
            )
        return table

    async def last_table(self, interaction: discord.Interaction[Any]) -> TableInfo:
        """The channel's open table, or the one that just finished there until a new one opens
        (what `/game status`, `/game hand` and `/game record` speak of); else `no_table`."""
        table = await self.service.last_table(interaction.channel_id or 0)
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

    async def ack(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge before any work: a click updates its message, a command thinks privately."""
        if interaction.response.is_done():
            return
        if interaction.message is not None:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def confirm(
        self,
        interaction: discord.Interaction[Any],
        table: TableInfo,
        version: int,
        what: str,
        locale: str,
    ) -> None:
        """Ask once, privately, before a drastic control ("See the result", "New game")."""
        if what == "finish":
            ask = presenter(table.game).finish_confirm(locale)
            action, label = ids.FINISH_OK, "button.confirm"
        else:
            ask, action, label = t("hand.new_confirm", locale), ids.NEW_OK, "button.confirm_new"
        await interaction.followup.send(
            ask, ephemeral=True, view=confirm_view(table, version, action, label, locale)
        )
