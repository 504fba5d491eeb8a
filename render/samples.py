"""`cardbot render GAME --seed S --out DIR`: sample images of a real game at telling moments.

What to draw comes from the game's layout module (`render.games.module`): `sample_moments(seed)`
gives (label, game) pairs and `SAMPLE_PLAYERS` the names; a game with hands may also give
`sample_hand(seed)` -> (cards, legal mask, selected) or None, and a layout with a Details image
(`details`) gets it written beside each view's. This module knows no game: for
every moment it writes the public view and each seat's private view, in every locale.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from render import games
from render.api import render_details, render_hand, render_view
from render.strings import LOCALES


def write_moments(layout: ModuleType, game_id: str, seed: int, out: Path) -> list[Path]:
    """The public and every private image of each sample moment, in every locale, each with
    its Details image (`-details`) when the layout offers one and has something to show."""
    written = []
    for label, game in layout.sample_moments(seed):
        for seat in (None, *range(game.seats)):
            who = "public" if seat is None else f"seat{seat}"
            view = game.view(seat)
            for locale in LOCALES:
                path = out / f"{game_id}-s{seed}-{label}-{who}-{locale}.png"
                path.write_bytes(render_view(view, layout.SAMPLE_PLAYERS, locale))
                written.append(path)
                more = render_details(view, layout.SAMPLE_PLAYERS, locale)
                if more is not None:
                    path = path.with_name(path.stem + "-details.png")
                    path.write_bytes(more)
                    written.append(path)
    return written


def write_hand(layout: ModuleType, game_id: str, seed: int, out: Path) -> list[Path]:
    """The game's sample hand strip in every locale; none for a game without hands."""
    sample_hand = getattr(layout, "sample_hand", None)
    hand = sample_hand(seed) if sample_hand is not None else None
    if hand is None:
        return []
    cards, legal, selected = hand
    written = []
    for locale in LOCALES:
        path = out / f"{game_id}-s{seed}-hand-{locale}.png"
        path.write_bytes(render_hand(cards, legal, selected, locale))
        written.append(path)
    return written


def unwritable(out: Path) -> str | None:
    """Why the images cannot go into `out` (created if missing), as one sentence; None if
    they can."""
    if out.exists() and not out.is_dir():
        return f"--out {out} is a file, not a folder."
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as error:
        return f"Cannot write into --out {out}: {error.strerror or error}."
    return None


def main(args: argparse.Namespace) -> int:
    """Write the sample images of `args.game` (seed `args.seed`) into `args.out`."""
    try:
        layout = games.module(args.game)
    except games.UnknownGame:
        print(
            f"No sample images for '{args.game}' (games with layouts: {', '.join(games.games())}).",
            file=sys.stderr,
        )
        return 2
    out = Path(args.out)
    problem = unwritable(out)
    if problem is not None:
        print(f"cardbot render: {problem}", file=sys.stderr)
        return 2
    try:
        written = write_moments(layout, args.game, args.seed, out)
        hands = write_hand(layout, args.game, args.seed, out)
    except OSError as error:
        print(f"cardbot render: could not write the images into {out}: {error.strerror or error}.", file=sys.stderr)
        return 2
    for path in written + hands:
        print(path)
    if not hands:
        print(f"No hand sample: {args.game} has no hand to show.")
    return 0
