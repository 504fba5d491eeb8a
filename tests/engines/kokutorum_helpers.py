"""Small explicit Kokutorum deals for scenario tests, and the actions of a turn.

A deal is written the way the rule document talks about hands: `w2` is a card showing white 2
upright, `b5` one showing black 5 (which physical card carries it does not matter, and the
helper picks distinct ones), or an exact code when it does matter (`W2B5/W` held, `W2B5` in the
stock or as the upcard). Hands given short are filled up to 8 with cards no test looks at, and
the stock ends with whatever is left, so a deal is always the 30 cards exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.actions import Action
from engines.errors import JSON
from engines.kokutorum import Kokutorum
from engines.two_number.cards import DECK, ends, hold, value

HAND = 8


def _wanted(token: str) -> tuple[str | None, int | None, str | None]:
    """(exact card, value shown, upright) of a token: `W2B5/W`, `W2B5`, `w2` or `b5`."""
    if len(token) == 2:
        colour, n = token[0].upper(), int(token[1])
        return None, n if colour == "W" else n + 8, colour
    if "/" in token:
        return token[:4], value(token), token[5]
    return token, None, None


def _assign(tokens: Sequence[str], free: list[str]) -> list[str] | None:
    """A distinct card for every shorthand token (a bipartite matching by augmenting paths;
    None when there is none)."""
    fits = [[c for c in free if _wanted(t)[1] in ends(c)] for t in tokens]
    holder: dict[str, int] = {}

    def place(i: int, tried: set[str]) -> bool:
        for card in fits[i]:
            if card in tried:
                continue
            tried.add(card)
            if card not in holder or place(holder[card], tried):
                holder[card] = i
                return True
        return False

    if not all(place(i, set()) for i in range(len(tokens))):
        return None
    by_token = {i: card for card, i in holder.items()}
    return [by_token[i] for i in range(len(tokens))]


def layout(
    hands: Sequence[str],
    upcard: str | None = None,
    stock: str = "",
    *,
    dealer: int | None = 0,
) -> dict[str, JSON]:
    """A `deals` entry: `hands` one string of tokens per seat (leftmost first), the upcard, the
    stock's top cards (more cards follow them)."""
    rows = [h.split() for h in hands]
    top = stock.split()
    tokens = [t for row in rows for t in row] + ([upcard] if upcard else []) + top
    exact = {_wanted(t)[0] for t in tokens} - {None}
    free = [c for c in DECK if c not in exact]
    short = [t for t in tokens if _wanted(t)[0] is None]
    picked = _assign(short, free)
    assert picked is not None, f"no distinct cards for {short}"
    chosen = iter(picked)
    left = [c for c in free if c not in picked]

    def card_of(token: str, held: bool) -> str:
        card, shown, upright = _wanted(token)
        if card is None:
            card = next(chosen)
            assert shown is not None and upright is not None
            return hold(card, upright) if held else card
        if held and upright is None:
            return hold(card, "W")
        return f"{card}/{upright}" if held else card

    out_hands = [[card_of(t, True) for t in row] for row in rows]
    out_up = card_of(upcard, False) if upcard else None
    out_stock = [card_of(t, False) for t in top]
    for hand in out_hands:
        while len(hand) < HAND:
            hand.append(hold(left.pop(0), "W"))
    if out_up is None:
        out_up = left.pop(0)
    entry: dict[str, JSON] = {"hands": out_hands, "upcard": out_up, "stock": out_stock + left}
    if dealer is not None:
        entry = {"dealer": dealer, **entry}
    return entry


def game_of(
    hands: Sequence[str],
    upcard: str | None = None,
    stock: str = "",
    *,
    dealer: int = 0,
    target: int = 30,
    seed: int = 0,
    more: Sequence[dict[str, JSON]] = (),
) -> Kokutorum:
    """A game whose first round is this deal (and `more` rounds after it)."""
    deals = [layout(hands, upcard, stock, dealer=dealer), *more]
    return Kokutorum.new(len(hands), {"target": target}, seed, deals)


def draw(seat: int, source: str = "stock") -> Action:
    return Action.make(seat, "draw", **{"from": source})


def insert(seat: int, position: int, upright: str = "W") -> Action:
    return Action.make(seat, "insert", position=position, upright=upright)


def discard(seat: int, position: int) -> Action:
    return Action.make(seat, "discard", position=position)


def knock(seat: int) -> Action:
    return Action.make(seat, "knock")


def rotate(seat: int) -> Action:
    return Action.make(seat, "rotate")


def keep(seat: int) -> Action:
    return Action.make(seat, "keep")


def turn(
    game: Kokutorum, seat: int, at: int, upright: str, away: int, source: str = "stock"
) -> None:
    """One whole turn: draw, insert at `at` with `upright` up, discard `hand[away]`."""
    game.apply(draw(seat, source))
    game.apply(insert(seat, at, upright))
    game.apply(discard(seat, away))


def shown(game: Kokutorum, seat: int) -> list[str]:
    """A seat's hand as `w2 b5 ...` tokens (what counts of each card)."""
    out = []
    for card in game.hands[seat]:
        v = value(card)
        out.append(("w" if v < 8 else "b") + str(v & 7))
    return out


def with_history(
    view: dict[str, JSON], rounds: Sequence[tuple[int | None, list[int], list[int]]]
) -> dict[str, JSON]:
    """The view with earlier rounds: (knocker, points, turns) each, seat 1 dealing first."""
    out = dict(view)
    out["rounds"] = [
        {"dealer": 1, "knocker": k, "kind": "knock", "points": p, "scores": [0, 0], "winners": []}
        for k, p, _ in rounds
    ]
    out["round_turns"] = [t for _, _, t in rounds]
    return out
