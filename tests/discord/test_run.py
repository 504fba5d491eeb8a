"""`cardbot run` without a usable token: one sentence, a non-zero exit, no traceback."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot import run
from bot.settings import get_settings


@pytest.fixture(autouse=True)
def _fresh_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)  # no .env of the developer's checkout
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def test_without_a_token_it_says_what_to_put_in_env(capsys: pytest.CaptureFixture[str]) -> None:
    code = run.main(argparse.Namespace(command="run"))
    err = capsys.readouterr().err
    assert code == 2
    assert (
        "DISCORD_TOKEN=" in err
        and "docs/discord.md" in err
        and "cardbot play kitten-fishing" in err
    )
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_refused_token_is_one_sentence_and_exit_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///x.db")

    async def refused(settings: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(run, "serve", refused)
    code = run.main(argparse.Namespace(command="run"))
    err = capsys.readouterr().err
    assert code == 3
    assert "DISCORD_TOKEN" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_no_network_is_one_sentence_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "a.b.c")

    async def offline(settings: object) -> None:
        raise OSError("Cannot connect to host discord.com:443")

    monkeypatch.setattr(run, "serve", offline)
    code = run.main(argparse.Namespace(command="run"))
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("Could not reach Discord (Cannot connect to host")
    assert len(err.strip().splitlines()) == 1


def test_invalid_settings_are_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TURN_TIMER_SECONDS", "5")
    code = run.main(argparse.Namespace(command="run"))
    err = capsys.readouterr().err
    assert code == 2 and "TURN_TIMER_SECONDS" in err and "Traceback" not in err
