"""`cardbot simulate`: CPU-only games and summary statistics."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter

from engines.base import JSON, GameError, game_class
from engines.cpu import cpu_chooser


def simulate(
    game_id: str, games: int, seed: int, seats: int | None = None, level: str = "normal"
) -> dict[str, JSON]:
    """Play `games` CPU-only games with seeds seed, seed+1, ... and summarise them."""
    cls = game_class(game_id)
    seats = seats or cls.min_seats
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths: list[int] = []
    started = time.perf_counter()
    for n in range(games):
        game = cls.new(seats, {}, seed + n)
        taken = game.autoplay(cpu_chooser(game_id, [level] * seats, seed + n))
        result = game.result() or {}
        winner = result.get("winner")
        winners = result.get("winners", [winner] if winner is not None else [])
        for seat in winners:
            wins[str(seat)] += 1
        if not winners:
            wins["draw"] += 1
        if "reason" in result:
            reasons[str(result["reason"])] += 1
        lengths.append(len(taken))
    elapsed = time.perf_counter() - started
    return {
        "game": game_id,
        "games": games,
        "seats": seats,
        "seed": seed,
        "level": level,
        "wins": {key: wins[key] for key in sorted(wins)},
        "reasons": dict(reasons),
        "actions": {
            "mean": round(statistics.fmean(lengths), 1) if lengths else 0,
            "median": statistics.median(lengths) if lengths else 0,
            "max": max(lengths, default=0),
        },
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
    }


def main(args: argparse.Namespace) -> int:
    """Print the summary as text, or as JSON with --json."""
    if args.games < 1:
        print("cardbot simulate: --games must be at least 1.", file=sys.stderr)
        return 2
    try:
        summary = simulate(args.game, args.games, args.seed, args.seats, args.level)
    except GameError as exc:
        print(f"cardbot simulate: {exc.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    print(
        f"{summary['game']}: {summary['games']} games, {summary['seats']} seats, CPU {summary['level']}, seeds {args.seed}..{args.seed + args.games - 1}"
    )
    for key, count in summary["wins"].items():
        label = "draws" if key == "draw" else f"seat {key} wins"
        print(f"  {label:<14} {count:>7}  ({100 * count / summary['games']:.1f}%)")
    for key, count in summary["reasons"].items():
        print(f"  ended by {key:<10} {count:>5}")
    acts = summary["actions"]
    print(f"  actions per game: mean {acts['mean']}, median {acts['median']}, max {acts['max']}")
    print(f"  {summary['seconds']} s, {summary['games_per_second']} games/s")
    return 0
