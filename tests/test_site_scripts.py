"""site_scripts on a small site of its own: each page's scripts as one deferred file at the site's
root, in the order they ran, and the same again when the site is packed again (the built book's
pages run them: tests/browser/test_fast_pages.py, and every browser test)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_ext"))

import site_scripts

#: A page as site_speed leaves it: deferred scripts in <head>, Sphinx's scripts at the end of
#: <body>, run as the parser reaches them, one of them reading its own tag's data.
PAGE = """<!DOCTYPE html><html data-content_root="../"><head><meta charset="utf-8" />
<script data-cfasync="false">mode()</script>
<script defer="defer" src="../_static/late.js?v=1"></script>
<script async="async" src="../_static/whenever.js"></script>
<!--ll-live--><script defer src="../ll-live.js"></script><!--/ll-live-->
<script type="application/json" class="data">{"a": 1}</script>
</head><body><p>x</p><script>kernelName = 'python3'</script><footer></footer>
<script defer src="../_static/theme.js"></script>
<script src="../_static/first.js?v=2"></script><script>let hint = 'Show';</script>
<script data-sd-tabs-storage-prefix="tab-" src="../_static/tabs.js"></script>
<script>DOCUMENTATION_OPTIONS.pagename = 'book/PAGE';</script>
</body></html>"""

SCRIPTS = {
    "_static/late.js": "ran.push('late');",
    "_static/whenever.js": "ran.push('whenever');",
    "ll-live.js": "var here = document.currentScript.src; ran.push('live');",
    "_static/theme.js": "ran.push('theme');",
    "_static/first.js": "/* first */\nran.push('first');\n//# sourceMappingURL=first.js.map\n",
    "_static/tabs.js": "ran.push(document.currentScript.getAttribute('data-sd-tabs-storage-prefix'));",
}


def small_site(root: Path, pages: tuple[str, ...] = ("a", "b")) -> Path:
    for name, text in SCRIPTS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    (root / "book").mkdir()
    for page in pages:
        (root / "book" / f"{page}.html").write_text(PAGE.replace("PAGE", page))
    return root


def pack(site: Path) -> int:
    return site_scripts.bundle_scripts(site, sorted(site.rglob("*.html")))


def script_tags(page: Path) -> list[str]:
    return re.findall(r"<script\b[^>]*>(?:[^<]*</script>)?", page.read_text())


def parts_of(bundle: Path) -> list[str]:
    return re.findall(r"^/\*! ll-part ([^@\s]\S*) ", bundle.read_text(), re.M)


def test_a_pages_scripts_become_one_deferred_file_at_the_root_in_the_order_they_ran(tmp_path):
    site = small_site(tmp_path)
    assert pack(site) == 1
    (bundle,) = site.glob("ll-scripts.*.js")
    # the end of <body> first (first.js, its inline line, tabs.js), then the deferred ones in order
    assert parts_of(bundle) == [
        "_static/first.js",
        "inline",
        "_static/tabs.js",
        "_static/late.js",
        "ll-live.js",
        "_static/theme.js",
    ]
    tags = script_tags(site / "book" / "a.html")
    assert tags == [
        '<script data-cfasync="false">mode()</script>',
        '<script async="async" src="../_static/whenever.js"></script>',
        '<script type="application/json" class="data">{"a": 1}</script>',
        "<script>kernelName = 'python3'</script>",
        f'<script defer src="../{bundle.name}" data-sd-tabs-storage-prefix="tab-"></script>',
        "<script type=\"module\">DOCUMENTATION_OPTIONS.pagename = 'book/a';</script>",
    ]
    text = bundle.read_text()
    assert "let hint = 'Show';" in text and "sourceMappingURL" not in text and "/* first */" not in text


def test_packing_again_gives_the_same_pages_and_takes_a_changed_script_afresh(tmp_path):
    site = small_site(tmp_path)
    pack(site)
    before = {path: path.read_text() for path in site.rglob("*") if path.is_file()}
    # what site_live and site_offline do again on a packed page: their own tags, back in <head>
    for page in (site / "book").glob("*.html"):
        page.write_text(
            re.sub(
                r"<!--ll-live-->.*?<!--/ll-live-->",
                '<!--ll-live--><script defer src="../ll-live.js"></script><!--/ll-live-->',
                page.read_text(),
            )
        )
    pack(site)
    assert {path: path.read_text() for path in site.rglob("*") if path.is_file()} == before

    (site / "_static" / "theme.js").write_text("ran.push('new theme');")
    pack(site)
    (bundle,) = site.glob("ll-scripts.*.js")
    assert bundle not in before and "new theme" in bundle.read_text()
    assert parts_of(bundle)[-1] == "_static/theme.js" and len(parts_of(bundle)) == 6
    assert f'src="../{bundle.name}"' in (site / "book" / "b.html").read_text()


def test_a_script_that_finds_its_files_by_its_own_address_stays_apart_in_its_place(tmp_path):
    site = small_site(tmp_path)
    (site / "_static" / "theme.js").write_text("var here = document.currentScript.src;")
    pack(site)
    tags = [tag for tag in script_tags(site / "book" / "a.html") if "defer" in tag]
    assert len(tags) == 2 and tags[1] == '<script defer src="../_static/theme.js"></script>'
    (bundle,) = site.glob("ll-scripts.*.js")
    assert parts_of(bundle)[-1] == "ll-live.js"  # at the root, where its own address finds the site


def test_pages_with_the_same_scripts_share_their_file_and_a_file_no_page_runs_goes(tmp_path):
    site = small_site(tmp_path, pages=("a", "b", "c"))
    (site / "ll-scripts.000000000000.js").write_text("old")
    assert pack(site) == 1
    assert [path.name for path in site.glob("ll-scripts.*.js")] != ["ll-scripts.000000000000.js"]
    assert len(list(site.glob("ll-scripts.*.js"))) == 1
