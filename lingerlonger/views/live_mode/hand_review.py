"""Live mode's review of a finished hand, one moment at a time (the page's progress bar moves).

A ``ReviewJob`` is what the worker keeps between the page's calls (``endpoints.review``): the
hand (where it started, every action since), the reviewed seat and its decisions, and the
moments reviewed so far. Each call reviews one decision more (``advance``); the last one gives
the panel (``views/review_panel.py``). A moment's table, with a what-if from there, is the hand
as a lesson (``session.save_lesson``) replayed: its frame ``step`` is the state before action
``step``, so the live player's own ``frame`` and ``what_if`` calls show it.

>>> import random
>>> from lingerlonger.game.rules import Rules
>>> from lingerlonger.game.seat_view import view
>>> from lingerlonger.session import HandModel
>>> hand = HandModel.deal(Rules(), players=3, you=0, name="Ana", opponents="tips", lang="en",
...                       rng=random.Random(2)).computers_play()
>>> while not hand.state.is_over:
...     hand = hand.play(hand.state.play(f"Ana {view(hand.state, 0).legal[0]}")).computers_play()
>>> job = of_hand(hand, "en", deals=4, seed=1)
>>> while not job.finished:
...     job = advance(job)
>>> len(job.moments) == job.total, 'data-ll-review' in str(panel_html(job, "en"))
(True, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date

from lingerlonger.computer.review import Moment, Review, budget_share, decisions, moment_seed, review_decision
from lingerlonger.game.engine import Action, State
from lingerlonger.scenario import Scenario
from lingerlonger.scenario.replay import replay
from lingerlonger.session import HandModel, ScenarioModel
from lingerlonger.session.save_lesson import branch_lesson, hand_lesson
from lingerlonger.session.stepping import action_of
from lingerlonger.views.live_mode.sessions import LiveRequestError
from lingerlonger.views.review_panel import moment_title, review_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.templating import Markup
from lingerlonger.words.i18n import translate

__all__ = [
    "ReviewJob",
    "of_hand",
    "of_branch",
    "advance",
    "panel_html",
    "moment_model",
    "practice_lesson",
    "practice_task_html",
    "POLICY",
]

#: The rollout players of the review: the book's tips, as the issue's strong player's default.
POLICY = "tips"


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """A review under way: ``chosen`` the seat's decisions (step, state before, action), of which
    ``moments`` are reviewed; ``lesson`` the hand as a scenario (for a moment's table)."""

    start: State
    actions: tuple[Action, ...]
    seat: int
    name: str
    chosen: tuple[tuple[int, State, Action], ...]
    lesson: Scenario
    deals: int
    seed: int
    budget_s: float | None = None
    moments: tuple[Moment, ...] = ()

    @property
    def total(self) -> int:
        return len(self.chosen)

    @property
    def finished(self) -> bool:
        return len(self.moments) == len(self.chosen)

    @property
    def review(self) -> Review:
        return Review(self.seat, self.moments)


def _job(
    start: State,
    actions: tuple[Action, ...],
    seat: int,
    lesson: Scenario,
    deals: int,
    seed: int,
    budget_s: float | None,
) -> ReviewJob:
    chosen = tuple(decisions(start, actions, seat))
    return ReviewJob(start, actions, seat, start.players[seat], chosen, lesson, deals, seed, budget_s)


def of_hand(hand: HandModel, lang: str, *, deals: int, seed: int, budget_s: float | None = None) -> ReviewJob:
    """The review of your seat in a finished hand against the computer (``ValueError`` before its end),
    ``deals`` for each chance, fewer if the whole review would take more than ``budget_s`` seconds."""
    if not hand.state.is_over or hand.start is None:
        raise ValueError("the hand is not over")
    start = dataclasses.replace(hand.start, players=hand.state.players)
    return _job(start, hand.actions, hand.you, hand_lesson(hand, lang, date.today()), deals, seed, budget_s)


def of_branch(model: ScenarioModel, lang: str, *, deals: int, seed: int, budget_s: float | None = None) -> ReviewJob:
    """The review of the seat that played a what-if branch's card, the branch played to its end
    (``ValueError`` for the scenario's own line, or a branch not at its end)."""
    if model.branch_action is None or not model.frames[-1].state.is_over:
        raise ValueError("no what-if branch played to its end")
    start, _ = model.run.scenario.start()
    actions = tuple(action for action in map(action_of, model.frames) if action is not None)
    seat = model.branch_action[1].seat
    return _job(start, actions, seat, branch_lesson(model, lang), deals, seed, budget_s)


def advance(job: ReviewJob) -> ReviewJob:
    """The job with one decision more reviewed (the same moment ``review_hand`` gives for this seed)."""
    if job.finished:
        return job
    step, before, action = job.chosen[len(job.moments)]
    share = budget_share(job.chosen, len(job.moments), job.budget_s)
    moment = review_decision(before, action, job.deals, POLICY, moment_seed(job.seed, step), step, share)
    return dataclasses.replace(job, moments=(*job.moments, moment))


def panel_html(job: ReviewJob, lang: str, anchor: str = "ll-review") -> Markup:
    """The review panel of a finished job; headings from h3, under the chapter's sections."""
    return review_html(job.review, lang, name=job.name, anchor=anchor, level=3, practise=True)


def moment_model(job: ReviewJob, step: int) -> ScenarioModel:
    """The reviewed hand as a scenario at ``step`` (the state before that action), for a what-if."""
    return ScenarioModel.of(replay(job.lesson)).go(step)


def practice_lesson(job: ReviewJob, step: int, lang: str) -> tuple[str, str, str]:
    """ "Practise this" for the moment at ``step``: the exercise's id, the moment in words, and the
    exercise as a scenario file's text (format 1), which the page keeps as data in the reader's
    progress (static/learn/course_progress.js) and has drawn by ``practice_task_html`` when it shows."""
    from lingerlonger.scenario.review_lesson import practice_exercise
    from lingerlonger.scenario.writer import dump_scenario

    moment = next(moment for moment in job.moments if moment.step == step)
    exercise = practice_exercise(job.lesson, moment)
    task = exercise.steps[-1].task
    assert task is not None  # practice_exercise ends on the task
    return task.id, moment_title(moment, TableStyle.of(lang).speaking(lang)), dump_scenario(exercise)


def practice_task_html(lesson: str, task_id: str, moment: str, lang: str) -> Markup:
    """One of the reader's own exercises, kept by the page as data (``practice_lesson``'s text),
    read like any scenario file (a ``ScenarioError`` when it cannot be) and drawn as the Learn page
    draws a task (``course_page.task_html``), its table as the seat saw it. Its task must be the
    one the page keeps it under, ``task_id``."""
    from lingerlonger.scenario.format1 import read_upload
    from lingerlonger.views.course_page import learn_task, task_html

    scenarios = read_upload(lesson.encode("utf-8"), "practice.yaml")
    last = scenarios[0].steps[-1] if scenarios[0].steps else None
    if len(scenarios) != 1 or last is None or last.task is None or last.task.id != task_id:
        raise LiveRequestError("live.bad-request", name="id")
    task = dataclasses.replace(learn_task(scenarios[0]), own_view=True)
    style = TableStyle.of(lang).speaking(lang)
    heading = translate("learn.from-reviews", lang)
    return task_html(task, style=style, at=1, count=1, unit_title=moment, heading=heading)
