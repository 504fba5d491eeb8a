"""The core knows no game: a game with decisions and simultaneous turns plays through it too.

Uses the tables tests' "secret numbers" game (sealed picks of 1, 2 or 3, every seat to act at
once, no instant finish, no presenter of its own), found by the scan only for these tests.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.discord.conftest import MakeHarness
from tests.discord.harness import ALICE, HANA, Harness
from tests.discord.scenes import posts, press
from tests.tables import secret_numbers


@pytest.fixture
async def harness(make_harness: MakeHarness) -> AsyncIterator[Harness]:
    """A bot built while the test game is found by the scan (its commands list it)."""
    with secret_numbers.installed():
        yield await make_harness()


async def test_a_game_with_choices_and_simultaneous_turns(harness) -> None:
    rec = harness.recorder
    choices = await harness.autocomplete(ALICE, "game new", "first", game=secret_numbers.GAME_ID)
    assert choices.choices() == []  # this game has no options
    lobby = await harness.slash(ALICE, "game new", game=secret_numbers.GAME_ID, seats=2)
    table_message = lobby.response.message_id or 0
    assert lobby.answer.embeds[0]["title"] == "Secret Numbers: waiting for players"
    await press(harness, HANA, table_message, "join")
    started = await press(harness, ALICE, table_message, "start")

    # both seats are to act: one ping mentions both, both get their controls by DM
    ping = posts(started.calls)[-1]
    assert ping.content.splitlines() == [
        f"<@{ALICE.id}>, your turn at Secret Numbers.",
        f"<@{HANA.id}>, your turn at Secret Numbers.",
    ]
    assert ping.allowed_mentions["users"] == [ALICE.id, HANA.id]
    alice_dm = rec.last_dm(ALICE)
    labels = [b["label"] for row in alice_dm["components"] for b in row["components"]]
    assert labels == ["pick 1", "pick 2", "pick 3", "Hint", "Auto: off"]  # no "See the result" here
    hana_first_dm = rec.last_dm(HANA)

    moves = await harness.autocomplete(HANA, "play", "move", user_locale="en-US")
    assert [c["name"] for c in moves.choices()] == ["pick 1", "pick 2", "pick 3"]

    # Hint says what the CPU would pick, and plays nothing
    await press(harness, ALICE, int(alice_dm["id"]), "hint")
    assert "💡 Hint: pick " in rec.message(int(alice_dm["id"]))["embeds"][0]["description"]
    assert (await harness.client.service.load(1)).action_count == 0
    alice_dm = rec.message(int(alice_dm["id"]))
    picked = await press(harness, ALICE, int(alice_dm["id"]), "act:1")  # Alice picks 2
    assert (await harness.client.service.prompt(1, ALICE.id)).prompt is None
    # Alice's pick is sealed: the channel learns that she picked, never what
    log = rec.message(table_message)["embeds"][0]["description"]
    assert "Alice: picked" in log and "my_pick" not in log and "2" not in log.replace("v2", "")
    assert "花子 to play" in rec.message(table_message)["embeds"][0]["fields"][0]["value"]
    # /game record leaves the sealed pick out while the round is open
    record = await harness.client.service.record(1)
    assert record["actions"] == []
    # 花子's controls are hers: Alice's move did not make them out of date, and she got no new DM
    assert rec.last_dm(HANA)["id"] == hana_first_dm["id"]
    assert not [c for c in picked.calls if c.kind == "http" and "/users/@me/channels" in c.path]
    shown = await harness.slash(HANA, "game hand", user_locale="ja")  # a second copy of them
    copy = shown.response.message_id or 0
    await press(harness, HANA, int(hana_first_dm["id"]), "act:2", user_locale="ja")  # 花子 picks 3
    table = await harness.client.service.load(1)
    assert table.action_count == 2 and table.to_act == (0, 1)  # the next round
    assert rec.message(table_message)["embeds"][0]["title"] == "Secret Numbers · table 1"
    # both picks are revealed together, and now the record has them
    assert [a["number"] for a in (await harness.client.service.record(1))["actions"]] == [2, 3]
    # 花子 acted: her other copy of that round's controls is out of date now
    stale = await press(harness, HANA, copy, "act:0", user_locale="ja")
    assert stale.ephemeral_text().startswith("この表示は古くなっています")
    assert (await harness.client.service.load(1)).action_count == 2
