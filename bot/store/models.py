"""The database schema as SQLAlchemy 2.0 typed models (Alembic migrations follow this file)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

# Constraint names are spelled out so that migrations (and SQLite batch moves) can name them.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
STATUSES = (LOBBY, ACTIVE, FINISHED, ABANDONED)
OPEN_STATUSES = (LOBBY, ACTIVE)
NO_USER = 0
QUARANTINE_LENGTH = 200
"""Characters of `tables.quarantine` (the reason a table was set aside) kept."""
"""`message_refs.user_id` of a reference that belongs to no user (the table message)."""


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes on both databases (SQLite stores naive text, PostgreSQL timestamptz)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTCDateTime column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """Declarative base with the naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
        datetime: UTCDateTime,
    }


_OPEN = text("status IN ('lobby', 'active')")
ACTIVE_ROWS = text("status = 'active'")
LOBBY_ROWS = text("status = 'lobby'")
UNARCHIVED_ROWS = text("status IN ('finished', 'abandoned') AND archive IS NULL")
"""The rows of the timers' partial indexes. The timers' scans filter with these same clauses:
a bound status cannot match a partial index on either database (on PostgreSQL, a prepared
statement's generic plan)."""


class TableRow(Base):
    """One game table: lobby, then a running game (its snapshot), then a result."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seat_count: Mapped[int] = mapped_column(Integer)
    """How many seats the lobby offers (the game starts with the seats taken, at least min)."""
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default=LOBBY)
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The engine state (`to_json()`) after the last logged action; None in the lobby."""
    to_act: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """Seats entitled to act (a copy of the snapshot's `to_act()`, for queries without engines)."""
    action_count: Mapped[int] = mapped_column(Integer, default=0)
    """Rows in action_log for this table: the next action's seq."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    write_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default=text("0"))
    """A random number drawn by each write (0 before the first): the conditional write asks
    for the version and this as read, a pair no other writer produces by chance. A version
    alone can be reached again by another path, after the database lost a commit."""
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    prompt_states: Mapped[list[Any] | None] = mapped_column(JSON)
    """Each seat's prompt: version, signature, deadline, reminded (`flow.PromptState`)."""
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime)
    """The earliest prompt deadline (a copy from `prompt_states`, for the timer queries)."""
    remind_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    """The earliest reminder not yet sent (a copy from `prompt_states`)."""
    paced: Mapped[bool] = mapped_column(Boolean, default=False)
    """The table has steps to take at its own pace: a mechanical step, or an Auto seat to act."""
    turn_timer_seconds: Mapped[int] = mapped_column(Integer)
    window_seconds: Mapped[int | None] = mapped_column(Integer)
    """The table's response window (a claim's seconds at a live table); None: the game's own."""
    expiry_policy: Mapped[str] = mapped_column(String(16))
    locale: Mapped[str | None] = mapped_column(String(8))
    series_id: Mapped[int | None] = mapped_column(Integer)
    """Id of the series' first table (rematches share it); None for a table never rematched."""
    series_match: Mapped[int] = mapped_column(Integer, default=1)
    """1 for the first match of a series, 2 for its first rematch, ..."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    quarantine: Mapped[str | None] = mapped_column(String(QUARANTINE_LENGTH))
    """Why the timers set this table aside (its game could not be loaded or advanced); None
    for every table in play. A quarantined table is skipped by every process and refuses its
    players until an admin releases it (`cardbot tables release`)."""
    archive: Mapped[bytes | None] = mapped_column(LargeBinary)
    """A finished table's action log and final state, compressed (`bot.tables.archive`); its
    action_log rows and snapshot are then gone."""

    __table_args__ = (
        CheckConstraint("status IN ('lobby', 'active', 'finished', 'abandoned')", name="status"),
        CheckConstraint("version >= 0", name="version"),
        # At most one lobby or running table per channel, whatever process asks.
        Index(
            "uq_tables_open_channel",
            "channel_id",
            unique=True,
            sqlite_where=_OPEN,
            postgresql_where=_OPEN,
        ),
        # The timers' scans: an index over only the rows each looks at, holding what it reads
        # (the guild for the shard test, the id), so that PostgreSQL answers it from the index
        # alone, the earliest entries first, never by reading every open table (migration 0006).
        *(
            Index(
                f"ix_tables_{name}",
                column,
                sqlite_where=where,
                postgresql_where=where,
                postgresql_include=["guild_id", "id"],
            )
            for name, column, where in (
                ("active_deadline", "deadline", ACTIVE_ROWS),
                ("active_remind_at", "remind_at", ACTIVE_ROWS),
                ("lobby_updated_at", "updated_at", LOBBY_ROWS),
                ("unarchived_updated_at", "updated_at", UNARCHIVED_ROWS),
            )
        ),
        Index("ix_tables_series_id", "series_id"),
        # The channel's newest table, open or not (what `/game status` shows after the end).
        Index("ix_tables_channel_id", "channel_id", "id"),
    )


class SeatRow(Base):
    """A seat at a table: a human (user_id), or a CPU (cpu_level), or a human played by a CPU."""

    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    cpu_level: Mapped[str | None] = mapped_column(String(16))
    next_level: Mapped[str | None] = mapped_column(String(16))
    """A level chosen during a match, to play from the next hand (`Game.part`) on."""
    level_part: Mapped[int | None] = mapped_column(Integer)
    """The part of the match in which `next_level` was chosen."""
    name: Mapped[str] = mapped_column(String(100))
    auto: Mapped[bool] = mapped_column(Boolean, default=False)
    """The human asked the CPU to play for them, at the transport's pace (`advance`)."""
    cpu_takeover: Mapped[bool] = mapped_column(Boolean, default=False)
    """The CPU took the seat for good (the human left, or the `cpu_seat` expiry policy)."""

    __table_args__ = (
        UniqueConstraint("table_id", "seat"),
        Index("ix_seats_user_id", "user_id"),
    )


class ActionLogRow(Base):
    """The append-only action log: the table's record (docs/records.md `actions`), seq from 0."""

    __tablename__ = "action_log"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    seal: Mapped[str | None] = mapped_column(String(64))
    """The game's seal on a hidden action (`Game.seal_of`): left out of records while open."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class MessageRefRow(Base):
    """A Discord message the bot edits later (the table image, a ping, a player's hand DM)."""

    __tablename__ = "message_refs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int] = mapped_column(BigInteger, default=NO_USER)
    """The user the message belongs to, or NO_USER (0): a NULL would escape the unique key."""
    channel_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int | None] = mapped_column(Integer)
    """A hand DM: the prompt version its controls carry."""
    posted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    """When the message was posted (None: before this was kept)."""

    __table_args__ = (UniqueConstraint("table_id", "kind", "user_id"),)


class UserStatsRow(Base):
    """Games played, won, lost and drawn by one user in one game."""

    __tablename__ = "user_stats"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    played: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    lost: Mapped[int] = mapped_column(Integer, default=0)
    drawn: Mapped[int] = mapped_column(Integer, default=0)


class UserSettingsRow(Base):
    """Per-user settings: DMs closed (seen when a DM failed), language, notifications."""

    __tablename__ = "user_settings"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    dm_closed: Mapped[bool] = mapped_column(Boolean, default=False)
    locale: Mapped[str | None] = mapped_column(String(8))
    """The language the user chose (overrides Discord's)."""
    seen_locale: Mapped[str | None] = mapped_column(String(8))
    """The language of the user's Discord client at their last interaction (for DMs)."""
    notify: Mapped[str | None] = mapped_column(String(16))
    """When a new DM or a ping may notify the user: every_turn, away, reminders (None: away)."""


class GuildSettingsRow(Base):
    """Per-guild defaults for new tables (None: the bot's settings)."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    locale: Mapped[str | None] = mapped_column(String(8))
    turn_timer_seconds: Mapped[int | None] = mapped_column(Integer)
    expiry_policy: Mapped[str | None] = mapped_column(String(16))
