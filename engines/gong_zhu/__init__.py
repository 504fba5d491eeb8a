"""Gong Zhu (拱猪): the rules (`game`, `rules`, `scoring`), and the CPU players (`cpu`)."""

from engines.gong_zhu.game import GongZhu

__all__ = ["GongZhu"]
