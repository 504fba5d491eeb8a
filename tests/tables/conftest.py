"""Fixtures of the tables service tests."""

from __future__ import annotations

import pytest

from tests.tables import secret_numbers


@pytest.fixture(autouse=True)
def _secret_numbers_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only game with decisions, registered for the duration of each test."""
    secret_numbers.install(monkeypatch)
