"""The errors the engines raise on purpose, and the plain JSON value they carry."""

from __future__ import annotations

from typing import Any

JSON = Any
"""A plain JSON value: dict, list, str, int, float, bool or None."""


class GameError(Exception):
    """Base of every error the engines raise on purpose."""

    def __init__(self, code: str, message: str, **params: JSON) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def to_json(self) -> dict[str, JSON]:
        """The error as the record contract prints it (without the action index)."""
        return {"code": self.code, "message": self.message}

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled whole (a CPU thinking in a worker process hands its errors back pickled):
        # Exception's own pickling would call __init__ with the message alone
        return (_rebuilt_error, (type(self), self.code, self.message, self.params))


def _rebuilt_error(
    cls: type[GameError], code: str, message: str, params: dict[str, JSON]
) -> GameError:
    """A pickled GameError, made again."""
    return cls(code, message, **params)


class IllegalAction(GameError):
    """An action the rules refuse; the state is left exactly as it was.

    `code` is stable (tests, records and the bot's translations key on it), `message` is an
    English sentence that tells the player what to do, `params` fill translated templates.
    """


class RecordError(GameError):
    """A malformed record, option or deal: the game cannot even be set up."""
