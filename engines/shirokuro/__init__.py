"""Shirokuro-jaku (白黒雀): the rules (`game`, `claims`, `yaku`), the CPU players (`cpu`) and styles (`styles`), what a seat cannot see (`hidden`)."""

from engines.registry import GameSpec, HiddenCards
from engines.shirokuro import hidden
from engines.shirokuro.cpu import player
from engines.shirokuro.game import Shirokuro
from engines.shirokuro.styles import styles

GAME = GameSpec(
    engine=Shirokuro,
    cpu=player,
    hidden=HiddenCards(hidden.deal, hidden.vary),
    styles=styles,
)

__all__ = ["GAME", "Shirokuro"]
