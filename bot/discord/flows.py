"""What each command and component does: call the tables service, answer, publish.

Shared by slash commands and components so that every in-game action is reachable both ways
with exactly the same checks (the service decides who may do what; the custom_id and the
command only say what was asked). Every entry point runs inside `guard`, the one error handler.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

import discord

from bot.discord import ids, present
from bot.discord.controls import (
    PickState,
    confirm_view,
    count_problem,
    parse_parts_arg,
    pick_groups,
    two_part,
)
from bot.discord.desk import Desk
from bot.games import presenter, seat_names
from bot.games.moves import (
    parse_typed_move,
    pick_action,
    pick_positions,
    picked_cards,
    typed_version,
)
from bot.i18n import error_text, game_name, normalise_locale, t
from bot.store.database import DatabaseError, DatabaseUnavailable
from bot.tables.errors import TableError
from bot.tables.results import ActResult, TableInfo
from bot.tables.service import SeatPrompt, TableService
from engines.base import GameError, event_seen_by, game_class, games

log = logging.getLogger(__name__)


class Flows:
    """Entry points for interactions; each answers within Discord's 3 seconds."""

    def __init__(self, service: TableService, desk: Desk) -> None:
        self.service = service
        self.desk = desk
        self._answered: deque[int] = deque(maxlen=1000)
        """Interactions whose deferred reply was filled (a later error goes to a followup)."""
        self._public: set[int] = set()
        """Interactions acknowledged with a public "thinking…" not yet filled."""

    # ------------------------------------------------------------------ errors

    @contextlib.asynccontextmanager
    async def guard(
        self, interaction: discord.Interaction[Any], table_id: int | None = None
    ) -> AsyncIterator[None]:
        """Turn every error into a reply: domain errors in words, the rest logged with the table id."""
        try:
            yield
            with contextlib.suppress(Exception):
                await self.desk.remember(interaction)  # after the answer: never delays it
        except (TableError, GameError) as exc:
            locale = await self._safe_locale(interaction)
            try:
                await self.reply(interaction, self.error_message(exc, locale))
            except discord.HTTPException:
                log.warning("could not answer %s on table %s", exc.code, table_id, exc_info=True)
        except DatabaseError as exc:
            # Down, restarting, too slow: the bot stays up and the next request reconnects.
            # The answer asks nothing more of the database (the user's Discord language).
            transient = isinstance(exc, DatabaseUnavailable)
            log.log(
                logging.WARNING if transient else logging.ERROR,
                "database failure on table %s (interaction %s): %s",
                table_id,
                interaction.id,
                exc,
            )
            locale = normalise_locale(interaction.locale, self.desk.default_locale)
            with contextlib.suppress(Exception):
                await self.reply(interaction, t("error.database_unavailable", locale))
        except Exception:
            if table_id is None:
                with contextlib.suppress(Exception):
                    table = await self.service.active_table(interaction.channel_id or 0)
                    table_id = table.id if table else None
            log.exception(
                "unexpected error on table %s (interaction %s by user %s)",
                table_id,
                interaction.id,
                interaction.user.id,
            )
            locale = await self._safe_locale(interaction)
            with contextlib.suppress(Exception):
                await self.reply(interaction, t("error.unexpected", locale))

    async def _safe_locale(self, interaction: discord.Interaction[Any]) -> str:
        try:
            return await self.desk.user_locale(interaction)
        except Exception:
            return self.desk.default_locale

    @staticmethod
    def error_message(exc: TableError | GameError, locale: str) -> str:
        """A domain error in the user's words (an engine refusal by the engine's own code)."""
        params = dict(exc.params)
        if exc.code == "table_moved_on":
            return t("reply.stale", locale)
        if exc.code == "illegal_action" and params.get("code"):
            inner = str(params.pop("code"))
            return error_text(inner, locale, exc.message, params)
        return error_text(exc.code, locale, exc.message, params)

    async def defer_public(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge a command whose answer is for the channel ("thinking…" in public).

        Should it end in a refusal instead, `reply` replaces the public placeholder with a
        private answer: a refusal is never shown to the channel.
        """
        await interaction.response.defer(thinking=True)
        self._public.add(interaction.id)

    async def reply(
        self, interaction: discord.Interaction[Any], content: str | None = None, **kwargs: Any
    ) -> None:
        """An ephemeral answer, whether or not the interaction was acknowledged already.

        After a "thinking…" acknowledgement the answer replaces that placeholder (it was made
        ephemeral or not when deferring); otherwise it is a new ephemeral message.
        """
        response = interaction.response
        if interaction.id in self._public and interaction.id not in self._answered:
            self._public.discard(interaction.id)
            self._answered.append(interaction.id)
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            await interaction.followup.send(content or "", ephemeral=True, **kwargs)
        elif not response.is_done():
            await response.send_message(content, ephemeral=True, **kwargs)
        elif (
            response.type is discord.InteractionResponseType.deferred_channel_message
            and interaction.id not in self._answered
        ):
            file = kwargs.pop("file", None)
            if file is not None:
                kwargs["attachments"] = [file]
            await self.answer(interaction, content=content, **kwargs)
        else:
            await interaction.followup.send(content or "", ephemeral=True, **kwargs)

    async def answer(
        self, interaction: discord.Interaction[Any], **kwargs: Any
    ) -> discord.InteractionMessage:
        """Fill the deferred reply (or edit the clicked message after a deferred update)."""
        message = await interaction.edit_original_response(**kwargs)
        self._answered.append(interaction.id)
        self._public.discard(interaction.id)
        return message

    # ------------------------------------------------------------------ helpers

    async def channel_table(self, interaction: discord.Interaction[Any]) -> TableInfo:
        """The channel's open table, or the `no_table` error."""
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is None:
            raise TableError(
                "no_table", "There is no table in this channel.", channel_id=interaction.channel_id
            )
        return table

    @staticmethod
    def is_moderator(interaction: discord.Interaction[Any]) -> bool:
        """Manage Messages in this channel (the abandon and settings override)."""
        perms = getattr(interaction, "permissions", None)
        return bool(perms and (perms.manage_messages or perms.administrator))

    @staticmethod
    def display_name(interaction: discord.Interaction[Any]) -> str:
        """The name players see for the user."""
        return interaction.user.display_name

    # ------------------------------------------------------------------ components

    async def on_component(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        version: int,
        action: str,
        arg: str | None,
        values: Sequence[str] = (),
    ) -> None:
        """A click on any table component, current or from before a restart."""
        async with self.guard(interaction, table_id):
            if action in ids.SEAT_CONTROLS:
                await self._seat_control(interaction, table_id, version, action, arg, values)
                return
            handler = {
                ids.JOIN: self._join,
                ids.LEAVE: self._leave,
                ids.START: self._start,
                ids.CANCEL: self._cancel,
                ids.ADD_CPU: self._add_cpu,
                ids.OPTION: self._set_option,
                ids.CPU_SEAT: self._cpu_seat,
                ids.HAND: self._show_hand,
                ids.REMATCH: self._rematch,
                ids.AUTO: self._auto,
                ids.NEW: self._new_ask,
                ids.NEW_OK: self._new_game,
            }.get(action)
            if handler is None:
                raise TableError("unknown_action", f"Unknown control '{action}'.")
            if action == ids.ADD_CPU:
                arg = values[0] if values else arg
            elif action in (ids.OPTION, ids.CPU_SEAT):
                arg = (
                    f"{arg}:{values[0]}"
                    if action == ids.OPTION and values
                    else (values[0] if values else arg)
                )
            await handler(interaction, table_id, version, arg)

    async def stale(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A control from an older message or an older version of the bot: out of date."""
        async with self.guard(interaction, table_id):
            await self.reply(
                interaction, t("reply.stale", await self.desk.user_locale(interaction))
            )

    # a seat's controls ---------------------------------------------------------------------

    async def _seat_control(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        version: int,
        action: str,
        arg: str | None,
        values: Sequence[str],
    ) -> None:
        """A control of the user's prompt: acknowledged first, then checked against its version.

        The version is the seat's own prompt version, so another player's move never makes
        these controls "out of date"; a change of the seat's own prompt does.
        """
        await interaction.response.defer()
        current = await self.service.prompt(table_id, interaction.user.id)
        locale = await self.desk.user_locale(interaction)
        prompt = current.prompt
        if version > current.version and prompt is None:
            # not a control of this seat at all (versions only grow): someone else's message
            raise TableError("not_your_turn", "It is not your turn.", table_id=table_id)
        if version != current.version:
            await self.reply(interaction, t("reply.stale", locale))
            return
        if action == ids.FINISH:
            await self._confirm(interaction, current.table, version, "finish", locale)
            return
        if action == ids.FINISH_OK:
            result = await self.service.finish(table_id, interaction.user.id)
            await self.after_move(interaction, result)
            return
        if prompt is None:
            raise TableError("not_your_turn", "It is not your turn.", table_id=table_id)
        pick = prompt.get("pick")
        if action in (ids.ACT, ids.MOVE):
            index_text = values[0] if values else arg
            choices = list(prompt.get("choices") or [])
            try:
                choice = choices[int(index_text or "")]
            except (ValueError, IndexError):
                raise TableError(
                    "table_moved_on", "The move is no longer available.", table_id=table_id
                ) from None
            await self._act(interaction, table_id, choice, version)
            return
        if action in (ids.PART_ONE, ids.PART_TWO):
            first, second = parse_parts_arg(arg)
            if values and values[0].isdigit():
                if action == ids.PART_ONE:
                    first = int(values[0])
                else:
                    second = int(values[0])
            await self._show_prompt(
                interaction, current, PickState(), locale, parts=(first, second)
            )
            return
        if action == ids.HINT and not pick:
            await self._choice_hint(interaction, current, locale)
            return
        if action == ids.PAGE:
            page = int(arg) if arg and arg.isdigit() else 0
            await self._show_prompt(interaction, current, PickState(), locale, page=page)
            return
        if action == ids.DISMISS:
            await self._show_prompt(interaction, current, PickState(), locale, dismissed=True)
            return
        if not pick:
            raise TableError(
                "table_moved_on", "This control is no longer shown.", table_id=table_id
            )
        group, chosen = ids.parse_pick_arg(arg)
        groups = pick_groups(pick)
        if action == ids.GROUP:
            group = int(values[0]) if values and values[0].isdigit() else group
        elif action == ids.SELECT:
            shown = set(groups[group].positions) if 0 <= group < len(groups) else set()
            picked = {int(v) for v in values if v.isdigit()}
            chosen = frozenset((set(chosen) - shown) | (picked & shown))
        elif action == ids.CLEAR:
            chosen = frozenset()
        elif action == ids.HINT:
            hint = await self.service.hint(table_id, interaction.user.id)
            suggested = (hint or {}).get("action")
            if suggested is not None and suggested.get("type") == pick["type"]:
                chosen = frozenset(pick_positions(pick, picked_cards(pick, suggested)) or ())
            note = self._hint_note(current, hint, locale)
            state = PickState(
                group, chosen, await self._pick_problem(current, chosen, locale), note
            )
            await self._show_prompt(interaction, current, state, locale)
            return
        elif action == ids.PLAY:
            chosen = ids.decode_mask(arg or "")
            problem = count_problem(pick, chosen, locale)
            if problem is not None:
                await self._show_prompt(
                    interaction, current, PickState(group, chosen, problem), locale
                )
                return
            await self._act(interaction, table_id, pick_action(pick, chosen), version)
            return
        state = PickState(group, chosen, await self._pick_problem(current, chosen, locale))
        await self._show_prompt(interaction, current, state, locale)

    async def _choice_hint(
        self, interaction: discord.Interaction[Any], current: SeatPrompt, locale: str
    ) -> None:
        """A Hint for a list of choices: the recommended one, said (and preselected in two
        steps), never played for the player."""
        hint = await self.service.hint(current.table.id, interaction.user.id)
        parts: tuple[int | None, int | None] = (None, None)
        choices = list((current.prompt or {}).get("choices") or [])
        suggested = (hint or {}).get("action")
        shape = two_part(choices)
        if suggested is not None and shape is not None:
            suggested = {k: v for k, v in suggested.items() if k != "seat"}
            for (i, j), n in shape.index.items():
                if {k: v for k, v in choices[n].items() if k != "seat"} == suggested:
                    parts = (i, j)
        note = self._hint_note(current, hint, locale)
        await self._show_prompt(interaction, current, PickState(note=note), locale, parts=parts)

    def _hint_note(self, current: SeatPrompt, hint: Mapping[str, Any] | None, locale: str) -> str:
        """The Hint in words: what to do, and why when the computer player can say."""
        game = presenter(current.table.game)
        names = seat_names(current.table, locale)
        action = (hint or {}).get("action")
        what = (
            game.action_label(action, locale, names)
            if action is not None
            else t("hint.nothing", locale)
        )
        reason = game.hint_reason(
            (hint or {}).get("reason"), (hint or {}).get("params") or {}, locale
        )
        return t("hint.line", locale, what=what) + (f" ({reason})" if reason else "")

    async def _pick_problem(
        self, current: SeatPrompt, chosen: frozenset[int], locale: str
    ) -> str | None:
        """Why the game would refuse the cards chosen so far (None: it would accept them)."""
        prompt = current.prompt or {}
        pick = prompt.get("pick")
        if not pick or not chosen:
            return None
        problem = count_problem(pick, chosen, locale)
        if problem is not None:
            return problem
        try:
            await self.service.check_action(
                current.table.id,
                current.table.seats[current.seat].user_id or 0,
                pick_action(pick, chosen),
            )
        except TableError as exc:
            return self.error_message(exc, locale)
        return None

    async def _show_prompt(
        self,
        interaction: discord.Interaction[Any],
        current: SeatPrompt,
        state: PickState,
        locale: str,
        *,
        page: int = 0,
        dismissed: bool = False,
        parts: tuple[int | None, int | None] = (None, None),
    ) -> None:
        """Redraw the user's message for their prompt (a selection, a page, or let it pass)."""
        table = current.table
        seat = table.seats[current.seat]
        embed, controls, file = await self.desk.hand_message(
            table,
            seat,
            current.view,
            locale,
            prompt=None if dismissed else current.prompt,
            version=current.version,
            state=state,
            page=page,
            parts=parts,
            you_line=t("hand.dismissed", locale) if dismissed else None,
        )
        await self.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        action: Mapping[str, Any],
        version: int,
    ) -> None:
        result = await self.service.act(
            table_id, interaction.user.id, dict(action), prompt_version=version
        )
        await self.after_move(interaction, result)

    async def after_move(self, interaction: discord.Interaction[Any], result: ActResult) -> None:
        """The mover's message (what their action did, what they are asked now), then the table."""
        table = result.table
        locale = await self.desk.user_locale(interaction)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        mine = [
            e
            for step in result.steps
            if step.by == "user" and step.seat == seat.seat
            for e in step.events
            if event_seen_by(e, seat.seat)
        ]
        you = presenter(table.game).you_line(mine, seat.seat, locale)
        embed, controls, file = await self.desk.hand_message(
            table,
            seat,
            result.view_for(seat.seat),
            locale,
            prompt=result.prompt_for(seat.seat),
            you_line=you,
        )
        await self.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )
        await self.desk.publish(result, actor_id=interaction.user.id)

    # lobby ------------------------------------------------------------------------------

    async def _lobby_changed(self, interaction: discord.Interaction[Any], table: TableInfo) -> bool:
        """Show the lobby's new state on its message; True when that was the message clicked."""
        locale = await self.desk.table_locale(table)
        embed, view = present.lobby_embed(table, locale), present.lobby_view(table, locale)
        ref = await self.service.get_message_ref(table.id, "table")
        if interaction.message is not None and (
            ref is None or ref.message_id == interaction.message.id
        ):
            await self.answer(interaction, embed=embed, view=view)
            return True
        await self.desk.show(table, embed, view)
        return False

    async def _join(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self._ack(interaction)
        table = await self.service.join(
            table_id, interaction.user.id, self.display_name(interaction)
        )
        if not await self._lobby_changed(interaction, table) or not interaction.message:
            locale = await self.desk.user_locale(interaction)
            seat = table.seat_of(interaction.user.id)
            await self.reply(
                interaction, t("lobby.joined", locale, seat=(seat.seat + 1) if seat else "?")
            )

    async def _ack(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge before any work: a click updates its message, a command thinks privately."""
        if interaction.response.is_done():
            return
        if interaction.message is not None:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def _leave(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self._ack(interaction)
        locale = await self.desk.user_locale(interaction)
        result = await self.service.leave(table_id, interaction.user.id)
        table = result.table
        if table.status == "lobby":
            if not await self._lobby_changed(interaction, table) or not interaction.message:
                await self.reply(interaction, t("lobby.left", locale))
            return
        if table.status == "abandoned" and result.public_view is None:
            await self.desk.close_table(
                table, t("lobby.cancelled", await self.desk.table_locale(table))
            )
        else:
            await self.desk.publish(result, actor_id=interaction.user.id)
        await self.reply(interaction, t("lobby.left", locale))

    async def _add_cpu(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self._ack(interaction)
        table = await self.service.add_cpu(table_id, interaction.user.id, arg or "normal")
        if not await self._lobby_changed(interaction, table):  # an older copy of the lobby
            locale = await self.desk.user_locale(interaction)
            seat = table.seats[-1].seat
            cpu = seat_names(table, locale)[seat]
            await self.reply(interaction, t("lobby.cpu_added", locale, cpu=cpu, seat=seat + 1))

    async def _set_option(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """A lobby's option select: `<option index>:<choice index>`."""
        await self._ack(interaction)
        table = await self.service.load(table_id)
        head, _, tail = (arg or "").partition(":")
        specs = game_class(table.game).option_specs
        try:
            spec = specs[int(head)]
            choice = spec.choices[int(tail)]
        except (ValueError, IndexError):
            raise TableError("bad_option", "That option is not offered.", option=head) from None
        table = await self.service.set_options(
            table_id,
            interaction.user.id,
            {spec.key: choice},
            is_moderator=self.is_moderator(interaction),
        )
        if not await self._lobby_changed(interaction, table):
            await self.reply(
                interaction, t("lobby.option_set", await self.desk.user_locale(interaction))
            )

    async def _cpu_seat(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """A computer seat's new level (lobby or game), or its removal (lobby): `<seat>:<level>`."""
        await self._ack(interaction)
        head, _, level = (arg or "").partition(":")
        if not head.isdigit():
            raise TableError("no_seat", "There is no such seat.", table_id=table_id)
        seat = int(head)
        if level == "remove":
            table = await self.service.remove_cpu(table_id, interaction.user.id, seat)
        else:
            table = await self.service.set_cpu_level(table_id, interaction.user.id, seat, level)
        locale = await self.desk.user_locale(interaction)
        if table.status == "lobby":
            if not await self._lobby_changed(interaction, table):
                await self.reply(interaction, t("lobby.cpu_changed", locale))
            return
        cpu = seat_names(table, locale)[seat]
        await self.reply(
            interaction,
            t("table.cpu_level_set", locale, cpu=cpu, level=t(f"level.{level}", locale)),
        )
        await self.desk.refresh(table)

    async def _start(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        on_table_message = interaction.message is not None
        await self._ack(interaction)
        result = await self.service.start(table_id, interaction.user.id)
        await self._begin(interaction, result, on_table_message=on_table_message)

    async def _begin(
        self, interaction: discord.Interaction[Any], result: ActResult, *, on_table_message: bool
    ) -> None:
        """A game just started (Start or Rematch): the table, the notice, then the pings and DMs."""
        table = result.table
        locale = await self.desk.table_locale(table)
        notice = t("table.started", locale)
        first = self.desk.start_notice(result, locale)
        if first:
            notice = f"{notice} {first}"
        await self.desk.publish(
            result,
            notice=notice,
            interaction=interaction if on_table_message else None,
            new_message=not on_table_message and table.series_match > 1,
        )
        if not on_table_message:
            await self.answer(
                interaction, content=t("table.started", await self.desk.user_locale(interaction))
            )

    async def _cancel(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self._ack(interaction)
        table = await self.service.abandon(
            table_id, interaction.user.id, self.is_moderator(interaction)
        )
        locale = await self.desk.table_locale(table)
        ref = await self.service.get_message_ref(table.id, "table")
        if interaction.message is not None and (
            ref is None or ref.message_id == interaction.message.id
        ):
            await self.answer(
                interaction,
                embed=present.closed_embed(table, t("lobby.cancelled", locale), locale),
                view=None,
            )
            await self.service.delete_message_ref(table.id, "ping")
        else:
            await self.desk.close_table(table, t("lobby.cancelled", locale))

    # the table message and the seat's other buttons ------------------------------------------

    async def _show_hand(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await self.send_hand(interaction, table_id)

    async def send_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The user's hand and controls, only for them (ephemeral)."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        current = await self.service.prompt(table_id, interaction.user.id)  # refuses the unseated
        locale = await self.desk.user_locale(interaction)
        seat = current.table.seats[current.seat]
        embed, controls, file = await self.desk.hand_message(
            current.table, seat, current.view, locale, prompt=current.prompt
        )
        await self.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )

    async def _auto(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await interaction.response.defer()
        on = arg == "on"
        # explicit on/off: a message shown a few auto moves ago can still switch it
        table = await self.service.set_auto(table_id, interaction.user.id, on)
        current = await self.service.prompt(table_id, interaction.user.id)
        locale = await self.desk.user_locale(interaction)
        seat = table.seats[current.seat]
        embed, controls, file = await self.desk.hand_message(
            table,
            seat,
            current.view,
            locale,
            prompt=current.prompt,
            you_line=t("hand.auto_now_on" if on else "hand.auto_now_off", locale),
        )
        await self.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )
        if on:
            self.desk.ensure_auto(table_id)

    async def _confirm(
        self,
        interaction: discord.Interaction[Any],
        table: TableInfo,
        version: int,
        what: str,
        locale: str,
    ) -> None:
        """Ask once, privately, before a drastic control ("See the result", "New game")."""
        if what == "finish":
            ask = presenter(table.game).finish_confirm(locale)
            action, label = ids.FINISH_OK, "button.confirm"
        else:
            ask, action, label = t("hand.new_confirm", locale), ids.NEW_OK, "button.confirm_new"
        await interaction.followup.send(
            ask, ephemeral=True, view=confirm_view(table, version, action, label, locale)
        )

    async def _new_ask(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await interaction.response.defer()
        table = await self.service.load(table_id)
        if table.seat_of(interaction.user.id) is None:
            raise TableError("not_seated", "You are not seated at this table.", table_id=table_id)
        locale = await self.desk.user_locale(interaction)
        await self._confirm(interaction, table, version, "new", locale)

    async def _new_game(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """ "New game" mid-game: this table ends, the same seats start anew (the game's options)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        old, result = await self.service.new_game(table_id, interaction.user.id)
        locale = await self.desk.table_locale(old)
        await self.desk.close_table(
            old, t("table.abandoned", locale, name=self.display_name(interaction))
        )
        await self._begin(interaction, result, on_table_message=False)

    async def _rematch(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.rematch(table_id, interaction.user.id)
        await self._begin(interaction, result, on_table_message=False)

    # ------------------------------------------------------------------ slash-command flows

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: Mapping[str, Any],
        seats: int | None,
        in_thread: bool,
    ) -> None:
        """`/game new`: a lobby message here (the reply itself) or in a new thread."""
        channel = interaction.channel
        channel_id = interaction.channel_id or 0
        thread: discord.Thread | None = None
        in_thread = in_thread and isinstance(channel, discord.TextChannel)
        if in_thread:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await self.defer_public(interaction)
        locale = await self.desk.user_locale(interaction)
        if in_thread and isinstance(channel, discord.TextChannel):
            name = t(
                "reply.thread_name",
                locale,
                game=game_name(game, locale),
                creator=self.display_name(interaction),
            )
            thread = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread
            )
            channel_id = thread.id
        table = await self.service.open_lobby(
            interaction.guild_id,
            channel_id,
            game,
            dict(options),
            interaction.user.id,
            self.display_name(interaction),
            seats,
        )
        table_locale = await self.desk.table_locale(table)
        embed, view = (
            present.lobby_embed(table, table_locale),
            present.lobby_view(table, table_locale),
        )
        if thread is not None:
            posted = await thread.send(embed=embed, view=view)
            await self.service.set_message_ref(table.id, "table", thread.id, posted.id)
            await self.answer(
                interaction, content=t("reply.lobby_opened", locale, channel=thread.mention)
            )
            return
        message = await self.answer(interaction, embed=embed, view=view)
        await self.service.set_message_ref(table.id, "table", channel_id, message.id)

    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """`/game join`."""
        await self._ack(interaction)
        table = await self.channel_table(interaction)
        await self._join(interaction, table.id, table.version, None)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """`/game leave`."""
        await self._ack(interaction)
        table = await self.channel_table(interaction)
        await self._leave(interaction, table.id, table.version, None)

    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """`/game start`."""
        await self._ack(interaction)
        table = await self.channel_table(interaction)
        result = await self.service.start(table.id, interaction.user.id)
        await self._begin(interaction, result, on_table_message=False)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """`/game status`: post the table again here; it becomes the message that is edited."""
        await self.defer_public(interaction)
        table = await self.channel_table(interaction)
        locale = await self.desk.table_locale(table)
        view: discord.ui.View | None
        file: discord.File | None
        if table.status == "lobby":
            embed, view, file = (
                present.lobby_embed(table, locale),
                present.lobby_view(table, locale),
                None,
            )
        else:
            public = await self.service.public_view(table.id)
            names = seat_names(table, locale)
            file = await self.desk.images.image(
                table, public, names, locale, viewer=None, filename=present.TABLE_IMAGE
            )
            embed = present.table_embed(
                table, public, list(self.desk.logs[table.id]), locale, image=file is not None
            )
            view = present.table_view(table, locale)
        message = await self.answer(
            interaction, embed=embed, view=view, attachments=[file] if file else []
        )
        await self.service.set_message_ref(table.id, "table", message.channel.id, message.id)

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """`/game hand`."""
        await self._ack(interaction)
        table = await self.channel_table(interaction)
        await self.send_hand(interaction, table.id)

    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        """`/game abandon`: the creator or a member with Manage Messages."""
        await self._ack(interaction)
        table = await self.channel_table(interaction)
        table = await self.service.abandon(
            table.id, interaction.user.id, self.is_moderator(interaction)
        )
        locale = await self.desk.table_locale(table)
        await self.desk.close_table(
            table, t("table.abandoned", locale, name=self.display_name(interaction))
        )
        await self.reply(
            interaction, t("reply.abandoned", await self.desk.user_locale(interaction))
        )

    async def rules(self, interaction: discord.Interaction[Any], game: str | None) -> None:
        """`/game rules`: the game's rules in the user's language (the table's game by default)."""
        await self._ack(interaction)
        locale = await self.desk.user_locale(interaction)
        if game is None:
            table = await self.service.active_table(interaction.channel_id or 0)
            if table is None:  # no table here: which games there are, and how to read one
                lines = [
                    t(
                        "reply.rules_line",
                        locale,
                        game=game_name(cls.id, locale),
                        id=cls.id,
                        seats=cls.min_seats
                        if cls.min_seats == cls.max_seats
                        else f"{cls.min_seats}–{cls.max_seats}",
                    )
                    for cls in games()
                ]
                embed = discord.Embed(
                    title=t("reply.rules_list_title", locale), description="\n".join(lines)
                )
                await self.reply(interaction, embed=embed)
                return
            game = table.game
        text = t(f"game.{game}.rules", locale)
        if text == f"game.{game}.rules":
            text = t("reply.no_rules", locale)
        embed = discord.Embed(
            title=t("reply.rules_title", locale, game=game_name(game, locale)), description=text
        )
        await self.reply(interaction, embed=embed)

    async def settings(
        self,
        interaction: discord.Interaction[Any],
        *,
        dms: bool | None,
        timer: int | None,
        expiry: str | None,
        locale: str | None,
    ) -> None:
        """`/game settings`: DMs (yours), the table's timer and expiry, the server's language."""
        await self._ack(interaction)
        user_id = interaction.user.id
        lines: list[str] = []
        if locale is not None:
            perms = getattr(interaction, "permissions", None)
            if interaction.guild_id is None or not (
                perms and (perms.manage_guild or perms.administrator)
            ):
                await self.reply(
                    interaction, t("reply.not_moderator", await self.desk.user_locale(interaction))
                )
                return
            await self.service.set_guild_settings(interaction.guild_id, locale=locale)
        reply_locale = await self.desk.user_locale(interaction)
        if dms is not None:
            await self.service.set_dm_closed(user_id, not dms)
            if dms:
                lines.append(t("reply.dms_on", reply_locale))
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is not None and (timer is not None or expiry is not None):
            table = await self.service.set_table_settings(
                table.id,
                user_id,
                turn_timer_seconds=None if timer is None else timer * 60,
                expiry_policy=expiry,
                is_moderator=self.is_moderator(interaction),
            )
        closed = await self.service.dm_closed(user_id)
        summary = t(
            "reply.settings_now",
            reply_locale,
            dms=t("no" if closed else "yes", reply_locale),
            timer=(table.turn_timer_seconds // 60) if table else "—",
            expiry=t(f"choice.expiry.{table.expiry_policy}", reply_locale) if table else "—",
        )
        await self.reply(
            interaction, "\n".join([t("reply.settings_saved", reply_locale), *lines, summary])
        )

    async def record(self, interaction: discord.Interaction[Any], table_id: int | None) -> None:
        """`/game record`: the game record as a JSON file (the seed only once the game is over)."""
        await self._ack(interaction)
        if table_id is None:
            table_id = (await self.channel_table(interaction)).id
        table = await self.service.load(table_id)
        if table.seat_of(interaction.user.id) is None and table.guild_id != interaction.guild_id:
            raise TableError("not_seated", "You are not seated at this table.", table_id=table_id)
        record = await self.service.record(table_id)
        if table.status in ("lobby", "active"):
            record.pop("seed", None)  # the seed would reveal every hidden card
        locale = await self.desk.user_locale(interaction)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        await self.reply(
            interaction,
            t("reply.record", locale, table=table_id),
            file=discord.File(io.BytesIO(data), filename=f"{table.game}-{table_id}.json"),
        )

    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """`/game mine`: every table waiting on the user, with links to its message."""
        await self._ack(interaction)
        locale = await self.desk.user_locale(interaction)
        tables = await self.service.tables_waiting_on(interaction.user.id)
        if not tables:
            await self.reply(interaction, t("reply.mine_none", locale))
            return
        lines = []
        for table in tables[:20]:
            ref = await self.service.get_message_ref(table.id, "table")
            guild = table.guild_id or "@me"
            link = (
                f"https://discord.com/channels/{guild}/{ref.channel_id}/{ref.message_id}"
                if ref
                else f"<#{table.channel_id}>"
            )
            lines.append(
                t(
                    "reply.mine_line",
                    locale,
                    game=game_name(table.game, locale),
                    channel=table.channel_id,
                    link=link,
                )
            )
        embed = discord.Embed(title=t("reply.mine_title", locale), description="\n".join(lines))
        await self.reply(interaction, embed=embed)

    async def play_command(self, interaction: discord.Interaction[Any], move: str) -> None:
        """`/play move:` — a choice from the autocomplete, a label in either language, or cards.

        Cards are typed as codes or hand numbers (`7H 7H 8H 8H`, `14 15 18`).
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.channel_table(interaction)
        current = await self.service.prompt(table.id, interaction.user.id)
        locale = await self.desk.user_locale(interaction)
        named = typed_version(move)
        if named is not None and named != current.version:
            await self.reply(interaction, t("reply.stale", locale))
            return
        if current.prompt is None:
            raise TableError("not_your_turn", "It is not your turn.", table_id=table.id)
        typed = parse_typed_move(table.game, current.prompt, move, seat_names(table, locale))
        if typed.action is None:
            key = "reply.bad_cards" if typed.problem == "bad_cards" else "reply.bad_move"
            await self.reply(interaction, t(key, locale))
            return
        result = await self.service.act(
            table.id, interaction.user.id, typed.action, prompt_version=current.version
        )
        await self.after_move(interaction, result)

    async def move_choices(
        self, interaction: discord.Interaction[Any], current_text: str
    ) -> list[tuple[str, str]]:
        """Autocomplete of `/play move`: the caller's choices, or the cards typed so far."""
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is None or table.status != "active" or table.seat_of(interaction.user.id) is None:
            return []
        current = await self.service.prompt(table.id, interaction.user.id)
        prompt = current.prompt
        if prompt is None:
            return []
        locale = await self.desk.user_locale(interaction)
        game = presenter(table.game)
        out = []
        names = seat_names(table, locale)
        for index, action in enumerate(prompt.get("choices") or []):
            label = game.action_label(action, locale, names)
            if current_text.strip().lower() in label.lower():
                out.append((label[:100], f"v{current.version}:{index}"))
        pick = prompt.get("pick")
        if pick:
            typed = parse_typed_move(table.game, prompt, current_text) if current_text else None
            if typed is not None and typed.action is not None:
                played = picked_cards(pick, typed.action)
                positions = pick_positions(pick, played) or []
                label = game.pick_label(played, pick["type"], locale)
                out.insert(0, (label[:100], f"v{current.version}:p:{ids.encode_mask(positions)}"))
            else:
                hint = game.prompt_text(prompt, locale) + " " + t("reply.type_cards", locale)
                out.append((hint[:100], current_text[:100] or "?"))
        return out[:25]
