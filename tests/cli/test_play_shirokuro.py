"""`cardbot play shirokuro`: a round in the terminal against a CPU (the dealer's rotation with
both versions shown, a discard refused for its number, a tsumo as the first move: tenhou with
its yaku and values), saved and resumed in Japanese; the CPU dealer of round 2 waits for the
rotation, and its discard offers a claim to Alice alone."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.play import run
from engines.cards import card_label
from engines.shirokuro import Shirokuro
from engines.two_number.cards import DECK, rotated
from tests.cli.terminal import Script, deal_first, play_args, seed_tables
from tests.cli.terminal import stored as saved_game

SEED = 11
AS_ROTATED = ["W3B1/B", "W1B2/B", "W2B3/B", "W4B1/W", "W4B2/W", "W4B3/W", "W2B5/B", "W4B5/B"]
"""Alice's hand turned around wins: ●1 ●2 ●3 · ○4 ○4 ○4 · ●5 ●5 (●5 is dora twice)."""
CPU_HAND = ["W6B1/W", "W1B4/B", "W6B3/W", "W3B5/W", "W3B6/W", "W1B3/B", "W2B4/W"]
INDICATOR = "W6B5"


@pytest.fixture
def sqlite_file(sqlite_file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh database file; tables get `SEED` and the first round dealt above (Alice deals)."""
    seed_tables(monkeypatch, SEED)
    used = {c[:4] for c in AS_ROTATED + CPU_HAND} | {INDICATOR}
    stock = [c for c in DECK if c not in used]
    deals = [
        {
            "dealer": 0,
            "hands": [rotated(AS_ROTATED), CPU_HAND],
            "indicator": INDICATOR,
            "stock": stock,
        }
    ]
    deal_first(monkeypatch, Shirokuro, deals)
    return sqlite_file


def args(**extra: object) -> argparse.Namespace:
    return play_args("shirokuro", **extra)


def stored(path: Path) -> Shirokuro:
    """The game as saved."""
    return saved_game(path, Shirokuro)


async def test_a_round_won_by_tenhou_saved_and_resumed(sqlite_file: Path) -> None:
    lines: list[str] = []
    script = Script("rotate", "discard 12", "tsumo", "q")
    assert await run(args(), ask=script, out=lines.append) == 0
    text = "\n".join(lines)
    assert "A new game of Shirokuro-jaku." in text
    assert "Alice is the dealer and plays first with 8 cards." in text
    assert "As dealt (2 cards from winning): 1 ○4 2 ○2 3 ●3 4 ●2 5 ●1 6 ○2 7 ○1 8 ○3" in text
    assert "Rotated (it wins): 1 ●1 2 ●2 3 ●3 4 ○4 5 ○4 6 ○4 7 ●5 8 ●5" in text
    assert "Stock 14 · dora indicator ○6/●5 (dora ○6 ●5)" in text
    assert "You rotated your hand." in text and "Your hand wins: declare tsumo." in text
    assert "\n  [Tsumo]\n" in text
    assert "Your hand has no such card or gap: count them from 1 at the far left." in text
    assert (
        "Alice wins by tsumo for 20: Dealer 1, Tsumo 1, Dora 2, Tenhou 16. Totals: Alice 20,"
        " CPU 0. East 2: CPU deals, the dora indicator is" in text
    )
    assert "Alice's hand: [1 ●1 2 ●2 3 ●3] [4 ○4 5 ○4 6 ○4] [7 ●5 8 ●5]" in text
    assert text.rstrip().endswith("Saved. Run the same command to resume.")
    game = stored(sqlite_file)
    assert game.totals == [20, 0] and game.round_no == 2 and game.dealer == 1
    assert game.history[0]["wins"][0]["yaku"] == {"dealer": 1, "tsumo": 1, "dora": 2, "tenhou": 16}
    # the CPU deals round 2 and plays first, but waits for Alice's rotation
    assert game.rotation.decided == [False, False] and not game.discards[1]

    # resumed in Japanese: the last round told again; Enter keeps the hand, the CPU discards
    again: list[str] = []
    assert await run(args(lang="ja"), ask=Script("", "q"), out=again.append) == 0
    resumed = "\n".join(again)
    assert "白黒雀の対局を再開します（ここまで 3 手）。" in resumed
    assert (
        "前のラウンド：Aliceの上がり（ツモ）・20点：親 1、ツモ 1、ドラ 2、テンホー 16。"
        "合計：Alice 20点、CPU 0点。" in resumed
    )
    assert "東2局・全4局の2局目" in resumed and "手札をそのままにしました。" in resumed
    game = stored(sqlite_file)
    assert game.rotation.decided == [True, True] and game.discards[1]
    cpu_discard = game.discards[1][0]["card"]
    assert f"CPUが {card_label(cpu_discard)} を捨てました。" in resumed
