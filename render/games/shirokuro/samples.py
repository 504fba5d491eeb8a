"""Shirokuro-jaku's sample moments for `cardbot render shirokuro` and the tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engines.game import Game
from engines.registry import game_class
from render.games.shirokuro.words import GAME
from render.games.two_number_parts import samples

# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = samples.SAMPLE_PLAYERS
"""Who sits at the sample tables of `cardbot render shirokuro`."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments of a 3-seat and a 2-seat game of normal CPUs: the start
    (the dealer to discard, rotations open), a drawn card waiting to go in, a discard someone
    may claim, exposed melds on the table, the next round's start after a win and after a
    draw (the last round shown), and the end."""

    def ended(view: Mapping[str, Any], how: tuple[str, ...]) -> bool:
        return bool(view["rotation_open"]) and (view["last_round"] or {}).get("end") in how

    wanted: list[tuple[str, Callable[[Mapping[str, Any]], bool]]] = [
        ("insert", lambda view: view["phase"] == "insert"),
        ("meld", lambda view: any(view["exposed"])),
        ("win", lambda view: ended(view, ("tsumo", "ron"))),
        ("draw", lambda view: ended(view, ("draw",))),
    ]
    return samples.sample_moments(GAME, seed, "claim", wanted)


def sample_hand(seed: int) -> tuple[list[str], list[bool], set[int]] | None:
    """The dealer's opening hand in a 2-seat game of `seed`, for the hand strip."""
    game = game_class(GAME).new(2, {}, seed)
    hand = list(game.view(game.view(None)["dealer"])["hand"])
    return hand, [True] * len(hand), set()
