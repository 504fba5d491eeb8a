"""Shirokuro-jaku styles of play people use, to measure the CPU levels against (`cardbot
simulate --levels hard,style:closed`); never offered at a table.

Each takes every tsumo and ron it can, as every level does, and otherwise:

- `closed`: plays like the normal level (the fewest draws to a win, then cards side by side
  that could grow into melds) but never pons or chis: the hand stays closed, so スートイツ
  stays open to it and nothing it holds is shown;
- `claim-all`: plays like the normal level and pons and chis whenever it can;
- `efficient`: the fewest draws, then the most unseen cards that bring the hand closer
  (each card once, either end up), the way a careful player counts its outs; pons and chis
  when they bring it a draw closer; no thought for what a win scores, no defence.
"""

from __future__ import annotations

from dataclasses import replace

from engines.shirokuro.cpu import LEVELS, ShirokuroCpu


def styles() -> dict[str, ShirokuroCpu]:
    """Each style's player, by name."""
    normal, hard = LEVELS["normal"], LEVELS["hard"]
    return {
        "closed": ShirokuroCpu(replace(normal, name="closed", pon=False, chi=False)),
        "claim-all": ShirokuroCpu(replace(normal, name="claim-all", judged_claims=False)),
        "efficient": ShirokuroCpu(replace(hard, name="efficient", defend=False, worth=False)),
    }
