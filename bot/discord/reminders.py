"""Reminders while a turn waits, and the one "game has stalled" notice of a table.

A reminder is a new DM with the player's hand, its controls and a button to mute this turn's
reminders (the old DM goes), or, when their DMs are closed, a mention in the channel (only for
a public prompt: a private one is never named there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import discord

from bot.discord import ids
from bot.discord.components import TableButton
from bot.discord.hands import Hands
from bot.discord.outlet import HAND, PING, STALL, Outlet
from bot.discord.pings import Pings
from bot.games import seat_names
from bot.i18n import game_name, t
from bot.settings import Settings
from bot.tables import flow
from bot.tables.results import MessageRef, Reminder, SeatInfo, SeatPrompt, TableInfo, UserPrefs
from bot.tables.rows import has_cpu


class Reminders:
    """Reminds the players a turn waits for; says once in the channel that it stalled."""

    def __init__(self, outlet: Outlet, hands: Hands, pings: Pings, settings: Settings) -> None:
        self.outlet = outlet
        self.hands = hands
        self.pings = pings
        self.settings = settings

    async def remind(
        self, reminder: Reminder, prompts: Mapping[int, SeatPrompt], locale: str
    ) -> None:
        """Remind the players whose turn waits: a new DM with their hand, its controls and a
        button to mute this turn's reminders (the old DM goes), or, when their DMs are closed,
        a mention in the channel (only for public prompts: a private one is never named
        there); then, for a turn that has just stalled, say so in the channel once.

        `prompts` holds each reminded user's prompt as they see it (`Reminder.user_ids`), and
        `locale` is the channel's language."""
        table = reminder.table
        refs = await self.outlet.refs(table.id)
        prefs = await self.outlet.book.user_prefs(reminder.user_ids)
        mention: list[int] = []
        for uid in reminder.user_ids:
            seat = table.seat_of(uid)
            if seat is None:
                continue
            state = table.prompt_of(seat.seat)
            pref = prefs.get(uid, UserPrefs(uid))
            if not pref.dm_closed and await self._remind_by_dm(
                table, seat, prompts[uid], refs.get((HAND, uid)), pref, locale
            ):
                continue
            if state is None or state.public:
                mention.append(uid)
        if mention:
            await self.outlet.delete_kept(table, refs, PING)
            text = "\n".join(
                t(
                    "table.reminder",
                    locale,
                    mention=f"<@{uid}>",
                    game=game_name(table.game, locale),
                    when=_relative(_due(table, uid)),
                )
                for uid in mention
            )
            await self.outlet.attempt(table, "reminder", self.pings.post_ping(table, text, mention))
        stalled = [
            s for s in reminder.stalled if (p := table.prompt_of(s)) is not None and p.public
        ]
        if stalled:
            await self.outlet.attempt(table, "stall notice", self._stalled(table, stalled, locale))

    async def _remind_by_dm(
        self,
        table: TableInfo,
        seat: SeatInfo,
        current: SeatPrompt,
        ref: MessageRef | None,
        pref: UserPrefs,
        locale: str,
    ) -> bool:
        """One reminder DM; False when it could not go (the channel mentions them instead)."""
        uid = seat.user_id
        assert uid is not None
        dm_locale = pref.locale or locale
        embed, controls, file = await self.hands.hand_message(
            table, seat, current.view, dm_locale, prompt=current.prompt, version=current.version
        )
        controls = controls or discord.ui.View(timeout=None)
        controls.add_item(
            TableButton(
                table.id,
                current.version,
                ids.MUTE,
                label=t("button.mute", dm_locale),
                emoji="🔕",
                row=4,
            )
        )
        content = t(
            "table.reminder_dm",
            dm_locale,
            game=game_name(table.game, dm_locale),
            when=_relative(_due(table, uid)),
        )
        state = table.prompt_of(seat.seat)
        sent = await self.hands.send_hand(
            table,
            uid,
            ref,
            "post",
            current.version,
            locale,
            content=content,
            embed=embed,
            view=controls,
            file=file,
            announce=state is None or state.public,
        )
        return sent is True

    async def _stalled(self, table: TableInfo, seats: Sequence[int], locale: str) -> None:
        """The one "game has stalled" notice of the table (it replaces an older one)."""
        names = seat_names(table, locale)
        states = [p for s in seats if (p := table.prompt_of(s)) is not None]
        since = min((p.since for p in states if p.since is not None), default=None)
        due = min((p.due for p in states if p.due is not None), default=table.deadline)
        policy = flow.effective_policy(table.expiry_policy, has_cpu(table.game))
        text = t(
            "table.stalled",
            locale,
            name=t("list.sep", locale).join(names[s] for s in seats),
            since=_relative(since),
            count=self.settings.reminder_limit,
            when=_relative(due),
            policy=t(f"choice.expiry.{policy}", locale),
        )
        refs = await self.outlet.refs(table.id)
        await self.outlet.delete_kept(table, refs, STALL)
        posted = await self.outlet.post(
            table,
            table.channel_id,
            content=text,
            silent=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.outlet.book.set_message_ref(table.id, STALL, table.channel_id, posted.id)


def _due(table: TableInfo, user_id: int) -> datetime | None:
    """When the user's prompt runs out (the table's deadline when it has none of its own)."""
    seat = table.seat_of(user_id)
    state = table.prompt_of(seat.seat) if seat is not None else None
    return state.due if state is not None and state.due is not None else table.deadline


def _relative(when: datetime | None) -> str:
    return discord.utils.format_dt(when, "R") if when is not None else "—"
