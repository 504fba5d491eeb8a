"""Prompts: per-seat prompt states and deadlines, paced tables, sealed log entries, DM language.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 21:40:00

- tables: `prompt_states` (each seat's prompt version, deadline, reminder), `remind_at` (the
  earliest reminder, replacing the table-wide `reminder_sent` flag), `paced` (steps to take at
  the table's own pace); `series_first` goes (a rematch asks the game for its next options).
- action_log: `seal` (a sealed action stays out of records until the game reveals it).
- user_settings: `seen_locale` (the user's Discord language, kept across restarts for DMs).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("prompt_states", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column("paced", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.drop_column("reminder_sent")
        batch.drop_column("series_first")
        batch.create_index("ix_tables_status_remind_at", ["status", "remind_at"])
    with op.batch_alter_table("action_log") as batch:
        batch.add_column(sa.Column("seal", sa.String(length=64), nullable=True))
    with op.batch_alter_table("user_settings") as batch:
        batch.add_column(sa.Column("seen_locale", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user_settings") as batch:
        batch.drop_column("seen_locale")
    with op.batch_alter_table("action_log") as batch:
        batch.drop_column("seal")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_status_remind_at")
        batch.add_column(sa.Column("series_first", sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column("reminder_sent", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.drop_column("paced")
        batch.drop_column("remind_at")
        batch.drop_column("prompt_states")
