"""The actions of RECORDS.md, written down as the contract gives them, to hold every writer to.

Taken from the contract's text, not from the engines: a writer that changes an action's shape
(a friend call's object written as a list of pairs) fails here whatever the engine thinks.
`assert_documented(game, action, seats)` checks one action as JSON: exactly `seat`, `type` and
the type's fields, each of its documented kind.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from engines.actions import Action
from engines.cpu import cpu_chooser, random_pick
from engines.game import acting_prompts, resolve_prompt
from engines.players import Decision
from engines.prompts import automated_prompt
from engines.registry import game_class

Check = Callable[[Any, int], bool]
"""Whether a field's value is of its documented kind (the table's seat count given)."""

_FRENCH = re.compile(r"(?:[AKQJT98765432][SHDC]|BJ|SJ)")
_SUITED = re.compile(r"[AKQJT98765432][SHDC]")


def integer(value: Any) -> bool:
    """A JSON integer (not a boolean, not a fraction)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat(value: Any, seats: int) -> bool:
    """A seat of the table."""
    return integer(value) and 0 <= value < seats


def card(value: Any, seats: int = 0) -> bool:
    """A French card code (jokers included)."""
    return isinstance(value, str) and _FRENCH.fullmatch(value) is not None


def suited(value: Any, seats: int = 0) -> bool:
    """A French card that is not a joker."""
    return isinstance(value, str) and _SUITED.fullmatch(value) is not None


def cards(low: int, high: int | None = None, of: Check = card) -> Check:
    """A list of `low`..`high` cards (`of` says which)."""

    def check(value: Any, seats: int) -> bool:
        return (
            isinstance(value, list)
            and low <= len(value) <= (len(value) if high is None else high)
            and all(of(v, seats) for v in value)
        )

    return check


def one_of(*allowed: str) -> Check:
    """One of a few strings."""
    return lambda value, seats: isinstance(value, str) and value in allowed


def position(high: int) -> Check:
    """A position in a hand, 0..`high`."""
    return lambda value, seats: integer(value) and 0 <= value <= high


def calls(value: Any, seats: int) -> bool:
    """Zhao Pengyou's calls: `[{"card": "AH", "nth": 2}, ...]`, objects of exactly two keys."""
    return (
        isinstance(value, list)
        and len(value) >= 1
        and all(
            isinstance(call, dict)
            and set(call) == {"card", "nth"}
            and suited(call["card"])
            and integer(call["nth"])
            and 1 <= call["nth"] <= 4
            for call in value
        )
    )


RANKS: Final = one_of(*["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"])
UPRIGHT: Final = one_of("W", "B")
EXPOSABLE: Final = one_of("AH", "QS", "JD", "TC")

SHAPES: Final[Mapping[str, Mapping[str, Mapping[str, Check]]]] = {
    "kitten-fishing": {"flip": {}},
    "go-fish": {"ask": {"target": seat, "rank": RANKS}},
    "gong-zhu": {
        "expose": {"cards": cards(0, 4, of=lambda v, s: EXPOSABLE(v, s))},
        "play": {"card": card},
    },
    "zhao-pengyou": {
        "draw": {},
        "declare": {"card": suited},
        "pass": {},
        "bury": {"cards": cards(6, 6)},
        "call": {"calls": calls},
        "play": {"cards": cards(1)},
    },
    "kokutorum": {
        "rotate": {},
        "keep": {},
        "draw": {"from": one_of("stock", "discard")},
        "insert": {"position": position(8), "upright": UPRIGHT},
        "discard": {"position": position(8)},
        "knock": {},
    },
    "shirokuro": {
        "rotate": {},
        "keep": {},
        "draw": {},
        "insert": {"position": position(8), "upright": UPRIGHT},
        "tsumo": {},
        "discard": {"position": position(8)},
        "ron": {"position": position(8), "upright": UPRIGHT},
        "pon": {"position": position(8)},
        "chi": {"position": position(8)},
        "pass": {},
    },
}
"""Per game, per action type: the fields besides `seat` and `type`, and their kinds."""


def documented_problem(game: str, action: Any, seats: int) -> str | None:
    """Why `action` (JSON) is not an action RECORDS.md allows in `game`, or None."""
    if not isinstance(action, dict):
        return f"not an object: {action!r}"
    if not seat(action.get("seat"), seats):
        return f"no seat of the table: {action!r}"
    fields = SHAPES[game].get(action.get("type"))  # type: ignore[call-overload]
    if fields is None:
        return f"no such action type in {game}: {action!r}"
    keys = set(action) - {"seat", "type"}
    if keys != set(fields):
        return f"fields {sorted(keys)} instead of {sorted(fields)}: {action!r}"
    for key, check in fields.items():
        if not check(action[key], seats):
            return f"'{key}' is not of its documented kind: {action!r}"
    return None


def assert_documented(game: str, action: Any, seats: int) -> None:
    """Fail unless `action` is exactly an action of RECORDS.md for `game`."""
    problem = documented_problem(game, action, seats)
    assert problem is None, problem


@dataclass
class Walk:
    """One game played by `walk`: the actions applied, every action offered on the way, and
    the moments worth asking a CPU about (the first prompt of each kind: actions so far, seat)."""

    game: str
    seats: int
    seed: int
    applied: list[Action] = field(default_factory=list)
    offered: list[Action] = field(default_factory=list)
    moments: list[tuple[int, int]] = field(default_factory=list)

    def record(self, upto: int | None = None) -> dict[str, Any]:
        """The record of the walk (its first `upto` actions)."""
        actions = self.applied if upto is None else self.applied[:upto]
        return {
            "game": self.game,
            "seats": self.seats,
            "options": {},
            "seed": self.seed,
            "actions": [a.to_json() for a in actions],
        }


def walk(game: str, games: int = 3, most: int = 2000) -> list[Walk]:
    """Play `games` games of every seat count in turn, reaching every action type soon.

    Each step applies an action of a type not applied yet when a prompt (or the table's step)
    offers one the game accepts, else what easy CPUs choose for the required prompts (optional
    ones are let go, so that a deal can reach its last window).
    """
    cls = game_class(game)
    applied: set[str] = set()
    out = []
    for seed in range(games):
        seats = cls.min_seats + seed % (cls.max_seats - cls.min_seats + 1)
        state = cls.new(seats, {}, seed)
        rng = random.Random(seed)
        chooser = cpu_chooser(game, ["easy"] * seats, seed, "walk")
        played = Walk(game, seats, seed)
        kinds: set[str] = set()
        while not state.is_over() and len(played.applied) < most:
            now: list[Action] = []
            for prompt in acting_prompts(state).values():
                if prompt.kind not in kinds:
                    kinds.add(prompt.kind)
                    played.moments.append((len(played.applied), prompt.seat))
                now += prompt.choices
                if prompt.default is not None:
                    now.append(prompt.default)
                if prompt.pick is not None:
                    seen = state.view(prompt.seat)
                    picked = random_pick(Decision(seen, prompt, rng, state.accepts))
                    now += [picked] if picked is not None else []
            played.offered += now
            fresh = [a for a in now if a.type not in applied and state.accepts(a)]
            if fresh:
                action: Action | None = fresh[0]
            else:
                required = {s: p for s, p in state.seat_decisions().items() if p.required}
                prompt = automated_prompt(required, lambda s: True, (), step=state.table_step())
                assert prompt is not None, f"{game}: nobody can act"
                action = resolve_prompt(state, prompt, chooser)
                assert action is not None
            state.apply(action)
            applied.add(action.type)
            played.applied.append(action)
        out.append(played)
    return out
