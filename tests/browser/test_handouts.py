"""The handout pack of the published site (`make book` first): a print-ready sheet of every
lesson in every language and the rules sheet, all linked from handouts/index.html, and light
on ink when printed (the table in outline, no green felt nor dark seat)."""

from __future__ import annotations

import re

import pytest
from conftest import COUNT_PRINTS, REPO

from lingerlonger.scenario import load
from lingerlonger.words.i18n import LANGUAGES

pytestmark = pytest.mark.browser

#: Any filled background that is not white-ish, of a visible element, in print.
INKY = """() => [...document.querySelectorAll('.ll-table, .ll-table *')].filter(el => {
    const style = getComputedStyle(el);
    if (el.closest('.ll-card')) return false;  // the cards' own faces and pips
    const [r, g, b, a] = (style.backgroundColor.match(/[\\d.]+/g) || [255, 255, 255, 0]).map(Number);
    const filled = (a === undefined || a > 0.1) && Math.min(r, g, b) < 200;
    return filled || /gradient/.test(style.backgroundImage);
}).map(el => el.className)"""


def test_the_pack_lists_every_lesson_in_every_language_and_the_rules(book_html):
    index = (book_html / "handouts" / "index.html").read_text(encoding="utf-8")
    linked = set(re.findall(r'href="([^"]+)"', index))
    lessons = [
        f"{path.stem}-{number}.html"
        for path in sorted((REPO / "scenarios").glob("*.yaml"))
        for number, _ in enumerate(load(path))
    ]
    assert len(lessons) >= 20
    for lang in LANGUAGES:
        assert f"{lang}/rules.html" in linked
        for lesson in lessons:
            assert f"{lang}/{lesson}" in linked, f"{lang}/{lesson} is not in the pack"
            assert (book_html / "handouts" / lang / lesson).is_file()
    sheet = (book_html / "handouts" / "ru" / lessons[5]).read_text(encoding="utf-8")
    assert '<html lang="ru">' in sheet and 'class="ll-ink-light' in sheet


def test_a_sheet_prints_light_on_ink(book_site, book_html, browser_page, tmp_path):
    page, log = browser_page
    sheet = sorted((book_html / "handouts" / "pt").glob("06-*.html"))[0].relative_to(book_html).as_posix()
    page.goto(book_site + sheet, wait_until="load")
    page.emulate_media(media="print")
    assert page.locator(".ll-felt").count() == 1
    assert page.evaluate(INKY) == [], "the table prints filled areas"
    (tmp_path / "sheet.pdf").write_bytes(page.pdf(format="A4", print_background=True))
    log.assert_clean()


def test_the_packs_rules_sheet_prints_from_its_button(book_site, browser_page):
    page, log = browser_page
    page.goto(book_site + "handouts/es/rules.html", wait_until="load")
    page.evaluate(COUNT_PRINTS)
    page.locator(".ll-version:visible .ll-sheet-print").click()
    assert page.evaluate("window.llPrinted") == 1
    log.assert_clean()
