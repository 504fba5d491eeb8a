"""Zhao Pengyou through Discord: two humans and four CPUs at a 6-seat table.

Alice declares from her DM while the table draws (between two draws, held there as another
bot process might), buries the kitty with the group select, the multi-select and Play, calls
her friends from the choices, leads a trump sequence of pairs with the card pick, then types a
throw that does not stand into `/play` and sees it played as its weakest card; 花子 follows by
hand numbers in Japanese. The channel never shows a hidden card and never names who could
declare.
"""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image

import bot.tables.core
from engines.cards import card_label
from engines.cpu import cpu_player, decision_rng
from engines.players import Decision
from engines.zhao_pengyou import ZhaoPengyou
from engines.zhao_pengyou.cards import INDEX
from render.theme import CANVAS
from tests.discord.conftest import MakeHarness
from tests.discord.harness import (
    ALICE,
    EPHEMERAL,
    HANA,
    Harness,
    find_id,
    message_text,
)
from tests.discord.scenes import (
    Pause,
    component,
    description,
    press,
    public_channel_calls,
    turn_field,
)
from tests.engines.test_zhao_pengyou_properties import secret_from
from tests.engines.zhao_pengyou_helpers import first_deal
from tests.tables.helpers import stored_row

SEED = 11
SEATS = 6
TABLE = 1
KITTY = ["3D", "4D", "6D", "7D", "8D", "9D"]
HANDS = {
    # Alice draws 2♠ first; she holds both A♠ and both K♠ (a trump sequence once spades are
    # trump) and a lone K♣ and Q♣ while both A♣ are elsewhere (a throw that cannot stand)
    0: ["2S", "AS", "AS", "KS", "KS", "KC", "QC"],
    3: ["AC"],
    4: ["AC"],
}


@pytest.fixture
async def harness(make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A bot whose first table gets the seed above and, for its first deal, the draw order
    above (later deals shuffle as usual)."""
    monkeypatch.setattr(bot.tables.core, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    first_deal(monkeypatch, SEED, SEATS, HANDS, KITTY)
    return await make_harness()


async def open_table(harness: Harness) -> int:
    """Alice opens a table of `SEATS`, 花子 joins and Alice seats normal CPUs in the others; the
    table message id (not started yet)."""
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="zhao-pengyou", seats=SEATS)
    table_message = lobby.answer.message_id or 0
    await press(harness, HANA, table_message, "join")
    for _ in range(SEATS - 2):
        await harness.click(
            ALICE, table_message, find_id(rec.message(table_message), "cpu"), values=["normal"]
        )
    return table_message


async def state(harness: Harness) -> ZhaoPengyou:
    """The game as stored (the test may look at every hand; the channel may not)."""
    database = harness.client.database
    assert database is not None
    return ZhaoPengyou.from_json((await stored_row(database, TABLE)).snapshot)


async def assert_channel_discreet(harness: Harness) -> None:
    """No message the channel ever saw holds a card hidden from it now."""
    game = await state(harness)
    hidden = {card_label(code) for code in secret_from(game, None)}
    for call in public_channel_calls(harness.recorder.calls):
        leaked = sorted(label for label in hidden if label in call.text)
        assert not leaked, (leaked, call.text)


async def choose(harness: Harness, message_id: int, group: str, cards: list[str]) -> dict[str, Any]:
    """Show a group of Alice's hand with the group select (by its label), then choose exactly
    `cards` in it (copies left to right); the message as it stands then."""
    rec = harness.recorder
    options = component(rec.message(message_id), "group")["options"]
    value = next(o["value"] for o in options if group in o["label"])
    await harness.click(
        ALICE, message_id, find_id(rec.message(message_id), "group"), values=[value]
    )
    shown = component(rec.message(message_id), "sel")["options"]
    wanted = list(cards)
    values = []
    for option in shown:
        label = option["label"].split(". ", 1)[1]
        if label in wanted:
            wanted.remove(label)
            values.append(option["value"])
    assert not wanted, f"not in the group: {wanted}"
    await harness.click(ALICE, message_id, find_id(rec.message(message_id), "sel"), values=values)
    return rec.message(message_id)


def normal_move(game: ZhaoPengyou, seat: int) -> list[str]:
    """The normal CPU's play for a seat, from that seat's view (how 花子 decides here)."""
    prompt = game.prompts()[seat]
    player = cpu_player(game.id, "normal")
    action = player.decide(
        Decision(game.view(seat), prompt, decision_rng(1, "test", seat), game.accepts)
    )
    assert action is not None
    return list(action.get("cards"))


# ---------------------------------------------------------------------------- the game


async def test_declare_bury_call_sequence_and_failed_throw_through_discord(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    rec = harness.recorder
    service = harness.client.service
    table_message = await open_table(harness)

    # -- the deal, at the table's pace; held right after Alice draws her 2♠
    pause = Pause(service, lambda result: result.prompt_for(0) is not None)
    monkeypatch.setattr(service, "advance", pause)
    await press(harness, ALICE, table_message, "start")
    game = await state(harness)
    assert game.phase == "draw" and game.hands[0][INDEX["2S"]] == 1 and game.sizes[0] == 1
    alice_dm = rec.last_dm(ALICE)
    assert "You may:" in description(alice_dm)
    labels = [b["label"] for row in alice_dm["components"] for b in row["components"]]
    assert labels[0] == "Declare 2♠"
    # the declaration is Alice's alone: the channel names nobody, pings nobody
    assert turn_field(rec.message(table_message)) == "In progress…"
    assert "<@" not in "\n".join(c.content for c in public_channel_calls(rec.calls))
    declared = await press(harness, ALICE, int(alice_dm["id"]), "act:0")
    assert not declared.ephemeral_text()
    game = await state(harness)
    assert game.declarer == 0 and game.trump is not None and game.trump.code == "2S"
    assert game.phase == "bury" and game.sizes[0] == 17 + 6  # the drawing went on to the end
    record = await service.record(TABLE, include_sealed=True)
    kinds = [a["type"] for a in record["actions"]]
    at = kinds.index("declare")
    assert set(kinds[:at]) == {"draw"} and kinds[at + 1] == "draw"  # between two draws
    assert record["actions"][at] == {"seat": 0, "type": "declare", "card": "2S"}
    log = "\n".join(c.text for c in public_channel_calls(rec.calls))
    assert "Alice declared 2♠: trump is 2♠: spades and the 2s" in log
    await assert_channel_discreet(harness)

    # -- the bury: the kitty's six diamonds, chosen from the diamond group
    dm = int(rec.last_dm(ALICE)["id"])
    shown = rec.message(dm)
    assert "Bury exactly 6 cards" in description(shown)
    assert component(shown, "play")["disabled"]
    groups = [o["label"] for o in component(shown, "group")["options"]]
    assert groups[0].startswith("Trumps ")  # the trumps first, then the plain suits
    kitty_labels = [card_label(c) for c in KITTY]
    chosen = await choose(harness, dm, "♦", kitty_labels[:5])
    assert "⚠️" in description(chosen) and component(chosen, "play")["disabled"]
    ready = await choose(harness, dm, "♦", kitty_labels)
    play = component(ready, "play")
    assert not play["disabled"] and play["label"].startswith("Bury ")
    buried = await harness.click(ALICE, dm, find_id(ready, "play"))
    assert not buried.ephemeral_text()
    game = await state(harness)
    assert game.phase == "call" and sorted(game.buried) == sorted(INDEX[c] for c in KITTY)
    assert len((await service.record(TABLE))["actions"]) == len(record["actions"])  # sealed
    await assert_channel_discreet(harness)  # the bury is nobody's business
    # no trick taken and no deal ended yet: the Details button has nothing more to show
    early = await press(harness, HANA, table_message, "details")
    assert early.ephemeral_text() == "このテーブルについて、いま表示できる詳細はありません。"

    # -- the calls: one of the suggested sets, from the buttons
    dm = int(rec.last_dm(ALICE)["id"])
    shown = rec.message(dm)
    assert "Call 2 friends" in description(shown)
    first = component(shown, "act")["label"]
    assert first.startswith("Call ") and ("1st" in first or "2nd" in first)
    await press(harness, ALICE, dm, "act:0")
    game = await state(harness)
    assert game.phase == "play" and len(game.calls) == 2 and game.turn == 0
    assert "Alice calls" in "\n".join(c.text for c in public_channel_calls(rec.calls))

    # -- the first lead: A♠ A♠ K♠ K♠, a sequence of pairs in trumps, with the card pick
    dm = int(rec.last_dm(ALICE)["id"])
    picked = await choose(harness, dm, "Trumps", ["A♠", "A♠", "K♠", "K♠"])
    assert component(picked, "play")["label"] == "Play A♠, A♠, K♠, K♠"
    await harness.click(ALICE, dm, find_id(picked, "play"))
    game = await state(harness)
    assert game.lead is not None and game.lead.kind == "sequence" and game.turn == 1
    # 花子 follows with hand numbers typed in Japanese
    move = normal_move(game, 1)
    hand = game.hand_codes(1)
    numbers = []
    for code in move:
        at = next(i for i, c in enumerate(hand) if c == code and i + 1 not in numbers)
        numbers.append(at + 1)
    typed = await harness.slash(HANA, "play", move=" ".join(map(str, numbers)), user_locale="ja")
    assert "読み取れません" not in typed.ephemeral_text()
    game = await state(harness)
    assert game.tricks == 1 and game.turn == 0  # the CPUs followed; Alice took the trick
    log = "\n".join(c.text for c in public_channel_calls(rec.calls))
    assert "Alice plays A♠, A♠, K♠, K♠" in log and "Alice takes the trick" in log

    # -- a throw typed into /play: K♣ Q♣, but both A♣ are out there: Q♣ is led instead
    kings = game.hands[0][INDEX["KC"]]
    thrown = await harness.slash(ALICE, "play", move="KC QC")
    assert "could not" not in thrown.ephemeral_text()
    game = await state(harness)
    assert game.failed and game.failed[-1]["cards"] == ["QC"]
    assert game.hands[0][INDEX["KC"]] == kings  # K♣ went back to the hand
    log = "\n".join(c.text for c in public_channel_calls(rec.calls))
    assert "Alice's throw of K♣, Q♣ does not stand: Q♣ is led instead" in log
    record = await service.record(TABLE)
    thrown_action = next(a for a in reversed(record["actions"]) if a["seat"] == 0)
    assert thrown_action == {"seat": 0, "type": "play", "cards": ["KC", "QC"]}  # as typed
    await assert_channel_discreet(harness)
    texts = [message_text(m) for m in rec.channel_messages() if not m["flags"] & EPHEMERAL]
    assert texts and all("Traceback" not in text for text in texts)

    # -- Details: the last trick taken, privately, drawn from 花子's own seat
    details = await press(harness, HANA, table_message, "details")
    assert details.response.ephemeral
    (image,) = details.answer.files
    assert image.filename == "details.png"
    assert Image.open(io.BytesIO(image.data)).size == CANVAS


async def to_the_calls(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice and 花子 with four CPUs; Alice declares 2♠ during the draw (from her DM) and buries
    the kitty: the table waits for her calls."""
    rec = harness.recorder
    service = harness.client.service
    table_message = await open_table(harness)
    pause = Pause(service, lambda result: result.prompt_for(0) is not None)
    monkeypatch.setattr(service, "advance", pause)
    await press(harness, ALICE, table_message, "start")
    await press(harness, ALICE, int(rec.last_dm(ALICE)["id"]), "act:0")
    await service.act(TABLE, ALICE.id, {"type": "bury", "cards": KITTY})
    assert (await state(harness)).phase == "call"


async def test_calls_typed_in_play_are_offered_with_the_games_reason_when_refused(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    await to_the_calls(harness, monkeypatch)
    typed = "AH 1, KH 2"
    offered = (await harness.autocomplete(ALICE, "play", "move", move=typed)).choices()
    assert offered[0] == {"name": "Call 1st A♥, 2nd K♥", "value": typed}
    # spades are trumps: the call is still offered, with the game's reason
    offered = (await harness.autocomplete(ALICE, "play", "move", move="AS 1, KH 2")).choices()
    assert offered[0]["name"].startswith("Call 1st A♠, 2nd K♥")
    assert "AS is a trump: call a card that is not a trump." in offered[0]["name"]
    offered = (
        await harness.autocomplete(ALICE, "play", "move", move="AS 1, KH 2", user_locale="ja")
    ).choices()
    assert "A♠ の1" in offered[0]["name"] and "切札以外" in offered[0]["name"]
    # half a call set: what to type, not an empty list
    offered = (await harness.autocomplete(ALICE, "play", "move", move="AH")).choices()
    assert offered and "AH 1, KS 2" in offered[-1]["name"]
    played = await harness.slash(ALICE, "play", move=typed)
    assert "You called 1st A♥, 2nd K♥." in played.ephemeral_text()
    game = await state(harness)
    assert game.phase == "play" and game.calls == [(INDEX["AH"], 1), (INDEX["KH"], 2)]


TWO_DECLARERS = {
    0: ["2S", "AS", "AS", "KS", "KS", "KC", "QC"],
    1: ["2H", "3H"],  # 花子 draws a 2 of her own at once: she may declare too
    2: ["3C", "4C"],
    3: ["AC", "5C"],
    4: ["AC", "6C"],
    5: ["7C", "8C"],
}


@pytest.fixture
async def two_declarers(make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A bot whose first table deals Alice 2♠ and 花子 2♥ first (the CPUs no 2 early)."""
    monkeypatch.setattr(bot.tables.core, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    first_deal(monkeypatch, SEED, SEATS, TWO_DECLARERS, KITTY)
    return await make_harness()


async def test_a_declaration_after_trump_was_declared_is_told_so_not_out_of_date(
    two_declarers: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness = two_declarers
    rec = harness.recorder
    service = harness.client.service
    table_message = await open_table(harness)
    both = Pause(service, lambda r: r.prompt_for(0) is not None and r.prompt_for(1) is not None)
    monkeypatch.setattr(service, "advance", both)
    await press(harness, ALICE, table_message, "start")
    # Hana's own look at her hand (`/game hand`): the bot edits her DM when trump is declared,
    # but not this answer, whose Declare button she may still press
    look = await harness.slash(HANA, "game hand")
    hana_hand = rec.message(look.response.message_id or 0)
    assert "2♥ で宣言" in [b["label"] for row in hana_hand["components"] for b in row["components"]]
    await press(harness, ALICE, int(rec.last_dm(ALICE)["id"]), "act:0")
    assert (await state(harness)).declarer == 0
    late = await press(harness, HANA, int(hana_hand["id"]), "act:0", user_locale="en")
    assert late.ephemeral_text() == "Trump was declared already: Alice declared 2♠."
    late_ja = await press(harness, HANA, int(hana_hand["id"]), "act:0")
    assert late_ja.ephemeral_text() == "切札はもう宣言されています：Aliceが2♠を宣言しました。"
    assert (await state(harness)).declarer == 0
