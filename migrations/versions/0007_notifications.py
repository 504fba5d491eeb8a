"""Notifications that respect people: each user's choice, and what the bot's messages show.

- `user_settings.notify`: when a new DM or a ping may notify the user (`every_turn`, `away`,
  `reminders`); None is the default, `away`.
- `message_refs.version`: the prompt version a player's hand DM shows (its controls' version),
  so that a DM whose controls went out of date is brought up to date, and no other.
- `message_refs.posted_at`: when the message was posted (a table message older than an hour is
  posted anew at the bottom of the channel).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("user_settings") as batch:
        batch.add_column(sa.Column("notify", sa.String(length=16), nullable=True))
    with op.batch_alter_table("message_refs") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("posted_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("message_refs") as batch:
        batch.drop_column("posted_at")
        batch.drop_column("version")
    with op.batch_alter_table("user_settings") as batch:
        batch.drop_column("notify")
