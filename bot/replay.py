"""`cardbot replay`: read game records, replay them, print answers (docs/records.md).

Input is read as bytes: under `--jsonl` a line ends at `\\n` and nowhere else (a stray `\\r`
or an undecodable byte stays inside its line), so answer N is always about input line N.
Answers are UTF-8 JSON, one per line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from functools import partial
from typing import IO

from engines.errors import GameError, RecordError
from engines.record import MAX_MESSAGE, cut, error_answer, printable, read_record, replay

EXIT_OK, EXIT_MALFORMED, EXIT_REFUSED = 0, 2, 3
BOM = b"\xef\xbb\xbf"


def _dump(obj: object) -> bytes:
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        # a lone surrogate (a "\ud800" escape in the record) has no UTF-8 form: escape it
        return json.dumps(obj, separators=(",", ":")).encode("ascii")


def answer_line(text: str, finish: bool, line: int = 1) -> tuple[dict[str, object], int]:
    """The answer to one record's JSON text and the exit code it alone would give.

    `line` is the number of the text's first line in the input, for positions in messages.
    """
    try:
        outcome = replay(read_record(text, line), finish)
    except GameError as exc:
        return error_answer(exc), EXIT_MALFORMED
    except RecursionError:
        return error_answer(
            RecordError("bad_json", "The record is nested too deeply.")
        ), EXIT_MALFORMED
    if outcome.refused:
        error = outcome.answer["error"]
        error["message"] = cut(str(error["message"]), MAX_MESSAGE)
        return outcome.answer, EXIT_REFUSED
    return outcome.answer, EXIT_OK


def decode(data: bytes, first_line: int = 1) -> str:
    """UTF-8 text of `data`; RecordError(`bad_encoding`) names the first undecodable byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        line = first_line + data.count(b"\n", 0, exc.start)
        column = len(data[start : exc.start].decode("utf-8", "replace")) + 1
        raise RecordError(
            "bad_encoding",
            f"Not UTF-8 text: byte 0x{data[exc.start]:02x} (line {line}, column {column}).",
        ) from None


def line_answer(raw: bytes, number: int, finish: bool) -> dict[str, object]:
    """The answer to input line `number` under --jsonl, whatever the line holds."""
    if not raw.strip():
        return error_answer(
            RecordError("empty_line", f"Line {number} is empty: each line holds one record.")
        )
    try:
        text = decode(raw, number)
    except RecordError as exc:
        return error_answer(exc)
    return answer_line(text, finish, number)[0]


def replay_lines(lines: Iterable[bytes], finish: bool, out: IO[bytes]) -> None:
    """Write one answer line for every input line (split on `\\n` only)."""
    for number, raw in enumerate(lines, 1):
        if number == 1 and raw.startswith(BOM):
            raw = raw[len(BOM) :]
        out.write(_dump(line_answer(raw, number, finish)) + b"\n")


def input_name(file: str) -> str:
    """How the messages name the input: the file, or standard input for `-`."""
    return "standard input" if file == "-" else file


def read_input(
    command: str, args: argparse.Namespace, each_line: Callable[[IO[bytes]], None]
) -> bytes | int:
    """The bytes of `args.file` (`-`: standard input) without a byte-order mark, read for
    `cardbot <command>`; under `args.jsonl` the stream is handed to `each_line` instead. An
    exit code instead of bytes: 0 once `each_line` is done, 2 (said on standard error) when the
    input cannot be read."""
    file = args.file
    try:
        stream = sys.stdin.buffer if file == "-" else open(file, "rb")  # noqa: SIM115
    except OSError as exc:
        return _cannot_read(command, file, exc)
    with stream:
        if args.jsonl:
            each_line(stream)
            return EXIT_OK
        try:
            data = stream.read()
        except OSError as exc:
            return _cannot_read(command, file, exc)
    return data.removeprefix(BOM)


def _cannot_read(command: str, file: str, exc: OSError) -> int:
    reason = exc.strerror or exc
    print(f"cardbot {command}: cannot read {input_name(file)}: {reason}.", file=sys.stderr)
    return EXIT_MALFORMED


def main(args: argparse.Namespace) -> int:
    """Replay one record (or one per line with --jsonl) and print the answers."""
    out = sys.stdout.buffer
    data = read_input("replay", args, partial(replay_lines, finish=args.finish, out=out))
    if isinstance(data, int):
        return data
    if not data.strip():
        name = input_name(args.file)
        print(f"cardbot replay: {name} is empty: give it one JSON record.", file=sys.stderr)
        return EXIT_MALFORMED
    try:
        answer, code = answer_line(decode(data), args.finish)
    except RecordError as exc:
        answer, code = error_answer(exc), EXIT_MALFORMED
    if code == EXIT_MALFORMED:
        # one line, whatever the record made the message quote
        message = printable(str(answer["error"]["message"]))  # type: ignore[index]
        print(f"cardbot replay: {message}", file=sys.stderr)
    else:
        out.write(_dump(answer) + b"\n")
    return code
