"""Tournament memory and speed: peak memory stays flat as the hands grow, and hands per second.

Each run is a fresh Python process playing ``lingerlonger tournament`` (tips against three
random players, 4-player standard rules, the CSV written as hands finish), so that its peak
memory is its own:

1. Peak memory (resident set) for each size, on one worker (everything in one process),
   and the ratio of the largest to the smallest (target: at most 1.10).
2. Hands per second with each number of worker processes, for the smallest size, with
   the hands per CPU second and the cores kept busy (on a shared machine, the wall-clock
   rate says more about the other users than about the workers).

Usage: ``python bench/tournament.py [--sizes 10000 100000] [--workers 1 2]``.
100,000 hands take a few minutes on one core.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def measure(hands: int, workers: int) -> None:
    """The child: play, then print elapsed seconds and peak memory (this process, and its workers)."""
    from lingerlonger.command_line.commands import main

    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(
                [
                    "tournament",
                    "--hands",
                    str(hands),
                    "--workers",
                    str(workers),
                    "-q",
                    "-o",
                    os.path.join(folder, "out.csv"),
                ]
            )
        elapsed = time.perf_counter() - start
    kilobytes = 1024 if sys.platform != "darwin" else 1  # ru_maxrss: KiB on Linux, bytes on macOS
    own, workers = (resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(
        json.dumps(
            {
                "code": code,
                "elapsed": elapsed,
                "self": own.ru_maxrss * kilobytes,
                "workers": workers.ru_maxrss * kilobytes,
                "cpu": sum(usage.ru_utime + usage.ru_stime for usage in (own, workers)),
            }
        )
    )


def run(hands: int, workers: int) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(hands), str(workers)], capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout.splitlines()[-1])
    if result["code"] != 0:
        raise SystemExit(f"the tournament failed: {done.stderr}")
    return result


def mib(size: int) -> str:
    return f"{size / 2**20:6.1f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000], metavar="HANDS")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], metavar="N")
    parser.add_argument("--child", type=int, nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        measure(*args.child)
        return
    sizes = sorted(args.sizes)
    print(f"tips vs 3 random, 4 players, standard rules, CSV streamed; {os.cpu_count()} cores")
    print("1. peak memory, one worker (all in one process)")
    peaks = {}
    for hands in sizes:
        result = run(hands, 1)
        peaks[hands] = result["self"]
        print(f"  {hands:>9,} hands: {mib(result['self'])}  ({hands / result['elapsed']:,.0f} hands/s)")
    print(
        f"  ratio {sizes[-1]:,} to {sizes[0]:,} hands: {peaks[sizes[-1]] / peaks[sizes[0]]:.3f} (target: at most 1.10)"
    )
    print(f"2. speed, {sizes[0]:,} hands")
    for workers in args.workers:
        result = run(sizes[0], workers)
        worker_peak = f", largest worker {mib(result['workers'])}" if workers > 1 else ""
        print(
            f"  {workers} worker{'s' * (workers != 1)}: {sizes[0] / result['elapsed']:8,.0f} hands/s"
            f"  ({sizes[0] / result['cpu']:,.0f} per CPU second, {result['cpu'] / result['elapsed']:.2f} "
            f"cores busy; peak: this process {mib(result['self'])}{worker_peak})"
        )


if __name__ == "__main__":
    main()
