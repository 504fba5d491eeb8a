"""Words both two-number games share (Kokutorum, Shirokuro-jaku): hands, gaps, ends, typed moves.

In a hand only the upright end of a card counts, and after the round's first move a held card
never turns again, so a hand reads by its upright values alone: `●4 ●3 ○3`. Cards are numbered
from 1 as the images and the buttons number them; gap n is the place just before card n, the
last gap the far right. Cards outside hands (the pile, the drawn card, a discard) show both ends,
`○2/●3`.

Typed moves (`/play`, the terminal) read the same in English and Japanese, full-width digits
too: `insert 3 B` / `3b` / `差し込む 3 黒`, `discard 5` / `捨てる 5`, `ron` / `ロン`, `pon 4`,
`pass` / `パス`; a game's sentences live under its own keys (`game.<id>.*`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.generic import GamePresenter
from bot.i18n import t
from engines.cards import card_label
from engines.two_number.cards import base, hold, is_held, value, value_label, value_of

UPRIGHT_WORDS = {"w": "W", "b": "B", "白": "W", "黒": "B", "○": "W", "●": "B"}
"""How a player may name the end that goes up."""
WORDS: dict[str, tuple[str, ...]] = {
    "insert": ("insert", "ins", "i", "差し込む", "差込", "挿入"),
    "discard": ("discard", "d", "捨てる", "捨て", "打"),
    "ron": ("ron", "ロン", "ろん"),
    "pon": ("pon", "ポン", "ぽん"),
    "chi": ("chi", "チー", "ちー"),
    "pass": ("pass", "p", "パス", "見送る", "スキップ"),
    "tsumo": ("tsumo", "ツモ", "つも"),
    "knock": ("knock", "k", "ノック"),
    "rotate": ("rotate", "r", "回転", "回転する"),
    "keep": ("keep", "そのまま", "維持"),
    "stock": ("stock", "s", "draw", "山札", "山", "引く", "山札から引く"),
    "pile": ("pile", "take", "discards", "捨て札", "捨て札を取る", "取る"),
}
_TOKENS = re.compile(r"(\d+|[a-z]+|[wb白黒○●]|[^\sa-z\d]+)")


def upright(held: str) -> str:
    """A held card by the end that counts: ●4."""
    return value_label(value(held)) if is_held(held) else card_label(held)


def hand_text(
    hand: Sequence[str],
    melds: Sequence[Sequence[Any]] = (),
    *,
    gaps: bool = False,
    mark: int | None = None,
) -> str:
    """A hand numbered from 1 by upright ends, melds in brackets: `1 ●4 [2 ○3 3 ○4 4 ○5]`.

    With `gaps` the places to insert are numbered instead (`▸1 ●4 ▸2 ○3 … ▸9`); `mark` puts
    one card in angle brackets (the card an insert puts there).
    """
    opens = {int(m[1]) for m in melds}
    closes = {int(m[2]) - 1 for m in melds}
    parts = []
    for i, held in enumerate(hand):
        face = upright(held)
        if i == mark:
            face = f"⟨{face}⟩"
        if i in opens:
            face = "[" + face if gaps else face
        item = f"▸{i + 1} {face}" if gaps else f"{i + 1} {face}"
        if i in opens and not gaps:
            item = "[" + item
        if i in closes:
            item += "]"
        parts.append(item)
    if gaps:
        parts.append(f"▸{len(hand) + 1}")
    return " ".join(parts)


def ends_text(game: str, card: str, locale: str) -> str:
    """What each end of an unplaced card would show: `W ○2 · B ●3`."""
    code = base(card)
    return t(
        f"game.{game}.ends",
        locale,
        white=value_label(value_of(code, "W")),
        black=value_label(value_of(code, "B")),
    )


def end_text(game: str, card: str | None, end: str, locale: str) -> str:
    """One end of the drawn card as a choice: `○2 up (W)`; just W / B without the card."""
    if not card:
        return end
    return t(f"game.{game}.end", locale, face=value_label(value_of(base(card), end)), end=end)


def gap_text(game: str, hand: Sequence[str], position: int, locale: str) -> str:
    """A gap by its number and its neighbours: `3 · ●4 ▸ ○3`, `1 · before ●4`."""
    gap = position + 1
    left = upright(hand[position - 1]) if 0 < position <= len(hand) else None
    right = upright(hand[position]) if 0 <= position < len(hand) else None
    if left and right:
        return t(f"game.{game}.gap", locale, gap=gap, left=left, right=right)
    if right:
        return t(f"game.{game}.gap_first", locale, gap=gap, right=right)
    if left:
        return t(f"game.{game}.gap_last", locale, gap=gap, left=left)
    return str(gap)


def inserted(hand: Sequence[str], card: str, action: Mapping[str, Any]) -> list[str] | None:
    """The hand after an insert (or a ron) of `card`, or None when the action is not one."""
    position, end = action.get("position"), action.get("upright")
    if not isinstance(position, int) or end not in ("W", "B") or not 0 <= position <= len(hand):
        return None
    return [*hand[:position], hold(base(card), str(end)), *hand[position:]]


def sentences(game: str, body: str | None, tail: Sequence[str], locale: str) -> str | None:
    """What happened (one phrase, or None), then a round's end and the next deal, each a
    sentence of its own."""
    parts = [t(f"game.{game}.sentence", locale, text=body)] if body else []
    parts += [part for part in tail if part]
    if not parts:
        return None
    text = parts[0]
    for part in parts[1:]:
        text = t(f"game.{game}.then", locale, first=text, second=part)
    return text


# --------------------------------------------------------------------------- typed moves


def tokens(text: str) -> list[str]:
    """Typed text as words, numbers and ends (full-width folded, case ignored)."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return [
        tok
        for tok in _TOKENS.findall(folded)
        if not all(unicodedata.category(ch)[0] in "PZ" for ch in tok)
    ]


def word_of(token: str) -> str | None:
    """Which move word a token is (`insert`, `ron`, ...), if any."""
    return next((word for word, said in WORDS.items() if token in said), None)


def parse_move(prompt: Mapping[str, Any], text: str) -> dict[str, Any] | None:
    """A typed move for a two-number game's prompt, as one of its choices (None otherwise).

    Numbers are 1-based as players see them: `insert 3 B` is gap 3, `discard 5` card 5,
    `pon 4` cards 4 and 5. A move word alone takes the first choice of that kind (`ron`).
    A number out of range still makes the move, so the game says what is wrong with it.
    """
    choices: list[Mapping[str, Any]] = list(prompt.get("choices") or [])
    kinds = {str(c.get("type")) for c in choices}
    words = tokens(text)
    if not words:
        return None
    said = [word_of(w) for w in words]
    numbers = [int(w) for w in words if w.isdigit()]
    ends = [UPRIGHT_WORDS[w] for w in words if w in UPRIGHT_WORDS]
    named = [s for s in said if s is not None and s not in ("pile",)]
    kind = named[0] if named else None
    if kind is None and "pile" in said:
        kind = "pile"
    others = [w for w, s in zip(words, said, strict=True) if s is None]
    if any(not w.isdigit() and w not in UPRIGHT_WORDS for w in others):
        return None
    if kind in ("stock", "pile"):
        if numbers or ends:
            return None
        if "draw" in kinds and all("from" not in c for c in choices if c.get("type") == "draw"):
            return {"type": "draw"}  # a draw with nowhere to choose (the table's own)
        return {"type": "draw", "from": "stock" if kind == "stock" else "discard"}
    if kind is None:
        # a bare gap and end in the insert prompt ("3 B"), a bare number in a discard
        if "insert" in kinds and len(numbers) == 1 and len(ends) == 1:
            kind = "insert"
        elif "discard" in kinds and len(numbers) == 1 and not ends:
            kind = "discard"
        else:
            return None
    if kind in ("insert", "ron"):
        if len(numbers) > 1 or len(ends) > 1:
            return None
        if not numbers and not ends:
            found = [c for c in choices if c.get("type") == kind]
            return dict(found[0]) if found and kind == "ron" else None
        if len(numbers) != 1 or len(ends) != 1:
            return None
        return {"type": kind, "position": numbers[0] - 1, "upright": ends[0]}
    if kind in ("pon", "chi") and len(numbers) == 2 and numbers[1] == numbers[0] + 1:
        numbers = numbers[:1]  # "pon 4-5": the two cards it takes
    if kind in ("discard", "pon", "chi"):
        if ends or len(numbers) > 1:
            return None
        if not numbers:
            found = [c for c in choices if c.get("type") == kind]
            return dict(found[0]) if found and kind != "discard" else None
        return {"type": kind, "position": numbers[0] - 1}
    if numbers or ends:
        return None
    return {"type": kind}


class TwoNumberPresenter(GamePresenter):
    """What both games' presenters say alike: gaps and ends of an insert, typed moves, hints.

    A subclass sets `game_id` (its words live under `field.<game_id>.*`).
    """

    def field_label(
        self,
        field: str,
        value: Any,
        locale: str,
        names: Sequence[str],
        view: Mapping[str, Any] | None = None,
    ) -> str:
        """A gap with its neighbours ("Gap 3 · ●4 ▸ ○3"); an end with the number it shows."""
        view = view or {}
        hand = list(view.get("hand") or [])
        if field == "position" and isinstance(value, int):
            text = gap_text(self.game_id, hand, value, locale) if hand else str(value + 1)
            return t(f"field.{self.game_id}.position", locale, value=text)
        if field == "upright" and isinstance(value, str):
            drawn = view.get("drawn")
            text = end_text(self.game_id, str(drawn) if drawn else None, value, locale)
            return t(f"field.{self.game_id}.upright", locale, value=text)
        return super().field_label(field, value, locale, names, view)

    def parse_move(self, prompt: Mapping[str, Any], text: str) -> dict[str, Any] | None:
        """`insert 3 B`, `3b`, `discard 5`, `stock`, `knock`, `ron`, `pon 4`, `pass`..., in
        either language (only what the prompt offers is found)."""
        return parse_move(prompt, text)

    def hint_reason(self, reason: str | None, params: Mapping[str, Any], locale: str) -> str | None:
        """The Hint's reason, cards drawn as players read them."""
        shown = {k: card_label(v) if k == "card" else v for k, v in params.items()}
        return super().hint_reason(reason, shown, locale)
