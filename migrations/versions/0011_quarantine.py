"""`tables.quarantine`: why the timers set a table aside (None for every table in play).

A table whose game cannot be loaded or advanced is quarantined once, with one log line, instead
of failing at every timer tick of every process; `cardbot tables quarantined` lists them and
`cardbot tables release ID` puts one back in play (docs/scaling.md).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04 12:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("quarantine", sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("quarantine")
