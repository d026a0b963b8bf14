"""The bot ladder and the search budgets, with 95% intervals. It prints; it is not a test.

1. Budgets: the time of one ``strong`` decision (and of one ``coach`` hint) at the first
   trick of 4-player standard hands, the worst case (every card in hand, the longest
   rollouts), for several numbers of sampled deals, in CPU seconds of one core (other
   programs' load does not count, as in bench/engine.py); it prints the most deals
   that fit the app's 0.3 s a hint. The browser (Pyodide, the bench's phone profile) is
   slower; bench/review.py is where its figure belongs.
2. The ladder: ``random``, ``tips``, ``expert`` and ``strong``, each in seat 1 against
   three ``tips`` players, 4-player standard; the dealer moves every hand, so the hero
   sits in every position equally. Each win rate has its Wilson 95% interval, and each
   level says whether its interval lies above the level below.
3. The yardstick: the ``perfect`` player (it sees every card; ``search``) in the same
   seat, on the same deals (same seed) as ``strong``: the paired difference of their win
   rates is the strong player's distance to perfect information. The same pairing
   compares strong with expert on the deals both played.

Usage: ``python bench/players.py [--hands 10000] [--expert-hands N] [--strong-hands N]
[--workers 2] [--skip-budgets] [--save lingerlonger/lab/data/ladder.json]``. ``--save``
writes each match's counts as it ends (``lab.ladder``), so chapter 10 shows the table
without playing a hand. ``--extend SAVED.json --hands 20000`` plays only the hands after
the saved ones and adds them in: every hand is played from its number and the seed, so
the sums are the counts one run of 20,000 would give. A level that already has its
hands is kept as saved (nothing played), and so is a pairing with such a level. Hand
counts are parameters because the search players are slow (about 0.5 s a hand per core
for expert and for strong on a quiet machine; 2 to 4 times that on a loaded one): the
script prints each match's time and the projected time of 10,000 hands.
"""

from __future__ import annotations

import argparse
import random
import time
from contextlib import closing
from datetime import UTC, datetime

from lingerlonger.computer.coach import JUDGE_POLICY, coach
from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.computer.search import PerfectInformationPlayer, StrongPlayer
from lingerlonger.game.engine import new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view
from lingerlonger.lab import HandRecord, paired_difference, stream_tournament, summarize
from lingerlonger.lab.ladder import Ladder, Level, Paired, ladder_results, save_ladder
from lingerlonger.lab.paired import PairedDifference

LADDER = ("random", "tips", "expert", "strong")
KINDS = PLAYER_KINDS.with_kind("perfect", PerfectInformationPlayer)
APP_BUDGET_S = 0.3
FULL_HANDS = 10_000


def first_decisions(count: int) -> list:
    """Seat 0's view at the first trick of ``count`` 4-player standard hands (seat 0 leads)."""
    return [view(new_hand(Rules(), 4, dealer=3, seed=seed)[0], 0) for seed in range(count)]


def budgets(positions: int) -> None:
    views = first_decisions(positions)
    print(f"budgets: one decision at the first trick of {positions} 4-player standard hands, CPU s of one core")
    fitting = 0
    for worlds in (10, 20, 40, 80, 160, 320, 640):
        times = []
        for i, seat_view in enumerate(views):
            start = time.process_time()
            StrongPlayer(random.Random(i), worlds=worlds).values(seat_view)
            times.append(time.process_time() - start)
        worst = max(times)
        fitting = worlds if worst <= APP_BUDGET_S else fitting
        print(f"  strong, {worlds:3d} deals: mean {sum(times) / len(times):.3f} s, max {worst:.3f} s")
    print(f"  the most deals within the app's {APP_BUDGET_S} s a hint here: {fitting or 'fewer than 5'}")
    times = []
    for i, seat_view in enumerate(views):
        start = time.process_time()
        coach(seat_view, budget_s=None, rollouts=1000, seed=i)
        times.append(time.process_time() - start)
    mean, worst = sum(times) / len(times), max(times)
    print(f"  coach (its judge, {JUDGE_POLICY}), 1,000 deals a card: mean {mean:.3f} s, max {worst:.3f} s")


def match(
    hero: str,
    hands: int,
    workers: int | None,
    seed: int,
    levels: list[Level] | None = None,
    minutes: float | None = None,
    earlier: Level | None = None,
):
    """The hero's records against three tips players, its win rate printed with its interval
    (and added to ``levels``, for the saved ladder). ``minutes``: stop after the chunk that
    ends past this time (the first hands, in order: pairings stay on the same deals).
    ``earlier``: this level's counts from a saved ladder; play on from the hand after its
    last, up to ``hands`` in all, and print (and save) the sum: the same counts as one run.
    A saved level that already has ``hands`` is kept as saved and plays nothing."""
    if earlier and earlier.hands >= hands:
        low, high = earlier.interval
        print(
            f"  {hero:8s} {earlier.wins:6d}/{earlier.hands:<6d} = {earlier.wins / earlier.hands:6.1%}"
            f"  [{low:.1%}, {high:.1%}]  (saved, not played again)",
            flush=True,
        )
        if levels is not None:
            levels.append(earlier)
        return [], (low, high)
    start = time.perf_counter()
    records: list[HandRecord] = []
    seats = [hero, "tips", "tips", "tips"]
    first = earlier.hands if earlier else 0
    with closing(
        stream_tournament(
            Rules(), seats, hands - first, seed, kinds=KINDS, workers=workers, keep_records=True, first=first
        )
    ) as chunks:
        for chunk in chunks:
            records.extend(chunk.records)
            if minutes is not None and time.perf_counter() - start > minutes * 60:
                break
    elapsed = time.perf_counter() - start
    cut = "" if first + len(records) == hands else f", stopped at the time limit of {minutes:g} min"
    played = summarize(records, "seat")[0]
    level = Level(hero, played.wins, played.hands, round(elapsed))
    if earlier:
        level = Level(hero, earlier.wins + level.wins, earlier.hands + level.hands, earlier.seconds + level.seconds)
    low, high = level.interval
    projected = (
        ""
        if len(records) >= FULL_HANDS
        else f"; {FULL_HANDS:,} hands would take about {elapsed * FULL_HANDS / len(records) / 60:.0f} min"
    )
    extended = f", hands {first:,} on added to the saved {first:,}" if earlier else ""
    print(
        f"  {hero:8s} {level.wins:6d}/{level.hands:<6d} = {level.wins / level.hands:6.1%}  [{low:.1%}, {high:.1%}]"
        f"  ({elapsed:.0f} s{projected}{cut}{extended})",
        flush=True,
    )
    if levels is not None:
        levels.append(level)
    return records, (low, high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=FULL_HANDS, help="hands per pairing")
    parser.add_argument("--expert-hands", type=int, default=None, help="hands for expert (default: --hands)")
    parser.add_argument("--strong-hands", type=int, default=None, help="hands for strong and perfect")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--budget-positions", type=int, default=10)
    parser.add_argument("--skip-budgets", action="store_true")
    parser.add_argument("--skip-ladder", action="store_true")
    parser.add_argument("--minutes", type=float, default=None, help="the most minutes a match may take")
    parser.add_argument("--search-minutes", type=float, default=None, help="the same for expert and strong")
    parser.add_argument("--save", default=None, help="write the ladder's counts to this JSON file (lab.ladder)")
    parser.add_argument(
        "--extend",
        default=None,
        help="a saved ladder (same seed) to play on from: each level plays only the hands after its saved ones",
    )
    args = parser.parse_args()
    if not args.skip_budgets:
        budgets(args.budget_positions)
    if args.skip_ladder:
        return
    counts = {"expert": args.expert_hands, "strong": args.strong_hands}
    saved = extended_from(args.extend, args.seed)
    earlier = {level.kind: level for level in saved.levels} if saved else {}
    earlier_pairs = {(pair.baseline, pair.changed): pair for pair in saved.paired} if saved else {}
    print("the ladder: each in seat 1 against three tips players, 4-player standard")
    below = None
    records = {}
    levels: list[Level] = []
    pairs: list[Paired] = []

    def save() -> None:
        if args.save:
            when = datetime.now(UTC).strftime("%Y-%m-%d")
            save_ladder(Ladder(4, "standard", "tips", args.seed, when, tuple(levels), tuple(pairs)), args.save)

    for hero in LADDER:
        hands = counts.get(hero) or args.hands
        minutes = args.search_minutes if hero in counts else args.minutes
        records[hero], interval = match(hero, hands, args.workers, args.seed, levels, minutes, earlier.get(hero))
        if below is not None:
            print(f"           interval above the level below: {'yes' if interval[0] > below[1] else 'NO'}")
        below = interval
        save()
    hands = counts["strong"] or args.hands
    records["perfect"], _ = match(
        "perfect", hands, args.workers, args.seed, levels, args.minutes, earlier.get("perfect")
    )
    titles = {
        ("expert", "strong"): "strong against expert",
        ("strong", "perfect"): "perfect information against strong (the distance)",
    }
    for (baseline, changed), title in titles.items():
        pair = paired_on(
            (baseline, changed), title, records[baseline], records[changed], earlier_pairs.get((baseline, changed))
        )
        if pair:
            pairs.append(pair)
    save()


def paired_on(
    kinds: tuple[str, str], title: str, baseline: list[HandRecord], changed: list[HandRecord], earlier: Paired | None
) -> Paired | None:
    """The pairing of two levels on the hands both played in this run that follow the saved
    pairing's (``earlier``: hands 0 to its ``hands`` - 1), each hand matched by its number,
    added to the saved counts. A level not played again (kept as saved) adds no hand: the
    saved pairing is kept as it was, and said to be."""
    start = earlier.hands if earlier else 0
    before, after = ({record.hand: record for record in records} for records in (baseline, changed))
    hands: list[int] = []
    while start + len(hands) in before and start + len(hands) in after:
        hands.append(start + len(hands))
    if not hands and not earlier:
        return None
    kept = "" if hands else " (saved, not played again: one of the two levels was not)"
    return print_paired(kinds, title + kept, [before[h] for h in hands], [after[h] for h in hands], earlier)


def extended_from(path: str | None, seed: int) -> Ladder | None:
    """The saved ladder to play on from, refused unless its hands are this run's first ones:
    the same seed, and every pairing on its two levels' first hands (at most all of them)."""
    if path is None:
        return None
    saved = ladder_results(path)
    hands = {level.kind: level.hands for level in saved.levels}
    if saved.seed != seed:
        raise SystemExit(f"{path} was played with seed {saved.seed}, not {seed}: nothing to extend")
    for pair in saved.paired:
        if pair.hands > min(hands.get(pair.baseline, 0), hands.get(pair.changed, 0)):
            raise SystemExit(f"{path}: {pair.changed} against {pair.baseline} is on more hands than they played")
    return saved


def print_paired(kinds: tuple[str, str], title: str, baseline, changed, earlier: Paired | None = None) -> Paired:
    """The paired difference of seat 1's win rate on the same deals (``lab.paired``): far
    more sensitive than two separate intervals, since the luck of the deal cancels out.
    ``earlier``: the saved counts of the hands before these, added in."""
    difference = paired_difference(baseline, changed)
    if earlier:
        difference = PairedDifference(
            earlier.hands + difference.hands, earlier.gained + difference.gained, earlier.lost + difference.lost
        )
    low, high = difference.interval
    print(
        f"{title}, {difference.hands} same deals: {difference.difference:+.1%} [{low:+.1%}, {high:+.1%}]"
        f" ({difference.gained} deals won only by the second, {difference.lost} only by the first)",
        flush=True,
    )
    return Paired(*kinds, difference.hands, difference.gained, difference.lost)


if __name__ == "__main__":
    main()
