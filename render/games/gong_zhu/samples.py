"""Gong Zhu's sample moments for `cardbot render gong-zhu` and the tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.game import Game
from engines.registry import game_class
from render.games.gong_zhu.sizes import GAME
from render.parts import PlayerInfo

# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("CPU 1", is_cpu=True),
    PlayerInfo("花子"),
    PlayerInfo("CPU 2", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render gong-zhu` (two people, two CPUs)."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments of a match played by CPUs (one hard, three normal):
    the exposure phase, the first lead after someone exposed, the first trick in progress, the
    pig falling, a heart sweep danger, the exposure phase of the second hand (the first hand's
    breakdown), and the end of the match."""
    from engines.cpu import cpu_chooser

    cls = game_class(GAME)
    game = cls.new(4, {}, seed)
    decide = cpu_chooser(GAME, ["hard", "normal", "normal", "normal"], seed)
    yield "expose", cls.from_json(game.to_json())
    wanted = {"exposed", "trick", "pig", "danger", "hand2"}
    while not game.is_over():
        game.autoplay(decide, limit=1)
        view = game.view(None)
        label = None
        exposed = any(view["exposed_live"])
        if "exposed" in wanted and exposed and view["phase"] == "play" and not view["plays"]:
            label = "exposed"
        elif "trick" in wanted and view["phase"] == "play" and len(view["trick"]["cards"]) == 2:
            label = "trick"
        elif (
            "pig" in wanted
            and view["last_trick"]
            and "QS" in view["last_trick"]["cards"]
            and not view["trick"]["cards"]
        ):
            label = "pig"
        elif "danger" in wanted and view["sweep_danger"] is not None:
            label = "danger"
        elif "hand2" in wanted and view["hand"] == 2 and view["phase"] == "expose":
            label = "hand2"
        if label is not None:
            wanted.discard(label)
            yield f"{label}-h{view['hand']}", cls.from_json(game.to_json())
    yield "end", game


def sample_hand(seed: int) -> tuple[list[str], list[bool], list[int]] | None:
    """A hand strip of the first hand as its first follower sees it: legal cards bright."""
    cls = game_class(GAME)
    game: Any = cls.new(4, {}, seed)
    for seat in range(4):
        game.apply(game.legal_actions(seat)[0])
    leader = game.turn
    game.apply(game.legal_actions(leader)[-1])
    prompt = game.prompt(game.turn)
    pick = prompt.pick
    selected = [i for i, ok in enumerate(pick.selectable) if ok][:1]
    return list(pick.cards), list(pick.selectable), selected
