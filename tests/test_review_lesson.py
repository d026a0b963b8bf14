"""A review made into lessons (scenario/review_lesson.py): "Practise this" turns a moment into an
exercise whose accepted answers are the cards within the margin of the best, and "Save as lesson"
asks for the better card before each mistake; both read back as written and pass ``check``."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest
from review_fixture import DEALS, ace_lead, random_hand, reviewed

from lingerlonger.command_line import commands as cli
from lingerlonger.computer.review import Chance, Review, review_hand
from lingerlonger.game.cards import Suit
from lingerlonger.game.engine import ChooseTrump
from lingerlonger.scenario import AnswerKind, StepKind, loads
from lingerlonger.scenario.replay import check, replay
from lingerlonger.scenario.review_lesson import MARGIN, practice_exercise, reviewed_lesson
from lingerlonger.scenario.task_step import TASK_ID
from lingerlonger.session.save_lesson import hand_lesson, lesson, lesson_text, practice_lesson
from lingerlonger.words.i18n import LANGUAGES, translate
from lingerlonger.words.narration import card_name, suit_name

DAY = date(2026, 12, 1)


@pytest.fixture(scope="module")
def hand():
    return random_hand()


@pytest.fixture(scope="module")
def review(hand):
    return reviewed(hand)


def _within(moment) -> set[str]:
    return {_named(value.card) for value in moment.values if moment.best.known.rate - value.known.rate < MARGIN}


def _named(card) -> str:
    return card_name(card, "en")


def test_each_exercise_reads_back_as_written_and_passes_check(hand, review, tmp_path, capsys):
    assert len(review.moments) >= 3  # the fixture's hand: several decisions, one mid-hand
    for moment in review.moments:
        exercise = practice_lesson(hand, moment, "en", DAY)
        [back] = loads(lesson_text(exercise))
        assert back == exercise
        assert check(back) == []
    path = tmp_path / "practise.yaml"
    path.write_text(lesson_text(exercise), encoding="utf-8")
    assert cli.main(["check", str(path), "--languages", ",".join(LANGUAGES)]) == 0, capsys.readouterr().err


def test_the_exercise_accepts_exactly_the_cards_within_the_margin_on_the_moments_table(hand, review):
    for moment in review.moments:
        exercise = practice_lesson(hand, moment, "en", DAY)
        task = exercise.steps[-1].task
        assert task is not None and task.goal == "choice" and task.seat == "Sam"
        assert sorted(task.choices) == sorted(_named(value.card) for value in moment.values)  # every legal card
        assert {task.choices[int(answer)] for answer in task.accept} == _within(moment)
        frame = replay(exercise).frames[-1]  # what the Learn tab and the page judge with
        assert frame.state == moment.state
        assert {task.choices[int(v.answer)] for v in frame.verdicts if v.right} == _within(moment)


def test_a_card_inside_the_margin_is_accepted_and_one_outside_it_is_not(hand, review):
    moment = next(moment for moment in review.moments if len(moment.values) == 3)
    rates = (60, 56, 54)  # of 100 deals: 4 points behind the best counts, 6 do not
    values = tuple(
        dataclasses.replace(value, known=Chance(wins, 100)) for value, wins in zip(moment.values, rates, strict=True)
    )
    task = practice_exercise(hand_lesson(hand, "en", DAY), dataclasses.replace(moment, values=values)).steps[-1].task
    assert task is not None
    assert {task.choices[int(answer)] for answer in task.accept} == {_named(value.card) for value in values[:2]}


def test_the_exercise_speaks_every_language_and_says_the_numbers(hand, review):
    moment = review.moments[0]
    exercise = practice_lesson(hand, moment, "pt", DAY)
    step = exercise.steps[-1]
    assert step.say is not None and step.task is not None and step.task.right is not None
    assert set(step.say.translations) == set(LANGUAGES) - {"pt"}  # the lesson's own language as written
    assert str(moment.played_value.card) in step.say.in_("ru")
    assert str(moment.best.known.deals) in step.task.right.in_("es")
    assert step.say.in_("en").startswith("Sam played")


def test_task_ids_are_stable_distinct_and_valid(hand, review):
    ids = [practice_lesson(hand, moment, "en", DAY).steps[-1].task.id for moment in review.moments]
    assert ids == [practice_lesson(hand, moment, "en", DAY).steps[-1].task.id for moment in review.moments]
    assert len(set(ids)) == len(ids)
    assert all(TASK_ID.fullmatch(task_id) for task_id in ids)


def test_a_moment_of_another_hand_is_refused(hand, review):
    start, actions = ace_lead()
    other = lesson(start, actions, title="other", lang="en")
    with pytest.raises(ValueError):
        practice_exercise(other, review.moments[-1])


def test_the_saved_lesson_asks_for_the_better_card_just_before_the_mistake():
    start, actions = ace_lead()
    review = review_hand(start, actions, seat=0, deals=DEALS)
    assert [moment.verdict for moment in review.moments] == ["mistake"]
    saved = reviewed_lesson(lesson(start, actions, title="Ace", lang="en"), review)
    [at] = [at for at, step in enumerate(saved.steps) if step.kind == StepKind.ASK]
    ask, mistake = saved.steps[at].ask, saved.steps[at + 1]
    assert ask is not None and ask.kind == AnswerKind.CARD and {str(card) for card in ask.cards} == {"2♣"}
    assert (mistake.kind, mistake.seat, str(mistake.card)) == (StepKind.PLAY, "A", "A♥")
    assert ask.question == translate("review.ask.question", "en", seat="A", played="A♥")
    [back] = loads(lesson_text(saved))
    assert back == saved and check(back) == []


def test_every_mistake_of_a_dealt_hand_is_asked_in_the_lessons_language(hand, review):
    marked = Review(review.seat, tuple(dataclasses.replace(moment, verdict="mistake") for moment in review.moments))
    saved = hand_lesson(hand, "pt", DAY, marked)
    plain = hand_lesson(hand, "pt", DAY)
    asked = [at for at, step in enumerate(saved.steps) if step.kind == StepKind.ASK]
    assert len(asked) == len(review.moments)
    assert [step for step in saved.steps if step.kind != StepKind.ASK] == list(plain.steps)
    for at, moment in zip(asked, review.moments, strict=True):
        ask, played = saved.steps[at].ask, saved.steps[at + 1]
        assert ask is not None and ask.cards == {value.card for value in moment.acceptable}
        assert played.card == moment.played_value.card
        assert ask.question.startswith("Aqui Sam jogou")
    [back] = loads(lesson_text(saved))
    assert back == saved and check(back) == []


def test_a_review_without_mistakes_saves_the_hand_as_before(hand, review):
    calm = Review(review.seat, tuple(dataclasses.replace(moment, verdict="good") for moment in review.moments))
    assert hand_lesson(hand, "en", DAY, calm) == hand_lesson(hand, "en", DAY) == hand_lesson(hand, "en", DAY, None)


def test_trump_named_under_grand_coup_is_practised_and_asked_by_suit():
    hand = random_hand(seed=2, rules="standard+grand-coup")
    review = reviewed(hand)
    [moment] = [moment for moment in review.moments if isinstance(moment.played, ChooseTrump)]
    exercise = practice_lesson(hand, moment, "en", DAY)
    task = exercise.steps[-1].task
    assert task is not None and list(task.choices) == [suit_name(suit, "en") for suit in Suit]
    within = {value.suit for value in moment.acceptable}
    assert {task.choices[int(answer)] for answer in task.accept} == {suit_name(suit, "en") for suit in within}
    marked = Review(review.seat, (dataclasses.replace(moment, verdict="mistake"),))
    saved = hand_lesson(hand, "es", DAY, marked)
    [ask] = [step.ask for step in saved.steps if step.kind == StepKind.ASK]
    assert ask is not None and ask.kind == AnswerKind.CHOICE and ask.choice == suit_name(moment.best.suit, "es")
    for lesson_ in (exercise, saved):
        [back] = loads(lesson_text(lesson_))
        assert back == lesson_ and check(back) == []
