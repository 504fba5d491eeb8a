"""Initial schema: tables, seats, action log, message refs, stats and settings.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 12:36:22

Written from `alembic revision --autogenerate` and reviewed: the app's UTCDateTime decorator is
spelled as its implementation (timezone-aware DateTime) so this file never imports the app.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN = "status IN ('lobby', 'active')"


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seat_count", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("snapshot", sa.JSON(), nullable=True),
        sa.Column("to_act", sa.JSON(), nullable=False),
        sa.Column("action_count", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminder_sent", sa.Boolean(), nullable=False),
        sa.Column("turn_timer_seconds", sa.Integer(), nullable=False),
        sa.Column("expiry_policy", sa.String(length=16), nullable=False),
        sa.Column("locale", sa.String(length=8), nullable=True),
        sa.Column("series_id", sa.Integer(), nullable=True),
        sa.Column("series_match", sa.Integer(), nullable=False),
        sa.Column("series_first", sa.Integer(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.CheckConstraint(
            "status IN ('lobby', 'active', 'finished', 'abandoned')",
            name=op.f("ck_tables_status"),
        ),
        sa.CheckConstraint("version >= 0", name=op.f("ck_tables_version")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
    )
    op.create_index("ix_tables_series_id", "tables", ["series_id"])
    op.create_index("ix_tables_status_deadline", "tables", ["status", "deadline"])
    # At most one lobby or running table per channel, enforced by the database itself.
    op.create_index(
        "uq_tables_open_channel",
        "tables",
        ["channel_id"],
        unique=True,
        sqlite_where=sa.text(OPEN),
        postgresql_where=sa.text(OPEN),
    )

    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("cpu_level", sa.String(length=16), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("auto", sa.Boolean(), nullable=False),
        sa.Column("cpu_takeover", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_seats_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("table_id", "seat", name=op.f("uq_seats_table_id_seat")),
    )
    op.create_index("ix_seats_user_id", "seats", ["user_id"])

    op.create_table(
        "action_log",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_action_log_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seq", name=op.f("pk_action_log")),
    )

    op.create_table(
        "message_refs",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_message_refs_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_message_refs")),
        sa.UniqueConstraint(
            "table_id", "kind", "user_id", name=op.f("uq_message_refs_table_id_kind_user_id")
        ),
    )

    op.create_table(
        "user_stats",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("lost", sa.Integer(), nullable=False),
        sa.Column("drawn", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game", name=op.f("pk_user_stats")),
    )

    op.create_table(
        "user_settings",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("dm_closed", sa.Boolean(), nullable=False),
        sa.Column("locale", sa.String(length=8), nullable=True),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_settings")),
    )

    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("locale", sa.String(length=8), nullable=True),
        sa.Column("turn_timer_seconds", sa.Integer(), nullable=True),
        sa.Column("expiry_policy", sa.String(length=16), nullable=True),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_settings")),
    )


def downgrade() -> None:
    op.drop_table("guild_settings")
    op.drop_table("user_settings")
    op.drop_table("user_stats")
    op.drop_table("message_refs")
    op.drop_table("action_log")
    op.drop_index("ix_seats_user_id", table_name="seats")
    op.drop_table("seats")
    op.drop_index(
        "uq_tables_open_channel",
        table_name="tables",
        sqlite_where=sa.text(OPEN),
        postgresql_where=sa.text(OPEN),
    )
    op.drop_index("ix_tables_status_deadline", table_name="tables")
    op.drop_index("ix_tables_series_id", table_name="tables")
    op.drop_table("tables")
