"""Zhao Pengyou's sample moments for `cardbot render zhao-pengyou` and the tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engines.actions import Action
from engines.game import Game
from engines.registry import game_class
from render.games.zhao_pengyou.sizes import GAME
from render.parts import PlayerInfo

# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("CPU 1", is_cpu=True),
    PlayerInfo("花子"),
    PlayerInfo("CPU 2", is_cpu=True),
    PlayerInfo("CPU 3", is_cpu=True),
    PlayerInfo("CPU 4", is_cpu=True),
    PlayerInfo("CPU 5", is_cpu=True),
    PlayerInfo("CPU 6", is_cpu=True),
    PlayerInfo("CPU 7", is_cpu=True),
    PlayerInfo("CPU 8", is_cpu=True),
    PlayerInfo("CPU 9", is_cpu=True),
    PlayerInfo("CPU 10", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render zhao-pengyou` (two people, CPUs)."""


def _until(game: Any, decide: Any, done: Callable[[Any], bool], limit: int = 5000) -> bool:
    for _ in range(limit):
        if done(game):
            return True
        if game.is_over():
            return False
        game.autoplay(decide, limit=1)
    return bool(done(game))


def _multi(game: Any, plays: int) -> bool:
    """A trick with at least `plays` plays to a lead of several cards."""
    return (
        game.phase == "play"
        and len(game.trick) >= plays
        and game.lead is not None
        and game.lead.cards >= 2
    )


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments, played by normal CPUs, at every table size: the
    drawing at 6 seats with a declaration, the last window, the bury, the calls at 7, a
    sequence or set led at 8, a failed throw, a trick at 9 and 11, the last trick taken at 10,
    a friend shown and a trick of sets at 12, the next deal's drawing after the deal's end, and
    the ends of a 6- and an 8-seat match."""
    from engines.cpu import cpu_chooser

    cls = game_class(GAME)

    def table(seats: int, level: str = "normal", salt: int = 0) -> tuple[Any, Any]:
        return cls.new(seats, {}, seed + salt), cpu_chooser(GAME, [level] * seats, seed + salt)

    def copy(game: Any) -> Game:
        snapshot: Game = cls.from_json(game.to_json())
        return snapshot

    six, decide6 = table(6)
    if _until(
        six, decide6, lambda g: g.phase == "draw" and g.declarer is not None and g.drawn >= 60
    ):
        yield "drawing-6", copy(six)
    window, decide_w = table(6, "easy", 1)
    if _until(
        window,
        lambda game, prompt: None if prompt.kind == "declare" else decide_w(game, prompt),
        lambda g: g.phase == "declare",
    ):
        yield "last-window-6", copy(window)
    if _until(six, decide6, lambda g: g.phase == "bury"):
        yield "bury-6", copy(six)
    seven, decide7 = table(7)
    if _until(seven, decide7, lambda g: g.phase == "call"):
        yield "call-7", copy(seven)
    eight, decide8 = table(8)
    if _until(
        eight,
        decide8,
        lambda g: (
            g.phase == "play"
            and len(g.trick) >= 4
            and g.lead is not None
            and g.lead.kind in ("sequence", "set")
        ),
    ):
        yield "sets-8", copy(eight)
    failed = _failed_throw(cls, seed)
    if failed is not None:
        yield "failed-throw-8", failed
    nine, decide9 = table(9)
    if _until(nine, decide9, lambda g: _multi(g, 5)) or _until(
        nine, decide9, lambda g: g.phase == "play" and len(g.trick) >= 5
    ):
        yield "trick-9", copy(nine)
    ten, decide10 = table(10)
    if _until(ten, decide10, lambda g: g.phase == "play" and not g.trick and g.tricks >= 3):
        yield "last-trick-10", copy(ten)
    eleven, decide11 = table(11)
    if _until(eleven, decide11, lambda g: _multi(g, 7)) or _until(
        eleven, decide11, lambda g: g.phase == "play" and len(g.trick) >= 7
    ):
        yield "trick-11", copy(eleven)
    twelve, decide12 = table(12)
    if _until(
        twelve, decide12, lambda g: g.phase == "play" and any(g.joined) and len(g.trick) >= 6
    ):
        yield "friend-12", copy(twelve)
    if _until(twelve, decide12, lambda g: _multi(g, 10)):
        yield "sets-12", copy(twelve)
    if _until(twelve, decide12, lambda g: g.outcomes and g.phase == "draw" and g.drawn >= 12):
        yield "deal-end-12", copy(twelve)
    end6, decide_e6 = table(6, "easy")
    _until(end6, decide_e6, lambda g: g.is_over(), limit=40000)
    if end6.is_over():
        yield "end-6", end6
    _until(eight, decide8, lambda g: g.is_over(), limit=20000)
    yield "end-8", eight


def _failed_throw(cls: type[Game], seed: int) -> Game | None:
    """An 8-seat deal in which a leader throws two plain cards that another hand beats."""
    from engines.cpu import cpu_chooser

    game: Any = cls.new(8, {}, seed + 7)
    decide = cpu_chooser(GAME, ["normal"] * 8, seed + 7)
    for _ in range(5000):
        if game.is_over():
            return None
        if game.phase == "play" and not game.trick and game.tricks >= 1:
            seat = game.turn
            trump = game.trump
            for suit in range(4):
                held = [t for t in trump.members[suit] if game.hands[seat][t] == 1]
                if len(held) >= 3:
                    codes = [_code(t) for t in held[-3:]]
                    action = Action.make(seat, "play", cards=codes)
                    before = len(game.failed)
                    copy: Any = cls.from_json(game.to_json())
                    copy.apply(action)
                    if len(copy.failed) > before:
                        copy.autoplay(decide, limit=3)
                        found: Game = copy
                        return found
        game.autoplay(decide, limit=1)
    return None


def _code(t: int) -> str:
    from engines.zhao_pengyou.cards import CODES

    return CODES[t]


def sample_hand(seed: int) -> tuple[list[str], list[bool], list[int]] | None:
    """The hand of an 8-seat follower facing a multi-card lead: legal cards bright."""
    from engines.cpu import cpu_chooser

    cls = game_class(GAME)
    game: Any = cls.new(8, {}, seed)
    decide = cpu_chooser(GAME, ["normal"] * 8, seed)
    for _ in range(5000):
        if (
            game.phase == "play"
            and game.lead is not None
            and game.lead.cards >= 2
            and len(game.trick) == 1
        ):
            prompt = game.prompt(game.turn)
            pick = prompt.pick
            selectable = list(pick.selectable)
            selected = [i for i, ok in enumerate(selectable) if ok][: pick.min]
            return list(pick.cards), selectable, selected
        game.autoplay(decide, limit=1)
    return None
