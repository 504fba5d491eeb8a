"""After a game ends, the channel's commands speak of the table that just finished until a new
one opens there, and a "New game" button left on an old DM does what it promises (issue 23)."""

from __future__ import annotations

import json

from engines.record import parse_record, replay
from tests.discord.harness import ALICE, BOB, CHANNEL_ID, EPHEMERAL, Harness, find_id
from tests.discord.scenes import followup_with, press, see_the_result


async def alice_against_a_cpu(harness: Harness) -> int:
    """Alice and a CPU at Kitten Fishing, played to the result; a message of Alice's from
    before the end that still shows "New game" (below)."""
    old = await alice_starts_against_a_cpu(harness)
    await see_the_result(harness, ALICE)
    assert (await harness.client.service.load(1)).status == "finished"
    return old


async def alice_starts_against_a_cpu(harness: Harness) -> int:
    """Alice opens Kitten Fishing, seats a normal CPU and starts; her hand's message that shows
    "New game" (below)."""
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing")
    table_message = lobby.answer.message_id or 0
    await harness.click(
        ALICE, table_message, find_id(rec.message(table_message), "cpu"), values=["normal"]
    )
    await press(harness, ALICE, table_message, "start")
    return await new_game_message(harness)


def controls(message: dict[str, object]) -> list[str]:
    """The actions of a message's components."""
    rows = message.get("components") or []
    return [
        item["custom_id"].split(":")[4]
        for row in rows  # type: ignore[union-attr]
        for item in row["components"]
    ]


async def new_game_message(harness: Harness) -> int:
    """Alice's hand with its "New game" button, as `/game hand` shows it only to her.

    Her DM becomes the result when the game ends, but a message the bot cannot edit any more
    (an ephemeral answer, a DM whose edit failed) keeps its old buttons: they must still do
    what they promise.
    """
    hand = await harness.slash(ALICE, "game hand")
    message = hand.response.message_id or 0
    assert "new" in controls(harness.recorder.message(message))
    return message


async def test_status_posts_the_finished_tables_result_again_with_its_rematch(
    harness: Harness,
) -> None:
    rec = harness.recorder
    await alice_against_a_cpu(harness)
    status = await harness.slash(BOB, "game status")
    posted = rec.message(status.response.message_id or 0)
    assert not int(posted["flags"]) & EPHEMERAL  # the channel sees it
    assert posted["embeds"][0]["title"] == "Kitten Fishing: result"
    assert controls(posted) == ["rematch"]
    again = await press(harness, ALICE, int(posted["id"]), "rematch")
    assert not again.ephemeral_text().startswith("There is no table")
    assert (await harness.client.service.load(2)).status == "active"
    # a new table here: the commands speak of it from then on
    status = await harness.slash(BOB, "game status")
    assert "result" not in rec.message(status.response.message_id or 0)["embeds"][0]["title"]


async def test_hand_and_record_speak_of_the_table_that_just_finished(harness: Harness) -> None:
    await alice_against_a_cpu(harness)
    finished = await harness.client.service.load(1)
    hand = await harness.slash(ALICE, "game hand")
    assert "The game is over." in hand.ephemeral_text()
    assert "Alice wins!" in hand.ephemeral_text() or "Kitten wins!" in hand.ephemeral_text()
    unseated = await harness.slash(BOB, "game hand")
    assert unseated.ephemeral_text() == (
        "The game in this channel is over: `/game status` shows its result."
    )
    ja = await harness.slash(BOB, "game hand", user_locale="ja")
    assert ja.ephemeral_text().startswith("このチャンネルのゲームは終わりました")
    record = await harness.slash(ALICE, "game record")
    [sent] = [f for c in record.replies for f in c.files]
    data = json.loads(sent.data)
    assert "seed" in data and len(data["actions"]) == finished.action_count
    assert replay(parse_record(data)).answer["result"] == finished.result
    # a new lobby here: the commands speak of it from then on
    await harness.slash(BOB, "game new", game="kitten-fishing")
    assert "not seated" in (await harness.slash(ALICE, "game hand")).ephemeral_text()


async def test_new_game_on_a_finished_games_old_dm_starts_it_without_asking_to_abandon(
    harness: Harness,
) -> None:
    rec = harness.recorder
    old_dm = await alice_against_a_cpu(harness)
    # Bob has opened a lobby here meanwhile: this game is over, said plainly
    await harness.slash(BOB, "game new", game="kitten-fishing")
    busy = await press(harness, ALICE, old_dm, "new")
    assert busy.ephemeral_text() == (
        f"This game is over, and a new table is open in <#{CHANNEL_ID}>: `/game hand` there."
    )
    await harness.slash(BOB, "game abandon")
    # the channel is free again: the same seats play again at once, nothing asked
    pressed = await press(harness, ALICE, old_dm, "new")
    said = "\n".join(c.text for c in pressed.replies)
    assert "Abandon" not in said and "not being played" not in said
    assert "The game has started." in said
    service = harness.client.service
    assert (await service.load(1)).status == "finished"  # not abandoned
    started = await service.load(3)
    assert started.status == "active" and started.channel_id == CHANNEL_ID
    assert [s.user_id for s in started.seats] == [ALICE.id, None]
    assert not controls(rec.message(old_dm))  # the old DM's buttons are gone


async def test_new_game_on_an_abandoned_games_old_dm_says_how_to_start_one(
    harness: Harness,
) -> None:
    old_dm = await alice_starts_against_a_cpu(harness)
    await harness.slash(ALICE, "game abandon")
    pressed = await press(harness, ALICE, old_dm, "new")
    assert pressed.ephemeral_text() == "This game is over. Start a new one with `/game new`."


async def test_new_game_confirmed_after_the_game_ended_plays_again_without_abandoning(
    harness: Harness,
) -> None:
    asked = await press(harness, ALICE, await alice_starts_against_a_cpu(harness), "new")
    confirm = followup_with(asked, "new_ok")
    await harness.client.service.finish(1, ALICE.id)  # the game ends before she confirms
    confirmed = await press(harness, ALICE, confirm, "new_ok")
    assert "not being played" not in confirmed.ephemeral_text()
    service = harness.client.service
    assert (await service.load(1)).status == "finished"
    assert (await service.load(2)).status == "active"
