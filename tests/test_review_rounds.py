"""Each review a new copy (scenario/review_rounds.py, views/live_mode/fresh_review.py, issue 41):
once the built copies are all seen, every later round draws a fresh one, checked by the engine,
unlike the built ones and the earlier rounds', the same for the same round."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.library import lesson_folder
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.review_rounds import built_copies, fresh_copy
from lingerlonger.views.course_page import REVIEW_COPIES, learn_task
from lingerlonger.views.live_mode.endpoints import serve

#: A new position's goal, a permutation's (a seat question about the trick just played) and a
#: choice's: each kind of fresh copy.
EXERCISES = {"follow-void": "legal", "winner-trump-led": "trick-winner", "deal-who-cuts": "choice"}
ROUNDS = 4


def exercise(task_id):
    for unit in read_course(Path(lesson_folder()) / "course").units:
        for scenario, task in zip(unit.exercises, unit.tasks, strict=True):
            if task.id == task_id:
                return scenario
    raise AssertionError(task_id)


def shown(scenario):
    """What a learner sees of a copy: the table as the task finds it, and the author's words."""
    task = learn_task(scenario)
    return task.state, str(task.say), str(task.right)


def test_every_round_after_the_built_copies_is_a_new_copy_checked_by_the_engine():
    for task_id, goal in EXERCISES.items():
        scenario = exercise(task_id)
        built = [shown(copy) for copy in built_copies(scenario, task_id, REVIEW_COPIES)]
        assert len(built) == REVIEW_COPIES, task_id
        seen = list(built)
        for round_ in range(ROUNDS):
            fresh = fresh_copy(scenario, task_id, round_, REVIEW_COPIES)
            assert fresh is not None, (task_id, round_)
            assert replay(fresh).ok, (task_id, round_)
            task = learn_task(fresh)
            assert task.goal == goal and any(v.right for v in task.verdicts), (task_id, round_)
            kinds = {v.right for v in learn_task(scenario).verdicts}
            assert {v.right for v in task.verdicts} == kinds, (task_id, round_)  # right and wrong ones as before
            assert shown(fresh) not in seen, (task_id, round_)  # unlike every copy before it
            seen.append(shown(fresh))
            again = fresh_copy(scenario, task_id, round_, REVIEW_COPIES)
            assert again is not None and shown(again) == shown(fresh)  # the same round, the same copy


def test_a_new_position_goal_gets_new_deals_and_a_best_chance_task_keeps_its_built_copy():
    scenario = exercise("follow-void")
    original = learn_task(scenario).state
    fresh = [fresh_copy(scenario, "follow-void", n, REVIEW_COPIES) for n in range(3)]
    hands = {frozenset(learn_task(copy).state.hands[0]) for copy in fresh if copy is not None}
    assert frozenset(original.hands[0]) not in hands and len(hands) == 3  # dealt again, not only renamed
    assert fresh_copy(exercise("var-grand-coup-name"), "var-grand-coup-name", 0, REVIEW_COPIES) is None


def call(name, **args):
    return json.loads(serve(name, json.dumps(args)))


def test_the_worker_draws_a_rounds_copy_under_the_pages_shell_in_the_pages_language():
    drawn = call("review_copy", of="follow-void", id="follow-void-review-2", round=1, lang="ru")
    article = drawn["html"]
    shell = 'id="ll-task-follow-void-review-2" data-ll-task="follow-void-review-2"'
    assert article.startswith(f'<article class="ll-task" {shell}')
    assert 'data-ll-review-of="follow-void"' in article and "<template data-ll-task-body>" in article
    assert re.search("[а-яё]{4}", article)  # the page's language
    assert call("review_copy", of="follow-void", id="follow-void-review-2", round=1, lang="ru") == drawn
    for args in (
        {"of": "no-such-task", "id": "no-such-task-review", "round": 0},
        {"of": "follow-void", "id": "follow-must-review", "round": 0},  # another exercise's shell
        {"of": "follow-void", "id": "follow-void-review", "round": -1},
        {"of": "follow-void", "id": "follow-void-review", "round": "x"},
        {"of": "follow-void", "id": "follow-void-review", "round": 1000},
        {"of": "var-grand-coup-name", "id": "var-grand-coup-name-review", "round": 0},  # none: the built copy
    ):
        refused = call("review_copy", lang="ru", **args)
        assert set(refused) == {"error"} and "ll-task" not in refused["error"], args


def test_the_page_and_the_worker_agree_on_the_last_round():
    """The store counts rounds up to its MAX_ROUND (review_schedule.js) and the worker refuses any
    past its own: two copies of one limit, held equal here."""
    from lingerlonger.views.live_mode.fresh_review import MAX_ROUND

    schedule = Path(__file__).resolve().parents[1] / "lingerlonger/views/static/learn/review_schedule.js"
    [stored] = re.findall(r"var MAX_ROUND = (\d+);", schedule.read_text(encoding="utf-8"))
    assert int(stored) == MAX_ROUND
