"""First contact: the bot logs in offline, syncs commands, opens a lobby."""

from __future__ import annotations

from tests.discord.harness import ALICE, Harness


async def test_game_new_opens_a_lobby(harness: Harness) -> None:
    ex = await harness.slash(ALICE, "game new", game="kitten-fishing")
    reply = ex.response
    assert reply.callback_type == 4, ex.calls
    assert not reply.ephemeral
    assert any(":join" in c for c in reply.custom_ids), reply.custom_ids
