"""`cardbot render GAME --seed S --out DIR`: sample images of a real game at telling moments."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engines.base import Action, game_class
from render import games
from render.api import render_hand, render_view
from render.parts import PlayerInfo

KITTEN_PLAYERS = (PlayerInfo("たろう"), PlayerInfo("子猫", is_cpu=True))


def kitten_fishing_moments(seed: int) -> Iterator[tuple[str, Any]]:
    """(label, game) at the start, the first fish of 3+ cards, the first J sweep, and the end.

    Each game yielded is a snapshot (a copy through JSON), so later flips don't change it.
    """
    cls = game_class("kitten-fishing")
    game = cls.new(2, {}, seed)
    yield "start", cls.from_json(game.to_json())
    wanted = {"fish", "sweep"}
    while not game.is_over():
        seat = next(iter(game.to_act()))
        game.apply(Action.make(seat, "flip"))
        view = game.view(None)
        last = view["last"]
        if last["kind"] in wanted and (last["kind"] == "sweep" or len(last["captured"]) >= 3):
            wanted.discard(last["kind"])
            yield f"{last['kind']}-{view['moves']}", cls.from_json(game.to_json())
    yield "end", game


def write_kitten_fishing(seed: int, out: Path) -> list[Path]:
    """Public and both private images at each moment, Japanese, plus English public ones."""
    written = []
    for label, game in kitten_fishing_moments(seed):
        for seat in (None, 0, 1):
            who = "public" if seat is None else f"seat{seat}"
            for locale in ("ja", "en") if seat is None else ("ja",):
                path = out / f"kitten-fishing-s{seed}-{label}-{who}-{locale}.png"
                path.write_bytes(render_view(game.view(seat), KITTEN_PLAYERS, locale))
                written.append(path)
    return written


def write_hand(out: Path) -> Path:
    """A sample hand strip: 20 cards, some illegal, two selected."""
    from engines.cards import standard_deck

    deck = standard_deck(jokers=True)
    hand = deck[::3][:18] + ["BJ", "SJ"]
    legal = [i % 3 != 1 for i in range(len(hand))]
    path = out / "hand-20.png"
    path.write_bytes(render_hand(hand, legal, {2, 5}, "ja"))
    return path


def main(args: argparse.Namespace) -> int:
    """Write the sample images of `args.game` (seed `args.seed`) into `args.out`."""
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.game == "kitten-fishing":
        written = write_kitten_fishing(args.seed, out)
    else:
        print(
            f"No sample images for '{args.game}' (games with layouts: {', '.join(games.games())}).",
            file=sys.stderr,
        )
        return 2
    written.append(write_hand(out))
    for path in written:
        print(path)
    return 0
