"""The strategy lab: tournaments between computer players, their win rates, and plots.

A tournament plays independent hands through the engine, each seat's player
acting on its own view. The dealer moves clockwise every hand, so each seat
takes every position at the table; a hand's deal and its players' seeds come
from the tournament seed and the hand's number alone, so the results are the
same whatever the number of worker processes.

>>> records = run_tournament(Rules(), ["tips", "random", "random"], hands=6, seed=1,
...                          workers=1, progress=False)
>>> [record.hand for record in records], sum(r.won for rec in records for r in rec.seats)
([0, 1, 2, 3, 4, 5], 6)
>>> rows = summarize(records)
>>> rows[0].label, rows[0].hands
('seat 1 (tips)', 6)
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import multiprocessing
import os
import random
import signal
import sys
import threading
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence, TextIO

from .arguments import positive_int, rules_spec
from .cards import SUIT_OF
from .coach import wilson_interval
from .engine import apply, new_hand, view
from .files import replacing
from .i18n import translate
from .players import PLAYER_KINDS, make_player
from .rules import Rules, RulesError

if TYPE_CHECKING:  # matplotlib loads only when a plot is drawn, so the CLI starts fast
    from matplotlib.figure import Figure

__all__ = ["SeatRecord", "HandRecord", "WinRate", "run_tournament", "summarize", "write_csv",
           "plot_win_rates", "plot_hand_sizes", "plot_early_wins_and_trumps",
           "add_tournament_parser"]

CHUNK = 20  # hands per task sent to a worker


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat's hand. ``position`` counts from the dealer's left: 1 leads first, n is the dealer."""

    seat: int
    kind: str
    position: int
    won: bool
    tricks_won: int
    early_tricks: int                 # tricks won among the hand's first n (n = players)
    early_trumps: int                 # trumps this seat played in those tricks
    sizes: tuple[int, ...]            # hand size after each trick


@dataclass(frozen=True, slots=True)
class HandRecord:
    hand: int
    dealer: int
    reason: str
    seats: tuple[SeatRecord, ...]


def play_recorded_hand(rules: Rules, kinds: Sequence[str], hand: int, seed: int) -> HandRecord:
    """Hand number ``hand`` of tournament ``seed``: deal, players and dealer follow from them alone."""
    n = len(kinds)
    rng = random.Random(f"lingerlonger-tournament/{seed}/{hand}")
    players = [make_player(kind, seed=rng.getrandbits(64)) for kind in kinds]
    dealer = hand % n
    state, _ = new_hand(rules, n, dealer, rng)
    sizes: list[tuple[int, ...]] = []
    early_tricks, early_trumps = [0] * n, [0] * n
    while not state.is_over:
        seat = state.to_act
        tricks_before = len(state.history)
        state, _ = apply(state, players[seat].act(view(state, seat)))
        if len(state.history) == tricks_before:
            continue
        sizes.append(tuple(len(held) for held in state.hands))
        trick = state.history[-1]
        if len(state.history) <= n:
            early_tricks[trick.winner] += 1
            for player, card in trick.plays:
                early_trumps[player] += SUIT_OF[card] == trick.trump
    seats = tuple(SeatRecord(seat, kinds[seat], (seat - dealer - 1) % n + 1, seat == state.winner,
                             state.tricks_won[seat], early_tricks[seat], early_trumps[seat],
                             tuple(trick_sizes[seat] for trick_sizes in sizes))
                  for seat in range(n))
    return HandRecord(hand, dealer, state.reason, seats)


class TournamentInterrupted(Exception):
    """Ctrl-C during a tournament: ``records`` holds the hands that were played to the end."""

    def __init__(self, records: list[HandRecord]) -> None:
        super().__init__(f"interrupted after {len(records)} hands")
        self.records = sorted(records, key=lambda record: record.hand)


def _ignore_interrupt() -> None:
    """In a worker: Ctrl-C reaches every process of the terminal; only the parent handles it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[list[bool]]:
    """Ctrl-C only noted (in the list given) while the workers are forked: a worker that
    hears it before its initializer runs prints a traceback, and the pool waits for it."""
    heard: list[bool] = []
    if threading.current_thread() is not threading.main_thread():
        yield heard
        return
    previous = signal.signal(signal.SIGINT, lambda *_: heard.append(True))
    try:
        yield heard
    finally:
        signal.signal(signal.SIGINT, previous)


def _play_chunk(task: tuple[Rules, tuple[str, ...], int, int, int]) -> list[HandRecord]:
    rules, kinds, start, stop, seed = task
    return [play_recorded_hand(rules, kinds, hand, seed) for hand in range(start, stop)]


def run_tournament(rules: Rules, kinds: Sequence[str], hands: int, seed: int = 0,
                   workers: int | None = None, progress: bool = True) -> list[HandRecord]:
    """Play ``hands`` hands with one player of each kind per seat, in hand order.

    ``workers``: processes (default: every core; 1 plays in this process). Ctrl-C stops
    the workers and raises ``TournamentInterrupted`` with the hands already played.
    """
    kinds = tuple(kinds)
    for kind in kinds:
        if kind not in PLAYER_KINDS:
            raise ValueError(f"unknown player {kind!r}: expected one of {', '.join(PLAYER_KINDS)}")
    rules.check_players(len(kinds))
    tasks = [(rules, kinds, start, min(start + CHUNK, hands), seed) for start in range(0, hands, CHUNK)]
    workers = min(workers or os.cpu_count() or 1, len(tasks)) if tasks else 1
    from tqdm.auto import tqdm
    bar = tqdm(total=hands, unit="hand", disable=not progress, desc="tournament")
    records: list[HandRecord] = []
    try:
        if workers <= 1:
            for task in tasks:
                records += _play_chunk(task)
                bar.update(len(records) - bar.n)
        else:
            # fork where the system has it: no re-import of __main__ (notebooks, stdin scripts)
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("fork" if "fork" in methods else None)
            with _interrupts_held() as heard:
                pool = context.Pool(workers, initializer=_ignore_interrupt)
            with pool:  # leaving it terminates the workers
                if heard:
                    raise KeyboardInterrupt
                for chunk in pool.imap_unordered(_play_chunk, tasks):
                    records += chunk
                    bar.update(len(chunk))
    except KeyboardInterrupt:
        raise TournamentInterrupted(records) from None
    finally:
        bar.close()
    return sorted(records, key=lambda record: record.hand)


# --- figures ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class WinRate:
    label: str
    hands: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.hands)


def _rates(groups: dict, label) -> list[WinRate]:
    return [WinRate(label(key), len(results), sum(results)) for key, results in sorted(groups.items())]


def summarize(records: Iterable[HandRecord], by: str = "seat") -> list[WinRate]:
    """Win rates grouped ``by`` "seat", "kind", "position" or "seat-position"."""
    groups: dict = defaultdict(list)
    for record in records:
        for seat in record.seats:
            key = {"seat": (seat.seat, seat.kind), "kind": seat.kind, "position": seat.position,
                   "seat-position": (seat.seat, seat.kind, seat.position)}[by]
            groups[key].append(seat.won)
    labels = {"seat": lambda key: f"seat {key[0] + 1} ({key[1]})",
              "kind": str,
              "position": lambda key: f"position {key}",
              "seat-position": lambda key: f"seat {key[0] + 1} ({key[1]}) at position {key[2]}"}
    return _rates(groups, labels[by])


def _figure() -> "Figure":
    from matplotlib.figure import Figure
    return Figure(figsize=(10, 4), layout="constrained")


def _with_errors(ax, rates: list[WinRate], fair: float, title: str) -> None:
    lows = [rate.rate - rate.interval[0] for rate in rates]
    highs = [rate.interval[1] - rate.rate for rate in rates]
    ax.bar([rate.label for rate in rates], [rate.rate for rate in rates], yerr=[lows, highs],
           capsize=4, color="#4c72b0")
    ax.axhline(fair, color="#c44e52", linestyle="--", label=f"fair share {fair:.0%}")
    ax.set_ylabel("hands won")
    ax.set_title(title)
    ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    ax.legend(loc="upper right")


def plot_win_rates(records: Sequence[HandRecord]) -> "Figure":
    """Win rate by strategy and by position at the table, with 95% Wilson intervals."""
    fair = 1 / len(records[0].seats)
    figure = _figure()
    by_kind, by_position = figure.subplots(1, 2)
    _with_errors(by_kind, summarize(records, "kind"), fair, "by strategy")
    _with_errors(by_position, summarize(records, "position"), fair,
                 "by position (1 leads first, last deals)")
    return figure


def plot_hand_sizes(records: Sequence[HandRecord]) -> "Figure":
    """Mean hand size and share of players still in, trick by trick, per strategy."""
    longest = max(len(seat.sizes) for record in records for seat in record.seats)
    kinds = sorted({seat.kind for record in records for seat in record.seats})
    figure = _figure()
    sizes_ax, alive_ax = figure.subplots(1, 2)
    for kind in kinds:
        runs = [seat.sizes for record in records for seat in record.seats if seat.kind == kind]
        # A finished hand holds its last sizes: the winner keeps cards, the others stay at 0.
        padded = [run + (run[-1] if run else 0,) * (longest - len(run)) for run in runs]
        tricks = range(1, longest + 1)
        sizes_ax.plot(tricks, [sum(run[t] for run in padded) / len(padded) for t in range(longest)],
                      label=kind)
        alive_ax.step(tricks, [sum(run[t] > 0 for run in padded) / len(padded) for t in range(longest)],
                      where="post", label=kind)
    sizes_ax.set(xlabel="trick", ylabel="cards in hand (mean)", title="hand size over tricks")
    alive_ax.set(xlabel="trick", ylabel="still holding cards", title="survival")
    alive_ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    sizes_ax.legend()
    alive_ax.legend()
    return figure


def plot_early_wins_and_trumps(records: Sequence[HandRecord], cap: int = 4) -> "Figure":
    """The value of winning early versus saving trumps, over the first n tricks (n = players).

    Left: win rate by tricks won among them; right: by trumps spent in them.
    Counts of ``cap`` or more share one bar. These are associations across
    hands (a strong deal both wins early and wins the hand), not causes.
    """
    n = len(records[0].seats)
    early: dict[int, list[bool]] = defaultdict(list)
    trumps: dict[int, list[bool]] = defaultdict(list)
    for record in records:
        for seat in record.seats:
            early[min(seat.early_tricks, cap)].append(seat.won)
            trumps[min(seat.early_trumps, cap)].append(seat.won)
    figure = _figure()
    early_ax, trumps_ax = figure.subplots(1, 2)
    label = lambda count: f"{count}+" if count == cap else str(count)  # noqa: E731
    _with_errors(early_ax, _rates(early, label), 1 / n, f"by tricks won in the first {n}")
    _with_errors(trumps_ax, _rates(trumps, label), 1 / n, f"by trumps spent in the first {n} tricks")
    early_ax.set_xlabel("tricks won")
    trumps_ax.set_xlabel("trumps played")
    return figure


# --- output and command line --------------------------------------------------------

CSV_COLUMNS = ["hand", "dealer", "reason", "seat", "player", "position", "won", "tricks_won",
               "early_tricks", "early_trumps", "hand_sizes"]


def write_csv(records: Iterable[HandRecord], path: str | TextIO) -> None:
    """One row per seat per hand; ``hand_sizes`` lists the size after each trick. ``path`` is
    a file name (replaced once complete) or a text file opened with ``newline=""``."""
    if isinstance(path, str):
        with replacing(path, newline="") as handle:
            write_csv(records, handle)
        return
    writer = csv.writer(path)
    writer.writerow(CSV_COLUMNS)
    for record in records:
        for seat in record.seats:
            writer.writerow([record.hand, record.dealer + 1, record.reason, seat.seat + 1, seat.kind,
                             seat.position, int(seat.won), seat.tricks_won, seat.early_tricks,
                             seat.early_trumps, " ".join(map(str, seat.sizes))])


def format_rates(rates: Sequence[WinRate], title: str) -> str:
    width = max(len(rate.label) for rate in rates)
    lines = [title]
    for rate in rates:
        low, high = rate.interval
        lines.append(f"  {rate.label:<{width}}  {rate.wins:>6} / {rate.hands:<6} {rate.rate:6.1%}"
                     f"  [{low:6.1%}, {high:6.1%}]")
    return "\n".join(lines)


def tournament_command(args: argparse.Namespace) -> int:
    """``lingerlonger tournament``: play, print win rates with 95% intervals, write the CSV."""
    kinds = args.seats * args.players if len(args.seats) == 1 else args.seats
    if len(kinds) != args.players:
        print(f"error: --seats names {len(kinds)} players but --players is {args.players}",
              file=sys.stderr)
        return 2
    try:
        args.rules.check_players(args.players)
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    with contextlib.ExitStack() as stack:
        try:  # opened before any hand: a path that cannot be written fails at once
            output = stack.enter_context(replacing(args.output, newline="")) if args.output else None
        except OSError as error:
            print(f"error: cannot write {args.output}: {error.strerror}", file=sys.stderr)
            return 1
        try:
            records = run_tournament(args.rules, kinds, args.hands, args.seed, args.workers,
                                     progress=not args.quiet)
        except TournamentInterrupted as stop:
            return _interrupted(args, kinds, stop.records, output)
        _report(args, kinds, records)
        if output is not None:
            write_csv(records, output)
    if args.output:
        print(f"wrote {args.output} ({len(records) * args.players} rows)")
    return 0


def _interrupted(args: argparse.Namespace, kinds: Sequence[str], records: list[HandRecord],
                 output: TextIO | None) -> int:
    """After Ctrl-C: the hands played so far are reported (and written), and the exit says so."""
    played = len(records)
    if not records:
        print(translate("lab.interrupted-nothing", hands=args.hands), file=sys.stderr)
        if output is not None:  # leaving the output's block by an exception keeps the old file
            raise KeyboardInterrupt
        return 130
    print(translate("lab.interrupted", count=played, hands=args.hands), file=sys.stderr)
    _report(args, kinds, records)
    if output is not None:
        write_csv(records, output)
        print(translate("lab.interrupted-written", count=played * args.players, path=args.output),
              file=sys.stderr)
    return 130


def _report(args: argparse.Namespace, kinds: Sequence[str], records: list[HandRecord]) -> None:
    """The win rates by player, strategy, position, and player and position."""
    print(f"{args.players} players, {args.rules.spec}, {len(records)} hands, seed {args.seed}; "
          "win rates with 95% Wilson intervals")
    print(format_rates(summarize(records, "seat"), "by player:"))
    if len(set(kinds)) < len(kinds):
        print(format_rates(summarize(records, "kind"), "by strategy:"))
    print(format_rates(summarize(records, "position"),
                       f"by position (1 = dealer's left, leads first; {args.players} = dealer):"))
    print(format_rates(summarize(records, "seat-position"), "by player and position:"))


def _kinds(text: str) -> list[str]:
    kinds = [kind.strip() for kind in text.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in PLAYER_KINDS]
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(f"unknown player {', '.join(unknown) or text!r}: "
                                         f"expected a comma-separated list of {', '.join(PLAYER_KINDS)}")
    return kinds




def add_tournament_parser(commands) -> argparse.ArgumentParser:
    """Register ``lingerlonger tournament`` on the CLI's subcommands."""
    parser = commands.add_parser("tournament", help="play computer players against each other and "
                                 "print win rates with 95%% intervals",
                                 description="Play many hands between computer players (random, "
                                 "tips, expert) and print each seat's, strategy's and position's "
                                 "win rate with a 95%% interval; -o also writes one CSV row per "
                                 "seat per hand.", epilog="example: lingerlonger tournament "
                                 "--players 4 --seats expert,tips,random,random --hands 2000")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N",
                        help="3 to 6 (default: 4)")
    parser.add_argument("--rules", type=rules_spec, default=Rules(), metavar="SPEC",
                        help="profile[+variant...], e.g. standard+no-trump (default: standard)")
    parser.add_argument("--seats", type=_kinds, default=["tips", "random", "random", "random"],
                        metavar="KINDS", help="one player per seat, comma-separated: "
                        f"{', '.join(PLAYER_KINDS)} (one name fills every seat; default: "
                        "tips,random,random,random)")
    parser.add_argument("--hands", type=positive_int, default=1000, metavar="K",
                        help="hands to play (default: 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the same seed replays the same tournament")
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="processes to use (default: every core)")
    parser.add_argument("-o", "--output", metavar="FILE.csv", help="write one row per seat per hand")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=tournament_command)
    return parser
