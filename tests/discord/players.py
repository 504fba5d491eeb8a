"""People playing whole games through Discord in tests: each answers their prompt with what an
easy CPU would choose, from their DM's buttons when it has them, else with `/play`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store import Database
from bot.tables.rows import game_of
from bot.tools.bench_messages import play_value
from engines.actions import Action
from engines.cpu import cpu_chooser
from tests.discord.harness import FakeUser, Harness, custom_ids
from tests.tables.helpers import stored_row


async def easy_choice(
    harness: Harness, database: Database, table_id: int, user: FakeUser
) -> tuple[int, Mapping[str, Any], Mapping[str, Any]] | None:
    """(prompt version, prompt, action) the easy CPU would choose in the user's seat, or None
    when they are not asked (or would let an optional prompt without a default pass)."""
    current = await harness.client.service.prompt(table_id, user.id)
    prompt = current.prompt
    if prompt is None:
        return None
    row = await stored_row(database, table_id)
    game = game_of(row)
    asked = game.prompt(current.seat)
    if asked is None:
        return None
    levels = ["easy"] * game.seats
    action: Action | None = cpu_chooser(row.game, levels, row.seed, purpose=f"t{row.version}")(
        game, asked
    )
    if action is None:
        action = asked.default
    if action is None:
        return None
    return current.version, prompt, action.to_json()


async def play_easy(
    harness: Harness, database: Database, table_id: int, user: FakeUser, *, by_dm: bool = True
) -> bool:
    """The user answers their prompt: a button of their DM when one plays exactly that, else
    `/play`; False when they have nothing to answer."""
    chosen = await easy_choice(harness, database, table_id, user)
    if chosen is None:
        return False
    version, prompt, action = chosen
    value = play_value(prompt, version, action)
    if value is None:
        return False
    index = value.split(":", 1)[1]
    if by_dm and index.isdigit():
        dm = live_dm(harness, user)
        wanted = f":{version}:act:{index}"
        button = next(
            (c for c in custom_ids(dm.get("components") or []) if c.endswith(wanted)), None
        )
        if dm and button is not None:
            await harness.click(user, int(dm["id"]), button)
            return True
    await harness.slash(user, "play", move=value)
    return True


def live_dm(harness: Harness, user: FakeUser) -> dict[str, Any]:
    """The user's newest DM still on screen ({} when none)."""
    rec = harness.recorder
    alive = [m for m in rec.dm_messages(user) if int(m["id"]) not in rec.deleted]
    return alive[-1] if alive else {}
