"""A hand played, saved as a lesson: a format-1 scenario file an author edits and shares.

A hand against the computer (``HandModel``) and a family table's hand once it is over
(``TableModel.played``) start from their deal; a what-if branch of a scenario
(``ScenarioModel``) starts from the scenario's own start (its deal or position), with the
scenario's plays up to where the branch left its line, then the branch's. Either way
``simulate.record`` writes it: every play, an ``expect:`` after each trick, a draft
``say:`` from the narration in the reader's language, and the ``result`` once the hand is
over; so ``lingerlonger check`` replays exactly what was played.

>>> import random
>>> from datetime import date
>>> from lingerlonger.game.rules import Rules
>>> hand = HandModel.deal(Rules(), players=3, you=0, name="Sam Lee", opponents="tips",
...                       lang="en", rng=random.Random(1)).computers_play()
>>> lesson = hand_lesson(hand, "en", date(2026, 11, 30))
>>> lesson.title, lesson.players[0], lesson_name(date(2026, 11, 30))
('A hand played on 2026-11-30', 'Sam_Lee', 'hand-2026-11-30.yaml')
>>> lesson_name(date(2026, 11, 30), hand=2)
'hand-2026-11-30-2.yaml'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from lingerlonger.computer.task_judge import SearchBudget, TaskGoal, judge, right_answers
from lingerlonger.game.cards import Card
from lingerlonger.game.engine import Action, State
from lingerlonger.game.play_loop import replayed
from lingerlonger.scenario import Scenario, Step, StepKind, in_language
from lingerlonger.scenario.model import Task
from lingerlonger.scenario.recording import record
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.writer import dump
from lingerlonger.session.family_table import TableModel
from lingerlonger.session.hand import HandModel
from lingerlonger.session.position import Position
from lingerlonger.session.stepping import ScenarioModel, action_of
from lingerlonger.words.i18n import translate

# The review (computer/review.py, scenario/review_lesson.py) is imported where a review is saved
# or practised, not here: live mode's worker imports this module at start, and its snapshot of
# the interpreter, which every reader downloads, holds no more than a first start needs.
if TYPE_CHECKING:
    from lingerlonger.computer.review import Moment, Review

__all__ = [
    "lesson",
    "task_lesson",
    "hand_lesson",
    "practice_lesson",
    "table_lesson",
    "table_practice",
    "branch_lesson",
    "position_lesson",
    "lesson_text",
    "lesson_name",
    "file_names",
]


def file_names(names: Sequence[str]) -> tuple[str, ...]:
    """Seat names a scenario file can hold: a name typed with blanks ("Ana Maria") is
    written with underscores, since a play is written "seat card"."""
    return tuple("_".join(name.split()) for name in names)


def lesson(
    start: State, actions: Sequence[Action], *, title: str, lang: str, deck: Sequence[Card] | None = None
) -> Scenario:
    """The hand ``actions`` played from ``start`` as a scenario in ``lang``: from its deal when
    ``start`` is a fresh deal (of ``deck``, by default the one it was dealt from), else from
    its position; the seats named as a file can hold them."""
    start = replace(start, players=file_names(start.players))
    return record(start, replayed(start, actions), title=title, deck=deck, lang=lang)


def hand_lesson(hand: HandModel, lang: str, day: date, review: Review | None = None) -> Scenario:
    """A hand against the computer, from its deal to now, its seats as they are named now;
    with its ``review``, an ``ask:`` before each mistake (scenario/review_lesson.py)."""
    assert hand.start is not None  # a hand is saved once dealt
    start = replace(hand.start, players=hand.state.players)
    title = translate("ui.saved-hand-title", lang, date=day.isoformat())
    saved = lesson(start, hand.actions, lang=lang, title=title)
    if review is None:
        return saved
    from lingerlonger.scenario.review_lesson import reviewed_lesson

    return reviewed_lesson(saved, review)


def practice_lesson(hand: HandModel, moment: Moment, lang: str, day: date) -> Scenario:
    """ "Practise this": the exercise made of ``moment`` of the hand's review (the hand up to
    it, then a task whose right answers are the cards within the margin of the best)."""
    from lingerlonger.scenario.review_lesson import practice_exercise

    return practice_exercise(hand_lesson(hand, lang, day), moment)


def table_lesson(table: TableModel, number: int, lang: str, day: date) -> Scenario:
    """Hand ``number`` (from 1) of a family table's match, once it is over: the hand in play
    is refused (``ValueError``), since saving it would show every hand's secret cards."""
    if not 1 <= number <= len(table.played):
        raise ValueError(f"hand {number} of this match is not over")
    dealt, actions = table.played[number - 1]
    return lesson(
        dealt, actions, lang=lang, title=translate("ui.table-saved-title", lang, number=number, date=day.isoformat())
    )


def table_practice(table: TableModel, number: int, moment: Moment, lang: str, day: date) -> Scenario:
    """ "Practise this" at a family table: the exercise made of ``moment`` of hand ``number``."""
    from lingerlonger.scenario.review_lesson import practice_exercise

    return practice_exercise(table_lesson(table, number, lang, day), moment)


def branch_lesson(model: ScenarioModel, lang: str) -> Scenario:
    """The timeline shown (the scenario's line, or a what-if branch off it) up to its end,
    from the scenario's start."""
    scenario = model.run.scenario
    start, _ = scenario.start()
    actions = [action for action in map(action_of, model.frames) if action is not None]
    title = translate("ui.saved-branch-title", lang, title=in_language(scenario.title, lang))
    return lesson(start, actions, deck=scenario.deck, lang=lang, title=title)


def position_lesson(position: Position, lang: str, day: date) -> Scenario:
    """A position set up by clicking, before anyone plays: a lesson for the author to add
    plays and words to (it is saved only without ``problems``)."""
    return position.scenario(translate("ui.position-saved-title", lang, date=day.isoformat()), lang)


#: The goals "Make this a task" tries, in order: the first with a right answer is asked.
OFFERED_GOALS = (TaskGoal.WIN_TRICK, TaskGoal.LOSE_TRICK, TaskGoal.LEGAL)


def task_lesson(lesson: Scenario, day: date, frame: int | None = None) -> Scenario:
    """``lesson`` with a task for the seat to act at its replay's ``frame`` (by default where it
    ends): win the trick when a card surely wins it, else lose it, else any legal card, the
    play that follows there (if any) being a right answer; ``accept`` holds the engine's right
    answers (the author then words it). Its id names the day and the goal, a start to edit.
    Where nobody is to play a card, the lesson is given back as it was. The lesson's tasks and
    the new one share one search budget, as a file's do."""
    budget = SearchBudget()
    run = replay(lesson, budget)
    shown = run.frames[-1 if frame is None else max(0, min(frame, len(run.frames) - 1))]
    state = shown.state
    if state.to_act is None or state.namer is not None or run.failures:
        return lesson  # nothing to play here (or a lesson that does not check): no card task
    done = next((at + 1 for at, step in enumerate(lesson.steps) if step is shown.step), 0)
    following = lesson.steps[done] if done < len(lesson.steps) else None
    seat = state.players[state.to_act]
    goal = TaskGoal.LEGAL
    right: tuple[str, ...] = ()
    for goal in OFFERED_GOALS:
        right = right_answers(judge(state, seat, goal, budget=budget))
        if right and (following is None or following.kind != StepKind.PLAY or str(following.card) in right):
            break
    task = Task(f"task-{day.isoformat()}-{goal}", seat, goal, lesson.where, accept=right)
    steps = (*lesson.steps[:done], Step(StepKind.TASK, lesson.where, task=task), *lesson.steps[done:])
    return replace(lesson, steps=steps)


def lesson_text(scenario: Scenario, site: str | None = None) -> str:
    """The lesson as its file's text (the canonical writer's); its schema line points at
    ``site``'s copy when the page that saves it knows its site (see ``writer.site_schema``)."""
    return dump([scenario], site=site)


def lesson_name(day: date, hand: int | None = None, kind: str = "hand") -> str:
    """The name a saved lesson's file is offered under: ``hand-DATE.yaml`` (with the hand's
    number in a match), or another kind's (``position``)."""
    return f"{kind}-{day.isoformat()}{'' if hand is None else f'-{hand}'}.yaml"
