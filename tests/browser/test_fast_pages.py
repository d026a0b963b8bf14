"""What Lighthouse's mobile run asks of every built page (issue 47; `make book` first, the
figures themselves are bench/lighthouse.py's): the charset first, absolute ``hreflang`` links,
nothing in ``<head>`` that holds the first paint, one style sheet; and search still works."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import built_pages, scripts_run

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: scripts_fixture.py
import site_scripts  # book/_ext, on the path from conftest.py
from scripts_fixture import RAN, small_site

pytestmark = pytest.mark.browser

HEAD = re.compile(r"<head>(.*?)</head>", re.S)
SCRIPT_TAG = re.compile(r"<script\b[^>]*>")
#: What a script in <head> may be: deferred, async, a module, data, or the inline colour mode.
HARMLESS = re.compile(r'\bdefer\b|\basync\b|type="module"|type="application/json"|data-cfasync="false"')
#: A word of each language's search index, and a page it must find.
SEARCHES = {
    "": ("trump", "03-trump"),
    "pt/": ("trunfo", "03-trump"),
    "es/": ("triunfo", "03-trump"),
    "ru/": ("козырь", "03-trump"),
}


def theme_pages(book_html) -> list[tuple[str, str]]:
    """The pages the book's theme writes (not the handouts nor the 404 page), with their text."""
    found = []
    for name in built_pages():
        text = (book_html / name).read_text(encoding="utf-8")
        if 'data-content_root="' in text:
            found.append((name, text))
    assert len(found) > 40
    return found


def test_the_charset_comes_within_the_first_1024_bytes(book_html):
    late = [name for name, text in theme_pages(book_html) if text.encode()[:1024].find(b"<meta charset=") < 0]
    assert late == []


def test_the_hreflang_links_are_absolute_with_a_default(book_html):
    for name, text in theme_pages(book_html):
        links = re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', text)
        assert {lang for lang, _ in links} == {"en", "pt-PT", "es", "ru", "x-default"}, name
        assert all(re.match(r"https?://", href) for _, href in links), name


def test_no_script_in_head_holds_the_first_paint(book_html):
    blocking = {
        name: tags
        for name, text in theme_pages(book_html)
        if (tags := [tag for tag in SCRIPT_TAG.findall(HEAD.search(text).group(1)) if not HARMLESS.search(tag)])
    }
    assert blocking == {}


def test_no_page_preloads_a_script_before_its_first_paint(book_html):
    """The theme preloaded bootstrap.js and its own script at the highest priority: on slow 4G
    they shared the line with the style sheet that the first paint waits for (bench/lighthouse.py:
    a first paint of 1.5-1.8 s)."""
    preloading = [
        name for name, text in theme_pages(book_html) if 'rel="preload" as="script"' in HEAD.search(text).group(1)
    ]
    assert preloading == []


def test_a_page_links_one_style_sheet_and_the_search_index_only_on_the_search_page(book_html):
    for name, text in theme_pages(book_html):
        sheets = re.findall(r'<link rel="stylesheet"[^>]*href="([^"]+)"', HEAD.search(text).group(1))
        # the build's sheets are one; the position editor's own (site_live, at the site's root) apart
        built = [sheet for sheet in sheets if "_static/" in sheet]
        assert len(built) == 1 and "ll-styles." in built[0], name
        assert all(sheet in built or sheet.endswith("ll-position.css") for sheet in sheets), name
        assert (book_html / name).parent.joinpath(built[0]).is_file(), name
        ran = [Path(script).name for script in scripts_run(book_html, name, text)]
        assert ("searchindex.js" in ran) == name.endswith("search.html"), name


def test_every_page_runs_its_scripts_from_two_files_its_books_and_its_own(book_html):
    """Lighthouse's simulated phone pays a round trip for each script before the largest paint:
    twenty of them held it back by 0.8 s (site_scripts.py)."""
    for name, text in theme_pages(book_html):
        files = re.findall(r'<script\b[^>]*\bdefer\b[^>]*\bsrc="([^"]+)"', text)
        assert len(files) <= 2 and all(site_scripts.PREFIX in address for address in files), (name, files)
        assert not re.search(r"<script(?![^>]*\b(async|defer|type=)\b)[^>]*\bsrc=", text), name
        assert "_static/documentation_options.js" in " ".join(scripts_run(book_html, name, text)), name


@pytest.mark.parametrize("folder", list(SEARCHES))
def test_search_finds_a_word_in_each_language(book_site, browser_page, folder):
    page, log = browser_page
    word, chapter = SEARCHES[folder]
    page.goto(f"{book_site}{folder}search.html?q={quote(word)}")
    results = page.locator("#search-results ul.search li a")
    results.first.wait_for(timeout=30_000)
    assert any(chapter in href for href in results.evaluate_all("links => links.map(a => a.href)"))
    log.assert_clean()


def test_the_search_box_of_a_chapter_leads_to_the_results(book_site, browser_page):
    page, log = browser_page
    page.goto(book_site + "ru/book/04-tricks.html")
    page.keyboard.press("Control+k")
    page.keyboard.type("козырь")
    page.keyboard.press("Enter")
    page.locator("#search-results ul.search li a").first.wait_for(timeout=30_000)
    assert page.url.split("?")[0].endswith("/ru/search.html")
    log.assert_clean()


def test_a_pages_scripts_joined_in_one_file_run_in_the_order_they_ran_as_tags(browser_page, serve_directory, tmp_path):
    page, log = browser_page
    ran = {}
    for kind in ("as-tags", "joined"):
        site = small_site(tmp_path / kind, pages=("a",))
        if kind == "joined":
            assert site_scripts.bundle_scripts(site, [site / "book" / "a.html"]) == 1
        page.goto(serve_directory(site) + "book/a.html")
        page.wait_for_function("() => window.ran.includes('loaded')")
        ran[kind] = page.evaluate("() => [...window.ran, DOCUMENTATION_OPTIONS.pagename]")
    assert ran == {"as-tags": RAN, "joined": RAN}
    log.assert_clean()
