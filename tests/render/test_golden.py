"""Golden images of representative tables, compared at 240 px wide with a small tolerance.

Regenerate after an intended change: `CARDBOT_UPDATE_GOLDEN=1 pytest tests/render`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from render import games
from render.api import view_image
from render.bench import table_seats
from render.table import round_table

from .helpers import (
    PLAYERS,
    check_golden,
    empty_game,
    fish_game,
    move_cap_view,
    start_game,
    sweep_game,
)


@pytest.mark.parametrize(
    ("name", "view", "locale"),
    [
        ("kf-start-public-ja", lambda: start_game().view(None), "ja"),
        ("kf-fish-seat0-ja", lambda: fish_game().view(0), "ja"),
        ("kf-sweep-public-en", lambda: sweep_game().view(None), "en"),
        ("kf-empty-seat1-ja", lambda: empty_game().view(1), "ja"),
        ("kf-move-cap-seat0-en", move_cap_view, "en"),
    ],
)
def test_kitten_fishing_golden(name: str, view, locale: str) -> None:  # type: ignore[no-untyped-def]
    check_golden(name, view_image(view(), PLAYERS, locale))


def test_go_fish_golden() -> None:
    from engines.cpu import cpu_chooser
    from engines.go_fish import GoFish
    from render.games import go_fish

    game = GoFish.new(4, {}, 3)
    game.autoplay(cpu_chooser("go-fish", ["normal"] * 4, 3), limit=30)
    check_golden("gf-4-seat1-en", view_image(game.view(1), go_fish.SAMPLE_PLAYERS, "en"))


def test_gong_zhu_golden() -> None:
    from render.api import details_image
    from render.games import gong_zhu

    found = {label.split("-")[0]: game for label, game in gong_zhu.sample_moments(3)}
    players = gong_zhu.SAMPLE_PLAYERS
    check_golden("gz-pig-seat0-ja", view_image(found["pig"].view(0), players, "ja"))
    check_golden("gz-pig-public-en", view_image(found["pig"].view(None), players, "en"))
    details = details_image(found["hand2"].view(2), players, "en")
    assert details is not None
    check_golden("gz-hand2-details-seat2-en", details)


@pytest.mark.parametrize(
    ("name", "game_id", "moment", "locale"),
    [
        ("ko-insert-seat-en", "kokutorum", "insert", "en"),
        ("ko-next-public-ja", "kokutorum", "next", "ja"),
        ("sh-claim-seat-ja", "shirokuro", "claim", "ja"),
        ("sh-win-public-en", "shirokuro", "win", "en"),
    ],
)
def test_two_number_golden(name: str, game_id: str, moment: str, locale: str) -> None:
    """A seat's image at its hardest (the drawn card and the gaps; a discard to claim) and
    the channel's at a round's end, for both two-number games."""
    layout = games.module(game_id)
    game = dict(layout.sample_moments(3))[moment]
    view = game.view(None)
    if name.split("-")[2] == "seat":
        asked = [s for s in range(game.seats) if game.view(s).get("claim")]
        view = game.view(asked[0] if asked else view["turn"])
    check_golden(name, view_image(view, layout.SAMPLE_PLAYERS, locale))


@pytest.mark.parametrize(
    ("name", "moment", "seat", "locale"),
    [
        ("zp-12-friend-seat0-en", "friend-12", 0, "en"),
        ("zp-12-sets-public-ja", "sets-12", None, "ja"),
        ("zp-8-failed-throw-public-en", "failed-throw-8", None, "en"),
        ("zp-6-bury-seat2-ja", "bury-6", 2, "ja"),
        ("zp-12-deal-end-seat0-en", "deal-end-12", 0, "en"),
    ],
)
def test_zhao_pengyou_golden(name: str, moment: str, seat: int | None, locale: str) -> None:
    from render.games import zhao_pengyou

    game = _zhao_pengyou_moments()[moment]
    check_golden(name, view_image(game.view(seat), zhao_pengyou.SAMPLE_PLAYERS, locale))


@cache
def _zhao_pengyou_moments() -> dict[str, Any]:
    from render.games import zhao_pengyou

    return dict(zhao_pengyou.sample_moments(3))


def test_zhao_pengyou_details_golden() -> None:
    from render.api import details_image
    from render.games import zhao_pengyou

    game = _zhao_pengyou_moments()["deal-end-12"]
    image = details_image(game.view(0), zhao_pengyou.SAMPLE_PLAYERS, "ja")
    assert image is not None
    check_golden("zp-12-deal-end-details-ja", image)


@pytest.mark.parametrize("n", [2, 4, 7, 12])
def test_round_table_golden(n: int) -> None:
    trick = dict(zip(range(n), ["QS", "AH", "TC", "2D", "BJ", "SJ", "KH"] * 2, strict=False))
    image = round_table(
        table_seats(n),
        viewer=0 if n % 2 else None,
        trick=trick,
        trick_winner=1,
        piles=[("山札", 5)] if n > 4 else [],
    )
    check_golden(f"table-{n}", image)


def test_the_golden_check_notices_a_different_image() -> None:
    # another game's first fish, laid out at the same size: only the cards differ
    wrong = view_image(fish_game(seed=7).view(0), PLAYERS, "ja")
    with pytest.raises(AssertionError, match="mean pixel difference"):
        check_golden("kf-fish-seat0-ja", wrong, update=False)
