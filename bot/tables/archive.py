"""Archiving finished tables: their action log and final state in one compressed value.

A table finished (or abandoned) longer ago than `ARCHIVE_AFTER_DAYS` keeps its row, seats,
result and statistics, but its action_log rows and snapshot move into `tables.archive`
(zlib-compressed JSON). `/game record` reads the archive as it read the rows, so a record is
the same before and after; the database no longer grows by a row per move of every game ever
played.
"""

from __future__ import annotations

import json
import zlib
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from bot.store.models import ActionLogRow, TableRow

FORMAT = 1


def pack(entries: list[dict[str, Any]], snapshot: dict[str, Any] | None) -> bytes:
    """The archive of a log (entries: seq, seat, action, seal, created_at) and a snapshot."""
    body = {
        "format": FORMAT,
        "log": [
            [e["seq"], e["seat"], e["action"], e["seal"], _iso(e["created_at"])] for e in entries
        ],
        "snapshot": snapshot,
    }
    return zlib.compress(json.dumps(body, separators=(",", ":")).encode())


def unpack(archive: bytes) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """`pack` undone: the log entries (in order) and the snapshot."""
    body = json.loads(zlib.decompress(archive))
    if body.get("format") != FORMAT:
        raise ValueError(f"unknown archive format {body.get('format')!r}")
    entries = [
        {
            "seq": seq,
            "seat": seat,
            "action": action,
            "seal": seal,
            "created_at": datetime.fromisoformat(created) if created else None,
        }
        for seq, seat, action, seal, created in body["log"]
    ]
    return entries, body["snapshot"]


def _iso(value: datetime | str | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return value.isoformat()


def restore_all(conn: Connection) -> int:
    """Put every archived table's log rows and snapshot back (the downgrade of 0004)."""
    rows = conn.execute(
        select(TableRow.id, TableRow.archive).where(TableRow.archive.is_not(None))
    ).all()
    for table_id, archive in rows:
        if archive is None:
            continue
        entries, snapshot = unpack(archive)
        conn.execute(delete(ActionLogRow).where(ActionLogRow.table_id == table_id))
        if entries:
            conn.execute(insert(ActionLogRow), [{"table_id": table_id, **e} for e in entries])
        conn.execute(
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(snapshot=snapshot, archive=None)
        )
    return len(rows)
