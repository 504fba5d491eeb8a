"""Moves typed by a player (`/play move:`, the terminal), in either language.

A typed move is matched against the player's prompt, never against anything else:
- the game's own reading first (`GamePresenter.parse_move`: `insert 3 B`, typed calls);
- a short list of choices takes a choice's label in Japanese or English (`flip`, `めくる`),
  the word the game shows for it (`pass`), its action type, or its number in the list (`1`),
  unless a number at this prompt names a card of the hand (`GamePresenter.numbers_name_cards`:
  a number never means two things on one prompt);
- a card pick takes card codes or hand numbers, mixed freely (`7H 7H 8H 8H`, `14 15 18`,
  `10♥ q♠`); copies of one card are taken left to right;
- failing all that, words that belong to one choice's label alone (`7s` for "Ask CPU for
  7s"); words found in several labels are refused, with the choices they could mean;
- `v<version>:<index>` / `v<version>:p:<mask>` are what `/play`'s autocomplete sends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.generic import GamePresenter
from bot.games.plugin import presenter
from bot.i18n import LOCALES
from engines.cards import CardError, parse_card, parse_two_number

_VERSIONED = re.compile(r"^v(\d+):(?:(\d+)|p:([0-9a-z]+))$")
_SPLIT = re.compile(r"[\s,、，]+")
_WORDS = re.compile(r"[^\s,、，:：()（）]+")


@dataclass(frozen=True, slots=True)
class TypedMove:
    """What a typed move means: an action (without its seat), and the prompt version it names."""

    action: dict[str, Any] | None
    version: int | None = None
    problem: str | None = None
    """Why the text is not a move of this prompt: `no_such_choice`, `bad_cards`, `ambiguous`."""
    candidates: tuple[int, ...] = ()
    """For `ambiguous`: the indices of the choices the text could mean."""


def pick_positions(pick: Mapping[str, Any], tokens: list[str]) -> list[int] | None:
    """Hand positions of typed cards or 1-based hand numbers (None when one can't be read)."""
    cards: list[str] = list(pick["cards"])
    base = [c.split("/")[0] for c in cards]
    taken: set[int] = set()
    for token in tokens:
        if token.isdigit():
            position = int(token) - 1
            if not 0 <= position < len(cards) or position in taken:
                return None
            taken.add(position)
            continue
        code = _card(token)
        if code is None:
            return None
        at = next(
            (i for i, held in enumerate(base) if held == code and i not in taken),
            None,
        )
        if at is None:
            return None
        taken.add(at)
    return sorted(taken)


def _card(token: str) -> str | None:
    for parse in (parse_card, parse_two_number):
        try:
            return parse(token).split("/")[0]
        except CardError:
            continue
    return None


def typed_version(text: str) -> int | None:
    """The prompt version an autocompleted value names (None for a move typed by hand)."""
    found = _VERSIONED.match(text.strip())
    return int(found.group(1)) if found else None


def parse_typed_move(
    game_id: str, prompt: Mapping[str, Any], text: str, names: Sequence[str] | None = None
) -> TypedMove:
    """The action a typed move stands for in `prompt`, or why it stands for none.

    `names` (display names by seat) lets a label that names a seat match ("ask Alice for 7s").
    """
    raw = text.strip()
    versioned = _VERSIONED.match(raw)
    choices: list[Mapping[str, Any]] = list(prompt.get("choices") or [])
    pick = prompt.get("pick")
    if versioned:
        version = int(versioned.group(1))
        if versioned.group(2) is not None:
            index = int(versioned.group(2))
            if 0 <= index < len(choices):
                return TypedMove(dict(choices[index]), version)
            return TypedMove(None, version, "no_such_choice")
        if pick:
            chosen = decode_mask(versioned.group(3) or "")
            return TypedMove(pick_action(pick, sorted(chosen)), version)
        return TypedMove(None, version, "no_such_choice")
    lowered = raw.lower()
    game = presenter(game_id)
    own = game.parse_move(prompt, raw) if raw else None
    if own is not None:
        return TypedMove(own)
    by_number = not game.numbers_name_cards(prompt)
    for index, choice in enumerate(choices):
        if lowered in choice_names(game, choice, prompt, names) or (
            by_number and lowered.isdigit() and int(lowered) == index + 1
        ):
            return TypedMove(dict(choice))
    kinds = [str(choice.get("type", "")).lower() for choice in choices]
    if pick:
        kinds.append(str(pick.get("type", "")).lower())
    if kinds.count(lowered) == 1 and lowered in kinds[: len(choices)]:
        return TypedMove(dict(choices[kinds.index(lowered)]))  # the only move of its kind
    if pick:
        tokens = [tok for tok in _SPLIT.split(raw) if tok]
        positions = pick_positions(pick, tokens) if tokens else None
        if positions is not None:
            return TypedMove(pick_action(pick, positions))
    said = set(_WORDS.findall(lowered))
    found = tuple(
        index
        for index, choice in enumerate(choices)
        if said
        and any(
            said <= set(_WORDS.findall(name)) for name in choice_names(game, choice, prompt, names)
        )
    )
    # words of one choice alone name it; numbers alone never do (they are cards, gaps or
    # list numbers), but they may say which choices were meant ("3": gap 3, which end?)
    if len(found) == 1 and not lowered.isdigit():
        return TypedMove(dict(choices[found[0]]))
    if len(found) > 1:
        return TypedMove(None, None, "ambiguous", found)
    return TypedMove(None, None, "bad_cards" if pick else "no_such_choice")


def choice_names(
    game: GamePresenter,
    choice: Mapping[str, Any],
    prompt: Mapping[str, Any],
    names: Sequence[str] | None,
) -> set[str]:
    """Every text that names `choice` whole, lower case: its label and its word in each
    language."""
    found = set()
    for locale in LOCALES:
        found.add(game.action_label(choice, locale, names).lower())
        found.add(game.choice_word(choice, prompt, locale, names).lower())
    return found


def offered(prompt: Mapping[str, Any], action: Mapping[str, Any]) -> bool:
    """Whether `action` is of a kind `prompt` offers (one of its choices' types, or its pick's).

    A game's reader also reads its moves of other kinds (`discard 3` at a rotate prompt), so
    that the game can say why they are no move now; such a move is never applied: one the game
    would accept (a draw while an optional rotation waits) would skip the decision asked."""
    kinds = {choice.get("type") for choice in prompt.get("choices") or []}
    pick = prompt.get("pick")
    if pick:
        kinds.add(pick.get("type"))
    return action.get("type") in kinds


def pick_action(pick: Mapping[str, Any], positions: Iterable[int]) -> dict[str, Any]:
    """The action (as JSON, without its seat) that plays the cards at `positions`."""
    cards = list(pick["cards"])
    chosen = [cards[p] for p in sorted(set(positions)) if 0 <= p < len(cards)]
    value: Any = chosen[0] if pick.get("single") and len(chosen) == 1 else chosen
    return {
        "type": pick["type"],
        str(pick.get("field") or "cards"): value,
        **dict(pick.get("fields") or {}),
    }


def picked_cards(pick: Mapping[str, Any], action: Mapping[str, Any]) -> list[str]:
    """The cards an action built from `pick` plays (one card or a list)."""
    value = action.get(str(pick.get("field") or "cards"))
    if isinstance(value, str):
        return [value]
    return [v for v in value or [] if isinstance(v, str)]


def encode_mask(positions: Iterable[int]) -> str:
    """Hand positions as a compact base-36 bitmask ("0" for none)."""
    value = sum(1 << p for p in set(positions))
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        value, rest = divmod(value, 36)
        out = digits[rest] + out
        if not value:
            return out


def decode_mask(text: str) -> frozenset[int]:
    """The positions of a bitmask made by `encode_mask` (empty when it is not one)."""
    try:
        value = int(text, 36)
    except ValueError:
        return frozenset()
    return frozenset(p for p in range(value.bit_length()) if value >> p & 1)
