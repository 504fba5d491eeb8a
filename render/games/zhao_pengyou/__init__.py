"""Zhao Pengyou (找朋友) table, made for the box: 6 to 12 seats, the deal's draw, the bury, the
calls, the trick, the deal's end and the match's result.

Landscape, top to bottom: the top bar (the game, the deal and its phase; the trump and the
defenders' points against the threshold on the right); a strip of a few lines (the calls and
who answered them, a failed throw, a friend shown, the last trick, the deal just ended, what
the table waits for); every seat's cell, in play order, three or four to a row (its name with
★ declarer or ☆ friend, its rank, its points or cards, its badges and, in play, its cards of
the trick with the play holding it ringed); and in a seat's own image its hand, trumps first
then each suit, as big as the room left allows (the cards it may declare with, or the kitty's
cards among the declarer's, ringed). The match's end puts the result under the cells.

What does not fit in the box leaves it (docs/images.md): the deal-end table (every seat's team,
rank steps and new rank), the kitty face up and the last trick taken are the Details image
(`details`); the deal's summary and every seat's play are also in the embed (the presenter's
counts and log). Only the viewer's own hand, kitty and bury are ever drawn face up, besides
what the table has seen.

The package, by concept: `sizes`, `words` (its labels and how seats, ranks and calls are
named), `cells` (each seat's cell and the grid they fit in), `strip` (the top bar and the lines
under it), `table` (the image put together, and the Details image) and `samples`.
"""

from render.games.zhao_pengyou.samples import SAMPLE_PLAYERS, sample_hand, sample_moments
from render.games.zhao_pengyou.table import details, render
from render.games.zhao_pengyou.words import LABELS

__all__ = ["LABELS", "SAMPLE_PLAYERS", "details", "render", "sample_hand", "sample_moments"]
