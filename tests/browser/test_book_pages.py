"""Every page of the built book (_build/html, from `make book`) loads offline and clean, and is
accessible; the rules sheet prints on one A4 page.

Each page is loaded once, for both: it must come (HTTP 200) with nothing fetched from outside
the machine, no console error and no uncaught exception; then axe-core (npm, installed by
`make assets`, served beside the site on 127.0.0.1) judges it: any violation with impact
"serious" or "critical" fails, with its rule, impact and the elements.
"""

from __future__ import annotations

import re

import pytest
from conftest import AXE, BOOK_HTML, blocking_violations, built_pages, record, serve, unavailable, wait_until_quiet

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


@pytest.fixture(scope="module")
def axe_script():
    """axe-core's address, served like the site: the browser compiles it once for every page."""
    if not AXE.is_file():
        unavailable(f"{AXE} is missing: run `make assets`")
    with serve(AXE.parent) as folder:
        yield folder + AXE.name


def test_page_loads_offline_without_errors_and_is_accessible(book_site, book_page, returning_reader, axe_script):
    page = returning_reader.new_page()
    log = record(page)
    response = page.goto(book_site + book_page, wait_until="load")
    assert response is not None and response.ok, f"{book_page}: {response and response.status}"
    wait_until_quiet(page, log)
    log.assert_clean()
    page.evaluate(SETTLE)
    page.add_script_tag(url=axe_script)
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    problems = blocking_violations(results)
    assert not problems, f"{book_page}:\n" + "\n".join(problems)
    log.assert_clean()
    page.close()


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
