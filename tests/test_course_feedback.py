"""No answer leaves the learner without a reason (issue 41, section 3): on the Learn page, every
wrong answer of every course exercise and of its review copy, in every language, shows the
sentence or the line that explains it and links the rule (or the tip) that decides it. For a
"who drew / who is out" task, a right seat left out is a wrong set too, and is explained."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from lingerlonger.scenario.course import read_course
from lingerlonger.views.course_page import LearnTask, answer_kind, course_html, learn_units
from lingerlonger.words.i18n import LANGUAGES

COURSE = Path(__file__).resolve().parents[1] / "scenarios" / "course"


@cache
def course_units():
    return learn_units(read_course(COURSE))


@cache
def page(lang: str) -> str:
    return str(course_html(course_units(), lang))


def every_task() -> list[LearnTask]:
    """Every exercise and its review copies."""
    return [
        shown for unit in course_units() for task in unit.tasks for shown in (task, task.review, *task.copies) if shown
    ]


def answers_to_explain(task: LearnTask) -> list[str]:
    """Each answer that can make a wrong verdict: a wrong one, and in a set of seats every seat
    (picked when it should not be, or left out when it should be)."""
    seats = answer_kind(task.goal, task.verdicts) == "seats"
    return [verdict.answer for verdict in task.verdicts if seats or not verdict.right]


@cache
def articles(html: str) -> dict[str, str]:
    """Each exercise's article by its id, read once (not searched for again at every answer)."""
    return {
        found.group(1): found.group(0)
        for found in re.finditer(r'<article[^>]*?data-ll-task="([^"]*)".*?</article>', html, re.S)
    }


def why(html: str, task_id: str, answer: str) -> str | None:
    article = articles(html).get(task_id)
    assert article, task_id
    found = re.search(
        rf'<template data-ll-why="{re.escape(answer)}">(.*?)</template>(?=<template data-ll-why|<script)', article, re.S
    )
    return found and found.group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_wrong_answer_says_why_and_links_its_rule(lang):
    html = page(lang)
    problems = []
    for task in every_task():
        for answer in answers_to_explain(task):
            shown = why(html, task.id, answer)
            if shown is None:
                problems.append(f"{task.id} {answer}: nothing below the verdict")
                continue
            said = re.search(r'<p class="ll-say">\s*\S', shown) or 'class="ll-line"' in shown
            linked = re.search(
                r'<p class="ll-rule[^"]*">[^<]*<a href="[^"]*#rule-\d+|<p class="ll-rule ll-tip">[^<]*<a ', shown
            )
            if not said:
                problems.append(f"{task.id} {answer}: no sentence and no line")
            if not linked:
                problems.append(f"{task.id} {answer}: no rule linked")
    assert not problems, f"{len(problems)}: " + "; ".join(problems)
