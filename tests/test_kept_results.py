"""A simulation's result kept across the book's language builds (computer/kept_results.py): computed
once for the same name, sources and chapters; again when a chapter changes; never kept when
the build did not ask for it."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

from lingerlonger.computer import kept_results
from lingerlonger.computer.kept_results import RESULTS_FOLDER, kept


def counting():
    calls = []

    def compute():
        calls.append(1)
        return {"hands": 400, "wins": [len(calls)]}

    return compute, calls


def test_a_result_is_computed_once_then_read_and_computed_again_when_a_chapter_changes(tmp_path, monkeypatch):
    chapters = tmp_path / "book"
    chapters.mkdir()
    (chapters / "07-endings.md").write_text("400 hands per row", encoding="utf-8")
    monkeypatch.chdir(chapters)
    monkeypatch.setenv(RESULTS_FOLDER, str(tmp_path / "results"))
    kept_results._sources_digest.cache_clear()
    compute, calls = counting()

    assert kept("endings", compute) == {"hands": 400, "wins": [1]}
    assert kept("endings", compute) == {"hands": 400, "wins": [1]}  # a second build reads it
    assert len(calls) == 1
    assert kept("another table", compute)["wins"] == [2]  # another name is another result

    (chapters / "07-endings.md").write_text("500 hands per row", encoding="utf-8")
    kept_results._sources_digest.cache_clear()  # a new build: a new kernel
    assert kept("endings", compute)["wins"] == [3]
    assert not list((tmp_path / "results").glob("tmp*")), "a half-written file was left behind"


def test_nothing_is_kept_unless_the_build_asks(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(RESULTS_FOLDER, raising=False)
    compute, calls = counting()
    kept("endings", compute)
    kept("endings", compute)
    assert len(calls) == 2 and not list(tmp_path.iterdir())


def test_a_damaged_kept_file_is_computed_anew(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(RESULTS_FOLDER, str(tmp_path / "results"))
    kept_results._sources_digest.cache_clear()
    compute, _calls = counting()
    kept("endings", compute)
    for path in (tmp_path / "results").iterdir():
        path.write_bytes(b"\x80")  # cut short, as a build stopped while writing could not leave it
    assert kept("endings", compute)["wins"] == [2]


def test_a_best_chance_measurement_is_kept_under_the_same_key_in_every_process(tmp_path, monkeypatch):
    """The course's best-chance measurements are judged by the Learn and Class pages of the four
    builds and by the tests that judge the course: measured once, then read. Its key is the same
    in every process, whatever order a set of variants has there (PYTHONHASHSEED)."""
    from lingerlonger.computer import task_search
    from lingerlonger.game.engine import new_hand
    from lingerlonger.game.rules import Rules

    monkeypatch.setenv(RESULTS_FOLDER, str(tmp_path / "results"))
    kept_results._sources_digest.cache_clear()
    state, _ = new_hand(Rules(variants=frozenset({"trump-lead", "draw-per-card"})), ["Ana", "Bo", "Cy"], seed=5)
    played: list[int] = []
    winner = task_search._winner
    monkeypatch.setattr(task_search, "_winner", lambda *args: played.append(1) or winner(*args))

    def measured():
        return task_search.measure_chances(state, state.to_act, "tips", 12, "lesson-1", task_search.SearchBudget())

    first = measured()
    assert played, "the first measurement plays its deals out"
    played.clear()
    assert measured() == first and not played, "the second is read, not played again"
    assert len(list((tmp_path / "results").iterdir())) == 1
    other_stock = dataclasses.replace(state, stock=state.stock[::-1])
    assert repr(other_stock) == repr(state), "a state's repr is a summary (its stock's size)"
    assert task_search._described(other_stock) != task_search._described(state), "the key tells them apart"

    described = (
        "from lingerlonger.computer.task_search import _described;"
        "from lingerlonger.game.engine import new_hand; from lingerlonger.game.rules import Rules;"
        "print(_described(new_hand(Rules(variants=frozenset({'trump-lead', 'draw-per-card', 'long-hand'})),"
        " ['Ana', 'Bo', 'Cy'], seed=5)[0]))"
    )
    keys = {
        subprocess.run(
            [sys.executable, "-c", described],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in range(6)
    }
    assert len(keys) == 1, keys
