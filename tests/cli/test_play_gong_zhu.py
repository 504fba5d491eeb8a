"""`cardbot play gong-zhu`: exposing and playing in the terminal against three CPUs, refusals
told with their reasons, and resuming the saved match."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.play import run
from tests.cli.terminal import Script, play_args, seed_tables

SEED = 11
"""Alice (seat 0) holds Q♠ 5♠ 4♠ 3♠ K♥ 7♣ 5♣ 2♣ 10♦ 9♦ 8♦ 6♦ 3♦ (Q♠ her only exposable card);
the CPU in seat 3 holds 2♠ and leads it."""


@pytest.fixture
def sqlite_file(sqlite_file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    seed_tables(monkeypatch, SEED)
    return sqlite_file


def args(**extra: object) -> argparse.Namespace:
    return play_args("gong-zhu", **extra)


async def test_expose_then_play_with_refusals_explained(sqlite_file: Path) -> None:
    lines: list[str] = []
    script = Script("5", "q♠", "QS", "KH", "3", "q")
    assert await run(args(), ask=script, out=lines.append) == 0
    text = "\n".join(lines)
    assert "A new game of Gong Zhu." in text
    assert "Hand 1: after the exposures, the holder of 2♠ leads." in text
    # the exposure prompt names what each card would do, and numbers the hand (the cards that
    # can't be exposed dimmed); exposing nothing is typed by its words, not by a number
    assert "You may expose: Q♠ — pig ×2." in text
    assert "1:Q♠  (2:5♠)  (3:4♠)  (4:3♠)  (5:K♥)" in text
    assert "Cards in brackets, like (2:5♠), are dimmed: they can't be chosen now." in text
    assert "\n  [Expose nothing]\n" in text
    assert "Only A♥, Q♠, J♦ and 10♣ can be exposed." in text  # 5 is the K♥
    # Alice decides last (every seat is asked, one holding none of the four too): all are shown
    assert "  Alice exposes Q♠ and CPU 3 leads hand 1" in lines
    # the CPUs decided at once (even the ones holding none of the four), so hers is the last
    # decision: it reveals them all, and the table shows her exposed pig
    assert "Alice: this hand 0 · total 0 · exposed Q♠" in text
    assert "CPU 3 plays 2♠" in text
    # the exposed pig must wait for the first spade trick, and a heart is no follow
    assert "The exposed Q♠ can't be played in the first ♠ trick" in text
    assert "Follow suit: you hold ♠, so play one of them." in text
    assert "You played 4♠." in text
    assert "Saved. Run the same command to resume." in text
    assert script.answers == []

    again: list[str] = []
    await run(args(lang="ja"), ask=Script("q"), out=again.append)
    resumed = "\n".join(again)
    assert "拱猪の対局を再開します" in resumed
    assert "Alice：今回 0・合計 0・公開 Q♠" in resumed  # the exposed pig, still in her hand
