"""Prompt Lab through Discord: every prompt kind with real clicks, two humans and a CPU.

The deal runs at the table's pace (the Desk's loop), Alice declares from a DM between two
draws, buries 6 of 40 cards with the group select, the multi-select and Play (across a bot
restart), exposures are sealed until all are in, `/play move:` takes cards as codes and as
hand numbers in English and Japanese, a claim window is answered by 花子 and times out for
Alice, and the channel never shows a hidden card or names a seat asked in private.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest

import bot.tables.core
from engines.cards import card_label
from tests.discord.conftest import Clock, MakeHarness
from tests.discord.harness import (
    ALICE,
    EPHEMERAL,
    HANA,
    FakeUser,
    Harness,
    find_id,
    message_text,
)
from tests.discord.scenes import (
    Pause,
    component,
    description,
    edits_of,
    posts,
    press,
    public_channel_calls,
    turn_field,
)
from tests.tables import prompt_lab
from tests.tables.helpers import stored_row
from tests.tables.prompt_lab import PromptLab, hidden_from

SEED = 30
"""Alice (seat 0) draws an Ace at the very first draw; the normal CPU (seat 2) never holds the
three Aces it would declare with; after Alice and 花子 discard cards nobody can claim, the
CPU's discard can be claimed by both of them."""
TABLE = 1
PLAYERS = ((ALICE, "en-US", ("Pair", "Run", "Pass")), (HANA, "ja", ("ペア", "ラン", "パス")))
"""Who types what in `/play move:` for a claim (its name in the player's language)."""


@pytest.fixture
async def harness(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Harness]:
    """A bot built while the lab is found by the scan; every new table gets the seed above."""
    monkeypatch.setattr(bot.tables.core, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    with prompt_lab.installed(monkeypatch):
        yield await make_harness()


# ---------------------------------------------------------------------------- helpers


async def state(harness: Harness) -> PromptLab:
    """The game as stored (the test may look at every hand; the channel may not)."""
    database = harness.client.database
    assert database is not None
    return PromptLab.from_json((await stored_row(database, TABLE)).snapshot)


async def assert_channel_discreet(harness: Harness) -> None:
    """No message the channel ever saw holds a card hidden from it now."""
    game = await state(harness)
    hidden = {card_label(card) for card in hidden_from(game, None)}
    for call in public_channel_calls(harness.recorder.calls):
        text = call.text
        leaked = sorted(label for label in hidden if label in text)
        assert not leaked, (leaked, text)


def group_value(message: dict[str, Any], suit: str) -> str:
    """The value of a suit's entry in the group select."""
    symbol = card_label("2" + suit)[-1]
    return next(o["value"] for o in component(message, "group")["options"] if symbol in o["label"])


def suit_positions(hand: list[str], suit: str, count: int) -> list[str]:
    """The multi-select values (hand positions) of the seat's first `count` cards of a suit."""
    return [str(i) for i, card in enumerate(hand) if card[1] == suit][:count]


async def click(harness: Harness, user: FakeUser, message_id: int, action: str, **kw: Any):
    return await harness.click(
        user, message_id, find_id(harness.recorder.message(message_id), action), **kw
    )


async def choose(
    harness: Harness, user: FakeUser, message_id: int, suit: str, positions: list[str]
) -> dict[str, Any]:
    """Show a suit with the group select, then choose exactly `positions` of it; the message."""
    rec = harness.recorder
    suits = find_id(rec.message(message_id), "group")
    await harness.click(
        user, message_id, suits, values=[group_value(rec.message(message_id), suit)]
    )
    cards = find_id(rec.message(message_id), "sel")
    await harness.click(user, message_id, cards, values=positions)
    return rec.message(message_id)


def lone_card(game: PromptLab, seat: int) -> str:
    """A card of the seat's that nobody may claim (no rank held elsewhere, no run after it)."""
    others = [c for s in range(game.seats) if s != seat for c in game.hands[s]]
    after = game.hands[(seat + 1) % game.seats]
    return next(
        card
        for card in game.hands[seat]
        if not any(o[0] == card[0] for o in others)
        and not any(prompt_lab.adjacent(o, card) for o in after)
    )


# ---------------------------------------------------------------------------- the game


async def test_every_prompt_kind_through_discord(
    harness: Harness, make_harness: MakeHarness, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    rec = harness.recorder
    service = harness.client.service
    lobby = await harness.slash(ALICE, "game new", game=prompt_lab.GAME_ID, seats=3)
    table_message = lobby.answer.message_id or 0
    await press(harness, HANA, table_message, "join")
    await harness.click(
        ALICE, table_message, find_id(rec.message(table_message), "cpu"), values=["normal"]
    )

    # -- the deal, at the table's pace; held right after Alice draws her Ace
    pause = Pause(service, lambda result: result.prompt_for(0) is not None)
    monkeypatch.setattr(service, "advance", pause)
    await press(harness, ALICE, table_message, "start")
    assert pause.steps == 1 and not harness.client.pacer.tasks
    game = await state(harness)
    assert game.draws == 1 and game.aces(0) and game.turn() == 1  # 花子 is to draw
    alice_dm = rec.last_dm(ALICE)
    assert "You may: declare with an Ace, if you like." in description(alice_dm)
    labels = [b["label"] for row in alice_dm["components"] for b in row["components"]]
    ace = card_label(game.aces(0)[0])
    assert labels[0] == f"Declare {ace}" and "Not now" in labels
    # the declare is Alice's alone: the channel names nobody, pings nobody, shows "in progress"
    assert turn_field(rec.message(table_message)) == "In progress…"
    assert not [p for p in posts(rec.calls) if "<@" in p.content]
    assert not rec.dm_messages(HANA)  # a draw is the table's step: nothing to press

    # Alice declares from her DM, before 花子's draw; the table then deals on at its pace
    declared = await press(harness, ALICE, int(alice_dm["id"]), "act:0")
    assert not declared.ephemeral_text()
    record = await service.record(TABLE, include_sealed=True)
    assert [(a["seat"], a["type"]) for a in record["actions"][:3]] == [
        (0, "draw"),
        (0, "declare"),
        (1, "draw"),
    ]
    game = await state(harness)
    assert game.declarer == 0 and game.phase == "bury" and len(game.hands[0]) == 40
    assert pause.steps == 51 and not harness.client.pacer.tasks  # one draw per step
    assert not rec.dm_messages(HANA)  # no Draw button was ever DMed
    log = description(rec.message(table_message))
    assert "Alice took 23 cards from the stock." in log
    assert "Alice declared." in "\n".join(c.text for c in public_channel_calls(rec.calls))
    await assert_channel_discreet(harness)

    # -- the bury: 6 of 40, judged as a whole, with the group select and the multi-select
    dm = int(rec.last_dm(ALICE)["id"])
    shown = rec.message(dm)
    assert "Your turn: bury 6 cards, at most 2 of one suit." in description(shown)
    play = component(shown, "play")
    assert play["disabled"] and play["label"] == "Choose cards first"
    assert len(component(shown, "group")["options"]) == 4  # the four suits
    hand = game.hands[0]
    hearts, spades = suit_positions(hand, "H", 3), suit_positions(hand, "S", 3)
    diamonds = suit_positions(hand, "D", 2)
    three = await choose(harness, ALICE, dm, "H", hearts)
    assert "⚠️ Choose exactly 6 cards (3 chosen)." in description(three)
    assert component(three, "play")["disabled"]
    refused = await choose(harness, ALICE, dm, "S", spades)
    assert "⚠️ Bury at most 2 cards of one suit." in description(refused)
    assert component(refused, "play")["disabled"]
    assert (await state(harness)).phase == "bury"  # choosing writes nothing

    # -- a restart: a new bot on the same database; the selection lives in the custom_ids
    await harness.close()
    harness = await make_harness(rec)
    service = harness.client.service
    await harness.click(
        ALICE, dm, find_id(rec.message(dm), "group"), values=[group_value(rec.message(dm), "H")]
    )
    again = rec.message(dm)
    assert "(6 of 6)" in description(again) and "⚠️ Bury at most 2" in description(again)
    await choose(harness, ALICE, dm, "H", hearts[:2])
    await choose(harness, ALICE, dm, "S", spades[:2])
    legal = await choose(harness, ALICE, dm, "D", diamonds)
    assert "⚠️" not in description(legal) and "(6 of 6)" in description(legal)
    play = component(legal, "play")
    assert not play["disabled"] and play["label"].startswith("Play ")
    # Clear empties it; Hint fills a legal selection of the normal CPU's
    await click(harness, ALICE, dm, "clear")
    assert component(rec.message(dm), "play")["disabled"]
    await click(harness, ALICE, dm, "hint")
    hinted = rec.message(dm)
    assert "(6 of 6)" in description(hinted) and "⚠️" not in description(hinted)
    assert not component(hinted, "play")["disabled"]
    buried = await click(harness, ALICE, dm, "play")
    assert not buried.ephemeral_text()
    game = await state(harness)
    assert game.phase == "expose" and len(game.kitty) == 6 and len(game.hands[0]) == 34
    assert "Alice buried 6 cards." in description(rec.message(table_message))
    # /game record: the deal and the declaration; the bury and the CPU's exposure are sealed
    assert len((await service.record(TABLE))["actions"]) == 51 + 1
    await assert_channel_discreet(harness)  # the kitty is hidden from the channel

    # -- exposures: sealed until the last is in; /play takes codes and hand numbers
    exposure = game.hands[0][:2]
    played = await harness.slash(ALICE, "play", move=" ".join(exposure))
    assert "Waiting for 花子." in played.ephemeral_text()
    log = description(rec.message(table_message))
    assert "CPU decided." in log and "Alice decided." in log
    assert (await state(harness)).deciding[0] == exposure
    await assert_channel_discreet(harness)  # Alice's exposure: not shown yet
    wrong = await harness.slash(HANA, "play", move="ZZ 99", user_locale="ja")
    assert wrong.ephemeral_text().startswith("札を読み取れませんでした。")
    hana_cards = (await state(harness)).hands[1][13:15]
    await harness.slash(HANA, "play", move="14 15", user_locale="ja")
    game = await state(harness)
    assert game.exposed == [exposure, hana_cards, []] and game.phase == "discard"
    assert "Every exposure is shown." in description(rec.message(table_message))

    # -- discards: Alice's through clicks, 花子's typed in Japanese; nobody may claim them
    alice_discard = lone_card(game, 0)
    dm = int(rec.last_dm(ALICE)["id"])
    shown = rec.message(dm)
    assert "Your turn: discard a card." in description(shown)
    position = str(game.hands[0].index(alice_discard))
    one = await choose(harness, ALICE, dm, alice_discard[1], [position])
    assert component(one, "play")["label"] == f"Play {card_label(alice_discard)}"
    await click(harness, ALICE, dm, "play")
    game = await state(harness)
    hana_discard = lone_card(game, 1)
    number = game.hands[1].index(hana_discard) + 1
    typed = await harness.slash(HANA, "play", move=str(number), user_locale="ja")

    # -- the CPU discarded at once: a claim window, private to Alice and 花子
    game = await state(harness)
    assert game.phase == "claims" and sorted(game.asked) == [0, 1]
    discard = game.discards[-1][1]
    window_start, window_log = len(rec.calls), description(rec.message(table_message))
    assert turn_field(rec.message(table_message)) == "In progress…"
    # Alice hears by DM; 花子, who just played, sees her claim in the answer to her /play
    alice_claim = copy.deepcopy(rec.last_dm(ALICE))  # as she sees it now
    hana_claim = rec.message(typed.answer.message_id or 0)
    assert "claim the discard?" in description(alice_claim)
    assert "この捨て札を取りますか？" in description(hana_claim)
    assert [b["label"] for b in hana_claim["components"][0]["components"]][-1] == "パス"
    await press(harness, HANA, int(hana_claim["id"]), "act:0", user_locale="ja")  # ペア
    table = await service.load(TABLE)
    assert table.public_waiting == () and table.ping_user_ids == ()
    # nothing the channel saw meanwhile names them: no new log line, no turn, no ping
    logged = set(window_log.splitlines())
    for call in public_channel_calls(rec.since(window_start)):
        said = [call.content] + [e.get("description") or "" for e in call.embeds]
        said += [
            f["value"] for e in call.embeds for f in e.get("fields") or [] if f["name"] == "Turn"
        ]
        new = [line for text in said for line in text.splitlines() if line not in logged]
        assert not [line for line in new if "Alice" in line or "花子" in line], new
    assert not [p for p in posts(rec.since(window_start)) if "<@" in p.content]
    # not even an edit of the table message tells that someone answered
    assert not edits_of(rec.since(window_start), table_message)
    assert (await service.record(TABLE))["actions"][-1]["type"] == "discard"  # sealed answer
    # Alice lets her window run out: 20 seconds later she passes by default
    clock.now += timedelta(seconds=21)
    await harness.client.timers.tick(clock.now)
    game = await state(harness)
    assert game.claims[-1] == {"discard": 2, "seat": 1, "claim": "pair"}
    assert f"花子 claimed a pair on {card_label(discard)}." in description(
        rec.message(table_message)
    )
    record = await service.record(TABLE)
    assert [(a["seat"], a["type"]) for a in record["actions"][-2:]] == [(1, "pair"), (0, "pass")]
    # too late: Alice's DM lost its claim controls in place (no new DM: she has nothing to
    # hear), and a click from an older copy of them changes nothing
    assert rec.last_dm(ALICE)["id"] == alice_claim["id"]
    assert "claim the discard?" not in description(rec.message(int(alice_claim["id"])))
    before = await service.load(TABLE)
    current = rec.messages[int(alice_claim["id"])]
    rec.messages[int(alice_claim["id"])] = alice_claim  # the copy she still had on screen
    late = await press(harness, ALICE, int(alice_claim["id"]), "act:0")
    rec.messages[int(alice_claim["id"])] = current
    assert late.ephemeral_text().startswith("This view is out of date")
    assert (await service.load(TABLE)).version == before.version
    await assert_channel_discreet(harness)

    # -- the rest of the game, typed: discards by hand number, claims by name
    for _ in range(100):
        table = await service.load(TABLE)
        if table.status != "active":
            break
        for user, locale, words in PLAYERS:
            current = await service.prompt(TABLE, user.id)
            prompt = current.prompt
            if prompt is None:
                continue
            if prompt["kind"] == "discard":
                move = "1"
            else:
                kinds = [c["type"] for c in prompt["choices"]]
                move = words[("pair", "run", "pass").index(kinds[0])]
            answered = await harness.slash(user, "play", move=move, user_locale=locale)
            assert "could not" not in answered.ephemeral_text()
            await assert_channel_discreet(harness)
            break
    final = rec.message(table_message)
    assert final["embeds"][0]["title"] == "Prompt Lab: result"
    game = await state(harness)
    assert game.is_over() and (await service.load(TABLE)).result == game.result()
    texts = [message_text(m) for m in rec.channel_messages() if not m["flags"] & EPHEMERAL]
    assert texts and all("Traceback" not in text for text in texts)
    await assert_channel_discreet(harness)
