"""Finished tables archived: tables.archive holds the compressed action log and final state.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 17:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("archive", sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    # archived tables get their action log and snapshot back before the column goes
    from bot.tables.archive import restore_all

    restore_all(op.get_bind())
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("archive")
