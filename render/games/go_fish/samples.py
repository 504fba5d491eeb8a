"""The sample tables of `cardbot render go-fish`: who sits there and the telling moments."""

from __future__ import annotations

from collections.abc import Iterator

from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class
from render.games.go_fish.words import GAME
from render.parts import PlayerInfo

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("Alice"),
    PlayerInfo("CPU 1", is_cpu=True),
    PlayerInfo("CPU 2", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render go-fish`."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) of a 4-seat game (normal CPUs in every seat): the start, the first hand-over,
    the first lucky draw, the first book after the deal, the stock running out, and the end;
    then a 2-seat game at its start. Each game yielded is a snapshot (a copy through JSON)."""
    cls = game_class(GAME)
    game = cls.new(4, {}, seed)
    yield "start", cls.from_json(game.to_json())
    decide = cpu_chooser(GAME, ["normal"] * 4, seed, "samples")
    wanted = ["given", "lucky", "book", "no-stock"]
    while not game.is_over():
        before = len(game.view(None)["log"])
        game.autoplay(decide, limit=1)
        view = game.view(None)
        new = view["log"][before:]
        found = None
        if "given" in wanted and any(e["type"] == "ask" and e["count"] for e in new):
            found = "given"
        elif "lucky" in wanted and any(e["type"] == "draw" and e["lucky"] for e in new):
            found = "lucky"
        elif "book" in wanted and any(e["type"] == "book" for e in new):
            found = "book"
        elif "no-stock" in wanted and view["stock"] == 0:
            found = "no-stock"
        if found is not None:
            wanted.remove(found)
            yield f"{found}-{len(view['log'])}", cls.from_json(game.to_json())
    yield "end", game
    yield "two-seats", cls.new(2, {}, seed)


def sample_hand(seed: int) -> tuple[list[str], list[bool], set[int]] | None:
    """The first seat's opening hand in a 2-seat game of `seed` (by rank), for the hand strip."""
    hand = list(game_class(GAME).new(2, {}, seed).view(0)["hand"])
    return hand, [True] * len(hand), set()
