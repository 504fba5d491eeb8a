"""A seat's flows: its prompt's controls (choices, two steps, card picks, Hint), `/play`, Auto,
See the result. Every control is acknowledged first, then checked against the seat's prompt
version, so another player's move never outdates it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.discord import ids, present
from bot.discord.controls import (
    PickState,
    count_problem,
    parse_parts_arg,
    pick_groups,
    two_part,
)
from bot.discord.desk import Desk
from bot.discord.flows.replies import Replies
from bot.discord.pacer import Pacer
from bot.games import presenter, seat_names
from bot.games.moves import (
    offered,
    parse_typed_move,
    pick_action,
    pick_positions,
    picked_cards,
    typed_version,
)
from bot.i18n import t
from bot.tables.errors import TableError
from bot.tables.results import ActResult, TableInfo
from bot.tables.service import SeatPrompt, TableService
from engines.actions import event_seen_by
from engines.record import cut

log = logging.getLogger(__name__)


class SeatFlows:
    """A seat's controls and `/play`: choices, card picks, hints, Auto, See the result."""

    def __init__(self, service: TableService, desk: Desk, pacer: Pacer, replies: Replies) -> None:
        self.service = service
        self.desk = desk
        self.pacer = pacer
        self.replies = replies

    async def seat_control(
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
            await self.replies.reply(interaction, self.stale_text(current, version, locale))
            return
        if action == ids.FINISH:
            await self.replies.confirm(interaction, current.table, version, "finish", locale)
            return
        if action == ids.FINISH_OK:
            result = await self.service.finish(table_id, interaction.user.id)
            await self.after_move(interaction, result)
            return
        if prompt is None:
            await self.replies.reply(interaction, self.not_asked_text(current, locale))
            return
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
            if prompt.get("default"):  # let go, an optional prompt takes its default (keep)
                await self._act(interaction, table_id, prompt["default"], version)
                return
            # the table stops waiting for it (a CPU next draws without giving the knock its
            # window); the prompt stays open until the game moves on
            result = await self.service.decline(
                table_id, interaction.user.id, prompt_version=version
            )
            seat = current.seat
            after = SeatPrompt(
                result.table,
                seat,
                result.table.prompt_version(seat),
                result.prompt_for(seat),
                result.view_for(seat) or current.view,
            )
            await self._show_prompt(interaction, after, PickState(), locale, dismissed=True)
            await self.pacer.publish(result, actor_id=interaction.user.id)
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

    def stale_text(self, current: SeatPrompt, version: int, locale: str) -> str:
        """A control of an older version of the seat's prompt, in words: "out of date" only
        when the seat is asked something else now; else why it is asked nothing (the prompt
        of that control was closed by another seat's move, the turn passed, the game ended)."""
        if current.prompt is not None:
            return t("reply.stale", locale)
        return self.not_asked_text(current, locale, closed=version == current.version - 1)

    def not_asked_text(self, current: SeatPrompt, locale: str, *, closed: bool = False) -> str:
        """Why the seat has no decision to make now, in words.

        `closed`: the control came from the prompt this version took away (`current.closed`),
        whose game may say what closed it ("Trump was declared already: ...").
        """
        table = current.table
        if table.status == "finished":
            return t("error.game_over", locale)
        if table.status != "active":
            return t("error.not_active", locale)
        if table.seats[current.seat].cpu_takeover:
            return t("error.seat_taken_over", locale)
        names = seat_names(table, locale)
        if closed and current.closed is not None:
            game = presenter(table.game)
            reason = game.closed_reason(current.closed, current.view, names, locale)
            if reason is not None:
                return reason
        waiting = [names[seat] for seat in table.public_waiting if seat != current.seat]
        if waiting:
            listed = t("list.sep", locale).join(waiting)
            return t("reply.not_your_turn_waiting", locale, name=listed)
        return t("error.not_your_turn", locale)

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
            return self.replies.error_message(exc, locale)
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
        embed, controls, file = await self.desk.hands.hand_message(
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
        await self.replies.answer(
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
            table_id,
            interaction.user.id,
            dict(action),
            prompt_version=version,
            progress=self._moves_so_far(interaction),
        )
        await self.after_move(interaction, result)

    def _moves_so_far(
        self, interaction: discord.Interaction[Any]
    ) -> Callable[[ActResult], Awaitable[None]]:
        """Show a move's first write at once (the mover's message, the table), then each of
        the CPUs' moves as they are thought; the last comes back from the service."""
        first = [True]

        async def shown(result: ActResult) -> None:
            if first[0]:
                first[0] = False
                await self.after_move(interaction, result)
            else:
                await self.pacer.publish(result, actor_id=interaction.user.id)

        return shown

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
        embed, controls, file = await self.desk.hands.hand_message(
            table,
            seat,
            result.view_for(seat.seat),
            locale,
            prompt=result.prompt_for(seat.seat),
            you_line=you,
        )
        # the message clicked becomes the answer: no question ("Flip every remaining card
        # now?") or reminder line left above it
        await self.replies.answer(
            interaction,
            content=None,
            embed=embed,
            view=controls,
            attachments=[file] if file else [],
        )
        clicked = interaction.message.id if interaction.message is not None else None
        await self.pacer.publish(result, actor_id=interaction.user.id, actor_message=clicked)

    # the hand, details, Auto, mute ------------------------------------------------------

    async def show_hand(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Show my hand: the user's hand and controls, privately."""
        await self.send_hand(interaction, table_id)

    async def send_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The user's hand and controls, only for them (ephemeral)."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        current = await self.service.prompt(table_id, interaction.user.id)  # refuses the unseated
        locale = await self.desk.user_locale(interaction)
        seat = current.table.seats[current.seat]
        embed, controls, file = await self.desk.hands.hand_message(
            current.table, seat, current.view, locale, prompt=current.prompt
        )
        await self.replies.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else []
        )

    async def details(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """The table's details image (what did not fit in the table image: scores, a deal's
        breakdown), only for the clicker: drawn from their seat's view when they are seated,
        from the channel's otherwise, so it shows no more than they may see."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.service.load(table_id)
        locale = await self.desk.user_locale(interaction)
        seat = table.seat_of(interaction.user.id)
        file = None
        if table.status in ("active", "finished"):
            view = (
                await self.service.public_view(table_id)
                if seat is None
                else await self.service.private_view(table_id, interaction.user.id)
            )
            file = await self.desk.images.details(
                table,
                view,
                seat_names(table, locale),
                locale,
                viewer=None if seat is None else seat.seat,
                filename=present.DETAILS_IMAGE,
            )
        if file is None:
            await self.replies.reply(interaction, t("reply.no_details", locale))
            return
        await self.replies.answer(interaction, attachments=[file])

    async def auto(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Auto on or off for the user's seat."""
        await interaction.response.defer()
        on = arg == "on"
        # explicit on/off: a message shown a few auto moves ago can still switch it
        table = await self.service.set_auto(table_id, interaction.user.id, on)
        await self._hand_again(
            interaction, table, "hand.auto_now_on" if on else "hand.auto_now_off"
        )
        if on:
            self.pacer.ensure(table_id)

    async def mute(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Mute the reminders of the turn a reminder DM is about (the button on it)."""
        await interaction.response.defer()
        table = await self.service.mute_reminders(table_id, interaction.user.id, version)
        # the reminder's words go: the message becomes the hand it reminded of
        await self._hand_again(interaction, table, "reply.muted", content=None)

    async def _hand_again(
        self,
        interaction: discord.Interaction[Any],
        table: TableInfo,
        you_key: str,
        **message: Any,
    ) -> None:
        """Answer a click on the user's hand message with that message as it is now, its line
        about the user saying what the click changed (`you_key`; `message`: more to edit)."""
        current = await self.service.prompt(table.id, interaction.user.id)
        locale = await self.desk.user_locale(interaction)
        embed, controls, file = await self.desk.hands.hand_message(
            table,
            table.seats[current.seat],
            current.view,
            locale,
            prompt=current.prompt,
            you_line=t(you_key, locale),
        )
        await self.replies.answer(
            interaction, embed=embed, view=controls, attachments=[file] if file else [], **message
        )

    async def play_command(self, interaction: discord.Interaction[Any], move: str) -> None:
        """`/play move:` — a choice from the autocomplete, a label in either language, or cards.

        Cards are typed as codes or hand numbers (`7H 7H 8H 8H`, `14 15 18`).
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.replies.last_table(interaction)
        current = await self.service.prompt(table.id, interaction.user.id)
        locale = await self.desk.user_locale(interaction)
        named = typed_version(move)
        if named is not None and named != current.version:
            await self.replies.reply(interaction, self.stale_text(current, named, locale))
            return
        if current.prompt is None:
            await self.replies.reply(interaction, self.not_asked_text(current, locale))
            return
        typed = parse_typed_move(table.game, current.prompt, move, seat_names(table, locale))
        if typed.action is not None and not offered(current.prompt, typed.action):
            # another kind of move: the game's reason if it refuses it, never applied
            await self.service.check_action(table.id, interaction.user.id, typed.action)
            typed = replace(typed, action=None)
        if typed.action is None:
            key = "reply.bad_cards" if typed.problem == "bad_cards" else "reply.bad_move"
            await self.replies.reply(interaction, t(key, locale))
            return
        result = await self.service.act(
            table.id,
            interaction.user.id,
            typed.action,
            prompt_version=current.version,
            progress=self._moves_so_far(interaction),
        )
        await self.after_move(interaction, result)

    async def _typed_choice(
        self,
        current: SeatPrompt,
        user_id: int,
        action: Mapping[str, Any],
        typed: str,
        locale: str,
    ) -> tuple[str, str]:
        """A move the game read from the text typed (calls, `insert 3 B`) as an autocomplete
        choice: one of the prompt's own choices, or the move as typed with the game's reason
        when it would refuse it."""
        game = presenter(current.table.game)
        label = game.action_label(action, locale, seat_names(current.table, locale))
        choices = list((current.prompt or {}).get("choices") or [])
        bare = {k: v for k, v in action.items() if k != "seat"}
        for index, choice in enumerate(choices):
            if {k: v for k, v in choice.items() if k != "seat"} == bare:
                return cut(label, 99), f"v{current.version}:{index}"
        try:
            await self.service.check_action(current.table.id, user_id, action)
        except TableError as exc:
            reason = self.replies.error_message(exc, locale)
            label = t("reply.typed_refused", locale, move=label, reason=reason)
        return cut(label, 99), typed[:100]

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
        text = current_text.strip()
        own = game.parse_move(prompt, text) if text else None
        if own is not None:
            choice = await self._typed_choice(current, interaction.user.id, own, text, locale)
            out = [choice, *(other for other in out if other != choice)]
        elif text and not out:
            hint = game.typing_hint(prompt, locale)
            if hint is not None:
                out.append((cut(hint, 99), text[:100]))
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
