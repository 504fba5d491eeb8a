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
