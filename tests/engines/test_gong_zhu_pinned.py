"""Gong Zhu's outcomes pinned: seeded `replay --finish` answers, every step of a few seeded
matches (prompts, every seat's view, events, refusals of every illegal card) and the hard CPU's
choices, as digests taken before the engine and the CPUs were made faster. A speed-up must give
exactly these; a change of the rules or of a CPU's play changes them on purpose."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from bot.replay import answer_line
from engines.actions import Action
from engines.cpu import cpu_chooser, cpu_player, decision_rng
from engines.errors import IllegalAction
from engines.gong_zhu import GongZhu
from engines.players import Decision


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


FINISHED = {
    # seed: (hands played, final totals, digest of the whole answer)
    0: (12, [-910, -940, -1050, -480], "2d6874c74b2a9421"),
    1: (12, [-330, -1140, -790, -770], "4f2d6a30655a864e"),
    2: (8, [-700, -160, -80, -1340], "34e77b64e51b73c7"),
    3: (11, [-710, -860, -1310, -680], "de77f84162fcd861"),
    4: (12, [-1010, -950, -910, -720], "7ced11ca60eec0ce"),
    5: (12, [-930, -1040, -820, -380], "6d3da5d06f7383b4"),
    6: (7, [-1030, -510, -20, -210], "0932f47468d131af"),
    7: (8, [-1060, -1000, -100, 40], "dc93f28c2aa91823"),
    8: (9, [-490, -1250, -900, -300], "b48d02a675189a43"),
    9: (17, [-850, -1030, -1140, -1080], "3f0aad7a0cd27b05"),
    10: (5, [-70, -1080, -300, 280], "59d78eb506e9dbeb"),
    11: (6, [110, -220, -1020, -290], "06f515eeebb5e4bf"),
    12: (10, [-500, -1200, -610, -810], "910c160d392f9a23"),
    13: (10, [-40, -910, -810, -1070], "a06660ae6f5b869a"),
    14: (8, [-360, -1190, -560, -60], "0e0827cd55261173"),
    15: (7, [-560, -280, -140, -1020], "38920ca8acdcce55"),
    16: (10, [-830, -1030, -120, -660], "a046a98b9fb2a489"),
    17: (9, [-1460, -910, 20, -530], "0094b684ae1652fc"),
    18: (4, [50, -490, 40, -1190], "47d9873af65d1a2b"),
    19: (11, [-710, -1140, -500, -550], "ddb4abaec8740250"),
    20: (12, [-280, -1090, -370, -840], "e47d6f531087480b"),
    21: (7, [-1000, -150, -460, -430], "7af3df77572b398e"),
    22: (8, [-650, -560, 20, -1120], "6474c6fc2caa5755"),
    23: (9, [-930, -1270, -330, -90], "c4c2211e19c89128"),
    24: (12, [-380, -1030, -830, -290], "96654eb1178c8a4c"),
    25: (12, [-1020, -380, 420, -240], "a90b23a882fc785e"),
    26: (12, [-660, 290, -1040, -570], "d88a6a562baf1469"),
    27: (13, [-520, -1010, -360, -720], "b0441f6c2a33e224"),
    28: (9, [-960, -200, -1010, -160], "b863f7defb1edd0c"),
    29: (7, [-330, -500, -1050, -10], "02efbd403a2f278b"),
    30: (10, [-290, -560, -1070, -540], "7c21cdb1aabf442b"),
    31: (12, [-1220, -290, -910, -770], "5b55f133a8c9e16e"),
    32: (10, [-520, -490, -1040, -270], "a37fcc4e0be6bdf4"),
    33: (12, [-430, -1020, -770, -680], "fcdc0e7c3d53d0f9"),
    34: (10, [300, -420, -270, -1150], "06bcbd20a7c3e1db"),
    35: (13, [-950, -510, -1030, -970], "01d5994985c9aeb3"),
}

STEPS = {
    # seed: digest of every step's prompts, views, action, events and refusals (taken again
    # when a seat holding none of the four cards came to be asked its exposure, issue 23:
    # its prompt is no longer the table's mechanical step, and the seats expose in seat order)
    0: "910a786b4cadd667",
    1: "3f811c26a1416429",
    2: "e05c81dac6da6698",
    3: "61d7333b2f41cda5",
}

HARD = "5dcfbed79581cb41"
"""The digest of the hard CPU's choices in the first hands of seeds 0-1."""


def finished(seed: int) -> tuple[int, list[int], str]:
    line = json.dumps({"game": "gong-zhu", "seats": 4, "seed": seed})
    answer, _ = answer_line(line, True)
    result = answer["result"]
    assert isinstance(result, dict)
    return len(result["hand_scores"]), result["totals"], digest(answer)


def steps(seed: int, hands: int = 2) -> str:
    """Every step of the first `hands` hands of a seeded match between normal CPUs."""
    game = GongZhu.new(4, {}, seed)
    decide = cpu_chooser("gong-zhu", ["normal", "easy", "normal", "easy"], seed)
    trace: list[Any] = []
    while not game.is_over() and game.hand_no <= hands:
        prompts = game.prompts()
        views = [game.view(s) for s in (None, 0, 1, 2, 3)]
        prompt = game.next_prompt()
        assert prompt is not None
        refusals = []
        if prompt.kind == "play":
            for code in game.view(prompt.seat)["hand_cards"]:
                try:
                    game.check(Action.make(prompt.seat, "play", card=code))
                except IllegalAction as exc:
                    refusals.append(exc.to_json())
            other = (prompt.seat + 1) % 4
            try:
                game.check(Action.make(other, "play", card="2C"))
            except IllegalAction as exc:
                refusals.append(exc.to_json())
        action = prompt.default if trivial(prompt) else decide(game, prompt)
        assert action is not None
        events = game.apply(action)
        trace.append(
            [
                {s: p.to_json() for s, p in prompts.items()},
                views,
                action.to_json(),
                [e.to_json() for e in events],
                refusals,
                sorted(game.to_act()),
            ]
        )
    return digest(trace)


def trivial(prompt: Any) -> bool:
    """A prompt with one answer and nothing to pick (an exposure holding none of the four)."""
    return prompt.pick is None and len(prompt.choices) == 1 and prompt.kind == "expose"


def hard_choices(seeds: tuple[int, ...] = (0, 1), decisions: int = 60) -> str:
    """The hard CPU's answers in seat 0 of seeded matches (the others normal)."""
    hard = cpu_player("gong-zhu", "hard")
    normal = cpu_chooser("gong-zhu", ["normal"] * 4, 5)
    chosen: list[Any] = []
    for seed in seeds:
        game = GongZhu.new(4, {}, seed)
        rng = decision_rng(seed, "pinned", 0)
        made = 0
        while made < decisions and not game.is_over():
            prompt = game.next_prompt()
            assert prompt is not None
            if prompt.seat == 0 and not trivial(prompt):
                action = hard.decide(Decision(game.view(0), prompt, rng, game.accepts))
                made += 1
                chosen.append(action.to_json() if action else None)
            elif trivial(prompt):
                action = prompt.default
            else:
                action = normal(game, prompt)
            assert action is not None
            game.apply(action)
    return digest(chosen)


def test_seeded_finished_matches_are_unchanged() -> None:
    for seed, expected in FINISHED.items():
        assert finished(seed) == expected, seed


def test_every_step_of_seeded_matches_is_unchanged() -> None:
    for seed, expected in STEPS.items():
        assert steps(seed) == expected, seed


def test_the_hard_cpu_s_choices_are_unchanged() -> None:
    assert hard_choices() == HARD


if __name__ == "__main__":  # prints the tables above, from the code as it is
    print({seed: finished(seed) for seed in range(36)})
    print({seed: steps(seed) for seed in range(4)})
    print(repr(hard_choices()))
