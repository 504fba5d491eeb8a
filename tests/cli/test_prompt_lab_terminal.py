"""`cardbot play` on Prompt Lab: every prompt kind in the terminal, against two CPUs, to the end.

The player lets the optional declare pass with Enter, buries 6 of 40 cards typed as codes
(a refused bury first), exposes by hand numbers, discards by code and claims by number.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.play import run
from bot.store import Database
from engines.cards import card_label, parse_card
from tests.cli.terminal import play_args, seed_tables
from tests.tables import prompt_lab
from tests.tables.prompt_lab import PromptLab, hidden_from

SEED = 30
"""The player (seat 0) draws an Ace first; neither normal CPU ever holds the three Aces it
would declare with, so the player, who lets the declaration pass, buries."""


@pytest.fixture
def sqlite_file(sqlite_file: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    seed_tables(monkeypatch, SEED)
    with prompt_lab.installed(monkeypatch):
        yield sqlite_file


def args(**extra: object) -> argparse.Namespace:
    return play_args(prompt_lab.GAME_ID, **{"seats": 3, **extra})


class Player:
    """Answers the terminal by what it shows, as a person would (a script that reads)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.seen = 0
        self.asked: list[str] = []
        self.passed = 0
        self.bury_refused = False
        self.last: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if len(self.asked) > 400:
            raise EOFError
        shown = self.lines[self.seen :]
        self.seen = len(self.lines)
        if not any(line.startswith(("  Your turn", "  You may")) for line in shown):
            shown = self.last + shown  # a refusal: the prompt was shown before it
        self.last = shown
        if "play again" in prompt:
            return "q"
        if "let it pass" in prompt:
            self.passed += 1
            return ""
        text = "\n".join(shown)
        hand = self.hand(shown)
        if "bury 6 cards" in text:
            if not self.bury_refused:  # three hearts: the rules refuse it, as a whole
                self.bury_refused = True
                hearts = [c for c in hand if c[1] == "H"][:3]
                spades = [c for c in hand if c[1] == "S"][:3]
                return " ".join(hearts + spades)
            by_suit: dict[str, list[str]] = {}
            for card in hand:
                by_suit.setdefault(card[1], []).append(card)
            return " ".join(c for suit in list(by_suit)[:3] for c in by_suit[suit][:2])
        if "expose up to 2 cards" in text:
            return "1 2"
        if "discard a card" in text:
            return hand[-1]
        if "claim the discard?" in text:
            return "1"
        return "q"

    @staticmethod
    def hand(shown: list[str]) -> list[str]:
        """The cards of the last hand shown ("1:2♠  (2:3♠) ...", over a few lines), as codes."""
        starts = [i for i, line in enumerate(shown) if re.match(r"^\s+\(?1:", line)]
        if not starts:
            return []
        tokens = []
        for line in shown[starts[-1] :]:
            if not re.match(r"^\s+\(?\d+:", line):
                break
            tokens += [token.strip("()") for token in line.split()]
        return [parse_card(token.split(":", 1)[1]) for token in tokens]


async def test_a_whole_game_in_the_terminal(sqlite_file: Path) -> None:
    lines: list[str] = []
    player = Player(lines)
    assert await run(args(), ask=player, out=lines.append) == 0
    text = "\n".join(lines)
    assert "A new game of Prompt Lab." in text
    # the deal is the table's: nobody is asked to draw; the declare is offered and let go
    assert "draw" not in "\n".join(player.asked).lower()
    assert player.passed >= 1
    # an optional prompt with one move: listed, Enter lets it pass (it does not take it)
    declare = text.index("declare with an Ace, if you like.\n   1. Declare A")
    assert "Enter: Declare" not in text
    assert next(p for p in player.asked if "let it pass" in p).endswith("[Enter] let it pass > ")
    # the player's own draws are told with the card, the CPUs' without
    assert re.search(r"Alice drew A[♠♥♦♣]", text[:declare])
    assert not re.search(r"CPU \d drew [^a]", text)
    # the bury: refused as a whole first, in the engine's words, then played
    assert "Bury at most 2 cards of one suit." in text
    assert "Alice took 23 cards from the stock." in text
    assert "Alice buried 6 cards." in text and "Every exposure is shown." in text
    assert "Alice discarded" in text
    assert "═" * 60 in text  # the result panel
    assert player.asked[-1].startswith("[r] play again")

    database = Database(f"sqlite+aiosqlite:///{sqlite_file}")
    try:
        async with database.sessions() as s:
            from bot.store.models import TableRow

            row = await s.get(TableRow, 1)
            assert row is not None and row.status == "finished"
            game = PromptLab.from_json(row.snapshot)
    finally:
        await database.dispose()
    assert game.declarer == 0 and game.is_over()
    # the player saw its own cards and the public table, never a CPU's hand
    hidden = {card_label(card) for card in hidden_from(game, 0)}
    assert not [label for label in hidden if label in text]
