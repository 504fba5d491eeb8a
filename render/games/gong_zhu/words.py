"""Gong Zhu's table image: its labels, and how seats and points are named."""

from __future__ import annotations

from typing import Any

from render.games.gong_zhu.sizes import SEATS
from render.strings import Labels

_STRINGS: dict[str, tuple[str, str]] = {
    "game": ("拱猪", "Gong Zhu"),
    "details_title": ("拱猪・得点", "Gong Zhu · scores"),
    "status_expose": ("第{hand}ハンド・公開フェーズ", "Hand {hand} · exposure"),
    "status_trick": ("第{hand}ハンド・{trick}/13", "Hand {hand} · trick {trick}/13"),
    "status_over": ("対戦終了・{hand}ハンド", "Match over · {hand} hands"),
    "status_over.one": ("対戦終了・{hand}ハンド", "Match over · 1 hand"),
    "your_turn": ("あなたの番", "Your turn"),
    "turn_of": ("{name} の番", "{name} to play"),
    "your_choice": ("公開を決めてください", "Decide your exposure"),
    "col_hand": ("第{hand}ハンド", "Hand {hand}"),
    "col_total": ("合計", "Total"),
    "to_play": ("手番", "To play"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "winning": ("勝ち", "Wins"),
    "out": ("脱落", "Out"),
    "decided": ("決定済み", "Decided"),
    "deciding": ("考え中…", "Deciding…"),
    "exposed": ("公開", "Exposed"),
    "took": ("獲得", "Took"),
    "took_none": ("得点札なし", "No scoring cards"),
    "sweep_danger": ("独占の危険", "Sweep danger"),
    "centre_expose": ("公開フェーズ", "Exposure phase"),
    "centre_expose_sub": ("各自が非公開で決めています", "Each player decides in secret"),
    "first_lead": ("♠2 を持つ人がリードします", "The holder of 2♠ leads"),
    "leads": ("{name} がリードします", "{name} leads"),
    "mine_open": ("公開するカードを選んでください", "Choose what to expose"),
    "mine_none_held": ("公開できるカードはありません", "You hold none of the four"),
    "mine_chosen": ("あなたの公開：{cards}", "You expose {cards}"),
    "mine_nothing": ("あなたは公開しません", "You expose nothing"),
    "see_details": ("第{hand}ハンドの内訳は「詳細」で", "Hand {hand} in full: Details"),
    "last_trick": ("直前のトリック", "Last trick"),
    "pig": ("ブタは {name} へ！", "The pig goes to {name}!"),
    "sheep": ("ヒツジは {name} へ！", "The sheep goes to {name}!"),
    "transformer": ("変圧器は {name} へ！", "The transformer goes to {name}!"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "reason": ("誰かが −1000 以下：首位の勝ち", "A total at −1000: the leader wins"),
    "hands_details": ("{hand}ハンドの得点は「詳細」で", "The {hand} hands' scores: Details"),
    "hands_details.one": ("{hand}ハンドの得点は「詳細」で", "The hand's scores: Details"),
    "rank_line": ("{rank}位  {name}  {total}", "{rank}. {name}  {total}"),
    "breakdown": ("第{hand}ハンドの得点", "Hand {hand} scores"),
    "col_hearts": ("ハート", "Hearts"),
    "col_pig": ("ブタ", "Pig"),
    "col_sheep": ("ヒツジ", "Sheep"),
    "col_tf": ("変圧器", "10♣"),
    "col_score": ("今回", "Hand"),
    "match": ("対戦の得点（ハンドごと）", "The match, hand by hand"),
    "col_hand_no": ("{hand}", "{hand}"),
    "col_hands": ("{first}–{last}", "{first}–{last}"),
    "exposed_line": ("公開：{items}", "Exposed: {items}"),
    "exposed_item": ("{card}（{name}）→ {taker}", "{card} ({name}) → {taker}"),
    "exposed_none": ("公開：なし", "Exposed: none"),
    "sweep_note": ("{name}：ハート独占", "{name}: heart sweep"),
    "all16_note": ("{name}：16枚すべて", "{name}: all 16 cards"),
    "nobody": ("—", "—"),
}
NAMES = ("name", "taker")
"""Fields of a label that hold a player's name: cut first when the label is too wide."""


LABELS = Labels.pairs(_STRINGS, names=NAMES, counts=("hand",))
"""This layout's labels (`render.strings.Labels`)."""
tr = LABELS
"""One of this layout's labels in `locale` (English for any other), filled in."""
named = LABELS.named
"""A label whose name fields are cut first when it is too wide."""


def signed(value: Any) -> str:
    """+50, −160, 0 (a true minus sign)."""
    n = int(value)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def play_order(first: int | None) -> list[int]:
    """Seats in play order from `first` (seat 1 for the public image)."""
    start = first or 0
    return [(start + k) % SEATS for k in range(SEATS)]


Box = tuple[float, float, float, float]
