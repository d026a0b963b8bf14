"""The strategy lab: tournaments between computer players, their win rates, and plots.

- ``runner``: hands played on any executor (this process, a process pool, a Dask
  cluster) and streamed back in hand order;
- ``tally``: the counters that summaries and plots need, which merge;
- ``hand_records``: the CSV (or Parquet), written as hands come in;
- ``cluster``: an executor on a Dask cluster;
- ``plots``: the figures;
- ``paired``: one change to a player, judged over the same deals played with and without it;
- ``records``: what is kept of each hand.

It imports the game, the words and the computer players; the ``lingerlonger tournament``
command that drives it lives in ``lingerlonger.command_line.tournament``.

>>> from lingerlonger.game.rules import Rules
>>> records = run_tournament(Rules(), ["tips", "random", "random"], hands=6, seed=1,
...                          workers=1, progress=False)
>>> rows = summarize(records)
>>> rows[0].label, rows[0].hands
('seat 1 (tips)', 6)
"""

from lingerlonger.lab.hand_records import CSV_COLUMNS, CsvWriter, ParquetWriter, write_csv
from lingerlonger.lab.paired import (
    OneTipAtATime,
    PairedDifference,
    format_differences,
    one_tip_at_a_time,
    paired_difference,
    plot_differences,
    verdict,
)
from lingerlonger.lab.plots import plot_early_wins_and_trumps, plot_hand_sizes, plot_win_rates
from lingerlonger.lab.runner import (
    Chunk,
    HandRecord,
    SeatRecord,
    play_recorded_hand,
    play_tournament,
    run_tournament,
    stream_tournament,
)
from lingerlonger.lab.tally import Tally, WinRate, format_rates, summarize

__all__ = [
    "SeatRecord",
    "HandRecord",
    "Chunk",
    "Tally",
    "WinRate",
    "play_recorded_hand",
    "stream_tournament",
    "play_tournament",
    "run_tournament",
    "summarize",
    "format_rates",
    "write_csv",
    "CsvWriter",
    "ParquetWriter",
    "CSV_COLUMNS",
    "plot_win_rates",
    "plot_hand_sizes",
    "plot_early_wins_and_trumps",
    "PairedDifference",
    "paired_difference",
    "verdict",
    "OneTipAtATime",
    "one_tip_at_a_time",
    "format_differences",
    "plot_differences",
]
