"""A task on the table: the engine's verdicts, the author's claims proved, and the task as a quiz.

The replay calls ``judge_task`` where a ``task:`` step is reached. Every claim an author
makes is proved there, each refusal at its place in the file: ``accept`` must be exactly
the right answers (exhaustive over the trick, an exact search for ``win-hand``), the seat
must be the one to act, and the ``play`` right after the task must be a right answer.
``task_ask`` says the task as a quiz question, so that every view that shows questions
(static pages, widgets, the terminal, print, live mode) shows it with its right answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lingerlonger.computer.task_judge import (
    CARD_GOALS,
    CHANCE_GOALS,
    SEAT_SET_GOALS,
    SearchBudget,
    TaskError,
    TaskGoal,
    Verdict,
    judge,
    right_answers,
)
from lingerlonger.game.cards import parse_card
from lingerlonger.game.engine import State
from lingerlonger.game.errors import Message
from lingerlonger.game.events import Event, TrickWon
from lingerlonger.scenario.model import AnswerKind, Ask, ScenarioError, Step, StepKind, Task, Text
from lingerlonger.words.i18n import LANGUAGES, SOURCE_LANGUAGE, translate


def judge_task(
    state: State, task: Task, trick_events: Sequence[Event], budget: SearchBudget
) -> tuple[tuple[Verdict, ...], list[ScenarioError]]:
    """The verdict on every answer, and each claim of the author's that the engine contradicts.

    ``budget``: the search nodes left to the task's file, which its tasks share; a task whose
    search goes past it has no verdicts and is refused, named, at its place."""
    trick_done = any(isinstance(event, TrickWon) for event in trick_events)
    try:
        verdicts = judge(
            state,
            task.seat,
            task.goal,
            against=task.against,
            choices=task.choices,
            accept=task.accept,
            events=trick_events if trick_done else None,
            budget=budget,
            deals=task.deals,
            seed=task.id,
        )
    except TaskError as error:
        if error.code == "task.search-too-large":
            message = Message("replay.task.search-too-large", id=task.id, goal=task.goal, budget=budget.nodes)
            return (), [ScenarioError(task.where, message)]
        if error.code == "task.chance-too-large":
            message = Message("replay.task.chance-too-large", id=task.id, **error.params)
            return (), [ScenarioError(task.at("deals"), message)]
        key = "seat" if error.code == "task.not-to-act" else "against" if "against" in error.code else "goal"
        return (), [ScenarioError(task.at(key), error)]
    right = right_answers(verdicts)
    judged_by_engine = task.goal not in (TaskGoal.NAME_TRUMP, TaskGoal.CHOICE)
    if judged_by_engine and task.accept is not None and set(task.accept) != set(right):
        missing = [answer for answer in right if answer not in task.accept]
        extra = [answer for answer in task.accept if answer not in right]
        message = Message("replay.task.accept-differs", goal=task.goal, missing=_listed(missing), extra=_listed(extra))
        return verdicts, [ScenarioError(task.at("accept"), message)]
    if not right and task.goal not in SEAT_SET_GOALS:
        return verdicts, [ScenarioError(task.at("goal"), Message("replay.task.no-right-answer", goal=task.goal))]
    return verdicts, []


def check_play_after(task: Task, verdicts: Sequence[Verdict], step: Step) -> list[ScenarioError]:
    """The play (or trump named) right after a task goes on with one of its right answers."""
    right = right_answers(verdicts)
    if not verdicts or not right:
        return []  # already refused where the task was judged
    if step.kind == StepKind.PLAY and (task.goal in CARD_GOALS or task.goal in CHANCE_GOALS):
        played = str(step.card)
    elif step.kind == StepKind.CHOOSE_TRUMP and task.goal in (TaskGoal.NAME_TRUMP, *CHANCE_GOALS):
        played = str(step.suit)
    else:
        return []
    if played in right:
        return []
    return [ScenarioError(step.where, Message("replay.task.play-not-right", card=played, cards=", ".join(right)))]


def _suits_named(verdicts: Sequence[Verdict]) -> bool:
    """Whether the answers are suits (a best-chance task where trump is to be named)."""
    return any(len(verdict.answer) == 1 for verdict in verdicts)


def _listed(answers: Sequence[str]) -> str | Message:
    return ", ".join(answers) if answers else Message("replay.word.none")


def task_question(task: Task) -> Text:
    """The task's sentence in every language of the book."""
    sentences = {lang: translate(f"task.goal.{task.goal}", lang, seat=task.seat) for lang in LANGUAGES}
    source = sentences.pop(SOURCE_LANGUAGE)
    return Text(source, sentences, where=task.where)


def task_ask(task: Task, verdicts: Sequence[Verdict]) -> Ask:
    """The task as a quiz question whose answer is the right answers (for the views that quiz)."""
    right = right_answers(verdicts)
    ask = Ask(
        task_question(task),
        AnswerKind.CHOICE,
        task.where,
        task.at("accept"),
        hint=task.hints[0] if task.hints else None,
        wrong=task.wrong,
    )
    if task.goal in CARD_GOALS or (task.goal in CHANCE_GOALS and not _suits_named(verdicts)):
        kind = AnswerKind.LEGAL if task.goal is TaskGoal.LEGAL else AnswerKind.CARD
        return replace(ask, kind=kind, cards=frozenset(parse_card(answer) for answer in right))
    if task.goal is TaskGoal.TRICK_WINNER and right:
        return replace(ask, kind=AnswerKind.WINNER, seat=right[0])
    if task.goal is TaskGoal.CHOICE and len(right) == 1:
        return replace(ask, choice=task.choices[int(right[0])], choices=task.choices)
    shown = [task.choices[int(answer)] for answer in right] if task.goal is TaskGoal.CHOICE else list(right)
    said = _said(shown)
    return replace(ask, choice=said, choices=(said,))


def _said(answers: Sequence[str]) -> Text:
    """Answers as one text, or "nobody", in every language."""
    if answers:
        joined = {
            lang: ", ".join(answer.in_(lang) if isinstance(answer, Text) else answer for answer in answers)
            for lang in LANGUAGES
        }
    else:
        joined = {lang: translate("task.answer.nobody", lang) for lang in LANGUAGES}
    source = joined.pop(SOURCE_LANGUAGE)
    return Text(source, joined)
