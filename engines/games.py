"""Every game module, imported once so that each registers itself."""

from engines import go_fish, gong_zhu, kitten_fishing  # noqa: F401
from engines import zhao_pengyou  # noqa: F401
from engines import kokutorum, shirokuro  # noqa: F401
