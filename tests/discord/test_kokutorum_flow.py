"""Kokutorum through Discord: Alice and 花子 at a two-seat table, then Alice against a CPU.

Alice sees both versions of her hand and rotates; she draws from the stock, picks the end (B)
and the gap (9) in two steps, sees the hand the insert makes before confirming, is refused a
knock before inserting (in English and Japanese), discards by `/play`, and knocks in the knock
window. 花子 plays round 2 typing Japanese into `/play`, a gap out of range refused first. The
channel never learns a card drawn from the stock. Against a CPU that plays first, the CPU waits
for Alice's rotation (or its window) before drawing.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from engines.errors import JSON
from engines.kokutorum import Kokutorum
from engines.two_number.cards import DECK, rotated
from tests.discord.conftest import Clock, MakeHarness, tiny_png
from tests.discord.harness import ALICE, HANA, Harness, find_id, message_text
from tests.discord.scenes import channel_texts, control, description, labels, press
from tests.tables.helpers import stored_row

TABLE = 1
AS_ROTATED = ["W5B1/B", "W5B2/B", "W5B3/B", "W4B1/W", "W4B2/W", "W4B3/W", "W6B4/B", "W6B5/B"]
"""Alice's hand once rotated: ●1 ●2 ●3 ○4 ○4 ○4 ●4 ●5 (deadwood 9); as dealt it is the same
hand turned around: ○6 ○6 ●3 ●2 ●1 ○5 ○5 ○5 (deadwood 12)."""
HANA_HAND = ["W6B1/W", "W1B4/B", "W6B3/W", "W2B5/B", "W3B6/W", "W1B3/B", "W2B4/W", "W3B5/B"]
"""○6 ●4 ○6 ●5 ○3 ●3 ○2 ●5: no meld, 34 points."""
UPCARD, DRAWN = "W1B2", "W2B6"
"""The first discard, and the stock's top card (Alice draws it: ●6 up ends her run ●4 ●5 ●6)."""


def first_round(dealer: int, hands: list[list[str]]) -> list[dict[str, JSON]]:
    """The record's `deals` for round 1: the hands given, the upcard, `DRAWN` on the stock."""
    used = {c[:4] for hand in hands for c in hand} | {UPCARD, DRAWN}
    stock = [DRAWN] + [c for c in DECK if c not in used]
    return [{"dealer": dealer, "hands": hands, "upcard": UPCARD, "stock": stock}]


def deal_first_round(monkeypatch: pytest.MonkeyPatch, deals: list[dict[str, JSON]]) -> None:
    """Tables deal `deals` for their first round (later rounds shuffle by the seed)."""
    original = Kokutorum.new.__func__  # type: ignore[attr-defined]

    def new(cls: type[Kokutorum], seats: int, options: Any = None, seed: int = 0, deal: Any = None):
        return original(cls, seats, options, seed, deals if deal is None else deal)

    monkeypatch.setattr(Kokutorum, "new", classmethod(new))


async def stored(harness: Harness) -> Kokutorum:
    """The game as stored (the test may look at every hand; the players may not)."""
    database = harness.client.database
    assert database is not None
    return Kokutorum.from_json((await stored_row(database, TABLE)).snapshot)


async def start(harness: Harness, *, cpu: bool = False) -> int:
    """Alice opens a two-seat Kokutorum table; 花子 joins (or a CPU sits); Alice starts."""
    lobby = await harness.slash(ALICE, "game new", game="kokutorum", seats=2)
    table_message = lobby.response.message_id or 0
    if cpu:
        message = harness.recorder.message(table_message)
        await harness.click(ALICE, table_message, find_id(message, "cpu"), values=["normal"])
    else:
        await press(harness, HANA, table_message, "join")
    await press(harness, ALICE, table_message, "start")
    return table_message


async def test_rotate_insert_with_an_end_and_a_gap_then_knock(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_first_round(monkeypatch, first_round(1, [rotated(AS_ROTATED), HANA_HAND]))
    rendered: list[tuple[int | None, Any]] = []

    def render(view: Any, players: Any, locale: str, viewer: int | None) -> bytes:
        rendered.append((viewer, view))
        return tiny_png(view, players, locale, viewer)

    harness = await make_harness(render=render)
    rec, service = harness.recorder, harness.client.service
    await start(harness)

    # -- the rotation: both versions of the hand, before the first draw
    dm = rec.last_dm(ALICE)
    said = message_text(dm)
    assert "Your turn: Rotate your whole hand once" in said
    assert "As dealt (deadwood 12): 1 ○6 2 ○6 [3 ●3 4 ●2 5 ●1] [6 ○5 7 ○5 8 ○5]" in said
    assert "Rotated (deadwood 9): [1 ●1 2 ●2 3 ●3] [4 ○4 5 ○4 6 ○4] 7 ●4 8 ●5" in said
    assert labels(dm)[:2] == ["Rotate", "Keep"]
    hana_dm = rec.last_dm(HANA)  # 花子 may rotate too until the first draw (in private)
    assert "いまできること：手札全体を一度だけ回転する" in description(hana_dm)
    await press(harness, ALICE, int(dm["id"]), "act:0")
    assert "Alice rotates their hand" in channel_texts(harness)

    # -- the draw, then the insert in two steps: the end, then the gap
    dm = rec.message(int(dm["id"]))
    assert labels(dm)[:2] == ["Draw from the stock", "Take the discard"]
    await press(harness, ALICE, int(dm["id"]), "act:0")
    dm = rec.message(int(dm["id"]))
    said = message_text(dm)
    assert "You drew ○2/●6." in said
    assert "You drew ○2/●6: W puts ○2 up, B puts ●6 up." in said
    assert "▸1 [●1 ▸2 ●2 ▸3 ●3] ▸4 [○4 ▸5 ○4 ▸6 ○4] ▸7 ●4 ▸8 ●5 ▸9" in said
    assert labels(dm)[:2] == ["○2 up (W)", "●6 up (B)"]
    gaps = [o["label"] for o in control(dm, "two")["options"]]
    assert gaps[0] == "Gap 1 · before ●1" and gaps[8] == "Gap 9 · after ●5" and len(gaps) == 9
    assert control(dm, "act:x")["disabled"]

    # a knock before the card is in is refused, in the player's language, and changes nothing
    before = (await service.load(TABLE)).action_count
    early = await harness.slash(ALICE, "play", move="knock")
    assert "Knock after inserting your drawn card" in early.ephemeral_text()
    early_ja = await harness.slash(ALICE, "play", move="ノック", user_locale="ja")
    assert "ノックできるのは、引いたカードを差し込んだ後か" in early_ja.ephemeral_text()
    assert (await service.load(TABLE)).action_count == before

    await harness.click(ALICE, int(dm["id"]), control(dm, "one:1.x")["custom_id"])
    dm = rec.message(int(dm["id"]))
    await harness.click(ALICE, int(dm["id"]), control(dm, "two")["custom_id"], values=["8"])
    dm = rec.message(int(dm["id"]))
    preview = description(dm)
    # the hand the insert makes, the new card marked, before anything is played
    assert (
        "👉 After the insert (deadwood 0): [1 ●1 2 ●2 3 ●3] [4 ○4 5 ○4 6 ○4] [7 ●4 8 ●5 9 ⟨●6⟩]"
        in preview
    )
    # and the hand image Alice gets shows it too
    view = [w for v, w in rendered if v == 0][-1]
    assert view["proposal"]["type"] == "insert" and view["proposal"]["upright"] == "B"
    assert not any("proposal" in w for v, w in rendered if v != 0)
    confirm = control(dm, "act:17")
    assert confirm["label"] == "Insert 9 B" and not confirm["disabled"]
    assert (await service.load(TABLE)).action_count == before
    await harness.click(ALICE, int(dm["id"]), confirm["custom_id"])
    game = await stored(harness)
    assert game.hands[0][8] == "W2B6/B" and game.phase == "discard"
    assert "You put ●6/○2 in gap 9, ●6 up." in message_text(rec.message(int(dm["id"])))
    assert "Alice inserts it in gap 9" in channel_texts(harness)

    # -- the discard typed into /play, then the knock from the knock window
    typed = await harness.slash(ALICE, "play", move="discard 1")
    answer = rec.message(typed.answer.message_id or 0)
    assert "You discarded ○5/●1." in message_text(answer)
    assert "You may: Knock now with your 8 cards, until the next player draws." in description(
        answer
    )
    assert "Alice may still knock until the next draw." in channel_texts(harness)
    hidden = ("○2/●6", "●6/○2")  # drawn from the stock: nobody else saw it
    assert not [h for h in hidden if h in channel_texts(harness)]
    assert not [h for h in hidden for m in rec.dm_messages(HANA) if h in message_text(m)]
    await press(harness, ALICE, int(answer["id"]), "act:0")
    game = await stored(harness)
    assert game.history[0]["kind"] == "knock" and game.totals == [29, 0] and game.round_no == 2
    log = channel_texts(harness)
    assert (
        "Alice knocks. Deadwood: Alice 5, 花子 34. Alice scores 29. Totals: Alice 29, 花子 0."
        in log
    )
    assert "Round 2: Alice deals, the upcard is" in log

    # -- round 2: 花子 plays first and types Japanese into /play
    kept = await harness.slash(HANA, "play", move="そのまま")
    assert "手札をそのままにしました。" in kept.ephemeral_text()
    drew = await harness.slash(HANA, "play", move="山札")
    assert "を引きました。" in drew.ephemeral_text()
    wrong = await harness.slash(HANA, "play", move="差し込む 12 B")
    assert "手札にその番号のカードや隙間はありません" in wrong.ephemeral_text()
    wrong_en = await harness.slash(HANA, "play", move="insert 12 B", user_locale="en")
    assert "Your hand has no such card or gap" in wrong_en.ephemeral_text()
    # what the game reads in /play is in its list too, with the game's reason when refused
    listed = await harness.autocomplete(HANA, "play", "move", move="insert 12 B", user_locale="en")
    assert "Your hand has no such card or gap" in listed.choices()[0]["name"]
    listed = await harness.autocomplete(HANA, "play", "move", move="差し込む 3 B")
    assert listed.choices()[0]["value"].startswith("v")  # one of the prompt's own choices
    await harness.slash(HANA, "play", move="差し込む 3 B")
    await harness.slash(HANA, "play", move="捨てる 5")
    actions = (await service.record(TABLE))["actions"][-3:]
    assert actions[0] == {"seat": 1, "type": "draw", "from": "stock"}
    assert actions[1] == {"seat": 1, "type": "insert", "position": 2, "upright": "B"}
    assert actions[2] == {"seat": 1, "type": "discard", "position": 4}
    assert "花子 inserts it in gap 3" in channel_texts(harness)


async def test_a_cpu_that_plays_first_waits_for_the_rotation(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    # Alice deals: the CPU plays first, and would draw at once
    deal_first_round(monkeypatch, first_round(0, [rotated(AS_ROTATED), HANA_HAND]))
    harness = await make_harness()
    rec = harness.recorder
    await start(harness, cpu=True)
    game = await stored(harness)
    assert game.rotation.decided == [False, False] and game.turns == 0  # the CPU waits
    dm = rec.last_dm(ALICE)
    assert "You may: Rotate your whole hand once" in description(dm)
    assert "Rotated (deadwood 9)" in message_text(dm)
    await press(harness, ALICE, int(dm["id"]), "act:0")
    actions = (await harness.client.service.record(TABLE))["actions"]
    draw = actions.index({"seat": 1, "type": "draw", "from": "stock"})
    assert actions[0] == {"seat": 0, "type": "rotate"} and draw > 0  # then the CPU played
    game = await stored(harness)
    shown = game.history[0]["hands"][0] if game.history else game.hands[0]
    assert shown == AS_ROTATED  # Alice's hand was turned before the first draw


async def test_a_rotation_window_that_runs_out_keeps_the_hand(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    deal_first_round(monkeypatch, first_round(0, [rotated(AS_ROTATED), HANA_HAND]))
    harness = await make_harness()
    await start(harness, cpu=True)
    clock.now += timedelta(seconds=59)
    await harness.client.timers.tick(clock.now)
    assert (await stored(harness)).turns == 0  # still Alice's minute
    clock.now += timedelta(seconds=2)
    await harness.client.timers.tick(clock.now)
    actions = (await harness.client.service.record(TABLE))["actions"]
    draw = actions.index({"seat": 1, "type": "draw", "from": "stock"})
    assert actions[0] == {"seat": 0, "type": "keep"} and draw > 0  # kept; the CPU played on


async def test_not_now_on_the_rotation_keeps_the_hand_and_the_cpu_goes_on(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_first_round(monkeypatch, first_round(0, [rotated(AS_ROTATED), HANA_HAND]))
    harness = await make_harness()
    await start(harness, cpu=True)
    dm = harness.recorder.last_dm(ALICE)
    assert "Not now" in labels(dm)
    await press(harness, ALICE, int(dm["id"]), "dismiss")
    actions = (await harness.client.service.record(TABLE))["actions"]
    assert actions[0] == {"seat": 0, "type": "keep"}
    assert {"seat": 1, "type": "draw", "from": "stock"} in actions


async def test_play_takes_only_a_move_of_the_prompt_asked(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/play move:s` at the rotation drew a card (the game allows a draw then) and the rotation
    was never decided; a move of another kind is never applied: the game's reason when it
    would refuse it anyway, else "not one of your moves"."""
    deal_first_round(monkeypatch, first_round(1, [rotated(AS_ROTATED), HANA_HAND]))
    harness = await make_harness()
    service = harness.client.service
    await start(harness)
    before = await stored(harness)
    for typed in ("s", "draw", "stock", "%s"):
        refused = await harness.slash(ALICE, "play", move=typed)
        assert "That is not one of your moves." in refused.ephemeral_text(), typed
    refused = await harness.slash(ALICE, "play", move="discard 3")
    assert "Not now: a turn is draw, then insert, then discard." in refused.ephemeral_text()
    assert (await service.load(TABLE)).action_count == 0
    after = await stored(harness)
    assert after.to_json() == before.to_json()
    await harness.slash(ALICE, "play", move="keep")
    assert (await stored(harness)).rotation.decided[0]
