"""Component custom_ids: `cb:v1:<table>:<version>:<action>[:<arg>]` (selects use `cbs:`).

The custom_id only says which table, which version of it the message showed, and what was
pressed. Who may press is decided by the tables service on every click, never by the id.
"""

from __future__ import annotations

BUTTON_TEMPLATE = r"cb:v1:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z_]+)(?::(?P<arg>[\w.-]+))?"
SELECT_TEMPLATE = r"cbs:v1:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z_]+)"

# Buttons
JOIN, LEAVE, START, CANCEL = "join", "leave", "start", "cancel"
HAND, REMATCH = "hand", "rematch"
ACT, AUTO, FINISH, FINISH_OK = "act", "auto", "finish", "finish_ok"
NEW, NEW_OK = "new", "new_ok"
# Selects
ADD_CPU, MOVE = "cpu", "move"

VERSIONED = frozenset({ACT, FINISH, FINISH_OK, MOVE})
"""Moves, refused with "out of date" when the message showed an earlier state of the game.

Their version is the table's move count (`action_count`): it changes exactly when the game does.
Lobby controls carry the row version for information; Auto on/off is explicit and never stale.
"""


def button_id(table_id: int, version: int, action: str, arg: str | int | None = None) -> str:
    """The custom_id of a table button."""
    tail = "" if arg is None else f":{arg}"
    return f"cb:v1:{table_id}:{version}:{action}{tail}"


def select_id(table_id: int, version: int, action: str) -> str:
    """The custom_id of a table select menu."""
    return f"cbs:v1:{table_id}:{version}:{action}"
