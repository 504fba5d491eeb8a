"""A table never waits on nobody: the defects found, each through the Discord flows.

- Zhao Pengyou: a human who switches Auto on during the draw while holding a card they may
  declare (the CPU playing for them declines it) must not freeze the deal, and switching Auto
  off and on again must not either.
- Kokutorum: a human whose next seat is a CPU is offered the knock after each discard: the
  CPU's draw waits for their answer ("Knock" or "Not now") or for the window to pass, on a live
  table and on an asynchronous one.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest

import bot.tables.core
from bot.tables import ActResult, TableError, TableService
from bot.tables.service import SeatPrompt
from engines.cpu import cpu_player, decision_rng
from engines.kokutorum import Kokutorum
from engines.players import Decision
from engines.prompts import Prompt
from engines.zhao_pengyou import ZhaoPengyou
from tests.discord.conftest import Clock, MakeHarness
from tests.discord.harness import ALICE, Harness, find_id
from tests.discord.scenes import press
from tests.engines.zhao_pengyou_helpers import first_deal
from tests.tables.helpers import stored_row

TABLE = 1


class Pause:
    """The service's `advance`, stopping the Desk's paced loop once, right after the step where
    `when(result)` holds (as if another bot process had taken the table over)."""

    def __init__(self, service: TableService, when: Callable[[ActResult], bool]) -> None:
        self.advance = TableService.advance.__get__(service)  # the service's own, unpaused
        self.when = when
        self.armed, self.stop = True, False

    async def __call__(self, table_id: int, limit: int = 1, **kwargs: object) -> ActResult:
        if self.stop:
            self.stop = False
            raise TableError("held_by_the_test", "The test holds the table here.")
        result = await self.advance(table_id, limit, **kwargs)
        if self.armed and self.when(result):
            self.armed, self.stop = False, True
        return result


# ---------------------------------------------------------------------------- Zhao Pengyou

ZP_SEED, ZP_SEATS = 11, 6


@pytest.fixture
async def zp_harness(make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A bot whose first Zhao Pengyou table deals Alice a 2♠ first (declarable at rank 2)."""
    monkeypatch.setattr(bot.tables.core, "secrets", SimpleNamespace(randbits=lambda bits: ZP_SEED))
    first_deal(monkeypatch, ZP_SEED, ZP_SEATS, {0: ["2S"]})
    return await make_harness()


async def zp_game(harness: Harness) -> ZhaoPengyou:
    database = harness.client.database
    assert database is not None
    return ZhaoPengyou.from_json((await stored_row(database, TABLE)).snapshot)


async def start_zp_against_cpus(harness: Harness) -> int:
    """Alice opens a 6-seat table, seats five normal CPUs and starts; the table message id."""
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="zhao-pengyou", seats=ZP_SEATS)
    table_message = lobby.answer.message_id or 0
    for _ in range(ZP_SEATS - 1):
        await harness.click(
            ALICE, table_message, find_id(rec.message(table_message), "cpu"), values=["normal"]
        )
    await press(harness, ALICE, table_message, "start")
    return table_message


def leaves_the_draw(result: ActResult) -> bool:
    return (result.public_view or {}).get("phase") != "draw"


async def test_auto_during_the_draw_with_a_declarable_card_does_not_freeze_the_deal(
    zp_harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness, service = zp_harness, zp_harness.client.service
    # the deal is held right after Alice draws her 2♠ (she may declare it)
    monkeypatch.setattr(service, "advance", Pause(service, lambda r: r.prompt_for(0) is not None))
    await start_zp_against_cpus(harness)
    game = await zp_game(harness)
    assert game.phase == "draw" and game.declarable(0)
    drawn = game.drawn
    dm = int(harness.recorder.last_dm(ALICE)["id"])
    # she switches Auto on from that DM: the CPU playing for her lets the declaration pass,
    # and the deal must go on (held again once the draw is over, to look at it)
    monkeypatch.setattr(service, "advance", Pause(service, leaves_the_draw))
    await press(harness, ALICE, dm, "auto:on")
    game = await zp_game(harness)
    assert game.drawn > drawn, "the deal froze once Auto was on"
    assert game.phase != "draw"


async def test_auto_off_and_on_again_during_the_draw_goes_on(
    zp_harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness, service = zp_harness, zp_harness.client.service
    monkeypatch.setattr(service, "advance", Pause(service, lambda r: r.prompt_for(0) is not None))
    await start_zp_against_cpus(harness)
    dm = int(harness.recorder.last_dm(ALICE)["id"])
    # Auto on, then off again before any step was taken (the pace loop held meanwhile)
    monkeypatch.setattr(service, "advance", Pause(service, lambda r: True))
    service.advance.stop = True  # type: ignore[attr-defined]
    await press(harness, ALICE, dm, "auto:on")
    await press(harness, ALICE, dm, "auto:off")
    drawn = (await zp_game(harness)).drawn
    monkeypatch.setattr(service, "advance", Pause(service, leaves_the_draw))
    await press(harness, ALICE, dm, "auto:on")
    game = await zp_game(harness)
    assert game.drawn > drawn and game.phase != "draw"


# ---------------------------------------------------------------------------- Kokutorum


async def start_kokutorum(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, seed: int, *, cpus: int = 1
) -> int:
    """Alice opens a Kokutorum table with `cpus` normal CPUs after her (the CPU seated next to
    her draws after her discards), seeded; the table message id."""
    monkeypatch.setattr(bot.tables.core, "secrets", SimpleNamespace(randbits=lambda bits: seed))
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="kokutorum", seats=cpus + 1)
    table_message = lobby.answer.message_id or 0
    for _ in range(cpus):
        await harness.click(
            ALICE, table_message, find_id(rec.message(table_message), "cpu"), values=["normal"]
        )
    await press(harness, ALICE, table_message, "start")
    return table_message


async def kokutorum_game(harness: Harness) -> Kokutorum:
    database = harness.client.database
    assert database is not None
    return Kokutorum.from_json((await stored_row(database, TABLE)).snapshot)


def alices_choice(current: SeatPrompt) -> dict[str, Any]:
    """What Alice does with a required prompt: the normal CPU's answer from her own view,
    never a knock (so that her discards open the knock window)."""
    assert current.prompt is not None
    prompt = Prompt.from_json(current.prompt)
    options = [a for a in prompt.choices if a.type != "knock"] or list(prompt.choices)
    player = cpu_player("kokutorum", "normal")
    action = player.decide(
        Decision(current.view, prompt, decision_rng(7, "test", 0), lambda a: True)
    )
    if action is None or action not in options:
        action = options[0]
    return {k: v for k, v in action.to_json().items() if k != "seat"}


async def play_through_discord(harness: Harness, current: SeatPrompt, action: dict[str, Any]):
    """Alice makes `action` with `/play`, as the autocomplete names it (`v<version>:<index>`)."""
    assert current.prompt is not None
    choices = [{k: v for k, v in c.items() if k != "seat"} for c in current.prompt["choices"]]
    move = f"v{current.version}:{choices.index(action)}"
    return await harness.slash(ALICE, "play", move=move)


@pytest.mark.parametrize(("seed", "cpus"), [(1, 1), (2, 1), (3, 2), (4, 2)])
async def test_each_discard_before_a_cpu_opens_the_knock_window_and_not_now_closes_it(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch, seed: int, cpus: int
) -> None:
    harness = await make_harness()
    service = harness.client.service
    await start_kokutorum(harness, monkeypatch, seed, cpus=cpus)
    offers = discards = 0
    for _ in range(60):
        current = await service.prompt(TABLE, ALICE.id)
        if current.table.status != "active":
            break
        assert current.prompt is not None, "Alice waits for nobody between her turns"
        if current.prompt["kind"] == "knock":
            offers += 1
            game = await kokutorum_game(harness)
            assert game.knock_seat == 0 and game.turn == 1 and game.phase == "draw"
            moves = current.table.action_count
            # her hand message offers the knock and "Not now" (the CPU waits for her)
            shown = await harness.slash(ALICE, "game hand")
            hand = harness.recorder.message(shown.response.message_id or 0)
            labels = [c.get("label") for row in hand["components"] for c in row["components"]]
            assert "Knock" in labels and "Not now" in labels
            await press(harness, ALICE, int(hand["id"]), "dismiss")
            after = await service.load(TABLE)
            assert after.action_count > moves, "the CPU draws after Not now"
            continue
        if discards == 4:
            break
        action = alices_choice(current)
        last = (await kokutorum_game(harness)).last_card
        await play_through_discord(harness, current, action)
        if action["type"] == "discard" and not last:
            discards += 1  # a discard that does not end the round: the knock window opens
    assert discards >= 2
    assert offers == discards, f"offered the knock after {offers} of {discards} discards"


async def alice_discards(harness: Harness) -> SeatPrompt:
    """Alice plays (keep, draw, insert, discard) until she has discarded once without ending
    the round; her prompt then."""
    service = harness.client.service
    for _ in range(10):
        current = await service.prompt(TABLE, ALICE.id)
        assert current.prompt is not None
        action = alices_choice(current)
        last = (await kokutorum_game(harness)).last_card
        await play_through_discord(harness, current, action)
        if action["type"] == "discard" and not last:
            return await service.prompt(TABLE, ALICE.id)
    raise AssertionError("Alice never discarded")


async def test_knock_in_the_window_before_the_cpu_draws(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness = await make_harness()
    await start_kokutorum(harness, monkeypatch, 1)
    offered = await alice_discards(harness)
    assert offered.prompt is not None and offered.prompt["kind"] == "knock"
    rounds = len((await kokutorum_game(harness)).view(None)["rounds"])
    shown = await harness.slash(ALICE, "game hand")
    await press(harness, ALICE, shown.response.message_id or 0, "act:0")  # Knock
    game = await kokutorum_game(harness)
    [*_, last] = game.view(None)["rounds"]
    assert len(game.view(None)["rounds"]) == rounds + 1 and last["knocker"] == 0


@pytest.mark.parametrize("timer", [3600, 7 * 86400], ids=["live", "asynchronous"])
async def test_the_window_passes_by_the_timers_and_the_cpu_draws(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch, clock: Clock, timer: int
) -> None:
    """Unanswered, the knock window closes after its seconds, on a live table and on an
    asynchronous one alike (the player is there: they just discarded), not after the turn
    timer's hours: the CPU then draws."""
    harness = await make_harness()
    service = harness.client.service
    await start_kokutorum(harness, monkeypatch, 2)
    await service.set_table_settings(TABLE, ALICE.id, turn_timer_seconds=timer)
    offered = await alice_discards(harness)
    assert offered.prompt is not None and offered.prompt["kind"] == "knock"
    moves = offered.table.action_count
    clock.now += timedelta(seconds=3)
    await harness.client.timers.tick(clock.now)
    await harness.settle()
    assert (await service.load(TABLE)).action_count == moves, "the window is still open"
    clock.now += timedelta(minutes=1)
    await harness.client.timers.tick(clock.now)
    await harness.settle()
    assert (await service.load(TABLE)).action_count > moves
    assert (await kokutorum_game(harness)).knock_seat != 0
    back = await service.prompt(TABLE, ALICE.id)
    assert back.prompt is not None and back.prompt["kind"] != "knock"
