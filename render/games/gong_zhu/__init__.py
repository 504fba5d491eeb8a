"""Gong Zhu (拱猪) table, made for the box: the trick, every seat's scores, exposed cards and
scoring cards taken, whose turn, the viewer's hand; the hand's breakdown and the match's scores
in the Details image.

Landscape. On the left the trick, as a cross: the viewer's card at the bottom (seat 1's in the
public image), the next seat's on the right, the seat across on top, the one before on the left
(play goes counterclockwise at the table, as the rule document seats it), each under or over
its player's name; while no card of a new trick is down, the trick just taken, its taker's card
ringed, with a notice when it held the pig, the sheep or the transformer. During the exposure
phase the cross is a note (who leads, the viewer's own sealed choice); at the end, the result.

On the right, one row per seat in play order from the viewer: the name and badges, this hand's
points and the total in two aligned columns; under them the exposed cards still in hand (ringed
gold) and the scoring cards taken, each a small face naming the card (pig, sheep, transformer;
the hearts together, rank by rank). During the exposure phase a row says only whether its seat
has decided: every seat still deciding looks alike, whatever it holds. A private image adds the
viewer's hand at the bottom, numbered as typed moves number it, unplayable cards dimmed.

The Details image (`details`): the last finished hand's breakdown (hearts, pig, sheep,
transformer, the hand and the total by seat, who exposed what and who took it, a heart sweep)
and the match hand by hand, in columns that never touch.

The package, by concept: `sizes`, `words` (its labels; how seats and points are named), `rows`
(the seats' rows), `middle` (the trick, the exposure, the result, the viewer's hand), `table`
(the image put together), `details` (the Details image) and `samples`.
"""

from render.games.gong_zhu.details import details
from render.games.gong_zhu.samples import SAMPLE_PLAYERS, sample_hand, sample_moments
from render.games.gong_zhu.sizes import LIST_W
from render.games.gong_zhu.table import render
from render.games.gong_zhu.words import LABELS, signed, tr

__all__ = [
    "LABELS",
    "LIST_W",
    "SAMPLE_PLAYERS",
    "details",
    "render",
    "sample_hand",
    "sample_moments",
    "signed",
    "tr",
]
