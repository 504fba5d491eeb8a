"""Zhao Pengyou (找朋友) as a plug-in: engine, presenter, words, layout, bench records."""

from bot.games.plugin import BenchCase, BenchUnit, GamePlugin
from bot.games.zhao_pengyou.presenter import ZhaoPengyouPresenter
from bot.games.zhao_pengyou.words import EN, JA
from engines.zhao_pengyou import ZhaoPengyou

ONE_DEAL = {"ranks": ["K"] * 8}
"""Every seat at K: the first deal's winners reach A, so a record is one deal."""

PLUGIN = GamePlugin(
    engine=ZhaoPengyou,
    presenter=ZhaoPengyouPresenter(),
    messages={"en": EN, "ja": JA},
    layout="render.games.zhao_pengyou",
    bench=(
        BenchCase(
            "8-seat deal (seed 1, every seat at K: one deal)",
            {"game": ZhaoPengyou.id, "seats": 8, "options": ONE_DEAL, "seed": 1},
        ),
        BenchCase(
            "12-seat deal (seed 1, every seat at K: one deal)",
            {"game": ZhaoPengyou.id, "seats": 12, "options": {"ranks": ["K"] * 12}, "seed": 1},
        ),
        BenchCase(
            "6-seat match from rank 2 (seed 2)",
            {"game": ZhaoPengyou.id, "seats": 6, "seed": 2},
        ),
    ),
    bench_seats=(6, 8, 12),
    bench_unit=BenchUnit("deals", lambda answer: len(answer["result"]["deals"])),
)
