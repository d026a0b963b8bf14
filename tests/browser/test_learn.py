"""The Learn page of the built Russian book on a phone (360×740), issue 25 parts 1, 3 and 6 and
issue 27's keyboard and screen-reader rules: a wrong card, its line on the table, its rule
linked, Retry; then the right card, its verdict at once (from the page: no interpreter), and
stars; the whole page within the site's weight budget (bench/site.py: 350 KB gzip a page).

The hooks outside checks use (the page's root ``[data-ll-learn]``):
- an exercise is ``[data-ll-task="ID"]``, its answer kind in ``data-ll-kind``, the rules and tips
  it practises in ``data-ll-skills``; until it first shows, all but its title waits in its
  ``template[data-ll-task-body]`` (not in the document), which for every unit after the first is
  empty and names its unit's file (``data-ll-src``, a script registering ``llTaskBodies[ID]``),
  loaded when one of the unit's exercises is first drawn (``.ll-task-loading`` meanwhile; if it
  cannot load, a message and ``[data-ll-action="unit-retry"]``);
- its answers are buttons: ``[data-ll-card="Q♥"]`` (every card of the seat's hand, the ones not
  allowed too), ``[data-ll-suit="♠"]`` (name-trump), ``[data-ll-seat="Ana"]`` (who won the trick;
  for who went out or drew, toggles with ``aria-pressed`` and ``[data-ll-action="check"]``),
  ``[data-ll-choice="0"]`` (a choice, by its index);
- after an answer the exercise carries ``data-ll-verdict="right"|"wrong"``; a wrong one offers
  ``[data-ll-action="retry"]``; a done exercise carries ``data-ll-state="done"`` and shows
  ``[data-ll-stars]``; ``[data-ll-progress]`` (the progress panel) reads "done of total";
- an exercise's review copy (suits and seats permuted) is ``[data-ll-task="ID-review"]`` with
  ``data-ll-review-of="ID"``: not in the course's list, its solve recorded for ID; its other
  copies are ``ID-review-2``, ``ID-review-3`` (one of them, where the goal allows, a new deal for
  the same rule), each with ``data-ll-copy`` (from 0) and ``data-ll-copies``: a review draws the
  first one not seen yet; once every one is seen, a review on the served site has live mode's
  worker make a fresh copy, whose body takes the place of the copy's, which then carries
  ``data-ll-round`` (its round, from 0).
The progress kept over a reload, export and import: tests/browser/test_course_progress.py.
"""

from __future__ import annotations

import json
import re
import sys
from datetime import datetime
from importlib.util import module_from_spec, spec_from_file_location
from urllib.parse import unquote, urlsplit

import pytest
from conftest import AXE, REPO, TASK_BODY, blocking_violations, load_every_unit, record

from lingerlonger.views.table_html import TEXT_STYLE
from lingerlonger.words.i18n import translate

pytestmark = pytest.mark.browser

PAGE = "ru/book/learn.html"
PHONE = {"viewport": {"width": 360, "height": 740}}
#: The site's page-weight check (bench/site.py): each file at its gzip size, and the budget.
site_bench = module_from_spec(spec := spec_from_file_location("site_bench", REPO / "bench" / "site.py"))
sys.path.insert(0, str(REPO / "bench"))  # its own imports (local_server)
spec.loader.exec_module(site_bench)
BUDGET = site_bench.BUDGET


@pytest.fixture
def learn(book_html, book_site, chromium):
    if not (book_html / PAGE).is_file():
        pytest.fail(f"{PAGE} was not built: the Learn page is in _toc.yml")
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    log = record(page)
    page.goto(book_site + PAGE, wait_until="load")
    yield page, log
    context.close()


#: An exercise's body, where it is (in the page once shown, until then in its inert template or
#: its unit's file: load_every_unit first).
BODY = TASK_BODY


def first_card_task_with_a_line(page) -> tuple[str, str, str]:
    """The first exercise answered with a card in which a card allowed loses: (id, a wrong card
    that the engine refutes with a line, a right card)."""
    load_every_unit(page)
    found = page.evaluate(
        f"""() => {{
            const body = {BODY};
            const tasks = document.querySelectorAll('[data-ll-task][data-ll-kind=card]:not([data-ll-review-of])');
            for (const task of tasks) {{
                const part = body(task);
                const verdicts = JSON.parse(part.querySelector('script.ll-task-data').textContent).verdicts;
                const answers = Object.entries(verdicts);
                const refuted = answers.filter(([card, [ok]]) => !ok && part.querySelector(
                    `template[data-ll-why="${{card}}"]`).content.querySelector('template[data-ll-line-frame]'));
                const right = answers.filter(([, [ok]]) => ok);
                if (refuted.length && right.length) return [task.dataset.llTask, refuted[0][0], right[0][0]];
            }}
            return null;
        }}"""
    )
    if found is None:
        pytest.fail("no exercise with a wrong card that the engine refutes")
    return tuple(found)


def test_a_wrong_card_then_the_right_one_then_stars_in_russian_on_a_phone(learn):
    page, log = learn
    root = page.locator("[data-ll-learn]")
    assert root.get_attribute("lang") == "ru"
    total = page.locator("[data-ll-task]:not([data-ll-review-of])").count()  # a review copy counts for its task
    assert total >= 40
    progress = page.locator("[data-ll-progress]")
    assert progress.inner_text().strip() == translate("progress.count", "ru", done=0, total=total)
    # the progress card holds its file box at 360 px
    boxes = page.evaluate("""() => [...document.querySelectorAll('.ll-progress-import input[type=file]')].map(input => {
        const card = input.closest('.ll-progress-import').parentElement.getBoundingClientRect();
        return [input.getBoundingClientRect().right, card.right, innerWidth]; })""")
    assert boxes and all(right <= min(card, width) + 1 for right, card, width in boxes), boxes
    task_id, wrong, right = first_card_task_with_a_line(page)
    page.locator(f'[data-ll-goto="{task_id}"]').click()
    task = page.locator(f'[data-ll-task="{task_id}"]')
    assert task.is_visible() and page.locator("[data-ll-task]:visible").count() == 1  # one screen

    # a wrong card: the verdict at once, the line played on the table, the rule linked, Retry focused
    card = task.locator(f'button[data-ll-card="{wrong}"]')
    name = card.locator("[role=img]").get_attribute("aria-label")  # the button's name: its face's, in words
    assert re.fullmatch(r"[а-яё0-9 ]+", name), name  # "дама червей": words, in Russian
    box = card.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    card.click()
    task.and_(page.locator("[data-ll-verdict=wrong]")).wait_for(timeout=10_000)  # given in the tap: below
    feedback = task.locator("[data-ll-feedback]")
    assert translate("learn.wrong", "ru") in feedback.inner_text()
    link = feedback.locator(".ll-rule a")
    assert re.fullmatch(r"rules-reference\.html#rule-\d+", link.get_attribute("href"))
    assert link.inner_text().startswith("правило ")
    stage = feedback.locator(".ll-line-stage .ll-table")
    stage.wait_for()
    page.wait_for_function(  # the line plays out, a table a step, to the end of the refutation
        """([id, card]) => {
            const task = document.querySelector(`[data-ll-task="${id}"]`);
            const why = task.querySelector(`template[data-ll-why="${card}"]`).content;
            const frames = why.querySelectorAll('template[data-ll-line-frame]');
            const last = frames[frames.length - 1];
            return task.querySelector('.ll-line-stage').innerHTML === last.innerHTML;
        }""",
        arg=[task_id, wrong],
        timeout=20_000,
    )
    assert page.evaluate("document.activeElement.dataset.llAction") == "retry"
    live = page.locator("[data-ll-live]")
    page.wait_for_function("document.querySelector('[data-ll-live]').textContent.length > 0")
    assert name in live.inner_text() and "правило" in live.inner_text()

    page.add_script_tag(path=str(AXE))  # the answered state, its line and feedback shown, is accessible too
    axe = page.evaluate("() => axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']})")
    assert blocking_violations(axe) == []

    # Retry, from the keyboard: focus back on the card tried, the feedback gone
    page.keyboard.press("Enter")
    assert task.get_attribute("data-ll-verdict") is None and not feedback.is_visible()
    assert page.evaluate("document.activeElement.dataset.llCard") == wrong

    # the right card: done, two stars (one mistake), the progress counts it
    task.locator(f'button[data-ll-card="{right}"]').click()
    assert task.get_attribute("data-ll-verdict") == "right"
    assert task.get_attribute("data-ll-state") == "done"
    stars = task.locator("[data-ll-stars]")
    assert stars.is_visible() and stars.get_attribute("aria-label") == translate("learn.stars", "ru", count=2)
    assert stars.inner_text() == "★★☆"
    echo = task.locator(".ll-verdict-stars")  # in sight with the verdict
    box = echo.bounding_box()
    assert echo.inner_text() == "★★☆" and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
    assert progress.inner_text().strip() == translate("progress.count", "ru", done=1, total=total)
    log.assert_clean()


def test_the_first_verdict_is_given_by_the_page_in_the_tap_itself(learn):
    """Why the first verdict is quick (bench/learn.py times it against 300 ms): every answer's
    verdict ships in the page, so the tap's own handler gives it, before the click returns,
    with no request and no interpreter waited for."""
    page, _ = learn
    task_id = page.locator("[data-ll-task]:visible").get_attribute("data-ll-task")
    page.locator(f'[data-ll-task="{task_id}"] .ll-answers button').first.focus()
    requests = []
    page.on("request", lambda request: requests.append(request))
    verdict = page.evaluate(
        """(id) => {
            const task = document.querySelector(`[data-ll-task="${id}"]`);
            task.querySelector('.ll-answers button').click();
            return task.dataset.llVerdict;  // read in the same task as the click
        }""",
        task_id,
    )
    assert verdict in {"right", "wrong"}
    assert requests == [], [request.url for request in requests]


def test_every_answer_is_a_named_button_and_the_page_stays_within_its_weight(book_html, learn):
    page, _ = learn
    page.locator("[data-ll-task]:visible .ll-answers").first.wait_for()  # the exercise on screen, drawn
    fetched = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    files = {book_html / PAGE} | {
        book_html / unquote(urlsplit(url).path).lstrip("/") for url in fetched if urlsplit(url).hostname == "127.0.0.1"
    }
    weight = sum(site_bench.transferred(path) for path in files if path.is_file())
    assert weight <= BUDGET, f"{weight / 1000:.0f} KB gzip"  # what the page loads before any interaction
    load_every_unit(page)
    answers, unnamed = page.evaluate(
        f"""() => {{
            const body = {BODY};
            const answers = [...document.querySelectorAll('[data-ll-task]')]
                .flatMap(task => [...body(task).querySelectorAll('.ll-answers > *')]);
            return [answers.length, answers
                .filter(el => el.tagName !== 'BUTTON' || !(el.getAttribute('aria-label') || el.textContent.trim()))
                .map(el => el.outerHTML.slice(0, 80))];
        }}"""
    )
    assert answers > 100 and unnamed == []  # every exercise's, drawn or not yet
    assert TEXT_STYLE  # the suits in buttons are drawn as text, not emoji (table_html)


def test_class_mode_shows_the_task_large_and_counts_no_stars(learn):
    page, log = learn
    page.locator("[data-ll-class-mode]").check()
    task = page.locator("[data-ll-task]:visible")
    assert "ll-large" in task.locator(".ll-table").first.get_attribute("class")
    verdicts = json.loads(task.locator("script.ll-task-data").text_content())
    right = next(answer for answer, (ok, _) in verdicts["verdicts"].items() if ok)
    if verdicts["kind"] == "seats":
        pytest.skip("the first exercise is answered by several seats")
    hook = {"card": "data-ll-card", "suit": "data-ll-suit", "seat": "data-ll-seat", "choice": "data-ll-choice"}
    task.locator(f'.ll-answers [{hook[verdicts["kind"]]}="{right}"]').click()
    assert task.get_attribute("data-ll-verdict") == "right"
    assert task.get_attribute("data-ll-state") is None and not task.locator("[data-ll-stars]").is_visible()
    log.assert_clean()


def test_only_the_exercise_on_screen_is_drawn_and_class_mode_reaches_the_next(learn):
    """A hundred exercises and review copies wait in inert templates (12,000 elements to style
    on a phone, drawn all at once before): one is drawn when it first shows, large in class mode."""
    page, log = learn
    drawn = "() => document.querySelectorAll('[data-ll-task] .ll-answers').length"
    waiting = page.locator("[data-ll-task] > template[data-ll-task-body]").count()
    assert page.evaluate(drawn) == 1 and waiting >= 80
    assert page.evaluate("document.getElementsByTagName('*').length") < 3000
    shown = page.locator("[data-ll-task]:visible").get_attribute("data-ll-task")
    other = next(
        link.get_attribute("data-ll-goto")
        for link in page.locator("[data-ll-goto]").all()
        if link.get_attribute("data-ll-goto") != shown
    )
    page.locator("[data-ll-class-mode]").check()  # the units' list is put away: the address leads
    page.evaluate("id => { location.hash = 'll-task-' + id; }", other)
    task = page.locator(f'[data-ll-task="{other}"]')
    task.locator(".ll-answers").wait_for()  # drawn (its unit's file loaded first, where it is in one)
    assert page.evaluate(drawn) == 2
    assert "ll-large" in task.locator(".ll-table").first.get_attribute("class")
    assert page.evaluate("document.activeElement.classList.contains('ll-task-title')")
    log.assert_clean()


def test_without_script_the_page_says_the_exercises_need_it(book_html, book_site, chromium):
    context = chromium.new_context(java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(book_site + PAGE, wait_until="load")
    note = page.locator("[data-ll-learn] .ll-learn-needs-script")
    assert note.is_visible() and note.inner_text() == translate("learn.needs-script", "ru")
    assert page.locator(".ll-answers").count() == 0 and page.locator(".ll-task:visible").count() == 0
    assert page.locator(".ll-learn-units").is_visible()  # the course's outline
    context.close()


def practice_lesson(lang: str) -> tuple[str, str, str]:
    """A "Practise this" exercise as the worker gives it to the page: (id, moment, lesson text)."""
    import random

    from lingerlonger.game.rules import Rules
    from lingerlonger.game.seat_view import view
    from lingerlonger.session import HandModel
    from lingerlonger.views.live_mode import hand_review

    hand = HandModel.deal(Rules(), players=3, you=0, name="Ana", opponents="tips", lang=lang, rng=random.Random(2))
    hand = hand.computers_play()
    while not hand.state.is_over:
        hand = hand.play(hand.state.play(f"Ana {view(hand.state, 0).legal[0]}")).computers_play()
    job = hand_review.of_hand(hand, lang, deals=4, seed=1)
    while not job.finished:
        job = hand_review.advance(job)
    return hand_review.practice_lesson(job, job.moments[-1].step, lang)


#: What anything on the site could write into the reader's store: markup in every text field.
RAN = "window.llRan = (window.llRan || 0) + 1"
HOSTILE = (
    f'<img src="no-such.png" onerror="{RAN}"><a class="ll-tampered" href="javascript:{RAN}">x</a>'
    f'<svg><a class="ll-tampered"><set attributeName="href" to="javascript:{RAN}"/><text y="9">y</text></a></svg>'
    f'<div style="position:fixed;inset:0"><a class="ll-tampered" href="javascript:{RAN}">z</a></div>'
)
#: A name of the reader's own exercise, as short as one is kept (course_progress.js: 200 characters).
HOSTILE_NAME = f'<img src="no-such.png" onerror="{RAN}">'


def test_the_readers_own_exercises_are_data_and_markup_in_them_is_only_text(learn):
    """Issue 39: the reader's own exercises are kept as data (the scenario's text, its name), with
    the progress, and drawn by live mode's worker with the course's own template; markup in any
    of their texts (the author's words, the name, a lesson that is no scenario) is shown as text
    and runs nothing, loads nothing. The exercises of the old store, kept as markup, are dropped
    unread. They survive a reload, and travel in the progress file."""
    page, _ = learn
    task_id, moment, lesson = practice_lesson("ru")
    say = re.search(r"^  say:\n    ru: .*$", lesson, re.M)
    assert say, lesson[-600:]
    hostile = lesson.replace(say[0], "  say:\n    ru: " + json.dumps("Ход: " + HOSTILE, ensure_ascii=False))
    old = {"id": "review-0123abcd-9", "lang": "ru", "html": f'<article onmouseover="{RAN}">', "day": 20000}
    page.evaluate("old => localStorage.setItem('ll-practice', JSON.stringify({v: 1, items: [old]}))", old)
    kept = page.evaluate(
        """([id, moment, lesson, hostile, markup]) => {
            const store = llCourseProgress.open({order: []});
            return [store.keepOwn({id, lang: 'ru', moment, lesson: hostile, day: 20000}),
                    store.keepOwn({id: 'review-0123abcd-2', lang: 'ru', moment: 'Взятка 1: ' + markup[1],
                                   lesson: markup[0], day: 20001})];
        }""",
        [task_id, moment, lesson, hostile, [HOSTILE, HOSTILE_NAME]],
    )
    assert kept == ["added", "added"]
    page.reload(wait_until="load")
    assert page.evaluate("localStorage.getItem('ll-practice')") is None, "the old markup is dropped unread"
    links = page.locator("[data-ll-practice-unit] [data-ll-goto]")
    assert links.count() == 2 and links.nth(1).get_attribute("aria-label") == "2: Взятка 1: " + HOSTILE_NAME

    links.first.click()
    task = page.locator(f'[data-ll-task="{task_id}"]')
    task.locator(".ll-answers").wait_for(state="visible", timeout=60_000)  # drawn by the worker
    assert "Ход: " + HOSTILE in task.locator(".ll-say").first.inner_text()
    for drawn in (task, page.locator('[data-ll-task="review-0123abcd-2"]')):
        assert drawn.locator("img, svg set, [style], .ll-tampered, iframe").count() == 0
    task.hover()
    verdicts = json.loads(task.locator("script.ll-task-data").text_content())["verdicts"]
    right = next(answer for answer, (ok, _) in verdicts.items() if ok)
    task.locator(f"[data-ll-choice='{right}']").click()
    assert task.get_attribute("data-ll-verdict") == "right"

    links.nth(1).click()  # a lesson that is no scenario: said so, shown as text, removable
    other = page.locator('[data-ll-task="review-0123abcd-2"]')
    unreadable = translate("learn.practice-unreadable", "ru")
    other.get_by_text(unreadable).wait_for(timeout=60_000)
    assert HOSTILE_NAME in other.locator(".ll-task-unit").inner_text()
    page.wait_for_timeout(300)
    assert page.evaluate("window.llRan") is None
    other.locator("[data-ll-action=practice-remove]").click()
    assert other.count() == 0 and links.count() == 1

    # with the progress: a reload keeps it, the file carries it (reset, then the file loaded)
    page.reload(wait_until="load")
    assert links.count() == 1
    file = page.evaluate("() => llCourseProgress.open({order: []}).exportText()")
    page.evaluate("() => llCourseProgress.open({order: []}).reset()")
    assert page.evaluate("() => llPracticeQueue.list().length") == 0
    assert page.evaluate("file => llCourseProgress.open({order: []}).importText(file)", file) == 1  # its solve
    assert page.evaluate("() => llPracticeQueue.list().map(item => item.id)") == [task_id]
    assert page.evaluate("window.llRan") is None


def test_on_a_phone_the_exercise_is_one_tap_from_the_top_of_the_page(learn):
    page, log = learn
    start = page.locator(".ll-learn-start a")
    box = start.bounding_box()
    assert box and box["y"] + box["height"] <= 740 and box["height"] >= 24, f"no way to the exercise in sight: {box}"
    assert start.inner_text() == translate("learn.start", "ru")
    start.click()
    page.wait_for_function(
        "() => { const t = document.querySelector('[data-ll-task]:not([hidden])');"
        " const r = t.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }"
    )
    log.assert_clean()


def test_a_seat_left_out_and_a_wrong_choice_each_say_why_and_link_the_rule(learn):
    """Issue 41: "who drew / who is out" checked with a right seat left out said "see why below"
    over nothing, and a wrong choice linked no rule."""
    page, log = learn
    load_every_unit(page)
    seats_id, choice_id, wrong_choice = page.evaluate(
        f"""() => {{
            const body = {BODY};
            const data = task => JSON.parse(body(task).querySelector('script.ll-task-data').textContent);
            const own = [...document.querySelectorAll('[data-ll-task]:not([data-ll-review-of])')];
            const seats = own.find(task => data(task).kind === 'seats');
            const choice = own.find(task => data(task).kind === 'choice');
            const wrong = Object.entries(data(choice).verdicts).find(([, [ok]]) => !ok)[0];
            return [seats.dataset.llTask, choice.dataset.llTask, wrong];
        }}"""
    )
    for task_id, answer in ((seats_id, "[data-ll-action=check]"), (choice_id, f'[data-ll-choice="{wrong_choice}"]')):
        page.locator(f'[data-ll-goto="{task_id}"]').click()
        task = page.locator(f'[data-ll-task="{task_id}"]')
        task.locator(answer).click()  # a set of seats checked with none picked: every right one left out
        task.and_(page.locator("[data-ll-verdict=wrong]")).wait_for(timeout=10_000)
        feedback = task.locator("[data-ll-feedback]")
        assert feedback.locator(".ll-feedback-more .ll-say").inner_text().strip(), task_id
        link = feedback.locator(".ll-rule a")
        assert re.fullmatch(r"rules-reference\.html#rule-\d+", link.get_attribute("href")), task_id
        assert page.evaluate("document.activeElement.dataset.llAction") == "retry"
    log.assert_clean()


#: The exercises whose bodies wait in their unit's file: [task id, the file's address], in order.
IN_UNIT_FILES = """() => [...document.querySelectorAll('[data-ll-task]:not([data-ll-review-of])')]
    .map(task => [task.dataset.llTask, task.querySelector(':scope > template[data-ll-task-body]')])
    .filter(([, body]) => body && body.dataset.llSrc).map(([id, body]) => [id, body.dataset.llSrc])"""


def test_a_units_exercises_are_drawn_once_its_file_loads_served_and_opened_as_a_file(book_html, book_site, chromium):
    """Issue 47: the page carries the first unit's exercises; each other unit's come in a file of
    their own (a script, so that the site opened from a USB stick works too), loaded when one of
    them is first drawn: by a tap on its number served, by the address opened as a file."""
    for base, by_address in ((book_site, False), (book_html.as_uri() + "/", True)):
        context = chromium.new_context(**PHONE)
        page = context.new_page()
        log = record(page)
        page.goto(base + PAGE, wait_until="load")
        waiting = page.evaluate(IN_UNIT_FILES)
        assert len({src for _, src in waiting}) >= 5 and page.evaluate("window.llTaskBodies") is None
        (task_id, src), (same_unit, _) = waiting[0], next(pair for pair in waiting[1:] if pair[1] == waiting[0][1])
        if by_address:
            page.goto(base + PAGE + "#ll-task-" + task_id, wait_until="load")
        else:
            page.locator(f'[data-ll-goto="{task_id}"]').click()
        task = page.locator(f'[data-ll-task="{task_id}"]')
        task.locator(".ll-answers button").first.wait_for()
        assert task.is_visible() and task.locator(".ll-task-loading").count() == 0
        assert page.evaluate("document.activeElement !== document.body")
        loaded = [url for url in log.requests if "/_static/learn/" in url]
        assert [url.rsplit("/", 1)[1] for url in loaded] == [src.rsplit("/", 1)[1]], loaded
        page.evaluate("id => { location.hash = 'll-task-' + id; }", same_unit)  # its unit's file: loaded once
        page.locator(f'[data-ll-task="{same_unit}"] .ll-answers button').first.wait_for()
        assert len([url for url in log.requests if "/_static/learn/" in url]) == 1
        log.assert_clean()
        context.close()


def test_a_unit_file_that_cannot_load_says_so_and_retry_draws_its_exercise(book_site, chromium):
    context = chromium.new_context(service_workers="block", **PHONE)  # the offline worker would answer first
    page = context.new_page()
    log = record(page)
    page.route("**/_static/learn/*.js", lambda route: route.abort())
    page.goto(book_site + PAGE, wait_until="load")
    task_id, _ = page.evaluate(IN_UNIT_FILES)[0]
    page.locator(f'[data-ll-goto="{task_id}"]').click()
    task = page.locator(f'[data-ll-task="{task_id}"]')
    retry = task.locator(".ll-task-loading [data-ll-action=unit-retry]")
    retry.wait_for()
    assert task.locator(".ll-task-title").is_visible() and task.locator(".ll-answers").count() == 0
    assert translate("learn.unit-failed", "ru") in task.locator(".ll-task-loading").inner_text()
    assert retry.inner_text() == translate("learn.retry", "ru")
    page.wait_for_function(
        "text => document.querySelector('[data-ll-live]').textContent === text",
        arg=translate("learn.unit-failed", "ru"),
    )
    page.unroute("**/_static/learn/*.js")
    retry.focus()
    page.keyboard.press("Enter")
    task.locator(".ll-answers button").first.wait_for()
    assert task.locator(".ll-task-loading").count() == 0
    assert page.evaluate("document.activeElement.classList.contains('ll-task-title')")  # not <body>
    assert log.page_errors == [] and log.external_requests() == []
    context.close()


def test_a_unit_file_failing_leaves_another_units_exercise_waiting_for_its_own(book_site, chromium):
    """The reader moves on from an exercise whose unit's file is slow to one of another unit: the
    first file failing then says nothing over the second exercise, which is drawn when its own comes."""
    context = chromium.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    log = record(page)
    held = {}
    page.route("**/_static/learn/*.js", lambda route: held.__setitem__(route.request.url.rsplit("/", 1)[1], route))
    page.goto(book_site + PAGE, wait_until="load")
    by_file: dict[str, str] = {}  # a unit's file -> its first exercise
    for task_id, src in page.evaluate(IN_UNIT_FILES):
        by_file.setdefault(src.rsplit("/", 1)[1], task_id)
    (first_file, first), (second_file, second) = list(by_file.items())[:2]
    for task_id, name in ((first, first_file), (second, second_file)):
        page.locator(f'[data-ll-goto="{task_id}"]').click()
        while name not in held:  # its request, held by the route (its handler runs as Playwright waits)
            page.wait_for_timeout(20)
    loading = page.locator(f'[data-ll-task="{second}"] .ll-task-loading')
    assert loading.inner_text() == translate("learn.unit-loading", "ru")
    held[first_file].abort()
    page.wait_for_function("name => ![...document.scripts].some(script => script.src.endsWith(name))", arg=first_file)
    assert loading.inner_text() == translate("learn.unit-loading", "ru")  # not the other file's failure
    held[second_file].continue_()
    page.locator(f'[data-ll-task="{second}"] .ll-answers button').first.wait_for()
    assert log.page_errors == []
    context.close()


#: The answer buttons of a drawn exercise, by answer (a set of seats is toggled, then checked: not here).
ANSWER = ", ".join(f'.ll-answers [data-ll-{kind}="{{0}}"]' for kind in ("card", "suit", "choice", "seat"))


def answer(page, task_id: str, right: bool) -> None:
    """Taps a right (or a wrong) answer of the drawn exercise ``task_id`` and waits for its verdict."""
    task = page.locator(f'[data-ll-task="{task_id}"]')
    task.locator(".ll-answers button").first.wait_for()
    verdicts = json.loads(task.locator("script.ll-task-data").text_content())["verdicts"]
    chosen = next(key for key, (good, _) in verdicts.items() if good is right)
    task.locator(ANSWER.format(chosen)).first.click()
    page.locator(f'[data-ll-task="{task_id}"][data-ll-verdict={"right" if right else "wrong"}]').wait_for()


def test_each_review_of_an_exercise_shows_another_copy_and_the_fourth_a_fresh_one(book_site, chromium):
    """Issue 41: each review is a new copy. Solved with a mistake, an exercise comes back the next
    day as a copy; solved there, it comes back days later as another copy (other suits, seats and
    names), drawn from its unit's copies file, which nothing loads before, then as the third; the
    choice is data in the progress store (each record's copies seen), kept over the reloads. The
    fourth review, every built copy seen, is a fresh copy that live mode's worker makes for round 0
    (the record's f), none of the three."""
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    log = record(page)
    page.clock.install(time=datetime(2026, 12, 1, 10, 0))
    page.goto(book_site + PAGE, wait_until="load")
    task_id = page.evaluate(
        """() => [...document.querySelectorAll('[data-ll-review-of][data-ll-copy="2"]')]
           .map(copy => copy.dataset.llReviewOf)
           .find(id => ['card', 'suit', 'seat', 'choice'].includes(document.querySelector(
             '[data-ll-task="' + CSS.escape(id) + '"]').dataset.llKind))"""
    )
    page.locator(f'[data-ll-goto="{task_id}"]').click()
    answer(page, task_id, right=False)
    page.locator(f'[data-ll-task="{task_id}"] [data-ll-action=retry]').click()
    answer(page, task_id, right=True)
    shown = []
    # box 0: the next day; then 3, 7 and 14 days on
    for day in (
        datetime(2026, 12, 2, 9, 0),
        datetime(2026, 12, 5, 9, 0),
        datetime(2026, 12, 12, 9),
        datetime(2026, 12, 26, 9),
    ):
        page.clock.set_system_time(day)
        page.reload(wait_until="load")
        page.locator("[data-ll-action=review]").click()
        copy_id = page.evaluate("() => document.activeElement.closest('[data-ll-task]').dataset.llTask")
        copy = page.locator(f'[data-ll-task="{copy_id}"]')
        assert copy.get_attribute("data-ll-review-of") == task_id and copy.is_visible()
        if len(shown) == 3:  # drawn by the worker: its first start takes seconds
            page.locator(f'[data-ll-task="{copy_id}"][data-ll-round="0"] .ll-answers').wait_for(timeout=60_000)
        answer(page, copy_id, right=True)
        shown.append((copy_id, copy.locator(".ll-task-table").inner_text(), copy.locator(".ll-answers").inner_text()))
        assert page.evaluate("document.activeElement !== document.body")
    ids = [copy_id for copy_id, *_ in shown]
    assert ids[:3] == [f"{task_id}-review", f"{task_id}-review-2", f"{task_id}-review-3"]
    drawn = [tuple(seen) for _, *seen in shown]
    assert len(set(drawn[:3])) == 3  # another deal each time, not the same one again
    assert drawn[3] not in drawn[:3]  # the fourth: none of the three
    copies = [url for url in log.requests if "_copies." in url]
    assert len(copies) == 2, copies  # the copies file: loaded only for the reviews that drew from it
    kept = page.evaluate("id => JSON.parse(localStorage.getItem('ll-course-progress')).data.tasks[id]", task_id)
    assert kept["f"] == 1  # round 0's fresh copy solved: the next review draws round 1's
    log.assert_clean()
    context.close()
