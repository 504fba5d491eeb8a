"""Kokutorum (コクトラム): the rules (`game`, `scoring`) and the CPU players (`cpu`)."""

from engines.kokutorum.game import Kokutorum

__all__ = ["Kokutorum"]
