"""`tables.write_id`: a random number each write to a table draws, 0 before the first.

The conditional write of a table asks for the version and the write id as the writer read (or
held) them: after the database lost an acknowledged commit, another process can reach the same
version by another path, but not with the same write id (docs/scaling.md).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04 12:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("write_id", sa.BigInteger(), nullable=False, server_default=sa.text("0"))
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("write_id")
