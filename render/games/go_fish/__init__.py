"""Go Fish table, made for the box: every seat's hand size and books, the stock, whose turn,
the last asks in words, and (private image) the viewer's hand grouped by rank; the result once
over.

Landscape. A private image puts the other seats in a row at the top in play order from the
viewer's left, the table (stock, turn, the last asks and answers) under them and the viewer's
own seat and hand at the bottom. The public image shows every seat alike (two or three side by
side, four in a square), the table under them, and no hand. Other hands are drawn as backs with
their count; face up are only the viewer's own cards and a drawn card that matched the ask
(shown to everyone); a book (all four cards of a rank, public) is a small stack showing its
rank only, so no card under it shows a sliver of its face. The card a miss draws appears, in
words, only in its drawer's image. The older asks are the embed's log, not the image's.

The package, by concept: `words` (sizes, labels, names), `table` (the image put together, the
table and its log, the result), `plates` (a seat's plate, the viewer's panel), `hand` (the
viewer's hand) and `samples`.
"""

from render.games.go_fish.samples import SAMPLE_PLAYERS, sample_hand, sample_moments
from render.games.go_fish.table import render
from render.games.go_fish.words import LABELS

__all__ = ["LABELS", "SAMPLE_PLAYERS", "render", "sample_hand", "sample_moments"]
