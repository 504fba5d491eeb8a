"""`cardbot play zhao-pengyou --seats 6`: the deal, a declaration let go and then made, the bury
(a refused one first), a call from the list and plays typed as codes, in the terminal against
five CPUs; quitting and resuming the saved game."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from bot.play import run
from engines.cards import card_label
from engines.cpu import cpu_player, decision_rng
from engines.players import Decision
from engines.zhao_pengyou import ZhaoPengyou
from tests.cli.terminal import play_args, seed_tables
from tests.cli.terminal import stored as saved_game
from tests.engines.test_zhao_pengyou_properties import secret_from

SEED = 3
"""Alice (seat 0) draws a 2 early and nobody declares before her second chance."""


@pytest.fixture
def sqlite_file(sqlite_file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    seed_tables(monkeypatch, SEED)
    return sqlite_file


def args(**extra: object) -> argparse.Namespace:
    return play_args("zhao-pengyou", **{"seats": 6, **extra})


def stored(path: Path) -> ZhaoPengyou:
    """The game as saved."""
    return saved_game(path, ZhaoPengyou)


class Player:
    """Answers by what the terminal shows: lets the first declaration go, then declares; buries
    5 cards (refused), then 6; takes the first call set; plays what the normal CPU would, typed
    as codes; quits after a few plays of its own."""

    def __init__(self, lines: list[str], path: Path, plays: int = 4) -> None:
        self.lines = lines
        self.path = path
        self.plays = plays
        self.seen = 0
        self.asked: list[str] = []
        self.let_go = 0
        self.bury_refused = False

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if len(self.asked) > 500:
            raise EOFError
        shown = "\n".join(self.lines[self.seen :])
        self.seen = len(self.lines)
        if "let it pass" in prompt:
            self.let_go += 1
            return "" if self.let_go == 1 else "1"
        if "last chance" in shown:
            return "1"
        if "Bury exactly 6 cards" in shown:
            if not self.bury_refused:
                self.bury_refused = True
                return "19 20 21 22 23"
            return "18 19 20 21 22 23"
        if "Call 2 friends" in shown:
            return "1"
        game = stored(self.path)
        if game.phase == "play" and game.turn == 0 and self.plays:
            self.plays -= 1
            prompt_ = game.prompts()[0]
            player = cpu_player(game.id, "normal")
            view = game.view(0)
            action = player.decide(Decision(view, prompt_, decision_rng(1, "t", 0), game.accepts))
            assert action is not None
            return " ".join(action.get("cards"))
        return "q"


async def test_a_deal_in_the_terminal(sqlite_file: Path) -> None:
    lines: list[str] = []
    player = Player(lines, sqlite_file)
    assert await run(args(), ask=player, out=lines.append) == 0
    text = "\n".join(lines)
    assert "A new game of Zhao Pengyou." in text
    assert "is the provisional dealer and draws first." in text
    # the drawing is the table's: the player is told the cards it draws, nobody else's
    assert re.search(r"Alice drew [0-9JQKA]+[♠♥♦♣]", text)
    assert not re.search(r"CPU \d drew", text)
    # the table is shown when the player has something to decide, not at every draw
    draws_shown = text.count(" · drawing ")
    assert draws_shown == sum("let it pass" in asked for asked in player.asked) < 20
    assert "Your hand: " in text  # while drawing, for the declaration
    # an optional declaration: listed, Enter lets it go, then "1" declares
    assert "Declare trump with a card of your rank" in text and player.let_go >= 2
    assert "You declared 2" in text
    # the bury: 5 cards are refused as a whole, in the game's words; then 6 are buried
    assert "Bury exactly 6 cards." in text
    assert "You buried" in text
    # the calls: a numbered list of complete sets
    assert re.search(r" 1\. Call (1st|2nd) ", text)
    assert "You called" in text
    assert "You played" in text
    assert "Saved. Run the same command to resume." in text

    game = stored(sqlite_file)
    assert game.declarer == 0 and game.phase == "play"
    # from the calls on (the call sets offered name cards, not where they are), the player is
    # told nothing of a card it cannot see
    hidden = {card_label(code) for code in secret_from(game, 0)}
    after = text[text.index("You called") :]
    assert not [label for label in hidden if label in after]

    again: list[str] = []
    assert await run(args(lang="ja"), ask=lambda _: "q", out=again.append) == 0
    resumed = "\n".join(again)
    assert "找朋友の対局を再開します" in resumed
    assert "Alice・ランク2 👑" in resumed
