"""`cardbot play kokutorum`: a round in the terminal against a CPU (the rotation with both
versions shown, a Hint, a draw, an insert refused for its gap then made with its end, a kokuto
knock), saved mid-turn and resumed in Japanese; the next round's rotation let go with Enter."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.play import run
from engines.kokutorum import Kokutorum
from engines.two_number.cards import DECK, rotated
from tests.cli.terminal import Script, deal_first, play_args, seed_tables
from tests.cli.terminal import stored as saved_game

SEED = 11
AS_ROTATED = ["W5B1/B", "W5B2/B", "W5B3/B", "W4B1/W", "W4B2/W", "W4B3/W", "W6B4/B", "W6B5/B"]
"""Alice's hand turned around: ●1 ●2 ●3 ○4 ○4 ○4 ●4 ●5; ●6 (drawn) at the end melds it all."""
CPU_HAND = ["W6B1/W", "W1B4/B", "W6B3/W", "W2B5/B", "W3B6/W", "W1B3/B", "W2B4/W", "W3B5/B"]


@pytest.fixture
def sqlite_file(sqlite_file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh database file; tables get `SEED` and the first round dealt above (the CPU
    deals, Alice plays first, the stock's top card is ○2/●6)."""
    seed_tables(monkeypatch, SEED)
    used = {c[:4] for c in AS_ROTATED + CPU_HAND} | {"W1B2", "W2B6"}
    stock = ["W2B6"] + [c for c in DECK if c not in used]
    deals = [
        {"dealer": 1, "hands": [rotated(AS_ROTATED), CPU_HAND], "upcard": "W1B2", "stock": stock}
    ]
    deal_first(monkeypatch, Kokutorum, deals)
    return sqlite_file


def args(**extra: object) -> argparse.Namespace:
    return play_args("kokutorum", **extra)


def stored(path: Path) -> Kokutorum:
    """The game as saved."""
    return saved_game(path, Kokutorum)


async def test_a_round_with_a_rotation_an_insert_and_a_knock_saved_and_resumed(
    sqlite_file: Path,
) -> None:
    lines: list[str] = []
    script = Script("rotate", "h", "stock", "insert 12 b", "9 b", "q")
    assert await run(args(), ask=script, out=lines.append) == 0
    text = "\n".join(lines)
    assert "A new game of Kokutorum." in text
    assert "CPU deals; Alice plays first." in text
    assert "As dealt (deadwood 12): 1 ○6 2 ○6 [3 ●3 4 ●2 5 ●1] [6 ○5 7 ○5 8 ○5]" in text
    assert "Rotated (deadwood 9): [1 ●1 2 ●2 3 ●3] [4 ○4 5 ○4 6 ○4] 7 ●4 8 ●5" in text
    assert "You rotated your hand." in text
    assert "  Hint: Draw from the stock" in text
    assert "You drew ○2/●6." in text
    assert "You drew ○2/●6: W puts ○2 up, B puts ●6 up. Choose an end and a gap (▸1–▸9)." in text
    # 18 places to insert: told how to type one, not listed
    assert "Type a gap and the end to put up, like 3 B (gaps 1–9, ends W or B)." in text
    assert "Insert 1 W" not in text
    assert "Your hand has no such card or gap: count them from 1 at the far left." in text
    assert "You put ●6/○2 in gap 9, ●6 up." in text
    assert "Your hand (deadwood 0): [1 ●1 2 ●2 3 ●3] [4 ○4 5 ○4 6 ○4] [7 ●4 8 ●5 9 ●6]" in text
    assert "\n  [Knock]\n" in text
    assert text.rstrip().endswith("Saved. Run the same command to resume.")
    assert script.answers == []
    game = stored(sqlite_file)
    assert game.phase == "discard" and game.hands[0] == [*AS_ROTATED, "W2B6/B"]

    # resumed in Japanese: the knock with nine cards in melds is a kokuto
    again: list[str] = []
    script = Script("ノック", "", "q")
    assert await run(args(lang="ja"), ask=script, out=again.append) == 0
    resumed = "\n".join(again)
    assert "コクトラムの対局を再開します（ここまで 4 手）。" in resumed
    game = stored(sqlite_file)
    [first] = game.history
    cpu = first["points"][1]
    assert first["kind"] == "kokuto" and first["scores"] == [cpu + 5, 0]
    assert (
        f"コクトー！Aliceがデッドウッド0でノックしました。デッドウッド：Alice 0点、CPU {cpu}点。"
        f"Aliceが{cpu + 5}点（{cpu}＋5）を得ます。合計：Alice {cpu + 5}点、CPU 0点。"
        "第2ラウンド：Aliceがディーラーで、表札は" in resumed
    )
    assert "Aliceの手札：[1 ●1 2 ●2 3 ●3] [4 ○4 5 ○4 6 ○4] [7 ●4 8 ●5 9 ●6]" in resumed
    # round 2: the CPU plays first and waits for Alice's rotation; Enter keeps her hand
    assert "手札をそのままにしました。" in resumed
    game = stored(sqlite_file)
    assert game.round_no == 2 and game.rotation.decided[0] and not game.rotation.rotated[0]
    assert script.answers == []
