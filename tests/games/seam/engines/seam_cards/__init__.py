"""Seam Cards, the seam test's throwaway game: each seat plays out three hidden cards, in turn.

Two or three seats are dealt three cards each from a seeded shuffle (or the record's `deal`);
the seat to play lays one card of its hand face up; when every hand is empty the highest total
of ranks wins (a tie: no winner). Hands are private: a seat's view holds its own hand only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from engines.actions import Action, Event
from engines.cards import RANKS, standard_deck
from engines.cpu import RandomChoice
from engines.errors import JSON, IllegalAction, RecordError
from engines.game import Game
from engines.options import OptionSpec, resolve_options
from engines.players import CpuPlayer, Decision
from engines.registry import GameSpec, HiddenCards
from engines.rng import derive_rng, shuffle

GAME_ID = "seam-cards"
HAND = 3


def value(card: str) -> int:
    """A card's rank as a number (2 to 14)."""
    return RANKS.index(card[0]) + 2


class SeamCards(Game):
    """Three hidden cards each, played out in turn; the highest total wins."""

    id: ClassVar[str] = GAME_ID
    names: ClassVar[Mapping[str, str]] = {"en": "Seam Cards", "ja": "継ぎ目カード"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("first", (0, 1), 0, {"en": "First player", "ja": "最初の人"}),
    )

    def __init__(self) -> None:
        self.seats, self.seed, self.options = 2, 0, {}
        self.hands: list[list[str]] = []
        self.played: list[list[str]] = []
        self.turn = 0
        self.moves = 0

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        seats, seed = self.seats, self.seed
        self.options = resolve_options(self.option_specs, options)
        if deal is None:
            deck = standard_deck()
            shuffle(derive_rng(seed, "deal"), deck)
            hands = [deck[s * HAND : (s + 1) * HAND] for s in range(seats)]
        else:
            hands = [list(h) for h in deal["hands"]]
            cards = [c for h in hands for c in h]
            if len(hands) != seats or any(len(h) != HAND for h in hands):
                raise RecordError("bad_deal", f"Deal {HAND} cards to each of {seats} seats.")
            if len(set(cards)) != len(cards) or not set(cards) <= set(standard_deck()):
                raise RecordError("bad_deal", "Deal distinct cards of one deck.")
        self.hands = hands
        self.played = [[] for _ in range(seats)]
        self.turn = int(self.options["first"]) % seats

    def to_act(self) -> frozenset[int]:
        return frozenset() if self.is_over() else frozenset({self.turn})

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [Action.make(seat, "play", card=card) for card in self.hands[seat]]

    def apply(self, action: Action) -> list[Event]:
        if action.type != "play":
            raise IllegalAction("unknown_action", "Only 'play' is played here.")
        self.check_turn(action)
        card = action.get("card")
        if card not in self.hands[action.seat]:
            raise IllegalAction("not_in_hand", "Play a card of your hand.", card=card)
        self.hands[action.seat].remove(card)
        self.played[action.seat].append(card)
        self.turn = (self.turn + 1) % self.seats
        self.moves += 1
        return [Event("played", action.seat, {"card": card})]

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        return {
            "game": self.id,
            "viewer": seat,
            "seats": self.seats,
            "moves": self.moves,
            "turn": self.turn,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "played": [list(p) for p in self.played],
        }

    def is_over(self) -> bool:
        return all(not h for h in self.hands)

    def totals(self) -> list[int]:
        """Each seat's total of the ranks it played."""
        return [sum(value(c) for c in p) for p in self.played]

    def result(self) -> dict[str, JSON] | None:
        if not self.is_over():
            return None
        totals = self.totals()
        best = [s for s, t in enumerate(totals) if t == max(totals)]
        return {"winner": best[0] if len(best) == 1 else None, "totals": totals}

    def scores(self) -> list[float] | None:
        return None if not self.is_over() else [float(t) for t in self.totals()]

    def summary(self) -> dict[str, JSON]:
        return {"moves": self.moves, "totals": self.totals()}

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.id,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "hands": [list(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "turn": self.turn,
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> SeamCards:
        game = cls()
        game.seats, game.seed, game.options = data["seats"], data["seed"], dict(data["options"])
        game.hands = [list(h) for h in data["hands"]]
        game.played = [list(p) for p in data["played"]]
        game.turn, game.moves = data["turn"], data["moves"]
        return game


class Highest:
    """Plays its highest card (the normal and hard levels)."""

    def decide(self, decision: Decision) -> Action | None:
        return max(decision.prompt.choices, key=lambda a: value(a.get("card")))


def player(level: str) -> CpuPlayer:
    """Easy plays at random; normal and hard play their highest card."""
    return RandomChoice() if level == "easy" else Highest()


def deal(game: Game) -> JSON:
    """A fresh game's hands as a record's `deal`."""
    return {"hands": [list(h) for h in game.to_json()["hands"]]}


def vary(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """Swap the other seats' cards not played yet among themselves (`seat` sees none of them)."""
    seats = int(record["seats"])
    hands = [list(h) for h in record["deal"]["hands"]]
    order = {}
    for raw in record["actions"]:
        order.setdefault(raw["seat"], []).append(raw["card"])
    places = [
        (s, i)
        for s in range(seats)
        if s != seat
        for i, c in enumerate(hands[s])
        if c not in order.get(s, [])
    ]
    cards = [hands[s][i] for s, i in places]
    rng.shuffle(cards)
    for (s, i), card in zip(places, cards, strict=True):
        hands[s][i] = card
    return {**record, "deal": {"hands": hands}}


GAME = GameSpec(engine=SeamCards, cpu=player, hidden=HiddenCards(deal, vary))
