"""Actions and events as values: what a seat decides and what happened, as a record holds them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from engines.errors import JSON, IllegalAction


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


def freeze(value: JSON) -> JSON:
    """A JSON value made hashable: lists as tuples, objects as `FrozenObject`s."""
    if isinstance(value, list | tuple):
        if type(value) is tuple and all(type(v) is str for v in value):
            return value  # frozen already (a list of codes an action was built from)
        return tuple([freeze(v) for v in value])
    if isinstance(value, dict):
        return FrozenObject(tuple(sorted((str(k), freeze(v)) for k, v in value.items())))
    return value


def thaw(value: JSON) -> JSON:
    """A frozen value back to plain JSON (`freeze` undone)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, FrozenObject):
        return {k: thaw(v) for k, v in value.members}
    return value


MAX_ACTION_DEPTH: Final = 16
"""No field of docs/records.md nests deeper than a few levels."""


def _freeze_checked(value: JSON, depth: int) -> JSON:
    """`freeze` of a record's field value, refusing fractions and deep nesting.

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
        return cls(seat, type, tuple(sorted((k, freeze(v)) for k, v in fields.items())))

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
            out[key] = thaw(value)
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Action:
        """Parse a record's action; a malformed one raises IllegalAction(`malformed_action`)."""
        actions, malformed = read_actions((data,))
        if malformed is not None:
            raise malformed
        return actions[0]


def read_actions(items: Iterable[JSON]) -> tuple[list[Action], IllegalAction | None]:
    """Parse a record's actions in order: those before the first malformed one, and that one's
    IllegalAction(`malformed_action`) (None when every one parses).

    One loop for the whole list, each action checked and frozen in one pass and the common
    shapes (a code, a number, a list of codes) written out: a replay parses every action.
    """
    actions: list[Action] = []
    try:
        for data in items:
            if type(data) is not dict and not isinstance(data, dict):
                raise IllegalAction("malformed_action", "An action must be a JSON object.")
            seat = kind = None
            fields = []
            for key, value in data.items():
                if key == "seat":
                    seat = value
                elif key == "type":
                    kind = value
                else:
                    fields.append((key, value))
            if type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise IllegalAction("malformed_action", "An action needs an integer 'seat'.")
            if type(kind) is not str and not isinstance(kind, str):
                raise IllegalAction("malformed_action", "An action needs a string 'type'.")
            for at, (key, value) in enumerate(fields):
                kind_of = type(value)
                if kind_of is list:
                    frozen = tuple(value)
                    for item in frozen:
                        if type(item) is not str:
                            frozen = _freeze_checked(value, 1)
                            break
                    fields[at] = (key, frozen)
                elif kind_of is not str and kind_of is not int:
                    fields[at] = (key, _freeze_checked(value, 1))
            if fields[1:]:
                fields.sort()  # by name: the names differ, so no value is ever compared
            actions.append(Action(seat, kind, tuple(fields)))
    except IllegalAction as malformed:
        return actions, malformed
    return actions, None


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
