"""`cardbot cpu`: ask a CPU player for its decision (docs/records.md, "`cardbot cpu`").

    cardbot cpu --level easy|normal|hard QUERY.json      # or - for standard input
    cardbot cpu --level easy|normal|hard --jsonl -       # one query a line, one answer a line

A query is `{"record": RECORD, "seat": s}`: the record, as `cardbot replay` takes it, brings
the game to the moment of the decision; `seat` is a seat with a prompt now (required, optional
or a mechanical step such as a draw) and may be left out when exactly one seat has one. The
answer is one JSON line: `{"action": {"seat": s, "type": ...}}`, an action `cardbot replay`
accepts as the record's next one, or `{"action": null}` when the CPU lets an optional prompt go.
The answer depends only on the level, the record's seed, the actions so far and what seat `s`
can see.

An invalid query answers `{"error": {"index": i, "code": ..., "message": ...}}` as `replay`
does. In single mode the exit status is 3 when the record's action `i` is refused, and 2 for
anything else (not JSON or not UTF-8, a malformed query or record, a seat that may not act now,
a finished game), with the message also on standard error; else 0. With `--jsonl` every input
line (split on `\\n` only; blank or undecodable ones included) gets exactly one answer line,
written and flushed before the next line is read, so a program can hold one process open and
converse with it; the exit status is 0 once the input ends, whatever the answers. Input is read
as bytes and answers are UTF-8 JSON, as `replay` reads and prints. Output to a closed pipe ends
quietly (the command line's handler, as for `replay`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from functools import partial
from typing import IO

from bot.replay import (
    BOM,
    EXIT_MALFORMED,
    EXIT_OK,
    EXIT_REFUSED,
    _dump,
    decode,
    input_name,
    read_input,
)
from engines.cpu_query import Verdict, answer_query_text
from engines.errors import JSON, RecordError
from engines.record import error_answer

_EXIT = {
    Verdict.ANSWERED: EXIT_OK,
    Verdict.MALFORMED: EXIT_MALFORMED,
    Verdict.REFUSED: EXIT_REFUSED,
}


def answer_bytes(data: bytes, level: str, number: int = 1) -> tuple[dict[str, JSON], Verdict]:
    """The answer to one query's bytes (`number`: its first line in the input, for messages)."""
    if not data.strip():
        empty = f"Line {number} is empty: each line holds one query."
        return error_answer(RecordError("empty_line", empty)), Verdict.MALFORMED
    try:
        text = decode(data, number)
    except RecordError as exc:
        return error_answer(exc), Verdict.MALFORMED
    return answer_query_text(text, level, number)


def converse(lines: Iterable[bytes], level: str, out: IO[bytes]) -> None:
    """Answer every input line on `out`, each answer flushed before the next line is read."""
    for number, raw in enumerate(lines, 1):
        if number == 1:
            raw = raw.removeprefix(BOM)
        out.write(_dump(answer_bytes(raw, level, number)[0]) + b"\n")
        out.flush()


def main(args: argparse.Namespace) -> int:
    """Answer one query (or one per line with --jsonl) with the CPU's decision."""
    out = sys.stdout.buffer
    data = read_input("cpu", args, partial(converse, level=args.level, out=out))
    if isinstance(data, int):
        return data
    if data.strip():
        answer, verdict = answer_bytes(data, args.level)
    else:
        empty = f"{input_name(args.file)} is empty: give it one JSON query."
        answer, verdict = error_answer(RecordError("bad_json", empty)), Verdict.MALFORMED
    out.write(_dump(answer) + b"\n")
    out.flush()
    if verdict is Verdict.MALFORMED:
        print(f"cardbot cpu: {answer['error']['message']}", file=sys.stderr)
    return _EXIT[verdict]
