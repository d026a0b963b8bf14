"""The "Play well" path (issue 41): after the rules course, units of strategy exercises built on
chapter 10's six tips, each a sure win against any defence or the best chance from what the seat
can know, proved by ``check``; every wrong answer explained, every tip linked."""

from __future__ import annotations

import re
import statistics
from functools import cache
from pathlib import Path

from lingerlonger.computer.task_judge import CARD_GOALS, CHANCE_GOALS, TaskGoal
from lingerlonger.game.engine import Play, legal_actions
from lingerlonger.scenario.course import Course, Unit, read_course
from lingerlonger.scenario.model import TIPS
from lingerlonger.scenario.replay import Frame, replay
from lingerlonger.views.course_page import course_html, learn_units
from lingerlonger.words.i18n import LANGUAGES

REPO = Path(__file__).resolve().parents[1]
COURSE = REPO / "scenarios" / "course"
#: The rules course's last unit: the path is every unit after it.
RULES_COURSE_ENDS = "tips"
#: At most this chance, on average over a unit, that a blind guess is right.
BLIND_GUESS = 0.25

#: Tip of chapter 10 -> the tasks of the path that exercise it.
TIP_TASKS: dict[int, tuple[str, ...]] = {
    1: ("well-clock-1", "well-clock-2", "well-clock-3", "well-clock-4", "well-clock-5"),  # the stock is a clock
    2: ("well-full-stock-1", "well-full-stock-2", "well-full-stock-3", "well-full-stock-4"),  # win while it is full
    3: ("well-high-trump-1", "well-high-trump-2", "well-high-trump-3", "well-high-trump-4", "well-high-trump-5"),
    4: ("well-weakest-1", "well-weakest-2", "well-weakest-3", "well-weakest-4"),  # throw the weakest card
    5: ("well-voids-1", "well-voids-2", "well-voids-3"),  # watch for voids
    6: ("well-long-suit-1", "well-long-suit-2", "well-long-suit-3"),  # long suits after a big draw
}


@cache
def path_units() -> tuple[Unit, ...]:
    units = read_course(COURSE).units
    ends = [unit.id for unit in units].index(RULES_COURSE_ENDS)
    return units[ends + 1 :]


@cache
def task_frame(unit_id: str, index: int) -> Frame:
    [unit] = [unit for unit in path_units() if unit.id == unit_id]
    run = replay(unit.exercises[index])
    assert not run.failures, run.failures
    return next(frame for frame in run.frames if frame.task is not None)


def path_frames() -> list[Frame]:
    return [task_frame(unit.id, index) for unit in path_units() for index in range(len(unit.exercises))]


def test_the_path_has_at_least_24_exercises_in_4_units_after_the_rules_course():
    units = path_units()
    assert len(units) >= 4 and sum(len(unit.exercises) for unit in units) >= 24
    assert all(unit.chapter == "10-strategy" for unit in units)


def test_every_tip_has_three_exercises_and_the_table_is_the_tasks():
    tasks = {task.id: task for unit in path_units() for task in unit.tasks}
    assert set(TIP_TASKS) == set(range(1, TIPS + 1))
    assert all(len(ids) >= 3 for ids in TIP_TASKS.values())
    assert sorted(task_id for ids in TIP_TASKS.values() for task_id in ids) == sorted(tasks)
    for tip, ids in TIP_TASKS.items():
        for task_id in ids:
            task = tasks[task_id]
            assert task.tip == tip, task_id
            assert re.match(rf"Tip {tip}:", str(task.hints[1])), task_id  # the second hint names the tip


def test_the_path_plays_both_rule_sets_at_tables_of_3_to_6():
    exercises = [exercise for unit in path_units() for exercise in unit.exercises]
    profiles = {exercise.rules.profile for exercise in exercises}
    assert {"standard", "equal-hands"} <= {str(profile) for profile in profiles}
    assert {len(exercise.players) for exercise in exercises} == {3, 4, 5, 6}


def test_every_path_task_is_a_strategy_task_proved_by_check():
    for unit in path_units():
        for task in unit.tasks:
            assert task.goal in (TaskGoal.WIN_HAND, TaskGoal.BEST_CHANCE), task.id
            if task.goal is TaskGoal.WIN_HAND:
                assert task.against == "any", task.id  # a sure win, never a computer's blunder
            assert task.accept, task.id  # proved exactly by check (test_course_rules runs it)


def _blind_guess(frame: Frame) -> float:
    """The chance that a learner tapping at random among the answers they may give is right."""
    right = sum(verdict.right for verdict in frame.verdicts)
    goal = frame.task.goal
    if goal in CARD_GOALS or (goal in CHANCE_GOALS and frame.state.namer is None):
        return right / sum(isinstance(action, Play) for action in legal_actions(frame.state))
    return right / len(frame.verdicts)


def test_a_blind_guess_is_right_at_most_a_quarter_of_the_time_in_every_unit():
    for unit in path_units():
        frames = [task_frame(unit.id, index) for index in range(len(unit.exercises))]
        assert all(len(frame.state.hands[frame.state.to_act]) >= 3 for frame in frames), unit.id
        assert statistics.mean(map(_blind_guess, frames)) <= BLIND_GUESS, unit.id


def test_every_wrong_answer_is_explained_by_a_line_or_the_chances_and_a_sentence_naming_its_tip():
    for frame in path_frames():
        task = frame.task
        for lang in LANGUAGES:
            wrong = task.wrong.in_(lang) if hasattr(task.wrong, "in_") else str(task.wrong)
            assert wrong and re.search(r"\d", wrong), (task.id, lang)  # "tip 4", "dica 4", "совет 4"...
        for verdict in frame.verdicts:
            if verdict.right:
                continue
            assert verdict.line, (task.id, verdict.answer)  # the defence, or the learner's card in a deal
            if task.goal is TaskGoal.BEST_CHANCE:
                assert verdict.chance is not None and verdict.example and verdict.best_line


def test_the_learn_page_marks_strategy_exercises_their_units_and_links_their_tips():
    course = Course(path_units()[:1])  # both kinds of task
    html = str(course_html(learn_units(course, reviews=False), "ru", include_assets=False))
    for unit in course.units:
        assert f'data-ll-unit="{unit.id}"' in html
    kinds = re.findall(r'data-ll-task="[^"]+" data-ll-kind="([^"]+)"', html)
    assert set(kinds) == {"win-hand", "best-chance"}
    steps = [step for unit in course.units for scenario in unit.exercises for step in scenario.steps]
    tips = {step.task.tip for step in steps if step.task is not None and step.task.tip}
    linked = set(map(int, re.findall(r'href="10-strategy\.html#tip-(\d)"', html)))
    assert tips and linked == tips  # each wrong answer links its own tip, not the list of them
    assert "data-ll-chances" in html  # a wrong best-chance answer shows the chances side by side


def test_the_rules_courses_strategy_tasks_are_sound():
    """tip-discard-weak was right only against a careless opponent: it is now a sure win against
    any defence; the grand coup's trump is named for the best chance (rule 25: any suit is legal)."""
    tasks = {task.id: task for unit in read_course(COURSE).units for task in unit.tasks}
    assert all(tasks[name].against == "any" for name in ("tip-discard-weak", "tip-keep-trump", "tip-count-stock"))
    assert tasks["var-grand-coup-name"].goal is TaskGoal.BEST_CHANCE


def test_chapter_10_has_an_anchor_for_each_tip_that_the_links_go_to():
    chapter = (REPO / "book" / "10-strategy.md").read_text(encoding="utf-8")
    assert re.findall(r"^\d\. \(tip-(\d)\)=$", chapter, re.M) == [str(n) for n in range(1, 7)]
    # a target before a list item's paragraph: the paragraph carries id="tip-N" in every language
    # (its text, the translations' msgid, unchanged); test_review_explained finds it in the built page
