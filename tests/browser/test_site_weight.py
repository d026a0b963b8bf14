"""The published site stays light (bench/site.py prints the figures): the gallery's replays
are fetched one by one when opened, every page shares one copy of the player's script,
nothing unused is published, and a first visit on a phone downloads, unasked, only the
page and what it shows, each file once (the rest waits for "Keep this book offline")."""

from __future__ import annotations

import sys
import time

import pytest
from conftest import BOOK_HTML, KEPT, REPO, counting, record, scripts_run, serve

sys.path.insert(0, str(REPO / "book" / "_ext"))
from site_offline import file_language

pytestmark = pytest.mark.browser

GALLERY = "book/11-gallery.html"


def test_the_gallery_fetches_a_replay_only_when_it_is_opened(book_site, book_html, browser_page):
    page, log = browser_page
    page.goto(book_site + GALLERY, wait_until="load")
    page.wait_for_load_state("networkidle")
    replays = page.locator(".ll-replay")
    assert replays.count() >= 20
    assert not [url for url in log.requests if "/replays/" in url], "replays fetched before opening"
    html = (book_html / GALLERY).read_text(encoding="utf-8")
    assert [script for script in scripts_run(book_html, GALLERY, html) if script.endswith("ll-replay.js")] == [
        "_static/ll-replay.js"
    ]
    assert "data-ll-asset" not in html and "<template data-frame" not in html

    item = page.locator("details.ll-gallery-item").nth(2)
    item.locator("summary").click()
    player = item.locator(".ll-replay")
    player.locator(".ll-counter").wait_for(state="visible", timeout=20_000)
    assert len([url for url in log.requests if "/replays/" in url]) == 1
    before = player.locator(".ll-stage").inner_html()
    player.get_by_role("button", name="Next step").click()
    assert player.locator(".ll-counter").inner_text().startswith("step 1 of")
    assert player.locator(".ll-stage").inner_html() != before
    log.assert_clean()


def test_the_site_publishes_no_unused_file(book_html):
    published = [path.relative_to(book_html).as_posix() for path in book_html.rglob("*") if path.is_file()]
    unused = [
        name
        for name in published
        if name.endswith((".map", ".po", ".mo", ".inv"))
        or name.startswith(("_sources/", "_static/vendor/"))
        or name.endswith("fontawesome.js")
    ]
    assert not unused, f"published but never used: {unused[:10]}"
    assert (BOOK_HTML / "_static" / "ll-replay.js").is_file()


#: What a first visit may download without the reader asking (bench/site.py: its first minute),
#: as this test's server sends it, uncompressed: the page and what it shows, nothing more.
FIRST_VISIT_BUDGET = 6_000_000
LANDING = {"en": "book/index.html", "pt": "pt/book/index.html", "ru": "ru/book/index.html"}


def settled(sent: list, quiet_s: float = 5, limit_s: float = 60) -> None:
    """Waits until the server has sent nothing for ``quiet_s`` (at most ``limit_s``)."""
    start = last_change = time.monotonic()
    count = len(sent)
    while time.monotonic() - last_change < quiet_s and time.monotonic() - start < limit_s:
        time.sleep(0.25)
        if len(sent) != count:
            count, last_change = len(sent), time.monotonic()


@pytest.mark.parametrize("lang", ["pt", "ru"])
def test_a_first_visit_on_a_phone_downloads_the_page_alone_and_each_file_once(book_html, chromium, lang):
    handler = counting()
    with serve(book_html, handler) as base:
        context = chromium.new_context(viewport={"width": 360, "height": 740})
        page = context.new_page()
        log = record(page)
        page.goto(base + LANDING[lang], wait_until="load")
        page.wait_for_selector(KEPT, state="attached", timeout=60_000)  # the worker kept the page
        settled(handler.sent)
        files = [path for path, _ in handler.sent]
        total = sum(size for _, size in handler.sent)
        assert total <= FIRST_VISIT_BUDGET, f"{total / 1e6:.1f} MB in {len(files)} files, unasked"
        twice = sorted({path for path in files if files.count(path) > 1})
        assert not twice, f"fetched twice: {twice}"  # the theme's CSS and JS, once by the worker
        others = sorted({path for path in files if file_language(path) not in {None, lang}})
        assert not others, f"{len(others)} files of other languages, e.g. {others[:3]}"
        assert not [path for path in files if path.startswith("_live/")], "live mode's engine, unasked"
        pages = [path for path in files if path.endswith(".html")]
        assert pages == [LANDING[lang]], f"pages fetched unasked: {pages}"
        context.set_offline(True)
        response = page.reload(wait_until="load")  # the page itself is kept
        assert response is not None and response.ok and response.from_service_worker
        log.assert_clean()
        context.close()
