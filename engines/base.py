"""The engine protocol every game implements, its actions, events and errors, and the registry."""

from __future__ import annotations

import _random
import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Protocol, TypeVar

from engines.discovery import Catalogue

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

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled whole (a CPU thinking in a worker process hands its errors back pickled):
        # Exception's own pickling would call __init__ with the message alone
        return (_rebuilt_error, (type(self), self.code, self.message, self.params))


def _rebuilt_error(
    cls: type[GameError], code: str, message: str, params: dict[str, JSON]
) -> GameError:
    """A pickled GameError, made again."""
    return cls(code, message, **params)


class IllegalAction(GameError):
    """An action the rules refuse; the state is left exactly as it was.

    `code` is stable (tests, records and the bot's translations key on it), `message` is an
    English sentence that tells the player what to do, `params` fill translated templates.
    """


class RecordError(GameError):
    """A malformed record, option or deal: the game cannot even be set up."""


# --------------------------------------------------------------------------- actions and events


class FrozenObject:
    """A JSON object inside an action's field (a friend call `{"card": "AH", "nth": 2}`), frozen.

    Hashable like the tuples that freeze lists, read like a dict (`call["card"]`, `dict(call)`),
    and thawed back to an object: never mistaken for a list of pairs, which is another shape in
    a record. Its keys are sorted, so two objects with the same members are equal.
    """

    __slots__ = ("members",)

    def __init__(self, members: tuple[tuple[str, JSON], ...]) -> None:
        self.members: Final = members

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FrozenObject):
            return NotImplemented
        return self.members == other.members

    def __hash__(self) -> int:
        return hash((FrozenObject, self.members))

    def __repr__(self) -> str:
        return f"FrozenObject({self.members!r})"

    def __getitem__(self, key: str) -> JSON:
        for name, value in self.members:
            if name == key:
                return value
        raise KeyError(key)

    def __len__(self) -> int:
        return len(self.members)

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __contains__(self, key: object) -> bool:
        return any(name == key for name, _ in self.members)

    def get(self, key: str, default: JSON = None) -> JSON:
        """The member `key`, or `default` when the object lacks it."""
        for name, value in self.members:
            if name == key:
                return value
        return default

    def keys(self) -> list[str]:
        """The members' names, sorted."""
        return [name for name, _ in self.members]

    def items(self) -> tuple[tuple[str, JSON], ...]:
        """(name, frozen value) pairs, sorted by name."""
        return self.members


def _freeze(value: JSON) -> JSON:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return FrozenObject(tuple(sorted((str(k), _freeze(v)) for k, v in value.items())))
    return value


def _thaw(value: JSON) -> JSON:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, FrozenObject):
        return {k: _thaw(v) for k, v in value.members}
    return value


MAX_ACTION_DEPTH: Final = 16
"""No field of docs/records.md nests deeper than a few levels."""


def _freeze_checked(value: JSON, depth: int) -> JSON:
    """`_freeze` of a record's field value, refusing fractions and deep nesting.

    No field of docs/records.md is a fraction: refusing them keeps `1.0` from passing for the seat
    or position `1` in any engine.
    """
    if isinstance(value, list):
        if depth >= MAX_ACTION_DEPTH:
            raise IllegalAction("malformed_action", "The action is nested too deeply.")
        return tuple([_freeze_checked(v, depth + 1) for v in value])
    if isinstance(value, dict):
        if depth >= MAX_ACTION_DEPTH:
            raise IllegalAction("malformed_action", "The action is nested too deeply.")
        members = [(str(k), _freeze_checked(v, depth + 1)) for k, v in value.items()]
        members.sort()
        return FrozenObject(tuple(members))
    if isinstance(value, float):
        raise IllegalAction(
            "malformed_action", "Numbers in an action are whole numbers, not fractions."
        )
    return value


class Action:
    """One decision of one seat, as data: `{"seat": s, "type": t, ...fields}` in a record.

    A value: equal and hashing alike by its seat, type and fields, and never changed once made
    (the attributes are Final). Written out rather than a frozen dataclass, as are `Event`,
    `CardPick` and `Prompt`: the generated `__init__` of a frozen dataclass sets each field
    through `object.__setattr__`, twenty times slower than this one in compiled engines, and
    games make these thousands of times a second.
    """

    __slots__ = ("fields", "seat", "type")

    def __init__(self, seat: int, type: str, fields: tuple[tuple[str, JSON], ...] = ()) -> None:
        self.seat: Final = seat
        self.type: Final = type
        self.fields: Final = fields

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.seat == other.seat and self.type == other.type and self.fields == other.fields

    def __hash__(self) -> int:
        return hash((self.seat, self.type, self.fields))

    def __repr__(self) -> str:
        return f"Action(seat={self.seat!r}, type={self.type!r}, fields={self.fields!r})"

    @classmethod
    def make(cls, seat: int, type: str, /, **fields: JSON) -> Action:
        """Build an action from keyword fields (lists are frozen into tuples).

        `seat` and `type` are positional-only, so any field name (`cls`, `seat`...) is a field.
        """
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
        fields = [
            (key, value if isinstance(value, str) else _freeze_checked(value, 1))
            for key, value in data.items()
            if key != "seat" and key != "type"
        ]
        fields.sort()
        return cls(seat, kind, tuple(fields))


class Event:
    """Something that happened, returned by `apply` so the bot can narrate it.

    `audience` is who may learn of it: None for everyone (the channel narrates it), or the
    seats that saw it (a card drawn in secret is the drawer's alone). A value like
    `Action`: equal by all four, hashing by all but `data`.
    """

    __slots__ = ("audience", "data", "seat", "type")

    def __init__(
        self,
        type: str,
        seat: int | None = None,
        data: Mapping[str, JSON] | None = None,
        audience: frozenset[int] | None = None,
    ) -> None:
        self.type: Final = type
        self.seat: Final = seat
        self.data: Final[Mapping[str, JSON]] = {} if data is None else data
        self.audience: Final = audience

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.type == other.type
            and self.seat == other.seat
            and self.data == other.data
            and self.audience == other.audience
        )

    def __hash__(self) -> int:
        return hash((self.type, self.seat, self.audience))

    def __repr__(self) -> str:
        return (
            f"Event(type={self.type!r}, seat={self.seat!r}, data={self.data!r},"
            f" audience={self.audience!r})"
        )

    @property
    def public(self) -> bool:
        """True when every seat and the channel may learn of it."""
        return self.audience is None

    def seen_by(self, seat: int | None) -> bool:
        """True when `seat` (None: the channel) may learn of it."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, JSON]:
        """The event as plain JSON (`audience` only when it is private)."""
        out: dict[str, JSON] = {"type": self.type, "seat": self.seat, **dict(self.data)}
        if self.audience is not None:
            out["audience"] = sorted(self.audience)
        return out


def event_seen_by(event: Mapping[str, JSON], seat: int | None) -> bool:
    """`Event.seen_by` for an event as JSON (what the tables service hands a transport)."""
    audience = event.get("audience")
    return audience is None or (seat is not None and seat in audience)


# --------------------------------------------------------------------------- prompts


class CardPick:
    """A decision made by choosing cards from the seat's own hand, judged as a whole.

    The action it builds is `{"type": type, field: [the chosen cards, in hand order], **fields}`,
    or with `single` (exactly one card, as `{"type": "play", "card": "7H"}`) the
    card's code itself in `field`.
    Nobody lists the combinations (burying 6 of 41 cards is millions of actions): a proposed
    pick is judged by `Game.check`. `groups` splits the hand for a phone (suits, trumps...) as
    (group id, positions); `selectable[i]` is False for a card that can be part of no legal pick
    now (drawn dimmed), when the game knows it cheaply.
    """

    __slots__ = ("cards", "field", "fields", "groups", "max", "min", "selectable", "single", "type")

    def __init__(
        self,
        type: str,
        cards: tuple[str, ...],
        min: int,
        max: int,
        field: str = "cards",
        fields: tuple[tuple[str, JSON], ...] = (),
        single: bool = False,
        groups: tuple[tuple[str, tuple[int, ...]], ...] = (),
        selectable: tuple[bool, ...] | None = None,
    ) -> None:
        self.type: Final = type
        self.cards: Final = cards
        self.min: Final = min
        self.max: Final = max
        self.field: Final = field
        self.fields: Final = fields
        self.single: Final = single
        self.groups: Final = groups
        self.selectable: Final = selectable

    def _key(self) -> tuple[object, ...]:
        return (
            self.type,
            self.cards,
            self.min,
            self.max,
            self.field,
            self.fields,
            self.single,
            self.groups,
            self.selectable,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardPick):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        names = ("type", "cards", "min", "max", "field", "fields", "single", "groups", "selectable")
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._key(), strict=True))
        return f"CardPick({shown})"

    @property
    def exact(self) -> int | None:
        """The number of cards to pick when it is fixed (bury 6), else None."""
        return self.min if self.min == self.max else None

    def action(self, seat: int, positions: Iterable[int]) -> Action:
        """The action that plays the cards at `positions` (0-based, in hand order)."""
        chosen = sorted(set(positions))
        if any(not 0 <= p < len(self.cards) for p in chosen):
            raise IllegalAction("bad_position", "Pick cards from your hand.", count=len(chosen))
        cards = [self.cards[p] for p in chosen]
        if self.single and len(cards) == 1 and not self.fields:
            # what `Action.make` builds for one card and no other field, made directly
            return Action(seat, self.type, ((self.field, cards[0]),))
        value: JSON = cards[0] if self.single and len(cards) == 1 else cards
        return Action.make(seat, self.type, **{self.field: value}, **dict(self.fields))

    def chosen(self, action: Action) -> list[str]:
        """The cards an action of this pick plays (an empty list when it is not one)."""
        value = action.get(self.field)
        if isinstance(value, str):
            return [value]
        return [v for v in value if isinstance(v, str)] if isinstance(value, tuple) else []

    def positions(self, cards: Sequence[str]) -> list[int]:
        """Hand positions of `cards` (copies taken left to right); IllegalAction when not held."""
        taken: set[int] = set()
        out = []
        for card in cards:
            at = next(
                (i for i, held in enumerate(self.cards) if held == card and i not in taken), None
            )
            if at is None:
                raise IllegalAction("card_not_held", f"You do not hold {card}.", card=card)
            taken.add(at)
            out.append(at)
        return sorted(out)

    def to_json(self) -> dict[str, JSON]:
        """The pick as plain JSON."""
        return {
            "type": self.type,
            "cards": list(self.cards),
            "min": self.min,
            "max": self.max,
            "field": self.field,
            "fields": {k: _thaw(v) for k, v in self.fields},
            "single": self.single,
            "groups": [[gid, list(pos)] for gid, pos in self.groups],
            "selectable": None if self.selectable is None else list(self.selectable),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> CardPick:
        """Rebuild from `to_json` output."""
        return cls(
            type=data["type"],
            cards=tuple(data["cards"]),
            min=data["min"],
            max=data["max"],
            field=data.get("field", "cards"),
            fields=tuple(sorted((k, _freeze(v)) for k, v in dict(data.get("fields", {})).items())),
            groups=tuple((g, tuple(p)) for g, p in data.get("groups", [])),
            single=bool(data.get("single", False)),
            selectable=None if data.get("selectable") is None else tuple(data["selectable"]),
        )


class Prompt:
    """One seat's current decision, as the table presents and times it.

    - `required`: the game waits for it (these seats are `to_act()`); optional prompts (declare
      trump during the draw, knock in the knock window) may be taken or let go.
    - `public`: others may know this seat is being asked; a private prompt (a claim after a
      discard) is shown only to its seat, and nobody else learns it exists.
    - `default`: the action applied when its time runs out (pass, keep, no declaration), before
      the table's expiry policy comes into play.
    - `mechanical`: a step with no real choice (a draw) that the table applies at its own pace.
    - `window`: seconds to respond (a claim window); None means the table's turn timer.
    - `pace`: for a mechanical step, the seconds a live table waits before taking it (a deal
      that should take about a minute); None leaves it to the table.
    - the choices: `choices` (a short list of actions) and/or `pick` (cards from the hand).
    """

    __slots__ = (
        "choices",
        "default",
        "kind",
        "mechanical",
        "pace",
        "pick",
        "public",
        "required",
        "seat",
        "window",
    )

    def __init__(
        self,
        seat: int,
        kind: str,
        required: bool = True,
        public: bool = True,
        choices: tuple[Action, ...] = (),
        pick: CardPick | None = None,
        default: Action | None = None,
        mechanical: bool = False,
        window: float | None = None,
        pace: float | None = None,
    ) -> None:
        self.seat: Final = seat
        self.kind: Final = kind
        self.required: Final = required
        self.public: Final = public
        self.choices: Final = choices
        self.pick: Final = pick
        self.default: Final = default
        self.mechanical: Final = mechanical
        self.window: Final = window
        self.pace: Final = pace

    def _key(self) -> tuple[object, ...]:
        return (
            self.seat,
            self.kind,
            self.required,
            self.public,
            self.choices,
            self.pick,
            self.default,
            self.mechanical,
            self.window,
            self.pace,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Prompt):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        names: tuple[str, ...] = ("seat", "kind", "required", "public", "choices", "pick")
        names += ("default", "mechanical", "window", "pace")
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._key(), strict=True))
        return f"Prompt({shown})"

    def signature(self) -> str:
        """A short stable digest: two prompts that ask the same thing have the same signature."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:12]

    def allows(self, action: Action) -> bool:
        """True when `action` is one of the listed choices, or the kind of action the pick builds."""
        if action.seat != self.seat:
            return False
        if action in self.choices or action == self.default:
            return True
        return self.pick is not None and action.type == self.pick.type

    def to_json(self) -> dict[str, JSON]:
        """The prompt as plain JSON (what a transport or an outside CPU receives)."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "required": self.required,
            "public": self.public,
            "choices": [a.to_json() for a in self.choices],
            "pick": None if self.pick is None else self.pick.to_json(),
            "default": None if self.default is None else self.default.to_json(),
            "mechanical": self.mechanical,
            "window": self.window,
            "pace": self.pace,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Prompt:
        """Rebuild from `to_json` output."""
        return cls(
            seat=data["seat"],
            kind=data["kind"],
            required=data["required"],
            public=data["public"],
            choices=tuple(Action.from_json(a) for a in data["choices"]),
            pick=None if data.get("pick") is None else CardPick.from_json(data["pick"]),
            default=None if data.get("default") is None else Action.from_json(data["default"]),
            mechanical=data.get("mechanical", False),
            window=data.get("window"),
            pace=data.get("pace"),
        )


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
            shown = key if len(str(key)) <= 40 else str(key)[:40] + "…"
            raise RecordError("unknown_option", f"Unknown option '{shown}'.", option=key)
    out: dict[str, JSON] = {}
    for spec in specs:
        value = given.get(spec.key, spec.default)
        # compare types too: in Python `1.0 == 1` and `True == 1`, but JSON tells them apart
        if not any(type(value) is type(c) and value == c for c in spec.choices):
            allowed = ", ".join(str(c) for c in spec.choices)
            raise RecordError(
                "bad_option",
                f"Option '{spec.key}' must be one of {allowed}.",
                option=spec.key,
            )
        out[spec.key] = value
    return out


# --------------------------------------------------------------------------- randomness


_SEED: Final = _random.Random.seed
"""The generator's C seeding, called directly: `random.Random(n)` is this after two
interpreted frames (`__init__`, `seed`), a quarter of a derivation's time."""


def derive_rng(seed: int, purpose: str) -> random.Random:
    """A `random.Random` for one purpose, derived from the game seed only (never the clock).

    Made as `random.Random(n)` makes it (the same state: a test holds them together).
    """
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    rng = random.Random.__new__(random.Random)
    _SEED(rng, int.from_bytes(digest[:16], "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]  # what Random.__init__ sets
    return rng


# --------------------------------------------------------------------------- the protocol

G = TypeVar("G", bound="Game")


class Game(ABC):
    """One game (a match of one or many hands) as a pure state machine.

    Create with `new(seats, options, seed, deal)`; `prompts()` says which seat is asked what
    now (required or optional, public or private, a short list or a card pick); `to_act()` is
    the seats the game waits for (the required prompts); `check(action)` judges one proposed
    action without changing anything; `apply(action)` validates, changes the state and returns
    events; `view(seat)` is what that seat may know (None = the public table). The whole state
    round-trips through plain JSON.
    """

    id: ClassVar[str]
    names: ClassVar[Mapping[str, str]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    cpu_names: ClassVar[Mapping[str, str]] = {"en": "CPU", "ja": "CPU"}
    """How the game's documents name a computer opponent (a game may call it a "kitten")."""
    hint_level: ClassVar[str] = "normal"
    """The CPU level whose choice a player's Hint shows."""
    instant_finish: ClassVar[bool] = False
    """True when "see the result" may play every seat to the end at once (no decisions)."""
    multi_hand: ClassVar[bool] = False
    """True for matches of several hands, whose records take `deals` (a list) not `deal`."""

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

    def scores(self) -> list[float] | None:
        """Once over: a number per seat, higher is better (books, points), for statistics.
        A game of several parts (`part`) gives its average per finished part, before the end too
        (`cardbot simulate --hands`).

        None when the game has no score beyond who won (`cardbot simulate` then compares win
        shares only).
        """
        return None

    def part(self) -> int | None:
        """Which hand (deal, round) of a match is being played, counted from 0; None for a
        game of one hand.

        A CPU seat's level changed during a match decides from the next part on, so that a
        hand is played through at one level.
        """
        return None

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

    # -- decisions ------------------------------------------------------------------------

    def prompts(self) -> dict[int, Prompt]:
        """Each seat's current decision, by seat (seats not being asked are absent).

        The default fits games whose every decision is a short public list the game waits for:
        one required prompt per seat of `to_act()`, its choices `legal_actions(seat)`. Games
        with optional, private, timed, mechanical or card-pick decisions override it.
        """
        out: dict[int, Prompt] = {}
        for seat in sorted(self.to_act()):
            legal = self.legal_actions(seat)
            kind = legal[0].type if legal else "act"
            out[seat] = Prompt(seat, kind, choices=tuple(legal))
        return out

    def prompt(self, seat: int) -> Prompt | None:
        """The decision `seat` faces now, if any (never the table's own step)."""
        return self.seat_decisions().get(seat)

    def seat_decisions(self) -> dict[int, Prompt]:
        """The seats' own decisions: `prompts()` without the table's mechanical step."""
        return {seat: p for seat, p in self.prompts().items() if not p.mechanical}

    def table_step(self) -> Prompt | None:
        """The table's own next step (a draw), taken at the table's pace, or None.

        It is no seat's decision: the seat it draws for may meanwhile have a prompt of its own
        (an optional declaration during the deal), so a game with both overrides this and
        keeps the step out of `prompts()`. By default: a mechanical prompt of `prompts()`.
        """
        return next((p for p in self.prompts().values() if p.mechanical), None)

    def check(self, action: Action) -> None:
        """Judge one proposed action without changing the game: IllegalAction if refused.

        The default applies it to a copy; games override it with a cheaper check.
        """
        type(self).from_json(self.to_json()).apply(action)

    def accepts(self, action: Action) -> bool:
        """True when `check(action)` passes (for CPU players and the bot's Play button)."""
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def seal_of(self, action: Action) -> str | None:
        """Called right after `apply(action)`: the seal that keeps it hidden, if it is sealed.

        A sealed action (an exposure before all four are in, a buried kitty, a claim not yet
        resolved) stays out of records, logs and public views while its seal is in
        `open_seals()`; the game reveals it by closing the seal.
        """
        return None

    def open_seals(self) -> frozenset[str]:
        """Seals of actions that the game has not revealed yet."""
        return frozenset()

    @classmethod
    def next_match_options(cls, options: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        """The options of the next match of a series ("rematch"); by default the same ones."""
        return dict(options)

    @classmethod
    def logged_action(cls, data: Mapping[str, JSON]) -> Mapping[str, JSON]:
        """An action as an older version logged it, in the shape docs/records.md gives it now.

        The bot keeps every table's log for good: a record written from an old log must still be
        exact. By default an action is logged as it stands.
        """
        return data

    def autoplay(
        self, decide: Decide, limit: int | None = None, parts: int | None = None
    ) -> list[Action]:
        """Let `decide(game, prompt)` take every decision until the game ends (or `limit`
        actions are taken, or `parts` parts are finished: `part()` reaches it).

        Optional prompts are offered once each (None declines them), mechanical steps are
        applied as they come, required prompts must be answered (None takes the prompt's
        default). Returns the actions taken (for the action log). Engines whose seats have no
        real decisions may override this with a faster loop that gives exactly the same game.
        """
        taken: list[Action] = []
        declined: set[tuple[int, str]] = set()
        while (
            not self.is_over()
            and (limit is None or len(taken) < limit)
            and (parts is None or (self.part() or 0) < parts)
        ):
            prompt = automated_prompt(
                self.seat_decisions(), lambda seat: True, declined, step=self.table_step()
            )
            if prompt is None:
                raise GameError("stalled", f"{self.id}: nobody can act, yet the game goes on.")
            action = resolve_prompt(self, prompt, decide)
            if action is None:
                declined.add((prompt.seat, prompt.signature()))
                continue
            self.apply(action)
            taken.append(action)
        return taken


Decide = Callable[[Game, Prompt], "Action | None"]
"""A decision maker for `autoplay`: the action for a prompt, or None to decline an optional one."""


class CpuPlayer(Protocol):
    """A computer player: decides one prompt from its seat's view only.

    A player may also offer `explain(decision) -> Hint`: the same choice with a reason, for
    the Hint a human asks for (`engines.cpu.hint` uses it when it is there).
    """

    def decide(self, decision: Decision) -> Action | None:
        """An action the prompt allows, or None to decline an optional prompt."""
        ...


class Hint:
    """A recommended answer to a prompt, and why (a reason code the bot puts into words)."""

    __slots__ = ("action", "params", "reason")

    def __init__(
        self,
        action: Action | None,
        reason: str | None = None,
        params: Mapping[str, JSON] | None = None,
    ) -> None:
        self.action: Final = action
        self.reason: Final = reason
        self.params: Final[Mapping[str, JSON]] = {} if params is None else params

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hint):
            return NotImplemented
        return (self.action, self.reason, self.params) == (other.action, other.reason, other.params)

    def __repr__(self) -> str:
        return f"Hint(action={self.action!r}, reason={self.reason!r}, params={self.params!r})"


class Decision:
    """What a CPU player is given: its seat's view, the prompt, its RNG, a dry-run check.

    `check(action)` says whether the game would accept an action of this seat; it judges only
    by rules the seat itself can apply (its own hand and the public table), so it reveals nothing.
    (Made once per CPU decision: a plain class, as `Action` says why.)
    """

    __slots__ = ("check", "prompt", "rng", "view")

    def __init__(
        self,
        view: Mapping[str, JSON],
        prompt: Prompt,
        rng: random.Random,
        check: Callable[[Action], bool],
    ) -> None:
        self.view: Final = view
        self.prompt: Final = prompt
        self.rng: Final = rng
        self.check: Final = check

    def __repr__(self) -> str:
        return f"Decision(prompt={self.prompt!r})"


def automated_prompt(
    prompts: Mapping[int, Prompt],
    automated: Callable[[int], bool],
    declined: Collection[tuple[int, str]] = (),
    *,
    step: Prompt | None = None,
) -> Prompt | None:
    """The next prompt the table resolves by itself, or None when it waits (on a human, or time).

    `prompts` are the seats' decisions, `step` the table's own step (`Game.table_step`) when
    it may be taken now. In order: an optional prompt of an automated seat not yet declined (it
    may interrupt), the table's step, a required prompt of an automated seat (lowest seat).
    """
    ordered = [prompts[seat] for seat in sorted(prompts) if not prompts[seat].mechanical]
    for prompt in ordered:
        if (
            not prompt.required
            and automated(prompt.seat)
            and (prompt.seat, prompt.signature()) not in declined
        ):
            return prompt
    if step is not None:
        return step
    for prompt in ordered:
        if prompt.required and automated(prompt.seat):
            return prompt
    return None


def acting_prompts(game: Game) -> dict[int, Prompt]:
    """Every seat that may act now with what it may do: its decision, or the table's step
    taken for it when it has none (what `cardbot cpu` answers for)."""
    out = game.seat_decisions()
    steps = [p for p in game.prompts().values() if p.mechanical]
    step = game.table_step()
    for prompt in [*steps, *([step] if step is not None else [])]:
        out.setdefault(prompt.seat, prompt)
    return dict(sorted(out.items()))


def resolve_prompt(game: Game, prompt: Prompt, decide: Decide) -> Action | None:
    """The action the table applies for `prompt`: its mechanical step, or what `decide` says.

    A required prompt that `decide` declines takes its default; without one that is an error
    (a CPU must answer what the game waits for).
    """
    if prompt.mechanical:
        return prompt.choices[0] if prompt.choices else prompt.default
    action = decide(game, prompt)
    if action is None and prompt.required:
        if prompt.default is None:
            raise GameError("cpu_declined", f"No answer to a required '{prompt.kind}' prompt.")
        return prompt.default
    return action


# --------------------------------------------------------------------------- registry

LEVELS: Final = ("easy", "normal", "hard")
"""The CPU levels every game offers (a table's CPU seats and Auto choose among them)."""


@dataclass(frozen=True)
class HiddenCards:
    """What a seat cannot see, for the check that hidden cards never count (docs/records.md):
    `deal(fresh game)` writes the game's layout out as a record's `deal` (or `deals`);
    `vary(record, seat, rng)` returns the record with some cards `seat` cannot see moved
    about (the same record when nothing hidden is left to move)."""

    deal: Callable[[Game], JSON]
    vary: Callable[[dict[str, JSON], int, random.Random], dict[str, JSON]]


@dataclass(frozen=True)
class GameSpec:
    """One game's descriptor, `GAME` in its package `engines/<game>`: found by scanning.

    - `engine`: the rules (a `Game`).
    - `cpu(level)`: its computer player at each of `LEVELS`.
    - `styles()`: named styles of play people use, to measure the levels against (`cardbot
      simulate --levels hard,style:NAME`); never offered at a table.
    - `hidden`: how its hidden cards can be moved about without a seat noticing.
    """

    engine: type[Game]
    cpu: Callable[[str], CpuPlayer]
    hidden: HiddenCards
    styles: Callable[[], Mapping[str, CpuPlayer]] = field(default=lambda: {})

    @property
    def id(self) -> str:
        """The game id (the engine's)."""
        return self.engine.id

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """The options a table may set (the engine's)."""
        return self.engine.option_specs

    def player(self, level: str) -> CpuPlayer:
        """The computer player at `level`; an unknown level raises GameError."""
        if level not in LEVELS:
            raise GameError("bad_level", f"CPU level is one of {', '.join(LEVELS)}.", level=level)
        return self.cpu(level)


_SPECS: Final = Catalogue("engines", "GAME", GameSpec)


def game_spec(game_id: str) -> GameSpec | None:
    """The descriptor of a game found under `engines/`, or None."""
    return _SPECS.find(game_id)


def spec_of(game_id: str) -> GameSpec:
    """The descriptor of a game; an unknown id raises RecordError."""
    spec = _SPECS.find(game_id)
    if spec is None:
        raise RecordError("unknown_game", f"Unknown game '{game_id}'.", game=game_id)
    return spec


def game_specs() -> list[GameSpec]:
    """Every descriptor found under `engines/`, in the order of their package names."""
    return list(_SPECS.all().values())


def game_class(game_id: str) -> type[Game]:
    """The game class for an id; an unknown id raises RecordError."""
    return spec_of(game_id).engine


def games() -> list[type[Game]]:
    """Every game found under `engines/`, in the order of their package names."""
    return [spec.engine for spec in game_specs()]
