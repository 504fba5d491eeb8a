"""The table message that follows the conversation, reminders with a mute button and a stalled
notice, the result in every player's DM, DMs that failed, and the channel's write budget."""

from __future__ import annotations

import types

import pytest

from tests.discord.conftest import Clock, MakeHarness
from tests.discord.harness import ALICE, BOB, CHANNEL_ID, HANA, Harness, find_id
from tests.discord.players import live_dm
from tests.discord.scenes import edits_of, flip_from_dm, posts, press, two_player_table

SILENT = 1 << 12


async def flip(harness: Harness, user) -> None:
    dm = live_dm(harness, user)
    await harness.click(user, int(dm["id"]), find_id(dm, "act:0"))


async def test_the_table_message_follows_the_conversation(
    harness: Harness, clock: Clock
) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    moved = await flip_from_dm(harness, ALICE)
    assert len(edits_of(moved.calls, table_message)) == 1  # nobody wrote below: edited
    rec.chat(BOB, text="what are you two playing?")
    moved = await flip_from_dm(harness, HANA)
    # the channel moved on: the table comes to the bottom, quietly, and the old one goes
    assert not edits_of(moved.calls, table_message) and table_message in rec.deleted
    [table_post] = [p for p in posts(moved.calls) if p.embeds]
    assert int(table_post.body["flags"]) & SILENT and "Alice to play" in table_post.text
    fresh = table_post.message_id or 0
    ref = await harness.client.service.get_message_ref(1, "table")
    assert ref is not None and ref.message_id == fresh
    # its buttons work as before
    shown = await press(harness, HANA, fresh, "hand")
    assert rec.message(shown.replies[-1].message_id or 0)["flags"] & 64
    # the bot's own messages below it (the ping) do not count
    moved = await flip_from_dm(harness, ALICE)
    assert len(edits_of(moved.calls, fresh)) == 1
    # an hour later it is posted anew too (Discord limits edits of old messages)
    clock.advance(3600)
    moved = await flip_from_dm(harness, HANA)
    assert fresh in rec.deleted and [p for p in posts(moved.calls) if p.embeds]


async def test_after_a_restart_the_channel_is_read_once_to_know(
    make_harness: MakeHarness,
) -> None:
    first = await make_harness()
    rec = first.recorder
    table_message = await two_player_table(first)
    await first.close()
    second = await make_harness(rec)  # has heard of nothing said before it started
    moved = await flip_from_dm(second, ALICE)
    reads = [c for c in moved.calls if c.method == "GET" and c.path.endswith("/messages")]
    assert len(reads) == 1 and int(reads[0].payload["after"]) == table_message
    assert len(edits_of(moved.calls, table_message)) == 1  # only the bot's ping below it
    rec.chat(BOB)
    third = await make_harness(rec)
    moved = await flip_from_dm(third, HANA)
    assert table_message in rec.deleted  # someone wrote below it: posted anew


async def test_an_unanswered_turn_is_reminded_muted_and_declared_stalled(
    harness: Harness, clock: Clock
) -> None:
    """Reminders every 4 hours and a last call before the deadline (a table of a day); the
    reminder replaces the player's DM and carries a mute button; after six the channel hears
    once that the game has stalled (a week's table), and that notice goes with the next move."""
    rec = harness.recorder
    service = harness.client.service
    table_message = await two_player_table(harness)
    await harness.slash(ALICE, "game settings", timer=7 * 24 * 60)
    await flip_from_dm(harness, ALICE)  # 花子's turn, a week to play
    settings = service.settings
    settings.reminder_interval_seconds, settings.reminder_limit = 4 * 3600, 3
    old = live_dm(harness, HANA)
    clock.advance(4 * 3600)
    mark = len(rec.calls)
    await harness.client.timers.tick(clock.now)
    reminder = live_dm(harness, HANA)
    assert reminder["id"] != old["id"] and int(old["id"]) in rec.deleted
    assert not int(reminder["flags"]) & SILENT  # a reminder notifies
    assert reminder["content"].startswith("お知らせ：")
    assert {"act", "mute"} <= {c.split(":")[4] for c in _ids(reminder)}
    assert not posts(rec.since(mark))  # her DMs work: nothing in the channel
    clock.advance(4 * 3600)
    await harness.client.timers.tick(clock.now)
    second = live_dm(harness, HANA)
    assert second["id"] != reminder["id"] and int(reminder["id"]) in rec.deleted
    clock.advance(4 * 3600)
    mark = len(rec.calls)
    await harness.client.timers.tick(clock.now)
    [stalled] = posts(rec.since(mark))
    assert stalled.content.startswith("⏳ This game has stalled: it has waited for 花子 since")
    assert int(stalled.body["flags"]) & SILENT and not stalled.allowed_mentions.get("users")
    clock.advance(24 * 3600)
    mark = len(rec.calls)
    await harness.client.timers.tick(clock.now)
    assert not rec.since(mark)  # stalled: no more reminders until the turn timer runs out
    # 花子 comes back: the notice goes with her move
    await flip(harness, HANA)
    assert (stalled.message_id or 0) in rec.deleted
    assert "花子 flipped" in rec.message(_table(rec, table_message))["embeds"][0]["description"]


async def test_a_player_mutes_the_reminders_of_this_turn(harness: Harness, clock: Clock) -> None:
    rec = harness.recorder
    await two_player_table(harness)
    await harness.slash(ALICE, "game settings", timer=7 * 24 * 60)
    await flip_from_dm(harness, ALICE)
    harness.client.service.settings.reminder_interval_seconds = 4 * 3600
    clock.advance(4 * 3600)
    await harness.client.timers.tick(clock.now)
    reminder = live_dm(harness, HANA)
    muted = await press(harness, HANA, int(reminder["id"]), "mute", user_locale="en-US")
    shown = rec.message(int(reminder["id"]))
    assert "Reminders for this turn are muted." in shown["embeds"][0]["description"]
    assert "mute" not in {c.split(":")[4] for c in _ids(shown)} and not shown["content"]
    assert not muted.ephemeral_text()
    for _ in range(5):
        clock.advance(4 * 3600)
        mark = len(rec.calls)
        await harness.client.timers.tick(clock.now)
        assert not rec.since(mark)
    # her next turn is reminded again
    await flip(harness, HANA)
    await flip(harness, ALICE)
    clock.advance(4 * 3600)
    before = live_dm(harness, HANA)
    await harness.client.timers.tick(clock.now)
    assert live_dm(harness, HANA)["id"] != before["id"]


async def test_the_end_of_the_game_reaches_every_player_privately(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice, then 花子, turn Auto on: the bot plays both seats to the end. Both DMs become the
    result: no "Waiting for", no Auto button; the ping goes; the channel shows the result."""
    # seed 195: a short game (66 flips)
    monkeypatch.setattr("bot.tables.core.secrets", types.SimpleNamespace(randbits=lambda _: 195))
    harness = await make_harness()
    rec = harness.recorder
    table_message = await two_player_table(harness)
    await flip_from_dm(harness, ALICE)
    hana_dm = live_dm(harness, HANA)
    await press(harness, HANA, int(hana_dm["id"]), "auto:on", user_locale="ja")
    alice_dm = live_dm(harness, ALICE)
    await press(harness, ALICE, int(alice_dm["id"]), "auto:on")
    table = await harness.client.service.load(1)
    assert table.status == "finished"
    for user, words in ((ALICE, ("Kitten Fishing: result", "The game is over.")),
                        (HANA, ("子猫の魚釣り：結果", "対局は終わりました。"))):
        dm = live_dm(harness, user)
        embed = dm["embeds"][0]
        assert words[1] in embed["description"] and "Waiting" not in embed["description"]
        assert any(f["name"] == words[0] for f in embed["fields"])
        assert {c.split(":")[4] for c in _ids(dm)} == {"rematch"}
    assert not [m for m in rec.channel_messages() if "<@" in m["content"]]
    assert rec.message(table_message)["embeds"][0]["title"] == "Kitten Fishing: result"


async def test_an_abandoned_table_leaves_no_controls_in_the_dms(harness: Harness) -> None:
    await two_player_table(harness)
    await flip_from_dm(harness, ALICE)
    await harness.slash(ALICE, "game abandon")
    for user, closed in ((ALICE, "This table is closed."), (HANA, "この卓は終了しました。")):
        dm = live_dm(harness, user)
        assert not dm["components"] and dm["embeds"][0]["description"] == closed


async def test_a_dm_that_fails_is_not_tried_at_every_move(harness: Harness) -> None:
    rec = harness.recorder
    await two_player_table(harness)
    await flip_from_dm(harness, ALICE)
    hana = rec.dm_channels[HANA.id]
    dm = live_dm(harness, HANA)
    failing = ("PATCH", f"/channels/{hana}/messages/{dm['id']}")
    rec.fail(*failing, 500, 0, "Internal Server Error")
    await play_from_the_channel(harness, HANA)  # her DM is to show her move: it fails
    await flip(harness, ALICE)
    tries = [c for c in rec.calls if c.path.startswith(f"/channels/{hana}/messages")]
    count = len(tries)
    for _ in range(3):  # Discord still failing: her DM is not tried at every move
        await play_from_the_channel(harness, HANA)
        await flip(harness, ALICE)
    assert len([c for c in rec.calls if c.path.startswith(f"/channels/{hana}/messages")]) == count
    # a while later it is tried again, and works
    del rec.failures[failing]
    harness.client.desk.pacing.advance(61)
    await play_from_the_channel(harness, HANA)
    assert len([c for c in rec.calls if c.path.startswith(f"/channels/{hana}/messages")]) > count


async def test_every_channel_write_takes_from_the_channel_budget(harness: Harness) -> None:
    rec = harness.recorder
    desk = harness.client.desk
    taken: list[int] = []
    take = desk.budget.take

    async def counted(channel_id: int) -> None:
        taken.append(channel_id)
        await take(channel_id)

    desk.budget.take = counted  # type: ignore[method-assign]
    await two_player_table(harness)
    for _ in range(6):
        await flip_from_dm(harness, ALICE)
        await flip_from_dm(harness, HANA)
    writes = [
        c
        for c in rec.calls
        if c.kind == "http"
        and c.method in ("POST", "PATCH")
        and c.path.startswith(f"/channels/{CHANNEL_ID}/messages")
    ]
    assert writes and taken.count(CHANNEL_ID) == len(writes)


def _ids(message) -> list[str]:
    from tests.discord.harness import custom_ids

    return list(custom_ids(message.get("components") or []))


def _table(rec, first: int) -> int:
    """The table message now (it may have been posted anew since `first`)."""
    kept = [
        int(m["id"])
        for m in rec.channel_messages()
        if m["embeds"] and int(m["id"]) >= first and int(m["id"]) not in rec.deleted
    ]
    return kept[-1]


async def play_from_the_channel(harness: Harness, user) -> None:
    """The user flips with `/play` in the channel (not from their DM)."""
    current = await harness.client.service.prompt(1, user.id)
    await harness.slash(user, "play", move=f"v{current.version}:0")
