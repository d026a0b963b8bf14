"""Save as lesson and share by link, in a browser: the app's play tab and the book's live
mode give a file that ``lingerlonger check`` passes and that plays the hand played; a
shared link opens the same replay on the checker page; a corrupt one says so."""

from __future__ import annotations

import re

import pytest
from conftest import (
    LEGAL_CARD,
    LIVE_BOOT_MS,
    REPO,
    deal_new_hand,
    go_live,
    live_page,
    open_what_if,
    play_app_hand,
    plays_of,
    saved_lesson,
    serve,
)

from lingerlonger.scenario import load
from lingerlonger.scenario.replay import replay
from lingerlonger.words.i18n import translate

pytestmark = pytest.mark.browser


def test_save_a_hand_played_in_the_app(voila_app, browser_page, tmp_path):
    page, log = browser_page
    hand, mine = play_app_hand(page, voila_app)
    end = hand.locator(".ll-end")
    lesson, _ = saved_lesson(page, hand.locator(".ll-save-lesson"), tmp_path)
    assert plays_of(lesson, lesson.players[0]) == mine
    # The banner names the winner, or says "You win" when it is you (seat 0).
    said = end.inner_text()
    assert lesson.result is not None
    assert (
        "You win" in said
        if lesson.result.winner == lesson.players[0]
        else lesson.result.winner in said.replace(" ", "_")
    )
    assert sum(step.kind == "expect" for step in lesson.steps) >= 1
    log.assert_clean()


# --- live mode and shared links, on the built book --------------------------------------

CHAPTER = "book/06-last-card.html"
CHECKER = "book/check-a-scenario.html"


def shown_replay(page):
    """The checker's replay of a lesson: its title and its last step's number."""
    player = page.locator(".ll-checker-out .ll-replay")
    player.locator(".ll-counter").wait_for(state="visible", timeout=LIVE_BOOT_MS)
    last = int(re.search(r"of (\d+)", player.locator(".ll-counter").inner_text())[1])
    return player.locator(".ll-replay-title").inner_text(), last


def test_save_and_share_a_new_hand_in_live_mode(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHAPTER)
        player = go_live(page)
        save = player.locator("[data-ll-action=save-lesson]")
        assert save.is_hidden()  # only for a hand or a what-if branch

        deal_new_hand(player)
        stage, mine = player.locator(".ll-stage"), []
        stage.locator(".ll-turn-note").wait_for(timeout=20_000)  # the hand is dealt
        for _ in range(4):
            button = stage.locator(LEGAL_CARD).first
            button.wait_for(state="visible", timeout=20_000)
            mine.append(button.get_attribute("data-ll-card"))
            button.click()
            # The engine's answer: the card pressed is no longer one to play. (A wait for any change
            # of the stage's markup once ended before it: the same card was read again.)
            page.wait_for_function(
                "([el, card, legal]) => ![...el.querySelectorAll(legal)].some(b => b.dataset.llCard === card)",
                arg=[stage.element_handle(), mine[-1], LEGAL_CARD],
                timeout=20_000,
            )
            if stage.locator(".ll-end").count():
                break
        lesson, path = saved_lesson(page, save, tmp_path)
        assert plays_of(lesson, lesson.players[0]) == mine
        run = replay(lesson)

        player.locator("[data-ll-action=share]").click()
        field = player.locator("[data-ll-share-link]")
        field.wait_for(state="visible", timeout=20_000)
        link = field.input_value()
        assert link.startswith(base + CHECKER + "#lesson=")
        log.assert_clean()
        context.close()

        # The link in a fresh page: the same lesson, checked and replayed.
        context, page, log = live_page(chromium, base, link[len(base) :])
        title, last = shown_replay(page)
        assert title == lesson.title and last == len(run.frames) - 1
        assert page.locator("[data-ll-checker] textarea").input_value() == path.read_text(encoding="utf-8")
        log.assert_clean()
        context.close()


def test_a_what_if_branch_saves_in_live_mode(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHAPTER)
        player = go_live(page)
        player.locator("[data-go=next]").click()
        tried = open_what_if(player, last=True)
        lesson, _ = saved_lesson(page, player.locator("[data-ll-action=save-lesson]"), tmp_path)
        assert tried in [str(step.card) for step in lesson.steps if step.kind == "play"]
        log.assert_clean()
        context.close()


@pytest.mark.parametrize("fragment", ["#lesson=not*base64", "#lesson=AAAAAAAA", "#lesson=" + "A" * 70_000])
def test_a_corrupt_or_too_long_link_says_so(book_html, chromium, fragment):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHECKER + fragment)
        status = page.locator("[data-ll-checker] .ll-checker-status")
        wanted = "too long" if len(fragment) > 70_000 else "does not hold a lesson"
        page.wait_for_function(
            "([el, word]) => el.textContent.includes(word)", arg=[status.element_handle(), wanted], timeout=20_000
        )
        assert page.locator(".ll-checker-out").inner_html() == ""
        log.assert_clean()
        context.close()


def shared_link(chromium, base, checker, text):
    """The link the checker page at ``checker`` shares for ``text`` typed in its box."""
    context, page, _ = live_page(chromium, base, checker)
    form = page.locator("[data-ll-checker]")
    form.locator("textarea").fill(text)
    form.locator("[data-ll-action=share]").click()
    field = form.locator("[data-ll-share-link]")
    field.wait_for(state="visible", timeout=20_000)
    link = field.input_value()
    context.close()
    return link


def test_the_checker_shares_what_is_in_its_box(book_html, chromium):
    text = (REPO / "scenarios" / "03-follow-suit.yaml").read_text(encoding="utf-8")
    with serve(book_html) as base:
        link = shared_link(chromium, base, CHECKER, text)
        context, page, log = live_page(chromium, base, link[len(base) :])
        title, last = shown_replay(page)
        [lesson] = load(REPO / "scenarios" / "03-follow-suit.yaml")
        assert title == lesson.title and last == len(replay(lesson).frames) - 1
        log.assert_clean()
        context.close()


#: A lesson written in Russian alone: it says so (lang: ru).
RUSSIAN_ONLY = """format: 1
title: Последняя карта
lang: ru
rules: equal-hands
players: [Саша, Аня, Боря]
dealer: Боря
hands: {Саша: [7♦, K♣], Аня: [Q♠, 3♣], Боря: [2♥]}
stock: [5♠, A♣, 9♦]
trump: ♥
leader: Саша
steps:
  - play: Саша K♣
    say: Саша ходит с короля.
"""


def opened_link(chromium, base, link, reader, lang):
    """``link`` opened by a reader whose browser speaks ``reader``: the page it settles on, in
    ``lang``, once its lesson is checked and replayed."""
    context, page, log = live_page(chromium, base, link[len(base) :], locale=reader)
    page.wait_for_url(f"**/{'' if lang == 'en' else lang + '/'}{CHECKER}#lesson=*", timeout=20_000)
    page.wait_for_function(
        "() => /Opened|Открыт/.test("  # checked and replayed, in either language
        "document.querySelector('[data-ll-checker] .ll-checker-status')?.textContent)",
        timeout=LIVE_BOOT_MS,
    )
    assert page.evaluate("document.documentElement.lang") == lang
    return context, page, log


def test_a_shared_lesson_opens_in_the_readers_language_at_the_lesson_with_a_link_to_theirs(book_html, chromium):
    """Issue 40, §3 (issue 22, §10: one language per screen). A lesson written in several
    languages, shared from the English page, opens for a reader whose browser speaks Russian on
    the Russian page, in Russian (not in the sender's English), scrolled to the lesson and
    saying it came from a link (not "file lesson.yaml opened": no file was). A lesson written in
    Russian alone, shared from the English page, opens in Russian for an English reader, with a
    link to read it in English, which holds."""
    [lesson] = load(REPO / "scenarios" / "03-follow-suit.yaml")
    text = (REPO / "scenarios" / "03-follow-suit.yaml").read_text(encoding="utf-8")
    offer = "[data-ll-reader-language]"
    with serve(book_html) as base:
        link = shared_link(chromium, base, CHECKER, text)
        assert link.startswith(base + CHECKER + "#lesson=")  # made on the English page
        context, page, log = opened_link(chromium, base, link, "ru-RU", "ru")
        title = page.locator(".ll-checker-out .ll-replay .ll-replay-title")
        title.wait_for(state="visible", timeout=LIVE_BOOT_MS)
        assert title.inner_text() == lesson.in_language("ru").title
        status = page.locator("[data-ll-checker] .ll-checker-status").inner_text()
        assert status.startswith(translate("ui.share-opened", "ru", count=1)) and "lesson.yaml" not in status
        assert page.locator(offer).count() == 0  # the reader's own language already
        form = page.locator("[data-ll-checker]").bounding_box()
        assert 0 <= form["y"] < 720 / 2, f"the lesson is at {form['y']} px, not where the link points"
        assert page.evaluate("() => document.activeElement.matches('[data-ll-checker] textarea')")
        log.assert_clean()
        context.close()

        link = shared_link(chromium, base, CHECKER, RUSSIAN_ONLY)
        assert link.startswith(base + CHECKER + "#lesson=")  # made on the English page
        context, page, log = opened_link(chromium, base, link, "en-US", "ru")
        counter = page.locator(".ll-checker-out .ll-replay .ll-counter")
        assert " of " not in counter.inner_text()  # the player's words are Russian
        switch = page.locator(offer)
        assert switch.inner_text() == "Read this lesson in English" and switch.get_attribute("lang") == "en"
        switch.click()
        page.wait_for_url(f"**/{CHECKER}#lesson=*&lang=en", timeout=20_000)
        assert not page.url.startswith(base + "ru/")
        page.locator("[data-ll-checker] .ll-checker-status").filter(has_text="Opened").wait_for(timeout=LIVE_BOOT_MS)
        assert page.evaluate("document.documentElement.lang") == "en" and page.locator(offer).count() == 0
        assert " of " in counter.inner_text()  # the reader's pick: English around the Russian lesson
        log.assert_clean()
        context.close()
