"""Hidden information: a seat with a private or sealed decision looks, in public, exactly like a
seat without one, for every registered game (issue 23, item 8: Gong Zhu's channel named only
the people with a card to expose).

Whole stretches of seeded games with a person in every seat, through the tables service, and
after every change what the channel would show: the table message's embed (whose turn, the
deadline, the counts, the log), the public image's view, whether the message is touched at
all, and the ping (whom it would mention). Three checks:

- Without the private prompts: every public output is the same when each seat's private
  prompt is taken away (that seat then simply has no decision).
- Same public state, same public outputs: two seeds whose public view and log are the same
  (the start of a deal, before anything is shown) give the same embed and ping, whoever holds
  which cards (who has a choice).
- A sealed decision is always a seat's own: the table never takes one as its own step (it
  would be taken at once for a seat without a choice, and everyone would see which).
"""

from __future__ import annotations

import json
import types
from dataclasses import replace
from typing import Any

import pytest

from bot.discord import present
from bot.discord.desk import Desk, _publicly_seen
from bot.discord.images import Images
from bot.discord.pings import ping_plan
from bot.store import Database
from bot.tables import TableError, TableService
from bot.tables.results import ActResult, SeatPromptInfo
from bot.tables.rows import game_of
from engines.actions import Action
from engines.cpu import cpu_chooser
from engines.registry import game_class, games
from tests.discord.conftest import tiny_png
from tests.tables.helpers import CHANNEL, GUILD, stored_row

PEOPLE = tuple(7_000 + n for n in range(12))
SEEDS = range(6)
STEPS = 40
LOCALE = "en"


class Watcher:
    """What the channel would show of one table after each change."""

    def __init__(self, service: TableService) -> None:
        self.desk = Desk(
            types.SimpleNamespace(),  # type: ignore[arg-type]
            service.messages,
            Images(tiny_png),
            service.settings,
            default_locale=LOCALE,
        )
        self.embed: dict[str, Any] = {}
        self.ping: list[int] = []
        self.shown: list[tuple[str, Any]] = []
        """(public state, what the channel shows then: the embed's fields and the ping's
        mentions) after each change."""
        self.checked: list[tuple[ActResult, dict[str, Any], dict[str, Any]]] = []
        """(change, what the channel is told of it, the same without private prompts)."""

    def outputs(self, result: ActResult, actor: int | None) -> dict[str, Any]:
        """What the channel is told of `result`, every user counted as one to notify."""
        table = result.table
        log = list(self.desk.logs[table.id])
        embed = present.table_embed(table, result.public_view, log, LOCALE, image=True)
        replace_ping, mention = ping_plan(table, result, actor, PEOPLE)
        return {
            "embed": embed.to_dict(),
            "view": result.public_view,
            "touched": _publicly_seen(result),
            "ping": (replace_ping, mention),
        }

    def publish(self, result: ActResult, actor: int | None) -> None:
        """Note the change as the Desk does, then what the channel shows of it."""
        self.desk.note(result.table, result, LOCALE)
        told = self.outputs(result, actor)
        self.checked.append((result, told, self.outputs(without_private(result), actor)))
        if told["touched"]:
            self.embed = told["embed"]
        if told["ping"][0]:
            self.ping = told["ping"][1]
        key = json.dumps([told["view"], told["embed"].get("description")], sort_keys=True)
        self.shown.append((key, (self.embed.get("fields"), self.ping)))


def without_private(result: ActResult) -> ActResult:
    """`result` as if each seat asked privately had no decision (the service would show it so)."""
    table = result.table
    private = {seat for seat, p in enumerate(table.prompts) if p.asked and not p.public}
    if not private:
        return result
    prompts = tuple(
        SeatPromptInfo(p.version, False, False, True, None, seen=p.seen) if seat in private else p
        for seat, p in enumerate(table.prompts)
    )
    dues = [p.due for p in prompts if p.due is not None]
    return replace(
        result,
        table=replace(table, prompts=prompts, deadline=min(dues, default=None)),
        prompts={s: p for s, p in result.prompts.items() if s not in private},
        reprompted=frozenset(result.reprompted - private),
    )


async def play(
    service: TableService, database: Database, game: str, seed: int, watcher: Watcher
) -> None:
    """A table of people only, each answering what an easy CPU would, for `STEPS` changes."""
    seats = game_class(game).min_seats
    lobby = await service.open_lobby(
        GUILD, CHANNEL + seed, game, None, PEOPLE[0], "P0", seats, seed=seed
    )
    for n in range(1, seats):
        await service.join(lobby.id, PEOPLE[n], f"P{n}")
    # a live table: private prompts' short windows (a claim's seconds) run beside the turns
    await service.set_table_settings(lobby.id, PEOPLE[0], turn_timer_seconds=600)
    result = await service.start(lobby.id, PEOPLE[0])
    watcher.publish(result, None)
    for _ in range(STEPS):
        if result.table.status != "active":
            return
        if result.auto_pending:
            result = await service.advance(lobby.id, 1)
            watcher.publish(result, None)
            continue
        row = await stored_row(database, lobby.id)
        engine = game_of(row)
        decide = cpu_chooser(game, ["easy"] * seats, seed, purpose=f"p{row.version}")
        moved = None
        for seat, prompt in sorted(engine.seat_decisions().items()):
            action: Action | None = decide(engine, prompt) or prompt.default
            if action is None:
                continue
            try:
                moved = await service.act(lobby.id, PEOPLE[seat], action.to_json())
            except TableError:
                continue
            watcher.publish(moved, PEOPLE[seat])
            break
        if moved is None:
            return
        result = moved


@pytest.mark.parametrize("game", sorted(cls.id for cls in games()))
async def test_private_and_sealed_decisions_look_alike_in_public(
    game: str, service: TableService, database: Database
) -> None:
    watchers = []
    for seed in SEEDS:
        watchers.append(Watcher(service))
        await play(service, database, game, seed, watchers[-1])
    # without the private prompts the channel would be told exactly the same
    for watcher in watchers:
        for result, told, counterfactual in watcher.checked:
            assert told == counterfactual, (game, result.table.id, result.table.version)
    # the same public state shows the same, whoever holds what
    seen: dict[str, Any] = {}
    compared = 0
    for watcher in watchers:
        for key, shown in watcher.shown:
            if key in seen:
                compared += 1
                assert seen[key] == shown, game
            else:
                seen[key] = shown
    assert compared, f"{game}: no two seeds showed the same public state"


@pytest.mark.parametrize("game", sorted(cls.id for cls in games()))
def test_a_sealed_decision_is_never_the_tables_own_step(game: str) -> None:
    cls = game_class(game)
    for seats in sorted({cls.min_seats, cls.max_seats}):
        for seed in range(4):
            engine = cls.new(seats, {}, seed)
            decide = cpu_chooser(game, ["easy"] * seats, seed)
            for _ in range(600):
                if engine.is_over():
                    break
                step = engine.table_step()
                if step is not None:
                    action = step.choices[0] if step.choices else step.default
                    assert action is not None
                    engine.apply(action)
                    assert engine.seal_of(action) is None, (game, seed, action)
                    continue
                prompts = engine.seat_decisions()
                _, prompt = next(
                    ((s, p) for s, p in sorted(prompts.items()) if p.required),
                    next(iter(sorted(prompts.items()))),
                )
                action = decide(engine, prompt) or prompt.default
                if action is None:
                    break
                engine.apply(action)
