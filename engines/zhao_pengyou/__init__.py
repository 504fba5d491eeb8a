"""Zhao Pengyou (找朋友): rules, scoring and computer players."""

from engines.zhao_pengyou.game import ZhaoPengyou

__all__ = ["ZhaoPengyou"]
