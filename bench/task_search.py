"""What checking a file of large task searches costs (issue 39): CPU seconds and search nodes.

The files are those of ``tests/test_task_search.py`` (built by ``tests/corpora.py``): six
players with one seat holding every trump (``win-trick``, ``stay-in``, eight such tasks),
other seats and player counts, ``win-hand`` tasks from full deals, and the worst file found:
four ``win-hand`` tasks whose searches together go past the file's budget, refused at the
task that ran out. Each is checked as ``lingerlonger check`` checks a file (every scenario
replayed with one ``SearchBudget``); the figures are CPU seconds of this process (run it
on one core: ``taskset -c 0 python bench/task_search.py``), the nodes spent of the budget,
and the tasks refused. The target: every file within about 10 s.

Before the budget was the file's and the search fast (each ``win-hand`` task had 200,000
positions of its own, a trick was searched card by card), on the bench machine, one core:
the six-player ``win-trick`` and ``stay-in`` files took 4.2 s and 4.0 s, the eight tasks
32.2 s, the win-hand files 13.3 s, 11.7 s (a task refused) and 1.6 s, the last file 20.6 s
(a task refused). After: 0.00 s for the trick files (6 to 48 nodes), 2.2 s, 2.1 s and 1.1 s
(none refused), and 9.4 s for the last (refused at 500,000 nodes).

Usage: ``python bench/task_search.py``. Prints figures; times nothing as a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from corpora import dealt_file, trump_holder_file  # from tests/, put on the path just above

from lingerlonger.computer import task_judge
from lingerlonger.computer.task_judge import SearchBudget
from lingerlonger.scenario import loads
from lingerlonger.scenario.replay import replay

FILES = {
    "6 players, every trump, win-trick": trump_holder_file(1, ["win-trick"]),
    "6 players, every trump, stay-in": trump_holder_file(1, ["stay-in"]),
    "6 players, every trump, eight tasks": trump_holder_file(2, ["win-trick", "stay-in"] * 4),
    "5 players, mixed goals": trump_holder_file(4, ["win-trick", "lose-trick", "stay-in", "legal"], players=5),
    "3 players with a stock": trump_holder_file(5, ["win-trick", "stay-in"], players=3, stock=13),
    "4 win-hand, 4 players, draw-per-card": dealt_file([1, 2, 3, 4], players=4, rules="standard+draw-per-card"),
    "4 win-hand, 5 players, draw-per-card": dealt_file([0, 1, 2, 3], players=5, rules="standard+draw-per-card"),
    "4 win-hand, 3 players, long hands": dealt_file([0, 1, 2, 3], players=3, rules="standard+long-hand"),
    "4 win-hand past the budget": dealt_file([2, 0, 6, 3], players=4, rules="standard+long-hand+draw-per-card"),
}


def measure(text: str) -> tuple[float, int, int]:
    """CPU seconds, nodes spent and tasks refused for lack of budget, checking one file."""
    start = time.process_time()
    budget = SearchBudget()
    runs = [replay(scenario, budget) for scenario in loads(text, "bench.yaml")]
    seconds = time.process_time() - start
    refused = sum(failure.code == "replay.task.search-too-large" for run in runs for failure in run.failures)
    return seconds, budget.used, refused


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    print(f"file budget: {task_judge.FILE_SEARCH_BUDGET:,} nodes")
    print(f"{'file':40} {'CPU s':>7} {'nodes':>9} {'refused':>7}")
    for name, text in FILES.items():
        seconds, nodes, refused = measure(text)
        print(f"{name:40} {seconds:7.2f} {nodes:9,} {refused:7}", flush=True)


if __name__ == "__main__":
    main()
