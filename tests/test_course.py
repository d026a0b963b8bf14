"""``read_course``: the course index and its unit files, and each fault of a bad index refused at
its line and column in every language (lingerlonger/scenario/course.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.model import ScenarioError
from lingerlonger.words.i18n import LANGUAGES

TITLE = "{en: Dealing, pt: Dar as cartas, es: Repartir, ru: Сдача}"
POSITION = """format: 1
title: A trick
rules: standard
players: [A, B, C]
dealer: C
hands: {A: [K♣, 7♦], B: [3♣, Q♠], C: [2♥, 5♠]}
stock: [9♦]
trump: ♥
leader: A
steps:
"""
TASK = """  - task:
      id: {id}
      seat: {seat}
      goal: legal
      accept: [{accept}]
"""


def task(task_id: str, seat: str = "A", accept: str = "K♣, 7♦") -> str:
    return TASK.format(id=task_id, seat=seat, accept=accept)


def course(tmp_path: Path, units: str, **files: str) -> Path:
    """A course folder: the index (``units:`` and its list) and the unit files beside it."""
    (tmp_path / "course.yaml").write_text("units:\n" + units, encoding="utf-8")
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def unit(unit_id: str = "deal", title: str = TITLE, file: str = "a.yaml") -> str:
    return f"  - id: {unit_id}\n    title: {title}\n    chapter: 02-dealing\n    file: {file}\n"


def refusal(folder: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        read_course(folder)
    return caught.value


def assert_worded(error: ScenarioError, code: str) -> None:
    """The refusal is the catalog's, and every language words it (no bare code left)."""
    assert error.refusal.code == code
    texts = {lang: error.text(lang) for lang in LANGUAGES}
    assert all(code not in text and str(error.where) in text for text in texts.values()), texts
    assert len(set(texts.values())) == len(LANGUAGES)


def test_unknown_file_is_refused_at_its_name(tmp_path):
    folder = course(tmp_path, unit() + unit("trump", file="nowhere.yaml"), **{"a.yaml": POSITION + task("t1")})
    error = refusal(folder)
    assert_worded(error, "course.unknown-file")
    assert (error.where.line, error.where.column) == (9, 11)
    assert "nowhere.yaml" in error.text("ru")


def test_a_file_outside_the_course_folder_is_unknown(tmp_path):
    (tmp_path / "outside.yaml").write_text(POSITION + task("t1"), encoding="utf-8")
    inner = tmp_path / "course"
    inner.mkdir()
    assert_worded(refusal(course(inner, unit(file="../outside.yaml"))), "course.unknown-file")


def test_a_unit_id_used_twice_is_refused_at_the_second(tmp_path):
    folder = course(tmp_path, unit() + unit(file="b.yaml"), **{"a.yaml": "", "b.yaml": ""})
    error = refusal(folder)
    assert_worded(error, "course.unit-twice")
    assert (error.where.line, error.where.column) == (6, 9)


def test_a_title_missing_a_language_is_refused(tmp_path):
    folder = course(tmp_path, unit(title="{en: Dealing, pt: Dar as cartas, es: Repartir}"), **{"a.yaml": ""})
    error = refusal(folder)
    assert_worded(error, "course.title-language")
    assert error.where.line == 3
    assert "ru" in error.text("en")


def test_a_unit_without_a_file_key_is_refused(tmp_path):
    folder = course(tmp_path, f"  - id: deal\n    title: {TITLE}\n    chapter: 02-dealing\n")
    assert_worded(refusal(folder), "course.unit-missing-key")


def test_a_bad_unit_id_is_refused(tmp_path):
    assert_worded(refusal(course(tmp_path, unit("Deal 1"), **{"a.yaml": ""})), "course.bad-id")


def test_an_exercise_without_a_task_is_refused(tmp_path):
    folder = course(tmp_path, unit(), **{"a.yaml": POSITION + "  - play: A K♣\n"})
    error = refusal(folder)
    assert_worded(error, "course.task-count")
    assert error.refusal.params["count"] == 0
    assert error.where.path.endswith("a.yaml")


def test_an_exercise_with_two_tasks_is_refused_at_the_second(tmp_path):
    text = POSITION + task("t1") + "  - play: A K♣\n" + task("t2", "B", "3♣")
    folder = course(tmp_path, unit(), **{"a.yaml": text})
    error = refusal(folder)
    assert_worded(error, "course.task-count")
    assert error.refusal.params["count"] == 2
    assert error.where.line > POSITION.count("\n") + 4


def test_a_good_course_reads_in_order(tmp_path):
    folder = course(
        tmp_path,
        unit() + unit("trump", file="b.yaml"),
        **{"a.yaml": POSITION + task("t1"), "b.yaml": POSITION + task("t2")},
    )
    read = read_course(folder)
    assert [u.id for u in read.units] == ["deal", "trump"]
    assert read.exercise_count == 2
    assert read.units[0].title.in_("ru") == "Сдача"
    assert [task.id for task in read.units[1].tasks] == ["t2"]


def test_an_index_that_is_not_yaml_is_refused_at_its_place(tmp_path):
    folder = course(tmp_path, "  - id: deal\n    title: [unclosed\n")
    error = refusal(folder)
    assert error.refusal.code == "scenario.yaml"
    assert error.where.path.endswith("course.yaml") and error.where.line > 1


def test_a_folder_without_an_index_is_refused(tmp_path):
    assert_worded(refusal(tmp_path), "course.no-index")
