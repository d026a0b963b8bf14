"""Practice that adapts (issue 41, section 5), on the built Russian Learn page: three wrong answers
on one rule make it a weak spot in the mastery table (``[data-ll-mastery]``, a row per rule and
tip: right first time, with hints, wrong, and the level in words); "Practise my weak spots"
(``[data-ll-action=practise-weak]``) then draws that rule's exercises, a review copy first, one
after the other (the exercise's own Next), until the rule is weak no more; the table says so.
axe-core finds nothing against WCAG 2.2 AA in the mastery section, light or dark."""

from __future__ import annotations

import pytest
from conftest import TASK_BODY, load_every_unit, record, wcag_violations

pytestmark = pytest.mark.browser

PAGE = "ru/book/learn.html"
#: What an exercise's script data holds, from its body (until it shows, in its inert template or
#: its unit's file: the fixture loads them all).
DATA = f"""task => JSON.parse(({TASK_BODY})(task).querySelector('script.ll-task-data').textContent)"""


@pytest.fixture
def learn(book_html, book_site, chromium):
    if not (book_html / PAGE).is_file():
        pytest.fail(f"{PAGE} was not built: the Learn page is in _toc.yml")
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    log = record(page)
    page.goto(book_site + PAGE, wait_until="load")
    page.wait_for_selector("[data-ll-learn].ll-learn-js")
    load_every_unit(page)
    yield page, log
    context.close()


def answers(page, task_id: str) -> tuple[list[str], list[str], str]:
    """The exercise's (right answers, wrong answers, the attribute its buttons carry them in)."""
    return page.evaluate(
        f"""id => {{
            const task = document.querySelector(`[data-ll-task="${{id}}"]`);
            const data = ({DATA})(task);
            const entries = Object.entries(data.verdicts);
            const attribute = {{card: 'data-ll-card', suit: 'data-ll-suit', seat: 'data-ll-seat', seats: 'data-ll-seat',
                                choice: 'data-ll-choice'}}[data.kind];
            return [entries.filter(([, v]) => v[0]).map(([a]) => a), entries.filter(([, v]) => !v[0]).map(([a]) => a),
                    attribute];
        }}""",
        task_id,
    )


def press(page, task_id: str, attribute: str, answer: str | list[str]) -> str:
    """Press ``answer`` in the exercise on screen (a set of seats: each, then Check); its verdict."""
    task = page.locator(f'[data-ll-task="{task_id}"]')
    for one in [answer] if isinstance(answer, str) else answer:
        task.locator(f'.ll-answers [{attribute}="{one}"]').click()
    if not isinstance(answer, str):
        task.locator("[data-ll-action=check]").click()
    page.wait_for_function("t => t.dataset.llVerdict", arg=task.element_handle())
    return task.get_attribute("data-ll-verdict")


def right_answer(page, task_id: str) -> tuple[str | list[str], str]:
    """An answer the engine says is right, and where its buttons carry it: for a set of seats
    (``seats``), every seat whose verdict is right."""
    right, _, attribute = answers(page, task_id)
    kind = page.locator(f'[data-ll-task="{task_id}"]').get_attribute("data-ll-kind")
    return (right if kind == "seats" else right[0]), attribute


#: The exercise on screen (the others are hidden).
SHOWN = "[...document.querySelectorAll('[data-ll-task]')].find(t => !t.hidden).dataset.llTask"
#: An exercise's skills, by its id.
SKILLS = f'id => ({DATA})(document.querySelector(`[data-ll-task="${{id}}"]`)).skills'


def shown(page) -> str:
    return page.evaluate(f"() => {SHOWN}")


def test_three_wrong_answers_on_a_rule_make_it_a_weak_spot_practised_until_it_rises(learn):
    page, log = learn
    # An exercise of the course on rule 9 answered with a card, a suit or a choice, with wrong answers.
    target = page.evaluate(
        f"""() => [...document.querySelectorAll('[data-ll-task]:not([data-ll-review-of])')].map(task => {{
            const data = ({DATA})(task);
            return [task.dataset.llTask, data];
          }}).filter(([, data]) => data.skills.includes('rule-9') && data.kind !== 'seats'
            && Object.values(data.verdicts).filter(v => !v[0]).length >= 1).map(([id]) => id)[0]"""
    )
    assert target, "no exercise on rule 9 with a wrong answer"
    page.evaluate("id => { location.hash = 'll-task-' + id; }", target)
    page.wait_for_function(f"id => {SHOWN} === id", arg=target)
    _, wrong, attribute = answers(page, target)
    for _ in range(3):
        assert press(page, target, attribute, wrong[0]) == "wrong"
        page.locator(f'[data-ll-task="{target}"] [data-ll-action=retry]').click()

    mastery = page.locator("[data-ll-mastery]")
    row = mastery.locator('tr[data-ll-skill="rule-9"]')
    row.wait_for(state="attached")
    assert row.get_attribute("data-ll-level") == "weak"
    assert [cell.inner_text() for cell in row.locator("td").all()][:3] == ["0", "0", "3"]
    assert row.locator("th").inner_text() == "Правило 9"
    assert "слабо" in row.inner_text()  # the level in words beside its bar

    start = mastery.locator("[data-ll-action=practise-weak]")
    start.click()
    status = mastery.locator("[data-ll-mastery-status]")
    assert status.inner_text().startswith("Тренируем правило 9:")
    drawn = []
    for _ in range(12):  # each exercise drawn is one on rule 9, answered right; Next draws the next
        now = shown(page)
        drawn.append(now)
        assert "rule-9" in page.evaluate(SKILLS, now)
        answer, attribute = right_answer(page, now)
        assert press(page, now, attribute, answer) == "right"
        if row.get_attribute("data-ll-level") != "weak":
            break
        page.locator(f'[data-ll-task="{now}"] [data-ll-action=next]').click()
        page.wait_for_function(f"id => {SHOWN} !== id", arg=now)
    assert row.get_attribute("data-ll-level") == "learning" and "уже лучше" in row.inner_text()
    assert len(set(drawn)) == len(drawn) == 3  # three right answers lift 0 of 3 to 3 of 6
    assert page.evaluate('id => !!document.querySelector(`[data-ll-task="${id}"]`).dataset.llReviewOf', drawn[0])
    page.locator(f'[data-ll-task="{drawn[-1]}"] [data-ll-action=next]').click()  # the practice ends, and says so
    page.wait_for_function("s => s.textContent.startsWith('Больше не слабое место')", arg=status.element_handle())
    assert start.inner_text() == "Потренировать слабые места"

    assert wcag_violations(page, within="[data-ll-mastery]") == []
    page.emulate_media(color_scheme="dark")
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    assert wcag_violations(page, within="[data-ll-mastery]") == []
    assert not log.page_errors and not log.console_errors
