"""The app's Learn tab: the book's course (views/course_page.py) as widgets, judged from the
same verdicts the Learn page ships, so that the app and the site teach the same exercises.

One exercise at a time: its table and task, a button per answer (named in words, as a screen
reader says it), hints that cost a star, the verdict with the rule that decides it and, after
a wrong card, the table at the end of the engine's line. Class mode draws the table large and
counts no stars. Stars are kept for the session (the site keeps them in the browser), and so are
the exercises "Practise this" adds from a hand's review (``add_exercise``): the app keeps no
progress once it is closed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import ipywidgets as widgets

from lingerlonger.scenario import Scenario
from lingerlonger.scenario.course import read_course
from lingerlonger.views.course_page import (
    COURSE_CSS,
    LearnTask,
    LearnUnit,
    _answer_name,
    _hints,
    _line_frames,
    _text,
    answer_kind,
    goal_sentence,
    learn_task,
    learn_units,
    stars_for,
    task_table,
)
from lingerlonger.views.markdown import markdown_html
from lingerlonger.views.table_html import DEFAULT_STYLE, TableStyle
from lingerlonger.views.templating import Markup, render
from lingerlonger.views.widgets.controls import _button, _html, _message_line, _row, _shown, _style_html, _wide_html
from lingerlonger.words.i18n import LANGUAGES, language_tag, translate

__all__ = ["LearnTab"]


class LearnTab(widgets.VBox):
    """The course, one exercise at a time, in the app's language."""

    def __init__(
        self, folder: Path | None = None, *, style: TableStyle | None = None, units: tuple[LearnUnit, ...] | None = None
    ) -> None:
        super().__init__()
        self.add_class("ll-learn-tab")
        self.add_class("ll-learn")  # the Learn page's look (static/learn/course.css)
        self._style = style or DEFAULT_STYLE
        # no review copies: reviews are scheduled by the site's browser store (course_progress.js)
        # the course's seats are named in the app's language: built again for another (set_language)
        self._course: Callable[[str], tuple[LearnUnit, ...]] | None = None
        if units is None:
            self._course = lambda lang: learn_units(read_course(folder), reviews=False, lang=lang)
            units = self._course(self._style.lang)
        self.tasks = [(unit, task) for unit in units for task in unit.tasks]
        self.stars: dict[str, int] = {}
        self.at = 0
        self.css = _html(str(_style_html(COURSE_CSS)))
        self.task_view = _wide_html("ll-learn-app")
        self.answers = _row([], "ll-answers")
        self.check = _button(primary=True, own_look=True)  # own layouts: shown and hidden alone
        self.check.on_click(lambda _: self._check())
        self.hint = _button()
        self.hint.on_click(lambda _: self._hint())
        self.feedback = _message_line()
        self.retry = _button(primary=True, own_look=True)
        self.retry.on_click(lambda _: self._retry())
        self.previous, self.next = _button(), _button()
        self.previous.on_click(lambda _: self.go(self.at - 1))
        self.next.on_click(lambda _: self.go(self.at + 1))
        self.class_mode = widgets.Checkbox(value=False, indent=False)
        self.class_mode.observe(lambda _: self._draw(), "value")
        self.progress = _html()
        self.children = (
            self.css,
            self.task_view,
            self.answers,
            _row([self.check, self.hint, self.retry]),
            self.feedback,
            _row([self.previous, self.next, self.progress]),
            self.class_mode,
        )
        self.go(0)

    @property
    def lang(self) -> str:
        return self._style.lang

    @property
    def task(self) -> LearnTask:
        return self.tasks[self.at][1]

    def set_language(self, lang: str) -> None:
        if self._course is not None and lang != self._style.lang:
            own = [(unit, task) for unit, task in self.tasks if unit.id == "reviews"]  # the reader's, kept
            self.tasks = [(unit, task) for unit in self._course(lang) for task in unit.tasks] + own
        self._style = self._style.speaking(lang)
        self.go(self.at)

    def add_exercise(self, exercise: Scenario) -> int:
        """An exercise from a hand's review ("Practise this", scenario/review_lesson.py) added at
        the end, in a unit of its own, its table drawn as the seat saw it; its number (from 0)."""
        unit = LearnUnit("reviews", {lang: translate("learn.from-reviews", lang) for lang in LANGUAGES}, "")
        self.tasks.append((unit, replace(learn_task(exercise), own_view=True)))
        self._draw()
        return len(self.tasks) - 1

    def go(self, at: int) -> None:
        """Open exercise ``at`` afresh: no hint, no mistake, nothing picked."""
        self.at = max(0, min(len(self.tasks) - 1, at))
        self.hints = self.mistakes = 0
        self.picked: set[str] = set()
        self.solved = False
        self.feedback.value = ""
        self._draw()

    def answer(self, answer: str) -> None:
        """The learner taps ``answer`` (a card "Q♥", a suit, a seat's name, a choice's index)."""
        if self.solved:
            return
        if answer_kind(self.task.goal) == "seats":
            self.picked ^= {answer}
            self._draw_answers()
            return
        verdict = next(verdict for verdict in self.task.verdicts if verdict.answer == answer)
        self._judged(verdict.right, _answer_name(self.task, answer, self._style), verdict)

    def _check(self) -> None:
        wrong = [verdict for verdict in self.task.verdicts if verdict.right != (verdict.answer in self.picked)]
        names = [_answer_name(self.task, answer, self._style) for answer in sorted(self.picked)]
        self._judged(not wrong, ", ".join(names) or "—", wrong[0] if wrong else None)

    def _judged(self, right: bool, name: str, verdict) -> None:
        lang, task = self.lang, self.task
        rule = verdict.rule if verdict is not None and not right else None
        frames = _line_frames(task, verdict.line, self._style) if verdict is not None and not right else []
        if right:
            self.solved = True
            if not self.class_mode.value:
                self.stars[task.id] = max(stars_for(self.hints, self.mistakes), self.stars.get(task.id, 0))
        else:
            self.mistakes += 1
        verdict_words = translate("learn.right" if right else "learn.wrong", lang)
        self.feedback.value = str(
            render(
                "course/app_feedback.html",
                right=right,
                verdict=translate("learn.chosen", lang, answer=name, verdict=verdict_words),
                said=_text(task.right if right else task.wrong, lang),
                rule=translate("learn.decided-by", lang, rule=translate("learn.rule", lang, rule=rule)) if rule else "",
                frame=frames[-1] if frames else None,
                line_words=translate("learn.line", lang),
                hints=[],
            )
        )
        self._draw()

    def _hint(self) -> None:
        hints = _hints(self.task, self.lang, self._style)
        self.hints = min(len(hints), self.hints + 1)
        self.feedback.value = str(
            render(
                "course/app_feedback.html",
                right=False,
                verdict="",
                said="",
                rule="",
                frame=None,
                line_words="",
                hints=hints[: self.hints],
            )
        )
        self._draw()

    def _retry(self) -> None:
        self.feedback.value = ""
        self.picked = set()
        self._draw()

    def _draw(self) -> None:
        lang, (unit, task) = self.lang, self.tasks[self.at]
        style = TableStyle.of(lang, large=self.class_mode.value)
        stars = 0 if self.class_mode.value else self.stars.get(task.id, 0)
        self.task_view.value = str(
            render(
                "course/app_task.html",
                tag=language_tag(lang),
                heading=translate("learn.exercise", lang, at=self.at + 1, count=len(self.tasks)),
                unit_title=_text(unit.title, lang),
                stars="★" * stars + "☆" * (3 - stars) if stars else "",
                stars_name=translate("learn.stars", lang, count=stars) if stars else "",
                table=task_table(task, style),
                say=Markup(markdown_html(_text(task.say, lang))),
                goal=goal_sentence(task, lang),
            )
        )
        self._draw_answers()
        self.check.description = translate("learn.check", lang)
        self.hint.description = translate("learn.hint", lang)
        self.hint.disabled = self.solved or self.hints >= len(_hints(task, lang, self._style))
        self.retry.description = translate("learn.retry", lang)
        self.previous.description, self.next.description = (
            translate(f"learn.{key}", lang) for key in ("previous", "next")
        )
        _shown(self.check, answer_kind(task.goal) == "seats" and not self.solved)
        _shown(self.retry, bool(self.feedback.value) and not self.solved and self.mistakes > 0)
        self.previous.disabled, self.next.disabled = self.at == 0, self.at == len(self.tasks) - 1
        self.class_mode.description = translate("learn.class-mode", lang)
        done = len(self.stars)
        self.progress.value = str(
            render("widgets/label.html", text=translate("progress.count", lang, done=done, total=len(self.tasks)))
        )

    def _draw_answers(self) -> None:
        task = self.task
        buttons = []
        for verdict in task.verdicts:
            name = _answer_name(task, verdict.answer, self._style)
            button = _button(name, own_look=True)
            button.disabled = self.solved
            if answer_kind(task.goal) == "seats" and verdict.answer in self.picked:
                button.button_style = "info"
                button.icon = "check"
            button.on_click(lambda _, answer=verdict.answer: self.answer(answer))
            buttons.append(button)
        self.answers.children = tuple(buttons)
