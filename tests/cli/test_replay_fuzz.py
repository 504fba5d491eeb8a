"""`cardbot replay` against hostile input: whatever it reads, an answer and exit 0, 2 or 3.

Generated records mix the shape of a real one with random JSON values, strings holding lone
surrogates, integers of thousands of digits, NaN and infinities, nesting deeper than Python's
recursion limit and random field names; `--jsonl` inputs add blank lines, stray `\\r` and raw
bytes that are not UTF-8. No input may end in a traceback, and every answer is strict JSON.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import cli


@dataclass(frozen=True)
class Raw:
    """JSON text put into a record as it is (nesting deeper than json.dumps goes)."""

    text: str


def dump(value: object) -> str:
    """Record text: json.dumps (NaN, Infinity and `\\ud800` escapes included) with Raw parts."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value)


characters = st.characters(exclude_categories=()) | st.characters(categories=["Cs"])
texts = st.text(characters, max_size=12) | st.sampled_from(["flip", "first", "0", "", "\ud800"])
integers = (
    st.integers(-3, 3)
    | st.integers()
    | st.sampled_from([2**63, -(2**64), int("9" * 4000), -int("1" * 4300)])
)
huge_integers = st.integers(4301, 20_000).map(lambda digits: Raw("7" * digits))
floats = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([0.0, 1.0, -0.0])
deep = st.integers(15, 3000).flatmap(
    lambda depth: st.sampled_from(
        [Raw("[" * depth + "]" * depth), Raw('{"a":' * depth + "1" + "}" * depth)]
    )
)
keys = texts | st.sampled_from(["seat", "type", "cls", "self", "fields", "game", "deal", "card"])
scalars = st.none() | st.booleans() | integers | floats | texts | huge_integers | deep
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)
cards = st.sampled_from(["AS", "2H", "TC", "KD", "JS", "QS", "BJ", "W2B5"]) | texts
actions = st.builds(
    lambda base, extra: {**base, **extra},
    st.fixed_dictionaries(
        {},
        optional={
            "seat": st.sampled_from([0, 1, 0, 1, 2, -1, True, 1.0]) | values,
            "type": st.sampled_from(["flip", "flip", "flip", "ask"]) | texts,
        },
    ),
    st.dictionaries(keys, values, max_size=2) | st.just({}),
)
deals = st.fixed_dictionaries(
    {},
    optional={
        "stocks": st.lists(st.lists(cards, max_size=30), max_size=3) | values,
        "first": st.sampled_from([0, 1, 1.0, True, 2]) | values,
    },
)
records = st.builds(
    lambda base, extra: {**extra, **base},
    st.fixed_dictionaries(
        {},
        optional={
            "game": st.sampled_from(["kitten-fishing"] * 6 + ["go-fish", "poker"]) | texts,
            "seats": st.sampled_from([2, 2, 2, 3, 0]) | values,
            "options": st.dictionaries(st.just("first") | keys, values, max_size=2) | values,
            "seed": integers | values,
            "deal": deals | values,
            "deals": values,
            "actions": st.lists(actions, max_size=8) | values,
        },
    ),
    st.dictionaries(keys, values, max_size=3),
)
# a real record's frame with hostile actions, options or deal: gets past the checks up front
plausible_actions = st.builds(
    lambda base, extra: {**base, **extra},
    st.fixed_dictionaries(
        {"seat": st.sampled_from([0, 1]), "type": st.sampled_from(["flip", "flip"]) | texts}
    ),
    st.just({}) | st.dictionaries(st.sampled_from(["cls", "self", "fields"]) | keys, values),
)
plausible = st.fixed_dictionaries(
    {"game": st.just("kitten-fishing"), "seats": st.just(2), "seed": st.integers(0, 99)},
    optional={
        "options": st.just({}) | st.dictionaries(st.just("first") | keys, values, max_size=2),
        "deal": deals,
        "actions": st.lists(plausible_actions | actions, max_size=6),
    },
)
record_texts = st.one_of(plausible.map(dump), records.map(dump), values.map(dump), texts)
raw_lines = st.one_of(
    record_texts.map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.binary(max_size=40),
    st.sampled_from(
        [b"", b"\r", b"   ", b"\xef\xbb\xbf{}", b'{"game": "kitten-fishing",\r"seats": 2}']
    ),
)


def replay(data: bytes, *flags: str) -> tuple[int, bytes, str]:
    """`cardbot replay - FLAGS` in this process on `data`: (exit code, stdout bytes, stderr)."""
    stdin = io.TextIOWrapper(io.BytesIO(data))
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
    stderr = io.StringIO()
    with (
        mock.patch.object(sys, "stdin", stdin),
        mock.patch.object(sys, "stdout", stdout),
        mock.patch.object(sys, "stderr", stderr),
    ):
        code = cli.main(["replay", "-", *flags])
    return code, stdout.buffer.getvalue(), stderr.getvalue()  # type: ignore[attr-defined]


def strict(line: bytes) -> dict:
    """One answer: UTF-8, strict JSON (no NaN, no Infinity), an object."""

    def refuse(name: str) -> object:
        raise AssertionError(f"{name} in an answer")

    answer = json.loads(line.decode("utf-8"), parse_constant=refuse)
    assert isinstance(answer, dict)
    if "error" in answer:
        error = answer["error"]
        assert set(error) >= {"index", "code", "message"}
        assert error["index"] is None or isinstance(error["index"], int)
        assert isinstance(error["message"], str) and len(error["message"]) <= 301
    else:
        assert set(answer) == {"game", "actions_applied", "over", "to_act", "result", "state"}
    return answer


def input_lines(data: bytes) -> int:
    """Lines of `data` as `--jsonl` counts them: split on \\n, a last line without one counts."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(text=record_texts, finish=st.booleans())
def test_any_single_record_gets_an_answer_or_a_sentence(text: str, finish: bool) -> None:
    code, out, err = replay(text.encode("utf-8", "surrogatepass"), *(["--finish"] * finish))
    assert code in (0, 2, 3)
    if code == 2:
        assert out == b"" and err.startswith("cardbot replay: ") and err.count("\n") == 1
        assert len(err) < 500
    else:
        assert err == "" and out.endswith(b"\n") and out.count(b"\n") == 1
        answer = strict(out)
        assert ("error" in answer) == (code == 3)


@FUZZ
@given(lines=st.lists(raw_lines, max_size=8), newline_at_end=st.booleans(), finish=st.booleans())
def test_jsonl_answers_each_line_with_one_line_of_json(
    lines: list[bytes], newline_at_end: bool, finish: bool
) -> None:
    data = b"\n".join(lines) + (b"\n" if newline_at_end and lines else b"")
    code, out, err = replay(data, "--jsonl", *(["--finish"] * finish))
    assert code == 0 and err == ""
    answers = out.split(b"\n")
    assert answers.pop() == b""  # every answer ends its line
    assert len(answers) == input_lines(data)
    for answer in answers:
        strict(answer)


@settings(max_examples=4, deadline=None)
@given(lines=st.lists(raw_lines, min_size=30, max_size=60))
def test_the_command_itself_never_shows_a_traceback(lines: list[bytes]) -> None:
    """The same, through the real `cardbot replay --jsonl` process (its stdout and stderr)."""
    data = b"\n".join(lines) + b"\n"
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", "--jsonl", "-", "--finish"],
        input=data,
        capture_output=True,
        timeout=300,
    )
    assert proc.returncode == 0 and proc.stderr == b""
    answers = proc.stdout.split(b"\n")
    assert answers.pop() == b"" and len(answers) == input_lines(data)
    for answer in answers:
        strict(answer)
