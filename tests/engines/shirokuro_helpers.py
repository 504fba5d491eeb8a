"""Shirokuro-jaku test helpers: deals written as players read hands, and short ways to play.

A hand is written as the values its owner sees, leftmost first: `w3` is a card showing white 3
upright, `b5` one showing black 5 (`W2B5/B` names a held card exactly). `cards_for` finds
distinct cards of the 30 that show those values; what is left goes to the stock's bottom, so a
scenario names only the cards that matter. A stock card may be named by a value too (`w3`: some
card with white 3 on it), or exactly (`W3B1`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.actions import Action, Event
from engines.shirokuro import Shirokuro
from engines.two_number.cards import DECK, ends, value

Token = str


def value_of_token(token: Token) -> int:
    """`w3` -> 3, `b5` -> 13 (the engine's values: black n = n + 8)."""
    colour, n = token[0].lower(), int(token[1])
    return n if colour == "w" else n + 8


def _candidates(token: Token) -> list[str]:
    """Cards (held codes for hands, plain codes for the stock) that fit a token."""
    if "/" in token:
        return [token]
    if len(token) == 4 and token.startswith("W"):
        return [token]
    v = value_of_token(token)
    out = []
    for card in DECK:
        white, black = ends(card)
        if white == v:
            out.append(f"{card}/W")
        elif black == v:
            out.append(f"{card}/B")
    return out


def cards_for(slots: Sequence[Token], taken: Sequence[str] = ()) -> list[str]:
    """Distinct cards for every slot (a bipartite matching over the 30 cards, deck order first).

    Each result is a held code (`W2B5/B`); the caller strips the end for stock slots.
    """
    options = [_candidates(s) for s in slots]
    owner: dict[str, int] = {card: -1 for card in taken}

    def place(i: int, seen: set[str]) -> bool:
        for held in options[i]:
            card = held[:4]
            if card in seen:
                continue
            seen.add(card)
            if card not in owner or (owner[card] >= 0 and place(owner[card], seen)):
                owner[card] = i
                return True
        return False

    for i in range(len(slots)):
        if not place(i, set()):
            raise ValueError(f"no card left for {slots[i]!r} among {list(slots)}")
    chosen = {i: card for card, i in owner.items() if i >= 0}
    out = []
    for i in range(len(slots)):
        card = chosen[i]
        out.append(next(h for h in options[i] if h[:4] == card))
    return out


def layout(
    hands: Sequence[str],
    *,
    dealer: int = 0,
    indicator: str | None = None,
    stock: Sequence[Token] = (),
    bottom: Sequence[Token] = (),
) -> dict[str, Any]:
    """A deal entry: `hands` one string of tokens per seat (the dealer's 8, the others' 7),
    the dora indicator (by default a left-over card showing no dora in any hand), the stock's
    top cards, every card left in deck order, then the stock's `bottom` cards (the last one
    drawn last)."""
    split = [h.split() for h in hands]
    slots = [t for h in split for t in h] + list(stock) + list(bottom)
    fixed = [indicator] if indicator else []
    chosen = cards_for(slots, taken=fixed)
    held_count = len(slots) - len(stock) - len(bottom)
    held = chosen[:held_count]
    top = [c[:4] for c in chosen[held_count : held_count + len(stock)]]
    end = [c[:4] for c in chosen[held_count + len(stock) :]]
    out_hands, at = [], 0
    for h in split:
        out_hands.append(held[at : at + len(h)])
        at += len(h)
    used = {c[:4] for c in chosen} | set(fixed)
    left = [c for c in DECK if c not in used]
    if indicator is None:
        shown = {value(c) for h in out_hands for c in h}
        shown |= {value_of_token(t) for t in [*stock, *bottom] if len(t) == 2}
        indicator = min(left, key=lambda c: (sum(v in shown for v in ends(c)), c))
        left.remove(indicator)
    return {
        "dealer": dealer,
        "hands": out_hands,
        "indicator": indicator,
        "stock": top + left + end,
    }


def new_game(
    hands: Sequence[str],
    *,
    dealer: int = 0,
    indicator: str | None = None,
    stock: Sequence[Token] = (),
    bottom: Sequence[Token] = (),
    rounds: int | None = None,
    more: Sequence[dict[str, Any]] = (),
    seed: int = 0,
) -> Shirokuro:
    """A game whose first round is dealt as `layout` says (later rounds: `more`, then the seed)."""
    options = {} if rounds is None else {"rounds": rounds}
    first = layout(hands, dealer=dealer, indicator=indicator, stock=stock, bottom=bottom)
    return Shirokuro.new(len(hands), options, seed, [first, *more])


def act(game: Shirokuro, seat: int, kind: str, **fields: Any) -> list[Event]:
    """Apply one action."""
    return game.apply(Action.make(seat, kind, **fields))


def draw(game: Shirokuro, seat: int) -> str:
    """The seat draws; the card it drew (its private event)."""
    events = act(game, seat, "draw")
    return str(next(e.data["card"] for e in events if e.type == "drew_card"))


def turn(game: Shirokuro, seat: int, position: int, upright: str, discard: int) -> list[Event]:
    """A whole turn: draw, insert at `position` with `upright` on top, discard `discard`."""
    draw(game, seat)
    act(game, seat, "insert", position=position, upright=upright)
    return act(game, seat, "discard", position=discard)


def pass_all(game: Shirokuro) -> list[Event]:
    """Every seat asked about the last discard passes."""
    events: list[Event] = []
    for seat in sorted(game.to_act()) if game.phase == "claims" else []:
        events += act(game, seat, "pass")
    return events


def hand(game: Shirokuro, seat: int) -> list[int]:
    """The values a seat sees in its hand, leftmost first."""
    return [value(c) for c in game.view(seat)["hand"]]


def tokens(values: Sequence[int]) -> str:
    """Values back as tokens (`w3 b5`), for messages."""
    return " ".join(("w" if v < 8 else "b") + str(v & 7) for v in values)


def kinds(events: Sequence[Event]) -> list[str]:
    """The types of events, in order."""
    return [e.type for e in events]


def last_round(game: Shirokuro) -> dict[str, Any]:
    """The latest finished round as RECORDS.md writes it."""
    return dict(game.rounds()[-1])
