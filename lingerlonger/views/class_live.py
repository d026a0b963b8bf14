"""A live class's pages (``lingerlonger class``, served by ``class_server``): the teacher's screen
for the projector, the pupil's for a phone, and the parts of each that change as the class goes.

The exercise is the Learn page's: its table, the author's words, the goal in one sentence and
the answer buttons of ``course/answers.html``; a pupil's phone is never sent the verdicts before
the reveal. Everything is drawn from plain values, in the language of the page it goes to, the
seats too (``LocalSeats``: Ana is Аня on a Russian phone, as on the Learn page).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from lingerlonger.views.course_page import (
    LearnTask,
    Text,
    _answer_name,
    _answers,
    _line_frames,
    _text,
    answer_kind,
    goal_sentence,
    task_table,
)
from lingerlonger.views.markdown import markdown_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import LANGUAGES, language_tag, translate

__all__ = [
    "TEACHER_PARTS",
    "STATIC_FILES",
    "Screen",
    "LocalSeats",
    "seats_named",
    "answer_words",
    "pupil_screen",
    "roster",
    "chart",
    "projected_task",
    "reveal",
    "summary",
    "teacher_page",
    "pupil_page",
    "join_page",
    "exercise_label",
    "text_in",
]

#: The parts of the teacher's screen that the server draws again as the class goes.
TEACHER_PARTS = ("roster", "chart", "task", "reveal", "summary")
#: The files a class's pages load, by the name they are served under (``/static/NAME``), each
#: from its folder of ``views/static``: served by the class server itself.
STATIC_FILES = {
    "replay.css": "replay/replay.css",
    "table.css": "shared/table.css",
    "course.css": "learn/course.css",
    "class-live.css": "class/class-live.css",
    "class-live-socket.js": "class/class-live-socket.js",
    "class-live-teacher.js": "class/class-live-teacher.js",
    "class-live-pupil.js": "class/class-live-pupil.js",
}


@dataclass(frozen=True)
class Screen:
    """A pupil's screen: its HTML, and the line a screen reader says when it changes."""

    html: Markup
    say: str


@dataclass(frozen=True)
class LocalSeats:
    """An exercise as a page in one language draws it: its seats named as a reader there names
    them (Ana is Аня on a Russian phone, ``words.people``), and each answer's way between those
    names and the file's. A class keeps, judges, counts and exports answers by the file's seats,
    so that phones reading in several languages are one class: «Аня» and «Ana» are one answer."""

    task: LearnTask  # its table, goal, buttons and lines, in the page's names
    said: Mapping[str, str]  # each seat as the file names it, to its name on the page
    seats: Mapping[str, str]  # each name on the page, to the seat as the file names it

    def shown(self, answer: str) -> str:
        """A kept answer (a seat, several: "Ana, Bruno") as the page names it; a card as it is."""
        return self._renamed(answer, self.said)

    def kept(self, answer: str) -> str:
        """An answer given on the page (already checked against its buttons) as the class keeps it."""
        return self._renamed(answer, self.seats)

    def _renamed(self, answer: str, names: Mapping[str, str]) -> str:
        if not answer or answer_kind(self.task.goal) not in ("seat", "seats"):
            return answer
        return ", ".join(names.get(seat, seat) for seat in answer.split(", "))


def seats_named(task: LearnTask, names: Sequence[str]) -> LocalSeats:
    """``task`` with its seats named ``names``, in its table's order (``people.local_names``, each
    a ``Name`` that knows its gender): the same verdicts, only the names changed, so that a page
    needs no second judging of the exercise."""
    said = dict(zip(task.state.players, names, strict=True))
    by_seat = answer_kind(task.goal) in ("seat", "seats")

    def plays(line: Sequence[str]) -> tuple[str, ...]:  # "SEAT CARD", as the engine reads a play
        return tuple(f"{said.get(seat, seat)} {card}" for seat, card in (play.split(" ", 1) for play in line))

    verdicts = tuple(
        replace(
            verdict,
            answer=said.get(verdict.answer, verdict.answer) if by_seat else verdict.answer,
            line=plays(verdict.line),
            best_line=plays(verdict.best_line),
        )
        for verdict in task.verdicts
    )
    local = replace(task, state=replace(task.state, players=tuple(names)), verdicts=verdicts)
    return LocalSeats(local, said, {name: seat for seat, name in said.items()})


def _words(lang: str, *keys: str) -> dict[str, str]:
    return {key.replace("-", "_"): translate(f"class-live.{key}", lang) for key in keys}


def text_in(value: Text, lang: str) -> str:
    """An author's text (or a course unit's title) in ``lang``; empty when there is none."""
    return _text(value, lang)


def answer_words(task: LearnTask, answer: str, lang: str) -> str:
    """An answer as words ("queen of hearts", "Ana, Bruno"), as the Learn page names it."""
    if answer_kind(task.goal) == "seats":
        return answer or translate("task.answer.nobody", lang)
    return _answer_name(task, answer, TableStyle.of(lang))


def exercise_label(task: LearnTask, at: int, lang: str) -> str:
    """An exercise in the teacher's list: its number and its goal."""
    return translate("class-live.exercise-label", lang, at=at, goal=goal_sentence(task, lang))


@functools.lru_cache(maxsize=512)
def _pupil_task(task: LearnTask, lang: str) -> Markup:
    """The exercise on a phone: drawn once per exercise and language, whoever asks."""
    style = TableStyle.of(lang)
    dom_id = "ll-task-" + task.id
    return render(
        "class_live/pupil_task.html",
        task=task,
        kind=answer_kind(task.goal),
        dom_id=dom_id,
        table=task_table(task, style),
        say=Markup(markdown_html(text_in(task.say, lang))),
        goal=goal_sentence(task, lang),
        answers=_answers(task, style),
        words={"check": translate("learn.check", lang)},
    )


def pupil_screen(
    name: str,
    task: LearnTask | None,
    lang: str,
    *,
    given: str | None,
    revealed: bool,
    verdict: tuple[bool, int | None] | None,
) -> Screen:
    """What a pupil sees: a wait, the exercise to answer, their answer in, or after the reveal
    their own verdict and its reason."""
    if task is None:
        say = translate("class-live.pupil-waiting", lang, name=name)
        return Screen(render("class_live/pupil_screen.html", heading=say, task=None, status="", verdict=None), say)
    chosen = answer_words(task, given, lang) if given is not None else None
    if verdict is not None:
        right, rule = verdict
        said = text_in(task.right if right else task.wrong, lang)
        answers = [_answer_name(task, v.answer, TableStyle.of(lang)) for v in task.verdicts if v.right]
        shown = {
            "right": right,
            "text": translate("learn.right" if right else "class-live.pupil-wrong", lang),
            "rule": translate("learn.decided-by", lang, rule=translate("learn.rule", lang, rule=rule)) if rule else "",
            "said": said,
            "answer": translate("learn.hint-answer", lang, answer=", ".join(answers) or "—"),
        }
        status = translate("class-live.pupil-yours", lang, answer=chosen)
        say = f"{shown['text']} {shown['rule']}".strip()
    elif revealed:
        shown, status = None, translate("class-live.pupil-too-late", lang)
        say = status
    elif chosen is not None:
        shown, status = None, translate("class-live.pupil-answered", lang, answer=chosen)
        say = status
    else:
        shown, status = None, ""
        say = goal_sentence(task, lang)
    html = render(
        "class_live/pupil_screen.html",
        heading=translate("class-live.pupil-exercise", lang),
        task=_pupil_task(task, lang),
        status=status,
        verdict=shown,
    )
    return Screen(html, say)


def roster(names: Sequence[str], answered: set[str], lang: str) -> Markup:
    """The pupils in, first names only, a tick for those who have answered."""
    return render(
        "class_live/roster.html",
        names=[(name, name in answered) for name in names],
        words=_words(lang, "roster-empty", "has-answered"),
        count=translate("class-live.pupils", lang, count=len(names)),
    )


def chart(
    task: LearnTask | None,
    spread: Counter[str],
    given: Mapping[str, str],
    names: Mapping[str, str],
    revealed: bool,
    lang: str,
) -> Markup:
    """The spread of answers as bars; the names of who chose what only after the reveal."""
    if task is None:
        return Markup("")
    offered = [verdict.answer for verdict in task.verdicts]
    answers = offered if answer_kind(task.goal) != "seats" else sorted(spread, key=lambda a: -spread[a])
    rights = {v.answer for v in task.verdicts if v.right}
    total = max(sum(spread.values()), 1)
    bars = []
    for answer in answers:
        right = answer in rights if answer_kind(task.goal) != "seats" else _seats_right(task, answer)
        bars.append(
            {
                "answer": answer,
                "name": answer_words(task, answer, lang),
                "count": spread[answer],
                "right": revealed and right,
                "who": sorted(names[token] for token, said in given.items() if said == answer) if revealed else [],
            }
        )
    return render("class_live/chart.html", bars=bars, total=total, words=_words(lang, "chart", "right-mark"))


def _seats_right(task: LearnTask, answer: str) -> bool:
    chosen = set(answer.split(", ")) if answer else set()
    return all(verdict.right == (verdict.answer in chosen) for verdict in task.verdicts)


def projected_task(task: LearnTask | None, exercises: Sequence[str], current: str | None, lang: str) -> Markup:
    """The exercise asked now, large, for the projector: its table, words and goal."""
    if task is None:
        return render("class_live/projected.html", task=None, words=_words(lang, "nothing-pushed"))
    style = TableStyle.of(lang, large=True)
    at = list(exercises).index(current) + 1 if current is not None and current in exercises else 0
    return render(
        "class_live/projected.html",
        task=task,
        heading=translate("learn.exercise", lang, at=at, count=len(exercises)),
        table=task_table(task, style),
        say=Markup(markdown_html(text_in(task.say, lang))),
        goal=goal_sentence(task, lang),
        words=_words(lang, "nothing-pushed"),
    )


def reveal(task: LearnTask, spread: Counter[str], lang: str) -> Markup:
    """The right answers, the rule, and the most common wrong answer's refutation played out."""
    style = TableStyle.of(lang, large=True)
    line_style = TableStyle.of(lang)  # the line's tables side by side: each at its usual size
    verdicts = {verdict.answer: verdict for verdict in task.verdicts}
    rights = [verdict for verdict in task.verdicts if verdict.right]
    rule = next((verdict.rule for verdict in rights if verdict.rule is not None), None)
    wrong = [(count, answer) for answer, count in spread.items() if not _is_right(task, answer)]
    common = max(wrong, key=lambda pair: (pair[0], pair[1])) if wrong else None
    refutation = None
    if common is not None:
        count, answer = common
        verdict = verdicts.get(answer)
        wrong_rule = verdict.rule if verdict is not None else None
        frames = (
            _line_frames(task, verdict.line, line_style)
            if verdict is not None and answer_kind(task.goal) == "card"
            else []
        )
        refutation = {
            "heading": translate(
                "class-live.most-common-wrong", lang, answer=answer_words(task, answer, lang), count=count
            ),
            "rule": translate("learn.decided-by", lang, rule=translate("learn.rule", lang, rule=wrong_rule))
            if wrong_rule
            else "",
            "said": text_in(task.wrong, lang),
            "frames": frames,
        }
    return render(
        "class_live/reveal.html",
        answer=translate(
            "learn.hint-answer",
            lang,
            answer=", ".join(_answer_name(task, v.answer, style) for v in rights)
            or translate("task.answer.nobody", lang),
        ),
        rule=translate("learn.decided-by", lang, rule=translate("learn.rule", lang, rule=rule)) if rule else "",
        said=text_in(task.right, lang),
        refutation=refutation,
        words={**_words(lang, "reveal-title", "no-wrong"), "line": translate("learn.line", lang)},
    )


def _is_right(task: LearnTask, answer: str) -> bool:
    if answer_kind(task.goal) == "seats":
        return _seats_right(task, answer)
    return any(verdict.right for verdict in task.verdicts if verdict.answer == answer)


def summary(needs: Sequence[tuple[str, list[int], int, int]], lang: str) -> Markup:
    """Who needs help with which rule: each pupil's right answers and the rules they missed."""
    rows = [
        {
            "name": name,
            "right": translate("class-live.right-of", lang, right=right, count=asked),
            "rules": ", ".join(translate("learn.rule", lang, rule=rule) for rule in rules),
        }
        for name, rules, right, asked in needs
    ]
    return render("class_live/summary.html", rows=rows, words=_words(lang, "pupil", "score", "needs-help", "all-well"))


def _page(name: str, lang: str, **values: object) -> Markup:
    """A whole page in ``lang``, with its links to the same page in the other languages."""
    languages = [
        {"lang": other, "name": translate("language.name", other), "tag": language_tag(other), "here": other == lang}
        for other in LANGUAGES
    ]
    return render(name, lang=lang, tag=language_tag(lang), languages=languages, **values)


def teacher_page(lang: str, groups: Sequence[tuple[str, Sequence[tuple[str, str]]]], join_url: str) -> Markup:
    """The teacher's page: the key, the exercises to choose, then the room (filled by the server)."""
    return _page(
        "class_live/teacher.html",
        lang,
        groups=groups,
        join_url=join_url,
        title=translate("class-live.title", lang),
        words=_words(
            lang,
            "key-label",
            "key-use",
            "key-help",
            "choose",
            "open",
            "earlier",
            "join-at",
            "code",
            "qr",
            "pupils-title",
            "exercise",
            "push",
            "reveal",
            "csv",
            "summary",
            "languages",
            "needs-script",
            "reconnecting",
        ),
    )


def pupil_page(lang: str, code: str) -> Markup:
    """A pupil's phone: a first name to type, then the screens the server sends."""
    return _page(
        "class_live/pupil.html",
        lang,
        code=code,
        title=translate("class-live.title", lang),
        words=_words(lang, "name-label", "join", "languages", "needs-script", "reconnecting"),
    )


def join_page(lang: str, unknown: str | None = None) -> Markup:
    """Where a pupil types the class's code (the QR code opens the class directly)."""
    return _page(
        "class_live/join.html",
        lang,
        title=translate("class-live.pupil-title", lang),
        problem=translate("error.class.no-class", lang, code=unknown) if unknown is not None else "",
        words=_words(lang, "code-label", "join", "languages"),
    )
