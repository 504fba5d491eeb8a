"""Which cards of a Gong Zhu record a seat cannot see (the descriptor's `hidden`).

A seat sees its own hand, every card played and the exposed cards. In the hand being played,
the other seats' cards not played yet are hidden, except the ones they exposed. Moving them
about must keep the record legal and the seat's view the same: each seat keeps its number of
cards, the cards it listed in its exposure (even while sealed: the action must stay legal), and
no card of a suit it has shown to be void in (a failure to follow, or an exposed card played in
the first trick of its suit). Earlier hands were played out in full, so they stay as they were.
"""

from __future__ import annotations

import random
from typing import Any

from engines.actions import Action
from engines.errors import JSON
from engines.game import Game
from engines.gong_zhu.cpu import knowledge
from engines.gong_zhu.deck import BIT, INDEX, SUIT_MASK, codes_of, mask_of_codes
from engines.record import parse_record, start


def deal(game: Game) -> JSON:
    """A fresh game's first hand, written out as the record's `deals`."""
    state = game.to_json()
    return [{"hands": state["hands"]}]


def _dealt_hands(record: dict[str, Any]) -> tuple[Any, list[list[int]]]:
    """The game after the record's actions, and the hands as dealt for every hand so far."""
    game: Any = start(parse_record(record))
    dealt = [list(game.hands)]
    for raw in record["actions"]:
        before = game.hand_no
        game.apply(Action.from_json(raw))
        if game.hand_no != before:
            dealt.append(list(game.hands))
    return game, dealt


def vary(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The record with the other seats' unseen cards of the current hand dealt anew."""
    game, dealt = _dealt_hands(record)
    if game.is_over():
        return record
    current = dealt[-1]
    n = game.hand_no
    exposes: dict[int, int] = {}
    start_of_hand = _start_of_current_hand(record, n)
    for raw in record["actions"][start_of_hand:]:
        if raw["type"] == "expose":
            exposes[raw["seat"]] = mask_of_codes(raw["cards"])
    known = knowledge(game.view(seat))
    fixed = dict(exposes)
    if n == 1 and game.phase == "play":  # the first lead showed who holds 2♠
        holder = game.first_leader
        fixed[holder] = fixed.get(holder, 0) | BIT[INDEX["2S"]]
    movable = {s: game.hands[s] & ~fixed.get(s, 0) for s in range(4) if s != seat}
    pool = [c for s in sorted(movable) for c in _cards(movable[s])]
    if not pool:
        return record
    for _ in range(200):
        rng.shuffle(pool)
        new, at, ok = {}, 0, True
        for s in sorted(movable):
            size = movable[s].bit_count()
            mask = 0
            for c in pool[at : at + size]:
                mask |= BIT[c]
            at += size
            if any(known.voids[s] >> suit & 1 and mask & SUIT_MASK[suit] for suit in range(4)):
                ok = False
                break
            new[s] = mask
        if ok:
            break
    else:
        return record
    hands = list(current)
    for s, mask in new.items():
        hands[s] = current[s] & ~movable[s] | mask
    deals = [{"hands": [codes_of(m) for m in d]} for d in dealt[:-1]]
    deals.append({"hands": [codes_of(m) for m in hands]})
    return {**record, "deals": deals}


def _start_of_current_hand(record: dict[str, Any], hand_no: int) -> int:
    """The index of the first action of hand `hand_no` (each hand has 4 exposes + 52 plays)."""
    return (hand_no - 1) * 56


def _cards(mask: int) -> list[int]:
    return sorted(INDEX[c] for c in codes_of(mask))
