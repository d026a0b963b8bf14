"""The theme's own controls around every chapter, as a reader meets them on a phone (360×740,
390×844), a tablet (768×1024) and a projector (1280×720), in English and in Russian.

- The ☰ button (``[data-ll-nav]``, the only one) opens the book's contents: on a phone or a
  tablet a dialog whose chapter links can be tapped, on a wide screen the sidebar it hides
  and shows again. By mouse and by keyboard (Enter, Space; Escape closes and gives focus back
  to the button), and it says whether it is open (``aria-expanded``) and what it opens
  (``aria-controls``). The theme once bound its script to a hidden copy of the button, so the
  visible one did nothing (book/_ext/accessible_theme.py).
- The "on this page" button opens the page's headings where the theme hides them.
- The theme's "Back to top" pill, which shows when the reader scrolls up, never covers a
  replay's buttons: a tap on Next must not jump to the top of the page.
- A lesson's printable sheet is linked under its replay's summary, on screen (it was shown
  only on paper), big enough to tap, and leads to the sheet in the page's language.
- The search page's magnifying glass no longer covers the first letters typed.
"""

from __future__ import annotations

import re

import pytest
from conftest import STILL, wait_until_still

pytestmark = pytest.mark.browser

PHONE, TALL_PHONE = {"width": 360, "height": 740}, {"width": 390, "height": 844}
TABLET, PROJECTOR = {"width": 768, "height": 1024}, {"width": 1280, "height": 720}
SIZES = {"360x740": PHONE, "768x1024": TABLET, "1280x720": PROJECTOR}
#: A chapter with headings of its own and replays; the one its contents must reach.
CHAPTER, OTHER_CHAPTER = "book/04-tricks.html", "05-drawing.html"
#: Whether an element is on screen and the one a tap on its centre reaches.
TAPPABLE = """el => {
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (!box.width || !box.height || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit));
}"""


def chapter(lang: str, page: str = CHAPTER) -> str:
    return page if lang == "en" else f"{lang}/{page}"


def open_chapter(browser_page, book_site, viewport, lang, name=CHAPTER):
    page, log = browser_page
    page.set_viewport_size(viewport)
    page.goto(book_site + chapter(lang, name), wait_until="load")
    return page, log


def tappable(page, selector: str) -> bool:
    return page.locator(selector).first.evaluate(TAPPABLE)


def contents_link(page):
    """The contents' link to the next chapter, wherever the theme put the contents."""
    return page.locator(f'.bd-docs-nav a[href$="{OTHER_CHAPTER}"]:visible').first


def assert_contents(page, toggle, shown: bool, what: str) -> None:
    wait_until_still(page)  # the sidebar slides in and out (0.4 s)
    link = contents_link(page)
    on_screen = link.count() == 1 and link.evaluate(TAPPABLE)
    assert on_screen == shown, f"{what}: the contents are {'not ' if shown else ''}on screen"
    assert toggle.get_attribute("aria-expanded") == ("true" if shown else "false"), what
    controlled = page.locator(f"#{toggle.get_attribute('aria-controls')}")
    assert controlled.count() == 1, f"{what}: aria-controls names no element"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_the_contents_button_opens_the_contents(book_site, browser_page, tmp_path, size, lang):
    viewport = SIZES[size]
    page, log = open_chapter(browser_page, book_site, viewport, lang)
    toggle = page.locator(".primary-toggle:visible")
    assert toggle.count() == 1 and toggle.evaluate(TAPPABLE), "the contents button is not on screen"
    wide = viewport["width"] >= 992  # a sidebar beside the page, not a dialog
    assert contents_link(page).count() == wide, "before any press"
    toggle.click()
    assert_contents(page, toggle, not wide, "after a tap")
    assert page.locator("[data-ll-nav]").count() == 1 and toggle.get_attribute("data-ll-nav") == ""
    name = toggle.get_attribute("aria-label")
    tooltip = toggle.get_attribute("title") or toggle.get_attribute("data-bs-original-title")  # Bootstrap's
    assert name and tooltip == name
    assert re.search("[а-яё]", name, re.I) if lang == "ru" else name == "Contents"
    page.screenshot(path=str(tmp_path / f"contents-{size}-{lang}.png"))
    if wide:
        toggle.click()
        assert_contents(page, toggle, True, "after a second tap")
        toggle.focus()
        page.keyboard.press("Enter")
        assert_contents(page, toggle, False, "after Enter")
        page.keyboard.press("Space")
        assert_contents(page, toggle, True, "after Space")
    else:
        assert page.locator("#pst-primary-sidebar-modal").get_attribute("aria-label") == name
        page.keyboard.press("Escape")
        assert_contents(page, toggle, False, "after Escape")
        assert page.evaluate("document.activeElement.hasAttribute('data-ll-nav')"), (
            "closing the contents does not give focus back to its button"
        )
        for key in ("Enter", "Space"):
            page.keyboard.press(key)
            assert_contents(page, toggle, True, f"after {key}")
            page.keyboard.press("Escape")
            assert_contents(page, toggle, False, f"after {key}, then Escape")
        toggle.click()
        wait_until_still(page)
        with page.expect_navigation():
            contents_link(page).click()
        assert page.url.endswith(chapter(lang, "book/" + OTHER_CHAPTER))
    log.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_the_headings_of_the_page_can_be_opened(book_site, browser_page, size, lang):
    """Below 1200 px the theme hides "on this page" behind a button; from there it is shown."""
    page, log = open_chapter(browser_page, book_site, SIZES[size], lang)
    heading = "#pst-page-toc-nav a.nav-link:visible"
    toggle = page.locator(".secondary-toggle")
    if SIZES[size]["width"] >= 1200:
        assert tappable(page, heading)
        return
    assert toggle.count() == 1 and toggle.evaluate(TAPPABLE)
    assert page.locator(heading).count() == 0
    toggle.click()
    wait_until_still(page)
    assert tappable(page, heading), "the page's headings did not open"
    assert toggle.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    wait_until_still(page)
    assert page.locator(heading).count() == 0
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.classList.contains('secondary-toggle')")
    log.assert_clean()


@pytest.mark.parametrize("lang", ["pt", "ru"])
@pytest.mark.parametrize("size", [PHONE, TALL_PHONE], ids=["360x740", "390x844"])
def test_choosing_a_heading_on_a_phone_closes_on_this_page_and_shows_it(book_site, browser_page, size, lang):
    page, log = open_chapter(browser_page, book_site, size, lang)
    page.locator(".secondary-toggle").click()
    wait_until_still(page)
    link = page.locator("#pst-page-toc-nav a.nav-link:visible").nth(1)
    target = link.get_attribute("href").split("#", 1)[1]
    link.click()
    wait_until_still(page)
    assert page.locator("#pst-page-toc-nav a.nav-link:visible").count() == 0, "on this page stays open"
    assert page.evaluate("() => !document.querySelector('#pst-secondary-sidebar-modal').open")
    shown = page.evaluate(
        "id => { const r = document.getElementById(id).getBoundingClientRect(); return [r.top, innerHeight]; }", target
    )
    assert 0 <= shown[0] < shown[1] / 2, f"the section is not in view: {shown}"
    assert page.evaluate("id => document.activeElement.id === id", target), "the focus is not on the section"
    log.assert_clean()


#: The replay buttons whose centre is on screen below the page's sticky header, and what a tap
#: on that centre reaches when it is not the button.
COVERED = """() => {
  const top = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
  let seen = 0; const covered = [];
  for (const el of document.querySelectorAll('.ll-replay .ll-controls :is(button, select, a, input)')) {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (!box.width || !box.height || y <= top + 2 || y >= innerHeight - 2 || x < 2 || x > innerWidth - 2) continue;
    seen += 1;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit)))
      covered.push((el.dataset.go || el.tagName) + ' under ' + (hit ? hit.outerHTML.slice(0, 100) : 'nothing'));
  }
  return {seen, covered};
}"""


#: Scrolls the page ``down`` steps of ``step`` px, then ``up`` steps of ``back`` px (< 0), waiting
#: after each until the page is still (STILL: the replays near the screen load their buttons, the
#: theme's pill shows or hides on the scroll event) and, on the way up (once every replay passed
#: has its buttons), checking COVERED; stops at the first covered button. One call for the whole
#: walk: a round trip per step cost more than the frames it waits for.
WALK = f"""async ([step, down, back, up]) => {{
  const still = {STILL};
  const scroll = async (by) => {{
    scrollBy({{top: by, behavior: 'instant'}});
    await still([scrollX, scrollY].join());
  }};
  for (let i = 0; i < down; i++) await scroll(step);
  // the last replays' scripts may still be on their way: the walk up checks every replay whole
  const loading = () => document.querySelector('.ll-replay .ll-lazy[data-src]:not(.ll-lazy-failed)');
  for (const until = performance.now() + 20000; loading() && performance.now() < until;) await still();
  let seen = 0;
  for (let i = 0; i < up; i++) {{
    await scroll(back);
    const found = ({COVERED})();
    seen += found.seen;
    if (found.covered.length) return {{seen, covered: found.covered, at: scrollY}};
  }}
  return {{seen, covered: [], at: scrollY}};
}}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("viewport", [PHONE, TALL_PHONE], ids=["360x740", "390x844"])
def test_back_to_top_never_covers_a_replays_buttons(book_site, browser_page, tmp_path, viewport, lang):
    """Scroll the chapter with the most replays down, then up (when the theme shows its pill):
    a tap on the centre of each replay button on screen reaches that button."""
    page, log = open_chapter(browser_page, book_site, viewport, lang, "book/07-endings.html")
    height = page.evaluate("document.scrollingElement.scrollHeight")
    step = viewport["height"] // 2
    # down: each replay loads its buttons as it nears; up by half steps, from the foot to the top
    walk = [step, len(range(0, height, step)), -step // 2, len(range(height, -1, -step // 2))]
    found = page.evaluate(WALK, walk)
    if found["covered"]:
        page.screenshot(path=str(tmp_path / "covered.png"))
        raise AssertionError(f"scrolling up, at {found['at']}: {found['covered']}")
    assert found["seen"] > 20, f"only {found['seen']} replay buttons were seen on screen"
    log.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lessons_sheet_is_linked_on_screen(book_site, book_html, browser_page, lang):
    page, log = open_chapter(browser_page, book_site, PHONE, lang)
    link = page.locator(".ll-replay .ll-sheet-link a").first
    link.scroll_into_view_if_needed()
    assert link.is_visible() and link.evaluate(TAPPABLE), "the sheet's link is not on screen"
    assert link.bounding_box()["height"] >= 24, "too small to tap"
    href = link.evaluate("a => a.href")
    assert f"/handouts/{lang}/" in href and (book_html / href.split(book_site, 1)[1]).is_file(), href
    log.assert_clean()


def test_the_search_pages_icon_leaves_the_typed_words_clear(book_site, browser_page):
    page, log = open_chapter(browser_page, book_site, PHONE, "ru", "search.html")
    icon, text_starts = page.evaluate("""() => { const form = document.querySelector('.bd-search-container form');
      const field = form.querySelector('input');
      return [form.querySelector('i, svg').getBoundingClientRect().right,
              field.getBoundingClientRect().left + parseFloat(getComputedStyle(field).paddingLeft)]; }""")
    assert icon <= text_starts, f"the magnifying glass ends at {icon} px, the words start at {text_starts} px"
    log.assert_clean()
