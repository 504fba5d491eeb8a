"""Components: stale views, clicks by players who are not seated, clicks after a restart."""

from __future__ import annotations

from tests.discord.conftest import MakeHarness
from tests.discord.harness import ALICE, BOB, CHANNEL_ID, HANA, Harness, find_id
from tests.discord.scenes import edits_of, flip_from_dm, posts, press, two_player_table


async def test_a_click_on_an_outdated_hand_is_refused_and_changes_nothing(harness: Harness) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    # Alice opens her hand ephemerally, then flips from her DM: the ephemeral copy is now stale
    shown = await press(harness, ALICE, table_message, "hand")
    ephemeral_hand = shown.replies[-1].message_id
    assert ephemeral_hand is not None
    assert rec.message(ephemeral_hand)["flags"] & 64
    await flip_from_dm(harness, ALICE)
    before = await harness.client.service.load(1)

    stale = await press(harness, ALICE, ephemeral_hand, "act:0")
    assert stale.ephemeral_text() == "It is not your turn: waiting for 花子."
    # once she is asked again, the old copy is out of date: her prompt is another one now
    await flip_from_dm(harness, HANA)
    before = await harness.client.service.load(1)
    stale = await press(harness, ALICE, ephemeral_hand, "act:0")
    assert stale.ephemeral_text().startswith("This view is out of date")
    # acknowledged, then the reply only: no edit, no ping, no DM
    assert {c.kind for c in stale.calls} == {"webhook"}
    after = await harness.client.service.load(1)
    assert after.version == before.version and after.action_count == before.action_count


async def test_players_who_are_not_seated_are_refused_on_the_server(harness: Harness) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    # Bob asks for "his" hand on the public table message
    shown = await press(harness, BOB, table_message, "hand")
    assert shown.ephemeral_text() == "You are not seated at this table."
    assert not rec.dm_messages(BOB)
    # Bob replays the custom_id of Alice's Flip (it names the table and the version, not who may press)
    alice_dm = rec.last_dm(ALICE)
    forged = await harness.click(BOB, int(alice_dm["id"]), find_id(alice_dm, "act:0"))
    assert forged.ephemeral_text() == "You are not seated at this table."
    assert not posts(forged.calls) and not edits_of(forged.calls, table_message)
    assert (await harness.client.service.load(1)).action_count == 0
    # and 花子, seated but not to act, is told it is not her turn — in Japanese
    not_yet = await harness.click(
        HANA, int(alice_dm["id"]), find_id(alice_dm, "act:0"), user_locale="ja"
    )
    assert not_yet.ephemeral_text() == "あなたの番ではありません。"


async def test_buttons_sent_before_a_restart_work_after_it(make_harness: MakeHarness) -> None:
    first = await make_harness()
    table_message = await two_player_table(first)
    alice_dm = first.recorder.last_dm(ALICE)
    ping = posts(first.recorder.calls)[-1].message_id
    await first.close()

    # a new bot object on the same database; Discord still shows the old messages
    second = await make_harness(first.recorder)
    flip = await second.click(ALICE, int(alice_dm["id"]), find_id(alice_dm, "act:0"))
    assert (
        "Waiting for 花子."
        in second.recorder.message(int(alice_dm["id"]))["embeds"][0]["description"]
    )
    assert (
        len(edits_of(flip.calls, table_message)) == 1
    )  # the same table message, found in the database
    assert any(
        c.method == "DELETE" and c.path == f"/channels/{CHANNEL_ID}/messages/{ping}"
        for c in flip.calls
    )
    assert posts(flip.calls)[-1].content == f"<@{HANA.id}>, your turn at Kitten Fishing."
    # 花子's language survived the restart (stored with her settings): her DM is in Japanese
    assert second.recorder.last_dm(HANA)["embeds"][0]["description"].startswith("あなたの番です：")


async def test_two_clicks_racing_apply_one_move(harness: Harness) -> None:
    rec = harness.recorder
    await two_player_table(harness)
    alice_dm = rec.last_dm(ALICE)
    hand = await harness.slash(ALICE, "game hand")
    ephemeral = rec.message(hand.response.message_id or 0)
    flip_dm = find_id(alice_dm, "act:0")
    flip_ephemeral = find_id(ephemeral, "act:0")
    assert flip_dm == flip_ephemeral  # the same table, version and move on two messages
    race = await harness.clicks_at_once(
        [(ALICE, int(alice_dm["id"]), flip_dm), (ALICE, int(ephemeral["id"]), flip_ephemeral)]
    )
    assert (await harness.client.service.load(1)).action_count == 1
    # the second click finds Alice's turn over: her control is out of date, or (judged by the
    # service while the first move was being made) it is not her turn
    assert race.ephemeral_text().startswith(("It is not your turn", "This view is out of date"))
    assert len(posts(race.calls)) == 1  # one ping for 花子, not two


async def test_an_older_result_published_late_does_not_roll_the_table_back(
    harness: Harness,
) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    service, desk = harness.client.service, harness.client.desk
    first = await service.act(1, ALICE.id, {"type": "flip"})
    second = await service.act(1, HANA.id, {"type": "flip"})
    mark = len(rec.calls)
    await desk.publish(second)
    await desk.publish(first)  # finished later, but it is older
    edits = edits_of(rec.since(mark), table_message)
    assert len(edits) == 1 and "Alice to play" in edits[0].text
    assert "Alice to play" in rec.message(table_message)["embeds"][0]["fields"][0]["value"]


async def test_a_refused_table_edit_does_not_cost_the_ping_or_the_dm(harness: Harness) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    rec.fail("PATCH", f"/channels/{CHANNEL_ID}/messages/{table_message}")  # permissions removed
    flip = await flip_from_dm(harness, ALICE)
    assert not flip.ephemeral_text()  # Alice's move went through
    assert posts(flip.calls)[-1].content == f"<@{HANA.id}>, your turn at Kitten Fishing."
    assert rec.last_dm(HANA)["embeds"][0]["description"].startswith("あなたの番です：")


async def test_a_deleted_table_message_is_posted_again(harness: Harness) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    rec.fail(
        "PATCH", f"/channels/{CHANNEL_ID}/messages/{table_message}", 404, 10008, "Unknown Message"
    )
    flip = await flip_from_dm(harness, ALICE)
    reposted = [c for c in posts(flip.calls) if c.embeds]
    assert len(reposted) == 1 and "Alice flipped" in reposted[0].text
    ref = await harness.client.service.get_message_ref(1, "table")
    assert ref is not None and ref.message_id == reposted[0].message_id
