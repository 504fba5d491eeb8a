"""Every game module, imported once so that each registers itself."""

from engines import (  # noqa: F401
    go_fish,
    gong_zhu,
    kitten_fishing,
    kokutorum,
    shirokuro,
    zhao_pengyou,
)
