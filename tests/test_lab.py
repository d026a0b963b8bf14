"""The strategy lab: reproducible tournaments, sound summaries, CSV, plots and the command."""

from __future__ import annotations

import csv
import io

import pytest

from lingerlonger.cli import main
from lingerlonger.lab import (CSV_COLUMNS, plot_early_wins_and_trumps, plot_hand_sizes,
                              plot_win_rates, run_tournament, summarize, write_csv)
from lingerlonger.rules import Rules

KINDS = ["tips", "random", "random", "random"]


@pytest.fixture(scope="module")
def records():
    return run_tournament(Rules(), KINDS, hands=80, seed=5, workers=1, progress=False)


def test_results_do_not_depend_on_the_number_of_workers(records):
    assert run_tournament(Rules(), KINDS, hands=80, seed=5, workers=2, progress=False) == records
    assert run_tournament(Rules(), KINDS, hands=80, seed=6, workers=1, progress=False) != records


def test_every_hand_has_one_winner_and_consistent_tricks(records):
    for record in records:
        assert sum(seat.won for seat in record.seats) == 1
        tricks = len(record.seats[0].sizes)
        assert sum(seat.tricks_won for seat in record.seats) == tricks
        winner = next(seat for seat in record.seats if seat.won)
        if record.reason == "last-holder":
            assert winner.sizes[-1] > 0
            assert all(seat.sizes[-1] == 0 for seat in record.seats if not seat.won)
        assert sum(seat.early_tricks for seat in record.seats) == min(tricks, len(record.seats))


def test_the_dealer_moves_so_each_seat_takes_each_position(records):
    rows = summarize(records, "seat-position")
    assert len(rows) == 16 and all(row.hands == 20 for row in rows)
    by_position = summarize(records, "position")
    assert [row.label for row in by_position] == [f"position {p}" for p in range(1, 5)]
    assert sum(row.wins for row in by_position) == 80
    kinds = {row.label: row.hands for row in summarize(records, "kind")}
    assert kinds == {"random": 240, "tips": 80}


def test_csv_has_a_row_per_seat_per_hand(records, tmp_path):
    path = tmp_path / "t.csv"
    write_csv(records, str(path))
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == CSV_COLUMNS
    assert len(rows) == 320
    assert sum(int(row["won"]) for row in rows) == 80
    assert {row["player"] for row in rows if row["seat"] == "1"} == {"tips"}


@pytest.mark.parametrize("plot", [plot_win_rates, plot_hand_sizes, plot_early_wins_and_trumps])
def test_plots_return_figures_with_two_panels(records, plot):
    figure = plot(records)
    assert len(figure.axes) == 2
    assert all(ax.get_title() for ax in figure.axes)
    figure.savefig(io.BytesIO(), format="png")


def test_the_tournament_command_prints_intervals_and_writes_csv(tmp_path, capsys):
    path = tmp_path / "out.csv"
    code = main(["tournament", "--players", "3", "--rules", "equal-hands", "--seats", "tips,random,random",
                 "--hands", "12", "--workers", "1", "-q", "-o", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "seat 1 (tips)" in out and "position 3" in out and "%]" in out
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + 36


@pytest.mark.parametrize("argv, message", [
    (["--players", "3", "--seats", "tips,random"], "--seats names 2 players but --players is 3"),
    (["--seats", "tips,genius"], "unknown player 'genius'"),
    (["--rules", "standard+fast"], "unknown variant 'fast'"),
    (["--hands", "0"], "at least 1"),
    (["--players", "7", "--seats", "random"], "invalid choice: 7"),
])
def test_the_tournament_command_refuses_bad_input_without_a_traceback(argv, message, capsys):
    try:
        code = main(["tournament", "-q", *argv])
    except SystemExit as exit:
        code = exit.code
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and "Traceback" not in err


def test_a_single_kind_fills_every_seat(capsys):
    assert main(["tournament", "--players", "5", "--seats", "random", "--hands", "5", "-q",
                 "--workers", "1"]) == 0
    assert "seat 5 (random)" in capsys.readouterr().out
