"""The Learn page's builder (views/course_page.py, issue 25 parts 1, 3 and 6): every answer a
button with its name in the reader's language, every verdict shipped in the page, a wrong
card's refutation drawn on the table with its rule linked to the Rules reference, the hooks
outside checks use. The page in a browser: tests/browser/test_learn.py."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from learn_fixture import units

from lingerlonger.scenario.course import Course, read_course
from lingerlonger.views.course_page import REVIEW_COPIES, answer_kind, course_html, learn_units
from lingerlonger.words.i18n import LANGUAGES, translate


def page(lang: str = "en") -> str:
    return str(course_html(units(), lang))


def task_of(html: str, task_id: str) -> str:
    return re.search(rf'<article[^>]*data-ll-task="{task_id}".*?</article>', html, re.S).group(0)


def shipped(html: str, task_id: str) -> dict:
    data = re.search(r'<script type="application/json" class="ll-task-data">(.*?)</script>', task_of(html, task_id))
    return json.loads(data.group(1))


def test_every_exercise_is_a_screen_with_the_root_and_task_hooks():
    html = page()
    assert re.match(r"<section [^>]*\bdata-ll-learn\b", html) and html.count("data-ll-learn ") == 1
    ids = re.findall(r'<article[^>]*data-ll-task="([^"]+)"', html)
    assert ids == [task.id for unit in units() for task in unit.tasks]
    # course_progress.js's panel says "done out of total" (and offers Continue) from what the browser keeps
    assert html.count("data-ll-progress ") == 1 and html.count('data-ll-action="continue"') == 1


def test_every_possible_answer_is_a_button_and_its_verdict_is_in_the_page():
    html = page()
    for unit in units():
        for task in unit.tasks:
            data = shipped(html, task.id)
            assert data["kind"] == answer_kind(task.goal)
            assert data["verdicts"] == {v.answer: [v.right, v.rule] for v in task.verdicts}
    follow = task_of(html, "follow-1")
    # every card of the seat's hand, the ones not allowed too, as the table draws the hand
    assert re.findall(r'<button[^>]*data-ll-card="([^"]+)"', follow) == ["Q♠", "3♣", "2♥"]


@pytest.mark.parametrize(
    ("lang", "name"),
    [("en", "queen of spades"), ("pt", "dama de espadas"), ("es", "reina de picas"), ("ru", "дама пик")],
)
def test_a_card_button_is_named_in_the_readers_language(lang, name):
    """By its face, a picture named in words: an aria-label on the button would name it otherwise
    than its face reads, "Q♠" (WCAG 2.5.3, axe's label-content-name-mismatch)."""
    button = re.search(r'<button[^>]*data-ll-card="Q♠"[^>]*>(.*?)</button>', task_of(page(lang), "follow-1"))
    assert button and "aria-label" not in button[0].split(">", 1)[0]
    assert re.match(rf'<span class="[^"]*" role="img" aria-label="{name}"', button[1])


def test_the_other_answer_kinds_have_their_hooks():
    html = page()
    # a seat: [data-ll-seat]; several seats: toggles [aria-pressed] and a [data-ll-action=check];
    # a choice: [data-ll-choice] (its index); a suit: [data-ll-suit] (name-trump, not in this course)
    assert re.findall(r'data-ll-seat="(\w+)">', task_of(html, "winner-1")) == ["Ana", "Bruno", "Carla"]
    drawn = task_of(html, "drawn-1")
    assert drawn.count('aria-pressed="false"') == 3 and 'data-ll-action="check"' in drawn
    assert re.findall(r'data-ll-choice="(\d)">(\w+)<', task_of(html, "choice-1")) == [("0", "yes"), ("1", "no")]


def test_a_wrong_card_carries_its_refutation_and_its_rule_linked():
    wrong = task_of(page("ru"), "win-1")
    why = re.search(r'<template data-ll-why="3♦">(.*?)</template><template data-ll-why', wrong, re.S).group(1)
    assert '<a href="rules-reference.html#rule-9">правило 9</a>' in why
    frames = re.findall(r"<template data-ll-line-frame>(.*?)</template>", why, re.S)
    assert len(frames) == 2 and all('class="ll-table' in frame for frame in frames)
    assert "Ana берёт взятку" in frames[-1]  # the engine's narration, in the reader's language
    illegal = re.search(r'<template data-ll-why="K♠">(.*?)</template>', wrong, re.S).group(1)
    assert "#rule-8" in illegal and "data-ll-line-frame" not in illegal
    assert 'data-ll-action="retry"' in wrong and 'data-ll-why="9♦"' not in wrong


def test_hints_are_at_most_three_and_end_with_the_answer():
    hints = re.findall(r"<li hidden>(.*?)</li>", task_of(page(), "follow-1"))
    assert hints == ["Look at the led suit.", "Rule 8 of the Rules reference decides it.", "The answer: 3 of clubs."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_speaks_one_language(lang):
    html = page(lang)
    assert f'lang="{ {"pt": "pt-PT"}.get(lang, lang) }"' in html
    words = json.loads(re.search(r'class="ll-learn-words">(.*?)</script>', html).group(1))
    assert set(words["stars"]) == {"1", "2", "3"} and "{answer}" in words["chosen"]
    shown = re.sub(r"<script.*?</script>", "", html, flags=re.S)
    if lang != "en":
        assert not [key for key in ("hint", "retry", "check", "class-mode") if translate(f"learn.{key}", "en") in shown]


def test_an_authors_text_is_escaped():
    [unit, *_] = units()
    from dataclasses import replace

    hostile = replace(unit.tasks[0], say="<img src=x onerror=alert(1)>", hints=("<b>hint</b>",))
    html = str(course_html([replace(unit, tasks=(hostile,), title="<i>unit</i>")], "en"))
    assert "<img" not in html and "<b>hint" not in html and "<i>unit" not in html
    assert "&lt;b&gt;hint&lt;/b&gt;" in html


def test_an_exercise_shows_what_its_author_wrote_before_its_task():
    """A ``say:`` on a step before the task sets the scene or asks the question (unit 1's tie
    at the cut: the cards cut, then "Who deals?"); the Learn page showed the task step's own
    ``say:`` only, and such exercises read "Pick the right answer." under a bare table (issue
    44's native reading of pt: 47 exercises, in every language)."""
    course = read_course()
    first_and_sixth = replace(course, units=(course.units[0], course.units[5]))  # their files only: quick
    learned = {task.id: task for unit in learn_units(first_and_sixth, reviews=False) for task in unit.tasks}
    tie = learned["deal-cut-tie"]
    assert "Ana shows the 7♠" in tie.say and "Ana mostra o 7♠" in tie.say.in_("pt")
    six = learned["deal-six-next-dealer"]
    assert "Six players sit" in six.say and "Quem dá a mão seguinte?" in six.say.in_("pt")
    worked = learned["last-worked-winner"]  # four steps' words, in their order, in each language
    said = worked.say.in_("pt")
    assert said.index("A sai com o K♣.") < said.index("B assiste com o 3♣.") < said.index("D assiste com o A♣")
    [first, _] = learn_units(first_and_sixth, reviews=False)
    assert "Five players cut for the first deal" in task_of(str(course_html([first], "en")), "deal-cut-tie")


def test_the_course_is_drawn_with_a_review_copy_of_every_exercise():
    # the book's course: each task judged where the replay stops for it, and its review (the same
    # idea, suits and seats permuted: scenario/review_copy.py) drawn under an id of its own
    learned = learn_units(read_course())
    tasks = [task for unit in learned for task in unit.tasks]
    assert len(tasks) >= 40 and all(
        (task.verdicts and any(v.right for v in task.verdicts)) or task.goal in ("out", "drawn") for task in tasks
    )
    assert all(task.review is not None and task.review.id == f"{task.id}-review" for task in tasks)
    html = str(course_html(learned, "ru"))
    reviews = re.findall(r'<article[^>]*data-ll-task="([^"]+)"[^>]*data-ll-review-of="([^"]+)"', html)
    copies = [(copy.id, task.id) for task in tasks for copy in (task.review, *task.copies)]
    assert reviews == copies
    assert len(re.findall(r"<a [^>]*data-ll-goto=", html)) == len(tasks)  # the course's list: no review in it


def test_each_review_draws_another_copy_and_the_other_copies_wait_in_a_file_of_their_own():
    """Issue 41: a review copy was one copy made at build time, the same at every review. Each
    exercise now has REVIEW_COPIES, no two alike; the first one's body goes where it went (its
    unit's), the others' to a file per unit, loaded only when a review draws one."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_ext"))
    from site_assets import lazy_task_bodies

    course = read_course()
    course = Course(course.units[2:4])  # two units of the rules course: cards, seats
    learned = learn_units(course, lang="ru")
    tasks = [task for unit in learned for task in unit.tasks]
    for task in tasks:
        copies = [task.review, *task.copies]
        assert [copy.id for copy in copies] == [f"{task.id}-review"] + [
            f"{task.id}-review-{n}" for n in range(2, REVIEW_COPIES + 1)
        ]
        tables = {(copy.state.players, copy.state.trump, copy.state.hands) for copy in copies}
        assert len(tables) == REVIEW_COPIES, task.id  # another deal at each review
    html = str(course_html(learned, "ru", include_assets=False))
    shells = re.findall(r'<article[^>]*data-ll-review-of="([^"]+)" data-ll-copy="(\d)" data-ll-copies="(\d)"', html)
    assert shells == [(task.id, str(n), str(REVIEW_COPIES)) for task in tasks for n in range(REVIEW_COPIES)]
    files: dict[str, str] = {}
    page = lazy_task_bodies(html, "ru", files.__setitem__, lambda name: name)
    first, second = (unit.id for unit in course.units)
    assert sorted(name.split(".")[0] for name in files) == sorted(
        [f"learn/ru-{second}", f"learn/ru-{first}_copies", f"learn/ru-{second}_copies"]
    )
    for task in tasks:  # the extra copies' shells stay in the page, their bodies wait in a copies file
        for n in range(2, REVIEW_COPIES + 1):
            shell = re.search(rf'data-ll-task="{task.id}-review-{n}".*?</article>', page, re.S)
            assert shell and re.search(r'data-ll-src="learn/ru-[\w-]+_copies\.\w+\.js"', shell[0]), task.id


# ---- mastery (issue 41, section 5) ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_exercise_says_which_rules_and_tips_it_practises_and_the_page_holds_the_mastery_table(lang):
    from lingerlonger.views.course_mastery import skills_of

    html = page(lang)
    for unit in units():
        for task in unit.tasks:
            assert shipped(html, task.id)["skills"] == skills_of(task.id, task.verdicts)
    section = re.search(r"<section[^>]*data-ll-mastery.*?</section>", html, re.S).group(0)
    assert f">{translate('learn.mastery-practise', lang)}</button>" in section
    assert 'data-ll-action="practise-weak"' in section and "<table hidden>" in section
    assert 'tabindex="0" role="region" aria-labelledby="ll-mastery-caption"' in section  # scrolled by keyboard too
    words = json.loads(re.search(r'class="ll-mastery-words">(.*?)</script>', section, re.S).group(1))
    assert set(words["levels"]) == {"weak", "learning", "strong"} and words["lang"] == lang
    assert {f"tip-{n}" for n in range(1, 7)} <= set(words["skills"])  # the reader's own exercises practise tips
    assert all(
        skill in words["skills"]
        for unit in units()
        for task in unit.tasks
        for skill in shipped(html, task.id)["skills"]
    )


def test_a_strategy_exercise_practises_the_tip_its_id_names_and_the_rule_that_decides_it():
    from lingerlonger.computer.task_judge import Verdict
    from lingerlonger.views.course_mastery import skills_of

    assert skills_of("tip-count-stock", [Verdict("2♣", True, 20)]) == ["rule-20", "tip-1"]
    assert skills_of("tip-discard-weak", []) == ["tip-4"]
    assert skills_of("deal-who", [Verdict("Ana", True, None)]) == []
    assert skills_of("follow", [Verdict("A♠", False, 8), Verdict("2♠", False, 9), Verdict("3♥", True, 12)]) == [
        "rule-12"
    ]
