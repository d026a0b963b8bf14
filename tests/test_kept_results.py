"""A simulation's result kept across the book's language builds (lab/kept_results.py): computed
once for the same name, sources and chapters; again when a chapter changes; never kept when
the build did not ask for it."""

from __future__ import annotations

from lingerlonger.lab import kept_results
from lingerlonger.lab.kept_results import RESULTS_FOLDER, kept


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
