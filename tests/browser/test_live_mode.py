"""Live mode on a chapter of the built book (`make book` first), with every off-site request
blocked: "Try it live" starts the engine in a Web Worker (Pyodide, served by the site, from the
build's snapshot of a started interpreter), a legal card plays a what-if branch, a refused one
says its rule, the coach answers, a new hand against the computer is played to its end; then,
the network cut, the page is reloaded and all of it works again from the service worker's copy.
A card pressed while the engine is still starting is answered at once, on a phone's CPU."""

from __future__ import annotations

import pytest
from conftest import (
    LEGAL_CARD,
    LIVE_BOOT_MS,
    REPO,
    deal_new_hand,
    go_live,
    is_local,
    live_page,
    open_what_if,
    play_live_hand,
    record,
    serve,
)

pytestmark = pytest.mark.browser

CHAPTER = "book/06-last-card.html"
READY = "() => navigator.serviceWorker.ready.then(registration => registration.active.scriptURL)"


def try_everything(page, player) -> None:
    # A legal card of the seat to act, at a step where someone is to play.
    player.locator("[data-go=next]").click()
    tried = open_what_if(player)
    branch = player.locator("[data-ll-what-if]")
    branch.wait_for(state="visible", timeout=20_000)
    assert tried in branch.inner_text() or branch.locator(".ll-table").count() == 1
    player.locator(".ll-live-panel [data-ll-action=back]").click()
    player.locator("[data-ll-what-if]").wait_for(state="detached", timeout=20_000)

    player.locator("[data-ll-action=coach]").click()
    coach = player.locator(".ll-live-out .ll-coach")
    coach.wait_for(state="visible", timeout=30_000)
    assert "%" in coach.inner_text()

    deal_new_hand(player)
    play_live_hand(player)
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
        # The first start restored the interpreter the build made (book/_ext/live_snapshot.mjs).
        assert page.evaluate("window.llLiveKit.boot") == "snapshot"
        assert [url for url in log.requests if url.endswith("/_live/interpreter.gz")]
        try_everything(page, player)
        page.screenshot(path=str(tmp_path / "live-online.png"))
        assert [url for url in log.requests if url.endswith("pyodide.asm.wasm")]
        log.assert_clean()

        context.set_offline(True)
        log = record(page)
        page.reload(wait_until="load")
        # Its files kept, the interpreter starts when the page is idle, before any press (warm start).
        page.wait_for_function("() => window.llLiveKit.started()", timeout=10_000)
        player = go_live(page)
        try_everything(page, player)
        page.screenshot(path=str(tmp_path / "live-offline.png"))
        log.assert_clean()
        context.close()


TRICKS = "book/04-tricks.html"  # its first replay: at step 2, Bruno (Боря on the Russian page) must follow diamonds
VERDICT = "[data-ll-verdict]"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def a_refused_card(player, engine: bool):
    """Next, step by step, to one where the seat to play holds a card the rules refuse; its
    button (with ``engine``, once the engine's own frame has replaced the book's)."""
    for _ in range(12):
        if engine:
            player.locator(".ll-stage .ll-live-quiz-box").wait_for(state="attached", timeout=20_000)
        refused = player.locator(".ll-stage button[data-ll-why]")
        if refused.count():
            return refused.first
        player.locator("[data-go=next]").click()
    raise AssertionError("no step where a card is refused")


def lifted(card) -> bool:
    return card.locator(".ll-card").evaluate("face => getComputedStyle(face).transform") != "none"


#: Where the live player's table and step counters are, and what covers the screen's top.
SEEN = """root => {
  const header = document.querySelector('.bd-header-article, .bd-header');
  const covered = header ? header.getBoundingClientRect().bottom : 0;
  const table = root.querySelector('.ll-stage .ll-table').getBoundingClientRect();
  const counters = [...root.querySelectorAll('.ll-counter, .ll-branch-nav')].filter(el => el.getClientRects().length)
    .map(el => el.getBoundingClientRect().top);
  return {covered, top: table.top, bottom: table.bottom, height: innerHeight, counters};
}"""


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("pt", {"width": 1280, "height": 720}), ("ru", {"width": 360, "height": 740})],
    ids=["pt-1280x720", "ru-360x740"],
)
def test_live_mode_starts_where_the_reader_is_and_a_what_if_shows_one_counter(book_html, chromium, lang, viewport):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, f"{lang}/{TRICKS}", viewport=viewport)
        player = page.locator(".ll-replay").first
        player.scroll_into_view_if_needed()
        player.locator(".ll-stage .ll-table").scroll_into_view_if_needed()
        player = go_live(page)
        seen = player.evaluate(SEEN)
        assert seen["covered"] - 1 <= seen["top"] < seen["height"] / 2, f"the table left the screen: {seen}"
        player.locator("[data-go=next]").click()
        open_what_if(player)
        seen = player.evaluate(SEEN)
        assert len(seen["counters"]) == 1, f"{len(seen['counters'])} step counters on screen"
        assert seen["counters"][0] >= seen["covered"] - 1, f"the what-if's counter is under the header: {seen}"
        log.assert_clean()
        context.close()


def test_live_mode_marks_the_legal_cards_and_a_refused_one_says_its_rule_in_russian(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, "ru/" + TRICKS, viewport={"width": 1280, "height": 720})
        player = go_live(page)
        refused = a_refused_card(player, engine=True)
        legal = player.locator(".ll-stage " + LEGAL_CARD)
        # a card button is named by its face (a picture named in words)
        names = legal.evaluate_all(
            "cards => cards.map(card => card.querySelector('.ll-card').getAttribute('aria-label'))"
        )
        assert names and all(name.endswith(", можно сыграть") for name in names)
        assert lifted(legal.first) and not lifted(refused)
        assert "можно сыграть" not in refused.locator(".ll-card").get_attribute("aria-label")
        table, words = player.locator(".ll-stage .ll-table"), player.locator(".ll-stage .ll-words")
        counter = player.locator(".ll-counter")
        before, step = (table.inner_html(), words.inner_html()), counter.inner_text()
        refused.click()
        verdict = player.locator(VERDICT)
        verdict.wait_for(state="visible", timeout=5_000)
        assert verdict.inner_text().startswith("нужно дать масть (♦): Боря держит")
        box, bar = verdict.bounding_box(), player.locator(".ll-controls").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], "the answer is under the step bar"
        page.wait_for_timeout(500)  # nothing else comes: no branch, the same step
        assert (table.inner_html(), words.inner_html()) == before and counter.inner_text() == step
        assert not player.locator("[data-ll-what-if]").count()
        page.screenshot(path=str(tmp_path / "live-refused-ru.png"))
        log.assert_clean()
        context.close()


def test_a_pressed_card_is_answered_at_once_while_the_engine_is_still_starting(book_html, chromium, tmp_path):
    """On a phone's CPU (a quarter of this one's), with the worker held back: a refused card
    says its rule, a legal one that it will be played, both before the engine is there (from
    what the frame carries; bench/live.py times it against a second); once the engine is up,
    the legal card pressed is played."""
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, TRICKS, service_workers="block", **PHONE)
        held = []
        context.route("**/_live/live-worker.js", lambda route: held.append(route))
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        player = page.locator(".ll-replay").first
        player.scroll_into_view_if_needed()
        player.locator("[data-ll-action=live]").tap()
        verdict = player.locator(VERDICT)
        refused = a_refused_card(player, engine=False)
        refused.tap()
        verdict.wait_for(state="visible", timeout=5_000)
        assert verdict.inner_text().startswith("Bruno must follow ♦: holds 3♦, K♦")
        legal = player.locator(".ll-stage " + LEGAL_CARD).first
        card = legal.get_attribute("data-ll-card")
        legal.tap()
        page.wait_for_function(
            "([box, card]) => box.textContent.startsWith(card + ' may be played')",
            arg=[verdict.element_handle(), card],
            timeout=5_000,
        )
        box, bar = verdict.bounding_box(), player.locator(".ll-controls").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], "the answer is under the step bar"
        page.screenshot(path=str(tmp_path / "live-waiting-phone.png"))
        assert held and player.get_attribute("data-ll-live") == "starting"  # the engine was not there
        for route in held:
            route.continue_()
        page.wait_for_selector(".ll-replay[data-ll-live=ready]", timeout=LIVE_BOOT_MS)
        # the card pressed while waiting, played: a what-if, or the lesson's own card stepped on to
        page.wait_for_function(
            "root => root.querySelector('[data-ll-what-if]') || !root.querySelector('[data-go=back]').disabled",
            arg=player.element_handle(),
            timeout=20_000,
        )
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
            files=[{"name": "follow.yaml", "mimeType": "text/yaml", "buffer": lesson.encode()}]
        )
        player = form.locator(".ll-checker-out .ll-replay")
        player.locator(".ll-counter").wait_for(state="visible", timeout=30_000)
        assert status.inner_text().startswith("Opened follow.yaml: 1 scenario")
        player.locator("[data-go=next]").click()
        assert player.locator(".ll-counter").inner_text().startswith("step 1 of")
        page.screenshot(path=str(tmp_path / "checker-phone.png"), full_page=True)
        log.assert_clean()
        context.close()


def test_a_stopped_worker_loses_no_lesson_and_says_a_lost_hand_in_the_readers_words(book_html, chromium):
    """live-checker.js stops a check that runs past 20 s with its worker (``llLiveKit.restart``, as then):
    the next press on the lesson opens it again in the new worker and is answered; a hand against
    the computer, which cannot be rebuilt, is said to be lost. Never "live-failed"."""
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHAPTER)
        player = go_live(page)
        status = player.locator(".ll-live-status")
        player.locator("[data-go=next]").click()
        player.locator(".ll-stage .ll-live-quiz-box").wait_for(state="attached", timeout=20_000)  # the engine's frame

        page.evaluate("window.llLiveKit.restart()")
        open_what_if(player)  # a what-if on the lost lesson
        player.locator(".ll-live-panel [data-ll-action=back]").click()
        player.locator("[data-ll-what-if]").wait_for(state="detached", timeout=20_000)

        page.evaluate("window.llLiveKit.restart()")
        player.locator("[data-go=next]").click()  # the engine's frame of the next step
        page.wait_for_function(
            "el => el.querySelector('.ll-live-quiz-box') !== null",
            arg=player.locator(".ll-stage").element_handle(),
            timeout=LIVE_BOOT_MS,
        )
        player.locator("[data-ll-action=coach]").click()
        player.locator(".ll-live-out .ll-coach").wait_for(state="visible", timeout=30_000)

        deal_new_hand(player)
        player.locator(".ll-stage " + LEGAL_CARD).first.wait_for(state="visible", timeout=20_000)
        page.evaluate("window.llLiveKit.restart()")
        player.locator(".ll-stage " + LEGAL_CARD).first.click()
        out = player.locator(".ll-live-out")
        page.wait_for_function(
            "el => el.textContent.includes('restarted')", arg=out.element_handle(), timeout=LIVE_BOOT_MS
        )
        assert "the hand shown here was lost" in out.inner_text()
        assert "could not start" not in status.inner_text() and not status.get_attribute("data-error")
        log.assert_clean()
        context.close()
