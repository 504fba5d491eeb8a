"""Zhao Pengyou's table image: its labels, and how a seat, a rank, a call are named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.cards import card_label
from render.strings import Labels

_STRINGS: dict[str, tuple[str, str]] = {
    "game": ("找朋友", "Zhao Pengyou"),
    "status_draw": (
        "第{deal}ディール・取り {drawn}/{total}",
        "Deal {deal} · drawing {drawn}/{total}",
    ),
    "status_window": ("第{deal}ディール・最後の宣言", "Deal {deal} · last chance to declare"),
    "status_bury": ("第{deal}ディール・伏せ札", "Deal {deal} · the bury"),
    "status_call": ("第{deal}ディール・友達の指定", "Deal {deal} · calling friends"),
    "status_play": (
        "第{deal}ディール・第{trick}トリック・残り{left}枚",
        "Deal {deal} · trick {trick} · {left} cards left",
    ),
    "status_play_short": ("第{deal}ディール・第{trick}トリック", "Deal {deal} · trick {trick}"),
    "status_over": ("ゲーム終了・{deal}ディール", "Game over · {deal} deals"),
    "status_over.one": ("ゲーム終了・{deal}ディール", "Game over · 1 deal"),
    "trump": ("切札 {card}", "Trump {card}"),
    "no_trump": ("切札は未定", "No trump yet"),
    "defenders": ("防御 {points}/{threshold}点", "Defenders {points}/{threshold}"),
    "rank": ("ランク{rank}", "Rank {rank}"),
    "cards": ("{n}枚", "{n} cards"),
    "cards.one": ("{n}枚", "{n} card"),
    "points": ("{n}点", "{n} pts"),
    "points.one": ("{n}点", "{n} pt"),
    "steps": ("+{n}", "+{n}"),
    "you": ("あなた", "You"),
    "dealer": ("仮親", "Dealer"),
    "entitled": ("宣言可", "May declare"),
    "to_play": ("手番", "To play"),
    "to_lead": ("リードの番", "To lead"),
    "your_turn": ("あなたの番", "Your turn"),
    "lead": ("リード", "Lead"),
    "failed_badge": ("失敗", "Failed"),
    "friend_badge": ("友達！", "Friend!"),
    "winning": ("勝ち", "Wins"),
    "trumps": ("切札", "Trumps"),
    "calls": ("指定：", "Calls: "),
    "call_en": ("{card}の{nth}枚目", "{nth} {card}"),
    "call_open": ("{seen}/{nth}", "{seen}/{nth}"),
    "call_joined": ("→ {name}", "→ {name}"),
    "call_spent": ("→ {name}（加わらず）", "→ {name} (no one joins)"),
    "led": ("{name} のリード：{shape}", "{name} led {shape}"),
    "lead_single": ("1枚", "a single"),
    "lead_set": ("{n}枚のセット", "a set of {n}"),
    "lead_sequence": ("{n}枚ずつのシークエンス", "a sequence of {n}s"),
    "lead_throw": ("まとめ出し", "a throw"),
    "last_trick": (
        "直前のトリック：{name} が取りました（{points}点）",
        "Last trick: {name} took it ({points} pts)",
    ),
    "failed": (
        "まとめ出し失敗：{name} の {cards} → {unit} をリード",
        "Throw failed: {name}'s {cards} → {unit} led",
    ),
    "friend_shown": ("{name} は友達！（{call}）", "{name} is a friend! ({call})"),
    "stock": ("山札 {n}枚", "Stock {n}"),
    "kitty_count": ("キティ {n}枚", "Kitty {n}"),
    "buried_count": ("伏せ札 {n}枚", "Buried {n}"),
    "declared": ("{name} が {card} で宣言", "{name} declared {card}"),
    "may_declare_all": (
        "誰でも自分のランクのカードで宣言できます",
        "Anyone may declare with a card of their rank",
    ),
    "may_declare_some": (
        "宣言できるのは前回の勝者だけです",
        "Only last deal's winners may declare",
    ),
    "window": (
        "最後の宣言の機会：宣言できる人が決めています",
        "Last chance to declare: those who may declare decide",
    ),
    "bury_sub": ("{name} が6枚を伏せます", "{name} buries 6 cards"),
    "call_sub": ("{name} が友達を指定します", "{name} calls friends"),
    "may_declare": ("宣言できます：{cards}", "You may declare: {cards}"),
    "passed": ("パスしました", "You passed"),
    "kitty_in_hand": ("キティ（金の枠）：{cards}", "The kitty (ringed): {cards}"),
    "your_bury": ("あなたの伏せ札：{cards}", "Your bury: {cards}"),
    "deal_end_declarer": (
        "第{deal}ディール：親のチームの勝ち・ゲーム点 {gp}",
        "Deal {deal}: the declarer's team wins · {gp} game points",
    ),
    "deal_end_declarer.one": (
        "第{deal}ディール：親のチームの勝ち・ゲーム点 1",
        "Deal {deal}: the declarer's team wins · 1 game point",
    ),
    "deal_end_defenders": (
        "第{deal}ディール：防御チームの勝ち・ゲーム点 {gp}",
        "Deal {deal}: the defenders win · {gp} game points",
    ),
    "deal_end_defenders.one": (
        "第{deal}ディール：防御チームの勝ち・ゲーム点 1",
        "Deal {deal}: the defenders win · 1 game point",
    ),
    "deal_side_declarer": (
        "親のチームの勝ち・ゲーム点 {gp}",
        "The declarer's team wins · {gp} game points",
    ),
    "deal_side_declarer.one": (
        "親のチームの勝ち・ゲーム点 1",
        "The declarer's team wins · 1 game point",
    ),
    "deal_side_defenders": (
        "防御チームの勝ち・ゲーム点 {gp}",
        "The defenders win · {gp} game points",
    ),
    "deal_side_defenders.one": ("防御チームの勝ち・ゲーム点 1", "The defenders win · 1 game point"),
    "deal_points": (
        "防御 {points}/{threshold}点・キティ {kitty}点{doubled}",
        "Defenders {points}/{threshold} · kitty {kitty}{doubled}",
    ),
    "doubled": ("（2倍で防御へ）", " (doubled, to the defenders)"),
    "kept": ("（親のチームへ）", " (to the declarer's team)"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winners": ("{name} の勝ち", "{name} wins"),
    "reason": ("ランクAに到達", "Reached rank A"),
    "deal_result": ("第{deal}ディールの結果", "Deal {deal} result"),
    "col_team": ("チーム", "Team"),
    "col_steps": ("上昇", "Steps"),
    "col_rank": ("ランク", "Rank"),
    "team_declarer": ("★ 親", "★ Declarer"),
    "team_friend": ("☆ 友達", "☆ Friend"),
    "team_defender": ("防御", "Defender"),
    "kitty": ("キティ", "Kitty"),
    "trick_taken": (
        "第{n}トリック：{name} が取りました（{points}点）",
        "Trick {n}: {name} took it ({points} pts)",
    ),
}
NAMES = ("name",)
SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


LABELS = Labels.pairs(_STRINGS, names=NAMES)
"""This layout's labels (`render.strings.Labels`)."""
tr = LABELS
"""One of this layout's labels in `locale` (English for any other), filled in."""
named = LABELS.named
"""A label whose name fields are cut first when it is too wide."""


def rank_label(rank: Any) -> str:
    return "10" if rank == "T" else str(rank)


def cards_text(codes: Sequence[str]) -> str:
    return " ".join(card_label(c) for c in codes)


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def call_label(call: Mapping[str, Any], locale: str) -> str:
    """ "2nd A♥" / "A♥の2枚目"."""
    nth = int(call["nth"])
    return tr(
        "call_en",
        locale,
        card=card_label(str(call["card"])),
        nth=nth if locale == "ja" else _ordinal(nth),
    )


def team_marked(name: str, seat: int, declarer: Any, team: set[int]) -> str:
    """A name with its role: ★ the declarer, ☆ a friend known."""
    if seat == declarer:
        return "★ " + name
    if seat in team:
        return "☆ " + name
    return name
