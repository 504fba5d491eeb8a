"""What the Kokutorum and Shirokuro-jaku image tests read off a drawing: the viewer's hand row
by row, the drawn card apart, the texts drawn at a size; and what both ask of every viewpoint."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.two_number.cards import hold
from render import parts
from render.parts import PlayerInfo
from render.theme import CANVAS, MIN_CARD_W

from .helpers import check_lines, viewpoints
from .test_box import box_problems


def held_rows(placed: Sequence[parts.PlacedCard], drawn: str | None = None) -> list[list[str]]:
    """The held cards at least `MIN_CARD_W` wide, row by row (cards with one top), top to
    bottom, left to right: the viewer's hand (both versions while it may rotate), its melds
    laid down; without the row that is the `drawn` card once with each end up."""
    rows: dict[int, list[parts.PlacedCard]] = {}
    for p in placed:
        if p.code and "/" in p.code and p.width >= MIN_CARD_W:
            rows.setdefault(p.y, []).append(p)
    out = [[str(p.code) for p in sorted(rows[y], key=lambda p: p.x)] for y in sorted(rows)]
    pair = [hold(drawn, "W"), hold(drawn, "B")] if drawn else None
    return [row for row in out if row != pair]


def sized(texts: Sequence[parts.DrawnText], size: int) -> list[str]:
    """The texts drawn at `size`, in drawing order."""
    return [t.text for t in texts if t.size == size]


Faces = Callable[[dict[str, Any]], set[str]]


def check_viewpoints(
    game: Any, players: Sequence[PlayerInfo], locale: str, public: Faces, own: Faces
) -> None:
    """Every viewpoint of `game` is the canvas and reads in the box, and shows no face but the
    table's (`public`) and its own seat's (`own`): the viewer's whole hand while the game is on."""
    for drawn in viewpoints(game, players, locale):
        assert drawn.image.size == CANVAS
        assert box_problems(drawn.image, drawn.drawn, drawn.placed) == []
        check_lines(drawn.drawn, drawn.image)
        assert set(drawn.faces) <= public(drawn.view) | own(drawn.view)  # nobody else's hand
        if drawn.seat is not None and not game.is_over():
            assert set(drawn.view["hand"]) <= set(drawn.faces)
