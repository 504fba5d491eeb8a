"""Go Fish through Discord: an ask in two steps from the DM, an ask typed with /play, a whole
game in which no message shows a seat another seat's cards or the card a miss drew."""

from __future__ import annotations

import re
import types
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from engines.actions import Action
from engines.cards import card_label, standard_deck
from engines.go_fish import GoFish
from tests.discord.conftest import MakeHarness, tiny_png
from tests.discord.harness import ALICE, HANA, Exchange, Harness, custom_ids, find_id
from tests.discord.scenes import components, press

SEED = 22
"""Three seats, Alice asks first holding 2S 2D 4H 5H 6S 9C KD; 花子 holds the 2C."""
LABELS = {card_label(card): card for card in standard_deck()}
LABEL = re.compile("|".join(sorted((re.escape(k) for k in LABELS), key=len, reverse=True)))


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get the seed `SEED` (the service draws it from `secrets`)."""
    monkeypatch.setattr("bot.tables.core.secrets", types.SimpleNamespace(randbits=lambda _: SEED))


async def three_seats(harness: Harness) -> int:
    """Alice opens a 3-seat Go Fish lobby, 花子 joins, a normal CPU sits, Alice starts."""
    lobby = await harness.slash(ALICE, "game new", game="go-fish", seats=3)
    table_message = lobby.response.message_id or 0
    await press(harness, HANA, table_message, "join")
    message = harness.recorder.message(table_message)
    await harness.click(ALICE, table_message, find_id(message, "cpu"), values=["normal"])
    await press(harness, ALICE, table_message, "start")
    return table_message


def labelled(message: Mapping[str, Any], action: str) -> list[tuple[str, str]]:
    """(custom_id, label) of the components whose action is `action`."""
    out = []
    for item in components(message):
        if item["custom_id"].split(":")[4] == action:
            out.append((item["custom_id"], item.get("label") or item.get("placeholder") or ""))
    return out


async def test_an_ask_in_two_steps_from_the_dm(make_harness: MakeHarness, seeded: None) -> None:
    harness = await make_harness()
    rec = harness.recorder
    table_message = await three_seats(harness)
    table = await harness.client.service.load(1)
    assert [s.name for s in table.seats] == ["Alice", "花子", "CPU"] and table.to_act == (0,)

    dm = rec.last_dm(ALICE)
    # the seats to ask, as buttons with their hand sizes; the ranks in a select; Ask disabled
    seats = labelled(dm, "one")
    assert [label for _, label in seats] == ["花子 · 7 cards", "CPU · 7 cards"]
    [(select_id, _)] = labelled(dm, "two")
    ranks = next(c for c in components(dm) if c["custom_id"] == select_id)["options"]
    assert [o["label"] for o in ranks][:2] == ["2 ×2 (2♠, 2♦)", "4 ×1 (4♥)"]
    [(act_id, act_label)] = labelled(dm, "act")
    assert act_label == "Choose both first"
    assert "Your turn: Ask a player for a rank you hold." in dm["embeds"][0]["description"]

    # a Hint: the hard level's ask, said with its reason and chosen in both steps, not played
    await harness.click(ALICE, int(dm["id"]), find_id(dm, "hint"))
    dm = rec.message(int(dm["id"]))
    assert "Hint: Ask " in dm["embeds"][0]["description"]
    [(_, hinted)] = labelled(dm, "act")
    assert hinted.startswith("Ask ")
    assert (await harness.client.service.record(1))["actions"] == []

    # 花子, then 2s, then the button that now says what it will do
    seats = labelled(dm, "one")
    await harness.click(ALICE, int(dm["id"]), seats[0][0])
    dm = rec.message(int(dm["id"]))
    [(select_id, _)] = labelled(dm, "two")
    await harness.click(ALICE, int(dm["id"]), select_id, values=["0"])
    dm = rec.message(int(dm["id"]))
    [(act_id, act_label)] = labelled(dm, "act")
    assert act_label == "Ask 花子 for 2s"
    asked = await harness.click(ALICE, int(dm["id"]), act_id)
    assert asked.response.callback_type == 6

    record = await harness.client.service.record(1)
    assert record["actions"] == [{"seat": 0, "type": "ask", "target": 1, "rank": "2"}]
    dm = rec.message(int(dm["id"]))
    assert "You got 2♣. Ask again!" in dm["embeds"][0]["description"]
    log = rec.message(table_message)["embeds"][0]["description"]
    assert "Alice asked 花子 for 2s: 花子 gave 1." in log
    assert "2♣" not in log  # the cards handed over are the two seats' business


async def test_an_ask_typed_with_play(make_harness: MakeHarness, seeded: None) -> None:
    harness = await make_harness()
    await three_seats(harness)
    offered = await harness.autocomplete(ALICE, "play", "move", move="花子")
    names = [c["name"] for c in offered.choices()]
    assert "Ask 花子 for 2s" in names and all("花子" in n for n in names)
    assert not (await harness.autocomplete(HANA, "play", "move", user_locale="ja")).choices()

    played = await harness.slash(ALICE, "play", move="ask 花子 for 2s")
    assert played.response.ephemeral
    record = await harness.client.service.record(1)
    assert record["actions"] == [{"seat": 0, "type": "ask", "target": 1, "rank": "2"}]
    assert "You got 2♣. Ask again!" in played.ephemeral_text()

    # in Japanese too; a rank not held is no move at all
    refused = await harness.slash(ALICE, "play", move="ask 花子 for Queens")
    assert (
        refused.ephemeral_text() and len((await harness.client.service.record(1))["actions"]) == 1
    )
    again = await harness.slash(ALICE, "play", move="花子 に 2 を聞く", user_locale="ja")
    actions = (await harness.client.service.record(1))["actions"]
    assert actions[-1] == {"seat": 0, "type": "ask", "target": 1, "rank": "2"}
    assert again.response.ephemeral


# ---------------------------------------------------------------- nothing leaks


def texts(body: Mapping[str, Any] | None) -> str:
    """Every word a message body shows: content, embeds, component labels and options."""
    if not body:
        return ""
    out = [str(body.get("content") or "")]
    for embed in body.get("embeds") or []:
        out += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        out += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
        out.append(str((embed.get("footer") or {}).get("text") or ""))
    for row in body.get("components") or []:
        for item in row.get("components") or []:
            out.append(str(item.get("label") or ""))
            out += [str(o.get("label") or "") for o in item.get("options") or []]
    return "\n".join(out)


def cards_in(text: str) -> set[str]:
    return {LABELS[m] for m in LABEL.findall(text)}


def seen_cards(record: Mapping[str, Any]) -> tuple[list[set[str]], set[str]]:
    """Per seat the cards that passed through its hand (books included), and the cards shown
    to all (drawn cards that matched the ask)."""
    game = GoFish.new(record["seats"], record["options"], record["seed"])
    held: list[set[str]] = [set() for _ in range(game.seats)]

    def look() -> None:
        state = game.to_json()
        for seat, hand in enumerate(state["hands"]):
            held[seat].update(hand)
            held[seat].update(r + s for r in state["books"][seat] for s in "SHDC")

    look()
    for raw in record["actions"]:
        game.apply(Action.from_json(raw))
        look()
    shown = {e["card"] for e in game.to_json()["log"] if "card" in e}
    return held, shown


def dm_bodies(rec: Any, user: Any) -> list[Mapping[str, Any]]:
    """Everything the bot wrote in the user's DMs: each new DM and each edit of one."""
    channel = rec.dm_channels.get(user.id)
    return [
        c.body
        for c in rec.calls
        if channel and c.path.startswith(f"/channels/{channel}/messages") and c.body
    ]


def bodies(exchanges: Iterable[Exchange]) -> list[Mapping[str, Any]]:
    return [call.body for ex in exchanges for call in ex.replies if call.body]


async def test_no_message_shows_another_seats_cards_or_a_drawn_card(
    make_harness: MakeHarness, seeded: None
) -> None:
    rendered: list[tuple[int | None, Mapping[str, Any]]] = []

    def render(
        view: Mapping[str, Any], players: Sequence[Any], locale: str, viewer: int | None
    ) -> bytes:
        rendered.append((viewer, view))
        return tiny_png(view, players, locale, viewer)

    harness = await make_harness(render=render)
    rec = harness.recorder
    await three_seats(harness)
    by_user: dict[int, list[Exchange]] = {ALICE.id: [], HANA.id: []}
    users = {0: ALICE, 1: HANA}
    for _ in range(400):
        table = await harness.client.service.load(1)
        if table.status != "active":
            break
        user = users[table.to_act[0]]
        locale = "ja" if user is HANA else None
        offered = await harness.autocomplete(user, "play", "move", user_locale=locale)
        by_user[user.id].append(offered)
        choice = offered.choices()[len(by_user[user.id]) % len(offered.choices())]
        by_user[user.id].append(
            await harness.slash(user, "play", move=choice["value"], user_locale=locale)
        )
    table = await harness.client.service.load(1)
    assert table.status == "finished"
    record = await harness.client.service.record(1)
    held, shown = seen_cards(record)

    public = [m for m in rec.channel_messages() if not int(m.get("flags") or 0) & 64]
    assert public and all(cards_in(texts(m)) <= shown for m in public)
    for seat, user in users.items():
        private = dm_bodies(rec, user) + bodies(by_user[user.id])
        assert private
        for body in private:
            assert cards_in(texts(body)) <= held[seat] | shown, texts(body)
    assert any(cards_in(texts(body)) - shown for body in dm_bodies(rec, ALICE))  # her own
    # images: the public table has no hand; a seat's image is drawn from its own view only
    assert rendered
    for viewer, view in rendered:
        assert ("hand" in view) == (viewer is not None) and view["viewer"] == viewer
    assert {viewer for viewer, _ in rendered} >= {None, 0, 1}
    assert not [c for c in custom_ids(public[-1].get("components") or []) if ":act" in c]


async def test_the_lobby_sets_the_rules_the_refill_and_the_cpu_levels(
    make_harness: MakeHarness, seeded: None
) -> None:
    harness = await make_harness()
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="go-fish", seats=3)
    table_message = lobby.response.message_id or 0
    await press(harness, HANA, table_message, "join")
    message = rec.message(table_message)
    await harness.click(ALICE, table_message, find_id(message, "cpu"), values=["easy"])
    message = rec.message(table_message)
    options = message["embeds"][0]["fields"][1]["value"]
    assert options.splitlines() == ["Rules: Standard (13 books)", "Refill of an empty hand: 1 card"]
    await harness.click(ALICE, table_message, find_id(message, "opt:0"), values=["1"])
    message = rec.message(table_message)
    await harness.click(ALICE, table_message, find_id(message, "opt:1"), values=["1"])
    message = rec.message(table_message)
    await harness.click(ALICE, table_message, find_id(message, "cpus"), values=["2:hard"])
    message = rec.message(table_message)
    assert message["embeds"][0]["fields"][1]["value"].splitlines() == [
        "Rules: Early end",
        "Refill of an empty hand: 5 cards",
    ]
    assert "hard" in message["embeds"][0]["fields"][0]["value"].lower()
    await press(harness, ALICE, table_message, "start")
    table = await harness.client.service.load(1)
    assert table.options == {"rules": "early_end", "refill": 5}
    assert [s.cpu_level for s in table.seats] == [None, None, "hard"]
    record = await harness.client.service.record(1)
    assert record["options"] == {"rules": "early_end", "refill": 5}
    dealt = GoFish.new(3, record["options"], record["seed"]).to_json()["hands"]
    assert [len(hand) for hand in dealt] == [5, 5, 5]  # early end: 5 each with 3 seats
