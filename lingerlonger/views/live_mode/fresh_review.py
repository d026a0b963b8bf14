"""A review's fresh copy, drawn in the reader's browser (``endpoints.review_copy``).

Once a learner has seen every copy of an exercise built with the book, the Learn page asks the
worker for the copy of the next round (static/learn/course.js; the round is the progress store's,
static/learn/review_schedule.js): the course's exercise, read from the package's own lessons
(``lingerlonger/lessons/course/``, in ``_live/packages.zip``; the page sends only ids and a
number), copied for that round (``scenario.review_rounds.fresh_copy``: a new position or a new
permutation, replayed by the engine), judged and drawn as the page draws its built copies
(``course_page.learn_task``, ``task_html``), its seats named in the page's language. Imported at
the first fresh review: not in the snapshot.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.scenario.model import Scenario
from lingerlonger.scenario.review_rounds import fresh_copy
from lingerlonger.views.course_page import REVIEW_COPIES, learn_task, task_html
from lingerlonger.views.live_mode.sessions import LiveRequestError
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.templating import Markup

__all__ = ["fresh_copy_html", "MAX_ROUND"]

#: The last round a page may ask for (the progress store keeps no more, course_progress.js).
MAX_ROUND = 999


@lru_cache(maxsize=1)
def _exercises() -> dict[str, Scenario]:
    """The course's exercises by task id, read once per worker."""
    course = read_course()
    return {
        task.id: exercise for unit in course.units for exercise, task in zip(unit.exercises, unit.tasks, strict=True)
    }


def fresh_copy_html(of: str, shell: str, round_: int, lang: str) -> Markup:
    """Round ``round_``'s copy of the course's exercise ``of``, drawn under the id of the page's
    review shell ``shell`` (``OF-review``, ``OF-review-N``), its body lazy as the page's are.
    Refused (``live.bad-request``) for an unknown exercise or shell, a round past ``MAX_ROUND``, or
    where there is no such copy:
    the page then draws its built copy."""
    exercise = _exercises().get(of)
    if exercise is None or not re.fullmatch(re.escape(of) + r"-review(?:-\d{1,2})?", shell):
        raise LiveRequestError("live.bad-request", name="id")
    if not 0 <= round_ <= MAX_ROUND:
        raise LiveRequestError("live.bad-request", name="round")
    copy = fresh_copy(exercise, of, round_, REVIEW_COPIES)
    if copy is None:
        raise LiveRequestError("live.bad-request", name="round")
    rule = learn_task(exercise).rule  # the deciding rule the author's hints name, as the built copies keep it
    task = dataclasses.replace(learn_task(named_in(copy, lang)), id=shell, rule=rule)
    style = TableStyle.of(lang).speaking(lang)
    return task_html(task, style=style, at=1, count=1, unit_title="", review_of=of, lazy=True)
