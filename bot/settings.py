"""Typed settings of the bot, read from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

Locale = Literal["ja", "en"]
ExpiryPolicy = Literal["cpu_turn", "cpu_seat", "abandon"]

EXPIRY_POLICIES: tuple[str, ...] = ("cpu_turn", "cpu_seat", "abandon")
LOCALES: tuple[str, ...] = ("ja", "en")
MIN_TURN_TIMER = 300
MAX_TURN_TIMER = 604800
DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./cardbot.db"


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
        default=DEFAULT_DATABASE_URL,
        description="SQLAlchemy URL; SQLite file under the working directory by default.",
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
    reminder_before_seconds: int = Field(default=3600, ge=0)
    lobby_expiry_seconds: int = Field(default=86400, ge=60)
    log_level: str = "INFO"
    font_path: str | None = None

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
