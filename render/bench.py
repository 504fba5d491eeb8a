"""Render figures for `cardbot bench render`: median time per image and PNG sizes."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from engines.base import Action, Game, game_class
from engines.cpu import cpu_chooser
from render import cards
from render.api import render_hand, render_round_table, render_view
from render.parts import PlayerInfo, Seat

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


def run(quick: bool = False) -> list[tuple[str, str]]:
    """(label, figure) lines: medians include drawing and PNG encoding, caches warm."""
    reps = 5 if quick else 30
    game = game_class("kitten-fishing").new(2, {}, 3)
    players = [PlayerInfo("たろう"), PlayerInfo("子猫", is_cpu=True)]
    cards._face.cache_clear()
    for _ in range(18):  # a Kitten Fishing turn is one flip: no decision to take
        game.apply(Action.make(next(iter(game.to_act())), "flip"))
    private = game.view(0)
    public = game.view(None)
    start = time.perf_counter()
    kf_png = render_view(private, players, "ja")
    cold = (time.perf_counter() - start) * 1000
    seats4 = table_seats(4)
    trick4 = dict(enumerate(_TRICK[:4]))
    seats12 = table_seats(12)
    trick12 = dict(enumerate(_TRICK))
    hand = [
        "AS",
        "3S",
        "7S",
        "TS",
        "KS",
        "2H",
        "6H",
        "9H",
        "QH",
        "4D",
        "8D",
        "JD",
        "AC",
        "5C",
        "9C",
        "KC",
        "W2B5/W",
        "W3B1/B",
        "BJ",
        "SJ",
    ]
    legal = [i % 3 != 1 for i in range(len(hand))]

    def table4() -> bytes:
        return render_round_table(
            seats4, viewer=0, trick=trick4, trick_winner=1, title="拱猪", status="第1局"
        )

    def table12() -> bytes:
        return render_round_table(
            seats12, viewer=None, trick=trick12, trick_winner=3, piles=[("山札", 8)]
        )

    def hand20() -> bytes:
        return render_hand(hand, legal, {2, 5}, "ja")

    two_number = []
    three = [*players, PlayerInfo("花子", is_cpu=True)]
    for game_id in ("kokutorum", "shirokuro"):
        moment = two_number_moment(game_id)
        seat = moment.view(None)["turn"]
        view = moment.view(seat)
        preview = {"type": "insert", "position": 2, "upright": "B"}

        def table(view: dict[str, object] = view) -> bytes:
            return render_view(view, three, "ja")

        def shown(view: dict[str, object] = view, preview: dict[str, object] = preview) -> bytes:
            return render_view(view, three, "ja", proposal=preview)

        two_number += [
            (
                f"{game_id} hand image (3 seats, drawn card), median",
                f"{_median_ms(table, reps):.1f} ms",
            ),
            (f"{game_id} insert preview, median", f"{_median_ms(shown, reps):.1f} ms"),
            (f"png size, {game_id} hand image 800 px", f"{len(table()) / 1024:.0f} KB"),
        ]
    lines = [
        (
            "kitten-fishing table (private), median",
            f"{_median_ms(lambda: render_view(private, players, 'ja'), reps):.1f} ms",
        ),
        (
            "kitten-fishing table (public), median",
            f"{_median_ms(lambda: render_view(public, players, 'ja'), reps):.1f} ms",
        ),
        ("4-seat table layout, median", f"{_median_ms(table4, reps):.1f} ms"),
        ("12-seat table layout, median", f"{_median_ms(table12, reps):.1f} ms"),
        ("hand strip of 20 cards, median", f"{_median_ms(hand20, reps):.1f} ms"),
        ("first kitten-fishing image (cold card cache)", f"{cold:.1f} ms"),
        ("png size, kitten-fishing 800 px", f"{len(kf_png) / 1024:.0f} KB"),
        ("png size, 4-seat table 800 px", f"{len(table4()) / 1024:.0f} KB"),
        ("png size, 12-seat table 800 px", f"{len(table12()) / 1024:.0f} KB"),
        ("png size, hand strip 800 px", f"{len(hand20()) / 1024:.0f} KB"),
        *two_number,
    ]
    return lines


if __name__ == "__main__":
    for label, figure in run(quick=False):
        print(f"{label:50} {figure}")
