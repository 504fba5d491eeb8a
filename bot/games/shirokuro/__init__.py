"""Shirokuro-jaku (白黒雀) as a plug-in: engine, presenter, words, layout, bench records."""

from bot.games.plugin import BenchCase, GamePlugin
from bot.games.shirokuro.presenter import ShirokuroPresenter
from bot.games.shirokuro.words import EN, JA
from engines.shirokuro import Shirokuro

PLUGIN = GamePlugin(
    engine=Shirokuro,
    presenter=ShirokuroPresenter(),
    messages={"en": EN, "ja": JA},
    layout="render.games.shirokuro",
    bench=(
        BenchCase("three seats, 6 rounds (seed 7)", {"game": Shirokuro.id, "seats": 3, "seed": 7}),
    ),
)
