"""Game records (RECORDS.md): parse one, replay it, and answer as `cardbot replay` prints."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.base import JSON, Action, Game, GameError, IllegalAction, RecordError, game_class
from engines.cpu import DEFAULT_LEVEL, cpu_chooser


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
        """The record as RECORDS.md writes it (canonical codes, `deal` only when given)."""
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


def parse_record(data: JSON) -> Record:
    """Check the shape of a record; anything malformed raises RecordError."""
    if not isinstance(data, dict):
        raise RecordError("malformed_record", "A record must be a JSON object.")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("malformed_record", "The record needs a string 'game'.")
    game_class(game)  # unknown game -> RecordError
    seats = data.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool):
        raise RecordError("malformed_record", "The record needs an integer 'seats'.")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("malformed_record", "'options' must be a JSON object.")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("malformed_record", "'seed' must be an integer.")
    if "deal" in data and "deals" in data:
        raise RecordError("malformed_record", "Give either 'deal' or 'deals', not both.")
    deal = data.get("deal", data.get("deals"))
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("malformed_record", "'actions' must be a list.")
    return Record(game, seats, options, seed, deal, tuple(actions))


def start(record: Record) -> Game:
    """The game of a record before any action (options, seats and deal checked)."""
    cls = game_class(record.game)
    if record.deal is not None and isinstance(record.deal, list) != cls.multi_hand:
        key = "deals" if cls.multi_hand else "deal"
        raise RecordError("bad_deal", f"{record.game} takes '{key}'.")
    return cls.new(record.seats, record.options, record.seed, record.deal)


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
    applied = 0
    for index, raw in enumerate(record.actions):
        try:
            game.apply(Action.from_json(raw))
        except IllegalAction as exc:
            return ReplayOutcome({"error": {"index": index, **exc.to_json()}}, refused=True)
        applied += 1
    if finish and not game.is_over():
        chooser = cpu_chooser(record.game, [DEFAULT_LEVEL] * game.seats, record.seed, "finish")
        applied += len(game.autoplay(chooser))
    return ReplayOutcome(answer(game, applied))


def answer(game: Game, applied: int) -> dict[str, JSON]:
    """The replay answer object of RECORDS.md for a game after `applied` actions."""
    return {
        "game": game.id,
        "actions_applied": applied,
        "over": game.is_over(),
        "to_act": sorted(game.to_act()),
        "result": game.result(),
        "state": game.summary(),
    }


def error_answer(exc: GameError, index: int | None = None) -> dict[str, JSON]:
    """The `{"error": ...}` object for a record that could not be replayed."""
    return {"error": {"index": index, **exc.to_json()}}
