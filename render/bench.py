"""Render figures for `cardbot bench render`: time and PNG size per image, game by game.

Every game's figures come from its own sample images (`cardbot render`: each moment's public
and seat views, in every language), so a new game is measured without a line here. Times are
medians of drawing and PNG encoding together, caches warm; the target of an image made for
the box is `TARGET_MS` and `TARGET_KB` (never over 1 MB), and the last lines say which games
miss it. The machine's other load shows in the figures: compare before/after on one machine.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class
from render import cards, games
from render.api import render_hand, render_round_table, render_view, view_image
from render.parts import PlayerInfo
from render.plates import Seat
from render.strings import LOCALES

TARGET_MS = 40.0
TARGET_KB = 250
"""What one table image may cost: drawn and encoded in this time, at most this size."""

_NAMES = (
    "たろう",
    "Alice",
    "김민수",
    "山田花子",
    "Bob",
    "Zoë",
    "子猫",
    "李小龍",
    "Ωmega",
    "Kim",
    "Jean",
    "さくら",
)
_TRICK = ("QS", "AH", "TC", "2D", "BJ", "SJ", "KH", "9S", "3C", "4D", "5H", "6S")
HAND_20 = [
    *("AS", "3S", "7S", "TS", "KS", "2H", "6H", "9H", "QH", "4D"),
    *("8D", "JD", "AC", "5C", "9C", "KC", "W2B5/W", "W3B1/B", "BJ", "SJ"),
]
HAND_40 = [r + s for s in "SHDC" for r in "A23456789T"]


def table_seats(n: int) -> list[Seat]:
    """A busy n-seat table: counts, a CPU, a dealer, the seat to play, two exposed cards."""
    return [
        Seat(
            PlayerInfo(_NAMES[i], is_cpu=i % 3 == 2, is_dealer=i == 1),
            counts=(f"手札 {13 - i % 13}", f"取り {i}"),
            to_play=i == 2,
            is_viewer=i == 0,
            exposed=("QS", "AH") if i == 1 else (),
        )
        for i in range(n)
    ]


def two_number_moment(game_id: str, seats: int = 3, seed: int = 3) -> Game:
    """A two-number game of normal CPUs at its first drawn card waiting to go in (the hand
    image with its gaps numbered, the busiest private image of a turn)."""
    game = game_class(game_id).new(seats, {}, seed)
    decide = cpu_chooser(game_id, ["normal"] * seats, seed, "bench")
    while game.view(None)["phase"] != "insert":
        game.autoplay(decide, limit=1)
    return game


def _median_ms(func: Callable[[], object], reps: int) -> float:
    func()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def sample_views(game_id: str, quick: bool, seed: int = 3) -> list[tuple[dict[str, Any], str]]:
    """(view, locale) of every sample image of a game (quick: the public and first seat's
    views, in Japanese)."""
    layout = games.module(game_id)
    out = []
    for _, game in layout.sample_moments(seed):
        seats = (None, 0) if quick else (None, *range(game.seats))
        for seat in seats:
            for locale in ("ja",) if quick else LOCALES:
                out.append((game.view(seat), locale))
    return out


def game_figures(game_id: str, quick: bool) -> tuple[list[tuple[str, str]], bool]:
    """A game's lines: median and slowest time, median and largest PNG over its sample
    images; and whether every image meets the target."""
    players = games.module(game_id).SAMPLE_PLAYERS
    views = sample_views(game_id, quick)
    for view, locale in views:  # warm the caches (faces, fonts)
        view_image(view, players, locale)
    times, sizes = [], []
    for view, locale in views:
        start = time.perf_counter()
        png = render_view(view, players, locale)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png) / 1024)
    lines = [
        (f"{game_id}: image, median of {len(views)}", f"{statistics.median(times):.1f} ms"),
        (f"{game_id}: image, slowest", f"{max(times):.1f} ms"),
        (f"{game_id}: png size, median", f"{statistics.median(sizes):.0f} KB"),
        (f"{game_id}: png size, largest", f"{max(sizes):.0f} KB"),
    ]
    met = statistics.median(times) <= TARGET_MS and max(sizes) <= TARGET_KB
    return lines, met


def run(quick: bool = False, game: str | None = None) -> list[tuple[str, str]]:
    """(label, figure) lines: per game (or only `game`), then the shared parts, then the
    target line."""
    reps = 5 if quick else 30
    ids = [game] if game else games.games()
    lines: list[tuple[str, str]] = []
    missed = []
    first = ids[0]
    first_view, _ = sample_views(first, True)[-1]
    cards._face.cache_clear()
    start = time.perf_counter()
    view_image(first_view, games.module(first).SAMPLE_PLAYERS, "ja")
    cold = (time.perf_counter() - start) * 1000
    for game_id in ids:
        game_lines, met = game_figures(game_id, quick)
        lines += game_lines
        if not met:
            missed.append(game_id)
    if game is None:
        lines += _shared(reps)
    lines.append((f"first {first} image (cold card cache)", f"{cold:.1f} ms"))
    verdict = "met by every game" if not missed else "missed by " + ", ".join(missed)
    lines.append((f"target: median <= {TARGET_MS:.0f} ms, largest <= {TARGET_KB} KB", verdict))
    return lines


def _shared(reps: int) -> list[tuple[str, str]]:
    """The parts every game shares: hand images, the round table, two-number hand images."""
    legal = [i % 3 != 1 for i in range(len(HAND_20))]

    def hand20() -> bytes:
        return render_hand(HAND_20, legal, {2, 5}, "ja")

    def hand40() -> bytes:
        return render_hand(HAND_40, None, {0}, "ja")

    seats4, seats12 = table_seats(4), table_seats(12)

    def table4() -> bytes:
        trick = dict(enumerate(_TRICK[:4]))
        return render_round_table(
            seats4, viewer=0, trick=trick, trick_winner=1, title="拱猪", status="第1局"
        )

    def table12() -> bytes:
        trick = dict(enumerate(_TRICK))
        return render_round_table(
            seats12, viewer=None, trick=trick, trick_winner=3, piles=[("山札", 8)]
        )

    lines = [
        ("hand image of 20 cards, median", f"{_median_ms(hand20, reps):.1f} ms"),
        ("hand image of 40 cards, median", f"{_median_ms(hand40, reps):.1f} ms"),
        ("png size, hand image of 20 cards", f"{len(hand20()) / 1024:.0f} KB"),
        ("png size, hand image of 40 cards", f"{len(hand40()) / 1024:.0f} KB"),
        ("4-seat table layout, median", f"{_median_ms(table4, reps):.1f} ms"),
        ("12-seat table layout, median", f"{_median_ms(table12, reps):.1f} ms"),
        ("png size, 4-seat table", f"{len(table4()) / 1024:.0f} KB"),
        ("png size, 12-seat table", f"{len(table12()) / 1024:.0f} KB"),
    ]
    three = [PlayerInfo("たろう"), PlayerInfo("子猫", is_cpu=True), PlayerInfo("花子", is_cpu=True)]
    for game_id in ("kokutorum", "shirokuro"):
        moment = two_number_moment(game_id)
        view = moment.view(moment.view(None)["turn"])
        preview = {"type": "insert", "position": 2, "upright": "B"}

        def table(view: dict[str, object] = view) -> bytes:
            return render_view(view, three, "ja")

        def shown(view: dict[str, object] = view, preview: dict[str, object] = preview) -> bytes:
            return render_view(view, three, "ja", proposal=preview)

        lines += [
            (
                f"{game_id} hand image (3 seats, drawn card), median",
                f"{_median_ms(table, reps):.1f} ms",
            ),
            (f"{game_id} insert preview, median", f"{_median_ms(shown, reps):.1f} ms"),
            (f"png size, {game_id} hand image", f"{len(table()) / 1024:.0f} KB"),
        ]
    return lines


if __name__ == "__main__":
    for label, figure in run(quick=False):
        print(f"{label:60} {figure}")
