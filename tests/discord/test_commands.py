"""Slash commands: /play autocomplete and moves, localisation, record, mine, abandon, threads, errors."""

from __future__ import annotations

import json
import logging

import pytest

from tests.discord.harness import ALICE, BOB, CHANNEL_ID, HANA, MOD, OTHER_CHANNEL_ID, Harness
from tests.discord.scenes import (
    edits_of,
    flip_from_dm,
    posts,
    press,
    see_the_result,
    two_player_table,
)


async def test_play_autocomplete_lists_exactly_the_callers_legal_moves(harness: Harness) -> None:
    table_message = await two_player_table(harness)
    alice = await harness.autocomplete(ALICE, "play", "move")
    assert alice.response.callback_type == 8
    assert [c["name"] for c in alice.choices()] == ["Flip"]
    assert (await harness.autocomplete(HANA, "play", "move", user_locale="ja")).choices() == []
    assert (await harness.autocomplete(BOB, "play", "move")).choices() == []

    # /play with the autocompleted value makes the move; the reply (ephemeral) is the new hand
    played = await harness.slash(ALICE, "play", move=alice.choices()[0]["value"])
    assert played.response.callback_type == 5 and played.response.ephemeral
    assert "Waiting for 花子." in played.ephemeral_text()
    assert len(edits_of(played.calls, table_message)) == 1
    assert posts(played.calls)[-1].content == f"<@{HANA.id}>, your turn at Kitten Fishing."
    hana = await harness.autocomplete(HANA, "play", "move", user_locale="ja")
    assert [c["name"] for c in hana.choices()] == ["めくる"]

    # the old value names an old version, and Alice is asked nothing now: whose turn it is
    # (not "out of date": her prompt did not change into another), nothing happens
    again = await harness.slash(ALICE, "play", move=alice.choices()[0]["value"])
    assert again.ephemeral_text() == "It is not your turn: waiting for 花子."
    assert (await harness.client.service.load(1)).action_count == 1
    # her turn again: the old value names an old version of her prompt, out of date
    await flip_from_dm(harness, HANA)
    stale = await harness.slash(ALICE, "play", move=alice.choices()[0]["value"])
    assert stale.ephemeral_text().startswith("This view is out of date")
    assert (await harness.client.service.load(1)).action_count == 2


async def test_commands_are_described_in_japanese_for_discord(harness: Harness) -> None:
    sync = next(
        c for c in harness.recorder.calls if c.method == "PUT" and c.path.endswith("/commands")
    )
    game = next(cmd for cmd in sync.payload if cmd["name"] == "game")
    assert game["description_localizations"] == {"ja": "トランプ：卓を開く・参加する・手札を見る"}
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["description_localizations"]["ja"] == "このチャンネルに新しい卓を開きます"
    game_option = next(o for o in new["options"] if o["name"] == "game")
    kitten = {
        "name": "Kitten Fishing",
        "value": "kitten-fishing",
        "name_localizations": {"ja": "子猫の魚釣り"},
    }
    assert kitten in game_option["choices"]  # one choice per registered game
    first = next(o for o in new["options"] if o["name"] == "first")
    assert first["autocomplete"] is True and first["description_localizations"]["ja"] == "先手"
    play = next(cmd for cmd in sync.payload if cmd["name"] == "play")
    assert play["options"][0]["autocomplete"] is True
    assert game["contexts"] == [0] and play["contexts"] == [0]  # servers only, not DMs


async def test_option_choices_come_from_the_registry_in_the_users_language(
    harness: Harness,
) -> None:
    ja = await harness.autocomplete(
        HANA, "game new", "first", game="kitten-fishing", user_locale="ja"
    )
    assert ja.choices() == [{"name": "席 1", "value": "0"}, {"name": "席 2", "value": "1"}]
    en = await harness.autocomplete(ALICE, "game new", "first", game="kitten-fishing")
    assert [c["name"] for c in en.choices()] == ["Seat 1", "Seat 2"]
    bad = await harness.slash(ALICE, "game new", game="kitten-fishing", first="7")
    assert bad.ephemeral_text() == "Option 'first' has no such value."


async def test_domain_errors_answer_in_the_users_language(harness: Harness) -> None:
    ja = await harness.slash(HANA, "game start", user_locale="ja")
    assert ja.ephemeral_text() == "このチャンネルには卓がありません。`/game new` で開いてください。"
    en = await harness.slash(BOB, "game hand")
    assert en.ephemeral_text() == "There is no table in this channel. Open one with `/game new`."
    await harness.slash(ALICE, "game new", game="kitten-fishing")
    busy = await harness.slash(HANA, "game new", game="kitten-fishing", user_locale="ja")
    assert busy.ephemeral_text().startswith("このチャンネルにはすでに卓があります。")


async def test_rules_are_shown_in_the_users_language(harness: Harness) -> None:
    ja = await harness.slash(HANA, "game rules", game="kitten-fishing", user_locale="ja")
    assert ja.response.ephemeral
    assert ja.answer.embeds[0]["title"] == "子猫の魚釣り：ルール"
    assert "J で総取り" in ja.answer.embeds[0]["description"]
    # without a game: the games there are, and how to read one
    listed = await harness.slash(ALICE, "game rules")
    assert "Kitten Fishing (`kitten-fishing`, 2 seats)" in listed.answer.embeds[0]["description"]
    # with a table in the channel: that table's game
    await harness.slash(ALICE, "game new", game="kitten-fishing")
    en = await harness.slash(ALICE, "game rules")
    assert "J sweep" in en.answer.embeds[0]["description"]


async def test_record_mine_status_and_abandon(harness: Harness) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    await flip_from_dm(harness, ALICE)

    record = await harness.slash(HANA, "game record")
    assert record.response.ephemeral
    data = json.loads(record.answer.files[0].data)
    assert data["game"] == "kitten-fishing" and data["actions"] == [{"seat": 0, "type": "flip"}]
    assert "seed" not in data  # the seed would reveal both stocks while the game runs

    mine = await harness.slash(HANA, "game mine")
    assert (
        f"https://discord.com/channels/800000000000000001/{CHANNEL_ID}/{table_message}"
        in mine.ephemeral_text()
    )
    assert (
        await harness.slash(ALICE, "game mine")
    ).ephemeral_text() == "No table is waiting on you."

    status = await harness.slash(BOB, "game status")
    reposted = status.replies[-1]
    assert not status.response.ephemeral and [f.filename for f in reposted.files] == ["table.png"]
    assert (
        await harness.client.service.get_message_ref(1, "table")
    ).message_id == status.response.message_id

    refused = await harness.slash(BOB, "game abandon")
    assert refused.ephemeral_text() == "Only the table's creator can do that."
    done = await harness.slash(MOD, "game abandon")
    assert done.ephemeral_text() == "The table was abandoned."
    closed = rec.message(status.response.message_id or 0)
    assert closed["embeds"][0]["description"] == "This table was abandoned by Mod."
    assert closed["components"] == []
    assert not [m for m in rec.channel_messages() if "your turn" in m["content"]], (
        "the ping is gone"
    )


async def test_a_new_game_in_a_thread(harness: Harness) -> None:
    opened = await harness.slash(ALICE, "game new", game="kitten-fishing", thread=True)
    thread = next(c for c in opened.calls if c.path == f"/channels/{CHANNEL_ID}/threads")
    thread_id = int(thread.result["id"])
    assert thread.payload["name"] == "Kitten Fishing · Alice"
    lobby = posts(opened.calls, thread_id)
    assert len(lobby) == 1 and lobby[0].embeds[0]["title"] == "Kitten Fishing: waiting for players"
    assert opened.ephemeral_text() == f"Lobby opened in <#{thread_id}>."
    assert (await harness.client.service.active_table(thread_id)) is not None
    assert (await harness.client.service.active_table(CHANNEL_ID)) is None


async def test_an_unexpected_error_is_logged_with_the_table_and_stays_in_its_table(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await two_player_table(harness)
    await two_player_table(harness, OTHER_CHANNEL_ID)
    service = harness.client.service
    real_act = service.act

    async def broken_act(table_id: int, *args: object, **kwargs: object) -> object:
        if table_id == 1:
            raise RuntimeError("disk on fire")
        return await real_act(table_id, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(service, "act", broken_act)
    table_one_dm, table_two_dm = harness.recorder.dm_messages(ALICE)
    with caplog.at_level(logging.ERROR):
        failed = await press(harness, ALICE, int(table_one_dm["id"]), "act:0")
    assert failed.ephemeral_text() == (
        "Sorry, something went wrong on my side. It has been logged; please try again."
    )
    assert any("table 1" in r.getMessage() and r.exc_info for r in caplog.records)
    # the other table, in the other channel, plays on
    played = await press(harness, ALICE, int(table_two_dm["id"]), "act:0")
    assert not played.ephemeral_text()
    assert (await service.load(2)).action_count == 1
    assert (await service.load(1)).action_count == 0


async def test_an_error_after_thinking_replaces_the_placeholder(harness: Harness) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    await harness.slash(HANA, "game leave")
    await see_the_result(harness, ALICE)
    # Bob (not seated) presses Rematch: the deferred "thinking…" reply becomes the refusal
    refused = await press(harness, BOB, table_message, "rematch")
    assert refused.response.callback_type == 5 and refused.response.ephemeral
    placeholder = refused.response.message_id or 0
    assert rec.message(placeholder)["content"] == "You are not seated at this table."
    assert not [c for c in refused.calls if c.method == "POST" and "/webhooks/" in c.path]


async def test_each_player_chooses_when_their_turn_notifies_them(harness: Harness) -> None:
    chosen = await harness.slash(HANA, "game settings", notify="every_turn", user_locale="ja")
    assert chosen.ephemeral_text().splitlines()[-1] == "手番の通知：毎回の手番"
    assert await harness.client.service.notify_mode(HANA.id) == "every_turn"
    assert await harness.client.service.notify_mode(ALICE.id) == "away"  # the default
    again = await harness.slash(BOB, "game settings", notify="reminders")
    assert again.ephemeral_text().splitlines()[-1] == "Your turn notifications: Only by reminders"
    refused = await harness.slash(HANA, "game settings", notify="sometimes", user_locale="en-US")
    assert refused.ephemeral_text() == "That value is out of range."
    assert await harness.client.service.notify_mode(HANA.id) == "every_turn"
    assert await harness.client.service.notify_mode(BOB.id) == "reminders"


async def test_the_creator_sets_the_turn_timer_and_policy(harness: Harness) -> None:
    await two_player_table(harness)
    saved = await harness.slash(ALICE, "game settings", timer=5, expiry="cpu_seat")
    assert saved.ephemeral_text().splitlines() == [
        "Settings saved.",
        "DMs: Yes · turn timer: 5 min · on expiry: A CPU takes the seat",
        "Your turn notifications: When I have been away a while",
    ]
    table = await harness.client.service.load(1)
    assert (table.turn_timer_seconds, table.expiry_policy) == (300, "cpu_seat")
    refused = await harness.slash(HANA, "game settings", timer=60, user_locale="ja")
    assert refused.ephemeral_text() == "卓の作成者だけが行えます。"
    too_short = await harness.slash(ALICE, "game settings", timer=1)
    assert too_short.ephemeral_text() == "That value is out of range."  # the service checks too
    window = await harness.slash(ALICE, "game settings", window=30)
    assert window.ephemeral_text().splitlines()[-2].endswith(" · claims: 30 s")
    assert (await harness.client.service.load(1)).window_seconds == 30
    too_long = await harness.slash(ALICE, "game settings", window=301)
    assert too_long.ephemeral_text() == "That value is out of range."
    assert (await harness.client.service.load(1)).window_seconds == 30


async def test_lobby_commands_confirm_privately_and_update_the_lobby_message(
    harness: Harness,
) -> None:
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing")
    message = lobby.response.message_id or 0
    joined = await harness.slash(HANA, "game join", user_locale="ja")
    assert joined.ephemeral_text() == "席 2 に着きました。"
    assert "2. 花子" in edits_of(joined.calls, message)[0].text
    left = await harness.slash(HANA, "game leave")
    assert left.ephemeral_text() == "卓を離れました。"
    assert "2. (empty)" in rec.message(message)["embeds"][0]["fields"][0]["value"]
    # a click on an older copy of the lobby (after /game status re-posted it) still answers
    status = await harness.slash(ALICE, "game status")
    added = await press(harness, ALICE, message, "cpu", values=["hard"])
    assert added.ephemeral_text() == "Added Kitten at seat 2."
    assert (
        "2. Kitten (CPU, hard)"
        in rec.message(status.response.message_id or 0)["embeds"][0]["fields"][0]["value"]
    )


async def test_a_refused_new_table_is_answered_privately(harness: Harness) -> None:
    """`/game new` thinks in public (its answer is the lobby), but a refusal is never shown to
    the channel: the public placeholder goes, the refusal comes privately."""
    rec = harness.recorder
    await harness.slash(ALICE, "game new", game="kitten-fishing")
    busy = await harness.slash(HANA, "game new", game="kitten-fishing", user_locale="ja")
    assert busy.response.callback_type == 5 and not busy.response.ephemeral
    placeholder = busy.response.message_id or 0
    assert placeholder in rec.deleted
    assert busy.ephemeral_text().startswith("このチャンネルにはすでに卓があります")
    public = [
        m for m in rec.channel_messages() if not int(m.get("flags") or 0) & 64 and m["content"]
    ]
    assert not [m for m in public if "すでに卓" in m["content"]]
