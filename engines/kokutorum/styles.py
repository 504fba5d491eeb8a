"""Kokutorum styles of play people use, to measure the CPU levels against (`cardbot simulate
--levels hard,style:knock-at-once`); never offered at a table.

Each plays like the normal level (the lowest deadwood, ties broken by the meld chances kept
open; the pile only when its top makes a meld that saves 3 points or more; rotates when the
turned hand has less deadwood) and differs only in when it knocks, at the first moment its
rule allows (before its discard when the 9 cards are already as low, else right after it):

- `knock-at-once`: always, whatever its deadwood;
- `knock-20-14-10`: at 20 points or fewer after its first draw of the round, 14 after its
  second, 10 after any later one;
- `knock-14-10-8`: the same at 14, 10 and 8;
- `knock-at-10`: at 10 or fewer.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from engines.kokutorum.cpu import LEVELS, KokutorumCpu

ANY: Final = 99
"""A threshold above any deadwood (nine cards show at most 54)."""

KNOCK_AT: Final = {
    "knock-at-once": (ANY,),
    "knock-20-14-10": (20, 14, 10),
    "knock-14-10-8": (14, 10, 8),
    "knock-at-10": (10,),
}


def styles() -> dict[str, KokutorumCpu]:
    """Each style's player, by name."""
    normal = LEVELS["normal"]
    return {
        name: KokutorumCpu(replace(normal, name=name, knock_at=at)) for name, at in KNOCK_AT.items()
    }
