"""A CPU level chosen during a match plays from the next hand: seats.next_level, level_part.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 16:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("next_level", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("level_part", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("level_part")
        batch.drop_column("next_level")
