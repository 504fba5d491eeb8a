"""Component custom_ids: `cb:v2:<table>:<version>:<action>[:<arg>]` (selects use `cbs:`).

The custom_id says which table, which version of it the message showed, what was pressed, and
for a card pick the selection being built (`<group>.<mask>`: the hand positions chosen, as a
base-36 bitmask), so a selection survives restarts and needs no table write. Who may press is
decided by the tables service on every click, never by the id.

The version of a seat's controls is that seat's *prompt version*: only a change of its own
prompt outdates them, never another player's move. Lobby and table-message controls carry the
table's row version, for information only.
"""

from __future__ import annotations

from bot.games.moves import decode_mask, encode_mask

__all__ = ["decode_mask", "encode_mask"]

BUTTON_TEMPLATE = r"cb:v2:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z_]+)(?::(?P<arg>[\w.-]+))?"
SELECT_TEMPLATE = (
    r"cbs:v2:(?P<table>\d+):(?P<version>\d+):(?P<action>[a-z_]+)(?::(?P<arg>[\w.-]+))?"
)
LEGACY_TEMPLATE = r"cbs?:v1:(?P<table>\d+):.*"
"""Controls sent before this version: answered "out of date", never acted on."""

# Lobby and table message
JOIN, LEAVE, START, CANCEL, ADD_CPU = "join", "leave", "start", "cancel", "cpu"
OPTION, CPU_SEAT = "opt", "cpus"
HAND, REMATCH, DETAILS = "hand", "rematch", "details"
# A seat's controls
ACT, MOVE, PAGE = "act", "move", "page"
PART_ONE, PART_TWO = "one", "two"
GROUP, SELECT, PLAY, CLEAR, HINT = "group", "sel", "play", "clear", "hint"
DISMISS, AUTO = "dismiss", "auto"
FINISH, FINISH_OK, NEW, NEW_OK = "finish", "finish_ok", "new", "new_ok"
MUTE = "mute"
"""Mute the reminders of the turn a reminder DM is about (it carries that prompt's version)."""

SEAT_CONTROLS = frozenset(
    {ACT, MOVE, PAGE, PART_ONE, PART_TWO, GROUP, SELECT, PLAY, CLEAR, HINT, DISMISS}
    | {FINISH, FINISH_OK}
)
"""Controls of a seat's prompt: refused as "out of date" once that seat's prompt changed.
(Auto on/off is explicit and never stale; New game checks its own conditions.)"""


def button_id(table_id: int, version: int, action: str, arg: str | int | None = None) -> str:
    """The custom_id of a table button."""
    tail = "" if arg is None else f":{arg}"
    return f"cb:v2:{table_id}:{version}:{action}{tail}"


def select_id(table_id: int, version: int, action: str, arg: str | int | None = None) -> str:
    """The custom_id of a table select menu."""
    tail = "" if arg is None else f":{arg}"
    return f"cbs:v2:{table_id}:{version}:{action}{tail}"


def pick_arg(group: int, positions: set[int] | frozenset[int]) -> str:
    """The arg of a card-pick control: the group shown and the selection."""
    return f"{group}.{encode_mask(positions)}"


def parse_pick_arg(arg: str | None) -> tuple[int, frozenset[int]]:
    """(group, positions) of a card-pick control's arg ((0, none) when malformed)."""
    head, _, tail = (arg or "").partition(".")
    group = int(head) if head.isdigit() else 0
    return group, decode_mask(tail) if tail else frozenset()
