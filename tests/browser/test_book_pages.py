"""Every page of the built book (_build/html, from `make book`) loads offline and clean, and is
accessible; the rules sheet prints on one A4 page.

Each page is loaded once, for both: it must come (HTTP 200) with nothing fetched from outside
the machine, no console error and no uncaught exception; then axe-core (npm, installed by
`make assets`, served beside the site on 127.0.0.1) judges it: any violation of a WCAG 2.2 A or
AA rule fails, whatever its impact, and of axe's other rules (best practices) any "serious" or
"critical" one, each with its rule, impact and the elements.
"""

from __future__ import annotations

import re

import pytest
from conftest import (
    AXE,
    BOOK_HTML,
    ROUND_TRIP_MS,
    SETTLE,
    WCAG_22_AA,
    blocking_violations,
    built_pages,
    open_app,
    record,
    serve,
    unavailable,
    wait_until_quiet,
    wcag_violations,
)

pytestmark = pytest.mark.browser

#: The printable rules sheet (chapter 13): the element, and how its page is found.
RULES_SHEET = "article.ll-sheet"
RULES_SHEET_MARK = 'class="ll-sheet"'
#: One page object per page in a PDF: "/Type /Page" not followed by "s" (that is "/Pages").
PDF_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


@pytest.fixture(scope="module")
def axe_script():
    """axe-core's address, served like the site: the browser compiles it once for every page."""
    if not AXE.is_file():
        unavailable(f"{AXE} is missing: run `make assets`")
    with serve(AXE.parent) as folder:
        yield folder + AXE.name


@pytest.fixture(scope="module")
def reader_tab(returning_reader):
    """One tab that goes from page to page, as a reader's does: a new tab for each page cost
    as much CPU again as the page itself (its own renderer, every script compiled anew)."""
    tab = returning_reader.new_page()
    yield tab
    tab.close()


@pytest.fixture
def reader_page(reader_tab):
    """The tab, and a PageLog of what it does during this test only."""
    log = record(reader_tab)
    yield reader_tab, log
    log.stop(reader_tab)


def test_page_loads_offline_without_errors_and_is_accessible(book_site, book_page, reader_page, axe_script):
    page, log = reader_page
    response = page.goto(book_site + book_page, wait_until="load")
    assert response is not None and response.ok, f"{book_page}: {response and response.status}"
    wait_until_quiet(page, log)
    log.assert_clean()
    page.evaluate(SETTLE)
    page.add_script_tag(url=axe_script)
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    wcag = {"violations": [found for found in results["violations"] if set(found["tags"]) & set(WCAG_22_AA)]}
    others = {"violations": [found for found in results["violations"] if found not in wcag["violations"]]}
    problems = blocking_violations(wcag, impacts=None) + blocking_violations(others)
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


# --- the interactive states, against WCAG 2.2 AA: not one violation, whatever its impact (the
# book's, in light and dark, in one sweep: tests/browser/test_axe_every_state.py) ---


def test_the_family_tables_pass_screen_meets_wcag_22_aa(voila_app, browser_page):
    page, _ = browser_page
    open_app(page, voila_app)
    page.get_by_role("tab", name="Family table").click()
    table = page.locator(".ll-family-table")
    table.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    table.get_by_role("button", name=re.compile("Start the match")).click()
    table.locator(".ll-reveal").wait_for(state="visible", timeout=ROUND_TRIP_MS)
    problems = wcag_violations(page, within=".ll-app")
    assert not problems, "the family table's pass screen:\n" + "\n".join(problems)
