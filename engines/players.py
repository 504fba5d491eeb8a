"""What a computer player implements (`CpuPlayer`), what it is given (`Decision`), and the
Hint it may explain its choice with."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final, Protocol

from engines.actions import Action
from engines.errors import JSON
from engines.prompts import Prompt


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
