"""Prompt Lab as the scan finds a game: its descriptor, from tests/tables/prompt_lab.py."""

from tests.tables.prompt_lab import GAME

__all__ = ["GAME"]
