"""An exercise's review copies, round after round: the few built with the book, then a fresh one
for every review after them (issue 41: each review a new copy, never the same three again).

The built copies (``built_copies``) are the Learn page's: permuted copies (``review_copy``), no two
alike, the second a new position where the goal allows one (``review_position``). Once a learner
has seen them all, live mode's worker draws a fresh copy for each later review (``fresh_copy``,
static/learn/review_schedule.js counts the rounds): a new position dealt with the round's seed,
its suits and seats permuted too, where the goal allows one; else the next permutation none of
the built copies and none of the earlier rounds has. A fresh copy is checked as a built one is:
the engine replays it without a failure, and the page judges it as any exercise
(``learn_task``). The same round gives the same copy, in every browser. A ``best-chance`` task has
none: its one built copy is measured on hundreds of deals, seconds a copy.
"""

from __future__ import annotations

import itertools

from lingerlonger.scenario.model import Scenario
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.review_copy import distinct_copies, review_copies, review_copy, review_seed
from lingerlonger.scenario.review_position import NEW_POSITION_GOALS, new_position

__all__ = ["built_copies", "fresh_copy"]

#: The seeds of the built new position and its permutation (rounds of ``review_seed``), and the
#: first of the fresh rounds': two a round, far from the permutations' 0, 1, 2...
_BUILT_POSITION, _FRESH_SEEDS = 100, 1000
#: Deals tried for a fresh round's new position (each a ``new_position``: its own tries within).
_FRESH_TRIES = 4


def _goal(scenario: Scenario) -> str | None:
    tasks = [step.task for step in scenario.steps if step.task is not None]
    return str(tasks[0].goal) if len(tasks) == 1 else None


def built_copies(scenario: Scenario, task_id: str, most: int) -> list[Scenario]:
    """The review copies built with the page, in the order the reviews draw them: up to ``most``
    permuted copies of ``scenario``, no two alike, the second replaced by a new position (its suits
    and seats permuted too) where the goal allows one and ``most`` leaves room for it."""
    copies = [copy for copy, _ in review_copies(scenario, task_id, most)]
    built = new_position(scenario, review_seed(task_id, _BUILT_POSITION)) if most > 2 else None
    if built is not None:  # another deal, other suits, other names
        copies[1:2] = [review_copy(built, review_seed(task_id, _BUILT_POSITION + 1))[0]]
    return copies


def fresh_copy(scenario: Scenario, task_id: str, round_: int, built: int) -> Scenario | None:
    """The copy of ``round_`` (0 for the first review after the ``built`` copies): a new position
    where the goal allows one, else the permutation after the built ones' and earlier rounds';
    None where there is none (a best-chance task, every permutation used) or the engine refuses it."""
    if _goal(scenario) in (None, "best-chance") or round_ < 0:
        return None
    fresh = _new_deal(scenario, task_id, round_, built)
    if fresh is None:
        later = distinct_copies(scenario, task_id, 4 * (built + round_ + 1))
        fresh = next((copy for copy, _ in itertools.islice(later, built + round_, None)), None)
    return fresh if fresh is not None and replay(fresh).ok else None


def _new_deal(scenario: Scenario, task_id: str, round_: int, built: int) -> Scenario | None:
    """A new position for ``round_``, dealt otherwise than the built one, its suits and seats
    permuted; None where the goal allows none (or the built copies have none)."""
    if _goal(scenario) not in {str(goal) for goal in NEW_POSITION_GOALS} or built < 3:
        return None
    before = new_position(scenario, review_seed(task_id, _BUILT_POSITION))
    if before is None:  # no new deal for the built copies: none for a review either
        return None
    for attempt in range(_FRESH_TRIES):
        seed = _FRESH_SEEDS + 2 * (_FRESH_TRIES * round_ + attempt)
        position = new_position(scenario, review_seed(task_id, seed))
        if position is not None and (position.hands, position.stock) != (before.hands, before.stock):
            return review_copy(position, review_seed(task_id, seed + 1))[0]
    return None
