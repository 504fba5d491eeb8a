"""`cardbot replay` as RECORDS.md specifies it: output shape, errors, exit codes, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engines.cards import standard_deck
from engines.kitten_fishing import KittenFishing


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def record(**extra: object) -> dict:
    return {"game": "kitten-fishing", "seats": 2, "options": {}, "seed": 11, "actions": [], **extra}


def test_replays_actions_and_prints_the_answer() -> None:
    proc = run(
        "-",
        stdin=json.dumps(
            record(actions=[{"seat": 0, "type": "flip"}, {"seat": 1, "type": "flip"}])
        ),
    )
    assert proc.returncode == 0 and proc.stderr == ""
    answer = json.loads(proc.stdout)
    assert set(answer) == {"game", "actions_applied", "over", "to_act", "result", "state"}
    assert answer["game"] == "kitten-fishing" and answer["actions_applied"] == 2
    assert answer["over"] is False and answer["to_act"] == [0] and answer["result"] is None
    assert (
        answer["state"]["moves"] == 2
        and sum(answer["state"]["stock_counts"]) + len(answer["state"]["table"]) == 52
    )


def test_finish_gives_exactly_the_result_of_flipping_by_hand(tmp_path: Path) -> None:
    game = KittenFishing.new(2, {}, 11)
    while not game.is_over():
        game.apply(game.legal_actions(game.turn)[0])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record()))
    answer = json.loads(run(str(path), "--finish").stdout)
    assert answer["over"] is True and answer["to_act"] == []
    assert answer["result"] == game.result()
    assert answer["actions_applied"] == game.moves


def test_a_given_deal_overrides_the_shuffle() -> None:
    deck = standard_deck()
    deal = {"stocks": [deck[:26], deck[26:]], "first": 1}
    answer = json.loads(
        run("-", stdin=json.dumps(record(deal=deal, actions=[{"seat": 1, "type": "flip"}]))).stdout
    )
    assert answer["state"]["table"] == [deck[26]] and answer["state"]["turn"] == 0


def test_an_illegal_action_prints_its_index_and_exits_3() -> None:
    actions = [{"seat": 0, "type": "flip"}, {"seat": 0, "type": "flip"}]
    proc = run("-", stdin=json.dumps(record(actions=actions)))
    assert proc.returncode == 3
    assert json.loads(proc.stdout) == {
        "error": {
            "index": 1,
            "code": "not_your_turn",
            "message": json.loads(proc.stdout)["error"]["message"],
        }
    }
    assert "seat 1" in json.loads(proc.stdout)["error"]["message"]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        json.dumps({"game": "poker", "seats": 2}),
        json.dumps(record(options={"nope": 1})),
        json.dumps(record(seats=3)),
        json.dumps(record(deal={"stocks": [standard_deck()[:26], standard_deck()[:26]]})),
        json.dumps(record(actions="flip")),
        json.dumps([1, 2]),
        "[" * 100000,
    ],
)
def test_malformed_records_exit_2_with_a_message_and_no_traceback(text: str) -> None:
    proc = run("-", stdin=text)
    assert proc.returncode == 2
    assert proc.stderr.startswith("cardbot replay: ") and "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_missing_file_exits_2() -> None:
    proc = run("/nonexistent/record.json")
    assert proc.returncode == 2 and "cannot read" in proc.stderr and "Traceback" not in proc.stderr


def test_malformed_action_is_a_refused_action() -> None:
    proc = run("-", stdin=json.dumps(record(actions=[{"seat": 0}])))
    assert proc.returncode == 3 and json.loads(proc.stdout)["error"]["code"] == "malformed_action"


def test_jsonl_answers_every_line_and_exits_0() -> None:
    lines = [
        json.dumps(record(seed=1)),
        "garbage",
        json.dumps(record(actions=[{"seat": 1, "type": "flip"}])),
        json.dumps(record(game="nope")),
    ]
    proc = run("--jsonl", "-", "--finish", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0]["over"] is True
    assert answers[1]["error"]["code"] == "bad_json"
    assert answers[2]["error"] == {
        "index": 0,
        "code": "not_your_turn",
        "message": answers[2]["error"]["message"],
    }
    assert answers[3]["error"]["code"] == "unknown_game"


def run_bytes(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
    )


def strict_json(text: str | bytes) -> object:
    """JSON as RFC 8259 has it: no NaN or Infinity (Python's json reads them by default)."""

    def refuse(name: str) -> object:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


def error_of(proc: subprocess.CompletedProcess[bytes]) -> dict:
    return strict_json(proc.stdout.decode("utf-8"))["error"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("cls", "malformed_action"),
        ("self", "malformed_action"),
        ("fields", "malformed_action"),
        ("seat", "not_your_turn"),  # a repeated key: JSON keeps the last one, seat 1
        ("type", "malformed_action"),  # the last "type" is 1, not a string
    ],
)
def test_an_action_field_named_like_a_python_parameter_is_refused_not_a_crash(
    name: str, code: str
) -> None:
    action = '{"seat": 0, "type": "flip", "' + name + '": 1}'
    text = json.dumps(record()).replace('"actions": []', f'"actions": [{action}]')
    proc = run_bytes("-", stdin=text.encode())
    assert proc.returncode == 3 and proc.stderr == b""
    assert error_of(proc)["index"] == 0 and error_of(proc)["code"] == code


def test_a_seed_of_thousands_of_digits() -> None:
    text = json.dumps(record(seed=int("9" * 4000)))
    ok = run_bytes("-", stdin=text.encode())
    assert ok.returncode == 0 and strict_json(ok.stdout)["actions_applied"] == 0  # type: ignore[index]
    too_long = run_bytes("-", stdin=text.replace("9" * 4000, "9" * 5000).encode())
    assert too_long.returncode == 2 and b"Traceback" not in too_long.stderr
    assert too_long.stderr.startswith(b"cardbot replay: A number in the record has more than")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('{"game": "kitten-\\ud800", "seats": 2}', 2),
        ('{"game": "kitten-fishing", "seats": 2, "options": {"\\udfff": 1}}', 2),
        ('{"game": "kitten-fishing", "seats": 2, "actions": [{"seat": 0, "type": "\\ud800"}]}', 3),
        ('{"game": "kitten-fishing", "seats": 2, "actions": [{"seat": 0, "type": "f\\udc80"}]}', 3),
    ],
)
def test_lone_surrogates_are_answered_and_printed_escaped(text: str, code: int) -> None:
    proc = run_bytes("-", stdin=text.encode())
    assert proc.returncode == code and b"Traceback" not in proc.stderr
    if code == 3:
        assert error_of(proc)["code"] == "unknown_action"
        assert b"\\ud800" in proc.stdout or b"\\udc80" in proc.stdout
    jsonl = run_bytes("--jsonl", "-", stdin=text.encode() + b"\n")
    assert jsonl.returncode == 0 and jsonl.stderr == b""
    assert strict_json(jsonl.stdout.decode("utf-8"))["error"]["code"]  # type: ignore[index]


@pytest.mark.parametrize(
    "extra",
    [
        {"options": {"first": 1.0}},
        {"options": {"first": True}},
        {"options": {"first": "1"}},
        {"deal": {"stocks": [standard_deck()[:26], standard_deck()[26:]], "first": 1.0}},
        {"deal": {"stocks": [standard_deck()[:26], standard_deck()[26:]], "first": True}},
    ],
)
@pytest.mark.parametrize("finish", [[], ["--finish"]])
def test_options_and_deal_fields_are_checked_by_type(extra: dict, finish: list[str]) -> None:
    proc = run("-", *finish, stdin=json.dumps(record(**extra)))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("cardbot replay: ") and "Traceback" not in proc.stderr


def test_a_deal_field_that_is_a_fraction_is_named() -> None:
    deal = {"stocks": [standard_deck()[:26], standard_deck()[26:]], "first": 1.0}
    proc = run("-", stdin=json.dumps(record(deal=deal)))
    assert proc.stderr == "cardbot replay: deal.first is 1.0: a record's numbers are whole.\n"


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "kitten-fishing", "seats": 2, "seed": NaN}',
        '{"game": "kitten-fishing", "seats": 2, "seed": -Infinity}',
        '{"game": "kitten-fishing", "seats": 2, "seed": 1e400}',
        '{"game": "kitten-fishing", "seats": 2, "actions": [{"seat": 0, "type": "flip", "x": NaN}]}',
    ],
)
def test_numbers_json_does_not_have_are_malformed(text: str) -> None:
    proc = run("-", stdin=text)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr


def test_a_game_of_the_contract_not_yet_playable_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.replay import answer_line
    from engines.record import CONTRACT_GAMES

    # a game of the record format that this version does not have (as if it had not landed)
    monkeypatch.setattr("engines.record.CONTRACT_GAMES", (*CONTRACT_GAMES, "pig-and-sheep"))
    answer, code = answer_line(json.dumps(record(game="pig-and-sheep")), False)
    assert code == 2 and answer["error"]["code"] == "game_not_playable"  # type: ignore[index]
    assert answer["error"]["message"] == "pig-and-sheep is not playable yet in this version."  # type: ignore[index]
    unknown = run("-", stdin=json.dumps(record(game="poker")))
    assert unknown.returncode == 2 and unknown.stderr == "cardbot replay: Unknown game 'poker'.\n"


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ({"game": "\n"}, "Unknown game '\\n'."),
        ({"game": "po\rker\x1b"}, "Unknown game 'po\\rker\\x1b'."),
    ],
)
def test_a_message_quoting_a_line_break_stays_one_line(extra: dict[str, object], said: str) -> None:
    # found by the fuzz test: the line break of a game id was printed as it was
    done = run("-", stdin=json.dumps({**record(), **extra}))
    assert done.returncode == 2 and done.stderr == f"cardbot replay: {said}\n"


@pytest.mark.parametrize(
    "extra",
    [
        {"game": "g" * 1_000_000},
        {"options": {"o" * 1_000_000: 1}},
        {"actions": [{"seat": 0, "type": "t" * 1_000_000}]},
        {"deal": {"stocks": [["X" * 100_000] * 8, ["Y" * 100_000] * 8]}},
    ],
)
def test_huge_fields_are_not_echoed_back_in_full(extra: dict) -> None:
    proc = run_bytes("--jsonl", "-", stdin=json.dumps(record(**extra)).encode() + b"\n")
    assert proc.returncode == 0 and len(proc.stdout) < 1000
    assert strict_json(proc.stdout)["error"]["message"]  # type: ignore[index]
    single = run_bytes("-", stdin=json.dumps(record(**extra)).encode())
    assert single.returncode in (2, 3) and len(single.stdout) + len(single.stderr) < 1000


@pytest.mark.parametrize("depth", [20, 900, 5000])
@pytest.mark.parametrize("where", ["options", "deal", "action"])
def test_deep_nesting_anywhere_is_malformed_not_a_crash(depth: int, where: str) -> None:
    nested = "[" * depth + "]" * depth
    extra = {
        "options": '"options": {"first": ' + nested + "}",
        "deal": '"deal": {"stocks": ' + nested + "}",
        "action": '"actions": [{"seat": 0, "type": "flip", "x": ' + nested + "}]",
    }[where]
    text = '{"game": "kitten-fishing", "seats": 2, ' + extra + "}"
    proc = run_bytes("-", stdin=text.encode())
    assert proc.returncode in (2, 3) and b"Traceback" not in proc.stderr


def test_an_empty_input_says_it_is_empty(tmp_path: Path) -> None:
    for stdin in ("", "  \n\r\n"):
        proc = run("-", stdin=stdin)
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr == "cardbot replay: standard input is empty: give it one JSON record.\n"
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    proc = run(str(empty))
    assert proc.returncode == 2 and f"{empty} is empty" in proc.stderr
    assert run("--jsonl", str(empty)).stdout == ""  # no line, no answer


def test_a_byte_order_mark_is_accepted() -> None:
    bom = "\ufeff".encode()
    proc = run_bytes("-", stdin=bom + json.dumps(record()).encode())
    assert proc.returncode == 0 and strict_json(proc.stdout)["actions_applied"] == 0  # type: ignore[index]
    lines = run_bytes("--jsonl", "-", stdin=bom + (json.dumps(record()).encode() + b"\n") * 2)
    assert [strict_json(line)["to_act"] for line in lines.stdout.splitlines()] == [[0], [0]]  # type: ignore[index]


def test_input_that_is_not_utf8_is_named_with_its_position() -> None:
    proc = run_bytes("-", stdin=b'{"game": "kitten-fishing",\n "seats": 2}\xff')
    assert proc.returncode == 2
    assert proc.stderr == b"cardbot replay: Not UTF-8 text: byte 0xff (line 2, column 13).\n"


def test_jsonl_answers_every_line_whatever_it_holds() -> None:
    good = json.dumps(record()).encode()
    lines = [
        good,  # 1
        b"",  # 2: blank
        b"   \r",  # 3: blank, CRLF
        good.replace(b", ", b",\r"),  # 4: a bare \r inside a record is JSON whitespace
        b"not json",  # 5
        b'{"game": "kitten-fishing", \xff\xfe "seats": 2}',  # 6: bad UTF-8
        good + b"\r",  # 7: CRLF line ending
        b'{"game": "kitten-fishing", "seats": x}',  # 8: error at column 37 of line 8
        json.dumps(record(actions=[{"seat": 1, "type": "flip"}])).encode(),  # 9: refused
        json.dumps(record(game="poker")).encode(),  # 10: an unknown game
        b"[" * 100_000,  # 11
        b"\x00\x01",  # 12
        good,  # 13: last line without a newline
    ]
    proc = run_bytes("--jsonl", "-", "--finish", stdin=b"\n".join(lines))
    assert proc.returncode == 0 and proc.stderr == b""
    answers = [strict_json(line.decode("utf-8")) for line in proc.stdout.split(b"\n")[:-1]]
    assert len(answers) == len(lines) and proc.stdout.endswith(b"\n")
    for n in (1, 4, 7, 13):
        assert answers[n - 1]["over"] is True, n  # type: ignore[index]
    errors = {n: answers[n - 1]["error"] for n in (2, 3, 5, 6, 8, 9, 10, 11, 12)}  # type: ignore[index]
    assert {n: e["index"] for n, e in errors.items()} == {n: None for n in errors} | {9: 0}
    assert errors[2] == {
        "index": None,
        "code": "empty_line",
        "message": "Line 2 is empty: each line holds one record.",
    }
    assert errors[3]["code"] == "empty_line"
    assert errors[5]["message"] == "Not JSON: Expecting value (line 5, column 1)."
    assert errors[6] == {
        "index": None,
        "code": "bad_encoding",
        "message": "Not UTF-8 text: byte 0xff (line 6, column 28).",
    }
    assert errors[8]["message"] == "Not JSON: Expecting value (line 8, column 37)."
    assert errors[9]["code"] == "not_your_turn"
    assert errors[10]["code"] == "unknown_game"
    assert errors[11]["message"] == "The record is nested too deeply."
    assert errors[12]["code"] == "bad_json"


def test_a_file_with_one_undecodable_line_still_answers_every_line(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    good = json.dumps(record()).encode()
    path.write_bytes(b"\n".join([good, good[:10] + b"\xc3\x28" + good[10:], good]) + b"\n")
    proc = run_bytes("--jsonl", str(path))
    answers = [strict_json(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(answers) == 3
    assert "error" not in answers[0] and "error" not in answers[2]
    assert answers[1]["error"]["code"] == "bad_encoding"  # type: ignore[index]


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text((json.dumps(record()) + "\n") * 20_000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "replay", "--jsonl", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert json.loads(proc.stdout.readline())["game"] == "kitten-fishing"
    proc.stdout.close()  # `| head -1`
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141  # 128 + SIGPIPE, as a shell reports it
    assert err == b""
