"""Every refusal at a seat names its real reason, in every registered game (issue 23).

Two people and CPUs play each game through the service while the bot is asked, through its
Discord flows, what a player may try at any moment: a control kept from an older version of
their prompt, `/play` when they are asked nothing, a move the game refuses, a control or
`/play` of someone not seated, a control after the CPU took the seat or after the end. "Out of
date" is said only when the seat is asked something else now; otherwise the answer says why
the seat is asked nothing (whose turn it is, what closed its prompt, the end), and a refused
move says the game's own reason.
"""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

import bot.tables.core
from bot.games import seat_names
from bot.i18n import refusal_text
from bot.tables import TableError, TableInfo, TableService
from engines.cpu import cpu_player
from engines.players import Decision
from engines.prompts import Prompt
from engines.registry import game_class, games
from tests.discord.conftest import MakeHarness
from tests.discord.harness import ALICE, BOB, HANA, FakeUser, Harness, find_id
from tests.discord.scenes import press

STALE = "This view is out of date"
NOT_SEATED = "You are not seated at this table."
GAME_OVER = "The game is over."
TAKEN_OVER = "A CPU plays your seat now."
PROBES = 10
"""Stale controls tried per person (each game also gets every other probe)."""


def seat_controls(message: dict[str, Any]) -> list[str]:
    """The buttons of a hand message's prompt that can be pressed (a choice, Hint...)."""
    out = []
    for row in message.get("components") or []:
        for item in row["components"]:
            action = item.get("custom_id", "").split(":")[4:]
            button = item.get("type") == 2 and not item.get("disabled")
            if button and action and action[0] in ("act", "play", "hint", "clear"):
                out.append(":".join(action))
    return out


class Probe:
    """The people's kept copies of their controls, and what each refusal said."""

    def __init__(self, harness: Harness, table_id: int, names: list[str]) -> None:
        self.harness = harness
        self.service: TableService = harness.client.service
        self.table_id = table_id
        self.names = names
        self.kept: dict[int, tuple[int, int, str]] = {}
        """user id -> (message id, the prompt version it shows, its control)."""
        self.seen: Counter[str] = Counter()
        self.last: dict[int, tuple[int, str]] = {}
        """user id -> the newest copy of their controls kept (message id, control)."""

    async def keep(self, user: FakeUser) -> None:
        """`/game hand`: a copy of the user's controls now, kept to be pressed later."""
        shown = await self.harness.slash(user, "game hand", user_locale="en")
        message_id = shown.answer.message_id or 0
        controls = seat_controls(self.harness.recorder.message(message_id))
        if controls:
            current = await self.service.prompt(self.table_id, user.id)
            self.kept[user.id] = (message_id, current.version, controls[0])
            self.last[user.id] = (message_id, controls[0])

    def not_asked(self, text: str, user: FakeUser, table: TableInfo) -> None:
        """Why a seat asked nothing is asked nothing: whose turn it is, what closed its
        prompt, or the end."""
        assert STALE not in text, text
        if table.status == "finished":
            assert text == GAME_OVER, text
            self.seen["game_over"] += 1
            return
        others = [self.names[s] for s in table.public_waiting if self.names[s] != user.name]
        allowed = {"It is not your turn."}
        if others:
            allowed = {f"It is not your turn: waiting for {', '.join(others)}."}
        closed = text.startswith("Trump was declared already: ")
        assert text in allowed or closed, (text, allowed)
        self.seen["closed" if closed else "not_asked"] += 1

    async def press_kept(self, user: FakeUser) -> None:
        """Press the user's kept control if their prompt has changed since (else it is live)."""
        kept = self.kept.get(user.id)
        current = await self.service.prompt(self.table_id, user.id)
        if kept is None or kept[1] == current.version:
            return
        message_id, _, control = self.kept.pop(user.id)
        before = await self.service.load(self.table_id)
        pressed = await press(self.harness, user, message_id, control, user_locale="en")
        text = pressed.ephemeral_text()
        after = await self.service.load(self.table_id)
        assert after.action_count == before.action_count, "a stale control acted"
        if current.prompt is not None:
            assert text.startswith(STALE), text
            self.seen["stale"] += 1
        else:
            self.not_asked(text, user, current.table)

    async def out_of_turn(self, user: FakeUser) -> None:
        """`/play` by a seat asked nothing."""
        current = await self.service.prompt(self.table_id, user.id)
        typed = await self.harness.slash(user, "play", move="1", user_locale="en")
        self.not_asked(typed.ephemeral_text(), user, current.table)

    async def refused_pick(
        self, user: FakeUser, prompt: dict[str, Any], rng: random.Random
    ) -> None:
        """A card pick the game refuses, typed into `/play` by hand numbers: the game's reason."""
        pick = prompt.get("pick")
        if not pick:
            return
        count = len(pick["cards"])
        for _ in range(30):
            size = rng.randint(max(1, pick["min"]), max(1, min(pick["max"], count)))
            positions = sorted(rng.sample(range(count), min(size, count)))
            action = {
                "type": pick["type"],
                pick.get("field") or "cards": (
                    pick["cards"][positions[0]]
                    if pick.get("single") and len(positions) == 1
                    else [pick["cards"][p] for p in positions]
                ),
                **(pick.get("fields") or {}),
            }
            try:
                await self.service.check_action(self.table_id, user.id, action)
            except TableError as exc:
                refused = exc
                break
        else:
            return
        typed = " ".join(str(p + 1) for p in positions)
        answer = await self.harness.slash(user, "play", move=typed, user_locale="en")
        expected = refusal_text(refused.code, refused.message, refused.params, "en")
        assert answer.ephemeral_text() == expected and STALE not in expected
        self.seen["illegal"] += 1

    async def not_seated(self) -> None:
        """Someone not seated presses a kept control of Alice's, and types into `/play`."""
        for message_id, _, control in list(self.kept.values())[:1]:
            pressed = await press(self.harness, BOB, message_id, control)
            assert pressed.ephemeral_text() == NOT_SEATED
        typed = await self.harness.slash(BOB, "play", move="1")
        assert typed.ephemeral_text() == NOT_SEATED
        self.seen["not_seated"] += 1


async def open_table(harness: Harness, game: str) -> int:
    """Alice and 花子 with easy CPUs at the game's fewest seats (two at least), started."""
    rec = harness.recorder
    cls = game_class(game)
    seats = max(2, cls.min_seats)
    lobby = await harness.slash(ALICE, "game new", game=game, seats=seats)
    table_message = lobby.answer.message_id or 0
    await press(harness, HANA, table_message, "join")
    for _ in range(seats - 2):
        await harness.click(
            ALICE, table_message, find_id(rec.message(table_message), "cpu"), values=["easy"]
        )
    await press(harness, ALICE, table_message, "start")
    return (await harness.client.service.load(1)).id


@pytest.fixture
async def harness(make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A bot whose tables get the same seed every run."""
    monkeypatch.setattr(bot.tables.core, "secrets", SimpleNamespace(randbits=lambda bits: 23))
    return await make_harness()


@pytest.mark.parametrize("game", [cls.id for cls in games()])
async def test_every_refusal_at_a_seat_names_its_real_reason(harness: Harness, game: str) -> None:
    service = harness.client.service
    table_id = await open_table(harness, game)
    table = await service.load(table_id)
    probe = Probe(harness, table_id, seat_names(table, "en"))
    rng = random.Random(game)
    player = cpu_player(game, "easy")
    people = (ALICE, HANA)
    for _ in range(400):
        if probe.seen["stale"] >= PROBES and probe.seen["not_asked"] + probe.seen["closed"]:
            break
        acted = False
        for user in people:
            current = await service.prompt(table_id, user.id)
            if current.table.status != "active":
                break
            await probe.press_kept(user)
            if current.prompt is None:
                if probe.seen["out_of_turn"] < 3:
                    await probe.out_of_turn(user)
                    probe.seen["out_of_turn"] += 1
                continue
            if user.id not in probe.kept:
                await probe.keep(user)
            if probe.seen["illegal"] < 2:
                await probe.refused_pick(user, dict(current.prompt), rng)
            prompt = Prompt.from_json(current.prompt)
            decision = Decision(current.view, prompt, rng, lambda action: True)
            action = player.decide(decision) or prompt.default
            if action is None:
                continue  # an optional prompt let go
            await service.act(table_id, user.id, action.to_json(), prompt_version=current.version)
            acted = True
            if probe.seen["not_asked"] + probe.seen["closed"] < 3:
                await probe.press_kept(user)  # their copy just went out of date, or away
        if (await service.load(table_id)).status != "active":
            break
        if not acted:
            await service.advance(table_id, limit=5)
    await probe.not_seated()
    # 花子 leaves: the CPU plays her seat, and her controls say so
    assert (await service.load(table_id)).status == "active"
    kept = probe.last.get(HANA.id)
    await harness.slash(HANA, "game leave")
    if kept is not None:
        pressed = await press(harness, HANA, kept[0], kept[1], user_locale="en")
        assert pressed.ephemeral_text().startswith(TAKEN_OVER)
        probe.seen["taken_over"] += 1
    # the game played to its end: every control, and /play, says it is over
    if game_class(game).instant_finish:
        await service.finish(table_id, ALICE.id)
    else:
        await service.set_auto(table_id, ALICE.id, True)
        for _ in range(500):
            if (await service.advance(table_id, limit=200)).table.status != "active":
                break
    assert (await service.load(table_id)).status == "finished"
    kept = probe.last.get(ALICE.id)
    if kept is not None:
        pressed = await press(harness, ALICE, kept[0], kept[1], user_locale="en")
        assert pressed.ephemeral_text() == GAME_OVER
        probe.seen["game_over"] += 1
    typed = await harness.slash(ALICE, "play", move="1", user_locale="en")
    assert typed.ephemeral_text() == GAME_OVER
    assert probe.seen["stale"] and probe.seen["not_asked"] + probe.seen["closed"], probe.seen
    assert probe.seen["game_over"] and probe.seen["taken_over"], probe.seen
