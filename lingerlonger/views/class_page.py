"""The Class page (book/class.md): homework without accounts or a server.

The teacher picks exercises of the course, and adds task files of their own (checked and packed by
live mode's worker, ``live_mode/class_tasks.py``), and gets an assignment: a link to the Learn page
limited to them (``views/class_student.py`` draws the student's side there), its QR code and a
printable sheet. Students hand in a result (a link, a QR code or a file); the teacher adds them
here, and the page keeps them in this browser (IndexedDB) and shows the class table, what was
missed per rule and per tip with the most common wrong answer and the course's explanation, a
review assignment, a CSV file and a printable report. All of it is ``static/class/``'s scripts
over the data this module writes into the page: each exercise's answers in words, which are
right and the rule that decides each. Nothing is sent anywhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from lingerlonger.scenario.author_names import SAME_SHAPE
from lingerlonger.scenario.course import read_course
from lingerlonger.views.class_student import CLASS_CSS, SHARED_JS, class_words
from lingerlonger.views.course_page import (
    LearnTask,
    LearnUnit,
    Text,
    _answer_name,
    _text,
    answer_kind,
    goal_sentence,
    learn_units,
)
from lingerlonger.views.table_html import TableStyle, minify_css
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, format_number, language_tag, translate

__all__ = ["ClassPage", "class_html", "exercise_data", "CLASS_JS", "CLASS_JS_NAME"]

_STATIC = Path(__file__).parent / "static" / "class"
#: The teacher's side: the codec and QR drawing, the class kept in IndexedDB, the teacher's own
#: task files (checked and drawn by live mode's worker), the page.
CLASS_JS = "".join(
    (_STATIC / name).read_text(encoding="utf-8") for name in (*SHARED_JS, "store.js", "own_tasks.js", "teacher.js")
)
CLASS_JS_NAME = "ll-class.js"
#: The teacher's own tasks in an assignment: at most this many (codec.js MAX_OWN), each at most
#: this many characters packed (MAX_OWN_PACKED; views/live_mode/class_tasks.py packs them): a task
#: written in four languages packs to about 2,000.
MAX_OWN, MAX_PACKED = 6, 6000
#: The unit of the tips: its exercises are summed up per tip (its task), the others per rule.
TIPS_UNIT = "tips"


def exercise_data(
    task: LearnTask, unit: LearnUnit, at: int, style: TableStyle, title: Text = None
) -> dict[str, object]:
    """What the teacher's view needs of one exercise: every answer in words, whether it is
    right and the rule that decides it; the course's explanation of a wrong answer; its title
    (a tip's name)."""
    lang = style.lang
    deciding = sorted({verdict.rule for verdict in task.verdicts if verdict.rule is not None and verdict.right})
    return {
        "id": task.id,
        "at": at,
        "unit": unit.id,
        "unitTitle": _text(unit.title, lang),
        "goal": goal_sentence(task, lang),
        "kind": answer_kind(task.goal),
        "answers": {
            verdict.answer: [verdict.right, verdict.rule, _answer_name(task, verdict.answer, style)]
            for verdict in task.verdicts
        },
        "why": _text(task.wrong, lang),
        "rule": deciding[0] if deciding else None,
        "tip": unit.id == TIPS_UNIT,
        "title": _text(title, lang),
    }


def class_html(
    units: Iterable[LearnUnit],
    lang: str = DEFAULT_LANGUAGE,
    *,
    titles: Mapping[str, Text] | None = None,
    learn_href: str = "learn.html",
    rules_href: str = "rules-reference.html",
    include_assets: bool = True,
) -> Markup:
    """The whole Class page in ``lang``: the assignment's builder, the results, the class.
    ``titles``: each exercise's title by its id (the scenario's: a tip's name)."""
    style = TableStyle.of(lang).speaking(lang)
    units = [unit for unit in units if unit.tasks]
    count = sum(len(unit.tasks) for unit in units)
    exercises, drawn, at = [], [], 0
    for unit in units:
        listed = []
        for task in unit.tasks:
            at += 1
            exercises.append(exercise_data(task, unit, at, style, (titles or {}).get(task.id)))
            listed.append({"id": task.id, "at": at, "goal": goal_sentence(task, lang)})
        drawn.append({"id": unit.id, "title": _text(unit.title, lang), "tasks": listed})
    data = {
        "exercises": exercises,
        "learn": learn_href,
        "rules": rules_href,
        "count": count,
        # letters drawn alike (after NFKC): two students' names a teacher could not tell apart
        "sameShape": {chr(code): shape for code, shape in SAME_SHAPE.items()},
    }
    return render(
        "class/page.html",
        tag=language_tag(lang),
        units=drawn,
        say=lambda key, **values: translate(key, lang, **values),
        words=class_words(lang),
        own_limit=format_number(MAX_PACKED, lang),
        own_count=MAX_OWN,
        data=Markup(json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")),
        css=Markup(minify_css(CLASS_CSS)) if include_assets else "",
        js=Markup(CLASS_JS) if include_assets else "",
    )


class ClassPage:
    """The Class page of the book (book/class.md): the course in ``folder`` (by default the
    library's ``course/``), in the reader's language, as HTML."""

    def __init__(self, folder: str | Path | None = None, *, lang: str = DEFAULT_LANGUAGE) -> None:
        course = read_course(folder)
        self.units = learn_units(course, reviews=False, lang=lang)  # seats named as the Learn page names them
        self.titles = {
            task.id: scenario.title
            for unit, drawn in zip(course.units, self.units, strict=True)
            for scenario, task in zip(unit.exercises, drawn.tasks, strict=True)
        }
        self.lang = lang

    def _repr_html_(self) -> str:
        return str(class_html(self.units, self.lang, titles=self.titles))
