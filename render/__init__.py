"""Pillow rendering: a view in, PNG bytes out. Knows nothing of Discord or the database.

Entry points: `render_view` (any game's table, by `view["game"]`), `render_table`,
`render_hand`, `render_round_table`; `PlayerInfo` and `Seat` describe seats; `set_font_path`
points text at another font file (or set `CARDBOT_FONT_PATH`).
"""

from render.api import render_hand, render_round_table, render_table, render_view
from render.parts import PlayerInfo
from render.plates import Seat
from render.text import set_font_path

__all__ = [
    "PlayerInfo",
    "Seat",
    "render_hand",
    "render_round_table",
    "render_table",
    "render_view",
    "set_font_path",
]
