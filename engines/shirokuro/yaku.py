"""Shirokuro-jaku's yaku (役) and the value of a win (docs/records.md `shirokuro`, RULINGS).

A win is read from the concealed hand (the winning card inserted) and the exposed melds.
Yaku that do not depend on how the hand is read: 親 `dealer`, ツモ `tsumo`, ドラ `dora` (one per
upright dora card), チンイツ `chinitsu`, タンヤオ `tanyao`, ハイテイ `haitei`, ホウテイ `houtei`,
テンホー `tenhou`, チーホー `chiihou`, レンホー `renhou`. Yaku of a reading (its two melds, exposed
ones counted): トイトイ `toitoi`, イーペーコー `iipeikou`, イッキツウカン `ittsu`, 二色ドウジュン `doujun`,
二色ドウコウ `doukou`; or スートイツ `suutoitsu` (four pairs, closed). All that apply add up; a hand
read several ways takes the reading worth most (the first such reading, heads before melds,
when two are worth the same). A win with no yaku scores 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engines.two_number.melds import KOUTSU, SHUNTSU, Segment, pairs_reading, readings

VALUES: Final[dict[str, int]] = {
    "dealer": 1,
    "tsumo": 1,
    "dora": 1,
    "chinitsu": 1,
    "tanyao": 1,
    "toitoi": 1,
    "haitei": 1,
    "houtei": 1,
    "iipeikou": 2,
    "ittsu": 2,
    "doujun": 4,
    "doukou": 4,
    "suutoitsu": 8,
    "tenhou": 16,
    "chiihou": 16,
    "renhou": 16,
}
"""Points of each yaku (dora: per card)."""
ORDER: Final = tuple(VALUES)
"""The order yaku are listed in."""


@dataclass(frozen=True)
class WinContext:
    """What a win's value depends on besides its cards."""

    dealer: bool = False
    tsumo: bool = False
    dora: tuple[int, int] = (0, 0)
    """The dora values (the indicator's white number as white, its black number as black)."""
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False


@dataclass(frozen=True)
class Win:
    """A win's yaku (only those that apply), its points and the reading that gave them."""

    yaku: dict[str, int]
    points: int
    reading: tuple[Segment, ...]


def _meld_yaku(melds: Sequence[tuple[str, tuple[int, ...]]]) -> dict[str, int]:
    """toitoi, iipeikou, ittsu, doujun, doukou of a reading's two melds."""
    out: dict[str, int] = {}
    if len(melds) != 2:
        return out
    (k1, v1), (k2, v2) = melds
    if k1 == KOUTSU and k2 == KOUTSU:
        out["toitoi"] = VALUES["toitoi"]
        if v1[0] != v2[0] and (v1[0] & 7) == (v2[0] & 7):
            out["doukou"] = VALUES["doukou"]
    if k1 == SHUNTSU and k2 == SHUNTSU:
        same_colour = (v1[0] < 8) == (v2[0] < 8)
        n1 = frozenset(v & 7 for v in v1)
        n2 = frozenset(v & 7 for v in v2)
        if same_colour and n1 == n2:
            out["iipeikou"] = VALUES["iipeikou"]
        if same_colour and {n1, n2} == {frozenset((1, 2, 3)), frozenset((4, 5, 6))}:
            out["ittsu"] = VALUES["ittsu"]
        if not same_colour and n1 == n2:
            out["doujun"] = VALUES["doujun"]
    return out


def score_win(
    concealed: Sequence[int],
    exposed: Sequence[tuple[str, Sequence[int]]],
    context: WinContext,
) -> Win | None:
    """The best reading of a winning hand and its yaku; None when the hand does not win.

    `concealed`: the values of the concealed hand with the winning card in it; `exposed`: each
    exposed meld as (kind, its three values).
    """
    hand = tuple(concealed)
    melds_needed = 2 - len(exposed)
    shapes: list[tuple[Segment, ...]] = list(readings(hand, melds_needed))
    if not exposed:
        pairs = pairs_reading(hand)
        if pairs is not None:
            shapes.append(pairs)
    if not shapes:
        return None
    every = list(hand) + [v for _, vs in exposed for v in vs]
    common: dict[str, int] = {}
    if context.dealer:
        common["dealer"] = VALUES["dealer"]
    if context.tsumo:
        common["tsumo"] = VALUES["tsumo"]
    dora = sum(1 for v in every if v in context.dora)
    if dora:
        common["dora"] = dora * VALUES["dora"]
    if all(v < 8 for v in every) or all(v > 8 for v in every):
        common["chinitsu"] = VALUES["chinitsu"]
    if all(1 < (v & 7) < 6 for v in every):
        common["tanyao"] = VALUES["tanyao"]
    for name in ("haitei", "houtei", "tenhou", "chiihou", "renhou"):
        if getattr(context, name):
            common[name] = VALUES[name]
    best: Win | None = None
    exposed_melds = [(kind, tuple(vs)) for kind, vs in exposed]
    for shape in shapes:
        if shape and shape[0].kind == "pair":
            special = {"suutoitsu": VALUES["suutoitsu"]}
        else:
            melds = [(s.kind, hand[s.start : s.end]) for s in shape if s.kind in (KOUTSU, SHUNTSU)]
            special = _meld_yaku(melds + exposed_melds)
        yaku = {**common, **special}
        ordered = {name: yaku[name] for name in ORDER if name in yaku}
        points = sum(ordered.values())
        if best is None or points > best.points:
            best = Win(ordered, points, shape)
    return best
