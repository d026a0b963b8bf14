"""Live mode's review of a finished hand, on a chapter of the built book (`make book` first): a
new hand played to its end, "Review" pressed, a progress bar with a name while the worker
reviews, then the panel with its moments, each with a verdict; axe-core finds nothing against
WCAG 2.2 AA in it; "Show this moment", pressed from the keyboard, opens the table there, where
another card is a what-if branch, whose end is reviewed too; "Practise this" keeps a moment as
the reader's own exercise, which the Learn page shows under "From your reviews" and judges."""

from __future__ import annotations

import json

import pytest
from conftest import LEGAL_CARD, deal_new_hand, go_live, live_page, play_live_hand, serve, wcag_violations
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CHAPTER = "book/06-last-card.html"
VERDICTS = {"good", "inaccuracy", "mistake", "unlucky", "close"}
#: Each progress bar added to the page while the review is computed, and its name (aria-labelledby).
WATCH_PROGRESS = """() => {
  window.llProgress = [];
  new MutationObserver(() => document.querySelectorAll('[data-ll-review-progress] progress').forEach(bar => {
    const name = document.getElementById(bar.getAttribute('aria-labelledby'));
    window.llProgress.push({name: name ? name.textContent : '', max: bar.max, value: bar.value});
  })).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def test_a_finished_hand_is_reviewed_with_a_progress_bar_and_its_moments_open_from_the_keyboard(book_html, chromium):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHAPTER)
        player = go_live(page)
        page.evaluate("window.llLiveKit.reviewDeals = 2")  # the steps matter here, not the numbers
        review = player.locator("[data-ll-action=review]")
        deal_new_hand(player)
        assert review.is_hidden()  # a hand in play has no review yet
        play_live_hand(player)
        review.wait_for(state="visible", timeout=20_000)

        page.evaluate(WATCH_PROGRESS)
        review.click()
        panel = player.locator("[data-ll-review]")
        panel.wait_for(state="visible", timeout=60_000)
        seen = page.evaluate("window.llProgress")
        assert seen and all(bar["name"].startswith("Reviewing the hand") for bar in seen), seen
        moments = panel.locator("[data-ll-moment]")
        assert moments.count() >= 1
        assert {moments.nth(i).get_attribute("data-ll-verdict") for i in range(moments.count())} <= VERDICTS
        assert page.evaluate("document.activeElement.hasAttribute('data-ll-review')")  # taken to the review
        panel.locator("details summary").first.click()  # what the numbers mean, open too
        assert wcag_violations(page, within=".ll-live-out") == []

        # "Practise this" (from the keyboard): the moment is kept as the reader's own exercise,
        # and where it went is written under the button; the Learn page shows it, below.
        practise = moments.last.locator("[data-ll-action=review-practise]")
        practise.focus()
        page.keyboard.press("Enter")
        kept = moments.last.locator(".ll-review-kept")
        kept.wait_for(state="visible", timeout=20_000)
        assert "“From your reviews”" in kept.inner_text() and practise.get_attribute("data-ll-kept") == "added"
        practise.press("Enter")  # once is enough
        page.wait_for_function("b => b.dataset.llKept === 'again'", arg=practise.element_handle(), timeout=20_000)
        assert page.evaluate("() => llPracticeQueue.list().length") == 1

        show = moments.first.locator("[data-ll-action=review-open]")
        played = moments.first.get_attribute("data-ll-played")
        show.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.classList.contains('ll-stage')", timeout=20_000)
        player.locator(".ll-stage " + LEGAL_CARD).first.wait_for(state="visible", timeout=20_000)
        assert player.locator(".ll-live-panel [data-ll-action=back]").is_visible()
        assert panel.is_visible()  # the review stays, for the next moment

        # Another card there: a what-if, played to its end, and reviewed in turn.
        player.locator(f".ll-stage {LEGAL_CARD}:not([data-ll-card='{played}'])").first.click()
        later = player.locator("[data-ll-what-if] [data-ll-action=branch-next]")
        later.wait_for(state="visible", timeout=20_000)
        while later.is_enabled():
            later.click()
        where = player.locator("[data-ll-what-if] .ll-branch-nav").inner_text()
        try:  # the branch's end: its hand is over, and Review comes back for it
            review.wait_for(state="visible", timeout=20_000)
        except PlaywrightTimeout:  # once, on a machine kept busy: say where the branch stood
            tried = player.locator("[data-ll-what-if] .ll-branch-frame").inner_text()[-300:]
            raise AssertionError(f"no Review at the branch's end ({where} {played=}): {tried}") from None
        review.click()
        player.locator("[data-ll-review] [data-ll-moment]").first.wait_for(state="visible", timeout=60_000)

        # The Learn page, in the same browser: "From your reviews" holds the moment practised, as
        # the seat saw it, judged by the page at once; the course's count is not changed by it.
        learn = context.new_page()
        learn.goto(f"{base}/book/learn.html")
        unit = learn.locator("[data-ll-practice-unit]")
        unit.wait_for(state="visible", timeout=20_000)
        assert unit.locator(".ll-unit-title").inner_text() == "From your reviews"
        count = learn.locator("[data-ll-progress-count]").inner_text()
        unit.get_by_role("link").click()
        task = learn.locator("[data-ll-practice]")
        # kept as data, drawn by the worker with the course's template when it first shows
        task.locator(".ll-answers").wait_for(state="visible", timeout=60_000)
        assert learn.evaluate("document.activeElement.matches('[data-ll-practice] .ll-task-title')")
        # as the seat saw it: the others' cards face down, unless the others held none then (each
        # had played its last card to the trick before the seat's turn)
        others_holding = task.locator(".ll-felt > [role=group]:not(:has(.ll-turn)) .ll-hand > *").count()
        assert task.is_visible() and (task.locator(".ll-backs").count() >= 1 or others_holding == 0)
        verdicts = json.loads(task.locator("script.ll-task-data").text_content())["verdicts"]
        right = next(answer for answer, (ok, _) in verdicts.items() if ok)
        task.locator(f"[data-ll-choice='{right}']").press("Enter")
        assert task.get_attribute("data-ll-verdict") == "right" and task.locator("[data-ll-stars]").is_visible()
        assert learn.locator("[data-ll-progress-count]").inner_text() == count
        assert wcag_violations(learn, within="[data-ll-learn]") == []

        # The reader takes it away again, from the keyboard; "Start again from zero" empties the
        # queue too (the exercise put back first).
        kept = learn.evaluate("localStorage.getItem('ll-course-progress')")
        assert "<" not in json.dumps(json.loads(kept)["data"]["own"])  # data, never markup
        moment = task.locator(".ll-task-unit").inner_text().strip(" ·")
        task.locator("[data-ll-action=practice-remove]").press("Enter")
        assert task.count() == 0 and unit.is_hidden()
        assert learn.evaluate("window.llPracticeQueue.list().length") == 0
        said = learn.locator("[data-ll-learn] [data-ll-live]")
        expect(said).to_have_text(f"Removed from your exercises: {moment}.")
        assert learn.evaluate("document.activeElement.matches('.ll-task:not([hidden]) .ll-task-title')")
        shown = learn.locator(".ll-task:not([hidden])")  # where the course stands, not a review's copy
        assert shown.get_attribute("data-ll-review-of") is None and shown.get_attribute("data-ll-practice") is None
        learn.evaluate("kept => localStorage.setItem('ll-course-progress', kept)", kept)
        learn.reload()
        unit.wait_for(state="visible")
        learn.locator("[data-ll-action=reset]").click()
        learn.locator("[data-ll-action=reset-yes]").click()
        assert task.count() == 0 and unit.is_hidden()
        assert learn.evaluate("window.llPracticeQueue.list().length") == 0
        log.assert_clean()
        context.close()
