"""Turn pings: at most one short message per table that mentions whom the game now waits for
in public (never a seat asked privately, nor one the CPU plays), and who is to be notified.

Notifications respect people (docs/discord.md, "Notifications"): a ping or a new DM, the
messages that make a phone buzz, goes to a player when the game starts waiting for them after
they have been away (their own setting may say every turn, or reminders only).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import discord

from bot.discord.outlet import PING, Outlet, Refs
from bot.i18n import game_name, t
from bot.settings import DEFAULT_NOTIFY, Settings
from bot.tables import flow
from bot.tables.results import ActResult, TableInfo, UserPrefs


class Pings:
    """The table's one turn ping, and whom a change should notify."""

    def __init__(self, outlet: Outlet, settings: Settings) -> None:
        self.outlet = outlet
        self.settings = settings

    def to_notify(
        self,
        table: TableInfo,
        result: ActResult,
        actor_id: int | None,
        prefs: Mapping[int, UserPrefs],
    ) -> set[int]:
        """Users the game now starts waiting for (a new required prompt of theirs) whom that
        should notify: by their setting, every time, only reminders, or (the default) when they
        have not acted at the table for a while."""
        away_after = self.settings.notify_away_seconds
        out = set()
        for seat in table.seats:
            uid = seat.user_id
            if uid is None or uid == actor_id or seat.auto or seat.cpu_takeover:
                continue
            prompt = result.prompt_for(seat.seat)
            state = table.prompt_of(seat.seat)
            if seat.seat not in result.reprompted or prompt is None or state is None:
                continue
            if not prompt.get("required", True):
                continue  # an optional prompt is offered in place, never rung
            mode = prefs[uid].notify if uid in prefs else DEFAULT_NOTIFY
            if mode == "every_turn" or (
                mode == "away" and flow.away(state.seen, table.updated_at, away_after)
            ):
                out.add(uid)
        return out

    async def ping(
        self,
        table: TableInfo,
        result: ActResult,
        refs: Refs,
        actor_id: int | None,
        locale: str,
        loud: Collection[int],
        closed: Collection[int],
    ) -> None:
        """At most one short message mentioning whom the game starts waiting for, in public.

        The old one goes as soon as the game waits for someone new (or for nobody); a new one
        mentions only those to notify (`loud`). A seat asked privately (a claim) is never
        mentioned, and neither is anyone whose turn the CPU plays (Auto).
        """
        replace, mention = ping_plan(table, result, actor_id, loud)
        if not replace:
            return
        await self.outlet.delete_kept(table, refs, PING)
        if not mention:
            return
        lines = []
        for uid in mention:
            key = "table.ping_dm_closed" if uid in closed else "table.ping"
            lines.append(t(key, locale, mention=f"<@{uid}>", game=game_name(table.game, locale)))
        await self.post_ping(table, "\n".join(lines), mention)

    async def post_ping(self, table: TableInfo, text: str, mention: Sequence[int]) -> None:
        """Post the table's one ping (the caller deleted the old one)."""
        posted = await self.outlet.post(
            table,
            table.channel_id,
            content=text,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(uid) for uid in mention]
            ),
        )
        await self.outlet.book.set_message_ref(table.id, PING, table.channel_id, posted.id)


def ping_plan(
    table: TableInfo, result: ActResult, actor_id: int | None, loud: Collection[int]
) -> tuple[bool, list[int]]:
    """(whether the table's ping goes, whom a new one mentions) after `result`.

    It goes when the game waits in public for nobody, or for someone new; a new one mentions
    those newly waited for whom it should notify (`loud`), never a seat asked privately nor
    one the CPU plays (Auto).
    """
    auto = {s.user_id for s in table.seats if s.auto}
    waiting = [uid for uid in table.ping_user_ids if uid not in auto]
    if not waiting:
        return True, []
    fresh = [
        s.user_id
        for s in table.seats
        if s.seat in result.reprompted
        and s.user_id is not None
        and s.user_id in waiting
        and s.user_id != actor_id
    ]
    if not fresh:
        return False, []
    return True, [uid for uid in fresh if uid in loud]
