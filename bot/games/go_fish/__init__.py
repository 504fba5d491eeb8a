"""Go Fish (ゴーフィッシュ) as a plug-in: engine, presenter, words, layout, bench records."""

from bot.games.go_fish.presenter import GoFishPresenter
from bot.games.go_fish.words import EN, JA
from bot.games.plugin import BenchCase, GamePlugin
from engines.go_fish import GoFish

PLUGIN = GamePlugin(
    engine=GoFish,
    presenter=GoFishPresenter(),
    messages={"en": EN, "ja": JA},
    layout="render.games.go_fish",
    bench=(
        BenchCase("4 seats, standard (seed 0)", {"game": GoFish.id, "seats": 4, "seed": 0}),
        BenchCase(
            "4 seats, refill 5 (seed 0)",
            {"game": GoFish.id, "seats": 4, "seed": 0, "options": {"refill": 5}},
        ),
    ),
)
