"""Errors of the tables service: one type, a stable `code`, `params` for translated messages.

The Discord layer turns `code` + `params` into Japanese or English; `message` is an English
fallback. Codes and their params (keep them stable — translations key on them):

| code               | when                                                        | params                       |
| ------------------ | ----------------------------------------------------------- | ---------------------------- |
| `no_table`         | no table with that id (or no open table in the channel)     | table_id / channel_id        |
| `channel_busy`     | the channel already has a lobby or a running table          | channel_id, table_id         |
| `lobby_only`       | join / add_cpu / remove_cpu / start on a table not in lobby | table_id, status             |
| `not_active`       | act / finish / advance / views on a table not being played  | table_id, status             |
| `not_finished`     | rematch of a table that has not finished                     | table_id, status             |
| `not_seated`       | the user holds no seat at this table                        | table_id, user_id            |
| `seat_taken_over`  | the CPU plays the user's seat (they left / timed out); `set_auto` gives it back | table_id, seat |
| `already_seated`   | join by a user who already holds a seat                     | table_id, seat               |
| `table_full`       | join / add_cpu when every seat is taken                     | table_id, seats              |
| `not_creator`      | start / abandon / settings by someone else                  | table_id, creator_id         |
| `not_enough_seats` | start with fewer seats than the game needs                  | table_id, seats, min_seats   |
| `not_your_turn`    | act when none of the user's seats is to act                 | table_id, seat, to_act (the seats waited for in public) |
| `table_moved_on`   | stale expected_version, or another action won the race      | table_id, version            |
| `table_quarantined`| the timers set the table aside after its game failed to load or advance; an admin releases it | table_id, game |
| `illegal_action`   | the engine refused the action                               | code (the engine's code, e.g. `not_your_turn`, `bad_number`), game (its id: `error.<game>.<code>` words it) + the engine's params; message = the engine's |
| `no_instant_finish`| finish ("see the result") for a game that has decisions     | table_id, game               |
| `no_seat`          | remove_cpu of a seat number that does not exist             | table_id, seat               |
| `not_a_cpu`        | remove_cpu of a human seat                                  | table_id, seat               |
| `bad_setting`      | set_*_settings with a value out of range                    | setting, value               |
| engine codes       | `unknown_game`, `unknown_option`, `bad_option`, `bad_seats`, `bad_level`, `no_cpu`: passed through from the engine's RecordError / GameError with its params |
"""

from __future__ import annotations

from typing import Any

from bot.store.models import TableRow
from engines.errors import GameError


class TableError(Exception):
    """A refusal of the tables service; nothing was written."""

    def __init__(self, code: str, message: str, /, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"TableError({self.code!r}, {self.message!r}, **{self.params!r})"

    @classmethod
    def from_engine(cls, error: GameError) -> TableError:
        """Pass an engine error through with its own code (setup errors: options, seats, level)."""
        return cls(error.code, error.message, **error.params)

    @classmethod
    def illegal(cls, error: GameError, game: str | None = None) -> TableError:
        """Wrap an IllegalAction: `illegal_action`; params `code` (the engine's), `game` (whose
        words explain it) and the engine's own params.

        The message stays the engine's own sentence (it tells the player what to do).
        """
        extra = {"game": game} if game else {}
        return cls("illegal_action", error.message, **{**error.params, **extra, "code": error.code})


def moved_on(row: TableRow) -> TableError:
    """The refusal for a stale view or a lost race."""
    return TableError(
        "table_moved_on",
        "The table has moved on since you looked; look again.",
        table_id=row.id,
        version=row.version,
    )


def quarantined(row: TableRow) -> TableError:
    """The refusal at a table the timers set aside (`TableRow.quarantine`): nothing of it is
    lost, and it plays again once an admin releases it."""
    return TableError(
        "table_quarantined",
        "This table is paused after an error on our side; an admin can release it. "
        "Nothing played so far is lost.",
        table_id=row.id,
        game=row.game,
    )


def no_table(table_id: int) -> TableError:
    """The refusal for an unknown table id."""
    return TableError("no_table", "There is no such table.", table_id=table_id)


def channel_busy(channel_id: int, table_id: int | None) -> TableError:
    """The refusal for a second open table in a channel."""
    return TableError(
        "channel_busy",
        "This channel already has a table; finish or abandon it first (or open a thread).",
        channel_id=channel_id,
        table_id=table_id,
    )
