"""Helpers for the tables service tests: database dumps and the snapshot == replay check."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from bot.store import Database
from bot.store.models import Base, TableRow
from engines.actions import Action
from engines.registry import game_class

ALICE, BOB, CAROL = 1234567890123456789, 2234567890123456789, 3234567890123456789
GUILD, CHANNEL = 900000000000000001, 800000000000000001


async def dump(database: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, for "nothing changed" assertions."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    async with database.engine.connect() as conn:
        for table in Base.metadata.sorted_tables:
            rows = (await conn.execute(select(table))).all()
            out[table.name] = sorted(tuple(repr(v) for v in row) for row in rows)
    return out


async def stored_row(database: Database, table_id: int) -> TableRow:
    """The table row as stored now."""
    async with database.sessions() as s:
        row = await s.get(TableRow, table_id)
        assert row is not None
        return row


async def assert_snapshot_is_replay(service: Any, database: Database, table_id: int) -> None:
    """Game.new(seats, options, seed) + the logged actions == the stored snapshot, exactly."""
    record = await service.record(table_id, include_sealed=True)
    row = await stored_row(database, table_id)
    game = game_class(record["game"]).new(record["seats"], record["options"], record["seed"])
    for action in record["actions"]:
        game.apply(Action.from_json(action))
    assert row.action_count == len(record["actions"])
    assert row.snapshot == game.to_json()
    assert row.to_act == sorted(game.to_act())
    assert row.result == game.result()
