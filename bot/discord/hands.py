"""Hand DMs: for each player one private message per table, edited in place, that carries their
hand and controls; a new one, which notifies, when the game starts waiting for them after they
have been away (the old one is deleted); the result when the game is over; and the one-time
"your DMs are closed" notice in the channel when a DM is refused.

A DM that fails is tried again only after a while (`DmBackoff`); the message book keeps the
prompt version each DM's controls carry, so a DM is edited only when its controls changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Mapping
from typing import Any

import discord

from bot.discord import present
from bot.discord.controls import PickState, SeatControls, seat_view, two_part_choice
from bot.discord.images import Images
from bot.discord.outlet import HAND, Outlet, Refs
from bot.games import presenter, seat_names
from bot.i18n import t
from bot.settings import Settings
from bot.tables import flow
from bot.tables.results import ActResult, MessageRef, SeatInfo, TableInfo, UserPrefs

log = logging.getLogger(__name__)


class Hands:
    """Each player's hand DM: drawn, sent, edited, closed."""

    def __init__(self, outlet: Outlet, images: Images, settings: Settings) -> None:
        self.outlet = outlet
        self.images = images
        self.settings = settings
        self._dm_channels: dict[int, int] = {}

    async def hand_message(
        self,
        table: TableInfo,
        seat: SeatInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        prompt: Mapping[str, Any] | None = None,
        version: int | None = None,
        you_line: str | None = None,
        state: PickState | None = None,
        page: int = 0,
        parts: tuple[int | None, int | None] = (None, None),
    ) -> tuple[discord.Embed, discord.ui.View | None, discord.File | None]:
        """A player's private message: embed, controls and image (the hand strip for a pick)."""
        names = seat_names(table, locale)
        state = state or PickState()
        pick = prompt.get("pick") if prompt else None
        if pick and not seat.auto and not seat.cpu_takeover:
            file = await self.images.hand(
                list(pick["cards"]),
                pick.get("selectable"),
                state.chosen,
                locale,
                filename=present.HAND_IMAGE,
                groups=present.hand_image_groups(table.game, pick, locale),
            )
        else:
            chosen = two_part_choice(prompt, parts)
            if chosen is not None and view is not None:
                # the image shows what the choice would make (the hand after an insert)
                view = {**view, "proposal": dict(chosen)}
            file = await self.images.image(
                table, view, names, locale, viewer=seat.seat, filename=present.HAND_IMAGE
            )
        chosen = two_part_choice(prompt, parts)
        preview = presenter(table.game).choice_preview(chosen, view, locale) if chosen else None
        embed = present.hand_embed(
            table,
            view,
            seat,
            locale,
            you_line=you_line,
            image=file is not None,
            prompt=prompt,
            state=state,
            preview=preview,
        )
        controls = seat_view(
            SeatControls(
                table,
                seat,
                prompt,
                table.prompt_version(seat.seat) if version is None else version,
                state,
                page,
                view,
                parts,
            ),
            locale,
        )
        return embed, controls, file

    async def dm_hands(
        self,
        table: TableInfo,
        result: ActResult,
        refs: Refs,
        prefs: Mapping[int, UserPrefs],
        loud: Collection[int],
        actor_id: int | None,
        actor_message: int | None,
        locale: str,
    ) -> set[int]:
        """Bring each player's hand DM up to date, all at once; returns the users whose DMs
        turned out closed (those to notify in the channel instead).

        A player given a new prompt whom it should notify gets a new DM (the old one goes);
        anyone else's DM is edited in place, and only when its controls changed: a new prompt,
        one that went away, or the actor's, when they played from elsewhere (`/play`).
        """

        async def one(seat: SeatInfo) -> int | None:
            uid = seat.user_id
            assert uid is not None
            pref = prefs.get(uid, UserPrefs(uid))
            ref = refs.get((HAND, uid))
            version = table.prompt_version(seat.seat)
            playing = not seat.auto and not seat.cpu_takeover
            asked = seat.seat in result.reprompted and result.prompt_for(seat.seat) is not None
            if uid == actor_id:
                if ref is not None and ref.message_id == actor_message:
                    if ref.version != version:  # the click showed it: note what it shows
                        await self.outlet.book.set_message_version(
                            table.id, HAND, uid, ref.message_id, version
                        )
                    return None
                if ref is None or not playing or ref.version == version:
                    return None
                how = "edit"
            elif uid in loud:
                how = "post"
            elif asked and playing:
                how = "edit" if ref is not None else "quiet"
            elif ref is not None and playing and ref.version != version:
                how = "edit"  # its controls went out of date (a window closed, a claim lapsed)
            else:
                return None
            if pref.dm_closed:
                return uid if how == "post" else None
            prompt = result.prompt_for(seat.seat)
            embed, view, file = await self.hand_message(
                table, seat, result.view_for(seat.seat), pref.locale or locale, prompt=prompt
            )
            public = prompt is None or bool(prompt.get("public", True))
            sent = await self.send_hand(
                table,
                uid,
                ref,
                how,
                version,
                locale,
                embed=embed,
                view=view,
                file=file,
                announce=public,
            )
            return uid if sent is False and how == "post" else None

        seats = [s for s in table.seats if s.user_id is not None]
        outcomes = await asyncio.gather(*(one(seat) for seat in seats), return_exceptions=True)
        closed: set[int] = set()
        for seat, outcome in zip(seats, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                log.warning("table %s: DM to seat %s failed", table.id, seat.seat, exc_info=outcome)
            elif outcome is not None:
                closed.add(outcome)
        return closed

    async def result_hands(
        self,
        table: TableInfo,
        result: ActResult,
        refs: Refs,
        prefs: Mapping[int, UserPrefs],
        actor_id: int | None,
        actor_message: int | None,
        locale: str,
    ) -> None:
        """The game is over: every player's hand DM becomes the result (no controls left but
        Rematch); a player without one gets it, unless they are looking already."""

        async def one(seat: SeatInfo) -> None:
            uid = seat.user_id
            assert uid is not None
            pref = prefs.get(uid, UserPrefs(uid))
            ref = refs.get((HAND, uid))
            if uid == actor_id and (ref is None or ref.message_id == actor_message):
                return  # the click shows the result
            if ref is None and (seat.cpu_takeover or pref.dm_closed):
                return  # they left the game, or cannot be DMed
            state = table.prompt_of(seat.seat)
            away_after = self.settings.notify_away_seconds
            away = state is None or flow.away(state.seen, table.updated_at, away_after)
            how = "edit" if ref is not None else ("post" if away else "quiet")
            embed, view, file = await self.hand_message(
                table, seat, result.view_for(seat.seat), pref.locale or locale
            )
            await self.send_hand(
                table,
                uid,
                ref,
                how,
                table.prompt_version(seat.seat),
                locale,
                embed=embed,
                view=view,
                file=file,
            )

        seats = [s for s in table.seats if s.user_id is not None]
        outcomes = await asyncio.gather(*(one(seat) for seat in seats), return_exceptions=True)
        for seat, outcome in zip(seats, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                log.warning(
                    "table %s: result DM to seat %s failed", table.id, seat.seat, exc_info=outcome
                )

    async def send_hand(
        self,
        table: TableInfo,
        user_id: int,
        ref: MessageRef | None,
        how: str,
        version: int,
        locale: str,
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        announce: bool = True,
    ) -> bool | None:
        """Show a player their hand message: `edit` their DM in place, or post a new one that
        notifies (`post`) or not (`quiet`); a new one replaces the old, which is deleted.

        True when it was shown; False when their DMs turned out to be closed (said in the
        channel with `announce`: not for a private prompt, whose DM nobody else may know of);
        None when it was not tried (their DMs wait after a failure) or failed otherwise.
        """
        if self.outlet.dm_backoff.waiting(user_id):
            return None
        if how == "edit" and ref is not None:
            channel = self.outlet.client.get_partial_messageable(
                ref.channel_id, type=discord.ChannelType.private
            )
            try:
                await self.outlet.budget.take(ref.channel_id)
                await channel.get_partial_message(ref.message_id).edit(
                    content=content,
                    embed=embed,
                    attachments=[file] if file is not None else [],
                    view=view,
                )
            except discord.NotFound:
                how = "quiet"  # gone: post it again, quietly
            except discord.Forbidden as exc:
                await self._dm_refused(table, user_id, locale, exc)
                return False
            except discord.HTTPException:
                log.warning(
                    "table %s: DM edit for user %s failed", table.id, user_id, exc_info=True
                )
                self.outlet.dm_backoff.failed(user_id)
                return None
            else:
                self.outlet.dm_backoff.succeeded(user_id)
                await self.outlet.book.set_message_version(
                    table.id, HAND, user_id, ref.message_id, version
                )
                return True
        message = await self._send_dm(
            table,
            user_id,
            locale=locale,
            content=content,
            embed=embed,
            view=view,
            file=file,
            silent=how != "post",
            version=version,
            announce=announce,
        )
        if not isinstance(message, discord.Message):
            return None if message is None else False
        if ref is not None and ref.message_id != message.id:
            await self.outlet.delete_message(table, ref)
        return True

    async def _send_dm(
        self,
        table: TableInfo,
        user_id: int,
        *,
        locale: str,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        silent: bool = False,
        version: int | None = None,
        announce: bool = True,
    ) -> discord.Message | bool | None:
        """DM a user their hand message (kept as their DM for this table); on 403/50007 mark
        them DM-closed and (with `announce`) say so once in the channel.

        The message; False when the user's DMs turned out to be closed; None when it was not
        tried (DMs waiting after a failure) or failed otherwise (tried again after a while).
        """
        if self.outlet.dm_backoff.waiting(user_id):
            return None
        try:
            channel = await self._dm_channel(user_id)
            kwargs: dict[str, Any] = {"content": content, "embed": embed, "silent": silent}
            if view is not None:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
            await self.outlet.budget.take(channel.id)
            message = await channel.send(**kwargs)
        except discord.Forbidden as exc:
            await self._dm_refused(table, user_id, locale, exc, announce)
            return False
        except discord.HTTPException:
            log.warning("table %s: DM to user %s failed", table.id, user_id, exc_info=True)
            self.outlet.dm_backoff.failed(user_id)
            return None
        self.outlet.dm_backoff.succeeded(user_id)
        await self.outlet.book.set_message_ref(
            table.id, HAND, message.channel.id, message.id, user_id=user_id, version=version
        )
        return message

    async def _dm_refused(
        self,
        table: TableInfo,
        user_id: int,
        locale: str,
        exc: discord.Forbidden,
        announce: bool = True,
    ) -> None:
        """The user's DMs are closed: remember it, and say so once in the channel (not after
        a DM about a private prompt: the channel would learn that they had one)."""
        log.info("table %s: DMs of user %s are closed (%s)", table.id, user_id, exc.code)
        await self.outlet.book.set_dm_closed(user_id, True)
        if not announce:
            return
        seat = table.seat_of(user_id)
        name = seat.name if seat else f"<@{user_id}>"
        await self.outlet.attempt(
            table,
            "DM-closed notice",
            self.outlet.post(
                table,
                table.channel_id,
                content=t("table.dm_closed_notice", locale, name=name),
                allowed_mentions=discord.AllowedMentions.none(),
            ),
        )

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            data = await self.outlet.client.http.start_private_message(user_id)
            channel_id = self._dm_channels[user_id] = int(data["id"])
        return self.outlet.client.get_partial_messageable(
            channel_id, type=discord.ChannelType.private
        )

    async def close_hands(self, table: TableInfo, refs: Refs, fallback: str) -> None:
        """Each player's DM says the table closed, without controls (in their language, else
        `fallback`)."""
        hands = [r for (kind, _), r in refs.items() if kind == HAND and r.user_id is not None]
        prefs = await self.outlet.book.user_prefs([r.user_id for r in hands if r.user_id])

        async def one(ref: MessageRef) -> None:
            assert ref.user_id is not None
            pref = prefs.get(ref.user_id, UserPrefs(ref.user_id))
            locale = pref.locale or fallback
            embed = present.closed_embed(table, t("hand.closed", locale), locale)
            await self.send_hand(table, ref.user_id, ref, "edit", 0, locale, embed=embed)

        outcomes = await asyncio.gather(*(one(r) for r in hands), return_exceptions=True)
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                log.warning("table %s: closing a DM failed", table.id, exc_info=outcome)
