"""A tiny test-only game with what Kitten Fishing lacks: decisions, sealed simultaneous moves.

Each round every seat picks 1, 2 or 3 at the same time (sealed: a view shows only whether the
others have picked). When all have picked, the highest number picked by exactly one seat scores
a point for that seat. First to 3 points wins; after 6 rounds the most points win (a tie: no
winner). Found by the scan under a test id, only while a tables test runs (tests/tables/conftest.py:
its folder `found/secret_numbers/` joins the packages' paths), so the tables service is exercised
on a general game without the game leaking elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, ClassVar

from engines.actions import Action, Event
from engines.cpu import RandomChoice
from engines.errors import JSON, IllegalAction
from engines.game import Game
from engines.options import resolve_options
from engines.registry import GameSpec, HiddenCards
from tests.games.packages import game_packages

GAME_ID = "test-secret-numbers"
TARGET = 3
ROUNDS = 6


class SecretNumbers(Game):
    """Sealed picks, several seats to act at once, no instant finish."""

    id: ClassVar[str] = GAME_ID
    names: ClassVar[Mapping[str, str]] = {"en": "Secret Numbers", "ja": "秘密の数"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def __init__(self) -> None:
        self.seats = 2
        self.options: dict[str, Any] = {}
        self.seed = 0
        self.round = 0
        self.picks: dict[int, int] = {}
        self.points: list[int] = []
        self.history: list[list[int]] = []

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        seats = self.seats
        self.options = resolve_options(self.option_specs, options)
        self.points = [0] * seats

    def seal_of(self, action: Action) -> str | None:
        # a pick stays hidden until the round's picks are revealed together
        return f"round:{self.round if action.seat in self.picks else self.round - 1}"

    def open_seals(self) -> frozenset[str]:
        return frozenset({f"round:{self.round}"}) if self.picks else frozenset()

    def to_act(self) -> frozenset[int]:
        if self.is_over():
            return frozenset()
        return frozenset(s for s in range(self.seats) if s not in self.picks)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [Action.make(seat, "pick", number=n) for n in (1, 2, 3)]

    def apply(self, action: Action) -> list[Event]:
        if action.type != "pick":
            raise IllegalAction("unknown_action", "Only 'pick' is played here.")
        self.check_turn(action)
        number = action.get("number")
        if number not in (1, 2, 3) or isinstance(number, bool):
            raise IllegalAction("bad_number", "Pick 1, 2 or 3.", number=number)
        self.picks[action.seat] = number
        events = [
            Event("picked", action.seat),
            Event("my_pick", action.seat, {"number": number}, audience=frozenset({action.seat})),
        ]
        if len(self.picks) == self.seats:
            picks = [self.picks[s] for s in range(self.seats)]
            unique = [n for n in picks if picks.count(n) == 1]
            scorer = picks.index(max(unique)) if unique else None
            if scorer is not None:
                self.points[scorer] += 1
            self.history.append(picks)
            self.picks = {}
            self.round += 1
            events.append(Event("revealed", scorer, {"picks": picks}))
        return events

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {
            "game": self.id,
            "viewer": seat,
            "round": self.round,
            "points": list(self.points),
            "history": [list(h) for h in self.history],
            "decided": sorted(self.picks),
            "my_pick": self.picks.get(seat) if seat is not None else None,
            "to_act": sorted(self.to_act()),
        }

    def is_over(self) -> bool:
        return max(self.points, default=0) >= TARGET or self.round >= ROUNDS

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        best = max(self.points)
        leaders = [s for s, p in enumerate(self.points) if p == best]
        return {"winner": leaders[0] if len(leaders) == 1 else None, "points": list(self.points)}

    def summary(self) -> dict[str, Any]:
        return {"round": self.round, "points": list(self.points)}

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "round": self.round,
            "picks": {str(k): v for k, v in sorted(self.picks.items())},
            "points": list(self.points),
            "history": [list(h) for h in self.history],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SecretNumbers:
        game = cls()
        game.seats, game.options, game.seed = data["seats"], dict(data["options"]), data["seed"]
        game.round = data["round"]
        game.picks = {int(k): v for k, v in data["picks"].items()}
        game.points = list(data["points"])
        game.history = [list(h) for h in data["history"]]
        return game


GAME = GameSpec(
    engine=SecretNumbers,
    cpu=lambda level: RandomChoice(),
    hidden=HiddenCards(deal=lambda game: None, vary=lambda record, seat, rng: record),
)
"""Its descriptor; no card is hidden (the picks are sealed moves, not a deal to vary)."""


def installed() -> AbstractContextManager[None]:
    """The game found by every layer's scan until the block ends."""
    return game_packages(Path(__file__).parent / "found" / "secret_numbers", GAME_ID, ["engines"])
