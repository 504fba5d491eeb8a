"""`cardbot replay`: read game records, replay them, print answers (RECORDS.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from engines.base import GameError
from engines.record import error_answer, parse_record, replay

EXIT_OK, EXIT_MALFORMED, EXIT_REFUSED = 0, 2, 3


def _dump(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def answer_line(text: str, finish: bool) -> tuple[dict[str, object], int]:
    """The answer to one record's JSON text and the exit code it alone would give."""
    try:
        record = parse_record(json.loads(text))
        outcome = replay(record, finish)
    except json.JSONDecodeError as exc:
        return {
            "error": {
                "index": None,
                "code": "bad_json",
                "message": f"Not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno}).",
            }
        }, EXIT_MALFORMED
    except GameError as exc:
        return error_answer(exc), EXIT_MALFORMED
    except RecursionError:
        return {
            "error": {
                "index": None,
                "code": "bad_json",
                "message": "The record is nested too deeply.",
            }
        }, EXIT_MALFORMED
    return outcome.answer, EXIT_REFUSED if outcome.refused else EXIT_OK


def _open(path: str) -> IO[str]:
    return sys.stdin if path == "-" else open(path, encoding="utf-8")


def main(args: argparse.Namespace) -> int:
    """Replay one record (or one per line with --jsonl) and print the answers."""
    try:
        stream = _open(args.file)
    except OSError as exc:
        print(f"cardbot replay: cannot read {args.file}: {exc.strerror}.", file=sys.stderr)
        return EXIT_MALFORMED
    out = sys.stdout
    try:
        with stream:
            if args.jsonl:
                for line in stream:
                    if line.strip():
                        out.write(_dump(answer_line(line, args.finish)[0]) + "\n")
                return EXIT_OK
            text = stream.read()
    except UnicodeDecodeError:
        print(f"cardbot replay: {args.file} is not UTF-8 text.", file=sys.stderr)
        return EXIT_MALFORMED
    answer, code = answer_line(text, args.finish)
    if code == EXIT_MALFORMED:
        print(f"cardbot replay: {answer['error']['message']}", file=sys.stderr)  # type: ignore[index]
    else:
        out.write(_dump(answer) + "\n")
    return code
