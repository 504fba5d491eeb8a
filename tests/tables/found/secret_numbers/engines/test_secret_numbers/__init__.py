"""Secret Numbers as the scan finds a game: its descriptor, from tests/tables/secret_numbers.py."""

from tests.tables.secret_numbers import GAME

__all__ = ["GAME"]
