"""The toy game as the scan finds a game: its descriptor, from tests/engines/test_cpu_query.py."""

from tests.engines.test_cpu_query import GAME

__all__ = ["GAME"]
