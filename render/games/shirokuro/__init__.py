"""Shirokuro-jaku table, made for the box (docs/images.md): every seat's melds laid down and
discards in order, the dora indicator and the stock, whose turn; the viewer's own hand big,
read as it would win; the round's end with the winning hands, their yaku and the scores; the
game's end.

A seat's image (its DM): the other seats' plates at the top left (name, badges, cards held,
total; its melds laid down by their upright ends, the claimed card ringed; its discards not
claimed, in order), the table at the top right (the dora indicator with the dora it makes and
the stock; the drawn card once with each end up while it waits to go in, or the discard the
viewer may claim), and the viewer's panel under them: what the hand is worth (how many cards
from a win), what to do now, and the hand as big as fits, its melds (gold) and pairs (grey)
bracketed and named as the hand would be read if it were to win now, its dora dotted; its own
melds laid down beside it and its discards after them.

What the hand shows follows the decision: both versions (as dealt and rotated) while it may
rotate; a discard it may claim with its ron gaps lit and its pon / chi pairs ringed; the gaps
numbered 1..n+1 while a drawn card waits; the hand as it would be after an insert or a ron
being considered (the view's `proposal`, see `render.api.render_view`), the new card ringed,
with the win and its yaku when it wins; else the cards numbered to discard by number.

The channel's image: every seat's plate, the table, the last moves. Between two rounds (the
next one dealt, its rotations open) it shows the round just played: each winning hand (or on a
draw, each hand one card from a win) by its upright ends, its yaku and points, every score. At
the end: the result, then the last round. Every round's scores are the embed's and the
Details image's.

The package, by concept: `words` (sizes, labels, yaku), `table` (melds, discards, the seats'
plates, the table), `viewer` (the viewer's panel and hand), `image` (the image put together, the
round just ended, the Details image) and `samples`.
"""

from render.games.shirokuro.image import details, render
from render.games.shirokuro.samples import SAMPLE_PLAYERS, sample_hand, sample_moments
from render.games.shirokuro.table import dora_positions
from render.games.shirokuro.viewer import in_place
from render.games.shirokuro.words import LABELS, YAKU_NAMES, round_name, yaku_text

__all__ = [
    "LABELS",
    "SAMPLE_PLAYERS",
    "YAKU_NAMES",
    "details",
    "dora_positions",
    "in_place",
    "render",
    "round_name",
    "sample_hand",
    "sample_moments",
    "yaku_text",
]
