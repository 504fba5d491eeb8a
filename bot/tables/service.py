"""The tables service: a thin facade over small use cases, each over explicit collaborators.

repository.py    TableRepository: the database, a table's rows, the conditional write, the log
                 (with PostgreSQL's fast path, pgrows.py, as its implementation)
core.py          TableWriter: the write path the use cases share (CPU batches, persist, follow);
                 UseCase: what each use case is given
lobby.py         Lobby: open a table, seats, CPUs, start, rematch, leave, abandon;
                 Restart: "New game" against CPUs
play.py          Play: act, check_action, prompt, finish, advance, set_auto
deadlines.py     Deadlines: reminders, expiry, stale lobbies, archiving, next_wakeup
reading.py       Reading: load, active_table, tables_waiting_on, views, record, stats
settings_ops.py  Preferences: table / guild / user settings
messages.py      MessageBook: the publisher's message references and what it reads of its
                 audience (handed to a transport's publisher on its own: `messages`)
thinkers.py      Thinkers: the CPUs' worker processes
flow.py          the pure rules: prompt states, deadlines, reminders, expiry
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from bot.settings import Settings, get_settings
from bot.store.database import Database
from bot.store.models import utcnow
from bot.tables.core import UNSET, Clock, TableWriter
from bot.tables.deadlines import Deadlines
from bot.tables.lobby import Lobby, Restart
from bot.tables.messages import MessageBook
from bot.tables.play import Play
from bot.tables.reading import Reading
from bot.tables.repository import TableRepository
from bot.tables.results import SeatPrompt
from bot.tables.settings_ops import Preferences
from bot.tables.thinkers import Thinkers

P = ParamSpec("P")
R = TypeVar("R")


class _Of(Generic[P, R]):
    """A method of the facade: the same method of one of its use cases (`part`); read on the
    class, the use case's own function (a unit of work, with its signature and docstring)."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self._part = part
        self._method = method
        self._name = method.__name__
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, service: None, owner: type) -> Callable[Concatenate[Any, P], R]: ...

    @overload
    def __get__(self, service: object, owner: type) -> Callable[P, R]: ...

    def __get__(self, service: object | None, owner: type) -> Any:
        if service is None:
            return self._method
        return getattr(getattr(service, self._part), self._name)


class TableService:
    """Every table operation, by table id and acting user id; one transaction each."""

    def __init__(
        self,
        database: Database,
        settings: Settings | None = None,
        *,
        clock: Clock = utcnow,
    ) -> None:
        self._settings = settings or get_settings()
        self._clock = clock
        self._repo = TableRepository(database, clock)
        self._thinkers = Thinkers(self._settings.cpu_workers, self._settings.cpu_decision_seconds)
        self._writer = TableWriter(self._repo, self._settings, clock, self._thinkers)
        given = (self._repo, self._writer, self._settings, clock)
        self._lobby = Lobby(*given)
        self._restart = Restart(*given)
        self._play = Play(*given)
        self._deadlines = Deadlines(*given)
        self._reading = Reading(*given)
        self._preferences = Preferences(*given)
        self._messages = MessageBook(*given)

    @property
    def settings(self) -> Settings:
        """The bot's settings the service runs with."""
        return self._settings

    @property
    def messages(self) -> MessageBook:
        """The publisher's book (message references, closed DMs, the audience's languages):
        what a transport's publisher is handed instead of the service."""
        return self._messages

    def now(self) -> datetime:
        """The service's clock (the time its deadlines and messages are kept in)."""
        return self._clock()

    def start_thinking(self) -> None:
        """Start the CPUs' worker processes now rather than at the first decision for them."""
        self._thinkers.start()

    def close(self, wait: bool = False) -> None:
        """Stop the CPUs' worker processes (the bot is shutting down; `wait`: until gone)."""
        self._thinkers.close(wait)

    # the lobby
    open_lobby = _Of("_lobby", Lobby.open_lobby)
    join = _Of("_lobby", Lobby.join)
    add_cpu = _Of("_lobby", Lobby.add_cpu)
    remove_cpu = _Of("_lobby", Lobby.remove_cpu)
    set_options = _Of("_lobby", Lobby.set_options)
    set_cpu_level = _Of("_lobby", Lobby.set_cpu_level)
    leave = _Of("_lobby", Lobby.leave)
    start = _Of("_lobby", Lobby.start)
    rematch = _Of("_lobby", Lobby.rematch)
    abandon = _Of("_lobby", Lobby.abandon)
    new_game = _Of("_restart", Restart.new_game)
    # play
    act = _Of("_play", Play.act)
    decline = _Of("_play", Play.decline)
    check_action = _Of("_play", Play.check_action)
    prompt = _Of("_play", Play.prompt)
    hint = _Of("_play", Play.hint)
    finish = _Of("_play", Play.finish)
    advance = _Of("_play", Play.advance)
    set_auto = _Of("_play", Play.set_auto)
    # the timers
    due_reminders = _Of("_deadlines", Deadlines.due_reminders)
    mute_reminders = _Of("_deadlines", Deadlines.mute_reminders)
    expire_overdue = _Of("_deadlines", Deadlines.expire_overdue)
    expire_lobbies = _Of("_deadlines", Deadlines.expire_lobbies)
    archive_finished = _Of("_deadlines", Deadlines.archive_finished)
    next_wakeup = _Of("_deadlines", Deadlines.next_wakeup)
    # reading
    load = _Of("_reading", Reading.load)
    active_table = _Of("_reading", Reading.active_table)
    last_table = _Of("_reading", Reading.last_table)
    tables_waiting_on = _Of("_reading", Reading.tables_waiting_on)
    auto_pending_tables = _Of("_reading", Reading.auto_pending_tables)
    private_view = _Of("_reading", Reading.private_view)
    public_view = _Of("_reading", Reading.public_view)
    record = _Of("_reading", Reading.record)
    user_stats = _Of("_reading", Reading.user_stats)
    # settings
    set_table_settings = _Of("_preferences", Preferences.set_table_settings)
    guild_settings = _Of("_preferences", Preferences.guild_settings)
    set_guild_settings = _Of("_preferences", Preferences.set_guild_settings)
    set_user_locale = _Of("_preferences", Preferences.set_user_locale)
    notify_mode = _Of("_preferences", Preferences.notify_mode)
    set_notify = _Of("_preferences", Preferences.set_notify)
    # the publisher's book
    guild_locale = _Of("_messages", MessageBook.guild_locale)
    dm_closed = _Of("_messages", MessageBook.dm_closed)
    set_dm_closed = _Of("_messages", MessageBook.set_dm_closed)
    user_locale = _Of("_messages", MessageBook.user_locale)
    dm_locale = _Of("_messages", MessageBook.dm_locale)
    set_seen_locale = _Of("_messages", MessageBook.set_seen_locale)
    user_prefs = _Of("_messages", MessageBook.user_prefs)
    set_message_ref = _Of("_messages", MessageBook.set_message_ref)
    set_message_version = _Of("_messages", MessageBook.set_message_version)
    get_message_ref = _Of("_messages", MessageBook.get_message_ref)
    message_refs = _Of("_messages", MessageBook.message_refs)
    delete_message_ref = _Of("_messages", MessageBook.delete_message_ref)


__all__ = ["UNSET", "SeatPrompt", "TableService"]
