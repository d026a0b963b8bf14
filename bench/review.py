"""The time to review a whole 4-player hand in the app (Python), and what the reviews find.

Hands of 4-player standard are played by four ``tips`` players; seat 1's decisions are
reviewed (``computer.review.review_hand``) with several numbers of deals and rollout
policies, timed in CPU seconds of one core (other programs' load does not count). The
issue's budget is 2 s a hand in the app (5 s in the browser, phone profile: Pyodide's
figure is not measured here). Prints the time per hand (mean and max), the decisions a
hand, the verdicts, and the widest interval of a played card.

Usage: ``python bench/review.py [--hands 10] [--deals 10,20,40] [--policies tips,greedy]``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from lingerlonger.computer.players import make_player
from lingerlonger.computer.review import VERDICTS, review_hand
from lingerlonger.game.engine import new_hand
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules

APP_BUDGET_S = 2.0


def hands_played(count: int) -> list:
    """(start, actions) of ``count`` 4-player standard hands played by tips players."""
    played = []
    for seed in range(count):
        start, _ = new_hand(Rules(), 4, dealer=seed % 4, seed=seed)
        played.append((start, [turn.action for turn in play_out(start, [make_player("tips")] * 4)]))
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--deals", default="10,20,40")
    parser.add_argument("--policies", default="tips,greedy")
    args = parser.parse_args()
    played = hands_played(args.hands)
    print(f"review of seat 1 in {args.hands} 4-player standard hands (tips players), one core")
    for policy in args.policies.split(","):
        for deals in (int(count) for count in args.deals.split(",")):
            times, moments, verdicts, widest = [], 0, Counter(), 0.0
            for start, actions in played:
                began = time.process_time()
                review = review_hand(start, actions, seat=0, deals=deals, policy=policy)
                times.append(time.process_time() - began)
                moments += len(review.moments)
                verdicts.update(moment.verdict for moment in review.moments)
                for moment in review.moments:
                    low, high = moment.played_value.known.interval
                    widest = max(widest, (high - low) / 2)
            worst = max(times)
            fits = "fits" if worst <= APP_BUDGET_S else "does NOT fit"
            print(
                f"  {policy:6s} {deals:3d} deals: mean {sum(times) / len(times):.2f} s, max {worst:.2f} s a hand "
                f"({fits} the app's {APP_BUDGET_S:.0f} s); {moments / len(played):.1f} decisions a hand; "
                f"widest ±{widest:.0%}; " + ", ".join(f"{name} {verdicts[name]}" for name in VERDICTS),
                flush=True,
            )


if __name__ == "__main__":
    main()
