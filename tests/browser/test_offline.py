"""The published book offline, as a tablet in a classroom uses it (`make book` first): one
visit installs the service worker and copies the whole site; with the network cut, another
chapter opens and its replay steps and changes language; a newly published build replaces
the copy."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from conftest import REPO, record, serve

pytestmark = pytest.mark.browser

READY = "() => navigator.serviceWorker.ready.then(registration => registration.active.scriptURL)"
CACHES = "() => caches.keys()"


def first_visit(chromium, url: str):
    """A new browser opens ``url`` once and waits until the site is kept offline."""
    context = chromium.new_context()
    page = context.new_page()
    log = record(page)
    page.goto(url, wait_until="load")
    assert page.evaluate(READY).endswith("/sw.js")
    return context, page, log


def replay_chapter(site) -> str:
    """A chapter (not the one first opened) with a replay in it."""
    return next(path.relative_to(site).as_posix() for path in sorted((site / "book").glob("*.html"))
                if 'class="ll-replay"' in path.read_text(encoding="utf-8") and path.name != "index.html")


def test_after_one_visit_another_chapter_and_its_replay_work_with_the_network_cut(book_html, chromium, tmp_path):
    with serve(book_html) as base:
        context, page, log = first_visit(chromium, base + "book/index.html")
        [cache] = page.evaluate(CACHES)
        context.set_offline(True)
        chapter = replay_chapter(book_html)
        response = page.goto(base + chapter, wait_until="load")
        assert response is not None and response.ok and response.from_service_worker
        player = page.locator(".ll-replay").first
        player.scroll_into_view_if_needed()
        counter = player.locator(".ll-counter")
        counter.wait_for(state="visible", timeout=20_000)
        player.locator("[data-go=next]").click()
        assert counter.inner_text().startswith("step 1 of")
        page.screenshot(path=str(tmp_path / "offline.png"))
        assert page.evaluate(CACHES) == [cache]
        log.assert_clean()
        context.close()


def test_a_new_build_replaces_the_offline_copy(book_html, chromium, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(book_html, site)
    with serve(site) as base:
        context, page, log = first_visit(chromium, base + "book/index.html")
        [old] = page.evaluate(CACHES)
        chapter = site / "book" / "03-trump.html"
        chapter.write_text(chapter.read_text(encoding="utf-8").replace("</body>", "<p id=new-build>new</p></body>"),
                           encoding="utf-8")
        run = subprocess.run([sys.executable, str(REPO / "book" / "_ext" / "site_pack.py"), str(site)],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        new = "ll-site-" + re.search(r"var VERSION = '(\w+)'", (site / "sw.js").read_text()).group(1)
        assert new != old
        page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        for _ in range(60):  # the new worker fills its cache, then drops the old one
            if page.evaluate(CACHES) == [new]:
                break
            page.wait_for_timeout(500)
        assert page.evaluate(CACHES) == [new]
        context.set_offline(True)
        page.goto(base + "book/03-trump.html", wait_until="load")
        assert page.locator("#new-build").count() == 1, "the offline copy is the old build"
        log.assert_clean()
        context.close()
