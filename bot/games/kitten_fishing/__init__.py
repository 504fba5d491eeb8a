"""Kitten Fishing (子猫の魚釣り) as a plug-in: engine, presenter, words, layout, bench records."""

from bot.games.kitten_fishing.presenter import KittenFishingPresenter
from bot.games.kitten_fishing.words import EN, JA
from bot.games.plugin import BenchCase, GamePlugin
from engines.kitten_fishing import KittenFishing

LONGEST_NATURAL_SEED = 60664
"""Found by a search over seeds 0..200000: 4263 flips, ends by an empty stock."""
MOVE_CAP_SEED = 156298
"""Still going at flip 5000: decided by stock counts."""

PLUGIN = GamePlugin(
    engine=KittenFishing,
    presenter=KittenFishingPresenter(),
    messages={"en": EN, "ja": JA},
    layout="render.games.kitten_fishing",
    bench=(
        BenchCase(
            f"longest natural game (seed {LONGEST_NATURAL_SEED}, 4263 flips)",
            {"game": KittenFishing.id, "seats": 2, "seed": LONGEST_NATURAL_SEED},
        ),
        BenchCase(
            f"move-cap game (seed {MOVE_CAP_SEED}, 5000 flips)",
            {"game": KittenFishing.id, "seats": 2, "seed": MOVE_CAP_SEED},
        ),
    ),
)
