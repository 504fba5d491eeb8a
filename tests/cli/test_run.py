"""`cardbot run` before Discord: database errors as sentences, a quiet start, the path used."""

from __future__ import annotations

import argparse
import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import run
from bot.settings import get_settings


@pytest.fixture(autouse=True)
def _fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(tmp_path)  # no .env of the developer's checkout
    monkeypatch.setenv("DISCORD_TOKEN", "a.b.c")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    levels = {name: logging.getLogger(name).level for name in ("discord", "alembic", "")}
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


@pytest.mark.parametrize(
    ("url", "code", "says"),
    [
        ("postgresql://bot:secret@127.0.0.1:1/cardbot", 1, "Could not reach the database at"),
        ("mysql://bot:secret@db/cardbot", 2, "DATABASE_URL names mysql"),
        ("nonsense", 2, "DATABASE_URL 'nonsense' is not a database URL"),
    ],
)
def test_a_database_it_cannot_use_is_one_sentence(
    url: str,
    code: int,
    says: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    assert run.main(argparse.Namespace(command="run")) == code
    err = capsys.readouterr().err
    assert says in err and "Discord" not in err.replace("discord.md", "")
    assert "Traceback" not in err and "secret" not in err


class Stop(Exception):
    """Ends `serve` where Discord would be reached."""


def test_the_start_is_quiet_and_names_the_database_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    import bot.discord.client

    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    def build_bot(settings: object, database: object) -> None:
        discord.Client(intents=discord.Intents.none())  # where discord.py warns about voice
        raise Stop

    monkeypatch.setattr(bot.discord.client, "build_bot", build_bot)
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    handler = Keep(logging.DEBUG)
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.INFO)  # basicConfig does nothing under pytest
    try:
        run.configure_logging("INFO")
        with pytest.raises(Stop):
            asyncio.run(run.serve(get_settings()))
    finally:
        logging.getLogger().removeHandler(handler)
    shown = [record.getMessage() for record in records]
    assert not [m for m in shown if "voice will NOT be supported" in m]
    assert not [r for r in records if r.name.startswith("alembic")]
    assert any(" at revision " in m for m in shown)  # INFO lines of cardbot itself do show
    err = capsys.readouterr().err
    path = tmp_path / "data" / "cardbot" / "cardbot.db"
    assert f"Database: {path}\n" in err and path.exists()


def test_debug_level_shows_alembic_again() -> None:
    logging.getLogger().setLevel(logging.DEBUG)  # basicConfig does nothing under pytest
    run.configure_logging("DEBUG")
    assert logging.getLogger("alembic").getEffectiveLevel() == logging.DEBUG
    assert logging.getLogger("discord").getEffectiveLevel() == logging.WARNING


def test_what_start_up_made_is_left_out_of_full_collections() -> None:
    import gc

    assert gc.get_freeze_count() == 0
    try:
        run.freeze_startup_heap()
        assert gc.get_freeze_count() > 10_000  # the modules and classes loaded so far
    finally:
        gc.unfreeze()
