"""Save as lesson and share by link, in a browser: the app's play tab and the book's live
mode give a file that ``lingerlonger check`` passes and that plays the hand played; a
shared link opens the same replay on the checker page; a corrupt one says so."""

from __future__ import annotations

import re

import pytest

from conftest import LEGAL_CARD, LIVE_BOOT_MS, REPO, go_live, live_page, play_app_hand, plays_of, saved_lesson, serve
from lingerlonger.replay import replay
from lingerlonger.scenario import load

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
    assert ("You win" in said if lesson.result.winner == lesson.players[0]
            else lesson.result.winner in said.replace(" ", "_"))
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

        player.locator("[data-ll-action=new-hand]").click()
        stage, mine = player.locator(".ll-stage"), []
        stage.locator(".ll-turn-note").wait_for(timeout=20_000)  # the hand is dealt
        for _ in range(4):
            button = stage.locator(LEGAL_CARD).first
            button.wait_for(state="visible", timeout=20_000)
            mine.append(button.get_attribute("data-ll-card"))
            before = stage.inner_html()
            button.click()
            page.wait_for_function("([el, old]) => el.innerHTML !== old",
                                   arg=[stage.element_handle(), before], timeout=20_000)
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
        context, page, log = live_page(chromium, base, link[len(base):])
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
        card = player.locator(".ll-stage " + LEGAL_CARD).last
        card.wait_for(state="visible", timeout=20_000)
        tried = card.get_attribute("data-ll-card")
        card.click()
        player.locator("[data-ll-what-if]").wait_for(state="visible", timeout=20_000)
        lesson, _ = saved_lesson(page, player.locator("[data-ll-action=save-lesson]"), tmp_path)
        assert tried in [str(step.card) for step in lesson.steps if step.kind == "play"]
        log.assert_clean()
        context.close()


@pytest.mark.parametrize("fragment", ["#lesson=not*base64", "#lesson=AAAAAAAA", "#lesson=" + "A" * 70_000])
def test_a_corrupt_or_too_long_link_says_so(book_html, chromium, fragment):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, CHECKER + fragment)
        status = page.locator("[data-ll-checker] .ll-checker-status")
        wanted = ("too long" if len(fragment) > 70_000 else "does not hold a lesson")
        page.wait_for_function("([el, word]) => el.textContent.includes(word)",
                               arg=[status.element_handle(), wanted], timeout=20_000)
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
        context, page, log = live_page(chromium, base, link[len(base):])
        title, last = shown_replay(page)
        [lesson] = load(REPO / "scenarios" / "03-follow-suit.yaml")
        assert title == lesson.title and last == len(replay(lesson).frames) - 1
        log.assert_clean()
        context.close()


def test_a_link_made_in_one_language_opens_in_the_readers(book_html, chromium):
    """Made on the English page, opened by a reader whose browser speaks Russian: the
    Russian checker page, its words and the lesson's Russian texts; and the other way."""
    [lesson] = load(REPO / "scenarios" / "03-follow-suit.yaml")
    text = (REPO / "scenarios" / "03-follow-suit.yaml").read_text(encoding="utf-8")
    with serve(book_html) as base:
        for made_on, reader, lang, opened in ((CHECKER, "ru-RU", "ru", "Открыт файл"),
                                               ("ru/" + CHECKER, "en-US", "en", "Opened")):
            link = shared_link(chromium, base, made_on, text)
            assert link.startswith(base + made_on + "#lesson=")

            context, page, log = live_page(chromium, base, link[len(base):], locale=reader)
            page.wait_for_url(f"**/{'' if lang == 'en' else lang + '/'}{CHECKER}#lesson=*", timeout=20_000)
            status = page.locator("[data-ll-checker] .ll-checker-status")
            page.wait_for_function("([el, word]) => el.textContent.includes(word)",
                                   arg=[status.element_handle(), opened], timeout=LIVE_BOOT_MS)
            title = page.locator(".ll-checker-out .ll-replay .ll-replay-title").inner_text()
            assert title == lesson.in_language(lang).title
            assert page.evaluate("document.documentElement.lang") == lang
            log.assert_clean()
            context.close()

