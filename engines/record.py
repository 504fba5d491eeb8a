"""Game records (docs/records.md): parse one, replay it, and answer as `cardbot replay` prints."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from engines.actions import read_actions
from engines.contract import CONTRACT_GAMES
from engines.cpu import DEFAULT_LEVEL, cpu_chooser
from engines.errors import JSON, GameError, IllegalAction, RecordError
from engines.game import Game
from engines.registry import game_class

MAX_DEPTH: Final = 16
"""Options and deals nest a few levels at most; anything deeper is not a record."""
MAX_SHOWN: Final = 40
"""Characters of a record's own text quoted back in an error message."""
MAX_MESSAGE: Final = 300
"""Characters of an error message in an answer (an echoed field may be huge)."""


@dataclass(frozen=True)
class Record:
    """Everything that reproduces a game: (game, seats, options, seed, deal, actions)."""

    game: str
    seats: int
    options: dict[str, JSON] = field(default_factory=dict)
    seed: int = 0
    deal: JSON = None
    actions: tuple[JSON, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        """The record as docs/records.md writes it (canonical codes, `deal` only when given)."""
        out: dict[str, JSON] = {
            "game": self.game,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
        }
        if self.deal is not None:
            out["deal" if not isinstance(self.deal, list) else "deals"] = self.deal
        out["actions"] = list(self.actions)
        return out


def read_record(text: str, first_line: int = 1) -> Record:
    """A record from its JSON text (`first_line` numbers the text's first line in messages).

    Anything that is not a record raises RecordError: bad JSON (`read_json`), a malformed record.
    """
    return parse_record(read_json(text, first_line, "record"))


def read_json(text: str, first_line: int = 1, what: str = "record") -> JSON:
    """The JSON value of a record's or a query's text (`what` names it in messages).

    Anything that is not JSON raises RecordError(`bad_json`): `NaN`, `Infinity`, numbers too
    large for a float, a number of more digits than Python reads, nesting deeper than the
    parser goes.
    """
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        line = first_line + exc.lineno - 1
        raise RecordError(
            "bad_json", f"Not JSON: {exc.msg} (line {line}, column {exc.colno})."
        ) from None
    except ValueError:  # int(): more digits than Python reads
        raise RecordError(
            "bad_json",
            f"A number in the {what} has more than {sys.get_int_max_str_digits()} digits.",
        ) from None
    except RecursionError:
        raise RecordError("bad_json", f"The {what} is nested too deeply.") from None


def _no_constant(name: str) -> JSON:
    raise RecordError("bad_json", f"Not JSON: {name} is not a JSON number.")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError("bad_json", f"The number {shown(text)} is too large.")
    return value


def parse_record(data: JSON) -> Record:
    """Check the shape of a record; anything malformed raises RecordError."""
    if not isinstance(data, dict):
        raise RecordError("malformed_record", "A record must be a JSON object.")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("malformed_record", "The record needs a string 'game'.")
    game_for_record(game)
    seats = data.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool):
        raise RecordError("malformed_record", "The record needs an integer 'seats'.")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("malformed_record", "'options' must be a JSON object.")
    _check_values("options", options)
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("malformed_record", "'seed' must be an integer.")
    if "deal" in data and "deals" in data:
        raise RecordError("malformed_record", "Give either 'deal' or 'deals', not both.")
    key = "deal" if "deal" in data else "deals"
    deal = data.get(key)
    _check_values(key, deal)
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("malformed_record", "'actions' must be a list.")
    return Record(game, seats, options, seed, deal, tuple(actions))


def _check_values(name: str, value: JSON) -> None:
    """Refuse fractions and deep nesting in a record's field (`name` starts the paths told).

    No number of docs/records.md is a fraction, and Python takes `1.0` for `1`: a deal's `"first":
    1.0` must not pass for seat 1.
    """
    pending = [(value, name, 0)]
    while pending:
        item, path, depth = pending.pop()
        if isinstance(item, float):
            raise RecordError(
                "malformed_record", f"{shown(path)} is {item!r}: a record's numbers are whole."
            )
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise RecordError("malformed_record", f"'{name}' is nested too deeply.")
            if isinstance(item, dict):
                pending.extend((v, f"{path}.{k}", depth + 1) for k, v in item.items())
            else:
                pending.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(item))


def game_for_record(game_id: str) -> type[Game]:
    """The game class of a record's `game`; a listed game this version cannot play says so."""
    try:
        return game_class(game_id)
    except RecordError:
        if game_id in CONTRACT_GAMES:
            raise RecordError(
                "game_not_playable",
                f"{game_id} is not playable yet in this version.",
                game=game_id,
            ) from None
        raise RecordError(
            "unknown_game", f"Unknown game '{shown(game_id)}'.", game=game_id
        ) from None


def start(record: Record) -> Game:
    """The game of a record before any action (options, seats and deal checked)."""
    cls = game_for_record(record.game)
    if record.deal is not None and isinstance(record.deal, list) != cls.multi_hand:
        key = "deals" if cls.multi_hand else "deal"
        raise RecordError("bad_deal", f"{record.game} takes '{key}'.")
    return cls.new(record.seats, record.options, record.seed, record.deal)


def apply_actions(game: Game, actions: Sequence[JSON]) -> tuple[int, IllegalAction | None]:
    """Apply a record's actions in order: how many were applied, and why the next one was
    refused (malformed or illegal: its index is that count), or None when all were applied."""
    parsed, malformed = read_actions(actions)
    for index, action in enumerate(parsed):
        try:
            game.apply(action)
        except IllegalAction as exc:
            return index, exc
    return len(parsed), malformed


@dataclass
class ReplayOutcome:
    """What replaying a record gave: the answer object, and whether an action was refused."""

    answer: dict[str, JSON]
    refused: bool = False


def replay(record: Record, finish: bool = False) -> ReplayOutcome:
    """Apply the record's actions (and with `finish`, let normal CPUs end the game).

    Setup problems raise RecordError; a refused action is an answer, not an exception.
    """
    game = start(record)
    applied, refused = apply_actions(game, record.actions)
    if refused is not None:
        return ReplayOutcome({"error": {"index": applied, **refused.to_json()}}, refused=True)
    if finish and not game.is_over():
        chooser = cpu_chooser(record.game, [DEFAULT_LEVEL] * game.seats, record.seed, "finish")
        applied += len(game.autoplay(chooser))
    return ReplayOutcome(answer(game, applied))


def answer(game: Game, applied: int) -> dict[str, JSON]:
    """The replay answer object of docs/records.md for a game after `applied` actions."""
    return {
        "game": game.id,
        "actions_applied": applied,
        "over": game.is_over(),
        "to_act": sorted(game.to_act()),
        "result": game.result(),
        "state": game.summary(),
    }


def error_answer(exc: GameError, index: int | None = None) -> dict[str, JSON]:
    """The `{"error": ...}` object for a record that could not be replayed (message cut short)."""
    error = {"index": index, **exc.to_json()}
    error["message"] = cut(str(error["message"]), MAX_MESSAGE)
    return {"error": error}


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """A piece of a record quoted in a message: cut after `limit` characters."""
    return cut(text, limit)


def printable(text: str) -> str:
    """`text` with every character that does not print (a line break, a control character,
    a lone surrogate) written as its escape (`\\n`, `\\x1b`, `\\ud800`): a message stays one line."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def cut(text: str, limit: int) -> str:
    """`text`, or its first `limit` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"
