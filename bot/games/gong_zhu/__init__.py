"""Gong Zhu (拱猪) as a plug-in: engine, presenter, words, layout, bench records."""

from bot.games.gong_zhu.presenter import GongZhuPresenter
from bot.games.gong_zhu.words import EN, JA
from bot.games.plugin import BenchCase, BenchUnit, GamePlugin
from engines.gong_zhu import GongZhu

TYPICAL_SEED = 59
"""A match of 10 hands, the median of seeds 0..299 finished by the normal CPUs."""
LONGEST_SEED = 134
"""The longest of seeds 0..299 finished by the normal CPUs: 21 hands."""

PLUGIN = GamePlugin(
    engine=GongZhu,
    presenter=GongZhuPresenter(),
    messages={"en": EN, "ja": JA},
    layout="render.games.gong_zhu",
    bench=(
        BenchCase(
            f"typical match (seed {TYPICAL_SEED}, 10 hands)",
            {"game": GongZhu.id, "seats": 4, "seed": TYPICAL_SEED},
        ),
        BenchCase(
            f"longest match (seed {LONGEST_SEED}, 21 hands)",
            {"game": GongZhu.id, "seats": 4, "seed": LONGEST_SEED},
        ),
    ),
    bench_unit=BenchUnit("hands", lambda answer: len(answer["result"]["hand_scores"])),
)
