"""A seat's current decision (`Prompt`), a pick of cards from the hand (`CardPick`), and
which decision the table resolves by itself next (`automated_prompt`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Final

from engines.actions import Action, freeze, thaw
from engines.errors import JSON, IllegalAction


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
            "fields": {k: thaw(v) for k, v in self.fields},
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
            fields=tuple(sorted((k, freeze(v)) for k, v in dict(data.get("fields", {})).items())),
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
