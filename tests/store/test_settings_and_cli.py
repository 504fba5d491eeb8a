"""Settings from the environment, URL normalisation, and `cardbot db upgrade`."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import (
    Settings,
    SettingsError,
    get_settings,
    load_settings,
    normalize_database_url,
)
from bot.store import Database
from bot.store.cli import main
from bot.store.database import BadDatabaseUrl
from bot.store.migrations import head_revision


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


def test_settings_defaults_and_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_URL", "TURN_TIMER_SECONDS", "DEFAULT_LOCALE", "EXPIRY_POLICY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    defaults = Settings(_env_file=None)
    assert defaults.database_url == f"sqlite+aiosqlite:///{tmp_path}/data/cardbot/cardbot.db"
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
    assert f"revision: {head_revision()}" in out
    if "@" in database_url:
        password = database_url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]
        assert f":{password}@" not in out and ":***@" in out

    async def revision() -> str | None:
        async with Database(database_url) as db:
            return await db.current_revision()

    assert asyncio.run(revision()) == head_revision()


async def test_upgrade_runs_inside_a_running_loop(database_url: str) -> None:
    # The bot calls upgrade() from its event loop: no nested asyncio.run.
    async with Database(database_url) as db:
        assert await db.upgrade() == head_revision()


def test_the_env_example_file_loads_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`cp .env.example .env` must give a valid configuration (empty lines mean "not set")."""
    example = Path(__file__).resolve().parents[2] / ".env.example"
    (tmp_path / ".env").write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "FONT_PATH", "DEFAULT_LOCALE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    settings = Settings()
    assert (
        settings.discord_token is None
        and settings.dev_guild_id is None
        and settings.font_path is None
    )
    assert settings.database_url == f"sqlite+aiosqlite:///{tmp_path}/data/cardbot/cardbot.db"
    assert settings.default_locale == "ja" and settings.expiry_policy == "cpu_turn"


def test_the_default_sqlite_file_is_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same file whatever the working directory: XDG_DATA_HOME, else ~/.local/share."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        assert Settings(_env_file=None).database_url == (
            f"sqlite+aiosqlite:///{tmp_path}/home/.local/share/cardbot/cardbot.db"
        )
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the XDG spec: ignored
    assert "/home/.local/share/cardbot/" in Settings(_env_file=None).database_url


async def test_a_missing_data_folder_is_created_and_the_location_is_the_full_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    async with Database("sqlite:///data/cardbot/cardbot.db") as db:
        assert (tmp_path / "data" / "cardbot").is_dir()
        assert db.location == str(tmp_path / "data" / "cardbot" / "cardbot.db")
        assert await db.upgrade() == head_revision()
    async with Database("postgresql://bot:secret@db.example/cardbot") as db:
        assert db.location == "postgresql+asyncpg://bot:***@db.example/cardbot"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("nonsense", "DATABASE_URL 'nonsense' is not a database URL"),
        ("mysql://bot:secret@db/cardbot", "DATABASE_URL names mysql; cardbot keeps"),
        ("postgresql+psycopg://bot@db/cardbot", "DATABASE_URL names postgresql+psycopg"),
        ("postgresql://bot:secret@db:port/cardbot", "is not a database URL"),
    ],
)
def test_urls_cardbot_cannot_use_are_refused_in_a_sentence(url: str, says: str) -> None:
    with pytest.raises(BadDatabaseUrl) as err:
        Database(url)
    assert says in str(err.value) and "postgresql://user:password@host" in str(err.value)
    assert "secret" not in str(err.value) and err.value.exit_code == 2


@pytest.mark.parametrize(
    ("url", "code", "says"),
    [
        ("postgresql://bot:secret@127.0.0.1:1/cardbot", 1, "Could not reach the database at"),
        ("mysql://bot:secret@127.0.0.1/cardbot", 2, "DATABASE_URL names mysql"),
        ("nonsense", 2, "is not a database URL"),
        ("postgresql://bot:secret@127.0.0.1:1/cardbot?bogus=1", 2, "cannot be used"),
    ],
)
def test_db_upgrade_tells_a_database_it_cannot_use_in_one_sentence(
    url: str, code: int, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argparse.Namespace(action="upgrade", url=url)) == code
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("cardbot db: ")
    assert says in captured.err and len(captured.err.strip().splitlines()) == 1
    assert "secret" not in captured.err and "Traceback" not in captured.err


def test_db_upgrade_on_a_file_that_is_not_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    assert main(argparse.Namespace(action="upgrade", url=f"sqlite:///{tmp_path}/notes.txt")) == 2
    err = capsys.readouterr().err
    assert f"The database at {tmp_path}/notes.txt cannot be used: file is not a database." in err
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert main(argparse.Namespace(action="upgrade", url=f"sqlite:///{blocked}/sub/x.db")) == 2
    assert f"Cannot create the folder {blocked}/sub of the SQLite file" in capsys.readouterr().err


def test_invalid_settings_are_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TURN_TIMER_SECONDS", "5")
    get_settings.cache_clear()
    try:
        with pytest.raises(SettingsError, match="TURN_TIMER_SECONDS"):
            load_settings()
        assert main(argparse.Namespace(action="upgrade", url=None)) == 2
        assert "cardbot db: The settings in .env" in capsys.readouterr().err
    finally:
        get_settings.cache_clear()
