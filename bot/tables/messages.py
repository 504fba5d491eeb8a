"""The publisher's book: the messages a table keeps to edit, and what it knows of its audience.

A transport that publishes tables (the Discord `Desk`) is handed a `MessageBook` and nothing of
the tables service: here it keeps its message references (with the prompt version a hand DM's
controls carry), a user's closed DMs and Discord language, and reads what it needs to address
people (their preferences, the guild's language). None of it changes a table.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.settings import DEFAULT_NOTIFY
from bot.store.models import NO_USER, GuildSettingsRow, MessageRefRow, TableRow, UserSettingsRow
from bot.tables.core import UseCase
from bot.tables.errors import no_table
from bot.tables.repository import rowcount
from bot.tables.results import Audience, MessageRef, UserPrefs
from bot.tables.settings_ops import check_locale


class MessageBook(UseCase):
    """Message references, closed DMs and seen languages; the audience's preferences."""

    def now(self) -> datetime:
        """The clock the book stamps messages with (when a kept message was posted)."""
        return self._clock()

    async def guild_locale(self, guild_id: int) -> str | None:
        """The guild's language, if it chose one."""
        async with self._repo.transaction() as s:
            row = await s.get(GuildSettingsRow, guild_id)
            return row.locale if row else None

    async def dm_closed(self, user_id: int) -> bool:
        """True when a DM to the user failed and they have not opened DMs since."""
        async with self._repo.transaction() as s:
            row = await s.get(UserSettingsRow, user_id)
            return bool(row and row.dm_closed)

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Remember whether the user's DMs are closed."""
        async with self._repo.transaction() as s:
            await self._repo.upsert(s, UserSettingsRow, {"user_id": user_id}, {"dm_closed": closed})

    async def user_locale(self, user_id: int) -> str | None:
        """The user's locale override, if they chose one."""
        async with self._repo.transaction() as s:
            row = await s.get(UserSettingsRow, user_id)
            return row.locale if row else None

    async def dm_locale(self, user_id: int) -> str | None:
        """The language to DM the user in: their choice, else their Discord client's last seen."""
        async with self._repo.transaction() as s:
            row = await s.get(UserSettingsRow, user_id)
            return (row.locale or row.seen_locale) if row else None

    async def set_seen_locale(self, user_id: int, locale: str) -> None:
        """Remember the language of the user's Discord client (DMs after a restart use it)."""
        value = check_locale(locale)
        async with self._repo.transaction() as s:
            await self._repo.upsert(
                s, UserSettingsRow, {"user_id": user_id}, {"seen_locale": value}
            )

    async def audience(
        self, table_id: int, user_ids: Collection[int], guild_id: int | None = None
    ) -> Audience:
        """A table's kept messages, its users' preferences and (with `guild_id`) the guild's
        language, in one transaction: what publishing a table reads."""
        async with self._repo.transaction(reads_only=True) as s:
            refs = await _message_refs(s, table_id)
            prefs = await _user_prefs(s, user_ids)
            guild = None if guild_id is None else await s.get(GuildSettingsRow, guild_id)
        return Audience(tuple(refs), prefs, guild.locale if guild is not None else None)

    async def user_prefs(self, user_ids: Collection[int]) -> dict[int, UserPrefs]:
        """DMs, DM language and notifications of several users, in one query."""
        if not user_ids:
            return {}
        async with self._repo.transaction() as s:
            return await _user_prefs(s, user_ids)

    async def set_message_ref(
        self,
        table_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        user_id: int | None = None,
        version: int | None = None,
    ) -> MessageRef:
        """Remember (or replace) the message of `kind` ("table", "ping", "hand"...) to edit,
        posted now; `version`: the prompt version a hand DM's controls carry."""
        keys = {
            "table_id": table_id,
            "kind": kind,
            "user_id": NO_USER if user_id is None else user_id,
        }
        now = self._clock()
        values = {
            "channel_id": channel_id,
            "message_id": message_id,
            "version": version,
            "posted_at": now,
        }
        async with self._repo.transaction() as s:
            if await s.get(TableRow, table_id) is None:
                raise no_table(table_id)
            await self._repo.upsert(s, MessageRefRow, keys, values)
        return MessageRef(table_id, kind, user_id, channel_id, message_id, version, now)

    async def set_message_version(
        self, table_id: int, kind: str, user_id: int | None, message_id: int, version: int
    ) -> bool:
        """Note the prompt version a kept message shows now (it was edited); False when the
        message kept is another one by now."""
        async with self._repo.transaction() as s:
            result = await s.execute(
                update(MessageRefRow)
                .where(
                    MessageRefRow.table_id == table_id,
                    MessageRefRow.kind == kind,
                    MessageRefRow.user_id == (NO_USER if user_id is None else user_id),
                    MessageRefRow.message_id == message_id,
                )
                .values(version=version)
            )
            return rowcount(result) > 0

    async def get_message_ref(
        self, table_id: int, kind: str, user_id: int | None = None
    ) -> MessageRef | None:
        """The remembered message of `kind` (for `user_id`), or None."""
        async with self._repo.transaction() as s:
            row = await s.scalar(
                select(MessageRefRow).where(
                    MessageRefRow.table_id == table_id,
                    MessageRefRow.kind == kind,
                    MessageRefRow.user_id == (NO_USER if user_id is None else user_id),
                )
            )
            return message_ref(row) if row else None

    async def message_refs(self, table_id: int) -> list[MessageRef]:
        """Every remembered message of a table."""
        async with self._repo.transaction() as s:
            return await _message_refs(s, table_id)

    async def delete_message_ref(
        self,
        table_id: int,
        kind: str,
        user_id: int | None = None,
        message_id: int | None = None,
    ) -> bool:
        """Forget a message (it was deleted); True when there was one. With `message_id`, only
        if it is still that message (not one posted since)."""
        conditions = [
            MessageRefRow.table_id == table_id,
            MessageRefRow.kind == kind,
            MessageRefRow.user_id == (NO_USER if user_id is None else user_id),
        ]
        if message_id is not None:
            conditions.append(MessageRefRow.message_id == message_id)
        async with self._repo.transaction() as s:
            result = await s.execute(delete(MessageRefRow).where(*conditions))
            return rowcount(result) > 0


async def _message_refs(s: AsyncSession, table_id: int) -> list[MessageRef]:
    rows = await s.scalars(
        select(MessageRefRow).where(MessageRefRow.table_id == table_id).order_by(MessageRefRow.id)
    )
    return [message_ref(r) for r in rows.all()]


async def _user_prefs(s: AsyncSession, user_ids: Collection[int]) -> dict[int, UserPrefs]:
    wanted = sorted(set(user_ids))
    out = {uid: UserPrefs(uid) for uid in wanted}
    if not wanted:
        return out
    rows = await s.scalars(select(UserSettingsRow).where(UserSettingsRow.user_id.in_(wanted)))
    for row in rows:
        out[row.user_id] = UserPrefs(
            row.user_id,
            bool(row.dm_closed),
            row.locale or row.seen_locale,
            row.notify or DEFAULT_NOTIFY,
        )
    return out


def message_ref(row: MessageRefRow) -> MessageRef:
    """A stored message reference as the service hands it out."""
    return MessageRef(
        row.table_id,
        row.kind,
        None if row.user_id == NO_USER else row.user_id,
        row.channel_id,
        row.message_id,
        row.version,
        row.posted_at,
    )
