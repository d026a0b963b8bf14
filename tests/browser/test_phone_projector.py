"""The book's static player on the two screens a class uses: a phone (360×740) and a projector
(1280×720). Measured in chromium: after each Next the new table and its words are on screen,
not under the step bar nor under the page's header; the presenter view fits 1280×720 with
no scrolling, hides the sidebars and steps with a clicker's keys; print shows key positions,
never buttons. Screenshots go to pytest's tmp_path for a look."""

from __future__ import annotations

import pytest

from conftest import BOOK_HTML, built_pages

pytestmark = pytest.mark.browser

PHONE, PROJECTOR = {"width": 360, "height": 740}, {"width": 1280, "height": 720}
#: Where the player's parts are on screen, and what covers its top (the page's sticky header).
LAYOUT = """root => {
  const box = el => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const stage = root.querySelector('.ll-stage'), header = document.querySelector('.bd-header');
  return {table: box(stage.querySelector('.ll-table')), words: box(stage.querySelector('.ll-words')),
          bar: box(root.querySelector('.ll-controls')), next: box(root.querySelector('[data-go=next]')),
          header: header && getComputedStyle(header).position === 'sticky' ? box(header).bottom : 0,
          height: innerHeight, width: innerWidth,
          scrolls: document.scrollingElement.scrollHeight > innerHeight + 1
                   && getComputedStyle(document.documentElement).overflow !== 'hidden'};
}"""


def replay_chapter() -> str:
    """The chapter with the most replays (several players, several lengths of words)."""
    pages = built_pages()
    return max(pages, key=lambda name: (BOOK_HTML / name).read_text(encoding="utf-8").count('class="ll-replay"')
               if name.startswith("book/") and "gallery" not in name else -1)


def open_player(browser_page, book_site, viewport, lang="en", nth=0):
    page, log = browser_page
    page.set_viewport_size(viewport)
    page.goto(book_site + replay_chapter() + ("" if lang == "en" else f"?lang={lang}"), wait_until="load")
    player = page.locator(".ll-replay").nth(nth)
    player.scroll_into_view_if_needed()
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    player.locator(".ll-replay-title").scroll_into_view_if_needed()
    return page, log, player


def assert_in_view(layout: dict, what: str) -> None:
    """The table and its words lie between the header and the step bar, the bar on screen."""
    top, bar = layout["header"], layout["bar"]
    assert 0 <= bar["top"] and bar["bottom"] <= layout["height"] + 1, f"{what}: the step bar is off screen {bar}"
    assert layout["next"]["bottom"] <= layout["height"] + 1, f"{what}: Next is off screen"
    assert layout["table"]["top"] >= top - 1, f"{what}: the table's top is hidden ({layout['table']} under {top})"
    assert layout["words"]["bottom"] <= bar["top"] + 1, f"{what}: the words are under the bar ({layout['words']}, {bar})"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_each_next_shows_the_table_and_its_words(book_site, browser_page, tmp_path, lang):
    page, log, player = open_player(browser_page, book_site, PHONE, lang)
    next_button = player.locator("[data-go=next]")
    for step in range(1, 4):
        next_button.click()
        page.wait_for_timeout(100)
        assert_in_view(player.evaluate(LAYOUT), f"step {step}")
        assert player.locator(".ll-counter").inner_text().split()[1 if lang == "en" else 1] == str(step)
    page.screenshot(path=str(tmp_path / f"phone-{lang}.png"))
    log.assert_clean()


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE], ids=["1280x720", "360x740"])
def test_the_presenter_view_fills_the_screen_and_steps_with_a_clicker(book_site, browser_page, tmp_path, viewport):
    page, log, player = open_player(browser_page, book_site, viewport)
    counter = player.locator(".ll-counter")
    player.locator("[data-go=present]").click()
    page.wait_for_timeout(200)
    layout = player.evaluate(LAYOUT)
    assert not layout["scrolls"], "the page scrolls behind the presenter view"
    layout["header"] = 0  # the view covers the page's header
    assert_in_view(layout, "presenter view")
    assert layout["table"]["bottom"] <= layout["bar"]["top"] + 1, "the table runs under the bar"
    assert layout["table"]["right"] <= layout["width"] + 1
    covered = page.evaluate("""() => ['.bd-sidebar-primary', '.bd-sidebar-secondary', '.bd-header'].every(sel => {
        const el = document.querySelector(sel);
        if (!el || !el.getClientRects().length) return true;
        const r = el.getBoundingClientRect(), x = Math.min(innerWidth - 1, Math.max(0, r.left + r.width / 2));
        const y = Math.min(innerHeight - 1, Math.max(0, r.top + Math.min(r.height, innerHeight) / 2));
        return document.elementFromPoint(x, y).closest('.ll-replay') !== null; })""")
    assert covered, "a sidebar or the header shows through the presenter view"
    page.screenshot(path=str(tmp_path / f"presenter-{viewport['width']}.png"))

    steps = []
    for key in ("PageDown", "PageDown", "Space", "ArrowRight", "PageUp", "ArrowLeft"):
        page.keyboard.press(key)
        steps.append(int(counter.inner_text().split()[1]))
    assert steps == [1, 2, 3, 4, 3, 2]
    assert_in_view({**player.evaluate(LAYOUT), "header": 0}, "presenter view after stepping")
    page.keyboard.press("Escape")
    assert "ll-presenting" not in (player.get_attribute("class") or "")
    log.assert_clean()


def test_printing_a_chapter_prints_key_positions_not_buttons(book_site, browser_page):
    page, log, player = open_player(browser_page, book_site, PROJECTOR)
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    page.emulate_media(media="print")
    assert player.locator(".ll-print .ll-table").count() >= 2, "no key positions printed"
    assert not player.locator(".ll-controls").is_visible() and not player.locator("button").first.is_visible()
    assert not page.locator(".ll-replay button:visible").count(), "a replay's button would print"
    log.assert_clean()
