"""`cardbot simulate`: CPU-only games, and how the CPU levels compare, with confidence intervals.

    cardbot simulate GAME --games N [--seed S] [--seats K] [--levels hard,normal] [--hands H]
                     [--json]

Each deal (seeds S, S+1, ...) is played once per distinct seat rotation of the lineup when it
mixes levels (duplicate deals: every level sits in every seat with the same cards), so luck of
the deal and of the seat cancels out. `--levels` gives one level per seat, the last one
repeating (`hard,normal` at 4 seats: one hard CPU against three normal ones); `random` is a
uniformly random player, the baseline; `style:NAME` is one of the game's styles of play people
use (`GameSpec.styles`; an unknown name lists them), to measure the levels against more than
one another. Per level it reports the win share (a shared win counts
as a share) and the game's own score per seat (books, points...), each with a 95% confidence
interval over deals; with two or more levels, the difference of each level to the next one
down, paired by deal.

`--hands H` plays only the first H hands (deals, rounds) of each match of a game played in
several (those whose `part` counts hands): each score is then the average per hand played,
and the win share goes to the seats with the best such score. `--hands 1` makes every deal a
fresh one, the way card sites compare players hand by hand.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence

from engines.cpu import (
    LEVELS,
    STYLE,
    CpuChooser,
    CpuPlayer,
    RandomChoice,
    cpu_player,
    decision_rng,
    style_player,
)
from engines.errors import JSON, GameError
from engines.game import Decide, Game
from engines.registry import game_class

RANDOM = "random"
Z95 = 1.96


def lineup(levels: Sequence[str], seats: int) -> list[str]:
    """One level per seat: the given ones, the last repeating."""
    given = list(levels) or ["normal"]
    return (given + [given[-1]] * seats)[:seats]


def _player(game_id: str, level: str) -> CpuPlayer:
    if level == RANDOM:
        return RandomChoice()
    if level.startswith(STYLE):
        return style_player(game_id, level.removeprefix(STYLE))
    return cpu_player(game_id, level)


def _chooser(game_id: str, levels: Sequence[str], seed: int) -> Decide:
    """Each seat's player from its view; a `CpuChooser`, which a game's autoplay may answer
    faster itself (the same answers)."""
    return CpuChooser(
        [_player(game_id, level) for level in levels],
        [decision_rng(seed, "simulate", seat) for seat in range(len(levels))],
    )


def _shares(result: dict[str, JSON] | None, seats: int, scores: list[float] | None) -> list[float]:
    """Each seat's share of the win (1 for a sole winner, 1/k for k tied winners); for a match
    cut short, the seats with the best score share it."""
    if result is None:
        if not scores:
            return [0.0] * seats
        top = max(scores)
        best = [s for s in range(seats) if scores[s] == top]
        return [1 / len(best) if s in best else 0.0 for s in range(seats)]
    winners = result.get("winners")
    if not isinstance(winners, list):
        winner = result.get("winner")
        winners = [] if winner is None else [winner]
    return [1 / len(winners) if s in winners else 0.0 for s in range(seats)]


def _interval(values: Sequence[float]) -> dict[str, float]:
    mean = statistics.fmean(values) if values else 0.0
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(mean, 4), "ci95": round(half, 4)}


def simulate(
    game_id: str,
    games: int,
    seed: int,
    seats: int | None = None,
    levels: Sequence[str] = ("normal",),
    rotate: bool | None = None,
    hands: int | None = None,
) -> dict[str, JSON]:
    """Play `games` deals (each once per rotation when the lineup mixes levels) and summarise;
    with `hands`, each match only up to that many hands (`part`)."""
    if hands is not None and hands < 1:
        raise GameError("bad_hands", "--hands must be at least 1.")
    cls = game_class(game_id)
    seats = seats or cls.min_seats
    cls.check_seats(seats)
    seating = lineup(levels, seats)
    for level in seating:
        if level != RANDOM and level not in LEVELS and not level.startswith(STYLE):
            raise GameError(
                "bad_level", f"A level is one of {', '.join((*LEVELS, RANDOM))} or style:NAME."
            )
        _player(game_id, level)
    distinct = list(dict.fromkeys(seating))
    rotate = len(distinct) > 1 if rotate is None else rotate
    # the distinct rotations only: a lineup repeating every p seats (hard,normal,hard,normal...)
    # has p of them, and they seat every level in every seat equally often
    rotations = list(
        dict.fromkeys(
            tuple(seating[(s - r) % seats] for s in range(seats))
            for r in (range(seats) if rotate else range(1))
        )
    )
    by_seat: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths: list[int] = []
    # per deal, per level: the mean over that level's seats and the rotations
    share_per_deal: dict[str, list[float]] = defaultdict(list)
    score_per_deal: dict[str, list[float]] = defaultdict(list)
    has_scores = True
    started = time.perf_counter()
    for n in range(games):
        shares: dict[str, list[float]] = defaultdict(list)
        scores: dict[str, list[float]] = defaultdict(list)
        for r, levels_now in enumerate(rotations):
            game = cls.new(seats, {}, seed + n)
            chooser = _chooser(game_id, levels_now, seed * 7919 + n * 31 + r)
            lengths.append(_play(game, chooser, hands))
            seat_scores = game.scores()
            result = game.result()
            won = _shares(result, seats, seat_scores)
            if seat_scores is None:
                has_scores = False
            for s in range(seats):
                shares[levels_now[s]].append(won[s])
                if seat_scores is not None:
                    scores[levels_now[s]].append(float(seat_scores[s]))
                if won[s]:
                    by_seat[str(s)] += 1
            if not any(won):
                by_seat["draw"] += 1
            if result is not None and "reason" in result:
                reasons[str(result["reason"])] += 1
        for level in distinct:
            share_per_deal[level].append(statistics.fmean(shares[level]))
            if scores[level]:
                score_per_deal[level].append(statistics.fmean(scores[level]))
    elapsed = time.perf_counter() - started
    played = len(lengths)
    per_level = {
        level: {
            "win_share": _interval(share_per_deal[level]),
            **({"score": _interval(score_per_deal[level])} if has_scores else {}),
        }
        for level in distinct
    }
    ranked = sorted(distinct, key=lambda lv: _rank(lv))
    differences = []
    for better, worse in itertools.pairwise(ranked):
        diff = {
            "levels": [better, worse],
            "win_share": _interval(
                [a - b for a, b in zip(share_per_deal[better], share_per_deal[worse], strict=True)]
            ),
        }
        if has_scores:
            diff["score"] = _interval(
                [a - b for a, b in zip(score_per_deal[better], score_per_deal[worse], strict=True)]
            )
        differences.append(diff)
    return {
        "game": game_id,
        "deals": games,
        "games": played,
        "seats": seats,
        "seed": seed,
        "hands": hands,
        "lineup": seating,
        "rotated": rotate,
        "levels": per_level,
        "differences": differences,
        "wins": {key: by_seat[key] for key in sorted(by_seat)},
        "reasons": dict(reasons),
        "actions": {
            "mean": round(statistics.fmean(lengths), 1) if lengths else 0,
            "median": statistics.median(lengths) if lengths else 0,
            "max": max(lengths, default=0),
        },
        "seconds": round(elapsed, 3),
        "games_per_second": round(played / elapsed, 1) if elapsed else None,
    }


def _play(game: Game, chooser: Decide, hands: int | None) -> int:
    """Play to the end, or until `hands` parts are finished; the actions taken."""
    return len(game.autoplay(chooser, parts=hands))


def _rank(level: str) -> int:
    """Levels from the strongest down, then the styles, then random (differences go down it)."""
    order = ["hard", "normal", "easy", STYLE, RANDOM]
    return order.index(STYLE if level.startswith(STYLE) else level)


def _fmt(interval: dict[str, float], percent: bool = False) -> str:
    if percent:
        return f"{100 * interval['mean']:.1f}% ± {100 * interval['ci95']:.1f}"
    return f"{interval['mean']:.2f} ± {interval['ci95']:.2f}"


def main(args: argparse.Namespace) -> int:
    """Print the summary as text, or as JSON with --json."""
    if args.games < 1:
        print("cardbot simulate: --games must be at least 1.", file=sys.stderr)
        return 2
    levels = [lv.strip() for lv in (args.levels or args.level or "normal").split(",") if lv.strip()]
    try:
        summary = simulate(args.game, args.games, args.seed, args.seats, levels, hands=args.hands)
    except GameError as exc:
        print(f"cardbot simulate: {exc.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    seats = summary["seats"]
    print(
        f"{summary['game']}: {summary['deals']} deals, {summary['games']} games, {seats} seats,"
        f" lineup {','.join(summary['lineup'])}"
        + (" (every seat rotation of each deal)" if summary["rotated"] else "")
        + f", seeds {args.seed}..{args.seed + args.games - 1}"
        + ("" if args.hands is None else f", the first {args.hands} hand(s) of each")
    )
    width = max(8, *(len(level) for level in summary["levels"]))
    for level, figures in summary["levels"].items():
        line = f"  {level:<{width}} win share {_fmt(figures['win_share'], True)}"
        if "score" in figures:
            line += f"   score {_fmt(figures['score'])}"
        print(line)
    for diff in summary["differences"]:
        better, worse = diff["levels"]
        line = f"  {better} - {worse}: win share {_fmt(diff['win_share'], True)}"
        if "score" in diff:
            line += f", score {_fmt(diff['score'])}"
        print(line + "  (95% confidence)")
    for key, count in summary["wins"].items():
        label = "draws" if key == "draw" else f"seat {key} wins"
        print(f"  {label:<14} {count:>7}  ({100 * count / summary['games']:.1f}%)")
    for key, count in summary["reasons"].items():
        print(f"  ended by {key:<10} {count:>5}")
    acts = summary["actions"]
    print(f"  actions per game: mean {acts['mean']}, median {acts['median']}, max {acts['max']}")
    print(f"  {summary['seconds']} s, {summary['games_per_second']} games/s")
    return 0
