"""CPU queries (`cardbot cpu`, docs/records.md): a record and a seat in, that seat's CPU decision out.

A query is `{"record": RECORD, "seat": s}`; `seat` may be left out when exactly one seat has a
prompt now. The answer is `{"action": {...}}` (the record's next action, as `cardbot replay`
would accept it), `{"action": null}` when the CPU lets an optional prompt go, or the
`{"error": {"index", "code", "message"}}` object of `cardbot replay`.

The CPU is given what `cpu_chooser` gives it during autoplay: the seat's view, its prompt and
the game's dry-run check. Its RNG is derived from the level, the record's seed, the number of
actions so far and the seat, never from the game state, so two records that differ only in
cards the seat cannot see get the same answer.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from engines.actions import Action
from engines.cpu import cpu_player, decision_rng
from engines.errors import JSON, GameError, RecordError
from engines.game import Game, acting_prompts, resolve_prompt
from engines.players import CpuPlayer, Decision
from engines.prompts import Prompt
from engines.record import (
    Record,
    apply_actions,
    error_answer,
    parse_record,
    read_json,
    shown,
    start,
)

QUERY_KEYS: Final = frozenset({"record", "seat"})


class Verdict(Enum):
    """How a query went, which `cardbot cpu` turns into its exit status (0, 2 or 3)."""

    ANSWERED = "answered"
    MALFORMED = "malformed"
    """Not JSON, a malformed query or record, a seat that may not act, a finished game."""
    REFUSED = "refused"
    """An action in the record was refused; the error's `index` says which."""


class QueryError(GameError):
    """A query that asks nothing answerable (its record itself may be fine)."""


def read_query(text: str, first_line: int = 1) -> JSON:
    """The JSON value of a query's text, read by the rules of `read_record`."""
    return read_json(text, first_line, "query")


def answer_query_text(
    text: str, level: str, first_line: int = 1
) -> tuple[dict[str, JSON], Verdict]:
    """The answer to one query given as JSON text."""
    try:
        data = read_query(text, first_line)
    except RecordError as exc:
        return error_answer(exc), Verdict.MALFORMED
    return answer_query(data, level)


def answer_query(data: JSON, level: str) -> tuple[dict[str, JSON], Verdict]:
    """The answer to one parsed query: the CPU's action, a decline, or an error object."""
    try:
        record, seat = _parse_query(data)
        player = cpu_player(record.game, level)
        game = start(record)
        applied, refused = apply_actions(game, record.actions)
        if refused is not None:
            return error_answer(refused, applied), Verdict.REFUSED
        prompt = _prompt_of(game, seat)
        action = _decide(game, prompt, player, record, level)
    except GameError as exc:
        return error_answer(exc), Verdict.MALFORMED
    except RecursionError:  # an action or a deal nested deeper than Python recurses
        too_deep = RecordError("bad_json", "The query is nested too deeply.")
        return error_answer(too_deep), Verdict.MALFORMED
    return {"action": None if action is None else action.to_json()}, Verdict.ANSWERED


def _parse_query(data: JSON) -> tuple[Record, int | None]:
    if not isinstance(data, dict):
        raise QueryError("malformed_query", 'A query is a JSON object: {"record": ..., "seat": s}.')
    unknown = sorted(str(key) for key in data if key not in QUERY_KEYS)
    if unknown:
        raise QueryError(
            "malformed_query",
            f"Unknown query key '{shown(unknown[0])}'; a query has 'record' and 'seat'.",
        )
    if "record" not in data:
        raise QueryError("malformed_query", "The query needs a 'record'.")
    seat = data.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise QueryError("malformed_query", "The query's 'seat' must be an integer.")
    return parse_record(data["record"]), seat


def _prompt_of(game: Game, seat: int | None) -> Prompt:
    """The prompt the query asks about: the named seat's, or the only one there is."""
    if game.is_over():
        raise QueryError("game_over", "The game is over; there is no decision to make.")
    prompts = acting_prompts(game)
    waiting = ", ".join(str(s) for s in sorted(prompts)) or "none"
    if seat is None:
        if len(prompts) != 1:
            raise QueryError(
                "seat_required",
                f"Name the 'seat' to decide for; seats that may act now: {waiting}.",
            )
        return next(iter(prompts.values()))
    if not 0 <= seat < game.seats:
        raise QueryError("bad_seat", f"There is no seat {seat}.")
    if seat not in prompts:
        raise QueryError(
            "not_your_turn",
            f"Seat {seat} has no decision to make now; seats that may act now: {waiting}.",
        )
    return prompts[seat]


def _decide(
    game: Game, prompt: Prompt, player: CpuPlayer, record: Record, level: str
) -> Action | None:
    """What the table would apply for `prompt` with `player` (at `level`) in its seat.

    The decision is built as `cpu_chooser` builds it; only the RNG differs, derived from what
    the seat knows (seed, level, the number of actions so far) since no autoplay stream exists.
    """
    purpose = f"cpu-query:{level}:{len(record.actions)}"
    rng = decision_rng(record.seed, purpose, prompt.seat)

    def decide(table: Game, asked: Prompt) -> Action | None:
        return player.decide(Decision(table.view(asked.seat), asked, rng, table.accepts))

    return resolve_prompt(game, prompt, decide)
