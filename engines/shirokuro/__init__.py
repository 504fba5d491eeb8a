"""Shirokuro-jaku (白黒雀): the rules (`game`, `claims`, `yaku`) and the CPU players (`cpu`)."""

from engines.shirokuro.game import Shirokuro

__all__ = ["Shirokuro"]
