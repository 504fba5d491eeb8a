"""The renderer's entry points: a view (or a hand) in, PNG bytes out."""

from __future__ import annotations

import io
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import games, held, kit, plates
from render.parts import PlayerInfo
from render.theme import CardStyle

PNG_COMPRESS_LEVEL = 3
_DRAWING = threading.Lock()
"""One drawing at a time: FreeType faces and the caches are shared, and the bot renders in an
executor. Drawing holds the GIL anyway; PNG encoding (zlib) runs outside the lock."""


def encode_png(image: Image.Image, palette: bool = True) -> bytes:
    """PNG bytes of an image, by default as a 256-colour palette image.

    Measured on an 800x834 two-seat table image: RGB at level 3 is 74 KB in 25 ms, a fast-octree
    palette at level 3 is 27 KB in 12 ms (quantising included) and looks the same: the images are
    flat felt, white cards and a few inks. `python -m render.bench` prints the current figures.
    """
    if palette:
        image = image.quantize(256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


PROPOSAL = "proposal"
"""The view key under which `render_view` hands a layout the action being considered."""


def view_image(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo] = (),
    locale: str = "ja",
    viewer: int | None = None,
    four_colour: bool = False,
    proposal: Mapping[str, Any] | None = None,
) -> Image.Image:
    """The table image of a view as a Pillow image (tests and tools); see `render_view`."""
    seat = view.get("viewer") if viewer is None else viewer
    if proposal is not None:
        view = {**view, PROPOSAL: dict(proposal)}
    draw = games.layout(str(view["game"]))
    with _DRAWING:
        return draw(view, list(players), locale, CardStyle(four_colour), seat)


def render_view(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo] = (),
    locale: str = "ja",
    viewer: int | None = None,
    four_colour: bool = False,
    proposal: Mapping[str, Any] | None = None,
) -> bytes:
    """PNG of the table a view shows, laid out by the game's module (by `view["game"]`).

    `viewer` is the seat drawn at the bottom; by default the view's own `viewer` (None for the
    public image, where no seat is favoured). `players` gives names and CPU/dealer flags by seat.

    `proposal` is an action of the viewer's prompt that the player has chosen but not confirmed
    yet, as its JSON (`{"type": ..., field: value}`, no seat needed): a layout that can show
    its outcome draws the table as it would be after it (a card put into the hand ringed,
    the card about to go ringed), so the player sees the result before pressing the button.
    It reaches the layout as `view["proposal"]`; layouts that show nothing for it ignore it,
    and one that does not fit the view (a stale choice) is not drawn.
    """
    return encode_png(view_image(view, players, locale, viewer, four_colour, proposal))


def render_table(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo] = (),
    locale: str = "ja",
    four_colour: bool = False,
) -> bytes:
    """PNG of a game's table from the view's own viewpoint (public or private)."""
    return render_view(view, players, locale, None, four_colour)


def hand_image(
    cards: Sequence[str],
    legal_mask: Sequence[bool] | None = None,
    selected: Sequence[int] | set[int] | frozenset[int] = (),
    locale: str = "ja",
    four_colour: bool = False,
    title: str | None = None,
    groups: Sequence[tuple[str, Sequence[int]]] | None = None,
) -> Image.Image:
    """The hand as a Pillow image; see `render_hand`."""
    from render.strings import tr

    codes = list(cards)
    heading = (
        title
        if title is not None
        else tr("hand", locale) + "  " + tr("cards", locale, n=len(codes))
    )
    with _DRAWING:
        c = kit.canvas(locale, CardStyle(four_colour))
        top = kit.top_bar(c, heading)
        box = (kit.MARGIN, top + kit.GAP, kit.WIDTH - kit.MARGIN, kit.HEIGHT - kit.MARGIN)
        held.hand(c, codes, box, groups=groups, legal=legal_mask, selected=frozenset(selected))
    return c.image


def render_hand(
    cards: Sequence[str],
    legal_mask: Sequence[bool] | None = None,
    selected: Sequence[int] | set[int] | frozenset[int] = (),
    locale: str = "ja",
    four_colour: bool = False,
    title: str | None = None,
    groups: Sequence[tuple[str, Sequence[int]]] | None = None,
) -> bytes:
    """PNG of a hand, made for the box: cards grouped (by suit, or the game's `groups` as
    (label, positions)), numbered 1..n, legal bright, illegal dimmed, selected lifted.

    `selected` holds 0-based positions; `legal_mask[i]` says whether card i may be played now
    (None: all legal). Two-number codes keep their orientation (`W2B5/B` is drawn black up).
    """
    return encode_png(hand_image(cards, legal_mask, selected, locale, four_colour, title, groups))


def details_image(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo] = (),
    locale: str = "ja",
    viewer: int | None = None,
    four_colour: bool = False,
) -> Image.Image | None:
    """The second image of a view (scores, a deal's breakdown), when its game's layout offers
    one (`details` in its module) and has something to show now; see `render_details`."""
    details = getattr(games.module(str(view["game"])), "details", None)
    if details is None:
        return None
    seat = view.get("viewer") if viewer is None else viewer
    with _DRAWING:
        image: Image.Image | None = details(
            view, list(players), locale, CardStyle(four_colour), seat
        )
    return image


def render_details(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo] = (),
    locale: str = "ja",
    viewer: int | None = None,
    four_colour: bool = False,
) -> bytes | None:
    """PNG of what did not fit in the table image (a score table, a deal's breakdown), shown
    on demand by the bot's Details button; None when the game has no such image now."""
    image = details_image(view, players, locale, viewer, four_colour)
    return None if image is None else encode_png(image)


def has_details(game: str) -> bool:
    """Whether a game's layout offers a details image (the bot then shows a Details button)."""
    return hasattr(games.module(game), "details")


def render_round_table(
    seats: Sequence[plates.Seat],
    viewer: int | None = None,
    locale: str = "ja",
    four_colour: bool = False,
    title: str = "",
    status: str = "",
    trick: Mapping[int, str] | None = None,
    trick_winner: int | None = None,
    piles: Sequence[tuple[str, int]] = (),
) -> bytes:
    """PNG of 2-12 seat plates around an oval with the current trick and piles in the middle.

    The building block of trick-taking layouts; `viewer` at the bottom centre, or no seat
    there for the public image (viewer None).
    """
    from render.table import round_table

    with _DRAWING:
        image = round_table(
            seats,
            viewer=viewer,
            locale=locale,
            style=CardStyle(four_colour),
            title=title,
            status=status,
            trick=trick,
            trick_winner=trick_winner,
            piles=piles,
        )
    return encode_png(image)
