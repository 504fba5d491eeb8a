"""Settings (table, guild, user) and the Discord messages a table keeps to edit later."""

from __future__ import annotations

from typing import Any

from bot.settings import (
    DEFAULT_NOTIFY,
    EXPIRY_POLICIES,
    LOCALES,
    MAX_TURN_TIMER,
    MIN_TURN_TIMER,
    NOTIFY_MODES,
)
from bot.store.models import (
    OPEN_STATUSES,
    GuildSettingsRow,
    UserSettingsRow,
)
from bot.tables.core import UNSET, UseCase
from bot.tables.errors import TableError
from bot.tables.results import GuildSettings, TableInfo
from bot.tables.rows import info, require_creator, status_error


class Preferences(UseCase):
    """Table, guild and user settings; message references."""

    async def set_table_settings(
        self,
        table_id: int,
        user_id: int,
        *,
        turn_timer_seconds: int | None = None,
        expiry_policy: str | None = None,
        locale: str | None = UNSET,
        window_seconds: int | None = None,
        is_moderator: bool = False,
    ) -> TableInfo:
        """Change a table's turn timer, expiry policy, response window or locale (creator or
        moderator).

        A new timer or window applies from the next prompt; the current deadlines stand.
        """
        values: dict[str, Any] = {}
        if turn_timer_seconds is not None:
            values["turn_timer_seconds"] = check_timer(turn_timer_seconds)
        if window_seconds is not None:
            values["window_seconds"] = check_window(window_seconds)
        if expiry_policy is not None:
            values["expiry_policy"] = check_policy(expiry_policy)
        if locale is not UNSET:
            values["locale"] = check_locale(locale)
        async with self._repo.transaction() as s:
            row, seats = await self._repo.load_rows(s, table_id, None)
            if row.status not in OPEN_STATUSES:
                raise status_error(row, "not_active")
            if not is_moderator:
                require_creator(row, user_id)
            await self._repo.bump(s, row, **values)
            return info(row, seats)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's defaults for new tables."""
        async with self._repo.transaction() as s:
            row = await s.get(GuildSettingsRow, guild_id)
            if row is None:
                return GuildSettings(guild_id)
            return GuildSettings(guild_id, row.locale, row.turn_timer_seconds, row.expiry_policy)

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        locale: str | None = UNSET,
        turn_timer_seconds: int | None = UNSET,
        expiry_policy: str | None = UNSET,
    ) -> GuildSettings:
        """Change the guild's defaults (None clears a value back to the bot's setting)."""
        values: dict[str, Any] = {}
        if locale is not UNSET:
            values["locale"] = check_locale(locale)
        if turn_timer_seconds is not UNSET:
            values["turn_timer_seconds"] = (
                None if turn_timer_seconds is None else check_timer(turn_timer_seconds)
            )
        if expiry_policy is not UNSET:
            values["expiry_policy"] = None if expiry_policy is None else check_policy(expiry_policy)
        async with self._repo.transaction() as s:
            await self._repo.upsert(s, GuildSettingsRow, {"guild_id": guild_id}, values)
        return await self.guild_settings(guild_id)

    async def set_user_locale(self, user_id: int, locale: str | None) -> None:
        """Set (or clear, with None) the user's locale override."""
        value = check_locale(locale)
        async with self._repo.transaction() as s:
            await self._repo.upsert(s, UserSettingsRow, {"user_id": user_id}, {"locale": value})

    async def notify_mode(self, user_id: int) -> str:
        """When the game turning to the user notifies them (`NOTIFY_MODES`)."""
        async with self._repo.transaction() as s:
            row = await s.get(UserSettingsRow, user_id)
            return (row.notify if row else None) or DEFAULT_NOTIFY

    async def set_notify(self, user_id: int, mode: str) -> None:
        """Choose when the game turning to the user notifies them."""
        value = check_notify(mode)
        async with self._repo.transaction() as s:
            await self._repo.upsert(s, UserSettingsRow, {"user_id": user_id}, {"notify": value})


MIN_WINDOW, MAX_WINDOW = 3, 300
"""A response window (a claim at a live table) in seconds."""


def check_window(seconds: int) -> int:
    """A response window in range, or the `bad_setting` refusal."""
    return _in_range(seconds, "window_seconds", "The response window", MIN_WINDOW, MAX_WINDOW)


def check_timer(seconds: int) -> int:
    """A turn timer in range, or the `bad_setting` refusal."""
    return _in_range(
        seconds, "turn_timer_seconds", "The turn timer", MIN_TURN_TIMER, MAX_TURN_TIMER
    )


def check_policy(policy: str) -> str:
    """A known expiry policy, or the `bad_setting` refusal."""
    return _one_of(policy, "expiry_policy", "The expiry policy is", EXPIRY_POLICIES)


def check_notify(mode: str) -> str:
    """A known notification mode, or the `bad_setting` refusal."""
    return _one_of(mode, "notify", "Notifications are", NOTIFY_MODES)


def check_locale(locale: str | None) -> str | None:
    """A known locale (or None), or the `bad_setting` refusal."""
    return None if locale is None else _one_of(locale, "locale", "The locale is", LOCALES)


def _in_range(seconds: int, setting: str, what: str, low: int, high: int) -> int:
    """`seconds` when it is a whole number from `low` to `high`, else the refusal that says so."""
    if not isinstance(seconds, int) or not low <= seconds <= high:
        raise TableError(
            "bad_setting",
            f"{what} is {low} to {high} seconds.",
            setting=setting,
            value=seconds,
            min=low,
            max=high,
        )
    return seconds


def _one_of(value: str, setting: str, what: str, choices: tuple[str, ...]) -> str:
    """`value` when it is one of `choices`, else the refusal that lists them."""
    if value not in choices:
        raise TableError(
            "bad_setting",
            f"{what} one of {', '.join(choices)}.",
            setting=setting,
            value=value,
            choices=list(choices),
        )
    return value
