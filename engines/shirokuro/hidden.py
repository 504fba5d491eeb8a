"""What a Shirokuro-jaku seat cannot see (the descriptor's `hidden`): the deal written out, and
the cards a seat cannot see moved about.

A seat sees its own hand, every discard, the exposed melds, the indicator, and everything of
the rounds already over (their hands are shown). In the round being played it does not see the
other concealed hands or the stock. Those unseen cards may trade places in the round's layout
(another seat's dealt hand, the stock), as long as the record's actions still play out exactly
as before: every discard and meld the same card, every seat asked about a discard the same.
A trade that breaks that is tried again; when none works, the stock's undrawn cards are
shuffled among themselves, which never changes anything the actions touched.

A trade must also leave the same seats able to act now. Whether a claim window is open after
the last discard depends on the hidden hands, and the seat that draws next waits on it: the
seat's view is the same either way (claims are private), but the moment is not (its draw is,
or is not, the next action a replay accepts), so such a trade is not the same query.
"""

from __future__ import annotations

import random
from typing import Any

from engines.actions import Action
from engines.errors import JSON, IllegalAction
from engines.game import Game, acting_prompts
from engines.record import parse_record, start

TRIES = 30


def deal(game: Game) -> JSON:
    """A fresh game's first round, written out as the record's `deals`."""
    state = game.to_json()
    return [
        {
            "dealer": state["dealer"],
            "hands": state["hands"],
            "indicator": state["indicator"],
            "stock": state["stock"],
        }
    ]


def _layouts(record: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    """The game after the record's actions, and each round's layout as it was dealt."""
    game: Any = start(parse_record(record))

    def layout() -> dict[str, Any]:
        state = game.to_json()
        return {
            "hands": [list(h) for h in state["hands"]],
            "indicator": state["indicator"],
            "stock": list(state["stock"]),
        }

    layouts = [{"dealer": game.dealer, **layout()}]
    for raw in record["actions"]:
        before = game.round_no
        game.apply(Action.from_json(raw))
        if game.round_no != before and not game.is_over():
            layouts.append(layout())
    return game, layouts


def _same_for(variant: dict[str, Any], seat: int, view: JSON, acting: list[int]) -> bool:
    """True when the variant's actions all stand, the seat sees what it saw and the same
    seats may act now."""
    try:
        game = start(parse_record(variant))
        for raw in variant["actions"]:
            game.apply(Action.from_json(raw))
    except IllegalAction:
        return False
    return bool(game.view(seat) == view) and sorted(acting_prompts(game)) == acting


def vary(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The record with the current round's cards that `seat` cannot see moved about."""
    game, layouts = _layouts(record)
    if game.is_over():
        return record
    view = game.view(seat)
    acting = sorted(acting_prompts(game))
    seen = {c[:4] for c in view["hand"]} | {view["indicator"]}
    seen |= {d["card"] for pile in view["discards"] for d in pile}
    seen |= {c[:4] for melds in view["exposed"] for m in melds for c in m["cards"]}
    if view["drawn"]:
        seen.add(view["drawn"])
    current = layouts[-1]
    # every place of the layout that holds a card the seat has not seen: (where, index)
    places: list[tuple[int, int]] = []  # where: a seat's dealt hand, or -1 for the stock
    for s, hand in enumerate(current["hands"]):
        if s != seat:
            places += [(s, i) for i, c in enumerate(hand) if c[:4] not in seen]
    places += [(-1, i) for i, c in enumerate(current["stock"]) if c not in seen]

    def card_at(where: int, i: int) -> str:
        return str(current["hands"][where][i][:4] if where >= 0 else current["stock"][i])

    def with_cards(cards: list[str], where_list: list[tuple[int, int]]) -> dict[str, Any]:
        hands = [list(h) for h in current["hands"]]
        stock = list(current["stock"])
        for (where, i), card in zip(where_list, cards, strict=True):
            if where >= 0:
                hands[where][i] = card + hands[where][i][4:]
            else:
                stock[i] = card
        entry = {**current, "hands": hands, "stock": stock}
        return {**record, "deals": [*layouts[:-1], entry]}

    cards = [card_at(w, i) for w, i in places]
    for _ in range(TRIES):
        shuffled = rng.sample(cards, len(cards))
        variant = with_cards(shuffled, places)
        if shuffled != cards and _same_for(variant, seat, view, acting):
            return variant
    # the undrawn stock alone
    drawn = len(current["stock"]) - len(game.stock)
    undrawn = [(-1, i) for i in range(drawn, len(current["stock"]))]
    rest = [current["stock"][i] for _, i in undrawn]
    return with_cards(rng.sample(rest, len(rest)), undrawn)
