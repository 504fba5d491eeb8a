"""Gong Zhu through Discord: the secret, simultaneous exposures chosen from the DM controls
(nobody learns another's choice before all four are in), and an illegal play answered with its
reason, in English and Japanese."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

import pytest

from tests.discord.conftest import MakeHarness, tiny_png
from tests.discord.harness import ALICE, BOB, HANA, Harness, find_id
from tests.discord.scenes import components, press

SEED = 29
"""Alice (seat 0) holds Q♠ 7♠ and no other spade; 花子 holds A♥ J♦ 10♣; Bob and the CPU hold
none of the four cards that can be exposed; the CPU holds 2♠ and leads it."""


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get the seed `SEED` (the service draws it from `secrets`)."""
    monkeypatch.setattr("bot.tables.core.secrets", types.SimpleNamespace(randbits=lambda _: SEED))


async def four_seats(harness: Harness) -> int:
    """Alice opens a Gong Zhu lobby, 花子 and Bob join, a normal CPU sits, Alice starts."""
    lobby = await harness.slash(ALICE, "game new", game="gong-zhu", seats=4)
    table_message = lobby.response.message_id or 0
    await press(harness, HANA, table_message, "join")
    await press(harness, BOB, table_message, "join")
    message = harness.recorder.message(table_message)
    await harness.click(ALICE, table_message, find_id(message, "cpu"), values=["normal"])
    await press(harness, ALICE, table_message, "start")
    return table_message


def control(message: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The one component of `message` whose action is `action`."""
    [found] = [c for c in components(message) if c["custom_id"].split(":")[4] == action]
    return found


def table_log(harness: Harness, table_message: int) -> str:
    return harness.recorder.message(table_message)["embeds"][0]["description"]


async def test_exposures_are_secret_until_all_four_are_in(
    make_harness: MakeHarness, seeded: None
) -> None:
    harness = await make_harness()
    rec = harness.recorder
    table_message = await four_seats(harness)
    service = harness.client.service

    # Bob and the CPU hold nothing to expose; the CPU answered at once, Bob is asked like
    # the others (the channel must not learn that he holds none): his DM says why, and its
    # one button exposes nothing
    table = await service.load(1)
    assert [s.name for s in table.seats] == ["Alice", "花子", "Bob", "CPU"]
    assert set(table.to_act) == {0, 1, 2}
    bob_dm = rec.last_dm(BOB)
    said = bob_dm["embeds"][0]["description"]
    assert "Your turn: No card to expose this hand." in said
    assert [c["label"] for c in components(bob_dm) if ":act:" in c["custom_id"]] == [
        "Expose nothing"
    ]

    # Alice's DM: her hand, only the exposable card offered, the effect said in words
    dm = rec.last_dm(ALICE)
    text = dm["embeds"][0]["description"]
    assert "You may expose: Q♠ — pig ×2." in text
    select = control(dm, "sel")
    assert [o["label"] for o in select["options"]] == ["1. Q♠"]
    assert control(dm, "play")["disabled"] and control(dm, "play")["label"] == "Choose cards first"
    assert control(dm, "act")["label"] == "Expose nothing"
    hana_dm = rec.last_dm(HANA)
    assert (
        "公開できるカード：A♥（ハートすべて ×2）、10♣（変圧器 ×4）、J♦（ヒツジ ×2）"
        in (hana_dm["embeds"][0]["description"])
    )

    # the Hint is the hard CPU's: a lone pig with one low spade is not worth exposing
    await harness.click(ALICE, int(dm["id"]), control(dm, "hint")["custom_id"])
    dm = rec.message(int(dm["id"]))
    assert (
        "💡 Hint: Expose nothing (exposing does not pay with this hand)"
        in dm["embeds"][0]["description"]
    )
    assert control(dm, "play")["disabled"]  # nothing chosen for her, nothing played

    # Alice picks Q♠ in the select, and the button says what it will do
    await harness.click(ALICE, int(dm["id"]), select["custom_id"], values=["0"])
    dm = rec.message(int(dm["id"]))
    play = control(dm, "play")
    assert play["label"] == "Expose Q♠" and not play["disabled"]
    exposed = await harness.click(ALICE, int(dm["id"]), play["custom_id"])
    assert exposed.response.callback_type == 6
    mine = rec.message(int(dm["id"]))["embeds"][0]["description"]
    assert "You expose Q♠; it is shown when everyone has decided." in mine

    # nobody else learns what: the channel says only that she decided; 花子's DM is untouched
    log = table_log(harness, table_message)
    assert "Alice has decided" in log and "Q♠" not in log
    for call in exposed.calls:  # nothing sent anywhere but to Alice's own DM names it
        if call.kind == "http" and (call.result or {}).get("channel_id") != dm["channel_id"]:
            assert "Q♠" not in call.text and "QS" not in call.text
    assert rec.last_dm(HANA)["id"] == hana_dm["id"]
    seen = await service.prompt(1, HANA.id)
    assert seen.view["exposed"] == [[], [], [], []] and seen.view["decided"][0] is True
    assert "QS" not in str({k: v for k, v in seen.view.items() if k != "hand_cards"})
    assert (await service.record(1))["actions"] == []  # every exposure sealed until all are in

    # 花子 and Bob expose nothing: the fourth decision reveals all of them together
    await harness.click(HANA, int(hana_dm["id"]), find_id(hana_dm, "act:0"), user_locale="ja")
    assert "Alice exposes Q♠" not in table_log(harness, table_message)
    await harness.click(BOB, int(bob_dm["id"]), find_id(bob_dm, "act:0"))
    log = table_log(harness, table_message)
    assert "Alice exposes Q♠" in log
    actions = (await service.record(1))["actions"]
    assert {"seat": 0, "type": "expose", "cards": ["QS"]} in actions
    assert {"seat": 1, "type": "expose", "cards": []} in actions
    view = (await service.prompt(1, BOB.id)).view
    assert view["exposed"] == [["QS"], [], [], []] and view["exposed_live"][0] == ["QS"]


async def test_a_seat_holding_none_of_the_four_looks_like_the_others(
    make_harness: MakeHarness, seeded: None
) -> None:
    """Bob holds none of the cards that can be exposed, Alice and 花子 do: in public the three
    look alike until the exposures are revealed (issue 23: the Turn field and the ping named
    only those with a choice, while the image showed all three deciding)."""
    rendered: list[Mapping[str, Any]] = []

    def render(view: Mapping[str, Any], players: Any, locale: str, viewer: int | None) -> bytes:
        if viewer is None:
            rendered.append(view)
        return tiny_png(view, players, locale, viewer)

    harness = await make_harness(render=render)
    rec = harness.recorder
    table_message = await four_seats(harness)
    turn = rec.message(table_message)["embeds"][0]["fields"][0]["value"]
    assert turn.splitlines()[:3] == ["Alice to play", "花子 to play", "Bob to play"]
    [ping] = [m for m in rec.channel_messages() if "<@" in m["content"]]
    assert [int(u) for u in ping_mentions(ping)] == [ALICE.id, HANA.id, BOB.id]
    assert rendered[-1]["decided"] == [False, False, False, True]  # the CPU answered at once
    # each of them deciding tells the channel the same thing: that they decided
    for user in (BOB, HANA):
        dm = rec.last_dm(user)
        await harness.click(user, int(dm["id"]), find_id(dm, "act:0"))
    log = table_log(harness, table_message)
    assert "Bob has decided" in log and "花子 has decided" in log
    assert "no card" not in log.lower()


def ping_mentions(message: Mapping[str, Any]) -> list[str]:
    """The users a stored ping mentions, in its order."""
    import re

    return re.findall(r"<@(\d+)>", message["content"])


async def test_an_illegal_play_is_answered_with_its_reason(
    make_harness: MakeHarness, seeded: None
) -> None:
    harness = await make_harness()
    rec = harness.recorder
    await four_seats(harness)
    dm = rec.last_dm(ALICE)
    select = control(dm, "sel")
    await harness.click(ALICE, int(dm["id"]), select["custom_id"], values=["0"])
    await press(harness, ALICE, int(dm["id"]), "play")
    hana_dm = rec.last_dm(HANA)
    await harness.click(HANA, int(hana_dm["id"]), find_id(hana_dm, "act:0"), user_locale="ja")
    bob_dm = rec.last_dm(BOB)
    await harness.click(BOB, int(bob_dm["id"]), find_id(bob_dm, "act:0"))

    # the CPU led 2♠; Alice holds the exposed Q♠ and 7♠: only 7♠ can be chosen
    table = await harness.client.service.load(1)
    assert table.to_act == (0,)
    dm = rec.last_dm(ALICE)
    assert [o["label"] for o in control(dm, "sel")["options"]] == ["2. 7♠"]

    # typed, the pig is refused with the document's reason, and so is a heart
    before = (await harness.client.service.load(1)).action_count
    pig = await harness.slash(ALICE, "play", move="Q♠")
    assert pig.response.ephemeral
    assert "The exposed Q♠ can't be played in the first ♠ trick" in pig.ephemeral_text()
    heart = await harness.slash(ALICE, "play", move="JH")
    assert "Follow suit: you hold ♠" in heart.ephemeral_text()
    ja = await harness.slash(ALICE, "play", move="JH", user_locale="ja")
    assert "♠ をフォローしてください" in ja.ephemeral_text()
    assert (await harness.client.service.load(1)).action_count == before

    # the legal card goes through
    played = await harness.slash(ALICE, "play", move="7S")
    assert "You played 7♠." in played.ephemeral_text()
    assert (await harness.client.service.load(1)).action_count == before + 1
