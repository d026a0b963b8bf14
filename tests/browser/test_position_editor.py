"""The book's position editor (book/set-up-a-position.md) in a browser, on a phone's screen,
with every off-site request blocked: a position built by tapping cards is checked as it grows
(the leader without cards, "Play from here" held back), saved as a file that `lingerlonger
check` passes with the hands tapped, then played on in live mode (a what-if branch, saved as
a lesson) and set up again as it was. In Russian, the problems and a refused call speak
Russian and change nothing."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import LIVE_BOOT_MS, REPO, live_page, saved_lesson, serve

from lingerlonger.game.cards import parse_cards
from lingerlonger.scenario import load
from lingerlonger.session import Position
from lingerlonger.words.i18n import error_text

pytestmark = pytest.mark.browser

EDITOR = "book/set-up-a-position.html"
PHONE = {"viewport": {"width": 360, "height": 740}}
#: One tap's round trip through the worker, once it runs.
ANSWER_MS = 20_000


def choose(editor, field: str, value: str) -> None:
    """Pick ``value`` in a menu; back when the editor shows it chosen."""
    editor.locator(f"[data-ll-field={field}]").select_option(value)
    editor.locator(f"[data-ll-field={field}] option[value='{value}'][selected]").wait_for(
        state="attached", timeout=LIVE_BOOT_MS
    )


def aim(editor, place: str) -> None:
    editor.locator(f"[data-ll-place='{place}']").click()
    editor.locator(f"[data-ll-place='{place}'][aria-pressed=true]").wait_for(timeout=ANSWER_MS)


def tap(editor, *cards: str) -> None:
    """Tap each card of the deck; back when each is drawn where it went."""
    for card in cards:
        editor.locator(f"[data-ll-deck-card='{card}']").click()
        editor.locator(f"[data-ll-placed-card='{card}']").wait_for(timeout=LIVE_BOOT_MS)


def says(page, box, text: str) -> None:
    page.wait_for_function(
        "([box, text]) => box.textContent.includes(text)", arg=[box.element_handle(), text], timeout=ANSWER_MS
    )


def assert_checks(path) -> None:
    """``lingerlonger check`` passes on the saved file, run as an author runs it."""
    checked = subprocess.run(
        [sys.executable, "-m", "lingerlonger", "check", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_build_a_position_save_it_and_play_on_from_it(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, EDITOR, **PHONE)
        editor = page.locator("[data-ll-position-editor]")
        problems, play = editor.locator(".ll-position-problems"), editor.locator("[data-ll-action=position-play]")
        assert play.is_disabled() and editor.locator("[data-ll-deck-card]").count() == 52
        # On a phone every card of the deck is whole (a finger's width), none off the felt.
        felt = editor.locator(".ll-position-deck").bounding_box()
        for card in editor.locator("[data-ll-deck-card]").all():
            box = card.bounding_box()
            assert box["width"] >= 36 and felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"]

        choose(editor, "players", "3")
        assert editor.locator("[data-ll-place]").count() == 4  # three hands and the stock
        tap(editor, "A♥", "K♣")  # into A's hand, chosen at first
        aim(editor, "1")
        tap(editor, "2♥")
        aim(editor, "stock")
        tap(editor, "Q♠", "3♣")
        assert editor.locator("[data-ll-deck-card]").count() == 47
        assert editor.locator("[data-ll-place='0'] [aria-hidden=true]").inner_text() == "2/3"
        assert editor.get_by_role("button", name="A 2 of 3 cards").count() == 1  # as a screen reader says it

        choose(editor, "leader", "2")  # C holds nothing
        says(page, problems, "the leader C holds no cards")
        assert play.is_disabled() and editor.locator("[data-ll-action=position-save]").is_disabled()
        choose(editor, "leader", "0")
        says(page, problems, "Ready")
        assert play.is_enabled()

        lesson, path = saved_lesson(
            page, editor.locator("[data-ll-action=position-save]"), tmp_path, label="Save position", kind="position"
        )
        assert_checks(path)
        assert lesson.hands == {"A": parse_cards("A♥ K♣"), "B": parse_cards("2♥"), "C": ()}
        assert lesson.stock == parse_cards("Q♠ 3♣") and lesson.leader == "A" and lesson.steps == ()

        play.click()
        page.wait_for_selector(".ll-position-out .ll-replay[data-ll-live=ready]", timeout=LIVE_BOOT_MS)
        player = editor.locator(".ll-position-out .ll-replay")
        # one step, nothing to step through: no "step 0 of 0", no Play to press
        assert player.locator(".ll-counter").is_hidden() and player.locator("[data-go=play]").is_disabled()
        offered = player.locator(".ll-stage [data-ll-card]")
        offered.first.wait_for(timeout=ANSWER_MS)
        assert sorted(offered.evaluate_all("cards => cards.map(c => c.dataset.llCard)")) == ["A♥", "K♣"]
        tried = offered.last.get_attribute("data-ll-card")
        offered.last.click()
        branch = player.locator("[data-ll-what-if]")
        branch.wait_for(state="visible", timeout=ANSWER_MS)
        assert player.locator(".ll-branch-nav").inner_text().count("1") == 1  # its one counter: "step 1 of N"
        player.locator(".ll-branch-nav [data-ll-action=branch-next]").click()  # stepped ▶
        played, _ = saved_lesson(page, player.locator("[data-ll-action=save-lesson]"), tmp_path)
        first = next(step for step in played.steps if step.kind == "play")
        assert (first.seat, str(first.card)) == ("A", tried) and played.stock == lesson.stock
        assert {seat: hand for seat, hand in played.hands.items() if hand} == {
            "A": lesson.hands["A"],
            "B": lesson.hands["B"],
        }

        editor.locator("[data-ll-action=position-edit]").click()
        assert editor.locator(".ll-position-setup").is_visible() and player.count() == 0
        kept = editor.locator("[data-ll-placed-card]").evaluate_all("cards => cards.map(c => c.dataset.llPlacedCard)")
        assert kept == ["A♥", "K♣", "2♥", "Q♠", "3♣"]
        page.screenshot(path=str(tmp_path / "position-phone.png"), full_page=True)
        log.assert_clean()
        context.close()


def test_in_russian_the_problems_and_a_refused_call_speak_russian_and_change_nothing(book_html, chromium):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, "ru/" + EDITOR)
        editor = page.locator("[data-ll-position-editor]")
        tap(editor, "7♠")
        [problem] = Position.empty().click("7♠").problems
        says(page, editor.locator(".ll-position-problems"), error_text(problem, "ru"))
        shown = editor.locator(".ll-position-body").inner_html()
        # What a crafted call gets: the worker's answer, the same position and why, in Russian.
        answer = page.evaluate("""() => {
            const state = document.querySelector('.ll-position-body').dataset.llState;
            return window.llLiveKit.call('position_change', {state: state, do: 'click', value: 'Z♥', lang: 'ru'});
        }""")
        assert "это не карта" in answer["problems"] and answer["html"].count('data-ll-placed-card="7♠"') == 1
        assert "Traceback" not in str(answer)
        assert editor.locator(".ll-position-body").inner_html() == shown
        log.assert_clean()
        context.close()


def test_make_this_a_task_by_keyboard_downloads_a_task_that_checks(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = live_page(chromium, base, EDITOR, **PHONE)
        editor = page.locator("[data-ll-position-editor]")
        task = editor.locator("[data-ll-action=position-task]")
        assert task.is_disabled() and task.inner_text() == "Make this a task"
        choose(editor, "players", "3")
        tap(editor, "A♥", "K♣")
        aim(editor, "1")
        tap(editor, "2♥")
        aim(editor, "stock")
        tap(editor, "Q♠")
        says(page, editor.locator(".ll-position-problems"), "Ready")
        task.focus()  # the keyboard alone: the button is reached and pressed without a pointer
        with page.expect_download() as downloaded:
            page.keyboard.press("Enter")
        path = tmp_path / downloaded.value.suggested_filename
        downloaded.value.save_as(path)
        assert_checks(path)
        [lesson] = load(path)
        [step] = lesson.steps
        assert step.task.seat == "A" and step.task.accept  # the engine's right answers, for the author to word
        log.assert_clean()
        context.close()
