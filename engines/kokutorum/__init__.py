"""Kokutorum (コクトラム): the rules (`game`, `scoring`), the CPU players (`cpu`) and styles (`styles`), what a seat cannot see (`hidden`)."""

from engines.kokutorum import hidden
from engines.kokutorum.cpu import player
from engines.kokutorum.game import Kokutorum
from engines.kokutorum.styles import styles
from engines.registry import GameSpec, HiddenCards

GAME = GameSpec(
    engine=Kokutorum,
    cpu=player,
    hidden=HiddenCards(hidden.deal, hidden.vary),
    styles=styles,
)

__all__ = ["GAME", "Kokutorum"]
