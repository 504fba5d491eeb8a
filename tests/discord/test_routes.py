"""Every component the bot draws reaches a flow: each custom_id kind has a route in the router.

A button whose action the router does not know is answered "Unknown control" whatever the
player does, so a control added without its route is a dead button. The first test takes every
action ids.py names; the second walks each game's controls as its players would meet them
(lobby, table message, each seat's prompt with and without a selection being built, the result)
and checks every custom_id they carry.
"""

from __future__ import annotations

import random
import re
import types
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.discord import ids, present
from bot.discord.controls import PickState, SeatControls, seat_view, two_part
from bot.discord.flows.router import ComponentRouter
from bot.tables.results import SeatInfo, SeatPromptInfo, TableInfo
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import games

NOW = datetime(2026, 1, 5, tzinfo=UTC)
STEPS = 300
"""Moves played per game while its controls are collected."""


class Flows:
    """Stands for the lobby's and the seat's flows: the router only names their methods."""

    def __getattr__(self, name: str) -> Any:
        return name


def router() -> ComponentRouter:
    return ComponentRouter(types.SimpleNamespace(), Flows(), Flows())  # type: ignore[arg-type]


def table(game: Game, status: str, version: int, prompts: dict[int, Any]) -> TableInfo:
    seats = game.seats
    return TableInfo(
        id=7, guild_id=1, channel_id=2, game=game.id, options=dict(game.options), status=status,
        version=version,
        seats=tuple(
            SeatInfo(s, 100 + s if s == 0 else None, None if s == 0 else "easy", f"P{s}")
            for s in range(seats)
        ),
        seat_count=seats, to_act=tuple(sorted(game.to_act())), action_count=version,
        created_by=100, created_at=NOW, updated_at=NOW, deadline=None, turn_timer_seconds=3600,
        expiry_policy="cpu_turn", locale=None, series_id=None, series_match=1,
        result=game.result() if status == "finished" else None,
        prompts=tuple(
            SeatPromptInfo(version, s in prompts, bool(p and p.required), True, None)
            for s, p in ((s, prompts.get(s)) for s in range(seats))
        ),
    )  # fmt: skip


def actions(view: discord.ui.View | None) -> Iterator[str]:
    """The action of each custom_id of `view`."""
    for item in view.children if view is not None else ():
        custom_id = item.item.custom_id  # type: ignore[attr-defined]  # the DynamicItem's own
        match = re.fullmatch(ids.BUTTON_TEMPLATE, custom_id) or re.fullmatch(
            ids.SELECT_TEMPLATE, custom_id
        )
        assert match is not None, custom_id
        yield match["action"]


def seat_controls(info: TableInfo, seat: int, prompt: dict[str, Any], view: Any) -> Iterator[str]:
    """A seat's controls as it builds its answer: nothing chosen, a card chosen, a first part;
    and with Auto on."""
    person = SeatInfo(seat, 100 + seat, None, f"P{seat}")
    states = [PickState()]
    if prompt.get("pick"):
        states += [PickState(chosen=frozenset({0})), PickState(group=1, note="hint")]
    for state in states:
        yield from actions(seat_view(SeatControls(info, person, prompt, 3, state, 0, view), "en"))
    if two_part(prompt.get("choices") or []) is not None:
        for parts in ((0, None), (0, 0)):
            controls = SeatControls(info, person, prompt, 3, PickState(), 0, view, parts)
            yield from actions(seat_view(controls, "en"))
    auto = SeatInfo(seat, 100 + seat, None, f"P{seat}", auto=True)
    yield from actions(seat_view(SeatControls(info, auto, prompt, 3), "en"))


def controls_met(cls: type[Game], seed: int) -> set[str]:
    """Every action on the controls of a game played from the lobby to its end (the seats
    asked answer as an easy CPU would; the table takes its own steps at random)."""
    game = cls.new(cls.min_seats, seed=seed)
    met = set(actions(present.lobby_view(table(game, "lobby", 0, {}), "en")))
    decide = cpu_chooser(cls.id, ["easy"] * game.seats, seed)
    rng = random.Random(seed)
    for step in range(STEPS):
        if game.is_over():
            break
        prompts = game.prompts()
        info = table(game, "active", step + 1, dict(prompts))
        met.update(actions(present.table_view(info, "en")))
        for seat, prompt in prompts.items():
            met.update(seat_controls(info, seat, prompt.to_json(), game.view(seat)))
        asked = sorted(prompts)
        if asked:
            seat = rng.choice(asked)
            action = decide(game, prompts[seat]) or prompts[seat].default
        else:
            steps = [a for s in range(game.seats) for a in game.legal_actions(s)]
            action = rng.choice(steps) if steps else None
        if action is None:
            break
        game.apply(action)
    finished = table(game, "finished", STEPS + 1, {})
    met.update(actions(present.table_view(finished, "en")))
    met.update(actions(seat_view(SeatControls(finished, finished.seats[0], None, 0), "en")))
    return met


def test_every_action_ids_names_has_a_route() -> None:
    names = {
        value
        for name, value in vars(ids).items()
        if name.isupper() and isinstance(value, str) and re.fullmatch("[a-z_]+", value)
    }
    assert len(names) > 20
    routed = router()
    assert sorted(a for a in names if not routed.routes(a)) == []


@pytest.mark.parametrize("cls", games(), ids=lambda cls: cls.id)
def test_every_control_of_a_game_reaches_a_flow(cls: type[Game]) -> None:
    routed = router()
    met = set().union(*(controls_met(cls, seed) for seed in range(3)))
    assert {ids.JOIN, ids.START, ids.HAND, ids.REMATCH} <= met
    assert met & ids.SEAT_CONTROLS, "no seat's prompt was met"
    assert sorted(a for a in met if not routed.routes(a)) == []
