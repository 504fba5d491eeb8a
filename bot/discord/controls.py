"""A seat's controls on its private message: choices, card picks, Auto, See the result.

Pure functions of a table, the seat's prompt (`Prompt.to_json()`) and the selection being built,
so they are tested without Discord. A card pick on a phone, for hands of up to 40+ cards:

- row 1: the groups of the hand (suits, trumps...) with their counts, one select;
- row 2: the cards of the group shown, a multi-select (at most 25 options: a bigger group is
  split in pages, so no card is ever out of reach);
- row 3: **Play** (labelled with what it will play, enabled only when the game's dry-run check
  accepts it), **Clear**, **Hint**, and the prompt's short choices (a pass...);
- row 4: Not now (optional prompts), Auto, See the result, New game.

The selection lives in the custom_ids (`bot.discord.ids.pick_arg`): no table write, and it
survives a restart. Choices without a pick are buttons (up to ten), or a select paged by 25.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord import ids
from bot.discord.components import TableButton, TableSelect
from bot.games import presenter, seat_names
from bot.i18n import t
from bot.tables.results import SeatInfo, TableInfo
from engines.cards import SUITS, card_label
from engines.registry import game_class

MAX_OPTIONS = 25
MAX_CHOICE_BUTTONS = 10
LABEL_LENGTH = 80


@dataclass(frozen=True, slots=True)
class PickState:
    """The selection being built: the group shown and the chosen hand positions."""

    group: int = 0
    chosen: frozenset[int] = frozenset()
    problem: str | None = None
    """Why the game would refuse the selection (None: it would accept it, or nothing chosen)."""
    note: str | None = None
    """A line for the player about the selection (the reason of a Hint)."""

    def arg(self) -> str:
        """The custom_id arg that carries this selection."""
        return ids.pick_arg(self.group, self.chosen)


@dataclass(frozen=True, slots=True)
class Group:
    """One entry of the group select: a suit (or trumps...) or a page of a big group."""

    key: str
    positions: tuple[int, ...]
    page: int = 0
    pages: int = 1


@dataclass(frozen=True, slots=True)
class SeatControls:
    """Everything the seat's message needs to show its prompt."""

    table: TableInfo
    seat: SeatInfo
    prompt: Mapping[str, Any] | None
    version: int
    state: PickState = field(default_factory=PickState)
    page: int = 0
    view: Mapping[str, Any] | None = None
    """The seat's view (hand sizes and counts for the labels of two-part choices)."""
    parts: tuple[int | None, int | None] = (None, None)
    """The values chosen so far in a two-part choice (indices into `TwoPart.first/second`)."""


@dataclass(frozen=True, slots=True)
class TwoPart:
    """Choices that are one action over two fields (a seat to ask × a rank to ask for).

    Shown as two steps: the first field's values (buttons, or a select when many), then the
    second field's values that go with it (a select), then the action button.
    """

    fields: tuple[str, str]
    first: tuple[Any, ...]
    second: tuple[Any, ...]
    index: Mapping[tuple[int, int], int]
    """(first value, second value) -> the choice's index in the prompt."""

    def seconds_for(self, first: int | None) -> list[int]:
        """The second values that go with a first value (all of them when none is chosen)."""
        return sorted({j for (i, j) in self.index if first is None or i == first})


def two_part(choices: Sequence[Mapping[str, Any]]) -> TwoPart | None:
    """The two-part shape of a list of choices, when it has one (and is worth two steps)."""
    if len(choices) <= MAX_CHOICE_BUTTONS:
        return None
    kinds = {c.get("type") for c in choices}
    keys = {tuple(sorted(k for k in c if k not in ("seat", "type"))) for c in choices}
    if len(kinds) != 1 or len(keys) != 1:
        return None
    [names] = keys
    if len(names) != 2:
        return None
    values = {f: list(dict.fromkeys(_frozen(c[f]) for c in choices)) for f in names}
    first, second = sorted(names, key=lambda f: (len(values[f]), f))
    index = {
        (values[first].index(_frozen(c[first])), values[second].index(_frozen(c[second]))): n
        for n, c in enumerate(choices)
    }
    if len(values[first]) > MAX_OPTIONS or len(values[second]) > MAX_OPTIONS:
        return None
    return TwoPart((first, second), tuple(values[first]), tuple(values[second]), index)


def two_part_state(
    shape: TwoPart, parts: tuple[int | None, int | None]
) -> tuple[int | None, int | None, int | None]:
    """(first, second, the choice's index) of a two-part selection, values that do not fit
    dropped (a first value alone preselected); the index is None until both are chosen."""
    first, second = parts
    if first is not None and not 0 <= first < len(shape.first):
        first = None
    if first is None and len(shape.first) == 1:
        first = 0  # one seat to ask: nothing to choose
    if second is not None and second not in shape.seconds_for(first):
        second = None
    chosen = shape.index.get((first, second)) if first is not None and second is not None else None
    return first, second, chosen


def two_part_choice(
    prompt: Mapping[str, Any] | None, parts: tuple[int | None, int | None]
) -> Mapping[str, Any] | None:
    """The choice a complete two-part selection names (None while it is incomplete)."""
    choices: list[Mapping[str, Any]] = list((prompt or {}).get("choices") or [])
    if (prompt or {}).get("pick") or (shape := two_part(choices)) is None:
        return None
    chosen = two_part_state(shape, parts)[2]
    return None if chosen is None else choices[chosen]


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def parts_arg(parts: tuple[int | None, int | None]) -> str:
    """The custom_id arg of a two-part choice's state ("x" for a value not chosen yet)."""
    return ".".join("x" if p is None else str(p) for p in parts)


def parse_parts_arg(arg: str | None) -> tuple[int | None, int | None]:
    """(first, second) of a two-part choice's arg."""
    head, _, tail = (arg or "").partition(".")
    return (int(head) if head.isdigit() else None, int(tail) if tail.isdigit() else None)


def pick_groups(pick: Mapping[str, Any]) -> list[Group]:
    """The groups of a pick's hand: the game's own, else by suit; pages of at most 25 cards.

    Cards that can't be part of any legal pick now (`selectable` false) are left out.
    """
    cards: list[str] = list(pick["cards"])
    selectable = pick.get("selectable")
    usable = [i for i in range(len(cards)) if selectable is None or selectable[i]]
    given = [(str(g), [p for p in pos if p in usable]) for g, pos in pick.get("groups") or []]
    if not given:
        by_key: dict[str, list[int]] = {}
        for i in usable:
            by_key.setdefault(_suit_key(cards[i]), []).append(i)
        given = sorted(by_key.items(), key=lambda kv: _suit_order(kv[0]))
    out = []
    for key, positions in given:
        if not positions:
            continue
        pages = (len(positions) + MAX_OPTIONS - 1) // MAX_OPTIONS
        for page in range(pages):
            chunk = positions[page * MAX_OPTIONS : (page + 1) * MAX_OPTIONS]
            out.append(Group(key, tuple(chunk), page, pages))
    return out


def _suit_key(card: str) -> str:
    if len(card) == 2 and card[1] in SUITS:
        return card[1]
    if card in ("BJ", "SJ"):
        return "joker"
    return "hand"


def _suit_order(key: str) -> int:
    order = [*SUITS, "joker", "hand"]
    return order.index(key) if key in order else len(order)


def chosen_cards(pick: Mapping[str, Any], chosen: frozenset[int]) -> list[str]:
    """The cards at the chosen positions, in hand order."""
    cards = list(pick["cards"])
    return [cards[p] for p in sorted(chosen) if 0 <= p < len(cards)]


def count_problem(pick: Mapping[str, Any], chosen: frozenset[int], locale: str) -> str | None:
    """Why the number of cards chosen can't be played (None when it is in range)."""
    n, low, high = len(chosen), int(pick["min"]), int(pick["max"])
    if low <= n <= high:
        return None
    if low == high:
        return t("pick.need_exact", locale, n=low, chosen=n)
    if n < low:
        return t("pick.need_more", locale, n=low, chosen=n)
    return t("pick.need_fewer", locale, n=high, chosen=n)


# --------------------------------------------------------------------------- the view


def seat_view(controls: SeatControls, locale: str) -> discord.ui.View | None:
    """The components of a seat's message (None when there is nothing to press)."""
    table, seat, prompt = controls.table, controls.seat, controls.prompt
    view = discord.ui.View(timeout=None)
    if table.status == "finished":
        view.add_item(
            TableButton(
                table.id,
                table.version,
                ids.REMATCH,
                label=t("button.rematch", locale),
                style=discord.ButtonStyle.primary,
            )
        )
        return view
    if table.status != "active":
        return None
    version = controls.version
    game = presenter(table.game)
    if prompt is not None and not seat.cpu_takeover and not seat.auto:
        pick = prompt.get("pick")
        choices: list[Mapping[str, Any]] = list(prompt.get("choices") or [])
        if pick:
            _pick_rows(view, controls, pick, locale)
            for index, choice in enumerate(choices[:4]):  # a pass beside Play
                view.add_item(
                    TableButton(
                        table.id,
                        version,
                        ids.ACT,
                        arg=index,
                        label=_cut(game.action_label(choice, locale, seat_names(table, locale))),
                        row=2,
                    )
                )
        elif (shape := two_part(choices)) is not None:
            _two_part_rows(view, controls, shape, choices, locale)
        elif choices:
            _choice_rows(view, table, version, choices, controls.page, locale)
    _misc_row(view, controls, locale)
    return view if view.children else None


def _pick_rows(
    view: discord.ui.View, controls: SeatControls, pick: Mapping[str, Any], locale: str
) -> None:
    table, version, state = controls.table, controls.version, controls.state
    game = presenter(table.game)
    groups = pick_groups(pick)
    cards = list(pick["cards"])
    shown = min(state.group, len(groups) - 1) if groups else 0
    if len(groups) > 1:
        options = []
        for index, group in enumerate(groups):
            label = game.group_label(group.key, len(group.positions), locale)
            if group.pages > 1:
                first, last = (
                    group.page * MAX_OPTIONS + 1,
                    group.page * MAX_OPTIONS + len(group.positions),
                )
                label = f"{label.rsplit(' ', 1)[0]} {first}–{last}"
            picked = sum(1 for p in group.positions if p in state.chosen)
            options.append(
                discord.SelectOption(
                    label=label[:100],
                    value=str(index),
                    description=t("pick.group_chosen", locale, n=picked) if picked else None,
                    default=index == shown,
                )
            )
        view.add_item(
            TableSelect(
                table.id,
                version,
                ids.GROUP,
                options,
                arg=ids.pick_arg(shown, state.chosen),
                placeholder=t("pick.group_placeholder", locale),
                row=0,
            )
        )
    if groups:
        group = groups[shown]
        options = [
            discord.SelectOption(
                label=f"{p + 1}. {card_label(cards[p])}",
                value=str(p),
                default=p in state.chosen,
            )
            for p in group.positions
        ]
        view.add_item(
            TableSelect(
                table.id,
                version,
                ids.SELECT,
                options,
                arg=ids.pick_arg(shown, state.chosen),
                placeholder=t("pick.cards_placeholder", locale),
                min_values=0,
                max_values=max(1, min(len(options), int(pick["max"]) or 1)),
                row=1,
            )
        )
    chosen = chosen_cards(pick, state.chosen)
    ready = bool(chosen or int(pick["min"]) == 0) and state.problem is None
    label = (
        game.pick_label(chosen, str(pick["type"]), locale)
        if chosen
        else t("pick.play_nothing" if int(pick["min"]) == 0 else "pick.play_empty", locale)
    )
    view.add_item(
        TableButton(
            table.id,
            version,
            ids.PLAY,
            arg=ids.encode_mask(state.chosen),
            label=_cut(label),
            style=discord.ButtonStyle.success,
            disabled=not ready,
            row=2,
        )
    )
    view.add_item(
        TableButton(
            table.id,
            version,
            ids.CLEAR,
            arg=shown,
            label=t("button.clear", locale),
            disabled=not state.chosen,
            row=2,
        )
    )
    view.add_item(
        TableButton(
            table.id,
            version,
            ids.HINT,
            arg=ids.pick_arg(shown, state.chosen),
            label=t("button.hint", locale),
            emoji="💡",
            row=2,
        )
    )


def _two_part_rows(
    view: discord.ui.View,
    controls: SeatControls,
    shape: TwoPart,
    choices: Sequence[Mapping[str, Any]],
    locale: str,
) -> None:
    table, version = controls.table, controls.version
    game = presenter(table.game)
    names = seat_names(table, locale)
    first_field, second_field = shape.fields
    first, second, chosen = two_part_state(shape, controls.parts)

    def label(field_name: str, value: Any) -> str:
        return game.field_label(field_name, value, locale, names, controls.view)

    if len(shape.first) <= 5:
        for i, value in enumerate(shape.first):
            view.add_item(
                TableButton(
                    table.id,
                    version,
                    ids.PART_ONE,
                    arg=parts_arg((i, second)),
                    label=_cut(label(first_field, value)),
                    style=discord.ButtonStyle.primary
                    if i == first
                    else discord.ButtonStyle.secondary,
                    row=0,
                )
            )
    else:
        view.add_item(
            TableSelect(
                table.id,
                version,
                ids.PART_ONE,
                [
                    discord.SelectOption(
                        label=_cut(label(first_field, value), 100), value=str(i), default=i == first
                    )
                    for i, value in enumerate(shape.first)
                ],
                arg=parts_arg((first, second)),
                placeholder=t("choice.first", locale),
                row=0,
            )
        )
    seconds = shape.seconds_for(first)
    view.add_item(
        TableSelect(
            table.id,
            version,
            ids.PART_TWO,
            [
                discord.SelectOption(
                    label=_cut(label(second_field, shape.second[j]), 100),
                    value=str(j),
                    default=j == second,
                )
                for j in seconds
            ],
            arg=parts_arg((first, second)),
            placeholder=t("choice.second", locale),
            row=1,
        )
    )
    view.add_item(
        TableButton(
            table.id,
            version,
            ids.ACT,
            arg=chosen if chosen is not None else "x",
            label=_cut(
                game.action_label(choices[chosen], locale, names)
                if chosen is not None
                else t("choice.incomplete", locale)
            ),
            style=discord.ButtonStyle.success,
            disabled=chosen is None,
            row=2,
        )
    )


def _choice_rows(
    view: discord.ui.View,
    table: TableInfo,
    version: int,
    choices: Sequence[Mapping[str, Any]],
    page: int,
    locale: str,
) -> None:
    game = presenter(table.game)
    names = seat_names(table, locale)
    table_id = table.id
    if len(choices) <= MAX_CHOICE_BUTTONS:
        for index, choice in enumerate(choices):
            view.add_item(
                TableButton(
                    table_id,
                    version,
                    ids.ACT,
                    arg=index,
                    label=_cut(game.action_label(choice, locale, names)),
                    style=discord.ButtonStyle.primary,
                    row=index // 5,
                )
            )
        return
    pages = (len(choices) + MAX_OPTIONS - 1) // MAX_OPTIONS
    page = min(max(page, 0), pages - 1)
    start = page * MAX_OPTIONS
    options = [
        discord.SelectOption(
            label=_cut(game.action_label(choice, locale, names), 100), value=str(i)
        )
        for i, choice in enumerate(choices[start : start + MAX_OPTIONS], start)
    ]
    view.add_item(
        TableSelect(
            table_id,
            version,
            ids.MOVE,
            options,
            placeholder=t("select.move", locale, page=page + 1, pages=pages),
            row=0,
        )
    )
    if pages > 1:
        for target, key in ((page - 1, "button.page_prev"), (page + 1, "button.page_next")):
            view.add_item(
                TableButton(
                    table_id,
                    version,
                    ids.PAGE,
                    arg=target,
                    label=t(key, locale),
                    disabled=not 0 <= target < pages,
                    row=1,
                )
            )


def _misc_row(view: discord.ui.View, controls: SeatControls, locale: str) -> None:
    table, seat, prompt = controls.table, controls.seat, controls.prompt
    playing = prompt is not None and not seat.auto and not seat.cpu_takeover
    if (
        playing
        and prompt is not None
        and not prompt.get("pick")
        and len(prompt.get("choices") or []) > 1
    ):
        view.add_item(
            TableButton(
                table.id,
                controls.version,
                ids.HINT,
                label=t("button.hint", locale),
                emoji="💡",
                row=3,
            )
        )
    if prompt is not None and not prompt.get("required", True) and not seat.auto:
        view.add_item(
            TableButton(
                table.id,
                controls.version,
                ids.DISMISS,
                label=t("button.not_now", locale),
                row=3,
            )
        )
    # a seat the CPU took over (timer, leaving) is given back by switching Auto off
    cpu_playing = seat.auto or seat.cpu_takeover
    view.add_item(
        TableButton(
            table.id,
            controls.version,
            ids.AUTO,
            arg="off" if cpu_playing else "on",
            label=t("button.auto_off" if cpu_playing else "button.auto_on", locale),
            row=3,
        )
    )
    if game_class(table.game).instant_finish and only_human(table, seat):
        view.add_item(
            TableButton(
                table.id, controls.version, ids.FINISH, label=t("button.finish", locale), row=3
            )
        )
    if only_human(table, seat):
        view.add_item(
            TableButton(
                table.id,
                controls.version,
                ids.NEW,
                label=t("button.new_game", locale),
                style=discord.ButtonStyle.danger,
                row=3,
            )
        )


def only_human(table: TableInfo, seat: SeatInfo) -> bool:
    """True when `seat` is the only one a human plays (a new game or the result bothers nobody)."""
    return seat.is_human and all(
        s.seat == seat.seat or s.user_id is None or s.cpu_takeover for s in table.seats
    )


def confirm_view(
    table: TableInfo, version: int, action: str, label_key: str, locale: str
) -> discord.ui.View:
    """The one confirmation of a drastic button ("See the result", "New game" mid-game)."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        TableButton(
            table.id,
            version,
            action,
            label=t(label_key, locale),
            style=discord.ButtonStyle.danger,
        )
    )
    return view


def _cut(text: str, length: int = LABEL_LENGTH) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"
