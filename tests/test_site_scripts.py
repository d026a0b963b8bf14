"""site_scripts on a small site of its own: each page's scripts as one deferred file at the site's
root, in the order they ran, and the same again when the site is packed again (the built book's
pages run them: tests/browser/test_fast_pages.py, and every browser test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_ext"))

import site_scripts
from scripts_fixture import small_site
from site_scripts import Part


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
    assert tags[0].startswith('<script data-cfasync="false">window.ran = [];')  # the colour mode's place
    assert tags[1:] == [
        '<script async="async" src="../_static/whenever.js"></script>',
        '<script type="application/json" class="data">{"a": 1}</script>',
        "<script>ran.push('inline in the body')</script>",
        f'<script defer src="../{bundle.name}" data-sd-tabs-storage-prefix="tab-"></script>',
        "<script type=\"module\">DOCUMENTATION_OPTIONS.pagename = 'book/a';</script>",
    ]
    text = bundle.read_text()
    assert "let hint = 'Show'; sloppy = 1;" in text and "sourceMappingURL" not in text and "/* first */" not in text


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


def test_a_parts_use_strict_does_not_make_the_parts_after_it_strict(tmp_path):
    """A script that says "use strict" at its top (Sphinx's search) first in a file made the
    whole file strict: the next part's undeclared global (the search's stemmer) then failed."""
    text = site_scripts.bundle_text([Part("a.js", "'use strict';\nvar a = 1;"), Part("b.js", "stemmer = 2;")])
    (tmp_path / "joined.js").write_text(text + "\nconsole.log(stemmer);\n")
    run = subprocess.run(["node", str(tmp_path / "joined.js")], capture_output=True, text=True, check=False)
    assert (run.returncode, run.stdout.strip()) == (0, "2"), run.stderr
