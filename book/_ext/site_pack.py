"""The published site as a whole: run by `make book` after every Sphinx build of it.

``python book/_ext/site_pack.py _build/html [--base-url URL]`` works on the whole tree,
so a language's book built into a folder of it (``_build/html/pt/``) is included
without a change here:

1. prune: removes every file no page can reach (the theme's source maps and
   translations, the Markdown sources, widget scripts no page embeds, ...);
   a file is reachable when its name appears in a page, or in a file a page reaches;
2. site_handouts: the handout pack, handouts/ (every lesson's sheet, the rules sheet);
3. site_live: live mode's files in ``_live/`` (Pyodide, the package, the page's live-*.js), linked
   from every page with a replay;
4. the scenario format's JSON Schema at the root (``scenario.schema.json``): the schema
   line of every lesson saved from the site points there, so editors find it wherever
   the file goes;
5. site_meta: 404.html, each page's description and preview image, sitemap.xml;
6. site_speed: each page painted at once on a slow phone (the charset first, absolute
   ``hreflang`` links, no script holding the first paint, the theme's style sheets cut to what
   the site uses and joined into one per page);
7. site_offline: the manifest and the service worker that keeps the site offline, its
   registration on every page, then site_scripts: each page's scripts as two deferred files
   (the book's and the page's own), then the worker (last: it lists every file, with a version that changes with
   any of them).

Every address the site writes for itself is relative, so it works under any path
(``https://USER.github.io/REPO/``, a school's ``/linger/``); only the sitemap, the
preview tags and the 404 page need the site's own address, ``--base-url``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # run as a script: its sibling modules

import site_handouts
import site_live
import site_meta
import site_offline
import site_scripts
import site_speed

from lingerlonger.scenario.writer import SCHEMA_NAME, schema_file

#: Never published: what the browser never asks for. The theme's Font Awesome fonts are
#: named by its style sheet but replaced by a subset (book/_ext/site_assets.py); were a
#: glyph missing from it, the browser would ask for them and log the 404.
DROPPED_DIRS = ("_sources", "_static/locales", ".doctrees", "_static/vendor/fontawesome")
DROPPED_SUFFIXES = (".map", ".buildinfo", ".inv", ".po", ".mo")
#: Text a reference can hide in, and what looks like a file name in it.
TEXT_SUFFIXES = {".html", ".css", ".js", ".json", ".webmanifest", ".xml", ".svg", ".txt"}
FILE_NAME = re.compile(r"[\w.@~-]+\.[A-Za-z0-9]{2,12}\b")
#: The runs of characters a file name is made of: FILE_NAME matches inside one run only.
NAME_RUN = re.compile(r"[\w.@~-]+")
FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}")
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")?#]+)""")
SOURCE_MAP = re.compile(r"\n?/[/*]# sourceMappingURL=[^\n]*?(?:\*/)?(?=\n|$)")


def pages(site: Path) -> list[Path]:
    """Every HTML page a reader can open: not those inside a ``_static`` folder."""
    return sorted(
        path
        for path in site.rglob("*.html")
        if not {"_static", "_sources", "_images"} & set(path.relative_to(site).parts)
    )


def file_names(text: str) -> set[str]:
    """What looks like a file name in ``text`` (FILE_NAME's matches), sought only in the runs
    holding a dot: on a run without one (``ll-replay-controls``) FILE_NAME tries every start,
    each to the run's end, and that took half the time of the whole pack."""
    return {name for run in NAME_RUN.findall(text) if "." in run for name in FILE_NAME.findall(run)}


def reachable(site: Path, roots: list[Path]) -> set[Path]:
    """The files named, directly or through each other, from ``roots``."""
    by_name: dict[str, list[Path]] = {}
    for path in site.rglob("*"):
        if path.is_file():
            by_name.setdefault(path.name, []).append(path)
    seen, todo = set(roots), list(roots)
    while todo:
        path = todo.pop()
        if path.suffix not in TEXT_SUFFIXES:
            continue
        for name in file_names(path.read_text(encoding="utf-8", errors="replace")):
            for found in by_name.get(name, ()):
                if found not in seen:
                    seen.add(found)
                    todo.append(found)
    return seen


def prune(site: Path, keep: list[Path] = ()) -> list[Path]:
    """Remove what no page (nor ``keep``) reaches; the removed files, relative to ``site``."""
    removed = []
    for folder in DROPPED_DIRS:
        for found in site.rglob(folder):
            if found.is_dir():
                removed += [path for path in found.rglob("*") if path.is_file()]
                shutil.rmtree(found)
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in DROPPED_SUFFIXES:
            removed.append(path)
            path.unlink()
        elif path.is_file() and path.suffix in {".js", ".css"}:
            text = path.read_text(encoding="utf-8", errors="replace")
            if "sourceMappingURL=" in text:
                path.write_text(SOURCE_MAP.sub("", text), encoding="utf-8")
    used = reachable(site, pages(site) + [path for path in keep if path.is_file()])
    for path in sorted(site.rglob("*")):
        if path.is_file() and path not in used:
            removed.append(path)
            path.unlink()
    drop_dead_font_faces(site)
    for folder in sorted((p for p in site.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()):
            folder.rmdir()
    return [path.relative_to(site) for path in removed]


def _leads_nowhere(rule: re.Match, folder: Path) -> bool:
    """A CSS rule with an address (not ``data:``) that no file of ``folder`` answers."""
    return any(
        not (folder / url).resolve().is_file() for url in CSS_URL.findall(rule.group(0)) if not url.startswith("data:")
    )


def drop_dead_font_faces(site: Path) -> None:
    """Style sheets lose the ``@font-face`` rules whose font files were dropped (the theme's
    Font Awesome, replaced by a subset): no address in the site leads nowhere."""
    for sheet in site.rglob("*.css"):
        text = sheet.read_text(encoding="utf-8", errors="replace")
        kept = FONT_FACE.sub(
            lambda rule, folder=sheet.parent: "" if _leads_nowhere(rule, folder) else rule.group(0), text
        )
        if kept != text:
            sheet.write_text(kept, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site, e.g. _build/html")
    parser.add_argument(
        "--scenarios",
        type=Path,
        default=Path(__file__).parents[2] / "scenarios",
        help="the lessons of the handout pack (default: the repository's scenarios/)",
    )
    parser.add_argument(
        "--base-url",
        default="http://localhost:8000/",
        help="the site's address, ending in / (default: that of `make serve`)",
    )
    args = parser.parse_args(argv)
    site, base_url = args.site.resolve(), args.base_url.rstrip("/") + "/"
    site_meta.write_not_found(site, base_url)
    site_handouts.write_handouts(site, args.scenarios)
    removed = prune(
        site,
        keep=[
            site / "favicon.ico",
            site / "404.html",
            site / "sw.js",
            site / "manifest.webmanifest",
            site / "sitemap.xml",
            *site_meta.previews_of(site, pages(site)),
        ],
    )
    site_live.write_live(site)
    shutil.copyfile(schema_file(), site / SCHEMA_NAME)
    live_pages = site_live.link_pages(site, pages(site))
    site_meta.add_meta(site, pages(site), base_url)
    site_meta.write_sitemap(site, pages(site), base_url)
    site_speed.speed_up(site, pages(site), base_url)
    version = site_offline.make_offline(site, pages(site), then=lambda: site_scripts.bundle_scripts(site, pages(site)))
    print(
        f"site_pack: {len(removed)} unused files removed from {args.site}; "
        f"live mode on {live_pages} pages; sitemap, 404 page and link previews for {base_url}; "
        f"offline copy version {version}"
    )


if __name__ == "__main__":
    main()
