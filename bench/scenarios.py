"""Simulating hands versus checking them again: the scenario tooling's speed targets.

Records 1,000 random 4-player standard hands to a temporary file (what
``lingerlonger simulate`` does: play through the engine, write YAML), then checks
that file (what ``lingerlonger check`` does: read the stream one scenario at a
time, replay every step, compare every ``expect`` and ``result``). Both on one
core; each is timed ``--rounds`` times, interleaved, and the fastest round kept,
so that a busy machine slows both alike.

Targets (issue 3): checking a hand costs at most 2× simulating it, and checking
1,000 recorded 4-player hands takes under 10 s. Also times the 400 hands of
``shared/recorded`` when they are beside the clone.

Usage: ``python bench/scenarios.py [--hands 1000] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from lingerlonger.game.rules import Rules
from lingerlonger.scenario import ScenarioError, iter_documents
from lingerlonger.scenario.recording import simulate
from lingerlonger.scenario.replay import check
from lingerlonger.scenario.writer import write

SHARED = Path(os.environ.get("LINGERLONGER_SHARED") or Path(__file__).resolve().parents[2] / "shared")


def simulate_to(path: Path, hands: int) -> float:
    """CPU seconds to record ``hands`` hands into ``path``."""
    started = time.process_time()
    write(path, simulate(Rules(), players=4, seed=1, games=hands))
    return time.process_time() - started


def check_files(paths: list[Path]) -> tuple[float, int, int]:
    """CPU seconds to check every scenario in ``paths``, how many there were, how many failed."""
    started = time.process_time()
    count = failed = 0
    for path in paths:
        with open(path, encoding="utf-8") as source:
            for item in iter_documents(source, str(path)):
                count += 1
                failed += isinstance(item, ScenarioError) or bool(check(item))
    return time.process_time() - started, count, failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.yaml"
        simulated, checked = [], []
        for _ in range(args.rounds):
            simulated.append(simulate_to(path, args.hands))
            seconds, count, failed = check_files([path])
            assert (count, failed) == (args.hands, 0), f"{failed} of {count} recorded hands failed"
            checked.append(seconds)
        size = path.stat().st_size
    simulate_s, check_s = min(simulated), min(checked)
    print(
        f"{args.hands} random 4-player standard hands ({size / 1e6:.1f} MB of YAML), "
        f"best of {args.rounds}, CPU time on one core:"
    )
    print(f"  simulate + write : {simulate_s:6.2f} s  ({args.hands / simulate_s:6.0f} hands/s)")
    print(f"  check            : {check_s:6.2f} s  ({args.hands / check_s:6.0f} hands/s)")
    print(f"  check / simulate : {check_s / simulate_s:6.2f}   (target: at most 2)")
    print(f"  check of 1,000   : {check_s * 1000 / args.hands:6.2f} s  (target: under 10 s)")
    recorded = sorted((SHARED / "recorded").glob("*.yaml"))
    if recorded:
        seconds, count, failed = min(check_files(recorded) for _ in range(args.rounds))
        print(
            f"shared/recorded: {count} hands (3 to 6 players, 10 rule sets) checked in "
            f"{seconds:.2f} s ({count / seconds:.0f} hands/s), {failed} failed"
        )


if __name__ == "__main__":
    main()
