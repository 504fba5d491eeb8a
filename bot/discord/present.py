"""Embeds and component rows of the lobby, the table message, hands and the result panel.

Pure functions of a table (and its views): no I/O, so they are easy to test and reuse from
commands, components and timers alike. Words come from `bot.i18n`, game specifics from the
game's presenter (`bot.games`); a seat's own controls from `bot.discord.controls`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord import ids
from bot.discord.components import TableButton, TableSelect
from bot.discord.controls import PickState, chosen_cards
from bot.discord.images import offers_details
from bot.games import presenter, seat_names
from bot.i18n import cards as cards_text
from bot.i18n import game_name, t
from bot.tables.results import SeatInfo, TableInfo
from engines.cpu import LEVELS
from engines.registry import game_class

COLOUR_LOBBY = discord.Colour.blurple()
COLOUR_PLAYING = discord.Colour.green()
COLOUR_OVER = discord.Colour.gold()
COLOUR_CLOSED = discord.Colour.dark_grey()
TABLE_IMAGE = "table.png"
HAND_IMAGE = "hand.png"
DETAILS_IMAGE = "details.png"
INSIDE, BESIDE = "inside", "beside"
IMAGE_PLACE = BESIDE
"""Where a message's image goes (docs/images.md): BESIDE the embed, as a plain attachment that
Discord shows above the embed in a box of about 550 x 350, rather than INSIDE it (set as the
embed's image: about 400 x 300, and narrower still on a phone). Either way it is one message,
edited in place with its new attachment."""


def place_image(embed: discord.Embed, filename: str, image: bool) -> discord.Embed:
    """Point the embed at its attached image when images go inside embeds; beside it, the
    attachment shows on its own, larger, and the embed does not name it."""
    if image and IMAGE_PLACE == INSIDE:
        embed.set_image(url=f"attachment://{filename}")
    return embed


def cpu_seats(table: TableInfo) -> list[int]:
    """Seats the CPU plays from the start."""
    return [s.seat for s in table.seats if s.is_cpu]


def _seat_line(
    seat: SeatInfo | None, index: int, names: Sequence[str], game: str, locale: str
) -> str:
    if seat is None:
        return f"{index + 1}. {t('seat.empty', locale)}"
    if seat.is_cpu:
        level = t(f"level.{seat.cpu_level}", locale)
        if seat.next_level is not None:
            later = t(f"level.{seat.next_level}", locale)
            level = t("seat.level_next", locale, level=level, next=later)
        return f"{index + 1}. " + t("seat.cpu", locale, cpu=names[index], level=level)
    return f"{index + 1}. {seat.name} (<@{seat.user_id}>)"


def option_lines(table: TableInfo, locale: str) -> list[str]:
    """The table's options in words ("First to flip: Seat 1")."""
    lines = []
    for spec in game_class(table.game).option_specs:
        value = table.options.get(spec.key, spec.default)
        lines.append(
            t(
                "lobby.option",
                locale,
                name=spec.label(locale),
                value=spec.choice_label(value, locale),
            )
        )
    return lines


# --------------------------------------------------------------------------- lobby


def lobby_embed(table: TableInfo, locale: str) -> discord.Embed:
    """The lobby: seats taken and free, options, who opened it."""
    names = seat_names(table, locale)
    by_seat = {s.seat: s for s in table.seats}
    creator = next(
        (s.name for s in table.seats if s.user_id == table.created_by), f"<@{table.created_by}>"
    )
    embed = discord.Embed(
        title=t("lobby.title", locale, game=game_name(table.game, locale)),
        description=t("lobby.description", locale, creator=creator),
        colour=COLOUR_LOBBY,
    )
    seats = [
        _seat_line(by_seat.get(i), i, names, table.game, locale) for i in range(table.seat_count)
    ]
    embed.add_field(name=t("lobby.seats", locale), value="\n".join(seats), inline=False)
    options = option_lines(table, locale)
    embed.add_field(
        name=t("lobby.options", locale),
        value="\n".join(options) or t("lobby.no_options", locale),
        inline=False,
    )
    embed.set_footer(text=t("table.version", locale, table=table.id, version=table.version))
    return embed


def lobby_view(table: TableInfo, locale: str) -> discord.ui.View:
    """Join / Leave / Start / Cancel buttons and the Add CPU level select."""
    view = discord.ui.View(timeout=None)
    styles = {
        ids.JOIN: discord.ButtonStyle.success,
        ids.LEAVE: discord.ButtonStyle.secondary,
        ids.START: discord.ButtonStyle.primary,
        ids.CANCEL: discord.ButtonStyle.danger,
    }
    for action, style in styles.items():
        view.add_item(
            TableButton(
                table.id, table.version, action, label=t(f"button.{action}", locale), style=style
            )
        )
    options = [
        discord.SelectOption(
            label=t("select.add_cpu.level", locale, level=t(f"level.{level}", locale)), value=level
        )
        for level in LEVELS
    ]
    view.add_item(
        TableSelect(
            table.id,
            table.version,
            ids.ADD_CPU,
            options,
            placeholder=t("select.add_cpu", locale),
            row=1,
        )
    )
    row = 2
    cpu_levels = cpu_seat_select(table, locale, remove=True, row=row)
    if cpu_levels is not None:
        view.add_item(cpu_levels)
        row += 1
    # the game's options, one select each, in the rows a message has left (five in all)
    specs = game_class(table.game).option_specs
    for index, spec in enumerate(specs[: 5 - row]):
        current = table.options.get(spec.key, spec.default)
        view.add_item(
            TableSelect(
                table.id,
                table.version,
                ids.OPTION,
                [
                    discord.SelectOption(
                        label=t(
                            "lobby.option",
                            locale,
                            name=spec.label(locale),
                            value=spec.choice_label(choice, locale),
                        )[:100],
                        value=str(n),
                        default=choice == current,
                    )
                    for n, choice in enumerate(spec.choices[:25])
                ],
                arg=index,
                row=row + index,
            )
        )
    return view


def cpu_seat_select(
    table: TableInfo, locale: str, *, remove: bool, row: int | None = None
) -> TableSelect | None:
    """A select to change a computer seat's level (or, in the lobby, to remove it)."""
    names = seat_names(table, locale)
    options = []
    for seat in table.seats:
        if not seat.is_cpu:
            continue
        for level in LEVELS:
            if level == seat.cpu_level:
                continue
            options.append(
                discord.SelectOption(
                    label=t(
                        "select.cpu_level",
                        locale,
                        cpu=names[seat.seat],
                        level=t(f"level.{level}", locale),
                    )[:100],
                    value=f"{seat.seat}:{level}",
                )
            )
        if remove:
            options.append(
                discord.SelectOption(
                    label=t("select.cpu_remove", locale, cpu=names[seat.seat])[:100],
                    value=f"{seat.seat}:remove",
                )
            )
    if not options:
        return None
    return TableSelect(
        table.id,
        table.version,
        ids.CPU_SEAT,
        options[:25],
        placeholder=t("select.cpu_seats", locale),
        row=row,
    )


# --------------------------------------------------------------------------- table message


def _turn_text(table: TableInfo, names: Sequence[str], locale: str) -> str:
    """Who the game waits for, in public (private prompts, such as claims, are never named)."""
    waiting = table.public_waiting
    if not waiting:
        return t("table.turn_table", locale) if table.to_act else "—"
    return "\n".join(t("table.turn_of", locale, name=names[seat]) for seat in waiting)


def table_embed(
    table: TableInfo,
    view: Mapping[str, Any] | None,
    log_lines: Sequence[str],
    locale: str,
    *,
    image: bool,
) -> discord.Embed:
    """The table message: whose turn, what just happened, counts; the result once over."""
    names = seat_names(table, locale)
    game = presenter(table.game)
    if table.status == "finished" and table.result is not None:
        return result_embed(table, log_lines, locale, image=image)
    colour = COLOUR_PLAYING if table.status == "active" else COLOUR_CLOSED
    embed = discord.Embed(
        title=t("table.title", locale, game=game_name(table.game, locale), table=table.id),
        description="\n".join(log_lines[-6:]) or t("table.log_empty", locale),
        colour=colour,
    )
    if table.status == "active":
        turn = _turn_text(table, names, locale)
        if table.public_deadline is not None:
            when = discord.utils.format_dt(table.public_deadline, "R")
            turn += "\n" + t("table.deadline", locale, when=when)
        embed.add_field(name=t("table.turn", locale), value=turn, inline=True)
    if view is not None:
        counts = game.counts(view, names, locale)
        row = game.table_line(view, locale)
        value = "\n".join([*counts, *([row] if row else [])])
        if value:
            embed.add_field(name=t("table.counts", locale), value=value, inline=True)
    footer = t("table.version", locale, table=table.id, version=table.version)
    if view is not None and "moves" in view:
        footer = t("table.moves", locale, moves=view["moves"]) + " · " + footer
    embed.set_footer(text=footer)
    return place_image(embed, TABLE_IMAGE, image)


def result_embed(
    table: TableInfo, log_lines: Sequence[str], locale: str, *, image: bool
) -> discord.Embed:
    """The result panel: winner (or draw), the game's reason, moves and final counts."""
    names = seat_names(table, locale)
    game = presenter(table.game)
    result = dict(table.result or {})
    winners = game.winners(result)
    headline = winners_text(winners, names, locale)
    embed = discord.Embed(
        title=t("result.title", locale, game=game_name(table.game, locale)),
        description="\n".join([f"**{headline}**", *log_lines[-4:]]),
        colour=COLOUR_OVER,
    )
    for name, value in game.result_fields(result, names, locale):
        embed.add_field(name=name, value=value or "—", inline=True)
    embed.set_footer(text=t("table.version", locale, table=table.id, version=table.version))
    return place_image(embed, TABLE_IMAGE, image)


def table_view(table: TableInfo, locale: str) -> discord.ui.View | None:
    """ "Show my hand" while playing, "Rematch" once finished, nothing when closed."""
    view = discord.ui.View(timeout=None)
    if table.status == "active":
        view.add_item(
            TableButton(
                table.id, table.version, ids.HAND, label=t("button.show_hand", locale), emoji="🂠"
            )
        )
        _details_button(view, table, locale)
        levels = cpu_seat_select(table, locale, remove=False, row=1)
        if levels is not None:
            view.add_item(levels)
    elif table.status == "finished":
        view.add_item(
            TableButton(
                table.id,
                table.version,
                ids.REMATCH,
                label=t("button.rematch", locale),
                style=discord.ButtonStyle.primary,
            )
        )
        _details_button(view, table, locale)
    else:
        return None
    return view


def _details_button(view: discord.ui.View, table: TableInfo, locale: str) -> None:
    """ "Details" when the game's renderer offers a second image (scores, a deal's breakdown:
    what did not fit in the table image), shown on demand, privately, to whoever asks."""
    if offers_details(table.game):
        view.add_item(
            TableButton(
                table.id, table.version, ids.DETAILS, label=t("button.details", locale), emoji="📋"
            )
        )


def winners_text(winners: Sequence[int], names: Sequence[str], locale: str) -> str:
    """ "Alice wins!", or "Alice and Bob share the win!" for a tie (a draw has no winner)."""
    if not winners:
        return t("result.draw", locale)
    joined = t("list.sep", locale).join(names[w] for w in winners)
    return t("result.winner" if len(winners) == 1 else "result.winners", locale, name=joined)


def closed_embed(table: TableInfo, text: str, locale: str) -> discord.Embed:
    """A table that ended without a result (cancelled, abandoned, lobby expired)."""
    return discord.Embed(
        title=t("table.title", locale, game=game_name(table.game, locale), table=table.id),
        description=text,
        colour=COLOUR_CLOSED,
    )


# --------------------------------------------------------------------------- hands


def hand_image_groups(
    game: str, pick: Mapping[str, Any], locale: str
) -> list[tuple[str, list[int]]]:
    """The groups a pick's hand image shows (the game's own: trumps, then suits), each under
    its label in the player's words ("Trumps 9"); none when the game gives none."""
    words = presenter(game)
    return [
        (words.group_label(str(group), len(positions), locale), list(positions))
        for group, positions in pick.get("groups") or []
    ]


def hand_embed(
    table: TableInfo,
    view: Mapping[str, Any] | None,
    seat: SeatInfo,
    locale: str,
    *,
    you_line: str | None,
    image: bool,
    prompt: Mapping[str, Any] | None = None,
    state: PickState | None = None,
    preview: str | None = None,
) -> discord.Embed:
    """A player's private message: what their last action did, what they are asked now (and
    what the move chosen would make of the hand, before it is confirmed)."""
    names = seat_names(table, locale)
    game = presenter(table.game)
    lines = [f"**{you_line}**"] if you_line else []
    if table.status != "active":
        lines.append(t("hand.over", locale))
    elif prompt is not None and not seat.auto and not seat.cpu_takeover:
        key = "hand.your_turn" if prompt.get("required", True) else "hand.you_may"
        lines.append(t(key, locale, what=game.prompt_text(prompt, locale)))
        pick = prompt.get("pick")
        if pick and state is not None:
            chosen = chosen_cards(pick, state.chosen)
            if chosen:
                lines.append(
                    t(
                        "pick.chosen",
                        locale,
                        cards=cards_text(chosen, locale),
                        n=len(chosen),
                        max=pick["max"],
                    )
                )
            if state.problem:
                lines.append(f"⚠️ {state.problem}")
        if preview:
            lines.append(f"👉 {preview}")
        if state is not None and state.note:
            lines.append(f"💡 {state.note}")
    else:
        waiting = [names[s] for s in table.public_waiting]
        if waiting:
            lines.append(t("hand.waiting", locale, name=t("list.sep", locale).join(waiting)))
        else:
            lines.append(t("hand.waiting_table", locale))
    if seat.auto and table.status == "active":
        lines.append(t("hand.auto_on", locale))
    embed = discord.Embed(
        title=t("hand.title", locale, game=game_name(table.game, locale)),
        description="\n".join(lines),
        colour=COLOUR_PLAYING if table.status == "active" else COLOUR_OVER,
    )
    if view is not None:
        counts = game.counts(view, names, locale)
        row = game.table_line(view, locale)
        value = "\n".join([*counts, *([row] if row else [])])
        if value:
            embed.add_field(name=t("table.counts", locale), value=value, inline=False)
    if table.status == "finished" and table.result is not None:
        winners = game.winners(dict(table.result))
        headline = winners_text(winners, names, locale)
        embed.add_field(
            name=t("result.title", locale, game=game_name(table.game, locale)), value=headline
        )
    embed.set_footer(text=t("table.version", locale, table=table.id, version=table.version))
    return place_image(embed, HAND_IMAGE, image)
