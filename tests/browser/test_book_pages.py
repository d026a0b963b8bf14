"""Every page of the built book (_build/html, from `make book`) is accessible,
and the rules sheet prints on one A4 page.

Accessibility is axe-core's verdict (npm, installed by `make assets`), injected
from node_modules into each page served on 127.0.0.1: any violation with
impact "serious" or "critical" fails, with its rule, impact and the elements.
The page must stay clean meanwhile (no console error, nothing fetched from
outside the machine): the plain load is test_static_book's job.
"""

from __future__ import annotations

import re

import pytest
from conftest import AXE, BOOK_HTML, blocking_violations, built_pages, unavailable

pytestmark = pytest.mark.browser

#: The printable rules sheet (chapter 13): the element, and how its page is found.
RULES_SHEET = "article.ll-sheet"
RULES_SHEET_MARK = 'class="ll-sheet"'
#: Waits (10 s at most) for the page's finite animations to end: the deal in
#: chapter 2 fades its cards in for seconds, and axe judges colour contrast on
#: what it sees at that instant.
SETTLE = """() => Promise.race([
    Promise.all(document.getAnimations()
        .filter(animation => animation.effect.getComputedTiming().endTime !== Infinity)
        .map(animation => animation.finished)),
    new Promise(done => setTimeout(done, 10000))])"""
#: One page object per page in a PDF: "/Type /Page" not followed by "s" (that is "/Pages").
PDF_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def test_page_has_no_serious_accessibility_violation(book_site, book_page, browser_page):
    if not AXE.is_file():
        unavailable(f"{AXE} is missing: run `make assets`")
    page, log = browser_page
    page.goto(book_site + book_page, wait_until="load")
    page.wait_for_load_state("networkidle")
    page.evaluate(SETTLE)
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    problems = blocking_violations(results)
    assert not problems, f"{book_page}:\n" + "\n".join(problems)
    log.assert_clean()


def pdf_page_count(pdf: bytes) -> int:
    """Pages in a PDF as chromium writes it (uncompressed page objects)."""
    return len(PDF_PAGE.findall(pdf))


def test_pdf_page_count_reads_chromium_pdfs(browser_page):
    """The counter above, on PDFs of known length: one short page, three forced pages."""
    page, _ = browser_page
    page.set_content("<p>one</p>")
    assert pdf_page_count(page.pdf(format="A4")) == 1
    page.set_content("".join(f'<p style="break-after:page">{n}</p>' for n in range(3)))
    assert pdf_page_count(page.pdf(format="A4")) == 3


def test_rules_sheet_prints_on_one_a4_page(book_site, browser_page, tmp_path):
    pages = [
        name
        for name in built_pages()
        if name.startswith("book/")  # not the pack's nor a language's copies
        and RULES_SHEET_MARK in (BOOK_HTML / name).read_text(encoding="utf-8")
    ]
    assert len(pages) == 1, f"the rules sheet ({RULES_SHEET}) is on {pages or 'no page'}"
    page, log = browser_page
    page.goto(book_site + pages[0], wait_until="load")
    assert page.locator(RULES_SHEET).count() == 1
    page.emulate_media(media="print")
    assert page.locator(RULES_SHEET).is_visible(), "the sheet is hidden in print"
    pdf = page.pdf(format="A4", print_background=True)
    (tmp_path / "rules-sheet.pdf").write_bytes(pdf)  # kept by pytest for a look: pdftoppm -png
    assert pdf_page_count(pdf) == 1, f"the rules sheet prints on {pdf_page_count(pdf)} A4 pages"
    log.assert_clean()
