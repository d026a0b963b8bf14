"""The Learn page: the course's exercises, each judged for every possible answer at build time.

A static page has no Python behind it, so every verdict the engine gives is shipped in the page
(JSON in a ``<script type="application/json">``) and a tap is answered by ``static/learn/course.js``
alone, before any interpreter could start. A wrong card also carries its refutation: the
engine's line, drawn as tables to step through, and the rule that decides it, linked to the
Rules reference.

The page is drawn from plain values (``LearnUnit``, ``LearnTask``): ``learn_units`` makes them
from the course (``scenario.course.read_course``) and the engine's judge, and a test can make
them by hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.computer.task_judge import Verdict, example_world
from lingerlonger.game.cards import parse_card, parse_suit, sort_hand
from lingerlonger.game.engine import State, Trick, apply, seat_index
from lingerlonger.game.errors import LingerError
from lingerlonger.game.events import TrickWon
from lingerlonger.scenario import Scenario, in_language
from lingerlonger.scenario import Text as AuthorText
from lingerlonger.scenario.course import Course, read_course
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.scenario.replay import joined_say, replay
from lingerlonger.scenario.review_rounds import built_copies
from lingerlonger.views.class_student import student_panel_html
from lingerlonger.views.course_mastery import MASTERY_JS, mastery_words, skills_of
from lingerlonger.views.course_progress import PROGRESS_CSS, PROGRESS_JS, progress_panel_html
from lingerlonger.views.markdown import markdown_html
from lingerlonger.views.table_html import TableStyle, card_html, card_label, minify_css, table_html
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, format_percent, language_tag, translate
from lingerlonger.words.narration import narrate, suit_name

__all__ = [
    "LearnTask",
    "LearnUnit",
    "answer_kind",
    "task_kind",
    "STRATEGY_GOALS",
    "course_html",
    "task_html",
    "task_table",
    "learn_task",
    "task_data",
    "learn_units",
    "stars_for",
    "goal_sentence",
    "LearnPage",
    "ProgressPanel",
    "COURSE_CSS",
    "COURSE_JS",
    "BODY_END",
]

#: Texts as the scenario format writes them: one string, or one per language.
Text = str | Mapping[str, str] | None

#: The answer each goal asks for: a card of the seat's hand, a suit, a seat, several seats, a choice.
_KINDS = {
    "legal": "card",
    "win-trick": "card",
    "lose-trick": "card",
    "stay-in": "card",
    "win-hand": "card",
    "best-chance": "card",  # or, where trump is to be named, "suit" (``task_answer_kind``)
    "name-trump": "suit",
    "trick-winner": "seat",
    "out": "seats",
    "drawn": "seats",
    "choice": "choice",
}
#: The goals about playing well rather than the rules: ``data-ll-kind`` names them.
STRATEGY_GOALS = frozenset({"win-hand", "best-chance"})
#: At most this many tables of a refutation are drawn: a win-hand line can run to the end of
#: the hand, and the page must stay light (its budget: 350 KB gzip).
MAX_LINE_FRAMES = 8
#: A best-chance example's deal is played to the end of the hand: each of its tables says the
#: last few lines only, so that a phone shows the two deals without a long scroll.
EXAMPLE_TOLD = 4
MAX_HINTS = 3
_STATIC = Path(__file__).parent / "static"
#: The page's style and script: inlined by ``course_html(include_assets=True)`` for a page of its
#: own, dropped by the book for its shared files (book/_ext/site_assets.py).
COURSE_CSS = minify_css((_STATIC / "learn" / "course.css").read_text(encoding="utf-8"))
# The mastery's script first: course.js calls it (static/learn/course_mastery.js).
COURSE_JS = MASTERY_JS + (_STATIC / "learn" / "course.js").read_text(encoding="utf-8")
#: Copies of each exercise for its reviews, each drawn in turn (static/learn/review_schedule.js):
#: the first one's body goes with its unit's, the others' to a file of their own per unit, loaded
#: only when a review draws one. A ``best-chance`` task has one (its copies can only rename its
#: seats, and each is measured on hundreds of deals again: seconds of every build). Where the goal
#: allows it, the second is a new position the engine dealt for the same rule (review_position.py).
REVIEW_COPIES = 3
#: Closes a lazy exercise's body (course/task.html): the book moves what comes before it, from
#: ``<template data-ll-task-body data-ll-body-unit=...>``, to its unit's file (site_assets.py).
BODY_END = "<!--/ll-task-body-->"


@dataclass(frozen=True)
class LearnTask:
    """One exercise: the position, who acts, the goal and the engine's verdict on every answer."""

    id: str
    state: State
    seat: int
    goal: str
    verdicts: tuple[Verdict, ...]
    say: Text = None
    hints: tuple[Text, ...] = ()
    right: Text = None
    wrong: Text = None
    choices: tuple[Text, ...] = ()
    question: Text = None  # a choice task's question, said instead of the goal's sentence
    last_trick: Trick | None = None  # a trick just completed, still shown (who won it, who drew)
    review: LearnTask | None = None  # the same idea in a new deal: suits and seats permuted
    copies: tuple[LearnTask, ...] = ()  # more of them, for the reviews after the first
    own_view: bool = False  # drawn as the seat saw it (a hand's review: judged on what it could know)
    tip: int | None = None  # the tip of chapter 10 a strategy exercise is about, linked from each wrong answer
    rule: int | None = None  # the rule the author's hints name ("Rule 19: ..."): a choice's deciding rule


@dataclass(frozen=True)
class LearnUnit:
    id: str
    title: Text
    chapter: str
    tasks: tuple[LearnTask, ...] = field(default_factory=tuple)


def answer_kind(goal: str, verdicts: Sequence[Verdict] = ()) -> str:
    """``card``, ``suit``, ``seat``, ``seats`` (pick several, then check) or ``choice``; a
    ``best-chance`` task's ``verdicts`` say which (suits where trump is to be named)."""
    if goal in STRATEGY_GOALS and any(len(verdict.answer) == 1 for verdict in verdicts):
        return "suit"
    return _KINDS[goal]


def task_kind(task: LearnTask) -> str:
    """What the page's ``data-ll-kind`` says of an exercise: a strategy goal by its name
    (``win-hand``, ``best-chance``: the Learn page's hook for them), else its answer kind."""
    return task.goal if task.goal in STRATEGY_GOALS else answer_kind(task.goal, task.verdicts)


def _text(value: Text, lang: str) -> str:
    """A text in ``lang``: a course index's ``{en: ..., ru: ...}``, or a scenario's text."""
    if isinstance(value, Mapping):
        return value.get(lang) or value.get("en") or ""
    return in_language(value, lang) if value else ""


def _answer_name(task: LearnTask, answer: str, style: TableStyle) -> str:
    """An answer in words, as a screen reader says it: "queen of hearts", "spades", "Ana"."""
    kind = answer_kind(task.goal, task.verdicts)
    if kind == "card":
        return card_label(parse_card(answer), style)
    if kind == "suit":
        return suit_name(parse_suit(answer), style.lang)
    if kind == "choice":
        return _text(task.choices[int(answer)], style.lang)
    return answer


def _answers(task: LearnTask, style: TableStyle) -> list[dict[str, object]]:
    """The buttons; cards in the order the table draws the hand."""
    kind = answer_kind(task.goal, task.verdicts)
    answers = [verdict.answer for verdict in task.verdicts]
    if kind == "card":
        answers = [str(card) for card in sort_hand(map(parse_card, answers), task.state.trump)]
    drawn: list[dict[str, object]] = []
    for answer in answers:
        face: Markup | str = ""
        if kind == "card":
            face = card_html(parse_card(answer), options=style)
        elif kind == "suit":
            face = parse_suit(answer).symbol
        drawn.append({"answer": answer, "name": _answer_name(task, answer, style), "face": face})
    return drawn


def _line_frames(
    task: LearnTask, line: Sequence[str], style: TableStyle, start: State | None = None, told_most: int | None = None
) -> list[dict[str, object]]:
    """The refutation as tables, one per play (the last ones when it is long), each with what
    the engine says of it; ``start``: the table it is played on (by default the task's);
    ``told_most``: the last lines said only (a whole hand played out says a hundred)."""
    frames: list[dict[str, object]] = []
    told: list[str] = []
    state = start or task.state
    for play in line:
        try:
            state, events = apply(state, state.play(play))
        except LingerError:  # a line the engine refuses ends there (the judge gives none for a card not allowed)
            break
        last = state.history[-1] if any(isinstance(event, TrickWon) for event in events) else None
        told = told + [narrate(event, state.players, style.lang) for event in events]
        said = told if told_most is None else told[-told_most:]
        frames.append({"table": table_html(state, last_trick=last, options=style, include_css=False), "told": said})
        if state.winner is not None:
            break
    return frames[-MAX_LINE_FRAMES:]


def _chances(task: LearnTask, verdict: Verdict, style: TableStyle) -> dict[str, object] | None:
    """A wrong best-chance answer's feedback: every answer's chance side by side, then one deal
    in which this answer loses and the best one wins, both played out (None for other goals)."""
    measured = {each.answer: each.chance for each in task.verdicts if each.chance is not None}
    if verdict.chance is None or not measured:
        return None
    lang = style.lang

    def named(answer: str) -> str:
        return _answer_name(task, answer, style)

    rows = []
    for answer, (wins, deals) in sorted(measured.items(), key=lambda item: -item[1][0]):
        low, high = wilson_interval(wins, deals)
        rows.append(
            translate(
                "learn.chance-row",
                lang,
                answer=named(answer),
                chance=format_percent(wins / deals, lang),
                low=format_percent(low, lang),
                high=format_percent(high, lang),
            )
        )
    best = max(measured, key=lambda answer: measured[answer][0])
    world = example_world(task.state, verdict)
    return {
        "intro": translate("learn.chances", lang, seat=task.state.players[task.seat], deals=verdict.chance[1]),
        "rows": rows,
        "example": translate("learn.example", lang, answer=named(verdict.answer), best=named(best)),
        "frames": _line_frames(task, verdict.line, style, world, EXAMPLE_TOLD) if world is not None else [],
        "best": translate("learn.example-best", lang, best=named(best)),
        "best_frames": _line_frames(task, verdict.best_line, style, world, EXAMPLE_TOLD) if world is not None else [],
    }


def named_rule(hints: Iterable[Text]) -> int | None:
    """The first rule an author's hints name ("Rule 19: ...", "Regra 19: ...") in any language
    they are written in: the engine judges no choice, so this is the rule its wrong answers link."""
    for hint in hints:
        versions = hint.translations.items() if isinstance(hint, AuthorText) else ()
        for lang, version in (*versions, (DEFAULT_LANGUAGE, str(hint))):
            word = translate("learn.rule", lang, rule="\0").split("\0", 1)[0].strip()
            if found := re.search(rf"(?<!\w){re.escape(word)} (\d+)", version, re.IGNORECASE):
                return int(found[1])
    return None


def _hints(task: LearnTask, lang: str, style: TableStyle) -> list[str]:
    """Up to three: the author's, then the rule that decides it, then the answer."""
    hints = [text for hint in task.hints if (text := _text(hint, lang))]
    ruled = [(verdict.rule, verdict.right) for verdict in task.verdicts if verdict.rule is not None]
    deciding = [rule for rule, right in ruled if right] or [rule for rule, _ in ruled]
    if deciding:  # the rule that makes the right answer right (else the one the wrong ones break)
        hints.append(translate("learn.hint-rule", lang, rule=min(deciding)))
    right = [_answer_name(task, verdict.answer, style) for verdict in task.verdicts if verdict.right]
    answer = ", ".join(right) if right else translate("task.answer.nobody", lang)
    return [*hints[: MAX_HINTS - 1], translate("learn.hint-answer", lang, answer=answer)]


def stars_for(hints: int, mistakes: int) -> int:
    """3 with no hint and no mistake, 2 with one of either, 1 otherwise (static/learn/course.js says the same)."""
    return 3 if hints + mistakes == 0 else 2 if hints + mistakes == 1 else 1


def goal_sentence(task: LearnTask, lang: str) -> str:
    """The task in one sentence, from the catalogs (a choice says the author's question)."""
    if task.goal == "choice" and task.question:
        return _text(task.question, lang)
    return translate(f"task.goal.{task.goal}", lang, seat=task.state.players[task.seat])


def task_data(task: LearnTask) -> dict[str, object]:
    """What the page's script judges with: each answer's verdict and its rule; and the rules and
    tips the exercise practises, which its answers count for (course_mastery.py)."""
    return {
        "kind": answer_kind(task.goal, task.verdicts),
        "verdicts": {verdict.answer: [verdict.right, verdict.rule] for verdict in task.verdicts},
        "skills": task_skills(task),
    }


def task_skills(task: LearnTask) -> list[str]:
    """The rules and tips ``task`` practises; a review copy, its exercise's."""
    return skills_of(task.id.removesuffix("-review"), task.verdicts)


def task_table(task: LearnTask, style: TableStyle) -> Markup:
    """The exercise's table: every hand face up, or (``own_view``, a moment of a hand's review;
    a ``best-chance`` task) as the seat saw it, judged on what it could know."""
    seat = task.seat if task.own_view or task.goal == "best-chance" else None
    return table_html(task.state, seat=seat, last_trick=task.last_trick, options=style, include_css=False)


def task_html(
    task: LearnTask,
    *,
    style: TableStyle,
    at: int,
    count: int,
    unit_title: str,
    rules_href: str | None = "rules-reference.html",
    tips_href: str | None = "10-strategy.html",
    review_of: str | None = None,
    heading: str | None = None,
    lazy: bool = False,
    unit: str | None = None,
    copy: tuple[int, int] | None = None,
) -> Markup:
    """One exercise (or, with ``review_of``, its review copy): the position, the step's ``say:``,
    the task, the answers, the hints, and for each wrong answer the feedback the page shows (in an
    inert ``<template>``). ``heading``: its title, where it is no exercise "at" of "count" (one
    from a hand's review, ``own_view``: its table then drawn as the seat saw it). ``lazy``: all
    but the title in an inert ``<template>`` that course.js draws when the exercise first shows
    (the Learn page holds a hundred: 12,000 elements to style and lay out on a phone, otherwise).
    ``unit``: the id of the unit the book's build moves that template's markup to a file of
    (one per unit: the page carries what its first screen needs, site_assets.py). ``copy``: a
    review copy's number (from 0) and how many its exercise has, for the review that draws one."""
    lang = style.lang

    def rule_link(rule: int | None) -> dict[str, object] | None:
        if rule is None:
            return None
        words = translate("learn.rule", lang, rule=rule)
        return {"text": words, "href": f"{rules_href}#rule-{rule}" if rules_href else None}

    kind = answer_kind(task.goal, task.verdicts)
    wrong = [
        {
            "answer": verdict.answer,
            "rule": rule_link(task.rule if verdict.rule is None else verdict.rule),
            "frames": _line_frames(task, verdict.line, style) if kind == "card" and not verdict.example else [],
            "chances": _chances(task, verdict, style),
        }
        for verdict in task.verdicts
        if not verdict.right or kind == "seats"  # a right seat left out is a wrong set too
    ]
    return render(
        "course/task.html",
        task=task,
        kind=kind,
        hook_kind=task_kind(task),
        dom_id="ll-task-" + task.id,
        heading=heading
        or (
            translate("learn.review", lang, at=at)
            if review_of
            else translate("learn.exercise", lang, at=at, count=count)
        ),
        review_of=review_of,
        copy=copy,
        lazy=lazy,
        unit=unit,
        body_end=Markup(BODY_END),
        skills=task_skills(task),
        unit_title=unit_title,
        table=task_table(task, style),
        say=Markup(markdown_html(_text(task.say, lang))),
        goal=goal_sentence(task, lang),
        answers=_answers(task, style),
        hints=_hints(task, lang, style),
        right=_text(task.right, lang),
        wrong_say=_text(task.wrong, lang),
        wrong=wrong,
        words=_words(lang, "hint", "check", "retry", "next", "line", "practice-remove"),
        decided_by=translate("learn.decided-by", lang, rule="\0").split("\0", 1),  # around the link
        tip=None
        if task.tip is None
        else {
            "around": translate("learn.decided-by-tip", lang, tip="\0").split("\0", 1),
            "text": translate("learn.tip", lang, tip=task.tip),
            "href": tips_href and f"{tips_href}#tip-{task.tip}",  # the tip itself, chapter 10's anchor
        },
        data=_json(task_data(task)),
    )


def _words(lang: str, *keys: str) -> dict[str, str]:
    return {key.replace("-", "_"): translate(f"learn.{key}", lang) for key in keys}


def _json(value: object) -> Markup:
    """JSON in a ``<script>``: no "</" in it may close the element early."""
    return Markup(json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/"))


def course_html(
    units: Iterable[LearnUnit],
    lang: str = DEFAULT_LANGUAGE,
    *,
    style: TableStyle | None = None,
    rules_href: str | None = "rules-reference.html",
    include_assets: bool = True,
) -> Markup:
    """The whole Learn page in ``lang``: the units in order, every exercise one screen."""
    style = (style or TableStyle.of(lang)).speaking(lang)
    units = [unit for unit in units if unit.tasks]
    count = sum(len(unit.tasks) for unit in units)
    drawn, reviews, at = [], [], 0
    # chapter 10, beside the Rules reference (a page without links to it links no tip either)
    tips_href = None if rules_href is None else rules_href.replace("rules-reference.html", "10-strategy.html")
    draw = partial(task_html, style=style, count=count, rules_href=rules_href, tips_href=tips_href, lazy=True)
    for unit in units:
        title = _text(unit.title, lang)
        tasks, tasks_at = [], []
        for task in unit.tasks:
            at += 1
            tasks.append((task, draw(task, at=at, unit_title=title, unit=unit.id)))
            tasks_at.append((task, at, translate("learn.exercise", lang, at=at, count=count)))
            copies = (task.review, *task.copies) if task.review is not None else ()
            for number, copy in enumerate(copies):  # the progress panel opens one when the task is due for review
                into = unit.id if number == 0 else f"{unit.id}.copies"  # the others: a file of their own
                reviews.append(
                    draw(copy, at=at, unit_title=title, review_of=task.id, unit=into, copy=(number, len(copies)))
                )
        drawn.append({"unit": unit, "title": title, "tasks": tasks, "tasks_at": tasks_at})
    catalog = {
        "stars": {n: translate("learn.stars", lang, count=n) for n in (1, 2, 3)},
        "chosen": translate("learn.chosen", lang, answer="{answer}", verdict="{verdict}"),
        "right": translate("learn.right", lang),
        "wrong": translate("learn.wrong", lang),
        "all_done": translate("learn.all-done", lang),
        "removed": translate("learn.practice-removed", lang, moment="{moment}"),
        "from_reviews": translate("learn.from-reviews", lang),
        "practice_waiting": translate("learn.practice-waiting", lang),
        "practice_unreadable": translate("learn.practice-unreadable", lang),
        "practice_remove": translate("learn.practice-remove", lang),
        "unit_loading": translate("learn.unit-loading", lang),
        "unit_failed": translate("learn.unit-failed", lang),
        "retry": translate("learn.retry", lang),
    }
    return render(
        "course/page.html",
        lang=lang,
        tag=language_tag(lang),
        units=drawn,
        reviews=reviews,
        count=count,
        panel=progress_panel_html(lang),  # done out of total, Continue, review, export (course_progress.js)
        class_panel=student_panel_html(lang),  # a class assignment's hand-in (static/class/student.js)
        words=_words(lang, "intro", "class-mode", "units", "from-reviews", "needs-script"),
        mastery={key: translate(f"learn.mastery-{key}", lang) for key in _MASTERY_LABELS},
        mastery_words=_json(mastery_words(_page_skills(units), lang)),
        catalog=_json(catalog),
        css=Markup(COURSE_CSS + minify_css(PROGRESS_CSS)) if include_assets else "",
        js=Markup(COURSE_JS) if include_assets else "",
        progress_js=Markup(PROGRESS_JS),
    )


#: The mastery chart's own labels (its other words are course_mastery.mastery_words').
_MASTERY_LABELS = ("title", "intro", "none", "caption", "skill", "right", "hints", "wrong", "level", "practise")


def _page_skills(units: Sequence[LearnUnit]) -> set[str]:
    """Every rule and tip the page's exercises practise."""
    return {skill for unit in units for task in unit.tasks for skill in task_skills(task)}


def learn_units(course: Course, *, reviews: bool = True, lang: str | None = None) -> tuple[LearnUnit, ...]:
    """The course as the page draws it: each exercise's ``task:`` step judged by the engine on
    the table as it stands when the task comes (the replay's frame before that step), with its
    review copy unless ``reviews`` is false; with ``lang``, the seats named in that language."""
    named = partial(_named, lang=lang)
    return tuple(
        LearnUnit(
            id=unit.id,
            title=unit.title,
            chapter=unit.chapter,
            tasks=tuple(
                _with_review(learn_task(named(scenario)), scenario, named) if reviews else learn_task(named(scenario))
                for scenario in unit.exercises
            ),
        )
        for unit in course.units
    )


def _named(scenario: Scenario, lang: str | None) -> Scenario:
    return scenario if lang is None else named_in(scenario, lang)


def _with_review(task: LearnTask, scenario: Scenario, named: Callable[[Scenario], Scenario]) -> LearnTask:
    """The task with its review copies, built (scenario/review_rounds.py): permuted copies of the
    exercise as written, no two alike, the second a new position where the goal allows one, their
    seats then ``named`` as the page names them (each copy maps every name in every language and
    form first), seeded by the id so that every build draws the same ones, each shown under an id
    of its own (``ID-review``, ``ID-review-2``...)."""
    most = 1 if task.goal == "best-chance" else REVIEW_COPIES
    copies = built_copies(scenario, task.id, most)
    made = [
        replace(learn_task(named(copy)), id=f"{task.id}-review" + (f"-{number + 1}" if number else ""), rule=task.rule)
        for number, copy in enumerate(copies)
    ]
    return replace(task, review=made[0], copies=tuple(made[1:]))


def _said_before(says: Iterable[str | None]) -> str | None:
    """The author's words of an exercise up to its task, in each language: a ``say:`` on an
    earlier step sets the scene or asks the question, and the page shows the task's table only."""
    said: str | None = None
    for say in says:
        said = joined_say(said, say) if say else said
    return said


def learn_task(scenario: Scenario) -> LearnTask:
    """The exercise's task as the replay judged it, on the table as it stands then (with the
    trick just completed still on it, for a question about that trick), under every word its
    author wrote until then."""
    run = replay(scenario)
    at, frame = next((at, frame) for at, frame in enumerate(run.frames) if frame.task is not None)
    task = frame.task
    assert task is not None  # the frame found is the task's
    return LearnTask(
        id=task.id,
        state=frame.state,
        seat=seat_index(frame.state.players, task.seat),
        goal=str(task.goal),
        verdicts=frame.verdicts,
        last_trick=frame.last_trick,  # a question about the trick just played shows it (replay.Frame)
        say=_said_before([earlier.say for earlier in run.frames[: at + 1]]),
        hints=task.hints,
        right=task.right,
        wrong=task.wrong,
        choices=task.choices,
        tip=task.tip,
        rule=named_rule(task.hints),
    )


class LearnPage:
    """The Learn page of a book's chapter (book/learn.md): the course in ``folder`` (by default
    the library's ``course/``), shown in the reader's language (``LINGERLONGER_LANG``) as HTML."""

    def __init__(self, folder: str | Path | None = None, *, lang: str = DEFAULT_LANGUAGE) -> None:
        self.units = learn_units(read_course(folder), lang=lang)
        self.lang = lang

    def _repr_html_(self) -> str:
        return str(course_html(self.units, self.lang))


class LearnStart:
    """A link at the top of the Learn page to its exercise on screen: on a phone the page's
    introduction fills two screens above it, and the first exercise is one tap away."""

    def __init__(self, *, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang

    def _repr_html_(self) -> str:
        text = translate("learn.start", self.lang)
        return str(render("course/start_link.html", tag=language_tag(self.lang), text=text))


class ProgressPanel:
    """The course's progress panel for a page without the exercises (the landing page): done
    out of total and "Continue where you left off", which opens the Learn page at ``learn_href``."""

    def __init__(
        self, folder: str | Path | None = None, *, learn_href: str = "learn.html", lang: str = DEFAULT_LANGUAGE
    ) -> None:
        course = read_course(folder)
        self.order = [task.id for unit in course.units for task in unit.tasks]
        self.learn_href, self.lang = learn_href, lang

    def _repr_html_(self) -> str:
        return str(progress_panel_html(self.lang, order=self.order, learn_href=self.learn_href))
