"""Gong Zhu (拱猪): the rules (`game`, `rules`, `scoring`), the CPU players (`cpu`), what a seat cannot see (`hidden`)."""

from engines.gong_zhu import hidden
from engines.gong_zhu.cpu import player
from engines.gong_zhu.game import GongZhu
from engines.registry import GameSpec, HiddenCards

GAME = GameSpec(
    engine=GongZhu,
    cpu=player,
    hidden=HiddenCards(hidden.deal, hidden.vary),
)

__all__ = ["GAME", "GongZhu"]
