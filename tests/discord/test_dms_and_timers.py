"""Private messages (and what happens when DMs are closed), turn timers across a restart."""

from __future__ import annotations

import types
from datetime import timedelta

import pytest

from tests.discord.conftest import Clock, MakeHarness
from tests.discord.harness import ALICE, HANA, Harness
from tests.discord.scenes import edits_of, flip_from_dm, posts, press, two_player_table

SILENT = 1 << 12
"""The flag of a message posted without notifying anyone."""


async def test_closed_dms_are_said_once_and_never_retried_until_reenabled(harness: Harness) -> None:
    rec = harness.recorder
    service = harness.client.service
    rec.dm_closed.add(HANA.id)
    table_message = await two_player_table(harness)

    flip = await flip_from_dm(harness, ALICE)  # 花子's turn: her DM fails with 403/50007
    assert len(rec.dm_calls(HANA)) == 1
    assert await service.dm_closed(HANA.id)
    said = [c.content for c in posts(flip.calls)]
    assert said[0].startswith("I could not DM 花子 (DMs closed).")
    assert said[1].startswith(f"<@{HANA.id}>, your turn at Kitten Fishing. Your DMs are closed")

    # the ephemeral path keeps working: Show my hand, then Flip from it
    shown = await press(harness, HANA, table_message, "hand")
    hand = shown.replies[-1]
    assert hand.message_id is not None and rec.message(hand.message_id)["flags"] & 64
    assert [a["filename"] for a in rec.message(hand.message_id)["attachments"]] == ["hand.png"]
    await press(harness, HANA, hand.message_id, "act:0", user_locale="en-US")
    await flip_from_dm(harness, ALICE)  # 花子's turn again: no new DM attempt, no second notice
    assert len(rec.dm_calls(HANA)) == 1
    notices = [m for m in rec.channel_messages() if "could not DM" in m["content"]]
    assert len(notices) == 1

    # she opens her DMs and says so; the next turn is DMed again
    rec.dm_closed.discard(HANA.id)
    settings = await harness.slash(HANA, "game settings", dms=True, user_locale="en-US")
    assert "DMs are on again" in settings.ephemeral_text()
    assert not await service.dm_closed(HANA.id)
    shown = await press(harness, HANA, table_message, "hand")
    await press(harness, HANA, shown.replies[-1].message_id or 0, "act:0")
    await flip_from_dm(harness, ALICE)
    assert len(rec.dm_calls(HANA)) == 2


async def test_reminder_and_expiry_fire_after_a_restart(
    make_harness: MakeHarness, clock: Clock
) -> None:
    first = await make_harness()
    table_message = await two_player_table(first)
    await flip_from_dm(first, ALICE)  # 花子 to act; deadline in one hour (the test settings)
    rec = first.recorder
    dms_before = len(rec.dm_messages(HANA))
    await first.close()

    second = await make_harness(rec)  # the deadline lives in the database, not in the old bot
    clock.now += timedelta(minutes=51)  # inside the 10-minute reminder window
    mark = len(rec.calls)
    await second.client.timers.tick(clock.now)
    reminder = rec.dm_messages(HANA)[dms_before:]
    assert len(reminder) == 1
    # in 花子's language, remembered in the database across the restart (not the table's English)
    assert reminder[0]["content"].startswith("お知らせ：子猫の魚釣りのあなたの持ち時間は <t:")
    assert any(
        ":act:0" in c
        for row in reminder[0]["components"]
        for c in [b.get("custom_id", "") for b in row["components"]]
    )
    await second.client.timers.tick(clock.now)  # a reminder fires once
    assert len(rec.dm_messages(HANA)) == dms_before + 1

    clock.now += timedelta(minutes=10)  # past the deadline: the CPU plays 花子's turn (cpu_turn)
    mark = len(rec.calls)
    await second.client.timers.tick(clock.now)
    expired = rec.since(mark)
    # the table message is over an hour old: posted anew at the bottom, quietly; the old goes
    assert not edits_of(expired, table_message) and table_message in rec.deleted
    [table_post] = [p for p in posts(expired) if p.embeds]
    assert "花子 did not play in time; a CPU played for them." in table_post.text
    assert int(table_post.body["flags"]) & SILENT
    # Alice played an hour ago: she has been away, so her turn notifies her
    assert posts(expired)[-1].content == f"<@{ALICE.id}>, your turn at Kitten Fishing."
    table = await second.client.service.load(1)
    assert table.to_act == (0,) and table.action_count == 2
    mark = len(rec.calls)
    await second.client.timers.tick(clock.now)
    assert not rec.since(mark), "an expiry fires once"


async def test_a_lobby_that_never_starts_expires(harness: Harness, clock: Clock) -> None:
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing")
    message = lobby.response.message_id or 0
    clock.now += timedelta(minutes=11)
    await harness.client.timers.tick(clock.now)
    closed = harness.recorder.message(message)
    assert closed["embeds"][0]["description"] == "This lobby expired before it started."
    assert closed["components"] == []
    assert (await harness.client.service.active_table(810000000000000001)) is None


async def test_auto_play_resumes_after_a_restart(make_harness: MakeHarness) -> None:
    first = await make_harness()
    await two_player_table(first)
    service = first.client.service
    await service.set_auto(1, ALICE.id, True)  # the bot stops before its auto loop ran
    await first.close()

    rec = first.recorder
    mark = len(rec.calls)
    second = await make_harness(rec)
    await second.settle()
    assert (await service.load(1)).to_act == (1,)  # Alice's flip was played for her
    assert posts(rec.since(mark))[-1].content == f"<@{HANA.id}>, your turn at Kitten Fishing."


async def test_a_player_with_closed_dms_is_reminded_by_a_mention(
    harness: Harness, clock: Clock
) -> None:
    rec = harness.recorder
    await two_player_table(harness)
    await harness.client.service.set_dm_closed(HANA.id, True)
    await flip_from_dm(harness, ALICE)
    clock.now += timedelta(minutes=55)
    mark = len(rec.calls)
    await harness.client.timers.tick(clock.now)
    said = posts(rec.since(mark))
    assert len(said) == 1
    assert said[0].content.startswith(f"<@{HANA.id}>, your turn at Kitten Fishing runs out <t:")
    assert said[0].allowed_mentions == {"users": [HANA.id], "replied_user": True, "parse": []}
    assert not rec.dm_messages(HANA)


async def test_closed_dms_found_on_a_private_prompt_are_not_said_in_the_channel(
    make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """花子's first DM is about a private decision (Kokutorum: turning her hand around before
    the first draw, offered to the seats not to play): the channel must not hear that she was
    DMed then, so her closed DMs are noted quietly; it hears of them with her public turn."""
    # seed 1: Alice (seat 0) plays first
    monkeypatch.setattr("bot.tables.core.secrets", types.SimpleNamespace(randbits=lambda _: 1))
    harness = await make_harness()
    rec = harness.recorder
    rec.dm_closed.add(HANA.id)
    lobby = await harness.slash(ALICE, "game new", game="kokutorum", seats=2)
    table_message = lobby.response.message_id or 0
    await press(harness, HANA, table_message, "join")
    started = await press(harness, ALICE, table_message, "start")
    table = await harness.client.service.load(1)
    assert table.prompts[1].asked and not table.prompts[1].public  # hers, private
    assert len(rec.dm_calls(HANA)) == 1 and await harness.client.service.dm_closed(HANA.id)
    assert not [p for p in posts(started.calls) if "could not DM" in p.content]
