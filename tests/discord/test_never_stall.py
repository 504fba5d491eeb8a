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
from types import SimpleNamespace

import pytest

import bot.tables.core
from bot.tables import ActResult, TableError, TableService
from engines.base import derive_rng
from engines.zhao_pengyou import ZhaoPengyou
from engines.zhao_pengyou.cards import INDEX
from tests.discord.conftest import MakeHarness
from tests.discord.harness import ALICE, Harness, find_id
from tests.discord.scenes import press
from tests.engines.zhao_pengyou_helpers import draw_order
from tests.tables.helpers import stored_row

TABLE = 1


class Pause:
    """The service's `advance`, stopping the Desk's paced loop once, right after the step where
    `when(result)` holds (as if another bot process had won the race)."""

    def __init__(self, service: TableService, when: Callable[[ActResult], bool]) -> None:
        self.advance = TableService.advance.__get__(service)  # the service's own, unpaused
        self.when = when
        self.armed, self.stop = True, False

    async def __call__(self, table_id: int, limit: int = 1, **kwargs: object) -> ActResult:
        if self.stop:
            self.stop = False
            raise TableError("table_moved_on", "The test holds the table here.")
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
    dealer = derive_rng(ZP_SEED, "dealer").randrange(ZP_SEATS)
    order = [INDEX[c] for c in draw_order(ZP_SEATS, dealer, {0: ["2S"]}, seed=ZP_SEED)]
    shuffled = ZhaoPengyou._layout

    def layout(game: ZhaoPengyou) -> list[int]:
        if game.used == 0:
            game.used = 1
            return list(order)
        return shuffled(game)

    monkeypatch.setattr(ZhaoPengyou, "_layout", layout)
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
