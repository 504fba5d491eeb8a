"""Kitten Fishing through Discord: lobby, play, result, rematch — two humans, and a human vs the kitten."""

from __future__ import annotations

from bot.discord.images import Images
from tests.discord.conftest import MakeHarness
from tests.discord.harness import (
    ALICE,
    BOB,
    CHANNEL_ID,
    HANA,
    MOD,
    Harness,
    custom_ids,
    find_id,
    message_text,
)
from tests.discord.scenes import (
    flip_from_dm,
    followup_with,
    original_edit,
    posts,
    press,
    two_player_table,
)


async def test_two_humans_from_lobby_to_result_and_rematch(harness: Harness) -> None:
    rec = harness.recorder

    # /game new: the lobby is the reply itself, public, with the lobby controls
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing")
    # acknowledged at once ("thinking…" in public), then the lobby fills that reply
    assert lobby.response.callback_type == 5 and not lobby.response.ephemeral
    reply = lobby.answer
    assert reply.embeds[0]["title"] == "Kitten Fishing: waiting for players"
    actions = [c.split(":")[4] for c in reply.custom_ids]
    assert actions == ["join", "leave", "start", "cancel", "cpu", "opt"]
    table_message = reply.message_id
    assert table_message is not None

    # 花子 joins: acknowledged at once, then the lobby message is edited in place
    joined = await harness.click(HANA, table_message, find_id(rec.message(table_message), "join"))
    assert joined.response.callback_type == 6
    assert "2. 花子" in original_edit(joined).text
    assert not joined.ephemeral_text() and not posts(joined.calls)

    # only the creator may start; Bob is told so, privately, in English
    refused = await harness.click(BOB, table_message, find_id(rec.message(table_message), "start"))
    assert refused.ephemeral_text() == "Only the table's creator can do that."
    assert not refused.channel_posts

    # Alice starts: the lobby message becomes the table (image + embed), Alice is pinged and DMed
    started = await harness.click(
        ALICE, table_message, find_id(rec.message(table_message), "start")
    )
    assert started.response.callback_type == 6  # deferred: rendering happens after the ack
    edit = next(c for c in started.replies if c.path.endswith("/messages/@original"))
    assert [f.filename for f in edit.files] == ["table.png"]
    assert "Alice flips first." in edit.text
    assert "Alice to play" in edit.text
    assert "image" not in edit.embeds[0]  # the image is attached beside the embed
    assert [c.split(":")[4] for c in edit.custom_ids] == ["hand"]
    ping = posts(started.calls)[-1]
    assert ping.content == f"<@{ALICE.id}>, your turn at Kitten Fishing."
    assert ping.allowed_mentions == {"users": [ALICE.id], "replied_user": True, "parse": []}
    alice_dm = rec.last_dm(ALICE)
    assert "Your turn: Flip the top card of your stock." in alice_dm["embeds"][0]["description"]
    assert [a["filename"] for a in alice_dm["attachments"]] == ["hand.png"]
    assert not rec.dm_messages(HANA)

    # Alice flips from her DM: the DM is edited in place, the table edited, 花子 pinged + DMed in Japanese
    flip = await harness.click(ALICE, int(alice_dm["id"]), find_id(alice_dm, "act:0"))
    assert flip.response.callback_type == 6
    assert "Waiting for 花子." in rec.message(int(alice_dm["id"]))["embeds"][0]["description"]
    table_edit = [
        c
        for c in flip.calls
        if c.method == "PATCH" and c.path == f"/channels/{CHANNEL_ID}/messages/{table_message}"
    ]
    assert len(table_edit) == 1 and "Alice flipped" in table_edit[0].text
    assert [
        c.method
        for c in flip.calls
        if c.path == f"/channels/{CHANNEL_ID}/messages/{ping.message_id}"
    ] == ["DELETE"]
    assert posts(flip.calls)[-1].content == f"<@{HANA.id}>, your turn at Kitten Fishing."
    hana_dm = rec.last_dm(HANA)
    assert hana_dm["embeds"][0]["description"].startswith("あなたの番です：")
    assert next(b["label"] for row in hana_dm["components"] for b in row["components"]) == "めくる"

    # 花子 flips; her DM answers in Japanese
    await harness.click(HANA, int(hana_dm["id"]), find_id(hana_dm, "act:0"), user_locale="ja")
    assert "Alice を待っています。" in rec.message(int(hana_dm["id"]))["embeds"][0]["description"]

    # between two humans "See the result" is not offered: it would end 花子's game for her
    alice_dm = rec.last_dm(ALICE)
    assert not [c for c in find_all(alice_dm) if ":finish" in c]
    # once 花子 leaves (a CPU plays her seat) Alice may: it asks once, privately
    await harness.slash(HANA, "game leave", user_locale="ja")
    shown = await harness.slash(ALICE, "game hand")
    ask = await press(harness, ALICE, shown.response.message_id or 0, "finish")
    assert ask.response.callback_type == 6  # acknowledged first
    confirm_message = followup_with(ask, "finish_ok")
    assert rec.message(confirm_message)["flags"] & 64
    assert "Flip every remaining card now" in rec.message(confirm_message)["content"]
    done = await harness.click(
        ALICE, confirm_message, find_id(rec.message(confirm_message), "finish_ok")
    )
    # the question's message becomes the answer: the result, no question left above it
    answered = rec.message(confirm_message)
    assert not answered["content"] and "The game is over." in message_text(answered)
    final = rec.message(table_message)
    embed = final["embeds"][0]
    assert embed["title"] == "Kitten Fishing: result"
    assert [f["name"] for f in embed["fields"]] == ["Reason", "Moves", "Final counts"]
    assert embed["fields"][0]["value"] in (
        "A stock ran out",
        "Move cap reached: decided by card count",
    )
    assert "wins!" in embed["description"] or "A draw." in embed["description"]
    assert [c.split(":")[4] for c in find_all(final)] == ["rematch"]
    assert not [
        c for c in done.calls if c.method == "POST" and c.path == f"/channels/{CHANNEL_ID}/messages"
    ], "no ping once over"
    assert all(mid in rec.deleted for mid in ping_ids(rec))

    # nothing private ever reached the channel: no hand image, no hand controls (ephemeral
    # replies, `/game hand`, are seen by their user alone)
    for message in rec.channel_messages():
        if int(message.get("flags") or 0) & 64:
            continue
        assert all(a["filename"] != "hand.png" for a in message["attachments"])
        assert not {c.split(":")[4] for c in find_all(message)} & {
            "act",
            "auto",
            "finish",
            "finish_ok",
        }

    # Rematch: a new table message, and the first player alternates (花子 flips first now)
    rematch = await harness.click(HANA, table_message, find_id(final, "rematch"), user_locale="ja")
    posted = [c for c in posts(rematch.calls) if c.embeds]
    assert len(posted) == 1 and posted[0].message_id != table_message
    assert "花子 flips first." in posted[0].text
    assert posts(rematch.calls)[-1].content == f"<@{HANA.id}>, your turn at Kitten Fishing."
    assert rematch.response.ephemeral


def find_all(message: dict) -> list[str]:
    return list(custom_ids(message.get("components") or []))


def ping_ids(rec) -> list[int]:
    return [
        int(m["id"])
        for m in rec.channel_messages()
        if not m["embeds"] and "your turn" in m["content"]
    ]


async def test_human_vs_the_kitten_in_japanese(harness: Harness) -> None:
    rec = harness.recorder
    # a moderator makes Japanese the server's language; the kitten flips first (option `first`)
    settings = await harness.slash(MOD, "game settings", locale="ja")
    assert settings.response.ephemeral
    lobby = await harness.slash(HANA, "game new", game="kitten-fishing", first="1")
    assert "先手：席 2" in lobby.answer.text
    table_message = lobby.response.message_id
    assert table_message is not None
    add = await harness.click(
        HANA, table_message, find_id(rec.message(table_message), "cpu"), values=["normal"]
    )
    assert "2. 子猫（CPU・ふつう）" in original_edit(add).text

    started = await harness.click(HANA, table_message, find_id(rec.message(table_message), "start"))
    table = rec.message(table_message)["embeds"][0]
    assert "この対局は相手が先にめくります" in table["description"]
    assert (
        "子猫が " in table["description"] and "をめく" in table["description"]
    )  # the kitten's flip, in one batch
    assert "花子 の番" in table["fields"][0]["value"]
    ping = posts(started.calls)[-1]
    assert ping.content == f"<@{HANA.id}> さん、子猫の魚釣り のあなたの番です。"

    hana_dm = rec.last_dm(HANA)
    flip = await harness.click(
        HANA, int(hana_dm["id"]), find_id(hana_dm, "act:0"), user_locale="ja"
    )
    # the kitten answered straight away: still 花子's turn, no new ping for her, no new DM
    assert "あなたの番です：" in rec.message(int(hana_dm["id"]))["embeds"][0]["description"]
    assert not posts(flip.calls)
    assert len(rec.dm_messages(HANA)) == 1
    log = rec.message(table_message)["embeds"][0]["description"]
    assert "花子が " in log and "子猫が " in log

    ask = await harness.click(
        HANA,
        int(hana_dm["id"]),
        find_id(rec.message(int(hana_dm["id"])), "finish"),
        user_locale="ja",
    )
    confirm = followup_with(ask, "finish_ok")
    assert "残りの札をすべてめくって結果を表示しますか" in rec.message(confirm)["content"]
    await harness.click(HANA, confirm, find_id(rec.message(confirm), "finish_ok"), user_locale="ja")
    result = rec.message(table_message)["embeds"][0]
    assert result["title"] == "子猫の魚釣り：結果"
    assert [f["name"] for f in result["fields"]] == ["理由", "手数", "最終枚数"]
    assert ("の勝ち！" in result["description"]) or ("引き分け" in result["description"])
    assert "残りを一気に進めました" in result["description"]


async def test_auto_plays_your_turns_until_you_turn_it_off(harness: Harness) -> None:
    from tests.discord.scenes import flip_from_dm

    rec = harness.recorder
    await two_player_table(harness)
    alice_dm = int(rec.last_dm(ALICE)["id"])
    on = await press(harness, ALICE, alice_dm, "auto:on")
    assert "Auto is now on." in rec.message(alice_dm)["embeds"][0]["description"]
    # Alice's turn was played for her at once: it is 花子's turn, and she was pinged
    assert (await harness.client.service.load(1)).to_act == (1,)
    assert posts(on.calls)[-1].content == f"<@{HANA.id}>, your turn at Kitten Fishing."
    # after 花子's flip the bot flips for Alice again; Alice gets no ping and no DM, and
    # 花子, who has just flipped, is not pinged either: her DM shows her turn again in place
    dms = len(rec.dm_messages(ALICE))
    hana_dm = int(rec.last_dm(HANA)["id"])
    hana = await flip_from_dm(harness, HANA)
    assert (await harness.client.service.load(1)).to_act == (1,)
    assert not posts(hana.calls)
    assert len(rec.dm_messages(ALICE)) == dms
    assert rec.last_dm(HANA)["id"] == str(hana_dm)
    assert "あなたの番です" in rec.message(hana_dm)["embeds"][0]["description"]
    # turning it off from a fresh hand: Alice plays herself again
    shown = await harness.slash(ALICE, "game hand")
    hand = shown.response.message_id or 0
    await press(harness, ALICE, hand, "auto:off")
    assert "Auto is now off." in rec.message(hand)["embeds"][0]["description"]
    # toggling auto is not a move: 花子's DM from before the toggle is still current
    await flip_from_dm(harness, HANA)
    assert (await harness.client.service.load(1)).to_act == (0,)


async def test_leaving_a_running_game_hands_the_seat_to_the_cpu(harness: Harness) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    left = await harness.slash(HANA, "game leave", user_locale="ja")
    assert left.ephemeral_text() == "卓を離れました。"
    table = await harness.client.service.load(1)
    assert table.seats[1].cpu_takeover and table.status == "active"
    # Alice flips; the CPU answers for 花子's seat in the same batch: Alice to act again
    await flip_from_dm(harness, ALICE)
    assert (await harness.client.service.load(1)).to_act == (0,)
    assert "Alice to play" in rec.message(table_message)["embeds"][0]["fields"][0]["value"]


async def test_a_taken_over_seat_is_taken_back_by_switching_auto_off(harness: Harness) -> None:
    rec = harness.recorder
    await two_player_table(harness)
    await harness.slash(HANA, "game leave", user_locale="ja")
    # the hand of a taken-over seat offers "Auto off", not "Auto on"
    shown = await harness.slash(HANA, "game hand", user_locale="ja")
    hand = shown.response.message_id or 0
    actions = [c.split(":")[4:] for c in custom_ids(rec.message(hand)["components"])]
    assert ["auto", "off"] in actions and ["auto", "on"] not in actions
    await press(harness, HANA, hand, "auto:off", user_locale="ja")
    table = await harness.client.service.load(1)
    assert not table.seats[1].cpu_takeover and not table.seats[1].auto
    # Alice flips and the turn waits for 花子 again: nobody plays her seat for her
    await flip_from_dm(harness, ALICE)
    assert (await harness.client.service.load(1)).to_act == (1,)


async def test_the_real_renderer_draws_the_table_and_the_hand(make_harness: MakeHarness) -> None:
    harness = await make_harness(render=Images().render)
    rec = harness.recorder
    table_message = await two_player_table(harness)
    table_png = (
        next(c for c in rec.calls if c.path.endswith("/messages/@original") and c.files)
        .files[0]
        .data
    )
    hand_png = next(c for c in rec.dm_calls(ALICE) if c.files).files[0].data
    for png in (table_png, hand_png):
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000
    assert rec.message(table_message)["attachments"][0]["filename"] == "table.png"


async def test_new_game_in_the_middle_asks_once_and_alternates_the_first_player(
    harness: Harness,
) -> None:
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing")
    table_message = lobby.response.message_id or 0
    await press(harness, ALICE, table_message, "cpu", values=["easy"])
    await press(harness, ALICE, table_message, "start")
    alice_dm = int(rec.last_dm(ALICE)["id"])
    await press(harness, ALICE, alice_dm, "act:0")

    ask = await press(harness, ALICE, alice_dm, "new")
    confirm = followup_with(ask, "new_ok")
    assert rec.message(confirm)["flags"] & 64
    assert "start a new one with the same players?" in rec.message(confirm)["content"]
    assert (await harness.client.service.load(1)).status == "active"  # nothing happens before "yes"
    done = await press(harness, ALICE, confirm, "new_ok")
    old = rec.message(table_message)
    assert (
        old["embeds"][0]["description"] == "This table was abandoned by Alice."
        and not old["components"]
    )
    new_table = [c for c in posts(done.calls) if c.embeds]
    assert len(new_table) == 1 and "This game the opponent flips first." in new_table[0].text
    fresh = await harness.client.service.load(2)
    assert fresh.status == "active" and fresh.options == {"first": 1}
    assert [s.cpu_level for s in fresh.seats] == [None, "easy"]
    assert fresh.to_act == (0,)  # the kitten already flipped; Alice to play


async def test_auto_against_the_kitten_plays_to_the_end(harness: Harness) -> None:
    """Auto on against a CPU: the bot flips for Alice and the kitten answers, at the table's
    pace, until the game is over (it used to stall at the kitten's first turn)."""
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing")
    table_message = lobby.response.message_id or 0
    await press(harness, ALICE, table_message, "cpu", values=["normal"])
    await press(harness, ALICE, table_message, "start")
    await press(harness, ALICE, int(rec.last_dm(ALICE)["id"]), "auto:on")  # waits for the pace
    table = await harness.client.service.load(1)
    assert table.status == "finished" and table.result is not None
    assert table.action_count == table.result["moves"]
    assert rec.message(table_message)["embeds"][0]["title"] == "Kitten Fishing: result"
    assert not harness.client.pacer.tasks


async def test_auto_against_a_seat_the_cpu_took_over_plays_to_the_end(harness: Harness) -> None:
    table_message = await two_player_table(harness)
    await harness.slash(HANA, "game leave", user_locale="ja")  # the CPU plays 花子's seat now
    shown = await harness.slash(ALICE, "game hand")
    await press(harness, ALICE, shown.response.message_id or 0, "auto:on")
    table = await harness.client.service.load(1)
    assert table.status == "finished"
    assert "result" in harness.recorder.message(table_message)["embeds"][0]["title"]


async def test_options_and_cpu_levels_are_chosen_in_the_lobby(harness: Harness) -> None:
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing")
    table_message = lobby.response.message_id or 0
    # the option select: only the creator may change it
    refused = await press(harness, HANA, table_message, "opt:0", values=["1"], user_locale="ja")
    assert refused.ephemeral_text() == "卓の作成者だけが行えます。"
    await press(harness, ALICE, table_message, "opt:0", values=["1"])
    assert (await harness.client.service.load(1)).options == {"first": 1}
    assert "First to flip: Seat 2" in rec.message(table_message)["embeds"][0]["fields"][1]["value"]
    # a CPU seat's level, then its removal, from the lobby
    await press(harness, ALICE, table_message, "cpu", values=["easy"])
    await press(harness, ALICE, table_message, "cpus", values=["1:hard"])
    assert (await harness.client.service.load(1)).seats[1].cpu_level == "hard"
    await press(harness, ALICE, table_message, "cpus", values=["1:remove"])
    assert len((await harness.client.service.load(1)).seats) == 1
    # during the game, from the table message
    await press(harness, ALICE, table_message, "cpu", values=["normal"])
    await press(harness, ALICE, table_message, "start")
    changed = await press(harness, ALICE, table_message, "cpus", values=["1:easy"])
    assert "Kitten now plays at level easy." in changed.ephemeral_text()
    assert (await harness.client.service.load(1)).seats[1].cpu_level == "easy"
    bob = await press(harness, BOB, table_message, "cpus", values=["1:hard"])
    assert bob.ephemeral_text() == "You are not seated at this table."
