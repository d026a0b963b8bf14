"""A review's new position (scenario/review_position.py, issue 41 §3): where the goal allows it, a
review can be a new deal for the same rule, built by the engine and checked as any task is."""

from __future__ import annotations

from pathlib import Path

from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.library import lesson_folder
from lingerlonger.scenario.model import StepKind, Text
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.review_copy import review_seed
from lingerlonger.scenario.review_position import NEW_POSITION_GOALS, about_the_deal, new_position


def exercises():
    for unit in read_course(Path(lesson_folder()) / "course").units:
        for exercise in unit.exercises:
            [task] = [step.task for step in exercise.steps if step.task is not None]
            yield exercise, task


def task_frame(scenario):
    run = replay(scenario)
    assert run.ok, run.failures
    return next(frame for frame in run.frames if frame.task is not None)


def plays_before_the_task(scenario):
    return [
        (step.seat, step.card)
        for step in scenario.steps[: next(at for at, step in enumerate(scenario.steps) if step.task)]
        if step.kind is StepKind.PLAY
    ]


def test_a_new_position_is_another_deal_judged_by_the_same_rules_and_checked_like_any_task():
    built = 0
    for exercise, task in exercises():
        made = new_position(exercise, review_seed(task.id, 100))
        if task.goal not in NEW_POSITION_GOALS:
            assert made is None, task.id  # a tip's position, a search, a choice, a trick already played
            continue
        if made is None:
            continue
        built += 1
        assert replay(made).ok, task.id  # check's own test: the plays legal, the accepted answers exactly the judge's
        before, after = task_frame(exercise), task_frame(made)
        assert after.state.hands != before.state.hands, task.id
        assert plays_before_the_task(made) == plays_before_the_task(exercise)  # the trick its author set up
        assert [len(hand) for hand in after.state.hands] == [len(hand) for hand in before.state.hands]
        assert len(made.stock) == len(exercise.stock)
        rules = {v.rule for v in before.verdicts if v.rule is not None}
        assert {v.rule for v in after.verdicts if v.rule is not None} == rules, task.id
        for frame in (before, after):  # right and wrong answers as the exercise had them (a void: every card legal)
            assert any(v.right for v in frame.verdicts)
        assert any(not v.right for v in after.verdicts) == any(not v.right for v in before.verdicts), task.id
        [copied] = [step.task for step in made.steps if step.task is not None]
        assert set(copied.accept) == {v.answer for v in after.verdicts if v.right}
        # the author's words about the old deal are left out; the others stay
        said = [step.say for step in made.steps if step.say is not None] + list(copied.texts())
        assert not any(about_the_deal(text) for text in said), task.id
        assert [h for h in task.hints if not about_the_deal(h)] == list(copied.hints)
        assert new_position(exercise, review_seed(task.id, 100)) == made, "the same seed, the same deal: every build"
    assert built >= 8


def test_a_text_about_the_deal_names_a_card_or_a_suit_in_any_language():
    [task] = [t for _, t in exercises() if t.id == "follow-before-trump"]
    said = {str(hint): about_the_deal(hint) for hint in task.hints}
    assert list(said.values()) == [False, False, True]  # "Look at all of Dani's cards", rule 8, "The 7♦..."
    assert about_the_deal(task.right) and about_the_deal("Бубен нет") and not about_the_deal("Сначала масть")


def test_a_text_naming_a_rank_or_trump_is_about_the_deal_too():
    """«Bruno's only card is a trump, and nobody else can trump» was kept in a new deal where
    Carla could trump: a rank or trump in words describes the old deal as much as "A♦" does."""
    assert about_the_deal("Bruno's only card is a trump, and nobody else can trump.")
    assert about_the_deal("Ana's ace wins the trick.")
    assert about_the_deal(Text("x", {"ru": "Туз Ани берёт взятку."}))
    assert about_the_deal(Text("x", {"es": "El as de Ana gana la baza."}))
    assert not about_the_deal("The hand has already opened, so this lead is free.")
    assert not about_the_deal("Follow suit as long as you can.")  # "as" is Spanish only
