"""Issue 39, parts 2 and 3, in a browser on the built book (`make book` first): what comes from
an address or from storage is a value to check, never a key into an object or a string to
decode blindly.

- ``?lang=constructor`` (or ``__proto__``, ``toString``, ``hasOwnProperty``) and the same names
  found kept as the reader's language leave every replay stepping, in the page's language;
- a malformed fragment on the Learn page (``#%``, ``#%E0%A4%A``) leaves it as it is with none:
  the first exercise shown and answerable;
- a language read from a link is no page of the site unless the site has it.
Each page's log holds no uncaught error."""

from __future__ import annotations

import pytest
from conftest import record

pytestmark = pytest.mark.browser

PROTOTYPE_NAMES = ("constructor", "__proto__", "toString", "hasOwnProperty", "valueOf")
CHAPTER = "ru/book/04-tricks.html"


def steps_forward(page) -> bool:
    """The page's first replay, pressed Next: does its counter move?"""
    replay = page.locator(".ll-replay").first
    replay.scroll_into_view_if_needed()
    replay.locator("[data-go=next]").wait_for()
    page.wait_for_function("() => document.querySelector('.ll-replay').dataset.llReady === '1'")
    before = replay.locator(".ll-counter").inner_text()
    replay.locator("[data-go=next]").click()
    page.wait_for_function(
        "before => document.querySelector('.ll-replay .ll-counter').innerText !== before", arg=before, timeout=5_000
    )
    return replay.locator(".ll-counter").inner_text() != before


def test_a_language_named_like_an_object_property_leaves_the_replays_stepping(book_site, chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    for name in PROTOTYPE_NAMES:
        page = context.new_page()
        log = record(page)
        page.goto(f"{book_site}{CHAPTER}?lang={name}", wait_until="load")
        assert steps_forward(page), name
        assert page.evaluate("() => localStorage.getItem('ll-lang:ru')") != name, "not kept as the reader's language"
        # the same name kept by an older page: ignored, the replays step in the page's language
        page.evaluate("name => localStorage.setItem('ll-lang:ru', name)", name)
        page.goto(f"{book_site}{CHAPTER}", wait_until="load")
        assert steps_forward(page), name
        assert page.locator(".ll-replay").first.get_attribute("data-lang") == "ru"
        assert page.locator(".ll-replay [data-go=next]").first.get_attribute("aria-label")  # still labelled
        log.assert_clean()
        page.close()
    context.close()


def test_a_malformed_fragment_on_the_learn_page_leaves_it_answerable(book_site, chromium):
    context = chromium.new_context(viewport={"width": 360, "height": 740})
    for fragment in ("%", "%E0%A4%A", "ll-task-%ZZ", "ll-chapter-%", "constructor", "__proto__"):
        page = context.new_page()
        log = record(page)
        page.goto(f"{book_site}ru/book/learn.html#{fragment}", wait_until="load")
        shown = page.locator("[data-ll-task]:visible")
        assert shown.count() == 1, fragment
        shown.locator(".ll-answers button").first.click()
        page.wait_for_function("() => document.querySelector('[data-ll-task]:not([hidden])').dataset.llVerdict")
        log.assert_clean()
        page.close()
    context.close()


def test_a_language_from_a_link_is_a_page_only_when_the_site_has_it(book_site, chromium):
    context = chromium.new_context()
    page = context.new_page()
    page.goto(f"{book_site}ru/book/check-a-scenario.html", wait_until="load")
    pages = page.evaluate(
        "names => { const pages = llLiveKit.pagesByLanguage();"
        " return [names.map(name => pages[name] === undefined), pages.ru !== undefined, pages.reader]; }",
        list(PROTOTYPE_NAMES),
    )
    assert pages[0] == [True] * len(PROTOTYPE_NAMES) and pages[1] and pages[2] in {"en", "pt", "es", "ru"}
    context.close()
