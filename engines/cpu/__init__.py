"""Computer players: the interface every game's CPU implements, simple players, and choosers.

A CPU player decides one prompt from exactly what a human in its seat would know: that seat's
view (its own hand, the public table and the public history the view carries) and the prompt.
It never sees the game state. Its randomness comes from a seeded `random.Random` it is given.
Each game names its own players in its descriptor (`GameSpec.cpu`, `engines/<game>/`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from engines.actions import Action
from engines.errors import JSON, GameError
from engines.game import Game
from engines.players import CpuPlayer, Decision, Hint
from engines.prompts import Prompt
from engines.registry import LEVELS, spec_of
from engines.rng import below, choice, derive_rng

DEFAULT_LEVEL: Final = "normal"
STYLE: Final = "style:"
"""How a game's named style of play is written beside the levels: `style:knock-at-once`."""

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "STYLE",
    "CpuChooser",
    "CpuPlayer",
    "Decision",
    "FirstChoice",
    "RandomChoice",
    "cpu_chooser",
    "cpu_player",
    "decision_rng",
    "hint",
    "random_actions_playout",
    "random_pick",
    "random_playout",
    "style_player",
]


class FirstChoice:
    """For games without decisions (a flip that is the only move): the first choice listed."""

    def decide(self, decision: Decision) -> Action | None:
        """The prompt's first choice (its default when it lists none)."""
        prompt = decision.prompt
        return prompt.choices[0] if prompt.choices else prompt.default


class RandomChoice:
    """A uniformly random answer; the baseline for simulations and property tests.

    Optional prompts are taken half of the time; card picks are random legal picks.
    """

    def decide(self, decision: Decision) -> Action | None:
        """A random choice, a random legal pick, or (optional prompts) sometimes nothing."""
        prompt, rng = decision.prompt, decision.rng
        if not prompt.required and rng.random() < 0.5:
            return None
        options: list[Action | None] = list(prompt.choices)
        if prompt.pick is not None:
            options.append(random_pick(decision))
        options = [a for a in options if a is not None]
        if not options:
            return prompt.default
        return choice(rng, options)


def random_pick(decision: Decision, tries: int = 200) -> Action | None:
    """A random card pick that the game accepts (None when `tries` random picks all failed)."""
    prompt, rng = decision.prompt, decision.rng
    pick = prompt.pick
    if pick is None:
        return None
    usable = [i for i in range(len(pick.cards)) if pick.selectable is None or pick.selectable[i]]
    low, high = pick.min, min(pick.max, len(usable))
    for _ in range(tries):
        # the draws of rng.randint(low, high) and rng.sample(usable, count), a lone card directly
        count = low + below(rng, high + 1 - low)
        chosen = [usable[below(rng, len(usable))]] if count == 1 else rng.sample(usable, count)
        action = pick.action(prompt.seat, chosen)
        if decision.check(action):
            return action
    return None


def _random_answer(
    game: Game, prompt: Prompt, rng: random.Random, fallback: RandomChoice
) -> Action | None:
    """One of the prompt's choices at random, or for a card pick a random pick the game
    accepts (`RandomChoice`); the prompt's default when neither gives one."""
    if prompt.choices and prompt.pick is None:
        return choice(rng, prompt.choices)
    return fallback.decide(Decision({}, prompt, rng, game.accepts)) or prompt.default


RANDOM_PLAYOUT_MOST: Final = 100_000
"""Actions after which a random playout is cut short (random play could wander for long)."""


def random_playout(game: Game, rng: random.Random) -> int:
    """Play `game` to the end by the protocol alone, at random; returns the actions applied.

    Each step: the table's own step when it has one, else one of the required prompts (at
    random) answered by one of its choices at random, or by a random legal pick for a card
    pick (`RandomChoice`); optional prompts are let go. `cardbot bench` times it beside
    `random_actions_playout`: what a random player costs through the prompts the bot shows.
    """
    fallback = RandomChoice()
    for taken in range(RANDOM_PLAYOUT_MOST):
        if game.is_over():
            return taken
        prompt = game.table_step()
        if prompt is None:
            waiting = [p for p in game.seat_decisions().values() if p.required]
            if not waiting:
                raise GameError("stalled", f"{game.id}: nobody can act, yet the game goes on.")
            prompt = waiting[0] if len(waiting) == 1 else choice(rng, waiting)
        action = _random_answer(game, prompt, rng, fallback)
        if action is None:
            raise GameError("stalled", f"{game.id}: a random player found no answer.")
        game.apply(action)
    return RANDOM_PLAYOUT_MOST


def random_actions_playout(game: Game, rng: random.Random) -> int:
    """Play `game` to the end at random through the core protocol; returns the actions applied.

    Each step: a seat of `to_act()` at random, one of its `legal_actions(seat)` at random,
    `apply`: the loop a random player of a game library runs. A seat whose legal actions the
    game does not list (a pick of several cards from a long hand) answers its prompt as in
    `random_playout`; a game waiting on no seat takes its own step.
    """
    fallback = RandomChoice()
    for taken in range(RANDOM_PLAYOUT_MOST):
        if game.is_over():
            return taken
        waiting = game.to_act()
        prompt: Prompt | None = None
        if waiting:
            seat = next(iter(waiting)) if len(waiting) == 1 else choice(rng, sorted(waiting))
            legal = game.legal_actions(seat)
            if legal:
                game.apply(choice(rng, legal))
                continue
            prompt = game.seat_decisions().get(seat)
        prompt = prompt or game.table_step()
        action = None if prompt is None else _random_answer(game, prompt, rng, fallback)
        if action is None:
            raise GameError("stalled", f"{game.id}: a random player found no answer.")
        game.apply(action)
    return RANDOM_PLAYOUT_MOST


def cpu_player(game_id: str, level: str = DEFAULT_LEVEL) -> CpuPlayer:
    """The CPU player of a game at a level (easy / normal / hard)."""
    if level not in LEVELS:
        raise GameError("bad_level", f"CPU level is one of {', '.join(LEVELS)}.", level=level)
    return spec_of(game_id).player(level)


def style_player(game_id: str, name: str) -> CpuPlayer:
    """One of a game's named styles of play (`GameSpec.styles`), to measure the levels against."""
    styles = spec_of(game_id).styles()
    found = styles.get(name)
    if found is None:
        known = ", ".join(f"{STYLE}{n}" for n in styles) or "none"
        raise GameError(
            "bad_style", f"{game_id} has no style '{name}' (its styles: {known}).", style=name
        )
    return found


def decision_rng(seed: int, purpose: str, seat: int) -> random.Random:
    """The RNG a CPU seat decides with: derived from the record's seed only."""
    return derive_rng(seed, f"{purpose}:{seat}")


def hint(game: Game, prompt: Prompt, seed: int, purpose: str) -> Hint:
    """What the game's hint level would do for `prompt`, and why when the player can say.

    It decides from the seat's view only, like any CPU seat.
    """
    player = cpu_player(game.id, type(game).hint_level)
    decision = Decision(
        game.view(prompt.seat), prompt, decision_rng(seed, purpose, prompt.seat), game.accepts
    )
    explain = getattr(player, "explain", None)
    if callable(explain):
        found = explain(decision)
        if isinstance(found, Hint):
            return found
    return Hint(player.decide(decision))


class CpuChooser:
    """A `decide(game, prompt)` for `Game.autoplay` where seat i's `players[i]` decides with
    `rngs[i]`, from `game.view(seat)`, the prompt and a dry-run check.

    A game's `autoplay` may recognise a chooser (`isinstance(decide, CpuChooser)`) and answer
    some seats itself, without building their views: a fast path for `replay --finish` and
    simulations. It may do so only for players of a type it knows (`type(player) is ...`), and
    it must give the very action that player would give from the seat's view, drawing the same
    numbers from `rngs[seat]` in the same order (a test of the game holds the two paths
    together); it leaves every other seat to the chooser.
    """

    __slots__ = ("players", "rngs")

    def __init__(self, players: Sequence[CpuPlayer], rngs: Sequence[random.Random]) -> None:
        if len(players) != len(rngs):
            raise ValueError("A CPU chooser needs one RNG per player.")
        self.players = tuple(players)
        self.rngs = tuple(rngs)

    def __call__(self, game: Game, prompt: Prompt) -> Action | None:
        """The answer of the prompt's seat, from that seat's view only."""
        seat = prompt.seat
        view: dict[str, JSON] = game.view(seat)
        return self.players[seat].decide(Decision(view, prompt, self.rngs[seat], game.accepts))


def cpu_chooser(game_id: str, levels: Sequence[str], seed: int, purpose: str = "cpu") -> CpuChooser:
    """A `decide(game, prompt)` for `Game.autoplay` where seat i plays at `levels[i]`.

    Each seat gets its own RNG derived from the seed, so the same record always gives the same
    CPU moves. The CPU is handed only `game.view(seat)`, the prompt and a dry-run check.
    """
    return CpuChooser(
        [cpu_player(game_id, level) for level in levels],
        [decision_rng(seed, purpose, seat) for seat in range(len(levels))],
    )
