"""Every registered game, played whole through the Discord flows: no table waits on nobody.

For each game of the registry (no game is named here): seeded tables at its fewest and its
most seats, one or two humans beside CPU seats of every level. The humans play through
Discord: `/play` with the autocomplete's values, "Not now" and Auto on their hand message
(`/game hand`). Each switches Auto on at the first prompt of every kind it meets (required or
optional, public or private, with a window, a card pick, a sealed choice, the table's own
step such as a draw), lets the CPU play a few steps for it, switches it off, and later on and
off again at the same kind. Now and then a human lets an optional window run out instead of
answering it. The table's pace loop is stopped every few steps, as another bot process
winning a race would stop it (that process then goes on with it), which gives the humans
those moments too (mid-deal, mid-Auto). Once the first part (hand, round) is over, the CPUs
are set to easy and every human to Auto, and the table's pace plays the rest.

Half the tables think on the event loop (the whole batch in one write), the other half in a
worker process (the CPUs' moves written as they come).

Asserted, for every table:
- it finishes within a bounded number of looks;
- whenever no human has anything to do, the table waits on a time that the timers will meet
  (a window, a turn timer), never on nothing;
- every optional prompt the rules give a human while they play themselves was written to the
  table (so shown to them) at least once before it closed;
- every kind of prompt a human met was a moment at which they switched Auto on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest

import bot.tables.core
from bot.games import plugins
from bot.games.moves import encode_mask, pick_positions, picked_cards
from bot.settings import Settings
from bot.tables import ActResult, TableError, TableService, flow
from bot.tables.service import SeatPrompt
from engines.actions import Action
from engines.cpu import LEVELS
from engines.game import Game
from engines.registry import game_class
from tests.discord.conftest import Clock, MakeHarness
from tests.discord.harness import ALICE, HANA, FakeUser, Harness, find_id
from tests.discord.scenes import press
from tests.tables.helpers import stored_row

TABLE = 1
LOOKS = 3000
"""Looks at the table (each a round of the humans' turns) a game must end within."""
HAND_DECISIONS = 40
"""The humans play by hand for this many decisions at least, and at least the game's first
part (hand, round), if it has parts; the table's pace plays the rest."""


def cases() -> list[Any]:
    out = []
    for n, game in enumerate(p.engine for p in plugins()):
        counts = sorted({game.min_seats, game.max_seats})
        if len(counts) == 1:
            counts = counts * 2
        for k, seats in enumerate(counts):
            humans = min(seats, 1 + k)
            seed = 101 + 7 * n + k
            workers = k  # the CPUs think on the event loop, then in a worker process
            out.append(
                pytest.param(
                    game.id,
                    seats,
                    humans,
                    seed,
                    workers,
                    id=f"{game.id}-{seats}-{humans}h-{'workers' if workers else 'loop'}",
                )
            )
    return out


@dataclass
class Human:
    """A person at the table, seen by the test: what they met, and when Auto was on."""

    user: FakeUser
    seat: int
    auto: bool = False
    tried: dict[str, int] = field(default_factory=dict)
    """Prompt kinds at which Auto was switched on, and how many times."""
    met: set[str] = field(default_factory=set)
    """Prompt kinds met while playing themselves."""
    auto_spans: list[list[int]] = field(default_factory=list)
    """[from, to) in actions applied, while Auto was on (to: the end, while still on)."""
    ignored: set[int] = field(default_factory=set)
    """Versions of optional prompts this person lets run out."""


class Racer:
    """The service's `advance` for the Desk's pace loop, stopped every few steps as if another
    bot process had won the race for the table (that process then goes on with it)."""

    def __init__(self, service: TableService, rng: random.Random) -> None:
        self.advance = TableService.advance.__get__(service)
        self.rng = rng
        self.left = 0
        self.stopped = False
        self.rearm()

    def rearm(self, steps: int | None = None) -> None:
        self.left = self.rng.randint(1, 6) if steps is None else steps
        self.stopped = False

    async def __call__(self, table_id: int, limit: int = 1, **kwargs: Any) -> ActResult:
        if self.left <= 0:
            self.stopped = True
            raise TableError("table_moved_on", "Another process took the table (the test).")
        self.left -= 1
        return await self.advance(table_id, limit, **kwargs)


def kind_of(prompt: Mapping[str, Any]) -> str:
    """A prompt's kind for Auto's sake: what it asks and how."""
    parts = [str(prompt["kind"]), "required" if prompt["required"] else "optional"]
    parts.append("public" if prompt["public"] else "private")
    if prompt.get("window") is not None:
        parts.append("window")
    if prompt.get("pick"):
        parts.append("pick")
    return "/".join(parts)


def strip(action: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "seat"}


def typed(current: SeatPrompt, action: Mapping[str, Any]) -> str:
    """What `/play`'s autocomplete would send for `action`: a choice's index or a pick's mask."""
    prompt = current.prompt or {}
    choices = [strip(c) for c in prompt.get("choices") or []]
    if strip(action) in choices:
        return f"v{current.version}:{choices.index(strip(action))}"
    pick = prompt.get("pick")
    assert pick and action.get("type") == pick["type"], (action, prompt)
    positions = pick_positions(pick, picked_cards(pick, action))
    assert positions is not None, (action, pick)
    return f"v{current.version}:p:{encode_mask(positions)}"


class Table:
    """One table driven through Discord, and what the test saw of it."""

    def __init__(
        self, harness: Harness, clock: Clock, game: type[Game], seats: int, humans: int, seed: int
    ) -> None:
        self.harness = harness
        self.service = harness.client.service
        self.clock = clock
        self.game = game
        self.seats = seats
        self.rng = random.Random(seed)
        self.humans = [Human(user, seat) for seat, user in enumerate((ALICE, HANA)[:humans])]
        self.levels = [LEVELS[(seed + i) % len(LEVELS)] for i in range(seats - humans)]
        self.commits: set[int] = set()
        self.table_message = 0
        self.racer = Racer(self.service, self.rng)

    # -- setting up ----------------------------------------------------------------------

    async def open(self) -> None:
        harness, rec = self.harness, self.harness.recorder
        persist = self.service._writer.persist

        async def noted(*args: Any, **kwargs: Any) -> ActResult:
            result = await persist(*args, **kwargs)
            self.commits.add(result.table.action_count)
            return result

        self.service._writer.persist = noted  # type: ignore[method-assign]
        self.service.advance = self.racer  # type: ignore[method-assign]
        lobby = await harness.slash(ALICE, "game new", game=self.game.id, seats=self.seats)
        self.table_message = lobby.answer.message_id or 0
        for human in self.humans[1:]:
            await press(harness, human.user, self.table_message, "join")
        for level in self.levels:
            message = rec.message(self.table_message)
            await harness.click(ALICE, self.table_message, find_id(message, "cpu"), values=[level])
        await press(harness, ALICE, self.table_message, "start")

    async def stored(self) -> Game:
        database = self.harness.client.database
        assert database is not None
        return self.game.from_json((await stored_row(database, TABLE)).snapshot)

    # -- the humans ------------------------------------------------------------------------

    async def hand(self, human: Human) -> int:
        """The human's hand message (`/game hand`), with their controls."""
        shown = await self.harness.slash(human.user, "game hand")
        return shown.response.message_id or 0

    async def switch_auto(self, human: Human, on: bool) -> None:
        count = (await self.service.load(TABLE)).action_count
        await press(
            self.harness, human.user, await self.hand(human), f"auto:{'on' if on else 'off'}"
        )
        human.auto = on
        if on:
            human.auto_spans.append([count, 1 << 30])
        else:
            human.auto_spans[-1][1] = (await self.service.load(TABLE)).action_count

    async def turn(self, human: Human, game: Game) -> bool:
        """The human's turn at the table now: True when they did something."""
        if human.auto:
            await self.switch_auto(human, False)  # the CPU played a few steps for them
            return True
        current = await self.service.prompt(TABLE, human.user.id)
        prompt = current.prompt
        if prompt is not None:
            kind = kind_of(prompt)
        elif game.table_step() is not None:
            kind = f"step/{game.table_step().kind}"  # type: ignore[union-attr]
        else:
            return False
        human.met.add(kind)
        if human.tried.get(kind, 0) < 2 and (kind not in human.tried or self.rng.random() < 0.2):
            human.tried[kind] = human.tried.get(kind, 0) + 1
            await self.switch_auto(human, True)
            return True
        if prompt is None or current.version in human.ignored:
            return False
        return await self.answer(human, current)

    async def answer(self, human: Human, current: SeatPrompt) -> bool:
        """Answer the prompt as the person would: the Hint's move, or Not now, or nothing."""
        prompt = current.prompt or {}
        hint = await self.service.hint(TABLE, human.user.id) or {}
        action = hint.get("action")
        if not prompt["required"]:
            if prompt.get("window") is not None and self.rng.random() < 0.25:
                human.ignored.add(current.version)  # let its window run out
                return False
            if action is None or self.rng.random() < 0.4:
                await press(self.harness, human.user, await self.hand(human), "dismiss")
                return True
        if action is None:
            action = prompt["default"]
        before = await self.service.load(TABLE)
        played = await self.harness.slash(human.user, "play", move=typed(current, action))
        after = await self.service.load(TABLE)
        assert after.version != before.version, played.ephemeral_text()
        return True

    # -- the table -------------------------------------------------------------------------

    async def wait_for_time(self) -> None:
        """Nobody has anything to do: the table must wait on a time the timers will meet."""
        table = await self.service.load(TABLE)
        dues = [p.due for p in table.prompts if p.due is not None]
        assert dues, f"table stalled: nothing to do, nothing timed ({table})"
        self.clock.now = max(self.clock.now, min(dues) + timedelta(seconds=1))
        await self.harness.client.timers.tick(self.clock.now)
        await self.harness.settle()

    async def assert_pace_alive(self) -> None:
        """The table's pace loop has ended (every task settled): it may not have left a step of
        the table's own (a draw) or an Auto seat's turn behind, unless a person's open window
        holds them."""
        database = self.harness.client.database
        assert database is not None
        row = await stored_row(database, TABLE)
        game = self.game.from_json(row.snapshot)
        if row.status != "active" or game.is_over():
            return
        seats = (await self.service.load(TABLE)).seats
        decisions = game.seat_decisions()
        paced = game.table_step() is not None or any(
            p.required and seats[seat].auto and not seats[seat].cpu_takeover
            for seat, p in decisions.items()
        )
        if not paced:
            return
        states = flow.load_states(row.prompt_states, len(seats))
        automated = lambda seat: not seats[seat].is_human or seats[seat].auto  # noqa: E731
        assert flow.held_by_a_player(decisions, states, automated, self.clock.now), (
            "the table's pace stopped with a step to take and nothing holding it"
        )

    async def play(self) -> None:
        start = await self.stored()
        decisions = 0
        for _ in range(LOOKS):
            table = await self.service.load(TABLE)
            if table.status != "active":
                return
            if not self.racer.stopped:
                await self.assert_pace_alive()
            game = await self.stored()
            if decisions >= HAND_DECISIONS and (
                start.part() is None or game.part() != start.part()
            ):
                await self.autoplay_the_rest()
                return
            acted = False
            for human in self.humans:
                if await self.turn(human, game):
                    acted = True
                    decisions += 1
            if self.racer.stopped:
                self.racer.rearm()  # the process that took the table goes on with it
                self.harness.client.pacer.ensure(TABLE)
                await self.harness.settle()
            elif not acted:
                await self.wait_for_time()
        raise AssertionError(f"no end after {LOOKS} looks")

    async def autoplay_the_rest(self) -> None:
        """Every CPU easy from the next part, every human on Auto: the table's pace ends it."""
        rec = self.harness.recorder
        table = await self.service.load(TABLE)
        for seat in table.seats:
            if seat.is_cpu:
                message = rec.message(self.table_message)
                await self.harness.click(
                    ALICE,
                    self.table_message,
                    find_id(message, "cpus"),
                    values=[f"{seat.seat}:easy"],
                )
        self.harness.client.pacer.batch = 100_000
        self.racer.rearm(1 << 30)
        for human in self.humans:
            if not human.auto:
                await self.switch_auto(human, True)
        for _ in range(20):
            if (await self.service.load(TABLE)).status != "active":
                return
            self.harness.client.pacer.ensure(TABLE)
            await self.harness.settle()
            if (await self.service.load(TABLE)).status == "active":
                await self.wait_for_time()
        raise AssertionError("the table's pace did not end the game")

    # -- what the humans were offered ------------------------------------------------------

    async def windows_not_shown(self) -> list[str]:
        """Optional prompts the rules gave a human playing themselves that closed without ever
        being written to the table (so never shown to them)."""
        record = await self.service.record(TABLE, include_sealed=True)
        table = await self.service.load(TABLE)
        replayed = self.game.new(self.seats, table.options, record["seed"])
        people = {h.seat: h for h in self.humans}
        opened: dict[tuple[int, str], int] = {}
        missed = []

        def close(key: tuple[int, str], since: int, until: int) -> None:
            human = people[key[0]]
            if any(a < until and since < b for a, b in human.auto_spans):
                return  # Auto was on meanwhile: the CPU answered it for them
            if not any(since <= c < until for c in self.commits):
                missed.append(f"seat {key[0]}: {key[1]} open over actions [{since}, {until})")

        actions = list(record["actions"])
        for index in range(len(actions) + 1):
            now = {}
            if not replayed.is_over():
                now = {
                    (seat, p.kind + ":" + p.signature()): index
                    for seat, p in replayed.seat_decisions().items()
                    if seat in people and not p.required
                }
            for key, since in list(opened.items()):
                if key not in now:
                    close(key, since, index)
                    del opened[key]
            for key in now:
                opened.setdefault(key, index)
            if index < len(actions):
                replayed.apply(Action.from_json(actions[index]))
        return missed


@pytest.mark.parametrize(("game_id", "seats", "humans", "seed", "workers"), cases())
async def test_no_table_waits_on_nobody(
    make_harness: MakeHarness,
    settings: Settings,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    seats: int,
    humans: int,
    seed: int,
    workers: int,
) -> None:
    monkeypatch.setattr(bot.tables.core, "secrets", SimpleNamespace(randbits=lambda bits: seed))
    settings.cpu_workers = workers  # the CPUs' moves written as they come, from a worker
    harness = await make_harness()
    table = Table(harness, clock, game_class(game_id), seats, humans, seed)
    await table.open()
    await table.play()
    finished = await harness.client.service.load(TABLE)
    assert finished.status == "finished" and finished.result is not None
    assert await table.windows_not_shown() == []
    for human in table.humans:
        assert human.met and human.met <= set(human.tried), (human.met, human.tried)
