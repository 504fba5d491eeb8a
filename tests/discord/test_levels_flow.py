"""A CPU's level chosen from the table message during a match: said to play from the next hand."""

from __future__ import annotations

from tests.discord.conftest import MakeHarness
from tests.discord.harness import ALICE, HANA, find_id
from tests.discord.scenes import press


async def test_a_level_changed_mid_match_is_said_to_apply_from_the_next_hand(
    make_harness: MakeHarness,
) -> None:
    harness = await make_harness()
    rec = harness.recorder
    for table_id, (user, words) in enumerate(
        ((ALICE, "from the next hand"), (HANA, "次の回から")), start=1
    ):
        lobby = await harness.slash(user, "game new", game="gong-zhu", seats=4)
        table_message = lobby.response.message_id or 0
        for _ in range(3):
            message = rec.message(table_message)
            await harness.click(user, table_message, find_id(message, "cpu"), values=["normal"])
        await press(harness, user, table_message, "start")
        message = rec.message(table_message)
        exchange = await harness.click(
            user, table_message, find_id(message, "cpus"), values=["1:hard"]
        )
        assert words in " ".join(call.text for call in exchange.replies)
        table = await harness.client.service.load(table_id)
        assert (table.seats[1].cpu_level, table.seats[1].next_level) == ("normal", "hard")
        await harness.slash(user, "game abandon")
