"""The tables service: one class made of its parts, each in its own module.

lobby.py      open a table, seats, CPUs, start, rematch, leave, abandon
play.py       act, check_action, prompt, finish, advance, set_auto
deadlines.py  reminders, expiry, stale lobbies, next_wakeup
reading.py    load, active_table, tables_waiting_on, views, record, stats
settings_ops.py  table / guild / user settings, message references
core.py       transactions, the write path, CPU batches (shared)
flow.py       the pure rules: prompt versions, deadlines, reminders, expiry
"""

from __future__ import annotations

from bot.tables.core import UNSET
from bot.tables.deadlines import DeadlineOps
from bot.tables.lobby import RestartOps
from bot.tables.play import PlayOps
from bot.tables.reading import ReadOps
from bot.tables.results import SeatPrompt
from bot.tables.settings_ops import SettingsOps


class TableService(RestartOps, PlayOps, DeadlineOps, ReadOps, SettingsOps):
    """Every table operation, by table id and acting user id; one transaction each."""


__all__ = ["UNSET", "SeatPrompt", "TableService"]
