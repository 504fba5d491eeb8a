"""One prompt of `cardbot play` on the screen: what it shows, how it reads a typed line, what
`help` says.

One number never means two things on one screen. Where a number names a card of the hand (a
card pick, or a game whose every screen numbers the hand: `GamePresenter.numbers_name_cards`),
the choices are typed by their words, shown in brackets (`[pass] Pass`, `[Expose nothing]`);
elsewhere they are numbered from 1. A typed line is one of the prompt's own moves, one of the
terminal's keys, or refused with a sentence saying what this prompt takes; a refusal changes
nothing. The terminal's own sentences are the `terminal.*` keys of `bot.i18n`, beside Discord's.
"""

from __future__ import annotations

import os
import re
import textwrap
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from bot.games import presenter
from bot.games.moves import offered, parse_typed_move
from bot.i18n import game_name, t
from engines.cards import card_label

LINE_WIDTH = 78
"""Columns of a terminal line: long lists and hands are laid out within it."""
HELP_WORDS = frozenset({"?", "help", "ヘルプ", "へるぷ"})
RULES_WORDS = frozenset({"rules", "rule", "ルール", "るーる"})
KEYS = {"q": "quit", "h": "hint", "a": "auto", "n": "new"}
"""The terminal's one-letter keys (and `s`, "see the result", where a game can finish at once);
no move of any game is typed as one of them (a test checks)."""
FINISH_KEY = "s"
DIM, UNDIM = "\x1b[2m", "\x1b[22m"
_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


def say(key: str, locale: str, /, **params: Any) -> str:
    """A terminal sentence in `locale`: the key `terminal.<key>` of the one wording system."""
    return t(f"terminal.{key}", locale, **params)


def plain(text: str) -> str:
    """Discord markdown (**bold**) read as plain terminal text."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", text)


def capitalised(text: str) -> str:
    """A line that starts as a sentence does."""
    return text[:1].upper() + text[1:]


def use_colour(stream: TextIO) -> bool:
    """Colour (dimmed cards) on a terminal that has it: not with NO_COLOR set, not into a file
    or a pipe, not on a dumb terminal."""
    isatty = getattr(stream, "isatty", None)
    return (
        bool(isatty and isatty())
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM", "") != "dumb"
    )


def laid_out(items: Sequence[str], gap: int = 2, indent: str = "  ") -> list[str]:
    """Items side by side, as many to a line as fit in `LINE_WIDTH`."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and columns(indent + line) + gap + columns(item) > LINE_WIDTH:
            lines.append(indent + line)
            line = ""
        line = f"{line}{' ' * gap}{item}" if line else item
    if line:
        lines.append(indent + line)
    return lines


def columns(text: str) -> int:
    """The columns `text` takes on a terminal: wide (Japanese) characters two, escapes none."""
    return sum(
        2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in _ESCAPES.sub("", text)
    )


def wrapped(text: str, indent: str, locale: str, hang: str = "  ") -> list[str]:
    """A long line broken to fit `LINE_WIDTH`: at spaces in English, anywhere in Japanese
    (which has no spaces to break at)."""
    if locale != "ja":
        found = textwrap.wrap(
            text,
            width=LINE_WIDTH,
            initial_indent=indent,
            subsequent_indent=indent + hang,
            break_on_hyphens=False,
        )
        return found or [indent]
    lines: list[str] = []
    line = indent
    for ch in text:
        if columns(line + ch) > LINE_WIDTH and line.strip():
            lines.append(line.rstrip())
            line = indent + hang
            if ch == " ":
                continue
        line += ch
    return [*lines, line.rstrip()]


def numbered(labels: Sequence[str]) -> list[str]:
    """The choices numbered from 1, one a line, or in columns when there are more than ten."""
    items = [f"{n:>2}. {label}" for n, label in enumerate(labels, 1)]
    if len(items) <= 10:
        return ["  " + item for item in items]
    width = max(len(item) for item in items) + 3
    per_line = max(1, (LINE_WIDTH - 2) // width)
    return [
        "  " + "".join(item.ljust(width) for item in items[i : i + per_line]).rstrip()
        for i in range(0, len(items), per_line)
    ]


def folded(text: str) -> str:
    """Typed text as compared with the keys: full-width folded, lower case, trimmed."""
    return unicodedata.normalize("NFKC", text).strip().lower()


@dataclass(frozen=True)
class Reading:
    """What one typed line means at a prompt.

    `kind`: `move` (with `action`), `pass` (an optional prompt let go), a key (`quit`, `hint`,
    `auto`, `new`, `finish`), `help`, `rules`, `refused` (with `text`, the lines to show), or
    `elsewhere`: a move of a kind this prompt does not offer (with `action`), never applied,
    told why by the game when it would refuse it anyway.
    """

    kind: str
    action: dict[str, Any] | None = None
    text: tuple[str, ...] = ()


class PromptScreen:
    """One seat's prompt as the terminal shows and reads it."""

    def __init__(
        self,
        game_id: str,
        prompt: Mapping[str, Any],
        names: Sequence[str],
        locale: str,
        *,
        finish: bool = False,
        colour: bool = False,
    ) -> None:
        self.game_id = game_id
        self.prompt = prompt
        self.names = names
        self.locale = locale
        self.finish = finish
        self.colour = colour
        self.presenter = presenter(game_id)
        self.choices: list[Mapping[str, Any]] = list(prompt.get("choices") or [])
        self.pick: Mapping[str, Any] | None = prompt.get("pick")
        self.required = bool(prompt.get("required", True))
        self.numbered = not self.presenter.numbers_name_cards(prompt)
        self.one_key = len(self.choices) == 1 and not self.pick and self.required
        self.labels = [plain(self.label(action)) for action in self.choices]
        self.words = [
            plain(self.presenter.choice_word(action, prompt, locale, names))
            for action in self.choices
        ]

    def label(self, action: Mapping[str, Any]) -> str:
        """A choice in words."""
        return self.presenter.action_label(action, self.locale, self.names)

    # ------------------------------------------------------------------ what it shows

    def lines(self) -> list[str]:
        """The prompt: what is asked, the hand to pick from, the choices and how to type them."""
        locale = self.locale
        if self.one_key:
            return ["  " + say("one_key", locale, action=self.labels[0])]
        key = "hand.your_turn" if self.required else "hand.you_may"
        what = plain(self.presenter.prompt_text(self.prompt, locale))
        out = ["  " + t(key, locale, what=what)]
        if self.pick:
            out += self.hand_lines(self.pick)
        if self.numbered:
            return out + numbered(self.labels)
        hints = self.presenter.typing_hints(self.prompt, locale)
        if self.pick:  # what a number means here: a card of the hand
            hints = [self.pick_part(self.pick), *hints]
        if hints:
            out.append("  " + say("type_line", locale, hints=say("or", locale).join(hints)))
        out += laid_out([self.bracketed(i) for i in self.listed()])
        return out

    def listed(self) -> list[int]:
        """The choices listed on their own (in word mode, those the hints do not tell)."""
        if self.numbered:
            return list(range(len(self.choices)))
        return [
            i for i, action in enumerate(self.choices) if self.presenter.listed(action, self.prompt)
        ]

    def bracketed(self, index: int) -> str:
        """A choice as `[word] label`, or `[label]` when its word is its label."""
        word, label = self.words[index], self.labels[index]
        return f"[{label}]" if word.lower() == label.lower() else f"[{word}] {label}"

    def hand_lines(self, pick: Mapping[str, Any]) -> list[str]:
        """The hand of a card pick, numbered as `/play` and the images number it; a card that
        can be part of no legal pick now dimmed (in brackets where there is no colour)."""
        selectable = pick.get("selectable")
        items = []
        dimmed = None
        for n, card in enumerate(pick["cards"], 1):
            item = f"{n}:{card_label(card)}"
            if selectable is not None and n <= len(selectable) and not selectable[n - 1]:
                item = f"{DIM}{item}{UNDIM}" if self.colour else f"({item})"
                dimmed = dimmed or item
            items.append(item)
        out = laid_out(items)
        if dimmed is not None:
            key = "dimmed_colour" if self.colour else "dimmed_plain"
            out.append("  " + say(key, self.locale, example=dimmed))
        return out

    def keys_line(self) -> str:
        """The input line: the keys, then `> `."""
        keys = say("keys", self.locale)
        if self.finish:
            keys += say("keys_finish", self.locale)
        if not self.required:
            keys += say("keys_skip", self.locale)
        return keys + " > "

    # ------------------------------------------------------------------ what it takes

    def takes(self) -> list[str]:
        """What this prompt takes, each with an example (the help's lines, the refusals' words)."""
        locale = self.locale
        if self.one_key:
            return [say("enter_one", locale, action=self.labels[0])]
        parts = []
        if self.pick:
            parts.append(self.pick_part(self.pick))
        if self.numbered and self.choices:
            example = say("example_or", locale, first="1", second=self.labels[0])
            parts.append(say("numbers", locale, count=len(self.choices), example=example))
        elif self.choices:
            parts += self.presenter.typing_hints(self.prompt, locale)
            shown = [self.words[i] for i in self.listed()]
            if shown:
                parts.append(say("words", locale, words=t("list.sep", locale).join(shown)))
        if not self.required:
            parts.append(say("enter_pass", locale))
        return parts

    def pick_part(self, pick: Mapping[str, Any]) -> str:
        """Cards from the hand: how many, and an example (the first card that can be chosen)."""
        low, high = int(pick.get("min") or 0), int(pick.get("max") or 0)
        if low == high:
            count = say("pick_exact", self.locale, n=low)
        else:
            count = say("pick_range", self.locale, min=low, max=high)
        cards = list(pick["cards"])
        selectable = pick.get("selectable") or [True] * len(cards)
        first = next((i for i, ok in enumerate(selectable) if ok), 0)
        code = cards[first].split("/")[0] if cards else "QS"
        example = say("example_or", self.locale, first=str(first + 1), second=code)
        return say("pick", self.locale, count=count, example=example)

    def accepts(self) -> str:
        """What this prompt takes, in one sentence (said with every refusal)."""
        return say("takes", self.locale, parts=say("or", self.locale).join(self.takes()))

    def help_lines(self) -> list[str]:
        """`help`: what can be typed here with examples, the keys, what the table shows."""
        locale = self.locale
        out = ["  " + say("help_title", locale)]
        for part in self.takes():
            out += wrapped("• " + part, "    ", locale)
        if self.pick:
            out += wrapped(say("help_codes", locale), "    ", locale)
        keys = say("help_keys", locale, game=game_name(self.game_id, locale))
        if self.finish:
            keys += say("help_keys_finish", locale)
        out += wrapped(keys, "  ", locale)
        legend = self.presenter.legend(locale)
        if legend:
            out.append("  " + say("help_legend", locale))
            for line in legend:
                out += wrapped(plain(line), "    ", locale)
        return out

    def rules_lines(self) -> list[str]:
        """`rules`: the game's rules, the text `/game rules` gives."""
        locale = self.locale
        text = t(f"game.{self.game_id}.rules", locale)
        if text == f"game.{self.game_id}.rules":
            text = t("reply.no_rules", locale)
        out = ["  " + say("rules_title", locale, game=game_name(self.game_id, locale))]
        for line in text.split("\n"):
            out += wrapped(plain(line), "    ", locale)
        return out

    # ------------------------------------------------------------------ reading

    def read(self, answer: str) -> Reading:
        """What a typed line means here: a move of this prompt, a key, or a refusal."""
        key = folded(answer)
        if key in HELP_WORDS:
            return Reading("help")
        if key in RULES_WORDS:
            return Reading("rules")
        if key in KEYS:
            return Reading(KEYS[key])
        if key == FINISH_KEY and self.finish:
            return Reading("finish")
        if key == "":
            if self.one_key:
                return Reading("move", dict(self.choices[0]))
            if not self.required:
                return Reading("pass")
            return self.refused(say("enter_alone", self.locale))
        typed = parse_typed_move(self.game_id, self.prompt, answer, self.names)
        if typed.action is not None:
            kind = "move" if offered(self.prompt, typed.action) else "elsewhere"
            return Reading(kind, typed.action, (self.not_a_move(answer), self.accepts()))
        text = answer.strip()
        if typed.problem == "ambiguous":
            meant = [
                self.words[i] if not self.numbered else self.labels[i] for i in typed.candidates
            ]
            sep = t("list.sep", self.locale)
            shown = sep.join(meant[:4]) + (sep + "…" if len(meant) > 4 else "")
            return self.refused(say("ambiguous", self.locale, text=text, choices=shown))
        if typed.problem == "bad_cards" and not self.choices_named(text):
            return self.refused(say("bad_cards", self.locale, text=text))
        return self.refused(self.not_a_move(answer))

    def not_a_move(self, answer: str) -> str:
        """“x” is not a move here."""
        return say("not_a_move", self.locale, text=answer.strip())

    def choices_named(self, text: str) -> bool:
        """Whether `text` holds a word of some choice (a mistyped move, not mistyped cards)."""
        words = set(folded(text).split())
        return any(words & set(label.lower().split()) for label in self.labels)

    def refused(self, problem: str) -> Reading:
        """A refusal: what is wrong, then what this prompt takes."""
        return Reading("refused", text=(problem, self.accepts()))
