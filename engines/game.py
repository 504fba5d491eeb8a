"""The engine protocol every game implements (`Game`), and how a table resolves its prompts."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import ClassVar, TypeVar

from engines.actions import Action, Event
from engines.errors import JSON, GameError, IllegalAction, RecordError
from engines.options import OptionSpec
from engines.prompts import Prompt, automated_prompt

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
    def new(
        cls: type[G],
        seats: int,
        options: Mapping[str, JSON] | None = None,
        seed: int = 0,
        deal: JSON = None,
    ) -> G:
        """Set up a game; a bad seat count, option or deal raises RecordError.

        The seat count is checked here, then the game's own `setup` takes the options and lays
        out the first deal."""
        cls.check_seats(seats)
        game = cls()
        game.seats, game.seed = seats, seed
        game.setup(options, deal)
        return game

    @abstractmethod
    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Take the options (`self.options`, resolved) and lay out the first deal: `deal`, a
        record's layout, else the shuffle of `self.seed` (`self.seats` is set)."""

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
