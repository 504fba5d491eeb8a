"""`cardbot cpu` as RECORDS.md specifies it: answers, exit codes, a conversation over --jsonl."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cpu import converse
from engines.record import parse_record, replay

COMMAND = [sys.executable, "-m", "bot.cli", "cpu"]


def run(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [*COMMAND, *args], input=data, capture_output=True, timeout=120, check=False
    )


def record(**extra: object) -> dict:
    return {"game": "kitten-fishing", "seats": 2, "options": {}, "seed": 11, "actions": [], **extra}


def flips(*seats: int) -> list[dict]:
    return [{"seat": s, "type": "flip"} for s in seats]


def query(**extra: object) -> str:
    return json.dumps({"record": record(**extra)})


# ---------------------------------------------------------------- one query


def test_answers_the_next_action_on_one_line_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "query.json"
    path.write_text(query(actions=flips(0, 1, 0)))
    proc = run("--level", "easy", str(path))
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout == b'{"action":{"seat":1,"type":"flip"}}\n'


def test_reads_standard_input_and_names_the_seat() -> None:
    text = json.dumps({"record": record(actions=flips(0)), "seat": 1})
    proc = run("--level", "hard", "-", stdin=text)
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == {"action": {"seat": 1, "type": "flip"}}


def test_an_illegal_action_in_the_record_exits_3_with_its_index() -> None:
    proc = run("--level", "normal", "-", stdin=query(actions=flips(0, 0)))
    assert proc.returncode == 3 and proc.stderr == b""
    error = json.loads(proc.stdout)["error"]
    assert error["index"] == 1 and error["code"] == "not_your_turn" and error["message"]


@pytest.mark.parametrize(
    ("stdin", "code"),
    [
        ("not json", "bad_json"),
        (b"\xff\xfe", "bad_encoding"),
        ("", "bad_json"),
        ("\ufeff{", "bad_json"),
        ("[1]", "malformed_query"),
        (json.dumps({"record": record(game="poker")}), "unknown_game"),
        (json.dumps({"record": record(actions=flips(0)), "seat": 0}), "not_your_turn"),
        (json.dumps({"record": record(), "seat": 7}), "bad_seat"),
        (json.dumps({"record": {"game": "\ud800", "seats": 2}}), "unknown_game"),
        ("[" * 100_000, "bad_json"),
    ],
)
def test_an_invalid_query_answers_an_error_and_exits_2(stdin: str | bytes, code: str) -> None:
    proc = run("--level", "normal", "-", stdin=stdin)
    assert proc.returncode == 2
    error = json.loads(proc.stdout)["error"]
    assert error["code"] == code and error["index"] is None
    assert proc.stderr.decode().startswith("cardbot cpu: ") and b"Traceback" not in proc.stderr


def test_a_finished_game_exits_2() -> None:
    deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    deal = {"stocks": [deck[:1], deck[1:]], "first": 0}
    proc = run("--level", "normal", "-", stdin=query(deal=deal, actions=flips(0)))
    assert proc.returncode == 2 and json.loads(proc.stdout)["error"]["code"] == "game_over"


def test_a_missing_file_exits_2_without_a_traceback() -> None:
    proc = run("--level", "easy", "/nonexistent/query.json")
    assert proc.returncode == 2 and b"cannot read" in proc.stderr
    assert b"Traceback" not in proc.stderr


@pytest.mark.parametrize("args", [["-"], ["--level", "expert", "-"]])
def test_the_level_is_required_and_checked(args: list[str]) -> None:
    proc = run(*args, stdin=query())
    assert proc.returncode == 2 and b"--level" in proc.stderr and proc.stdout == b""


def test_help_documents_the_query_the_levels_and_jsonl() -> None:
    text = subprocess.run(
        [*COMMAND, "--help"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    for words in ('"record"', '"seat"', "easy,normal,hard", "--jsonl", "standard input"):
        assert words in text
    listing = subprocess.run(
        [sys.executable, "-m", "bot.cli", "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "cpu" in listing


# ---------------------------------------------------------------- --jsonl


def test_jsonl_answers_every_line_even_broken_ones_and_exits_0() -> None:
    lines = [
        query(actions=flips(0)).encode(),
        b"garbage",
        b"",
        b"\xff\xfe\xfd",
        json.dumps({"record": {"game": "\ud800", "seats": 2}}).encode(),
        b'{"record": {"game": "\xed\xa0\x80"}}',
        b"  \t",
        query(actions=flips(1)).encode(),
        query(actions=flips(0, 1)).encode() + b"\r",
    ]
    proc = run("--level", "normal", "--jsonl", "-", stdin=b"\n".join(lines))
    assert proc.returncode == 0 and proc.stderr == b""
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert answers[0] == {"action": {"seat": 1, "type": "flip"}}
    assert [a["error"]["code"] for a in answers[1:7]] == [
        "bad_json",
        "empty_line",
        "bad_encoding",
        "unknown_game",
        "bad_encoding",
        "empty_line",
    ]
    assert "Line 3 " in answers[2]["error"]["message"]
    assert "line 4" in answers[3]["error"]["message"]
    assert answers[7]["error"]["index"] == 0 and answers[7]["error"]["code"] == "not_your_turn"
    assert answers[8] == {"action": {"seat": 0, "type": "flip"}}


class FlushLog(io.BytesIO):
    """An output that counts the answer lines that had been flushed."""

    flushed = 0

    def flush(self) -> None:
        super().flush()
        self.flushed = self.getvalue().count(b"\n")


def test_converse_flushes_each_answer_before_it_reads_the_next_line() -> None:
    out = FlushLog()
    queries = [query().encode(), b"", query(actions=flips(0)).encode()]

    def lines() -> Iterator[bytes]:
        for number, line in enumerate(queries):
            assert out.flushed == number  # every earlier answer is out already
            yield line + b"\n"

    converse(lines(), "easy", out)
    assert out.flushed == 3


@pytest.fixture
def conversation() -> Iterator[subprocess.Popen[bytes]]:
    """A `cardbot cpu --jsonl -` process, killed if it is still running after a minute."""
    proc = subprocess.Popen(
        [*COMMAND, "--level", "normal", "--jsonl", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    try:
        yield proc
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None and not stream.closed:
                stream.close()


def test_a_program_converses_with_one_process_answer_by_answer(
    conversation: subprocess.Popen[bytes],
) -> None:
    assert conversation.stdin is not None and conversation.stdout is not None
    rec = record(seed=21)
    for turn in range(12):
        # the next query is written only after the previous answer has been read
        conversation.stdin.write(json.dumps({"record": rec}).encode() + b"\n")
        conversation.stdin.flush()
        answer = json.loads(conversation.stdout.readline())
        assert answer == {"action": {"seat": turn % 2, "type": "flip"}}
        rec = {**rec, "actions": [*rec["actions"], answer["action"]]}
    conversation.stdin.close()
    assert conversation.stdout.read() == b""
    assert conversation.wait(timeout=60) == 0
    outcome = replay(parse_record(rec))
    assert not outcome.refused and outcome.answer["actions_applied"] == 12


def test_a_closed_output_pipe_ends_quietly(conversation: subprocess.Popen[bytes]) -> None:
    assert conversation.stdin is not None and conversation.stdout is not None
    conversation.stdin.write(query().encode() + b"\n")
    conversation.stdin.flush()
    assert json.loads(conversation.stdout.readline())["action"]["type"] == "flip"
    conversation.stdout.close()
    try:
        conversation.stdin.write((query() + "\n").encode() * 200)
        conversation.stdin.close()
    except BrokenPipeError:
        pass  # it may already have gone
    assert conversation.wait(timeout=60) == 141  # 128 + SIGPIPE, as for `cardbot replay`
    assert conversation.stderr is not None and conversation.stderr.read() == b""
