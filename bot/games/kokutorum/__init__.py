"""Kokutorum (コクトラム) as a plug-in: engine, presenter, words, layout, bench records."""

from bot.games.kokutorum.presenter import KokutorumPresenter
from bot.games.kokutorum.words import EN, JA
from bot.games.plugin import BenchCase, GamePlugin
from engines.kokutorum import Kokutorum

PLUGIN = GamePlugin(
    engine=Kokutorum,
    presenter=KokutorumPresenter(),
    messages={"en": EN, "ja": JA},
    layout="render.games.kokutorum",
    bench=(
        BenchCase(
            "three seats to 30 points (seed 7)", {"game": Kokutorum.id, "seats": 3, "seed": 7}
        ),
    ),
)
