"""The tables service: lobby, seats, CPU seats, turn flow, timers and the action log."""

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
