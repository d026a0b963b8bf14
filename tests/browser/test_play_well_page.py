"""The "Play well" path on the built Learn page, on a phone (390×844), issue 41: its units carry
``data-ll-unit``, a strategy exercise ``data-ll-kind="win-hand"`` or ``"best-chance"``; a wrong
best-chance card shows every answer's chance side by side and a deal played both ways, links its
tip of chapter 10, keeps the focus on Retry, and the page stays accessible."""

from __future__ import annotations

import json

import pytest
from conftest import AXE, blocking_violations, record

pytestmark = pytest.mark.browser

PAGE = "book/learn.html"
PATH_UNITS = ("well-clock", "well-trumps", "well-throw", "well-read")


@pytest.fixture(scope="module")
def learn(book_html, book_site, chromium):
    if not (book_html / PAGE).is_file():
        pytest.fail(f"{PAGE} was not built: the Learn page is in _toc.yml")
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    record(page)
    page.goto(book_site + PAGE, wait_until="load")
    yield page
    context.close()


def test_the_paths_units_and_strategy_exercises_carry_their_hooks(learn):
    page = learn
    units = page.eval_on_selector_all("[data-ll-unit]", "items => items.map(item => item.dataset.llUnit)")
    assert [unit for unit in units if unit in PATH_UNITS] == list(PATH_UNITS)
    assert units.index("tips") < units.index(PATH_UNITS[0])  # after the rules course
    kinds = page.eval_on_selector_all(
        "[data-ll-task]:not([data-ll-review-of])", "tasks => tasks.map(task => task.dataset.llKind)"
    )
    assert kinds.count("win-hand") >= 15 and kinds.count("best-chance") >= 7


def test_a_wrong_best_chance_card_shows_the_chances_a_deal_and_its_tip(learn):
    page = learn
    path_task = '[data-ll-task^="well-"][data-ll-kind="best-chance"]'  # its answers are cards
    task_id = page.eval_on_selector(path_task, "task => task.dataset.llTask")
    page.locator(f'[data-ll-goto="{task_id}"]').click()
    task = page.locator(f'[data-ll-task="{task_id}"]')
    task.locator(".ll-answers button").first.wait_for()
    verdicts = json.loads(task.locator("script.ll-task-data").text_content())["verdicts"]
    wrong = next(answer for answer, (right, _) in verdicts.items() if not right)
    task.locator(f'.ll-answers [data-ll-card="{wrong}"]').click()
    task.and_(page.locator("[data-ll-verdict=wrong]")).wait_for(timeout=10_000)
    chances = task.locator("[data-ll-chances]")
    rows = chances.locator("ul").first.locator("li")
    assert rows.count() >= 3  # every legal card's chance, side by side
    assert chances.locator(".ll-line").count() == 2  # the deal, the learner's card then the best one
    chances.locator(".ll-line-stage .ll-table").first.wait_for()
    assert task.locator('.ll-tip a[href^="10-strategy.html#tip-"]').is_visible()
    assert page.evaluate("document.activeElement.dataset.llAction") == "retry"  # not <body>
    page.add_script_tag(path=str(AXE))
    axe = page.evaluate("() => axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']})")
    assert blocking_violations(axe) == []
