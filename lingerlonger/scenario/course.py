"""The course: ``scenarios/course/course.yaml``, an index of units, each a file of exercises.

An exercise is one scenario (a position or a deal, a few narrated steps) ending in exactly one
``task:`` step; a unit follows one chapter of the book. ``read_course`` reads the index and
every unit file, and refuses a bad index at its line and column, in the reader's language:
a unit file that is not there, a unit id used twice, a title missing a language, an exercise
without exactly one task (a scenario error in a unit file is refused as ``check`` refuses it).
Which rules each task exercises is tests/test_course_rules.py's table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from lingerlonger.game.errors import Message
from lingerlonger.scenario.format1 import iter_documents
from lingerlonger.scenario.library import LESSON_LANGUAGES, lesson_folder
from lingerlonger.scenario.located_yaml import Node, NodeReader, documents_of, location_of_mark
from lingerlonger.scenario.model import Location, Scenario, ScenarioError, StepKind, Task, Text
from lingerlonger.words.outside_errors import yaml_problem

__all__ = ["Course", "Unit", "read_course", "task_steps", "one_task", "INDEX", "UNIT_KEYS"]

INDEX = "course.yaml"
UNIT_KEYS = ("id", "title", "chapter", "file")
#: A unit id (and a task id) is part of a reader's saved progress: plain and stable.
_ID = re.compile(r"[a-z0-9-]+")


@dataclass(frozen=True)
class Unit:
    """One unit of the course: its exercises follow the book's ``chapter`` (e.g. ``02-dealing``)."""

    id: str
    title: Text
    chapter: str
    file: str
    exercises: tuple[Scenario, ...]

    @property
    def tasks(self) -> tuple[Task, ...]:
        """The task of each exercise, in order (a page lists them, progress is kept by their ids)."""
        return tuple(_task_of(exercise) for exercise in self.exercises)


@dataclass(frozen=True)
class Course:
    units: tuple[Unit, ...]

    @property
    def exercise_count(self) -> int:
        return sum(len(unit.exercises) for unit in self.units)


def task_steps(scenario: Scenario) -> tuple[int, ...]:
    """The indexes of a scenario's ``task:`` steps (an exercise has exactly one)."""
    return tuple(index for index, step in enumerate(scenario.steps) if step.kind is StepKind.TASK)


def one_task(scenario: Scenario) -> Scenario:
    """``scenario``, an exercise: refused (at its second task, or at its start) unless it has
    exactly one ``task:`` step (a live class's task files are held to it too)."""
    tasks = task_steps(scenario)
    if len(tasks) != 1:
        where = scenario.steps[tasks[1]].where if len(tasks) > 1 else scenario.where
        raise ScenarioError(where, Message("course.task-count", count=len(tasks)))
    return scenario


def _task_of(exercise: Scenario) -> Task:
    [index] = task_steps(exercise)  # read_course refuses any other count
    task = exercise.steps[index].task
    assert task is not None  # a task step always carries its task
    return task


def read_course(folder: str | Path | None = None) -> Course:
    """The course in ``folder`` (by default the library's ``course/``); raises ``ScenarioError``
    at the first fault, located in the index or in the unit file where it is."""
    folder = Path(folder) if folder is not None else lesson_folder() / "course"
    path = folder / INDEX
    reader = NodeReader(str(path))
    root = _index_root(path)
    fields = reader.fields(root, INDEX, ("units",))
    if "units" not in fields:
        raise ScenarioError(reader.at(root), Message("course.no-units"))
    entries: list[tuple[str, Text, str, str]] = []
    seen: set[str] = set()
    for node in reader.sequence(fields["units"], "units"):
        entry = _entry(reader, node, folder)
        if entry[0] in seen:
            raise reader.fail(reader.fields(node, "units", UNIT_KEYS)["id"], Message("course.unit-twice", id=entry[0]))
        seen.add(entry[0])
        entries.append(entry)
    if not entries:
        raise ScenarioError(reader.at(fields["units"]), Message("course.no-units"))
    # The whole index is checked before any unit file is read: its faults are the cheapest to fix.
    return Course(tuple(Unit(*entry, _exercises(folder / entry[3])) for entry in entries))


def _index_root(path: Path) -> Node:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise ScenarioError(Location(str(path), 1, 1), Message("course.no-index", file=INDEX)) from None
    try:
        for root in documents_of(yaml.parse(text), str(path)):
            if isinstance(root, ScenarioError):
                raise root
            if root is not None:
                return root
    except yaml.MarkedYAMLError as error:  # worded as a scenario's YAML is, at its place
        mark = error.problem_mark or error.context_mark
        where = location_of_mark(str(path), mark) if mark else Location(str(path), 1, 1)
        raise ScenarioError(where, Message("scenario.yaml", problem=yaml_problem(str(error.problem)))) from None
    raise ScenarioError(Location(str(path), 1, 1), Message("course.no-units"))


def _entry(reader: NodeReader, node: Node, folder: Path) -> tuple[str, Text, str, str]:
    """A unit's id, title, chapter and file, as the index gives them."""
    fields = reader.fields(node, "units", UNIT_KEYS)
    for key in UNIT_KEYS:
        if key not in fields:
            raise reader.fail(node, Message("course.unit-missing-key", key=key))
    unit_id = reader.text(fields["id"], "id")
    if not _ID.fullmatch(unit_id):
        raise reader.fail(fields["id"], Message("course.bad-id", id=unit_id))
    title = _title(reader, fields["title"])
    chapter = reader.text(fields["chapter"], "chapter")
    name = reader.text(fields["file"], "file")
    if Path(name).name != name or not (folder / name).is_file():
        raise reader.fail(fields["file"], Message("course.unknown-file", file=name))
    return unit_id, title, chapter, name


def _title(reader: NodeReader, node: Node) -> Text:
    """A title in every language the lessons are written in (the Learn page shows each)."""
    title = reader.author_text(node, "title", LESSON_LANGUAGES[0])
    missing = [lang for lang in LESSON_LANGUAGES if lang not in title.languages(LESSON_LANGUAGES[0])]
    if missing:
        raise reader.fail(node, Message("course.title-language", languages=", ".join(missing)))
    return title


def _exercises(file: Path) -> tuple[Scenario, ...]:
    exercises: list[Scenario] = []
    with file.open(encoding="utf-8") as source:
        for item in iter_documents(source, str(file)):
            if isinstance(item, ScenarioError):
                raise item
            exercises.append(one_task(item))
    if not exercises:
        raise ScenarioError(Location(str(file), 1, 1), Message("course.no-exercises"))
    return tuple(exercises)
