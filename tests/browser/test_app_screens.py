"""The Voilà app on a phone (360×740) and a projector (1280×720), measured in chromium as in
test_phone_projector.py: after Next the table and its words are on screen above the step bar;
the presenter view fills 1280×720 with no scrolling and steps with a clicker's keys; after
"New hand" in the play tab your hand and its card buttons are on screen."""

from __future__ import annotations

import re

import pytest
from conftest import VOILA_READY_MS, assert_hand_on_screen, eventually, new_hand_in_play_tab

from lingerlonger.words.i18n import ui

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROUND_TRIP_MS = 15_000
PLAYER = ".ll-browser .ll-player"
LAYOUT = """player => {
  const box = el => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, right: r.right}; };
  const stage = player.querySelector('.ll-stage');
  return {table: box(stage.querySelector('.ll-table')), words: box(stage.querySelector('.ll-words')),
          bar: box(player.querySelector('.ll-controls')), next: box(player.querySelector('.ll-go-next')),
          height: innerHeight, width: innerWidth};
}"""


def step_shown(player) -> int:
    return int(re.search(r"(\d+)\D+\d+", player.locator(".ll-counter").inner_text()).group(1))


def wait_for_step(player, step: int) -> None:
    player.locator(".ll-counter", has_text=re.compile(rf"^\D*{step}\D+\d+\s*$")).wait_for(timeout=ROUND_TRIP_MS)


def open_app(browser_page, url: str, viewport: dict, lang: str = "en"):
    page, log = browser_page
    page.set_viewport_size(viewport)
    page.goto(url + ("" if lang == "en" else f"?lang={lang}"), wait_until="load", timeout=VOILA_READY_MS)
    player = page.locator(PLAYER).first
    player.locator(".ll-go-next").wait_for(state="visible", timeout=VOILA_READY_MS)
    return page, log, player


def assert_in_view(layout: dict, what: str) -> None:
    bar = layout["bar"]
    assert bar["top"] >= 0 and bar["bottom"] <= layout["height"] + 1, f"{what}: the step bar is off screen {bar}"
    assert layout["next"]["bottom"] <= layout["height"] + 1, f"{what}: Next is off screen"
    assert layout["table"]["top"] >= -1, f"{what}: the table's top is off screen {layout['table']}"
    assert layout["words"]["bottom"] <= bar["top"] + 1, (
        f"{what}: the words are under the bar ({layout['words']}, {bar})"
    )


def test_on_a_phone_next_shows_the_table_and_its_words(voila_app, browser_page, tmp_path):
    page, log, player = open_app(browser_page, voila_app, {"width": 360, "height": 740}, "ru")
    player.locator(".ll-stage").evaluate("stage => stage.scrollIntoView({block: 'start'})")
    for step in (1, 2):
        player.locator(".ll-go-next").click()
        wait_for_step(player, step)
        eventually(page, lambda step=step: assert_in_view(player.evaluate(LAYOUT), f"step {step}"))
    page.screenshot(path=str(tmp_path / "app-phone-ru.png"))
    log.assert_clean()


def test_the_presenter_view_fits_a_projector_and_steps_with_a_clicker(voila_app, browser_page, tmp_path):
    page, log, player = open_app(browser_page, voila_app, {"width": 1280, "height": 720})
    player.locator(".ll-present").click()
    page.wait_for_function(
        "() => document.documentElement.classList.contains('ll-presenting-page')", timeout=ROUND_TRIP_MS
    )
    for key, step in (("PageDown", 1), ("Space", 2), ("ArrowRight", 3), ("PageUp", 2)):
        page.keyboard.press(key)
        wait_for_step(player, step)

    def fits_the_screen():
        layout = player.evaluate(LAYOUT)
        assert_in_view(layout, "presenter view")
        assert layout["table"]["bottom"] <= layout["bar"]["top"] + 1 and layout["table"]["right"] <= layout["width"] + 1
        assert player.evaluate("p => p.getBoundingClientRect().height") <= 721

    eventually(page, fits_the_screen)
    covered = page.evaluate("() => document.elementFromPoint(640, 5).closest('.ll-presenting') !== null")
    assert covered, "the app's own controls show above the presenter view"
    page.screenshot(path=str(tmp_path / "app-presenter.png"))
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.ll-presenting')", timeout=ROUND_TRIP_MS)
    log.assert_clean()


def test_a_new_hand_brings_your_cards_on_a_projector_screen(voila_app, browser_page, tmp_path):
    page, log, _ = open_app(browser_page, voila_app, {"width": 1280, "height": 720}, "ru")
    page.get_by_role("tab", name=ui("tab-play", "ru")).click()
    hand = page.locator(".ll-hand-player")
    hand.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    hand.get_by_label(ui("pace", "ru")).select_option(label=ui("pace-instant", "ru"))
    page.locator(".ll-app").evaluate("app => app.scrollIntoView({block: 'start'})")  # "New hand" is at the top
    new_hand_in_play_tab(hand, hand.get_by_role("button", name=re.compile(re.escape(ui("new-hand", "ru")))).click)
    assert_hand_on_screen(page, hand, "1280×720 ru, a new hand")
    page.screenshot(path=str(tmp_path / "app-new-hand-ru.png"))
    log.assert_clean()
