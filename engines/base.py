"""The engine protocol every game implements, its actions, events and errors, and the registry."""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

JSON = Any
"""A plain JSON value: dict, list, str, int, float, bool or None."""


# --------------------------------------------------------------------------- errors


class GameError(Exception):
    """Base of every error the engines raise on purpose."""

    def __init__(self, code: str, message: str, **params: JSON) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def to_json(self) -> dict[str, JSON]:
        """The error as the record contract prints it (without the action index)."""
        return {"code": self.code, "message": self.message}


class IllegalAction(GameError):
    """An action the rules refuse; the state is left exactly as it was.

    `code` is stable (tests, records and the bot's translations key on it), `message` is an
    English sentence that tells the player what to do, `params` fill translated templates.
    """


class RecordError(GameError):
    """A malformed record, option or deal: the game cannot even be set up."""


# --------------------------------------------------------------------------- actions and events


def _freeze(value: JSON) -> JSON:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: JSON) -> JSON:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat, as data: `{"seat": s, "type": t, ...fields}` in a record."""

    seat: int
    type: str
    fields: tuple[tuple[str, JSON], ...] = ()

    @classmethod
    def make(cls, seat: int, type: str, **fields: JSON) -> Action:
        """Build an action from keyword fields (lists are frozen into tuples)."""
        return cls(seat, type, tuple(sorted((k, _freeze(v)) for k, v in fields.items())))

    def get(self, name: str, default: JSON = None) -> JSON:
        """The value of one field, or `default` when the action lacks it."""
        for key, value in self.fields:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, JSON]:
        """The action as it stands in a record."""
        out: dict[str, JSON] = {"seat": self.seat, "type": self.type}
        for key, value in self.fields:
            out[key] = _thaw(value)
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Action:
        """Parse a record's action; a malformed one raises IllegalAction(`malformed_action`)."""
        if not isinstance(data, dict):
            raise IllegalAction("malformed_action", "An action must be a JSON object.")
        seat = data.get("seat")
        kind = data.get("type")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalAction("malformed_action", "An action needs an integer 'seat'.")
        if not isinstance(kind, str):
            raise IllegalAction("malformed_action", "An action needs a string 'type'.")
        rest = {k: v for k, v in data.items() if k not in ("seat", "type")}
        return cls.make(seat, kind, **rest)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, returned by `apply` so the bot can narrate it."""

    type: str
    seat: int | None = None
    data: Mapping[str, JSON] = field(default_factory=dict, hash=False, compare=True)

    def to_json(self) -> dict[str, JSON]:
        """The event as plain JSON."""
        return {"type": self.type, "seat": self.seat, **dict(self.data)}


# --------------------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its key, allowed values, default and display names."""

    key: str
    choices: tuple[JSON, ...]
    default: JSON
    names: Mapping[str, str] = field(default_factory=dict, hash=False)
    choice_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict, hash=False)

    def label(self, locale: str) -> str:
        """The option's name in `locale` (English when missing)."""
        return self.names.get(locale) or self.names.get("en") or self.key

    def choice_label(self, value: JSON, locale: str) -> str:
        """The display name of one choice in `locale`."""
        names = self.choice_names.get(str(value), {})
        return names.get(locale) or names.get("en") or str(value)


def resolve_options(
    specs: Sequence[OptionSpec], given: Mapping[str, JSON] | None
) -> dict[str, JSON]:
    """Fill defaults and validate: unknown keys or values not among the choices are errors."""
    given = dict(given or {})
    known = {spec.key: spec for spec in specs}
    for key in given:
        if key not in known:
            raise RecordError("unknown_option", f"Unknown option '{key}'.", option=key)
    out: dict[str, JSON] = {}
    for spec in specs:
        value = given.get(spec.key, spec.default)
        if value not in spec.choices or isinstance(value, bool) != isinstance(spec.default, bool):
            allowed = ", ".join(str(c) for c in spec.choices)
            raise RecordError(
                "bad_option",
                f"Option '{spec.key}' must be one of {allowed}.",
                option=spec.key,
            )
        out[spec.key] = value
    return out


# --------------------------------------------------------------------------- randomness


def derive_rng(seed: int, purpose: str) -> random.Random:
    """A `random.Random` for one purpose, derived from the game seed only (never the clock)."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


# --------------------------------------------------------------------------- the protocol

G = TypeVar("G", bound="Game")


class Game(ABC):
    """One game (a match of one or many hands) as a pure state machine.

    Create with `new(seats, options, seed, deal)`; ask `to_act()` which seats may act now (a
    set: several seats can be entitled at once); `legal_actions(seat)` lists their choices;
    `apply(action)` validates, changes the state and returns events; `view(seat)` is what that
    seat may know (None = the public table). The whole state round-trips through plain JSON.
    """

    id: ClassVar[str]
    names: ClassVar[Mapping[str, str]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    cpu_names: ClassVar[Mapping[str, str]] = {"en": "CPU", "ja": "CPU"}
    """How the game's documents name a computer opponent (Kitten Fishing: the "kitten")."""
    instant_finish: ClassVar[bool] = False
    """True when "see the result" may play every seat to the end at once (no decisions)."""
    multi_hand: ClassVar[bool] = False
    """True for matches of several hands, whose records take `deals` (a list) not `deal`."""
    """True when "see the result" may play every seat to the end at once (no decisions)."""

    seats: int
    options: dict[str, JSON]
    seed: int

    @classmethod
    @abstractmethod
    def new(
        cls: type[G],
        seats: int,
        options: Mapping[str, JSON] | None = None,
        seed: int = 0,
        deal: JSON = None,
    ) -> G:
        """Set up a game; a bad seat count, option or deal raises RecordError."""

    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """The seats entitled to act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it may not act)."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened; an illegal one raises IllegalAction."""

    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """What `seat` may see (its own hand and the public table); None is the public view."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game (the whole match) has ended."""

    @abstractmethod
    def result(self) -> dict[str, JSON] | None:
        """The result in the record contract's shape, or None while the game goes on."""

    @abstractmethod
    def summary(self) -> dict[str, JSON]:
        """The public summary `cardbot replay` prints as `state`."""

    @abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The full state as plain JSON (hidden cards included: for storage, never for players)."""

    @classmethod
    @abstractmethod
    def from_json(cls: type[G], data: Mapping[str, JSON]) -> G:
        """Rebuild a state from `to_json` output."""

    # -- shared helpers -------------------------------------------------------------------

    @classmethod
    def check_seats(cls, seats: int) -> None:
        """Refuse a seat count outside the game's range."""
        if not isinstance(seats, int) or not cls.min_seats <= seats <= cls.max_seats:
            span = (
                str(cls.min_seats)
                if cls.min_seats == cls.max_seats
                else f"{cls.min_seats} to {cls.max_seats}"
            )
            raise RecordError("bad_seats", f"{cls.names['en']} is played by {span} seats.")

    def check_turn(self, action: Action) -> None:
        """Refuse an action from a seat that is not entitled to act now."""
        if self.is_over():
            raise IllegalAction("game_over", "The game is over.")
        if not 0 <= action.seat < self.seats:
            raise IllegalAction("bad_seat", f"There is no seat {action.seat}.", seat=action.seat)
        if action.seat not in self.to_act():
            waiting = ", ".join(str(seat) for seat in sorted(self.to_act()))
            raise IllegalAction(
                "not_your_turn",
                f"It is not seat {action.seat}'s turn; waiting for seat {waiting}.",
                seat=action.seat,
                to_act=sorted(self.to_act()),
            )

    def autoplay(
        self, choose: Callable[[Game, int], Action], limit: int | None = None
    ) -> list[Action]:
        """Let `choose(game, seat)` decide for the seats to act until the game ends.

        Stops after `limit` actions when given; returns the actions taken (for the action log).
        Engines whose seats have no real decisions may override this with a faster loop that
        gives exactly the same game.
        """
        taken: list[Action] = []
        while not self.is_over() and (limit is None or len(taken) < limit):
            seat = min(self.to_act())
            action = choose(self, seat)
            self.apply(action)
            taken.append(action)
        return taken


# --------------------------------------------------------------------------- registry

_REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[G]) -> type[G]:
    """Class decorator: make a game available by its id."""
    _REGISTRY[cls.id] = cls
    return cls


def game_class(game_id: str) -> type[Game]:
    """The game class for an id; an unknown id raises RecordError."""
    _load_builtin_games()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise RecordError("unknown_game", f"Unknown game '{game_id}'.", game=game_id) from None


def games() -> list[type[Game]]:
    """Every registered game, in registration order."""
    _load_builtin_games()
    return list(_REGISTRY.values())


def _load_builtin_games() -> None:
    # Import for the side effect of registration; engines/games.py lists every game module.
    from engines import games as _games  # noqa: F401
