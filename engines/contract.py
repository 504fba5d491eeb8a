"""The game ids the record contract lists (docs/records.md): the one shared place that names
games, because the contract does, so that a listed game this version cannot play says so."""

from typing import Final

CONTRACT_GAMES: Final = (
    "kitten-fishing",
    "go-fish",
    "gong-zhu",
    "zhao-pengyou",
    "kokutorum",
    "shirokuro",
)
"""The game ids docs/records.md lists (a version of the project may not play them all yet)."""
