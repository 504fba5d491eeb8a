"""Go Fish (ゴーフィッシュ): the rules (`rules`) and the computer players (`cpu`)."""

from engines.go_fish.rules import GoFish

__all__ = ["GoFish"]
