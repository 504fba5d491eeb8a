"""Go Fish autoplay: the normal level answered without views gives the very game the players
give from their views (`GoFish.autoplay` recognises a `CpuChooser`)."""

from __future__ import annotations

import pytest

from engines.actions import Action
from engines.cpu import CpuChooser, cpu_chooser
from engines.game import Decide, Game
from engines.go_fish import GoFish
from engines.go_fish.cpu import normal_rngs
from engines.prompts import Prompt

SEEDS = range(300)


def generic(chooser: CpuChooser) -> Decide:
    """The same players and RNGs behind a plain function: autoplay can't take its shortcut."""

    def decide(game: Game, prompt: Prompt) -> Action | None:
        return chooser(game, prompt)

    return decide


def both_ways(
    seats: int,
    options: dict[str, str | int],
    seed: int,
    levels: list[str],
    chunk: int | None = None,
) -> tuple[GoFish, list[Action], GoFish, list[Action]]:
    fast = GoFish.new(seats, options, seed)
    chooser = cpu_chooser("go-fish", levels, seed, "finish")
    taken: list[Action] = []
    while not fast.is_over():
        taken += fast.autoplay(chooser, limit=chunk)
    slow = GoFish.new(seats, options, seed)
    by_view = slow.autoplay(generic(cpu_chooser("go-fish", levels, seed, "finish")))
    return fast, taken, slow, by_view


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("rules", ["standard", "early_end"])
@pytest.mark.parametrize("refill", [1, 5])
def test_normal_seats_ask_what_the_normal_player_asks_from_its_view(
    seats: int, rules: str, refill: int
) -> None:
    options: dict[str, str | int] = {"rules": rules, "refill": refill}
    for seed in SEEDS:
        fast, taken, slow, by_view = both_ways(seats, options, seed, ["normal"] * seats)
        assert taken == by_view, seed
        assert fast.result() == slow.result() and fast.to_json() == slow.to_json(), seed


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_normal_seats_beside_other_levels_and_games_played_in_pieces(seats: int) -> None:
    """Other levels' asks go through their views between the normal seats' answers, and an
    autoplay that stops every few asks (a table's pace) reads the log where it left it."""
    lineups = (["normal", "hard", "easy", "normal"], ["easy", "normal", "normal", "hard"])
    for seed in range(60):
        levels = lineups[seed % 2][:seats]
        options: dict[str, str | int] = {"rules": "standard", "refill": 1 + 4 * (seed % 2)}
        fast, taken, slow, by_view = both_ways(seats, options, seed, levels, chunk=1 + seed % 5)
        assert taken == by_view, seed
        assert fast.to_json() == slow.to_json(), seed


def test_only_a_cpu_chooser_with_normal_seats_takes_the_shortcut() -> None:
    chooser = cpu_chooser("go-fish", ["hard", "normal", "easy"], 1)
    rngs = normal_rngs(chooser, 3)
    assert rngs == [None, chooser.rngs[1], None]
    assert normal_rngs(cpu_chooser("go-fish", ["hard", "easy"], 1), 2) is None
    assert normal_rngs(generic(chooser), 3) is None
    assert normal_rngs(chooser, 2) is None  # a chooser for another table
