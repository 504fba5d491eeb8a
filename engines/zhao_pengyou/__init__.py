"""Zhao Pengyou (找朋友): rules, scoring, computer players, what a seat cannot see (`hidden`)."""

from engines.registry import GameSpec, HiddenCards
from engines.zhao_pengyou import hidden
from engines.zhao_pengyou.cpu import player
from engines.zhao_pengyou.game import ZhaoPengyou

GAME = GameSpec(
    engine=ZhaoPengyou,
    cpu=player,
    hidden=HiddenCards(hidden.deal, hidden.vary),
)

__all__ = ["GAME", "ZhaoPengyou"]
