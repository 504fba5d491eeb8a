"""What a Kokutorum seat cannot see (the descriptor's `hidden`): the deal written out, and the
cards a seat cannot see moved about.

What a seat sees in the round being played: its own hand, the upcard, every discard, the cards
taken from the pile (and where they went), and the card it drew itself. Everything else is face
down to it: the other hands' cards that came from the deal or the stock, and the stock. Any two
such cards may trade places in the round's deal (the hands keep their ends up): every action of
the record is a position and an end, so it stays legal, and the seat's view stays the same.
Earlier rounds were shown in full at their end, so they stay as they were.
"""

from __future__ import annotations

import random
from typing import Any

from engines.actions import Action
from engines.errors import JSON
from engines.game import Game
from engines.record import parse_record, start
from engines.two_number.cards import DECK, base


def _layout(game: Any) -> dict[str, JSON]:
    state = game.to_json()
    return {"hands": state["hands"], "upcard": state["upcard"], "stock": state["stock"]}


def deal(game: Game) -> JSON:
    """A fresh game's first round, written out as the record's `deals`."""
    return [{"dealer": game.to_json()["dealer"], **_layout(game)}]


def vary(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The record with the current round's cards that `seat` has not seen shuffled among
    their places (every round dealt so far written out in `deals`)."""
    game: Any = start(parse_record(record))
    dealt = [{"dealer": game.dealer, **_layout(game)}]
    for raw in record["actions"]:
        before = game.round_no
        game.apply(Action.from_json(raw))
        if game.round_no != before and not game.is_over():
            dealt.append(_layout(game))
    if game.is_over():
        return record
    seen = {base(c) for c in game.hands[seat]} | set(game.pile)
    seen |= {base(c) for known in game.known for c in known if c}
    if game.drawn is not None and (game.drawn_from == "discard" or game.turn == seat):
        seen.add(game.drawn)
    unseen = [c for c in DECK if c not in seen]
    swap = dict(zip(unseen, rng.sample(unseen, len(unseen)), strict=True))
    current = dealt[-1]
    current["hands"] = [[swap.get(c[:4], c[:4]) + c[4:] for c in hand] for hand in current["hands"]]
    current["stock"] = [swap.get(c, c) for c in current["stock"]]
    assert swap.get(current["upcard"], current["upcard"]) == current["upcard"]
    return {**record, "deals": dealt}
