"""Views of real Kitten Fishing games at telling moments, and image comparisons for the tests."""

from __future__ import annotations

import io
import itertools
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageStat

from engines.actions import Action
from engines.registry import game_class
from render import cards, parts
from render.api import view_image
from render.parts import DrawnText, PlacedCard, PlayerInfo
from render.strings import Labels

GOLDEN = Path(__file__).with_name("golden")
UPDATE_ENV = "CARDBOT_UPDATE_GOLDEN"
PLAYERS = [PlayerInfo("たろう"), PlayerInfo("子猫", is_cpu=True)]
LONG_NAMES = {
    "latin": [
        PlayerInfo("Wolfeschlegelsteinhausenbergerdorff"),
        PlayerInfo("Maximiliana Wolfeschlegelsteinh", is_cpu=True),
    ],
    "japanese": [
        PlayerInfo("ながいながいなまえのぷれいやーさんですよろしくね"),
        PlayerInfo("とてもとてもながいおなまえのこねこちゃんですにゃん", is_cpu=True),
    ],
    "mixed": [
        PlayerInfo("Ｗ" * 32),
        PlayerInfo("たろう_the_Great_ながいなまえ_Wolfe", is_cpu=True),
    ],
}
"""Names as long as Discord allows (32 characters), the widest there are, two seats each."""


def play_until(seed: int, stop: Any) -> Any:
    """A kitten-fishing game flipped one card at a time until `stop(game)` holds (or it ends)."""
    game = game_class("kitten-fishing").new(2, {}, seed)
    while not game.is_over() and not stop(game):
        game.apply(Action.make(next(iter(game.to_act())), "flip"))
    return game


def start_game(seed: int = 3) -> Any:
    """A fresh game: empty table, 26 cards each."""
    return game_class("kitten-fishing").new(2, {}, seed)


def fish_game(seed: int = 3, size: int = 4) -> Any:
    """Just after the first fish that captured at least `size` cards."""
    return play_until(seed, lambda g: g.last and g.last[2] == "fish" and len(g.last[3]) >= size)


def sweep_game(seed: int = 3) -> Any:
    """Just after the first J sweep."""
    return play_until(seed, lambda g: g.last and g.last[2] == "sweep")


def stay_game(seed: int = 3, moves: int = 37) -> Any:
    """After `moves` flips (seed 3: the last one stayed on a two-card table)."""
    return play_until(seed, lambda g: g.moves >= moves)


def empty_game(seed: int = 3) -> Any:
    """Played to the end: a stock ran out."""
    game = game_class("kitten-fishing").new(2, {}, seed)
    game.autoplay(lambda *a: None)
    return game


def move_cap_view() -> dict[str, Any]:
    """A move-cap result (no seed reaches the cap quickly, so the view is edited, as the bot
    would receive it from a game that reached 5000 moves)."""
    game = stay_game(5, 60)
    view = game.view(0)
    counts = view["stock_counts"]
    winner = 0 if counts[0] > counts[1] else 1 if counts[1] > counts[0] else None
    view.update(
        moves=5000,
        turn=None,
        to_act=[],
        over=True,
        result={"winner": winner, "reason": "move_cap", "moves": 5000, "stock_counts": counts},
    )
    return view


def decode(png: bytes) -> Image.Image:
    """PNG bytes as an RGB image (asserting they are a PNG)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0..255."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def check_golden(
    name: str,
    image: Image.Image,
    tolerance: float = 4.0,
    width: int = 240,
    update: bool | None = None,
) -> float:
    """Compare a downscaled image with tests/render/golden/NAME.png; regenerate on request.

    `CARDBOT_UPDATE_GOLDEN=1` (or `update=True`) rewrites the golden file instead of comparing;
    `update=False` always compares. Returns the mean pixel difference.
    """
    if update is None:
        update = os.environ.get(UPDATE_ENV) == "1"
    small = image.convert("RGB").resize(
        (width, round(image.height * width / image.width)), Image.Resampling.BOX
    )
    path = GOLDEN / f"{name}.png"
    if update:
        GOLDEN.mkdir(exist_ok=True)
        small.save(path, optimize=True)
        return 0.0
    if not path.exists():
        raise AssertionError(f"No golden image {path}; run with {UPDATE_ENV}=1 to create it.")
    golden = Image.open(path).convert("RGB")
    assert golden.size == small.size, f"{name}: size {small.size} != golden {golden.size}"
    diff = mean_abs_diff(golden, small)
    assert diff <= tolerance, f"{name}: mean pixel difference {diff:.2f} > {tolerance}"
    return diff


def apart(a: Sequence[float], b: Sequence[float], slack: float = 1) -> bool:
    """Whether two boxes (x0, y0, x1, y1) do not overlap (touching by `slack` px is apart)."""
    return (
        a[2] <= b[0] + slack or b[2] <= a[0] + slack or a[3] <= b[1] + slack or b[3] <= a[1] + slack
    )


def check_lines(drawn: Sequence[DrawnText], image: Image.Image) -> None:
    """Every line of text lies on the image, and no two lines cover each other."""
    for line in drawn:
        x0, y0, x1, y1 = line.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, line
    for a, b in itertools.combinations(drawn, 2):
        assert apart(a.box, b.box), (a, b)


def covered_texts(image: Image.Image, drawn: Sequence[DrawnText]) -> list[DrawnText]:
    """Lines of text that something drawn after them hides in part: a stretch of the line a
    little wider than one character shows a single flat colour (no ink at all) in the final
    image, as where a panel was painted over it."""
    rgb = image.convert("RGB")
    hidden = []
    for line in drawn:
        x0, y0, x1, y1 = (round(v) for v in line.box)
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(rgb.width, x1), min(rgb.height, y1)
        if x1 - x0 < 2 or y1 - y0 < 2:
            continue
        step = max(4, round(line.size * 1.2))
        for left in range(x0, x1, step):
            right = min(x1, left + step)
            if right - left < line.size * 0.6:
                break
            colours = rgb.crop((left, y0, right, y1)).getcolors(4)
            if colours is not None and len(colours) == 1:
                hidden.append(line)
                break
    return hidden


def label_pairs(*labels: Labels) -> dict[str, tuple[str, str]]:
    """Every label of `labels` as key -> (ja, en)."""
    return {
        key: (words.messages["ja"].get(key, ""), words.messages["en"].get(key, ""))
        for words in labels
        for key in sorted(words.keys())
    }


@dataclass(frozen=True)
class Viewpoint:
    """One viewpoint of a game drawn: whose (None: the channel's), its view and image, and what
    went into the image (each text, each card placed, each card face)."""

    seat: int | None
    view: dict[str, Any]
    image: Image.Image
    drawn: list[DrawnText]
    placed: list[PlacedCard]
    faces: list[str]


def viewpoints(game: Any, players: Sequence[PlayerInfo], locale: str) -> Iterator[Viewpoint]:
    """The game's public image, then every seat's, drawn in `locale` and recorded."""
    for seat in (None, *range(game.seats)):
        view = game.view(seat)
        with (
            parts.record_texts() as drawn,
            parts.record_cards() as placed,
            cards.record_faces() as faces,
        ):
            image = view_image(view, players, locale)
        yield Viewpoint(seat, view, image, drawn, placed, faces)
