"""Typed settings of the bot, read from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.shards import Shards, parse_ids
from engines.words import LOCALES as LOCALES

Locale = Literal["ja", "en"]
ExpiryPolicy = Literal["cpu_turn", "cpu_seat", "abandon"]

EXPIRY_POLICIES: tuple[str, ...] = ("cpu_turn", "cpu_seat", "abandon")
NOTIFY_MODES: tuple[str, ...] = ("every_turn", "away", "reminders")
"""When the game turning to a player notifies them (a user's choice in `/game settings`)."""
DEFAULT_NOTIFY = "away"
MIN_TURN_TIMER = 300
MAX_TURN_TIMER = 604800
DEFAULT_STATEMENT_TIMEOUT = 30.0
DEFAULT_POOL_SIZE = 10
"""PostgreSQL connections one bot process keeps open (requests beyond wait for one)."""
DEFAULT_LOCK_TIMEOUT = 10.0
DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT = 300.0
"""PostgreSQL limits, seconds: the bot's statements take milliseconds, and no transaction stays
open while the CPU seats think (they think between a unit's reads and its conditional write)."""
BAD_SETTINGS = "The settings in .env or the environment are invalid: {problem} (see .env.example)."


def data_dir() -> Path:
    """The per-user folder of cardbot's files: `$XDG_DATA_HOME/cardbot`, else
    `~/.local/share/cardbot` (the same whatever the working directory)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if base and os.path.isabs(base):  # the XDG spec: a relative value is ignored
        return Path(base) / "cardbot"
    return Path.home() / ".local" / "share" / "cardbot"


def default_database_url() -> str:
    """The SQLite file used when DATABASE_URL is not set: `cardbot.db` in `data_dir()`."""
    return f"sqlite+aiosqlite:///{data_dir() / 'cardbot.db'}"


def normalize_database_url(url: str) -> str:
    """Give a database URL its async driver: `postgresql://` -> `postgresql+asyncpg://`, etc."""
    url = url.strip()
    for plain, async_ in (
        ("postgres://", "postgresql+asyncpg://"),
        ("postgresql://", "postgresql+asyncpg://"),
        ("postgresql+psycopg2://", "postgresql+asyncpg://"),
        ("sqlite://", "sqlite+aiosqlite://"),
        ("sqlite+pysqlite://", "sqlite+aiosqlite://"),
    ):
        if url.startswith(plain):
            return async_ + url[len(plain) :]
    return url


class Settings(BaseSettings):
    """Every setting of the bot; the environment wins over `.env`, `.env` over the defaults."""

    # env_ignore_empty: a line like `DEV_GUILD_ID=` (as in .env.example) means "not set"
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    database_url: str = Field(
        default_factory=default_database_url,
        description="SQLAlchemy URL; by default a SQLite file in the user's data folder.",
    )
    discord_token: str | None = Field(
        default=None, description="Bot token (required by `cardbot run`)."
    )
    dev_guild_id: int | None = Field(
        default=None, description="Guild to sync commands to instantly."
    )
    default_locale: Locale = "ja"
    turn_timer_seconds: int = Field(default=86400, ge=MIN_TURN_TIMER, le=MAX_TURN_TIMER)
    expiry_policy: ExpiryPolicy = "cpu_turn"
    reminder_before_seconds: int = Field(
        default=3600, ge=0, description="The last reminder goes this long before the deadline."
    )
    reminder_interval_seconds: int = Field(
        default=14400,
        ge=0,
        description=(
            "A turn left unanswered is reminded at this rhythm from its start, before the last "
            "reminder (0: only the last one)."
        ),
    )
    reminder_limit: int = Field(
        default=6,
        ge=0,
        description=(
            "After this many reminders the table says the game has stalled and reminds no more; "
            "the turn timer still applies (0: no limit)."
        ),
    )
    notify_away_seconds: int = Field(
        default=300,
        ge=0,
        description=(
            "A player who acted at a table this recently is not notified (no new DM, no ping) "
            "when the game turns to them: their message is updated in place."
        ),
    )
    table_repost_seconds: int = Field(
        default=3600,
        ge=60,
        description=(
            "A table message older than this is posted anew at the bottom of the channel at "
            "its next update (as is one with other messages below it)."
        ),
    )
    live_timer_seconds: int | None = Field(
        default=3600,
        ge=0,
        description=(
            "A table whose turn timer is at most this is played live: a prompt's response "
            "window (a claim's seconds) applies; a longer timer is an asynchronous table, "
            "where the turn timer times such prompts. Unset: every table is live."
        ),
    )
    lobby_expiry_seconds: int = Field(default=86400, ge=60)
    cpu_workers: int = Field(
        default=2,
        ge=0,
        le=64,
        description=(
            "Worker processes the CPU seats think in, off the event loop. 0: they think on "
            "the event loop (a lone terminal player; the tests)."
        ),
    )
    cpu_decision_seconds: float = Field(
        default=5.0,
        gt=0,
        description=(
            "A CPU decision still thinking after this long in a worker is cut short and the "
            "next cheaper level decides (hard, then normal; easy is never cut short)."
        ),
    )
    stall_seconds: int = Field(
        default=60,
        ge=5,
        description=(
            "A table with steps of its own to take (a draw, an Auto seat, CPU moves being "
            "thought) that nothing moved for this long is stalled: the timers log it and "
            "resume it."
        ),
    )
    database_statement_timeout_seconds: float = Field(default=DEFAULT_STATEMENT_TIMEOUT, ge=0)
    database_lock_timeout_seconds: float = Field(default=DEFAULT_LOCK_TIMEOUT, ge=0)
    database_idle_in_transaction_timeout_seconds: float = Field(
        default=DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT, ge=0
    )
    database_pool_size: int = Field(default=DEFAULT_POOL_SIZE, ge=1, le=1000)
    log_level: str = "INFO"
    font_path: str | None = None
    archive_after_days: int = Field(
        default=30,
        ge=0,
        description="Finished tables' move logs are compressed after this many days (0: never).",
    )
    shard_count: int | None = Field(
        default=None,
        ge=1,
        description="Shards of the whole bot (several processes); unset: one process, all shards.",
    )
    shard_ids: str | None = Field(
        default=None,
        description="The shards this process runs, like 0-3 or 0,2 (needs SHARD_COUNT).",
    )

    @model_validator(mode="after")
    def _shard_ids_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the shards of the whole bot)")
            parse_ids(self.shard_ids, self.shard_count)
        return self

    def shards(self) -> Shards | None:
        """This process's shards, or None when it serves every guild."""
        if self.shard_count is None:
            return None
        if self.shard_ids is None:
            return Shards(self.shard_count, frozenset(range(self.shard_count)))
        return Shards(self.shard_count, parse_ids(self.shard_ids, self.shard_count))

    @field_validator("database_url")
    @classmethod
    def _async_driver(cls, value: str) -> str:
        return normalize_database_url(value)

    @field_validator("log_level")
    @classmethod
    def _upper_level(cls, value: str) -> str:
        return value.upper()


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (read once; `get_settings.cache_clear()` re-reads)."""
    return Settings()


class SettingsError(Exception):
    """Settings that cannot be used, as one sentence for the person running the command."""


def load_settings() -> Settings:
    """`get_settings()` for a command: invalid settings or an unreadable .env raise SettingsError."""
    try:
        return get_settings()
    except ValidationError as exc:
        problem = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']).upper()}: {err['msg']}" for err in exc.errors()
        )
        raise SettingsError(BAD_SETTINGS.format(problem=problem)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingsError(f"Cannot read the settings file .env: {exc}.") from None
