"""site_speed's steps and site_server's compression on small sites of their own (the built book's
pages are tests/browser/test_fast_pages.py's)."""

from __future__ import annotations

import gzip
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_ext"))

import site_server
import site_speed

PAGE = """<!DOCTYPE html><html><head><meta name="x"><meta charset="utf-8" />
<link href="../_static/styles/theme.css?digest=1" rel="stylesheet" />
<link rel="stylesheet" type="text/css" href="../_static/own.css?v=2" />
<link rel="stylesheet" href="../_static/print.css" media="print" />
<script src="../_static/a.js"></script>
</head><body><p>x</p></body></html>"""


def small_site(root: Path) -> Path:
    (root / "_static" / "styles").mkdir(parents=True)
    (root / "_static" / "styles" / "theme.css").write_text(
        '@charset "UTF-8";\n@import "../basic.css";\n.t{background:url(pic.png)}\n'
    )
    (root / "_static" / "basic.css").write_text(
        ".b{background:url('file.png')}\n.c{background:url(data:image/png;base64,AA)}\n"
    )
    (root / "_static" / "own.css").write_text(".o{font:1em x}@font-face{src:url(ll-icons.woff)}\n")
    (root / "_static" / "print.css").write_text("p{}")
    (root / "book").mkdir()
    (root / "book" / "a.html").write_text(PAGE)
    (root / "book" / "b.html").write_text(PAGE)
    return root


def test_a_pages_sheets_become_one_in_their_order_with_their_addresses_moved(tmp_path):
    site = small_site(tmp_path)
    pages = [site / "book" / "a.html", site / "book" / "b.html"]
    [bundle] = site_speed.bundle_styles(pages)
    rules = bundle.read_text()
    assert rules.index(".b{") < rules.index(".t{") < rules.index(".o{")  # the import where it stood
    assert 'url("styles/pic.png")' in rules and 'url("file.png")' in rules and 'url("ll-icons.woff")' in rules
    assert "data:image/png;base64,AA" in rules and rules.count("@charset") == 1 and "@import" not in rules
    for page in pages:
        text = page.read_text()
        assert f'<link rel="stylesheet" href="../_static/{bundle.name}">' in text
        assert 'media="print"' in text and "theme.css" not in text and "own.css" not in text
    assert not (site / "_static" / "basic.css").exists() and not (site / "_static" / "own.css").exists()
    assert (site / "_static" / "print.css").exists()  # still linked
    assert site_speed.bundle_styles(pages) == []  # again: nothing to join, nothing changed
    assert bundle.is_file() and (site / "book" / "a.html").read_text() == text


def test_a_bundle_keeps_the_custom_properties_something_reads_and_drops_the_others(tmp_path):
    """Half the theme's 641 custom properties were read by nothing: bytes every first paint waited for."""
    site = small_site(tmp_path)
    (site / "_static" / "own.css").write_text(
        ":root{--unread:1px;--read:2px;--only-by-unread:3px;--set-by-a-script:0;--in-a-page:0;"
        '--icon:url("data:image/svg+xml;charset=utf-8,x")}'
        ".o{margin:var(--read);--also-unread:calc(var(--only-by-unread) * 2)}"
    )
    (site / "_static" / "a.js").write_text("document.body.style.setProperty('--set-by-a-script', '1px');")
    (site / "book" / "b.html").write_text(PAGE.replace("<p>x</p>", '<p style="width: var(--in-a-page)">x</p>'))
    pages = [site / "book" / "a.html", site / "book" / "b.html"]
    bundles = site_speed.bundle_styles(pages)
    site_speed.drop_unread_properties(site, pages, bundles)
    rules = bundles[0].read_text()
    icon = '--icon:url("data:image/svg+xml;charset=utf-8,x")'  # a string: left alone
    for kept in ("--read:2px", "--set-by-a-script:0", "--in-a-page:0", icon):
        assert kept in rules
    for dropped in ("--unread", "--only-by-unread", "--also-unread"):
        assert dropped not in rules
    assert ".o{margin:var(--read);}" in rules and rules.count("{") == rules.count("}")


def test_a_sheet_outside_the_builds_static_folders_stays_apart(tmp_path):
    """site_live links the position editor's own sheet, at the site's root, and writes it again
    at every pack: joined, it would make a new bundle each time (and the offline copy download it)."""
    site = small_site(tmp_path)
    (site / "ll-position.css").write_text(".p{}")
    page = site / "book" / "a.html"
    page.write_text(PAGE.replace("</head>", '<link rel="stylesheet" href="../ll-position.css"></head>'))
    site_speed.bundle_styles([page])
    assert '<link rel="stylesheet" href="../ll-position.css">' in page.read_text()
    assert (site / "ll-position.css").is_file()


def test_a_sheet_that_a_page_still_links_alone_is_kept(tmp_path):
    site = small_site(tmp_path)
    (site / "book" / "c.html").write_text(
        '<html><head><link rel="stylesheet" href="../_static/own.css"></head><body></body></html>'
    )
    site_speed.bundle_styles([site / "book" / "a.html", site / "book" / "c.html"])
    assert (site / "_static" / "own.css").is_file()


def test_the_server_compresses_text_for_a_browser_that_accepts_it(tmp_path):
    site = small_site(tmp_path)
    with site_server.serve(site, compress=True) as url:
        asked = urllib.request.Request(url + "book/a.html", headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(asked) as answer:
            assert answer.headers["Content-Encoding"] == "gzip" and "max-age" in answer.headers["Cache-Control"]
            assert gzip.decompress(answer.read()).decode() == PAGE
        with urllib.request.urlopen(url + "book/a.html") as answer:  # no gzip asked for
            assert answer.headers["Content-Encoding"] is None and answer.read().decode() == PAGE
        (site / "book" / "index.html").write_text("index")
        asked = urllib.request.Request(url + "book/", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(asked) as answer:
            assert gzip.decompress(answer.read()) == b"index"


def test_the_server_records_what_it_sent(tmp_path):
    site, sent = small_site(tmp_path), []
    with site_server.serve(site, sent) as url:
        urllib.request.urlopen(url + "_static/print.css").read()
    assert sent == [("_static/print.css", 3)]
