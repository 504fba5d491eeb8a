"""The measures, colours and words every part of the Kokutorum and Shirokuro-jaku images
shares: the 1100 x 700 canvas under its top bar, the lines' heights, the grounds, `WORDS`,
and words wrapped on a few lines (`wrap`).
"""

from __future__ import annotations

from render import kit, text
from render.text import Text
from render.theme import T_BODY, T_NAME, T_SMALL

Colour = tuple[int, ...]
Box = tuple[float, float, float, float]
Badges = list[tuple[str, Colour, Colour]]

W, H = kit.WIDTH, kit.HEIGHT
M = kit.MARGIN
GAP = kit.GAP
TOP = kit.BAR_H + GAP
"""Where the image's content starts, under the top bar."""
BOTTOM = H - M
PAD = 12
"""Space inside a panel."""
NAME_H = round(T_NAME * 1.25)
"""Height of a seat's first line: its name, badges and total."""
LINE_H = round(T_BODY * 1.3)
SMALL_H = round(T_SMALL * 1.3)
FIRST_GAP = 1
"""Gaps are numbered from 1 (before the leftmost card) to n + 1 (after the last), as the
buttons and the words number them; cards are numbered 1..n."""
PAIR_INK = (200, 214, 204)
"""The bracket of a pair (Shirokuro-jaku's head); a meld's is gold."""
DARK_INK = (20, 20, 20)
PANEL_FILL = (18, 62, 43)
"""A panel that sums something up (a round's end, the scores), darker than a seat's."""
LAID = (70, 140, 108)
"""The ground of a meld laid down (Shirokuro-jaku's pon and chi), set apart from a hand."""


# --------------------------------------------------------------------------- words

WORDS: dict[str, tuple[str, str]] = {
    "points": ("{n}点", "{n} pts"),
    "points.one": ("{n}点", "{n} pt"),
    "cards": ("{n}枚", "{n} cards"),
    "cards.one": ("{n}枚", "{n} card"),
    "stock": ("山札", "Stock"),
    "your_turn": ("あなたの番", "Your turn"),
    "turn_of": ("{name} の番", "{name} to play"),
    "to_play": ("手番", "To play"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "rotated": ("回転", "Rotated"),
    "rotate_ask": ("回転しますか？", "Rotate or keep?"),
    "drawn": ("引いたカード", "You drew"),
    "end_w": ("W ○{n}", "W ○{n}"),
    "end_b": ("B ●{n}", "B ●{n}"),
    "pick_gap": ("隙間 1～{n} と上にする端（W / B）を選択", "Pick a gap 1–{n} and an end, W / B"),
    "preview": ("プレビュー：{card} を隙間 {gap} に", "Preview: {card} into gap {gap}"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "shared": ("同点優勝：{names}", "Shared win: {names}"),
    "total_line": ("{name} {n}点", "{name} {n} pts"),
    "total_line.one": ("{name} {n}点", "{name} {n} pt"),
    "total_row": ("合計", "Total"),
    "last_moves": ("直前の手", "Last moves"),
    "scores": ("得点", "Scores"),
    "earlier": ("（{n}までは省略）", "(earlier rounds, to {n}, left out)"),
}
"""The words the shared parts draw, alike in both games; a game's `Labels` adds its own (its
title, `dealer`, `over`, `rounds_col`, `as_dealt` / `turned`, its meld names...)."""


def wrap(words: Text, size: int, width: float, most: int = 2) -> list[Text]:
    """`words` on at most `most` lines of `width`, broken at a space in the second half of a
    line (else, as Japanese is written, between any two characters); what is still too long
    is cut when drawn. A template that fits whole stays one (its names cut first if need
    be)."""
    if text.text_width(words, size) <= width or most <= 1:
        return [words]
    rest = str(words)
    out: list[Text] = []
    while rest and len(out) < most - 1 and text.text_width(rest, size) > width:
        cut = len(rest)
        while cut > 1 and text.text_width(rest[:cut], size) > width:
            cut -= 1
        space = rest.rfind(" ", 0, cut + 1)
        if space > cut / 2:  # a break at a space, unless it leaves too much for the next line
            cut = space
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        out.append(rest)
    return out
