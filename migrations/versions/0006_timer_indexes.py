"""The timers' indexes: partial, one per scan, holding what the scan reads.

`ix_tables_status_deadline` and `ix_tables_status_remind_at` led with the status. PostgreSQL
would not use them for the earliest deadline of a process's shards, nor for the reminders due:
it read every open table instead (1,900 rows, 1-5 ms, at every tick of every process). Each
scan now has an index over only the rows it looks at, ordered by the time it compares, holding
`guild_id` and `id` on PostgreSQL, so that it is answered from the first entries of the index
alone.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 06:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = (
    ("ix_tables_active_deadline", "deadline", "status = 'active'"),
    ("ix_tables_active_remind_at", "remind_at", "status = 'active'"),
    ("ix_tables_lobby_updated_at", "updated_at", "status = 'lobby'"),
    (
        "ix_tables_unarchived_updated_at",
        "updated_at",
        "status IN ('finished', 'abandoned') AND archive IS NULL",
    ),
)


def upgrade() -> None:
    op.drop_index("ix_tables_status_deadline", table_name="tables")
    op.drop_index("ix_tables_status_remind_at", table_name="tables")
    for name, column, where in INDEXES:
        op.create_index(
            name,
            "tables",
            [column],
            sqlite_where=sa.text(where),
            postgresql_where=sa.text(where),
            postgresql_include=["guild_id", "id"],
        )


def downgrade() -> None:
    for name, _, _ in INDEXES:
        op.drop_index(name, table_name="tables")
    op.create_index("ix_tables_status_remind_at", "tables", ["status", "remind_at"])
    op.create_index("ix_tables_status_deadline", "tables", ["status", "deadline"])
