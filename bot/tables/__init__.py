"""The tables service: lobby, seats, CPU seats, prompts, turn flow, timers and the action log.

Transport-free and async; every call is one transaction and returns immutable results.
Refusals raise `TableError(code, message, **params)` (codes in `bot.tables.errors`).

    service = TableService(Database(url), settings, clock=utcnow)

    lobby      open_lobby(guild_id, channel_id, game, options, creator_id, creator_name,
                          seats=None, *, seed=None, locale=None) -> TableInfo
               join(table_id, user_id, name) / add_cpu(table_id, user_id, level, name=None)
               remove_cpu(table_id, user_id, seat) -> TableInfo
               start(table_id, user_id) -> ActResult
    play       prompt(table_id, user_id) -> SeatPrompt        (the user's decision and version)
               check_action(table_id, user_id, action_json)   (dry run: refused or not)
               act(table_id, user_id, action_json, expected_version=None,
                   *, prompt_version=None) -> ActResult
               finish(table_id, user_id) / advance(table_id, limit=1) -> ActResult
               leave(table_id, user_id) -> ActResult          (lobby: frees; game: CPU takes it)
               set_auto(table_id, user_id, on) -> TableInfo
               rematch(table_id, user_id) -> ActResult / abandon(table_id, user_id, is_moderator)
    reading    load, active_table, tables_waiting_on, auto_pending_tables, private_view,
               public_view, record, user_stats
    timers     due_reminders(now) -> [Reminder], expire_overdue(now) -> [Expiry],
               expire_lobbies(now), next_wakeup()
    settings   set_table_settings, guild_settings / set_guild_settings, dm_closed /
               set_dm_closed, user_locale / set_user_locale, dm_locale / set_seen_locale
    messages   set_message_ref, get_message_ref, message_refs, delete_message_ref

Most writes also take `expected_version=` (keyword): a stale one raises `table_moved_on`.
A seat's controls carry its *prompt version* (`TableInfo.prompt_version(seat)`), which only
that seat's prompt changes; `act(..., prompt_version=v)` refuses a stale one the same way.
"""

from bot.tables.errors import TableError
from bot.tables.results import (
    ActResult,
    Expiry,
    GuildSettings,
    MessageRef,
    Reminder,
    SeatInfo,
    SeatPromptInfo,
    Step,
    TableInfo,
    UserStats,
)
from bot.tables.service import UNSET, SeatPrompt, TableService

__all__ = [
    "UNSET",
    "ActResult",
    "Expiry",
    "GuildSettings",
    "MessageRef",
    "Reminder",
    "SeatInfo",
    "SeatPrompt",
    "SeatPromptInfo",
    "Step",
    "TableError",
    "TableInfo",
    "TableService",
    "UserStats",
]
