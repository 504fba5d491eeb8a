"""What a Go Fish seat cannot see (the descriptor's `hidden`): the deal written out, and the
hidden cards moved about.

What a seat sees of the cards: its own hand (every card that ever passed through it: dealt,
drawn, refilled, handed to it or by it), and a drawn card that matched the ask (shown to all).
Of every other card it knows only the rank, and only through the public log: asks, answers,
books, draws that matched. So any card it has not seen may trade suits with another unseen
card of its rank, wherever the two lie (another hand, the stock, a book): every ask, answer,
draw and book comes out the same, and so does everything the seat sees.
"""

from __future__ import annotations

import random

from engines.actions import Action
from engines.cards import SUITS
from engines.errors import JSON
from engines.game import Game
from engines.record import parse_record, start


def deal(game: Game) -> JSON:
    """A fresh game's layout as a record's `deal`: dealt books go back into their hands."""
    state = game.to_json()
    hands = [
        list(hand) + [rank + suit for rank in books for suit in SUITS]
        for hand, books in zip(state["hands"], state["books"], strict=True)
    ]
    return {"hands": hands, "stock": list(state["stock"]), "first": state["first"]}


def seen_by(record: dict[str, JSON], seat: int) -> set[str]:
    """Every card `seat` has seen in the record's game so far."""
    game = start(parse_record(record))
    seen = set(game.to_json()["hands"][seat])
    for raw in record["actions"]:
        game.apply(Action.from_json(raw))
        seen.update(game.to_json()["hands"][seat])
    state = game.to_json()
    for entry in state["log"]:
        if "card" in entry:
            seen.add(entry["card"])
    for sighting in state["private"][seat]:
        seen.update(sighting["cards"])
    return seen


def vary(record: dict[str, JSON], seat: int, rng: random.Random) -> dict[str, JSON]:
    """The record with the suits of the cards `seat` has not seen shuffled within each rank."""
    seen = seen_by(record, seat)
    layout = record["deal"]
    every = [card for hand in layout["hands"] for card in hand] + list(layout["stock"])
    swap: dict[str, str] = {}
    for rank in sorted({card[0] for card in every}):
        unseen = sorted(card for card in every if card[0] == rank and card not in seen)
        for card, other in zip(unseen, rng.sample(unseen, len(unseen)), strict=True):
            swap[card] = other
    hands = [[swap.get(card, card) for card in hand] for hand in layout["hands"]]
    stock = [swap.get(card, card) for card in layout["stock"]]
    return {**record, "deal": {**layout, "hands": hands, "stock": stock}}
