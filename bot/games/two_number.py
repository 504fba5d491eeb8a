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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.generic import GamePresenter, NameOf
from bot.i18n import t, tn
from engines.actions import event_seen_by
from engines.cards import card_label
from engines.two_number.cards import base, hold, is_held, rotated, value, value_label, value_of

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
TYPED: dict[str, dict[str, str]] = {
    "en": {
        "insert": "{gap} {end}",
        "ron": "ron {gap} {end}",
        "discard": "{number}",
        "pon": "pon {number}",
        "chi": "chi {number}",
        "stock": "stock",
        "pile": "pile",
    },
    "ja": {
        "insert": "{gap} {end}",
        "ron": "ロン {gap} {end}",
        "discard": "{number}",
        "pon": "ポン {number}",
        "chi": "チー {number}",
        "stock": "山札",
        "pile": "捨て札",
        "knock": "ノック",
        "pass": "パス",
        "tsumo": "ツモ",
        "rotate": "回転",
        "keep": "そのまま",
    },
}
"""The shortest text `parse_move` reads as each move, shown beside the choices (`pon 4`)."""
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


def namer(names: Sequence[str]) -> NameOf:
    """A seat's name by its number ("" for none or one out of range)."""

    def name_of(seat: int | None) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

    return name_of


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


SEPARATORS = frozenset(",、，-‐–—~〜～.・·:：/▸")
"""Marks a typed move may hold between its words (`pon 2-3`, `▸3 B`); any other mark makes the
text no move (`%s` is not `s`)."""


def tokens(text: str) -> list[str] | None:
    """Typed text as words, numbers and ends (full-width folded, case ignored); None when it
    holds a mark that is no separator."""
    folded = unicodedata.normalize("NFKC", text).lower()
    found = []
    for tok in _TOKENS.findall(folded):
        marks = [ch for ch in tok if unicodedata.category(ch)[0] in "PSZ"]
        if len(marks) == len(tok) and tok not in UPRIGHT_WORDS:
            if not all(ch in SEPARATORS or ch.isspace() for ch in tok):
                return None
            continue
        found.append(tok)
    return found


def word_of(token: str) -> str | None:
    """Which move word a token is (`insert`, `ron`, ...), if any."""
    return next((word for word, said in WORDS.items() if token in said), None)


def parse_move(prompt: Mapping[str, Any], text: str) -> dict[str, Any] | None:
    """A typed move for a two-number game's prompt, as one of its choices (None otherwise).

    A move word of another kind than the prompt's (`discard 3` at a rotate prompt) is read
    too, for the game to say why it is not a move now; the transports never apply a move the
    prompt does not offer (`moves.offered`). Numbers are 1-based as players see them: `insert
    3 B` is gap 3, `discard 5` card 5, `pon 4` cards 4 and 5. A move word alone takes the first
    choice of that kind (`ron`). A number out of range still makes the move, so the game says
    what is wrong with it.
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
    if len(set(named)) > 1 or any(not w.isdigit() and w not in UPRIGHT_WORDS for w in others):
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
    """What both games' presenters say alike: a seat's line, the rotate choice, the drawn card,
    your own discard or insert, the totals, inserts and discards as actions, the hand after an
    insert, the narration's frame; gaps and ends of an insert, typed moves, hints.

    A subclass sets `game_id` (its words live under `game.<game_id>.*`, `field.<game_id>.*`...).
    """

    # ------------------------------------------------------------------ the table

    def seat_line(
        self, view: Mapping[str, Any], seat: int, count: int, name: str, locale: str
    ) -> str:
        """A seat's `count` cards and total, whether it deals, whether it rotated."""
        game = self.game_id
        totals = view.get("totals") or []
        rotated_seats = view.get("rotated") or []
        line = tn(
            f"game.{game}.seat",
            locale,
            count,
            name=name,
            total=totals[seat] if seat < len(totals) else 0,
        )
        if seat == view.get("dealer"):
            line += t(f"game.{game}.dealer", locale)
        if view.get("rotation_open") and seat < len(rotated_seats) and rotated_seats[seat]:
            line += t(f"game.{game}.rotated", locale)
        return line

    def rotate_lines(
        self,
        hand: Sequence[str],
        locale: str,
        describe: Callable[[Sequence[str]], dict[str, Any]],
    ) -> list[str]:
        """Both versions of the hand while it may rotate, as dealt and rotated, each with the
        words `describe(cards)` gives it (its cards, how good it is)."""
        return [
            t(f"game.{self.game_id}.as_dealt", locale, **describe(hand)),
            t(f"game.{self.game_id}.rotate_view", locale, **describe(rotated(hand))),
        ]

    def drawn_line(self, drawn: str, hand: Sequence[str], locale: str) -> str:
        """The drawn card with both ends, and how many gaps it may go into."""
        return t(
            f"game.{self.game_id}.drawn",
            locale,
            card=card_label(drawn),
            white=value_label(value_of(drawn, "W")),
            black=value_label(value_of(drawn, "B")),
            gaps=len(hand) + 1,
        )

    def over_line(self, view: Mapping[str, Any], locale: str) -> str:
        """The table line once the game is over: how many rounds were played."""
        rounds = len(view.get("rounds") or [])
        return tn(f"game.{self.game_id}.line_over", locale, rounds, round=rounds)

    def you_moved(self, event: Mapping[str, Any], locale: str) -> str | None:
        """The seat's own discard or insert (of a card it knows) in words; None for another
        event."""
        game, kind, card = self.game_id, event.get("type"), event.get("card")
        if kind == "discard":
            return t(f"game.{game}.you_discarded", locale, card=card_label(str(card)))
        if kind in ("inserted_card", "insert") and card:
            return t(
                f"game.{game}.you_inserted",
                locale,
                card=card_label(str(card)),
                gap=int(event.get("position", 0)) + 1,
                face=upright(str(card)),
            )
        return None

    def totals_fields(
        self,
        result: Mapping[str, Any],
        name_of: NameOf,
        rounds: Sequence[str],
        locale: str,
    ) -> list[tuple[str, str]]:
        """The result's fields: the totals, best first, then `rounds` (a line each)."""
        game = self.game_id
        totals = list(result.get("totals") or [])
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        lines = [
            t(
                f"result.{game}.total_line",
                locale,
                rank=rank,
                name=name_of(seat),
                total=totals[seat],
            )
            for rank, seat in enumerate(order, 1)
        ]
        return [
            (t(f"result.{game}.totals", locale), "\n".join(lines)),
            (t(f"result.{game}.rounds", locale), "\n".join(rounds) or "—"),
        ]

    def totals_text(self, totals: Sequence[int], name_of: NameOf, locale: str) -> str:
        """Every seat's total after a round, in one list."""
        return t("list.sep", locale).join(
            t(f"game.{self.game_id}.total", locale, name=name_of(s), total=n)
            for s, n in enumerate(totals)
        )

    # ------------------------------------------------------------------ decisions

    def action_label(
        self, action: Mapping[str, Any], locale: str, names: Sequence[str] | None = None
    ) -> str:
        """`Insert 3 B`, `Ron 4 W` (a gap and an end); `Discard 5`, `Pon 2–3` (cards by number)."""
        kind = action.get("type")
        if kind in ("insert", "ron"):
            gap, end = int(action.get("position", 0)) + 1, action.get("upright")
            return t(f"action.{self.game_id}.{kind}", locale, gap=gap, end=end)
        if kind in ("discard", "pon", "chi"):
            number = int(action.get("position", 0)) + 1
            return t(f"action.{self.game_id}.{kind}", locale, number=number, next=number + 1)
        return super().action_label(action, locale, names)

    def numbers_name_cards(self, prompt: Mapping[str, Any]) -> bool:
        """Always: every screen numbers the hand, so a number is a card (or a gap), and the
        choices are typed by their words (`rotate`, `pass`, `pon 4`)."""
        return True

    def choice_word(
        self,
        action: Mapping[str, Any],
        prompt: Mapping[str, Any],
        locale: str,
        names: Sequence[str] | None = None,
    ) -> str:
        """`3 B` (an insert), `5` (a discard), `ron 4 W`, `pon 2`, `stock`, `pass`..."""
        kind = str(action.get("type"))
        if kind == "draw" and action.get("from"):
            kind = "stock" if action.get("from") == "stock" else "pile"
        typed = TYPED.get(locale, TYPED["en"]).get(kind) or TYPED["en"].get(kind) or kind
        position = int(action.get("position", 0))
        return typed.format(gap=position + 1, end=action.get("upright"), number=position + 1)

    def listed(self, action: Mapping[str, Any], prompt: Mapping[str, Any]) -> bool:
        """Inserts and discards are not listed: the hand shows the numbers to type."""
        return action.get("type") not in ("insert", "discard")

    def typing_hints(self, prompt: Mapping[str, Any], locale: str) -> list[str]:
        """An insert as a gap and an end (`3 B`), a discard as the card's number (`5`)."""
        choices = list(prompt.get("choices") or [])
        hints = []
        gaps = [int(c["position"]) for c in choices if c.get("type") == "insert"]
        if gaps:
            example = self.choice_word(
                {"type": "insert", "position": min(2, max(gaps)), "upright": "B"}, prompt, locale
            )
            hints.append(t("typing.gap_end", locale, example=example, gaps=max(gaps) + 1))
        cards = [int(c["position"]) for c in choices if c.get("type") == "discard"]
        if cards:
            example = str(min(5, max(cards) + 1))
            hints.append(t("typing.card_number", locale, example=example, cards=max(cards) + 1))
        return hints

    def inserted_hand(
        self, action: Mapping[str, Any], view: Mapping[str, Any] | None
    ) -> list[str] | None:
        """The viewer's hand after the insert `action` of its drawn card (None for another
        action, or one that does not fit the view)."""
        view = view or {}
        hand, drawn = view.get("hand"), view.get("drawn")
        if action.get("type") != "insert" or not hand or not drawn:
            return None
        return inserted(hand, str(drawn), action)

    # ------------------------------------------------------------------ narration

    @staticmethod
    def private_events(
        events: Sequence[Mapping[str, Any]], viewer: int | None
    ) -> set[tuple[Any, Any]]:
        """(type, seat) of the events only some seats see that `viewer` sees (its own card): the
        public version of the same move is then not told again."""
        return {
            (e.get("type"), e.get("seat"))
            for e in events
            if e.get("audience") is not None and event_seen_by(e, viewer)
        }

    def told(
        self,
        shown: Sequence[Mapping[str, Any]],
        tail: Sequence[str],
        name_of: NameOf,
        locale: str,
        viewer: int | None,
    ) -> str | None:
        """The narration: the `shown` events in the generic words, then the `tail` sentences (a
        round's end, the next deal)."""
        body = super().narrate(shown, name_of, locale, viewer) if shown else None
        return sentences(self.game_id, body, tail, locale)

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
