"""Settings from the environment, URL normalisation, and `cardbot db upgrade`."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings, get_settings, normalize_database_url
from bot.store import Database
from bot.store.cli import main


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgresql://u:p@h:5432/db", "postgresql+asyncpg://u:p@h:5432/db"),
        ("postgres://u:p@h/db", "postgresql+asyncpg://u:p@h/db"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg://u@h/db"),
        ("sqlite:///./x.db", "sqlite+aiosqlite:///./x.db"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite:///x.db"),
    ],
)
def test_database_urls_get_async_drivers(given: str, expected: str) -> None:
    assert normalize_database_url(given) == expected


def test_settings_defaults_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_URL", "TURN_TIMER_SECONDS", "DEFAULT_LOCALE", "EXPIRY_POLICY"):
        monkeypatch.delenv(name, raising=False)
    defaults = Settings(_env_file=None)
    assert defaults.database_url == "sqlite+aiosqlite:///./cardbot.db"
    assert (defaults.default_locale, defaults.turn_timer_seconds) == ("ja", 86400)
    assert (defaults.expiry_policy, defaults.reminder_before_seconds) == ("cpu_turn", 3600)
    assert defaults.discord_token is None and defaults.dev_guild_id is None

    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:secret@db/cardbot")
    monkeypatch.setenv("TURN_TIMER_SECONDS", "600")
    monkeypatch.setenv("DEV_GUILD_ID", "1234567890123456789")
    get_settings.cache_clear()
    try:
        settings = get_settings()
        assert settings.database_url == "postgresql+asyncpg://bot:secret@db/cardbot"
        assert settings.turn_timer_seconds == 600
        assert settings.dev_guild_id == 1234567890123456789
    finally:
        get_settings.cache_clear()


@pytest.mark.parametrize(
    "field", [{"turn_timer_seconds": 299}, {"turn_timer_seconds": 604801}, {"default_locale": "fr"}]
)
def test_settings_refuse_out_of_range_values(field: dict) -> None:
    with pytest.raises(ValidationError):
        Settings(_env_file=None, **field)


def test_db_upgrade_command_prints_masked_url_and_revision(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argparse.Namespace(action="upgrade", url=database_url)) == 0
    out = capsys.readouterr().out
    assert "revision: 0001" in out
    if "@" in database_url:
        password = database_url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]
        assert f":{password}@" not in out and ":***@" in out

    async def revision() -> str | None:
        async with Database(database_url) as db:
            return await db.current_revision()

    assert asyncio.run(revision()) == "0001"


async def test_upgrade_runs_inside_a_running_loop(database_url: str) -> None:
    # The bot calls upgrade() from its event loop: no nested asyncio.run.
    async with Database(database_url) as db:
        assert await db.upgrade() == "0001"


def test_the_env_example_file_loads_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`cp .env.example .env` must give a valid configuration (empty lines mean "not set")."""
    example = Path(__file__).resolve().parents[2] / ".env.example"
    (tmp_path / ".env").write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "FONT_PATH", "DEFAULT_LOCALE"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert (
        settings.discord_token is None
        and settings.dev_guild_id is None
        and settings.font_path is None
    )
    assert settings.database_url == "sqlite+aiosqlite:///./cardbot.db"
    assert settings.default_locale == "ja" and settings.expiry_policy == "cpu_turn"
