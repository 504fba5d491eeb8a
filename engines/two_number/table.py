"""What a round of Kokutorum or Shirokuro-jaku shares: deals, the rotation, dealers, options.

- `deals` of a record (docs/records.md, "kokutorum and shirokuro: common"): one layout per round,
  `{"dealer": d, "hands": [[held cards] per seat], <face card>, "stock": [cards, top first]}`;
  `dealer` is required in the first entry and, when a later entry gives it, must be the one the
  rotation gives. Hands, face card and stock are exactly the 30 cards. Once the list is used up
  the seed shuffles, with random orientations (`deal` for round 1, `deal:k` for round k).
- Without `deals`, the seed draws the first dealer; the dealer of round k is
  `(first dealer + k - 1) mod seats` (the deal passes to the next seat in play order).
- The rotation (RULINGS): before the round's first turn action every seat may once `rotate`
  (the hand reversed and every card turned) or `keep`; a seat that has not decided by then
  keeps its hand as dealt.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.actions import Action, Event
from engines.errors import JSON, IllegalAction, RecordError
from engines.rng import below, choice, derive_rng, shuffle
from engines.two_number.cards import DECK, UPRIGHTS, hold, is_card, is_held, rotated

ROTATE, KEEP = "rotate", "keep"


@dataclass(frozen=True)
class Layout:
    """One round as dealt: the hands (held cards, leftmost first), the face card, the stock."""

    dealer: int | None
    hands: tuple[tuple[str, ...], ...]
    face: str
    stock: tuple[str, ...]

    def to_json(self, face_key: str) -> dict[str, JSON]:
        """The layout as a record's deal entry."""
        out: dict[str, JSON] = {}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        out["hands"] = [list(h) for h in self.hands]
        out[face_key] = self.face
        out["stock"] = list(self.stock)
        return out


def read_deals(
    deals: JSON,
    seats: int,
    game: str,
    face_key: str,
    hand_sizes: Callable[[int], Sequence[int]],
) -> list[Layout]:
    """The record's `deals`, checked (RecordError `bad_deal` for anything else).

    `hand_sizes(dealer)` gives the number of cards each seat is dealt.
    """
    if deals is None:
        return []
    shape = (
        f'{game} takes "deals": [{{"dealer": d, "hands": [[...], ...], "{face_key}": "W3B1",'
        ' "stock": [...]}, ...].'
    )
    if not isinstance(deals, list) or not deals:
        raise RecordError("bad_deal", shape)
    out: list[Layout] = []
    first: int | None = None
    for n, entry in enumerate(deals, 1):
        if not isinstance(entry, dict) or not {"hands", face_key, "stock"} <= set(entry):
            raise RecordError("bad_deal", f"Deal {n}: {shape}")
        extra = sorted(set(entry) - {"dealer", "hands", face_key, "stock"})
        if extra:
            raise RecordError("bad_deal", f"Deal {n}: unknown key '{str(extra[0])[:40]}'.")
        dealer = entry.get("dealer")
        if n == 1 and "dealer" not in entry:
            raise RecordError("bad_deal", "The first deal needs its 'dealer'.")
        if "dealer" in entry:
            if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < seats:
                raise RecordError("bad_deal", f"Deal {n}: 'dealer' must be a seat 0..{seats - 1}.")
            if first is not None and dealer != (first + n - 1) % seats:
                expected = (first + n - 1) % seats
                raise RecordError(
                    "bad_deal", f"Deal {n}: the dealer of round {n} is seat {expected}."
                )
            if n == 1:
                first = dealer
        assert first is not None
        hands, face, stock = entry["hands"], entry[face_key], entry["stock"]
        sizes = list(hand_sizes((first + n - 1) % seats))
        if (
            not isinstance(hands, list)
            or len(hands) != seats
            or not all(isinstance(h, list) for h in hands)
        ):
            raise RecordError("bad_deal", f"Deal {n}: 'hands' must hold {seats} lists.")
        for seat, hand in enumerate(hands):
            if len(hand) != sizes[seat]:
                raise RecordError(
                    "bad_deal", f"Deal {n}: seat {seat} must be dealt {sizes[seat]} cards."
                )
            for card in hand:
                if not is_held(card):
                    raise RecordError(
                        "bad_deal",
                        f"Deal {n}: {str(card)[:40]!r} is not a held card (like W2B5/W).",
                    )
        if not is_card(face):
            raise RecordError("bad_deal", f"Deal {n}: '{face_key}' must be a card like W3B1.")
        if not isinstance(stock, list) or not all(is_card(c) for c in stock):
            raise RecordError("bad_deal", f"Deal {n}: 'stock' must list cards like W3B1.")
        cards = [c[:4] for h in hands for c in h] + [face] + list(stock)
        if sorted(cards) != sorted(DECK):
            missing = sorted(set(DECK) - set(cards))
            twice = sorted(c for c, k in Counter(cards).items() if k > 1)
            detail = (
                f"missing {' '.join(missing[:6])}" if missing else f"repeated {' '.join(twice[:6])}"
            )
            raise RecordError(
                "bad_deal", f"Deal {n} is not the 30 two-number cards exactly ({detail})."
            )
        out.append(
            Layout(
                dealer if "dealer" in entry else None,
                tuple(tuple(h) for h in hands),
                face,
                tuple(stock),
            )
        )
    return out


def first_dealer(seed: int, seats: int) -> int:
    """The first dealer the seed draws (RULINGS: a seeded draw)."""
    return below(derive_rng(seed, "dealer"), seats)


def shuffled(seed: int, round_no: int) -> list[str]:
    """The 30 cards in the seed's order for round `round_no`, each held with a random end up."""
    rng: random.Random = derive_rng(seed, "deal" if round_no == 1 else f"deal:{round_no}")
    cards = list(DECK)
    shuffle(rng, cards)
    return [hold(card, choice(rng, UPRIGHTS)) for card in cards]


def positive_int_option(options: Mapping[str, JSON] | None, key: str, default: int) -> int:
    """The game's only option: a positive integer (docs/records.md); unknown keys are errors."""
    given = dict(options or {})
    for name in given:
        if name != key:
            shown = str(name) if len(str(name)) <= 40 else str(name)[:40] + "…"
            raise RecordError("unknown_option", f"Unknown option '{shown}'.", option=name)
    value = given.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RecordError("bad_option", f"Option '{key}' must be a positive integer.", option=key)
    return value


# --------------------------------------------------------------------------- actions


def only_fields(action: Action, *allowed: str) -> None:
    """Refuse fields an action of this type does not take, and missing ones."""
    given = {key for key, _ in action.fields}
    extra = sorted(given - set(allowed))
    if extra:
        raise IllegalAction(
            "malformed_action",
            f"A {action.type} takes no '{str(extra[0])[:40]}'.",
            field=extra[0],
        )
    missing = sorted(set(allowed) - given)
    if missing:
        raise IllegalAction(
            "malformed_action", f"A {action.type} needs '{missing[0]}'.", field=missing[0]
        )


def position_of(action: Action, high: int) -> int:
    """The action's `position`, 0..high (IllegalAction otherwise)."""
    p = action.get("position")
    if not isinstance(p, int) or isinstance(p, bool):
        raise IllegalAction("malformed_action", "'position' must be a whole number.")
    if not 0 <= p <= high:
        raise IllegalAction(
            "bad_position", f"'position' must be 0 to {high}.", position=p, high=high
        )
    return p


def upright_of_action(action: Action) -> str:
    """The action's `upright`, W or B."""
    up = action.get("upright")
    if up not in UPRIGHTS:
        raise IllegalAction(
            "bad_upright",
            "'upright' is W (white up) or B (black up).",
            upright=str(up)[:40],
        )
    return str(up)


class Rotation:
    """The one-time rotation of a round: who decided, whether the round's first move came."""

    def __init__(self, seats: int) -> None:
        self.decided = [False] * seats
        self.rotated = [False] * seats
        self.closed = False

    def check(self, action: Action) -> None:
        """Refuse a rotate/keep that is too late or a second one."""
        only_fields(action)
        if self.closed:
            raise IllegalAction(
                "rotation_closed", "Hands are rotated only before the round's first move."
            )
        if self.decided[action.seat]:
            raise IllegalAction("already_decided", "You have decided on the rotation already.")

    def apply(self, action: Action, hands: list[list[str]]) -> list[Event]:
        """Record the decision (rotating the hand); events: public `rotated`, own `kept`."""
        seat = action.seat
        self.decided[seat] = True
        if action.type == ROTATE:
            hands[seat] = rotated(hands[seat])
            self.rotated[seat] = True
            return [Event("rotated", seat)]
        return [Event("kept", seat, audience=frozenset((seat,)))]

    def undecided(self) -> list[int]:
        """Seats that may still rotate or keep."""
        if self.closed:
            return []
        return [s for s, done in enumerate(self.decided) if not done]

    def to_json(self) -> dict[str, JSON]:
        """Plain JSON."""
        return {"decided": list(self.decided), "rotated": list(self.rotated), "closed": self.closed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rotation:
        """Rebuild from `to_json`."""
        r = cls(len(data["decided"]))
        r.decided = [bool(x) for x in data["decided"]]
        r.rotated = [bool(x) for x in data["rotated"]]
        r.closed = bool(data["closed"])
        return r


def rotation_choices(seat: int) -> tuple[Action, Action]:
    """(rotate, keep) for a seat."""
    return Action.make(seat, ROTATE), Action.make(seat, KEEP)


def winners_of(totals: Sequence[int]) -> list[int]:
    """The seats with the highest total (ties share)."""
    top = max(totals)
    return [s for s, t in enumerate(totals) if t == top]
