"""The games, one plug-in package each (`bot/games/<game>/`), and their shared presenter.

plugins() / plugin(game_id)   every GamePlugin / one (found by scanning this package)
presenter(game_id)            the game's wording (a generic one when it has no plug-in)
seat_names(table, locale)     display names by seat ("子猫" for a CPU seat)
"""

from bot.games.generic import GamePresenter, seat_names
from bot.games.plugin import BenchCase, GamePlugin, plugin, plugins, presenter

__all__ = [
    "BenchCase",
    "GamePlugin",
    "GamePresenter",
    "plugin",
    "plugins",
    "presenter",
    "seat_names",
]
