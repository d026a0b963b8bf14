"""Publishing the built site (`make book` first): it works under a sub-path, as on GitHub
Pages (``https://USER.github.io/REPO/``) or a school's server, and `make publish` puts it
on the gh-pages branch of a git remote."""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from conftest import REPO, QuietHandler, serve

pytestmark = pytest.mark.browser

SUB_PATH = "/linger-book/"
#: Where a page names another file of the site.
LINK_ATTRIBUTES = {"href", "src", "data-src", "content"}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)""")
REFRESH = re.compile(r"url=([^\"'>;]+)", re.I)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in LINK_ATTRIBUTES & set(attrs):
            value = attrs[name] or ""
            if name == "content":  # <meta http-equiv="refresh">, og:image / og:url
                if (attrs.get("http-equiv") or "").lower() == "refresh":
                    value = (REFRESH.search(value) or [None, ""])[1]
                elif attrs.get("property") not in {"og:image", "og:url"}:
                    continue
            self.links.append(value)


class _SubPath(QuietHandler):
    """Serves the site only under SUB_PATH; anything else is a 404, as on GitHub Pages."""

    def translate_path(self, path):
        path = urlsplit(path).path
        if not path.startswith(SUB_PATH):
            return "/nonexistent"
        return super().translate_path("/" + path[len(SUB_PATH) :])


@contextlib.contextmanager
def serve_under_sub_path(directory: Path):
    with serve(directory, _SubPath) as base:
        yield base.rstrip("/") + SUB_PATH


def crawl(start: str, known: frozenset[str] = frozenset()) -> tuple[set[str], list[str]]:
    """Every same-site address reachable from ``start``, and the broken ones (with their page);
    ``known``: addresses a crawl before this one found and fetched, not fetched again."""
    site = urlsplit(start).netloc
    seen, todo, broken = {start, *known}, [start], []
    while todo:
        url = todo.pop()
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                body, kind = answer.read(), answer.headers.get_content_type()
        except urllib.error.HTTPError as error:
            broken.append(f"{error.code} {url}")
            continue
        if kind == "text/html":
            parser = _Links()
            parser.feed(body.decode("utf-8", "replace"))
            found = parser.links
        elif kind == "text/css":
            found = CSS_URL.findall(body.decode("utf-8", "replace"))
        else:
            continue
        for link in found:
            target = urljoin(url, link.strip()).split("#")[0]
            parts = urlsplit(target)
            if parts.scheme in {"http", "https"} and parts.netloc == site and target not in seen:
                if not parts.path.startswith(SUB_PATH):
                    broken.append(f"outside the site: {link} in {url}")
                    continue
                seen.add(target)
                todo.append(target)
    return seen, broken


def test_the_site_works_under_a_sub_path(book_html, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(book_html, site)
    with serve_under_sub_path(site) as base:
        subprocess.run(
            [sys.executable, str(REPO / "book" / "_ext" / "site_pack.py"), str(site), "--base-url", base],
            check=True,
            capture_output=True,
        )
        seen, broken = crawl(base)
        assert not broken, "\n".join(broken[:20])
        pages = {
            path.relative_to(site).as_posix()
            for path in site.rglob("*.html")
            if not {"_static", "_images"} & set(path.relative_to(site).parts)
        }
        crawled = {urlsplit(url).path[len(SUB_PATH) :] or "index.html" for url in seen}
        # Not linked, by design: the 404 page, and a language's root that only redirects to its book.
        unlinked = {"404.html"} | {page for page in pages if re.fullmatch(r"[a-z]{2}/index\.html", page)}
        assert pages - unlinked <= crawled, f"pages no link reaches: {pages - unlinked - crawled}"
        assert any("/_static/replays/" in url for url in seen), "the replays' files were not crawled"

        sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
        listed = set(re.findall(r"<loc>([^<]+)</loc>", sitemap))
        assert {base + page for page in pages - {"404.html"}} == listed
        _found, broken_404 = crawl(base + "404.html", known=frozenset(seen))
        assert not broken_404, broken_404
        chapter = (site / "book" / "03-trump.html").read_text(encoding="utf-8")
        assert re.search(
            r'<meta property="og:image" content="' + re.escape(base) + r'_static/previews/\w+\.png">', chapter
        )
        assert re.search(r'<meta name="description" content="[^"]{40,}">', chapter)


def test_make_publish_pushes_the_site_to_the_gh_pages_branch(book_html, tmp_path):
    checkout, bare = tmp_path / "checkout", tmp_path / "remote.git"
    (checkout / "_build").mkdir(parents=True)
    shutil.copy(REPO / "Makefile", checkout / "Makefile")
    shutil.copytree(book_html, checkout / "_build" / "html")
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.org",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.org",
    }
    git = functools.partial(subprocess.run, check=True, capture_output=True, text=True, env=env)
    git(["git", "init", "-q", "--bare", str(bare)])
    git(["git", "init", "-q", str(checkout)])
    run = subprocess.run(
        ["make", "publish", f"REMOTE={bare}", f"PYTHON={sys.executable}"],
        cwd=checkout,
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    files = git(["git", "--git-dir", str(bare), "ls-tree", "-r", "--name-only", "gh-pages"]).stdout.split()
    assert "index.html" in files and ".nojekyll" in files and "book/03-trump.html" in files
    published = git(["git", "--git-dir", str(bare), "show", "gh-pages:book/03-trump.html"]).stdout
    assert published == (book_html / "book" / "03-trump.html").read_text(encoding="utf-8")
