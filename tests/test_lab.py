"""The strategy lab: reproducible tournaments on any executor, tallies that merge, a CSV
streamed as hands finish, plots, and a command that checks first and stops cleanly."""

from __future__ import annotations

import csv
import io
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import lingerlonger
from lingerlonger.command_line.commands import main
from lingerlonger.computer.players import PLAYER_KINDS, TipsPlayer
from lingerlonger.game.rules import Rules
from lingerlonger.lab import (
    CSV_COLUMNS,
    CsvWriter,
    ParquetWriter,
    Tally,
    play_tournament,
    plot_early_wins_and_trumps,
    plot_hand_sizes,
    plot_win_rates,
    run_tournament,
    runner,
    stream_tournament,
    summarize,
    write_csv,
)

KINDS = ["tips", "random", "random", "random"]


@pytest.fixture(scope="module")
def records():
    return run_tournament(Rules(), KINDS, hands=80, seed=5, workers=1, progress=False)


def test_results_do_not_depend_on_the_number_of_workers_or_the_executor(records):
    assert run_tournament(Rules(), KINDS, hands=80, seed=5, workers=2, progress=False) == records
    with ThreadPoolExecutor(3) as threads:
        assert run_tournament(Rules(), KINDS, hands=80, seed=5, executor=threads, progress=False) == records
        assert play_tournament(Rules(), KINDS, hands=80, seed=5, executor=threads, progress=False) == Tally.of(records)
    assert play_tournament(Rules(), KINDS, hands=80, seed=5, workers=2, progress=False) == Tally.of(records)
    assert run_tournament(Rules(), KINDS, hands=80, seed=6, workers=1, progress=False) != records


def test_tallies_merge_in_any_order_to_the_tally_of_every_hand(records):
    parts = [Tally.of(records[start : start + 7]) for start in range(0, len(records), 7)]
    random.Random(1).shuffle(parts)
    merged = Tally()
    for part in parts:
        merged.merge(part)
    assert merged == Tally.of(records) and merged.hands == 80 and merged.players == 4
    assert summarize(merged, "seat-position") == summarize(records, "seat-position")
    with pytest.raises(ValueError, match="3-player tally into a 4-player"):
        merged.merge(play_tournament(Rules(), KINDS[:3], hands=2, workers=1, progress=False))


def test_hand_size_curves_carry_a_finished_hand_at_its_last_size(records):
    """The tally's curves against the definition: every seat's sizes, padded to the longest hand."""
    longest = max(len(seat.sizes) for record in records for seat in record.seats)
    curves = Tally.of(records).size_curves()
    assert sorted(curves) == ["random", "tips"]
    for kind, (means, shares) in curves.items():
        runs = [seat.sizes for record in records for seat in record.seats if seat.kind == kind]
        padded = [run + (run[-1] if run else 0,) * (longest - len(run)) for run in runs]
        assert means == pytest.approx([sum(run[t] for run in padded) / len(runs) for t in range(longest)])
        assert shares == pytest.approx([sum(run[t] > 0 for run in padded) / len(runs) for t in range(longest)])


def test_no_more_than_in_flight_chunks_are_out_at_once():
    class CountingExecutor(ThreadPoolExecutor):
        submitted = 0

        def submit(self, *args, **kwargs):
            self.submitted += 1
            return super().submit(*args, **kwargs)

    yielded, most_out, starts = 0, 0, []
    with CountingExecutor(4) as executor:
        for chunk in stream_tournament(Rules(), KINDS, 200, seed=2, executor=executor, in_flight=3):
            most_out = max(most_out, executor.submitted - yielded)
            yielded += 1
            starts.append(chunk.start)
            assert chunk.records == ()  # not asked for: only the tally travels
    assert 1 < most_out <= 3
    assert starts == sorted(starts) and executor.submitted == yielded == len(starts) > 3


def test_a_tournament_from_a_later_first_hand_plays_exactly_the_rest_of_a_longer_one():
    """What ``bench/players.py --extend`` relies on: hands 30 to 69 played alone are the same
    hands as in a tournament of 70, whatever the chunks."""

    def records(hands, first=0):
        chunks = stream_tournament(Rules(), KINDS, hands, seed=5, workers=1, keep_records=True, first=first)
        return [record for chunk in chunks for record in chunk.records]

    whole, rest = records(70), records(40, first=30)
    assert [chunk.start for chunk in stream_tournament(Rules(), KINDS, 40, seed=5, workers=1, first=30)] == [
        30,
        40,
        50,
        60,
    ]
    assert rest == whole[30:] and len(rest) == 40


def test_closing_the_stream_early_cancels_what_is_out():
    with ThreadPoolExecutor(2) as executor:
        chunks = stream_tournament(Rules(), KINDS, 2000, executor=executor, in_flight=4)
        first = next(chunks)
        chunks.close()
    assert first.start == 0 and first.stop == runner.chunk_size(2000)


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


class _Timid(TipsPlayer):
    """A tips player that never wins a trick it could avoid: always its lowest legal card."""

    def act(self, view):
        action = super().act(view)
        return action if view.must_name_trump else type(action)(view.seat, min(view.legal))


class _NeverSeated:
    def __init__(self, seed):
        raise RuntimeError(f"seated with seed {seed}")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_tournament_seats_the_kinds_of_the_registry_it_is_given(workers):
    kinds = PLAYER_KINDS.with_kind("timid", _Timid).with_kind("never", _NeverSeated)
    seats = ["timid", "tips", "tips"]
    records = run_tournament(Rules(), seats, hands=40, seed=3, workers=workers, progress=False, kinds=kinds)
    assert records == run_tournament(Rules(), seats, hands=40, seed=3, workers=1, progress=False, kinds=kinds)
    assert records != run_tournament(Rules(), ["tips"] * 3, hands=40, seed=3, workers=1, progress=False)
    assert {record.seats[0].kind for record in records} == {"timid"}
    with pytest.raises(RuntimeError, match="seated with seed"):  # the worker made it from the registry
        run_tournament(Rules(), ["never", "tips", "tips"], hands=40, workers=workers, progress=False, kinds=kinds)
    with pytest.raises(ValueError, match="unknown player 'timid'"):  # the default registry knows nothing of it
        run_tournament(Rules(), seats, hands=40, workers=workers, progress=False)


def run_script(script: str) -> subprocess.CompletedProcess:
    """``script`` run by a Python of its own, as a reader's script or notebook runs (its classes
    in ``__main__``, which forked workers share), this checkout's package on its path."""
    return subprocess.run(
        [sys.executable, "-"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path(lingerlonger.__file__).parents[1])},
    )


def test_a_pool_stopped_while_its_workers_start_stays_quiet():
    """Stopped as soon as it forks (a chunk failed, a stream closed early): a worker
    interrupted before its handler is in place must neither print a traceback nor climb
    out of multiprocessing into the parent's code (it once ended a test runner's worker)."""
    script = (
        "import os\n"
        "from lingerlonger.lab.runner import _process_pool, _stop_soon\n"
        "for _ in range(30):\n"
        "    pool = _process_pool(2)\n"
        "    pool.submit(os.getpid)\n"
        "    _stop_soon(pool)\n"
        "print('ended')\n"
    )
    done = run_script(script)
    assert (done.returncode, done.stdout, done.stderr) == (0, "ended\n", "")


def test_a_kind_a_script_defines_plays_in_forked_workers():
    """As in a notebook: the class lives in __main__, which the pool's forked workers share."""
    script = (
        "from lingerlonger.lab import run_tournament\n"
        "from lingerlonger.computer.players import PLAYER_KINDS, TipsPlayer\n"
        "from lingerlonger.game.rules import Rules\n"
        "class Shy(TipsPlayer):\n"
        "    def act(self, view):\n"
        "        action = super().act(view)\n"
        "        return action if view.must_name_trump else type(action)(view.seat, min(view.legal))\n"
        "kinds = PLAYER_KINDS.with_kind('shy', Shy)\n"
        "def play(first, workers, kinds=PLAYER_KINDS):\n"
        "    return run_tournament(Rules(), [first, 'tips', 'tips'], 40, 1, workers, False, kinds=kinds)\n"
        "print(play('shy', 2, kinds) == play('shy', 1, kinds), play('shy', 1, kinds) != play('tips', 1),\n"
        "      list(PLAYER_KINDS))\n"
    )
    done = run_script(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True True ['random', 'tips', 'expert', 'strong']\n"


def test_closing_a_pooled_stream_early_ends_its_workers_and_the_interpreter_exits():
    """Workers are asked to stop, not killed: a worker killed while it sends a chunk of records
    leaves half a message in the pool's pipe, and the interpreter then hangs at exit."""
    script = (
        "import multiprocessing\n"
        "from lingerlonger.lab import stream_tournament\n"
        "from lingerlonger.game.rules import Rules\n"
        "for _ in range(5):\n"
        "    chunks = stream_tournament(Rules(), ['tips'] * 4, 10**6, workers=2, keep_records=True)\n"
        "    first = next(chunks)\n"
        "    chunks.close()\n"
        "    print(first.start, len(first.records), multiprocessing.active_children())\n"
    )
    done = run_script(script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["0 100 []"] * 5 and "Traceback" not in done.stderr


def test_the_tournament_command_prints_intervals_and_writes_csv(tmp_path, capsys):
    path = tmp_path / "out.csv"
    code = main(
        [
            "tournament",
            "--players",
            "3",
            "--rules",
            "equal-hands",
            "--seats",
            "tips,random,random",
            "--hands",
            "12",
            "--workers",
            "1",
            "-q",
            "-o",
            str(path),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "seat 1 (tips)" in out and "position 3" in out and "%]" in out
    assert f"wrote {path} (36 rows)" in out
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + 36


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "pt",
            [
                "por jogador:",
                "lugar 1 (dicas)",
                "posição 3",
                "lugar 2 (ao acaso) na posição 1",
                "120 linhas",
                "30,0%  [ 18,1%,  45,4%]",
            ],
        ),
        (
            "ru",
            [
                "Игроков: 3, правила: обычные,",
                "место 1 (по советам)",
                "позиция 3",
                "место 2 (случайный), позиция 1",
                "строк: 120",
                "30,0\u00a0%  [18,1\u00a0%, 45,4\u00a0%]",
            ],
        ),
    ],
)
def test_the_tournament_speaks_the_language_asked_for(tmp_path, capsys, lang, expected):
    path = tmp_path / "out.csv"
    code = main(
        [
            "tournament",
            "--players",
            "3",
            "--seats",
            "tips,random,random",
            "--hands",
            "40",
            "--workers",
            "1",
            "-q",
            "--lang",
            lang,
            "-o",
            str(path),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert all(text in out for text in expected), out
    words = set(re.findall(r"[^\W\d_]+", out.replace(str(path), "")))
    assert not words & {"seat", "position", "by", "player", "tips", "random", "standard", "hands", "rows"}
    if lang == "ru":
        assert not any(re.fullmatch("[A-Za-z]+", word) for word in words), words


def test_the_streamed_csv_is_the_same_with_one_or_two_workers(records, tmp_path, capsys):
    written = tmp_path / "records.csv"
    write_csv(records, str(written))
    outputs = []
    for workers in ("1", "2"):
        path = tmp_path / f"{workers}.csv"
        assert main(["tournament", "--hands", "80", "--seed", "5", "--workers", workers, "-q", "-o", str(path)]) == 0
        outputs.append(capsys.readouterr().out.replace(str(path), "FILE.csv"))
        assert path.read_bytes() == written.read_bytes()
    assert outputs[0] == outputs[1]


@pytest.fixture
def hands_played(monkeypatch):
    """Every chunk of hands the runner plays, by its first hand (workers=1 plays in this process)."""
    starts: list[int] = []
    play_chunk = runner.play_chunk

    def counted(rules, kinds, seed, start, stop, keep_records):
        starts.append(start)
        return play_chunk(rules, kinds, seed, start, stop, keep_records)

    monkeypatch.setattr(runner, "play_chunk", counted)
    return starts


@pytest.mark.parametrize(
    "lang, message",
    [
        ("en", "cannot write {path}: No such file or directory; no hand was played"),
        ("ru", "не удаётся записать {path}"),
    ],
)
def test_an_unwritable_output_is_refused_before_any_hand(tmp_path, capsys, hands_played, lang, message):
    path = tmp_path / "missing" / "x.csv"
    code = main(["tournament", "--hands", "100000", "--workers", "1", "-q", "--lang", lang, "-o", str(path)])
    captured = capsys.readouterr()
    assert code == 2 and hands_played == [] and not path.parent.exists()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message.format(path=path) in captured.err


def test_a_write_that_fails_midway_says_what_the_file_holds(tmp_path, capsys, monkeypatch):
    path = tmp_path / "out.csv"
    write = CsvWriter.write

    def full_after_two_chunks(self, records):
        if self.hands >= 2 * runner.chunk_size(100):
            raise OSError(28, "No space left on device")
        write(self, records)

    monkeypatch.setattr(CsvWriter, "write", full_after_two_chunks)
    code = main(["tournament", "--hands", "100", "--workers", "1", "-q", "-o", str(path)])
    err = capsys.readouterr().err
    assert code == 1
    assert err == (
        f"lingerlonger tournament: could not go on writing {path}: No space left on device. "
        "The file holds the first 20 hands.\n"
    )
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + 20 * 4


def test_a_scheduler_without_the_distributed_package_is_one_line(monkeypatch, capsys, hands_played):
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["tournament", "-q", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err
    assert err == (
        'lingerlonger tournament: --scheduler needs the distributed package: pip install "lingerlonger[cluster]"\n'
    )
    assert hands_played == []


def test_a_scheduler_address_without_a_port_is_one_line(capsys, hands_played):
    assert main(["tournament", "-q", "--scheduler", "cluster.example"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "lingerlonger tournament: cannot reach the Dask scheduler at cluster.example: "
        "missing port number in address 'cluster.example'\n"
    )
    assert hands_played == []


def _rows_by_hand(path) -> Counter[int]:
    with open(path, newline="", encoding="utf-8") as handle:
        return Counter(int(row["hand"]) for row in csv.DictReader(handle))


def _interrupt_when(process: subprocess.Popen, started) -> tuple[str, str]:
    """Send Ctrl-C as a terminal does (SIGINT to the whole process group, workers included)
    once ``started()`` says hands are being played; then the outputs."""
    deadline = time.monotonic() + 60
    while not started() and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    try:
        return process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("the tournament did not end within a minute of Ctrl-C") from None


def _as_a_terminal_starts_it() -> None:
    """Ctrl-C at its default, whatever the test runner inherited (a suite started in the
    background by a shell ignores it, and a child would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _tournament(*args: str, ctrl_c=_as_a_terminal_starts_it) -> subprocess.Popen:
    """A million-hand tournament in its own process group, as a terminal would start it."""
    here = str(Path(lingerlonger.__file__).parents[1])
    return subprocess.Popen(
        [sys.executable, "-m", "lingerlonger.command_line.commands", "tournament", "--hands", "1000000", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=ctrl_c,
        env={**os.environ, "PYTHONPATH": here},
    )


def test_a_tournament_started_in_the_background_plays_on_through_ctrl_c():
    """A shell's background job (`lingerlonger tournament ... &`, nohup) ignores Ctrl-C: so do
    its workers, and the run goes on instead of ending in an internal error."""
    process = _tournament("--workers", "2", ctrl_c=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    seen: list[str] = []
    try:
        counted = _bar_counts_hands(process, seen)
        deadline = time.monotonic() + 60
        while not counted() and time.monotonic() < deadline:
            pass
        os.killpg(process.pid, signal.SIGINT)
        shown = len("".join(seen))
        while process.poll() is None and len("".join(seen)) < shown + 400 and time.monotonic() < deadline:
            seen.append(process.stderr.read(40))  # the bar goes on counting
        assert process.poll() is None, "".join(seen) + process.stderr.read()
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def test_ctrl_c_with_two_workers_keeps_whole_hands_and_says_so(tmp_path):
    path = tmp_path / "out.csv"
    process = _tournament("--workers", "2", "-q", "-o", str(path))
    out, err = _interrupt_when(process, lambda: path.exists() and path.stat().st_size > 10_000)
    counts = _rows_by_hand(path)
    hands = len(counts)
    assert process.returncode == 130 and out == ""
    assert hands > 0 and set(counts) == set(range(hands)) and set(counts.values()) == {4}
    assert err == (
        f"lingerlonger tournament: interrupted after {hands:,} of 1,000,000 hands; "
        f"{path} holds those hands ({4 * hands:,} rows)\n"
    )


def test_ctrl_c_waits_until_a_batch_of_hands_is_written_and_counted():
    from lingerlonger.command_line.tournament import _ctrl_c_held

    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)  # as Python starts in a terminal
    try:
        handler, steps = signal.getsignal(signal.SIGINT), []
        with pytest.raises(KeyboardInterrupt), _ctrl_c_held():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # where the interrupt would land
            steps.append("written and counted")
        assert steps == ["written and counted"]
        assert signal.getsignal(signal.SIGINT) is handler
    finally:
        signal.signal(signal.SIGINT, inherited)


def _bar_counts_hands(process: subprocess.Popen, seen: list[str]):
    """Whether the progress bar on stderr has counted a hand yet (what it showed goes to ``seen``)."""

    def counted() -> bool:
        seen.append(process.stderr.read(40))
        return re.search(r"\| *[1-9][0-9]*/1000000", "".join(seen)) is not None

    return counted


def _last_line_without_a_traceback(process: subprocess.Popen, seen: list[str], err: str) -> str:
    err = "".join(seen) + err
    assert process.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    return err.rstrip("\n").split("\n")[-1]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_without_output_says_nothing_was_written(workers):
    """Without -o only the progress bar shows that hands are being played: wait for it to count."""
    process = _tournament("--workers", workers)
    seen: list[str] = []
    out, err = _interrupt_when(process, _bar_counts_hands(process, seen))
    assert out == ""
    assert re.fullmatch(
        r"lingerlonger tournament: interrupted after [1-9][0-9,]* of 1,000,000 hands; "
        r"nothing was written \(no -o FILE was given\)",
        _last_line_without_a_traceback(process, seen, err),
    )


def test_ctrl_c_closes_a_parquet_file_that_can_be_read(tmp_path):
    import pyarrow.parquet as parquet

    path = tmp_path / "hands.parquet"
    process = _tournament("--workers", "2", "-o", str(path))
    seen: list[str] = []
    _, err = _interrupt_when(process, _bar_counts_hands(process, seen))
    last = _last_line_without_a_traceback(process, seen, err)
    hands = parquet.read_table(path, columns=["hand"]).column("hand").to_pylist()
    count = len(set(hands))
    assert count > 0 and sorted(set(hands)) == list(range(count)) and len(hands) == 4 * count
    assert last == (
        f"lingerlonger tournament: interrupted after {count:,} of 1,000,000 hands; "
        f"{path} holds those hands ({4 * count:,} rows)"
    )


@pytest.fixture(scope="module")
def cluster():
    """Two single-threaded worker processes on this machine, reachable on 127.0.0.1 only."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    ) as local_cluster:
        yield local_cluster


@pytest.mark.slow
def test_a_two_worker_dask_cluster_gives_the_results_of_a_local_run(cluster, records):
    from distributed import Client

    with Client(cluster) as client:
        executor = client.get_executor()
        assert run_tournament(Rules(), KINDS, hands=80, seed=5, executor=executor, progress=False) == records
        tally = play_tournament(Rules(), KINDS, hands=80, seed=5, executor=executor, progress=False)
        assert tally == Tally.of(records)
        assert len(client.nthreads()) == 2


@pytest.mark.slow
def test_the_command_on_a_scheduler_prints_and_writes_what_a_local_run_does(cluster, tmp_path, capsys):
    runs = {}
    for name, where in [("local", ["--workers", "1"]), ("cluster", ["--scheduler", cluster.scheduler_address])]:
        path = tmp_path / f"{name}.csv"
        assert main(["tournament", "--hands", "300", "--seed", "9", "-q", "-o", str(path), *where]) == 0
        runs[name] = (capsys.readouterr().out.replace(str(path), "FILE.csv"), path.read_bytes())
    assert runs["local"] == runs["cluster"]
    assert runs["local"][1].count(b"\n") == 1 + 300 * 4


def test_a_parquet_output_holds_the_csv_rows_with_sizes_as_lists(tmp_path, capsys, monkeypatch):
    import pyarrow.parquet as parquet

    monkeypatch.setattr(ParquetWriter, "ROW_GROUP", 100)  # several row groups, as in a long run
    csv_path = tmp_path / "hands.csv"
    assert main(["tournament", "--hands", "120", "--seed", "4", "--workers", "1", "-q", "-o", str(csv_path)]) == 0
    with open(csv_path, newline="", encoding="utf-8") as handle:
        expected = [
            {**row, "won": row["won"] == "1", "hand_sizes": [int(size) for size in row["hand_sizes"].split()]}
            for row in csv.DictReader(handle)
        ]
    for workers in ("1", "2"):
        path = tmp_path / f"hands-{workers}.parquet"
        assert main(["tournament", "--hands", "120", "--seed", "4", "--workers", workers, "-q", "-o", str(path)]) == 0
        assert f"wrote {path} (480 rows)" in capsys.readouterr().out
        assert parquet.ParquetFile(path).metadata.num_row_groups > 1
        rows = parquet.read_table(path).to_pylist()
        assert list(rows[0]) == CSV_COLUMNS
        as_text = [
            {column: value if column in ("won", "hand_sizes") else str(value) for column, value in row.items()}
            for row in rows
        ]
        assert as_text == expected


def test_parquet_without_pyarrow_is_refused_before_any_hand(tmp_path, capsys, monkeypatch, hands_played):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    path = tmp_path / "hands.parquet"
    assert main(["tournament", "--hands", "50", "--workers", "1", "-q", "-o", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"lingerlonger tournament: writing {path} as Parquet needs pyarrow: "
        "pip install pyarrow (or give a name ending in .csv)\n"
    )
    assert hands_played == [] and not path.exists()


@pytest.mark.slow
def test_ctrl_c_on_a_cluster_cancels_and_says_what_was_kept(cluster, tmp_path):
    path = tmp_path / "out.csv"
    process = _tournament("--scheduler", cluster.scheduler_address, "-q", "-o", str(path))
    out, err = _interrupt_when(process, lambda: path.exists() and path.stat().st_size > 10_000)
    hands = len(_rows_by_hand(path))
    assert process.returncode == 130 and out == ""
    assert err == (
        f"lingerlonger tournament: interrupted after {hands:,} of 1,000,000 hands; "
        f"{path} holds those hands ({4 * hands:,} rows)\n"
    )
