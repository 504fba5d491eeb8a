"""Units of work: each public method of the service, run again whole after a database conflict.

PostgreSQL may abort a transaction for a serialisation failure or a deadlock (SQLSTATE 40001,
40P01; `DatabaseConflict`). The cure is to run the whole unit of work again from its first
read, so the retry wraps the public method, not a statement: a fresh session reads the rows
again and decides again. A method is run again only while none of its transactions has
committed (a later one failing must not repeat an earlier one's writes), and only for a
conflict: `table_moved_on` is the service's answer to a stale click, never retried, and a
database that is down is told at once ("try again in a moment") rather than waited for.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from bot.store.database import DatabaseConflict

log = logging.getLogger(__name__)

RETRIES = 4
"""Runs after the first, on a conflict (each one waits a little longer than the last)."""
RETRY_PAUSE = 0.02
"""Seconds before the first retry: the winner of a deadlock commits meanwhile."""

Method = TypeVar("Method", bound=Callable[..., Awaitable[Any]])


class Unit:
    """One call of a public method, with whether one of its transactions has committed."""

    __slots__ = ("committed",)

    def __init__(self) -> None:
        self.committed = False


_current: ContextVar[Unit | None] = ContextVar("cardbot_unit_of_work", default=None)


def committed() -> None:
    """Note that a transaction of the running unit of work has committed (no retry past this)."""
    unit = _current.get()
    if unit is not None:
        unit.committed = True


def unit_of_work(method: Method) -> Method:
    """Run `method` again, whole, when the database aborts it for a conflict.

    A call made from inside another unit of work (one service method using another) belongs
    to the outer unit: only the outermost call retries.
    """

    @functools.wraps(method)
    async def run(*args: Any, **kwargs: Any) -> Any:
        if _current.get() is not None:
            return await method(*args, **kwargs)
        attempt = 0
        while True:
            unit = Unit()
            token = _current.set(unit)
            try:
                return await method(*args, **kwargs)
            except DatabaseConflict as exc:
                if unit.committed or attempt >= RETRIES:
                    raise
                attempt += 1
                log.warning(
                    "%s: %s; running it again (retry %d of %d)",
                    method.__qualname__,
                    exc,
                    attempt,
                    RETRIES,
                )
            finally:
                _current.reset(token)
            await asyncio.sleep(RETRY_PAUSE * attempt)

    run.__unit_of_work__ = True  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]


def wrap_public_methods(cls: type) -> None:
    """Make each public coroutine method defined in `cls` itself a unit of work."""
    for name, value in list(vars(cls).items()):
        if (
            not name.startswith("_")
            and inspect.iscoroutinefunction(value)
            and not getattr(value, "__unit_of_work__", False)
        ):
            setattr(cls, name, unit_of_work(value))
