"""Shirokuro-jaku's table image: its sizes and labels, the yaku's names, and how rounds,
melds and a hand's distance from a win are named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.two_number.cards import values
from engines.two_number.melds import HEAD, PAIR, win_distance
from render.games.two_number_parts import measures, tiles
from render.strings import Labels
from render.theme import (
    GOLD,
)

GAME = "shirokuro"
MELDS = 2
"""Melds of a winning hand besides its head; each one laid down is one fewer to make."""
MELD_GAP = 14
"""Between two melds laid down, and between the melds and the discards."""

YAKU: dict[str, tuple[str, str]] = {
    "dealer": ("親", "Dealer"),
    "tsumo": ("ツモ", "Tsumo"),
    "dora": ("ドラ", "Dora"),
    "chinitsu": ("チンイツ", "Chinitsu"),
    "tanyao": ("タンヤオ", "Tanyao"),
    "toitoi": ("トイトイ", "Toitoi"),
    "haitei": ("ハイテイ", "Haitei"),
    "houtei": ("ホウテイ", "Houtei"),
    "iipeikou": ("イーペーコー", "Iipeikou"),
    "ittsu": ("イッキツウカン", "Ittsu"),
    "doujun": ("二色ドウジュン", "Two-colour doujun"),
    "doukou": ("二色ドウコウ", "Two-colour doukou"),
    "suutoitsu": ("スートイツ", "Suutoitsu"),
    "tenhou": ("テンホー", "Tenhou"),
    "chiihou": ("チーホー", "Chiihou"),
    "renhou": ("レンホー", "Renhou"),
}
"""The yaku as the document names them (the same words as the plug-in's)."""
YAKU_NAMES = Labels.pairs(YAKU)
"""The yaku's names as labels."""

LABELS = Labels.pairs(
    {
        **measures.WORDS,
        "title": ("白黒雀", "Shirokuro-jaku"),
        "east": ("東{n}局", "East {n}"),
        "south": ("南{n}局", "South {n}"),
        "status": ("{name}・{n}/{total}", "{name} · {n}/{total}"),
        "over": ("終了・全{n}局", "Over · {n} rounds"),
        "over.one": ("終了・全{n}局", "Over · {n} round"),
        "indicator": ("ドラ表示", "Dora indicator"),
        "dora": ("ドラ {white} {black}", "Dora {white} {black}"),
        "stock_left": ("山札 {n}枚", "Stock {n}"),
        "discards": ("捨て札", "Discards"),
        "laid": ("鳴き", "Laid down"),
        "dealer": ("親", "Dealer"),
        "as_dealt": ("そのまま", "As dealt"),
        "turned": ("回転すると", "Rotated"),
        "koutsu": ("コーツ", "koutsu"),
        "shuntsu": ("シュンツ", "shuntsu"),
        "head": ("アタマ", "head"),
        "pair": ("トイツ", "pair"),
        "distance_0": ("上がり形", "A winning hand"),
        "distance": ("上がりまであと{n}枚", "{n} cards from a win"),
        "distance.one": ("あと1枚で上がり", "One card from a win"),
        "ron_preview": ("ロン：{card} を隙間 {gap} に", "Ron: {card} into gap {gap}"),
        "wins_for": ("上がり！ {n}点：{yaku}", "Wins for {n}: {yaku}"),
        "wins_zero": ("上がり形（役なし・0点）", "Wins, no yaku: 0 points"),
        "no_win": ("まだ上がりではありません", "Not a winning hand yet"),
        "tsumo_ready": ("ツモ上がりできます", "You can declare tsumo"),
        "discard_pick": ("捨てる札を番号で", "Discard a card by its number"),
        "discard_preview": ("{card} を捨てる", "Discard {card}"),
        "claim_title": ("{name} の捨て札", "{name} discarded"),
        "claim_ron": ("ロン：隙間 {spots}", "Ron: gap {spots}"),
        "claim_pon": ("ポン：{pairs}", "Pon: {pairs}"),
        "claim_chi": ("チー：{pairs}", "Chi: {pairs}"),
        "claim_or_pass": ("またはパス", "or pass"),
        "claim_answered": ("回答済み：{answer}", "Answered: {answer}"),
        "answer_pass": ("パス", "pass"),
        "answer_ron": ("ロン", "ron"),
        "answer_pon": ("ポン", "pon"),
        "answer_chi": ("チー", "chi"),
        "pon_preview": ("ポン：{cards} と {card}", "Pon: {cards} with {card}"),
        "chi_preview": ("チー：{cards} と {card}", "Chi: {cards} with {card}"),
        "last_draw": (
            "山札の最後の1枚：次の捨て札はロンのみ",
            "Last card drawn: the next discard can only be ronned",
        ),
        "log_draw": ("{name}：山札から引いた", "{name} drew"),
        "log_insert": ("{name}：隙間 {gap} に差し込んだ", "{name} put it into gap {gap}"),
        "log_discard": ("{name}：{card} を捨てた", "{name} discarded {card}"),
        "log_pon": ("{name}：ポン {card}", "{name}: pon {card}"),
        "log_chi": ("{name}：チー {card}", "{name}: chi {card}"),
        "log_ron": ("{name}：ロン！", "{name}: ron!"),
        "log_tsumo": ("{name}：ツモ！", "{name}: tsumo!"),
        "log_rotate": ("{name}：手札を回転", "{name} rotated"),
        "end_tsumo": ("{name} のツモ", "{name} wins by tsumo"),
        "end_ron": ("{name} のロン（{from_name}から）", "{name} wins by ron on {from_name}"),
        "end_draw": ("流局", "A draw"),
        "nobody_ready": ("テンパイなし", "Nobody was one card from a win"),
        "no_yaku": ("役なし", "no yaku"),
        "yaku_item": ("{name} {n}", "{name} {n}"),
        "tenpai": ("テンパイ", "One card away"),
        "row_total": ("計 {n}点", "total {n}"),
        "won_ron": ("ロン", "Ron"),
        "won_tsumo": ("ツモ", "Tsumo"),
        "next_round": (
            "{round}：{name} が親・山札 {stock}枚",
            "{round}: {name} deals · stock {stock}",
        ),
        "next_rotate": ("各自、回転するか決めます", "Each seat may rotate once"),
        "all_rounds": ("全{n}局が終了", "All {n} rounds played"),
        "all_rounds.one": ("全{n}局が終了", "{n} round played"),
        "rounds_col": ("局", "Round"),
    }
)
SEGMENT_NAMES = ("koutsu", "shuntsu", "head", "pair")


def yaku_name(key: str, locale: str) -> str:
    """A yaku's name in `locale`."""
    return YAKU_NAMES(key, locale)


def yaku_text(yaku: Mapping[str, Any], locale: str) -> str:
    """`ツモ 1 · ドラ 2`: the yaku in the document's order with their points."""
    if not yaku:
        return LABELS("no_yaku", locale)
    return " · ".join(
        LABELS("yaku_item", locale, name=yaku_name(k, locale), n=int(yaku[k]))
        for k in YAKU
        if k in yaku
    )


def round_name(round_no: int, seats: int, locale: str) -> str:
    """東1局 / East 1: the first `seats` rounds are East, the next South (then East again)."""
    k = max(0, round_no - 1)
    wind = "east" if (k // max(1, seats)) % 2 == 0 else "south"
    return LABELS(wind, locale, n=k % max(1, seats) + 1)


def distance_text(cards: Sequence[str], need: int, locale: str) -> str:
    """How far a hand is from a win, in words."""
    distance = win_distance(values(cards), need)
    if distance == 0:
        return LABELS("distance_0", locale)
    return LABELS("distance", locale, n=distance)


Dora = tuple[int, ...]
"""The dora values (white n = n, black n = n + 8)."""


def dora_of(view: Mapping[str, Any]) -> Dora:
    return tuple(int(v) for v in view.get("dora") or ())


def meld_names(locale: str) -> dict[str, str]:
    return {kind: LABELS(kind, locale) for kind in SEGMENT_NAMES}


def meld_segments(reading: Sequence[Sequence[Any]]) -> list[tiles.Segment]:
    """Brackets of a reading: melds in gold, pairs (the head) in grey."""
    return [
        tiles.Segment(
            str(s[0]), int(s[1]), int(s[2]), measures.PAIR_INK if s[0] in (HEAD, PAIR) else GOLD
        )
        for s in reading
    ]
