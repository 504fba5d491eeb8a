"""Fixtures of the tables service tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.tables import secret_numbers


@pytest.fixture(autouse=True)
def _secret_numbers_game() -> Iterator[None]:
    """The test-only game with decisions, found by the scan for the duration of each test."""
    with secret_numbers.installed():
        yield
