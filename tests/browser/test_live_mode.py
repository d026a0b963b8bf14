"""Live mode on a chapter of the built book (`make book` first), with every off-site request
blocked: "Try it live" starts the engine in a Web Worker (Pyodide, served by the site), a
legal card plays a what-if branch, the coach answers, a new hand against the computer is
played to its end; then, the network cut, the page is reloaded and all of it works again
from the service worker's copy."""

from __future__ import annotations

import pytest

from conftest import LIVE_BOOT_MS, REPO, go_live, is_local, live_page, record, serve

pytestmark = pytest.mark.browser

CHAPTER = "book/06-last-card.html"
READY = "() => navigator.serviceWorker.ready.then(registration => registration.active.scriptURL)"


def try_everything(page, player) -> None:
    # A legal card of the seat to act, at a step where someone is to play.
    player.locator("[data-go=next]").click()
    card = player.locator(".ll-stage [data-ll-card]").first
    card.wait_for(state="visible", timeout=20_000)
    tried = card.get_attribute("data-ll-card")
    card.click()
    branch = player.locator("[data-ll-what-if]")
    branch.wait_for(state="visible", timeout=20_000)
    assert tried in branch.inner_text() or branch.locator(".ll-table").count() == 1
    player.locator(".ll-live-panel [data-ll-action=back]").click()
    player.locator("[data-ll-what-if]").wait_for(state="detached", timeout=20_000)

    player.locator("[data-ll-action=coach]").click()
    coach = player.locator(".ll-live-out .ll-coach")
    coach.wait_for(state="visible", timeout=30_000)
    assert "%" in coach.inner_text()

    player.locator("[data-ll-action=new-hand]").click()
    for _ in range(60):  # at most 52 cards: a hand ends long before
        player.locator(".ll-stage .ll-table").wait_for(state="visible", timeout=20_000)
        if player.locator(".ll-stage .ll-end").count():
            break
        button = player.locator(".ll-stage [data-ll-card]").first
        button.wait_for(state="visible", timeout=20_000)
        before = player.locator(".ll-stage").inner_html()
        button.click()
        page.wait_for_function("([el, old]) => el.innerHTML !== old",
                               arg=[player.locator(".ll-stage").element_handle(), before], timeout=20_000)
    assert player.locator(".ll-stage .ll-end").count() == 1


def test_live_mode_plays_what_if_coach_and_a_new_hand_online_and_offline(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context = chromium.new_context()
        context.route(lambda url: not is_local(url), lambda route: route.abort())
        page = context.new_page()
        log = record(page)
        page.goto(base + CHAPTER, wait_until="load")
        assert page.evaluate(READY).endswith("/sw.js")
        assert not [url for url in log.requests if "/_live/" in url], "live mode loaded before it was asked for"
        player = go_live(page)
        try_everything(page, player)
        page.screenshot(path=str(tmp_path / "live-online.png"))
        assert [url for url in log.requests if url.endswith("pyodide.asm.wasm")]
        log.assert_clean()

        context.set_offline(True)
        log = record(page)
        page.reload(wait_until="load")
        player = go_live(page)
        try_everything(page, player)
        page.screenshot(path=str(tmp_path / "live-offline.png"))
        log.assert_clean()
        context.close()


CHECKER = "book/check-a-scenario.html"


def test_a_readers_own_scenario_is_checked_in_the_browser_and_replayed(book_html, chromium, tmp_path):
    lesson = (REPO / "scenarios" / "03-follow-suit.yaml").read_text(encoding="utf-8")
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHECKER, viewport={"width": 360, "height": 740})
        form = page.locator("[data-ll-checker]")
        status = form.locator(".ll-checker-status")
        form.locator("textarea").fill("format: 1\ntitle: Mine\nplayers: [A, B\n")
        form.locator("[data-ll-action=check]").click()
        error = form.locator(".ll-checker-out .ll-failures")
        error.wait_for(state="visible", timeout=LIVE_BOOT_MS)
        assert "scenario.yaml:4:1" in error.inner_text()

        form.locator("input[type=file]").set_input_files(
            files=[{"name": "follow.yaml", "mimeType": "text/yaml", "buffer": lesson.encode()}])
        player = form.locator(".ll-checker-out .ll-replay")
        player.locator(".ll-counter").wait_for(state="visible", timeout=30_000)
        assert status.inner_text().startswith("Opened follow.yaml: 1 scenario")
        player.locator("[data-go=next]").click()
        assert player.locator(".ll-counter").inner_text().startswith("step 1 of")
        page.screenshot(path=str(tmp_path / "checker-phone.png"), full_page=True)
        log.assert_clean()
        context.close()
