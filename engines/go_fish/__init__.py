"""Go Fish (ゴーフィッシュ): the rules (`rules`), the computer players (`cpu`), what a seat cannot see (`hidden`)."""

from engines.go_fish import hidden
from engines.go_fish.cpu import player
from engines.go_fish.rules import GoFish
from engines.registry import GameSpec, HiddenCards

GAME = GameSpec(
    engine=GoFish,
    cpu=player,
    hidden=HiddenCards(hidden.deal, hidden.vary),
)

__all__ = ["GAME", "GoFish"]
