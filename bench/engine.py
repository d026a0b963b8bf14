"""Random playouts of 4-player standard hands: plays per second, side by side.

Three contenders on one core, interleaved in short rounds (so that a change
in the machine's load hits all three alike), each for the same total time:

1. ``engine.apply`` — the reference engine (immutable states, events), each hand
   dealt by ``engine.new_hand``;
2. the fast path — ``playout.KernelPosition.deal`` (the engine's deal, checked equal to
   it by tests/test_playout.py) from a shuffled deck, then ``playout.playout``;
3. OpenSpiel's ``oh_hell(players=4)`` through its Python API (C++ core), random
   chance outcomes and random legal actions (skipped with a note if
   ``open_spiel`` is not installed: ``pip install -r bench/requirements.txt``).

A *play* is one card played to a trick. OpenSpiel also deals through chance
nodes and bids, so its actions per second are printed too; the ratio on the
last line compares card plays. Each contender is timed by this process's CPU
clock: on a busy machine the time other programs take is nobody's, where an
elapsed-time clock charged it at random to whichever contender was running
(``--wall`` times by elapsed time instead, as a quiet machine does anyway).
Usage: ``python bench/engine.py [--seconds S] [--wall]``.
"""

from __future__ import annotations

import argparse
import functools
import random
import time

from lingerlonger.computer.playout import KernelPosition, playout
from lingerlonger.game.cards import CARDS
from lingerlonger.game.declared import Game
from lingerlonger.game.engine import apply, legal_actions, new_hand
from lingerlonger.game.rules import Rules

RULES = Rules.parse("standard")
PLAYERS = 4
GAME = Game.of(RULES, PLAYERS)
#: What each contender is timed by: this process's CPU seconds, or (``--wall``) elapsed ones.
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
#: Hands played between two readings of the clock: a CPU clock costs a microsecond or two,
#: a few percent of a fast hand.
BATCH = 8


def engine_playouts(seconds: float, rng: random.Random, clock=CLOCKS["cpu"]) -> tuple[int, int, float]:
    hands = plays = 0
    start = clock()
    while clock() - start < seconds:
        for _ in range(BATCH):
            state, _ = new_hand(RULES, PLAYERS, hands % PLAYERS, rng)
            while state.winner is None:
                actions = legal_actions(state)
                state, _ = apply(state, actions[int(rng.random() * len(actions))])
                plays += 1
            hands += 1
    return hands, plays, clock() - start


def fast_playouts(seconds: float, rng: random.Random, clock=CLOCKS["cpu"]) -> tuple[int, int, float, float]:
    """Also returns the time spent in the playouts alone (no shuffle, no deal): each batch of
    hands is shuffled and dealt first, then played out, so that one clock reads each part."""
    hands = plays = 0
    in_kernel = 0.0
    deck_size = len(CARDS)
    deck = list(range(deck_size))
    start = clock()
    while clock() - start < seconds:
        positions = []
        for _ in range(BATCH):
            rng.shuffle(deck)
            positions.append(KernelPosition.deal(GAME, (hands + len(positions)) % PLAYERS, deck))
        kernel_start = clock()
        for position in positions:
            playout(position, rng)
        in_kernel += clock() - kernel_start
        for position in positions:
            # Every card that left the hands and the stock was played.
            plays += deck_size - sum(map(len, position.hands)) - len(position.stock)
        hands += len(positions)
    return hands, plays, clock() - start, in_kernel


def openspiel_playouts(seconds: float, rng: random.Random, clock=CLOCKS["cpu"]) -> tuple[int, int, int, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS})
    hands = plays = actions = 0
    start = clock()
    while clock() - start < seconds:
        for _ in range(BATCH):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    action = outcomes[int(rng.random() * len(outcomes))][0]
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                    plays += action < 52  # OpenSpiel's actions 0..51 are cards; bids come after
                state.apply_action(action)
                actions += 1
            hands += 1
    return hands, plays, actions, clock() - start


def _interleaved(runs, seconds: float, rounds: int, seed: int) -> list[list[float]]:
    """Each run for ``seconds`` in total, in ``rounds`` slices taken in turn; results summed."""
    rngs = [random.Random(seed) for _ in runs]
    totals: list[list[float] | None] = [None] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            result = run(seconds / rounds, rngs[i])
            if result is None:
                continue
            totals[i] = list(result) if totals[i] is None else [a + b for a, b in zip(totals[i], result, strict=True)]
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="total time of each contender (default 6)")
    parser.add_argument("--rounds", type=int, default=12, help="slices each run is cut into (default 12)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--wall", action="store_true", help="time by elapsed seconds, not CPU seconds")
    args = parser.parse_args()
    clock = CLOCKS["wall" if args.wall else "cpu"]
    print(
        f"random playouts, {PLAYERS} players, {RULES.spec}, {args.seconds:g} {'s' if args.wall else 'CPU s'} "
        f"each in {args.rounds} interleaved rounds"
    )
    runs = [functools.partial(run, clock=clock) for run in (engine_playouts, fast_playouts, openspiel_playouts)]
    engine, fast, spiel = _interleaved(runs, args.seconds, args.rounds, args.seed)
    hands, plays, elapsed = engine
    print(
        f"engine.apply : {hands / elapsed:10,.0f} hands/s {plays / elapsed:12,.0f} plays/s "
        f"({plays / hands:.1f} plays a hand)"
    )
    hands, plays, elapsed, in_kernel = fast
    ours = plays / elapsed
    print(
        f"fast path    : {hands / elapsed:10,.0f} hands/s {ours:12,.0f} plays/s "
        f"({plays / hands:.1f} plays a hand; shuffle and deal included)"
    )
    print(
        f"  playout only: {hands / in_kernel:9,.0f} hands/s {plays / in_kernel:12,.0f} plays/s "
        f"(shuffle and deal are {1 - in_kernel / elapsed:.0%} of the time above)"
    )
    if spiel is None:
        print("OpenSpiel    : not installed (pip install -r bench/requirements.txt); no ratio")
        return
    hands, plays, actions, elapsed = spiel
    theirs = plays / elapsed
    print(
        f"OpenSpiel    : {hands / elapsed:10,.0f} hands/s {theirs:12,.0f} plays/s "
        f"({plays / hands:.1f} plays a hand; {actions / elapsed:,.0f} actions/s counting "
        "chance deals and bids)"
    )
    print(f"plays/s ratio to OpenSpiel: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
