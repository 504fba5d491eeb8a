"""Which cards of a Zhao Pengyou record a seat cannot see (the descriptor's `hidden`).

In the deal in progress a seat has seen the cards it drew (and, once it declared and took it,
the kitty); every other place of the draw order is hidden from it: the cards other seats drew,
the stock still to draw, the kitty. Hidden cards may still have shown themselves since (played,
declared, thrown), and moving one about must keep every action of the record legal. So the
variation swaps two hidden places of the current draw order at a time and keeps a swap only
when the record still replays and the seat's view is exactly the same; earlier deals were
played out and stay as they were. Layouts the seed made are written out as `deals`.
"""

from __future__ import annotations

import random
from typing import Any

from engines.actions import Action
from engines.errors import JSON, IllegalAction
from engines.game import Game
from engines.record import parse_record, start
from engines.rng import derive_rng
from engines.zhao_pengyou.cards import CODES, INDEX, card_set
from engines.zhao_pengyou.game import ZhaoPengyou

SWAPS = 24
"""Swaps tried per variation (each checked by a replay)."""


def deal(game: Game) -> JSON:
    """A fresh game's first deal, written out as the record's `deals`."""
    assert isinstance(game, ZhaoPengyou)
    return [{"draw": [CODES[t] for t in game.stock], "dealer": game.dealer}]


def _replayed(record: dict[str, Any]) -> ZhaoPengyou | None:
    try:
        game = start(parse_record(record))
        for raw in record["actions"]:
            game.apply(Action.from_json(raw))
    except IllegalAction:
        return None
    assert isinstance(game, ZhaoPengyou)
    return game


def _layouts(record: dict[str, Any], game: ZhaoPengyou) -> list[list[str]]:
    """Every draw order the game has laid out so far (the record's, then the seed's)."""
    given = [list(entry["draw"]) for entry in record.get("deals") or []]
    out = []
    for k in range(game.used):
        if k < len(given):
            out.append(given[k])
        else:
            deck = [INDEX[c] for c in card_set(game.seats)]
            derive_rng(record.get("seed", 0), f"deal:{k}").shuffle(deck)
            out.append([CODES[t] for t in deck])
    return out


def vary(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The record with hidden places of the current draw order swapped (never a card the
    seat has seen, never an action made illegal, the seat's view unchanged)."""
    game = _replayed(record)
    if game is None or game.is_over():
        return record
    view = game.view(seat)
    layouts = _layouts(record, game)
    current = layouts[-1]
    seats, size = game.seats, game.hand_size
    kitty_seen = seat == game.declarer and game.phase in ("bury", "call", "play")
    hidden = [
        p
        for p in range(len(current))
        if (p < game.drawn and (game.dealer + p) % seats != seat)
        or (p >= game.drawn and not (kitty_seen and p >= size * seats))
    ]
    if len(hidden) < 2:
        return record
    first = (record.get("deals") or [{}])[0]
    dealer = first.get("dealer", start(parse_record({**record, "actions": []})).dealer)  # type: ignore[attr-defined]
    best = record
    for _ in range(SWAPS):
        a, b = rng.sample(hidden, 2)
        if current[a] == current[b]:
            continue
        trial = list(current)
        trial[a], trial[b] = trial[b], trial[a]
        deals = [{"draw": d} for d in [*layouts[:-1], trial]]
        deals[0]["dealer"] = dealer
        candidate = {**record, "deals": deals}
        replayed = _replayed(candidate)
        if replayed is not None and replayed.view(seat) == view:
            current = trial
            best = candidate
    return best
