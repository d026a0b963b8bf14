"""What a teacher may push to the phones: the course's exercises, unit by unit, and the
teacher's own task files, read and checked as ``lingerlonger check`` reads and checks any
scenario, each exercise judged by the engine as the Learn page judges it (``learn_task``), once,
and named once in each language (``class_live.LocalSeats``): the judging is done in the file's names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lingerlonger.computer.task_judge import SearchBudget
from lingerlonger.game.errors import Message
from lingerlonger.scenario import Location, Scenario, ScenarioError, iter_documents
from lingerlonger.scenario.course import one_task, read_course, task_steps
from lingerlonger.scenario.file_reading import NotAFile, cannot_read, open_source
from lingerlonger.scenario.replay import check
from lingerlonger.views.class_live import LocalSeats, seats_named
from lingerlonger.views.course_page import LearnTask, learn_task
from lingerlonger.words.i18n import LANGUAGES
from lingerlonger.words.people import local_names

__all__ = ["Group", "Exercises", "load_exercises"]


@dataclass(frozen=True)
class Group:
    """A unit of the course, or one of the teacher's files: a title and its exercises' ids."""

    title: str  # a unit's title (a text in every language), or a file's name
    ids: tuple[str, ...]


@dataclass(frozen=True)
class Exercises:
    """Every exercise the server offers, by task id, and how the teacher's page groups them."""

    tasks: dict[str, LearnTask]  # as the file names its seats: how answers are kept and judged
    groups: tuple[Group, ...]
    named: dict[tuple[str, str], LocalSeats]  # by task id and language: as a page there draws it

    def shown_in(self, task_id: str | None, lang: str) -> LocalSeats | None:
        """The exercise ``task_id`` as a page in ``lang`` draws it (None: no such exercise)."""
        return self.named.get((task_id or "", lang))


def load_exercises(task_files: Sequence[str] = (), *, course: bool = True) -> Exercises:
    """The course's exercises (unless ``course`` is false) and those of ``task_files``; a file
    that fails its check, or an exercise without exactly one task, is refused (``ScenarioError``,
    at its place) before the server starts."""
    tasks: dict[str, LearnTask] = {}
    named: dict[tuple[str, str], LocalSeats] = {}
    groups: list[Group] = []
    taken: dict[str, Location] = {}
    if course:
        for unit in read_course().units:
            for exercise in unit.exercises:
                _add(exercise, tasks, named, taken)
            groups.append(Group(unit.title, tuple(task.id for task in unit.tasks)))
    for name in task_files:
        ids = [_add(exercise, tasks, named, taken) for exercise in _read(name, taken)]
        groups.append(Group(name, tuple(ids)))
    return Exercises(tasks, tuple(groups), named)


def _read(name: str, taken: dict[str, Location]) -> list[Scenario]:
    try:
        with open_source(name) as source:
            items = list(iter_documents(source, name, task_ids=taken))
    except NotAFile:  # a path that is no regular file: refused as check refuses it
        raise
    except OSError as error:
        raise cannot_read(name, error) from None
    if not items:
        raise ScenarioError(Location(name, 1, 1), Message("scenario.empty"))
    exercises = []
    for item in items:
        if isinstance(item, ScenarioError):
            raise item
        failures = check(one_task(item), SearchBudget())
        if failures:
            raise failures[0]
        exercises.append(item)
    return exercises


def _add(
    exercise: Scenario,
    tasks: dict[str, LearnTask],
    named: dict[tuple[str, str], LocalSeats],
    taken: dict[str, Location],
) -> str:
    task = learn_task(exercise)
    step = exercise.steps[task_steps(exercise)[0]]
    taken.setdefault(task.id, step.where or exercise.where)
    tasks[task.id] = task
    for lang in LANGUAGES:  # as the Learn page names them (``scenario.local_seats``)
        named[task.id, lang] = seats_named(task, local_names(task.state.players, lang, exercise.names))
    return task.id
