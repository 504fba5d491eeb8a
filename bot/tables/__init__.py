"""The tables service: lobby, seats, CPU seats, turn flow, timers and the action log.

Transport-free and async; every call is one transaction and returns immutable results.
Refusals raise `TableError(code, message, **params)` (codes in `bot.tables.errors`).

    service = TableService(Database(url), settings, clock=utcnow)

    lobby      open_lobby(guild_id, channel_id, game, options, creator_id, creator_name,
                          seats=None, *, seed=None, locale=None) -> TableInfo
               join(table_id, user_id, name) / add_cpu(table_id, user_id, level, name=None)
               remove_cpu(table_id, user_id, seat) -> TableInfo
               start(table_id, user_id) -> ActResult
    play       act(table_id, user_id, action_json, expected_version=None) -> ActResult
               finish(table_id, user_id) / advance(table_id, limit=1) -> ActResult
               leave(table_id, user_id) -> ActResult          (lobby: frees; game: CPU takes it)
               set_auto(table_id, user_id, on) -> TableInfo
               rematch(table_id, user_id) -> ActResult / abandon(table_id, user_id, is_moderator)
    reading    load, active_table, tables_waiting_on, auto_pending_tables, private_view,
               public_view, legal_actions, record, user_stats
    timers     due_reminders(now), expire_overdue(now) -> [Expiry], expire_lobbies(now),
               next_wakeup()
    settings   set_table_settings, guild_settings / set_guild_settings, dm_closed /
               set_dm_closed, user_locale / set_user_locale
    messages   set_message_ref, get_message_ref, message_refs, delete_message_ref

Most writes also take `expected_version=` (keyword): a stale one raises `table_moved_on`.
"""

from bot.tables.errors import TableError
from bot.tables.results import (
    ActResult,
    Expiry,
    GuildSettings,
    MessageRef,
    SeatInfo,
    Step,
    TableInfo,
    UserStats,
)
from bot.tables.service import UNSET, TableService

__all__ = [
    "UNSET",
    "ActResult",
    "Expiry",
    "GuildSettings",
    "MessageRef",
    "SeatInfo",
    "Step",
    "TableError",
    "TableInfo",
    "TableService",
    "UserStats",
]
