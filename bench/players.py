"""The coach's speed and the computer players' strength, with 95% intervals.

1. Coach: hints for every legal card of the first player at the first trick of
   4-player standard hands, 1,000 rollouts per card, on one core; prints the
   time per hint and the widest interval half-width.
2. Strength: ``tips`` against three ``random`` players, then ``expert`` against
   three ``tips`` players, over 2,000 four-player hands each (the dealer moves
   every hand, so the hero sits in every position equally). Prints the hero's
   win rate with its Wilson 95% interval, against the fair 25%.

Usage: ``python bench/players.py [--hands 2000] [--workers 2] [--skip-coach]``.
The expert match is the slow part (about a second a hand per core).
"""

from __future__ import annotations

import argparse
import time

from lingerlonger.computer.coach import coach
from lingerlonger.game.engine import new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.lab import format_rates, play_tournament, summarize

MATCHES = [("tips", "random"), ("expert", "tips")]


def coach_timing(hands: int) -> None:
    print(f"coach: first trick of {hands} 4-player standard hands, 1,000 rollouts a card, one core")
    widest, times = 0.0, []
    for seed in range(hands):
        state, _ = new_hand(Rules(), 4, dealer=3, seed=seed)
        start = time.perf_counter()
        advice = coach(state, budget_s=None, rollouts=1000, seed=seed)
        times.append(time.perf_counter() - start)
        widest = max(widest, *((a.high - a.low) / 2 for a in advice))
    print(
        f"  {len(advice)} cards a hint; time per hint: mean {sum(times) / len(times):.2f} s, "
        f"max {max(times):.2f} s; widest interval ±{widest:.1%}"
    )


def strength(hero: str, opponent: str, hands: int, workers: int, seed: int) -> None:
    kinds = [hero, opponent, opponent, opponent]
    start = time.perf_counter()
    tally = play_tournament(Rules(), kinds, hands, seed=seed, workers=workers)
    elapsed = time.perf_counter() - start
    hero_rate = summarize(tally, "seat")[0]
    low, high = hero_rate.interval
    verdict = "above" if low > 0.25 else "NOT significantly above"
    print(
        f"{hero} vs 3 {opponent}: {hero_rate.wins}/{hero_rate.hands} = {hero_rate.rate:.1%} "
        f"[{low:.1%}, {high:.1%}] — {verdict} the fair 25% ({elapsed:.0f} s)"
    )
    print(
        format_rates(
            [rate for rate in summarize(tally, "seat-position") if rate.label.startswith("seat 1 ")],
            f"  {hero} by position (1 leads first, 4 deals):",
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--coach-hands", type=int, default=5)
    parser.add_argument("--skip-coach", action="store_true")
    args = parser.parse_args()
    if not args.skip_coach:
        coach_timing(args.coach_hands)
    for hero, opponent in MATCHES:
        strength(hero, opponent, args.hands, args.workers, args.seed)


if __name__ == "__main__":
    main()
