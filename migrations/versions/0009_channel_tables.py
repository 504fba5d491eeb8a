"""The channel's tables, newest first: `ix_tables_channel_id` on (channel_id, id).

After a game ends, `/game status`, `/game hand` and `/game record` speak of the table that just
finished until a new one opens in that channel: the channel's newest table, found here from the
first entry of the index (the open-table index holds only lobbies and running games, and
without this a channel that never had a table would read every table).

Revision ID: 0009
Revises: 0006
Create Date: 2026-12-03 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_tables_channel_id", "tables", ["channel_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_tables_channel_id", table_name="tables")
