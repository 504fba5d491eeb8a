"""Helpers for the Zhao Pengyou tests: trumps, hands and tricks from codes, and games dealt to
order (a draw order built from the hands wanted)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

from engines.actions import Action, Event
from engines.errors import IllegalAction
from engines.rng import derive_rng
from engines.zhao_pengyou import ZhaoPengyou
from engines.zhao_pengyou.cards import INDEX, RANK_OF, SUIT_OF, TYPES, Trump, card_set, hand_size
from engines.zhao_pengyou.rules import (
    Shape,
    follow_problem,
    lead_shape,
    play_key,
    units_of,
)


def trump(code: str) -> Trump:
    """The trump a declaration of `code` makes (`9C`: clubs and nines)."""
    from engines.zhao_pengyou.cards import trump_of

    t = INDEX[code]
    return trump_of(SUIT_OF[t], RANK_OF[t])


def types(codes: str) -> list[int]:
    """Card types from codes with spaces (`JH JH 7C`)."""
    return [INDEX[c] for c in codes.split()]


def counts(codes: str) -> list[int]:
    """A hand as counts by type."""
    out = [0] * TYPES
    for t in types(codes):
        out[t] += 1
    return out


def shape(lead: str, tr: Trump) -> Shape:
    """The shape of a lead given as codes."""
    return lead_shape(units_of(types(lead)), tr)


def follow(hand: str, lead: str, play: str, tr: Trump) -> str | None:
    """The code of the duty a follow breaks (None when it is legal)."""
    problem = follow_problem(
        counts(hand), units_of(types(play)), len(play.split()), shape(lead, tr), tr
    )
    return None if problem is None else problem.code


def winner(lead: str, follows: Sequence[str], tr: Trump) -> int:
    """Which play wins a trick (0 the lead), ties going to the earlier play."""
    led = shape(lead, tr)
    best = 0
    key = play_key(units_of(types(lead)), led, tr)
    assert key is not None
    for i, play in enumerate(follows, 1):
        found = play_key(units_of(types(play)), led, tr)
        if found is not None and found > key:
            best, key = i, found
    return best


def draw_order(
    seats: int,
    dealer: int,
    hands: dict[int, Iterable[str]],
    kitty: Iterable[str] = (),
    seed: int = 0,
) -> list[str]:
    """A full draw order in which seat s draws `hands[s]` (then other cards) and the kitty is
    `kitty` (then other cards); the rest shuffled with `seed`."""
    wanted = {s: list(cards) for s, cards in hands.items()}
    kitty = list(kitty)
    pool = Counter(card_set(seats))
    for cards in [*wanted.values(), kitty]:
        for c in cards:
            assert pool[c] > 0, f"no {c} left"
            pool[c] -= 1
    rest = list(pool.elements())
    random.Random(seed).shuffle(rest)
    size = hand_size(seats)
    slots: dict[int, list[str]] = {}
    for s in range(seats):
        mine = wanted.get(s, [])
        assert len(mine) <= size
        slots[s] = mine + [rest.pop() for _ in range(size - len(mine))]
    order = []
    for i in range(size * seats):
        seat = (dealer + i) % seats
        order.append(slots[seat][i // seats])
    order += kitty + [rest.pop() for _ in range(6 - len(kitty))]
    assert not rest
    return order


def first_deal(
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    seats: int,
    hands: dict[int, Iterable[str]],
    kitty: Iterable[str] = (),
) -> None:
    """Every game's first deal draws in the order that deals `hands` and `kitty` at a table of
    `seats` seeded `seed` (`draw_order`, from the dealer that seed picks); later deals shuffle
    as usual."""
    dealer = derive_rng(seed, "dealer").randrange(seats)
    order = [INDEX[c] for c in draw_order(seats, dealer, hands, kitty, seed=seed)]
    shuffled = ZhaoPengyou._layout

    def layout(game: ZhaoPengyou) -> list[int]:
        if game.used == 0:
            game.used = 1
            return list(order)
        return shuffled(game)

    monkeypatch.setattr(ZhaoPengyou, "_layout", layout)


def dealt(
    seats: int,
    hands: dict[int, Iterable[str]],
    dealer: int = 0,
    kitty: Iterable[str] = (),
    ranks: Sequence[str] | None = None,
    seed: int = 0,
    more: Sequence[list[str]] = (),
) -> ZhaoPengyou:
    """A match whose first deal is drawn as wanted (later layouts from `more`, then the seed)."""
    deals: list[dict[str, object]] = [
        {"draw": draw_order(seats, dealer, hands, kitty, seed), "dealer": dealer}
    ]
    deals += [{"draw": d} for d in more]
    options = {"ranks": list(ranks)} if ranks is not None else {}
    return ZhaoPengyou.new(seats, options, seed, deals)


def act(game: ZhaoPengyou, seat: int, kind: str, **fields: object) -> list[Event]:
    """Apply one action (fields as in a record)."""
    return game.apply(Action.make(seat, kind, **fields))


def draw_to_end(game: ZhaoPengyou) -> list[Event]:
    """Every draw left (no declaration); the events of them all."""
    events: list[Event] = []
    while game.phase == "draw":
        events += act(game, game.drawer, "draw")
    return events


def play_phase(
    game: ZhaoPengyou,
    declarer: int,
    card: str,
    bury: Sequence[str] | None = None,
    calls: Sequence[tuple[str, int]] | None = None,
) -> ZhaoPengyou:
    """Draw everything, `declarer` declares with `card` at the end, buries (its 6 lowest by
    default) and calls (the first suggestion by default): the first lead is next."""
    while game.phase == "draw":
        act(game, game.drawer, "draw")
    if game.declarer is None:
        act(game, declarer, "declare", card=card)
    hand = game.hand_codes(declarer)
    act(game, declarer, "bury", cards=list(bury) if bury is not None else hand[-6:])
    if calls is None:
        choice = game.prompts()[declarer].choices[0]
        game.apply(choice)
    else:
        act(game, declarer, "call", calls=[{"card": c, "nth": n} for c, n in calls])
    return game


def refused(game: ZhaoPengyou, action: Action) -> IllegalAction:
    """The action is refused, and neither `apply` nor `check` changes anything."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.to_json() == before
    with pytest.raises(IllegalAction):
        game.check(action)
    return info.value
