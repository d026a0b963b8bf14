"""Live mode's files, written into the site by site_pack.py: the engine in the reader's browser.

``_live/`` at the site's root (one copy for every language of the site) holds

* ``pyodide/``: the Pyodide runtime, copied from the pinned npm package (``make assets``);
* ``packages.zip``: the project's package from this checkout (its Python, catalogs, static
  files and templates; not the widgets, their templates or the lab; the course's lessons, where
  a wheel has them), PyYAML's pure-Python
  ``yaml/`` (its C extension left out), markdown-it-py and mdurl (the replays' Markdown),
  Jinja2 and MarkupSafe; unpacked into Pyodide's site-packages as they are;
* ``interpreter.gz``: a started interpreter with the engine imported, made at build time by
  Node running the same npm Pyodide (``live_snapshot.mjs``), gzipped: the worker restores it
  instead of starting Python, so that even a first "Try it live" skips the slow part;
* ``live.json``: what the worker unpacks into Pyodide's site-packages, the snapshot's name,
  and a version (the hash of the files above);
* ``live-worker.js`` (the Web Worker) and ``live-restore.mjs`` (how it restores the snapshot,
  which Node's build of it uses too), ``player.css`` (the live players' style) and
  ``review.css`` (a finished hand's review), from
  ``lingerlonger/views/static/``;

and ``ll-live.js`` beside them at the root, the page's side: the files of ``PAGE_SOURCES``
(``static/live/live-*.js``, one concern each) joined in their order; the book's
position editor's script and style (``static/live/position.js``, ``position.css``) beside it as
``ll-position.js`` and ``ll-position.css``.

Nothing here is fetched until a reader presses "Try it live" (or "Keep this book offline",
site_offline.py): the service worker keeps ``_live/`` out of the chapters it prefetches and
caches each file when it is first asked for. Pages with a replay, the scenario checker, the
position editor, the Learn page (its reader's own exercises) or the Class page (a teacher's own
task files) link ``ll-live.js`` (the
editor's page its own two files too); it is small and starts nothing by itself, and it is kept
for offline use with the page that loads it.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

REPOSITORY = Path(__file__).parents[2]
LIVE = "_live"
#: The runtime's files in the npm package (console pages, type definitions and maps left out).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Pure-Python packages the engine's views need in the browser, by import name.
PURE_PYTHON = ("yaml", "markdown_it", "mdurl", "jinja2", "markupsafe")
#: Of the package: its modules, catalogs, schema and static files; not what needs a
#: kernel or a plotting library (ipywidgets, matplotlib), nor the lessons (a page sends
#: its own scenario) but the course's (``COURSE``).
PACKAGE_SUFFIXES = {".py", ".json", ".css", ".js", ".html"}
#: (and the description of what crosses to the browser, which tests and tsc read, never the worker)
NOT_IN_BROWSER = (
    "views/widgets/",
    "views/templates/widgets/",
    "lab/",
    "command_line/",
    "__pycache__",
    "views/browser_data.schema.json",
)
PACKAGES = "packages.zip"
#: The started interpreter (``make_snapshot``), and the scenario it draws once while warming up.
SNAPSHOT, SNAPSHOT_SCRIPT = "interpreter.gz", Path(__file__).with_name("live_snapshot.mjs")
WARM_UP = REPOSITORY / "scenarios" / "06-last-card-saves.yaml"
#: The course, as a wheel carries it (``lingerlonger/lessons/course/``): a review's fresh copy is
#: made from the exercise in the worker (views/live_mode/fresh_review.py), the page sends its id.
COURSE = REPOSITORY / "scenarios" / "course"
#: The page's side lives at the site's root, copied with the site on the first visit (like
#: ll-offline.js); what it starts lives in _live/, fetched when a reader asks for it.
PAGE_SCRIPT, WORKER_SCRIPT, RESTORE_SCRIPT = "ll-live.js", "live-worker.js", "live-restore.mjs"
STATIC = REPOSITORY / "lingerlonger" / "views" / "static"
#: The folders of STATIC the served parts come from: live mode's own, and the styles the app shares.
LIVE_SOURCES, SHARED_SOURCES = STATIC / "live", STATIC / "shared"
#: What ll-live.js is made of, in this order (each after those it uses): the worker's calls,
#: a lesson as a file or a link, the live player, the progress store (its review schedule first)
#: that keeps the reader's own exercises, those exercises and the review of a finished hand that
#: adds to them, the editor.
PAGE_SOURCES = (
    "live/live-kit.js",
    "live/live-share.js",
    "live/live-player.js",
    "learn/review_schedule.js",
    "learn/course_progress.js",
    "learn/practice_queue.js",
    "live/live-review.js",
    "live/live-checker.js",
)
#: The live players' own style (the coach's bars, a hand's banners), as the app has it, and the
#: review's (views/review_panel.py).
PLAYER_CSS, REVIEW_CSS = "player.css", "review.css"
#: The position editor's page side (book/set-up-a-position.md), at the root like ll-live.js.
EDITOR_FILES = {"position.js": "ll-position.js", "position.css": "ll-position.css"}
EDITOR_MARK = "data-ll-position-editor"
#: The Learn page's root: its reader's own exercises are drawn by the worker.
LEARN_MARK = re.compile(r"\sdata-ll-learn[\s>]")
#: The Class page's root: the teacher's own task files are checked and drawn by the worker.
CLASS_MARK = re.compile(r"\sdata-ll-class[\s>]")
LIVE_START, LIVE_END = "<!--ll-live-->", "<!--/ll-live-->"
OLD_TAGS = re.compile(re.escape(LIVE_START) + ".*?" + re.escape(LIVE_END), re.S)
#: A fixed date for every zip entry: the same sources give the same bytes, and the same
#: service-worker version.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


def packages_zip(target: Path) -> None:
    """This checkout's package (what the browser needs of it) and ``PURE_PYTHON`` from this
    Python's site-packages: sources only, the same bytes for the same sources."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:

        def add(path: Path, name: str) -> None:
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, path.read_bytes())

        package = REPOSITORY / "lingerlonger"
        for path in sorted(package.rglob("*")):
            name = path.relative_to(package).as_posix()
            if path.suffix in PACKAGE_SUFFIXES and not name.startswith(NOT_IN_BROWSER):
                add(path, f"lingerlonger/{name}")
        for path in sorted(COURSE.glob("*.yaml")):  # where the package finds its lessons (library.lesson_folder)
            add(path, f"lingerlonger/lessons/course/{path.name}")
        for module in PURE_PYTHON:
            folder = Path(importlib.util.find_spec(module).origin).parent
            for path in sorted(folder.rglob("*.py")):
                add(path, path.relative_to(folder.parent).as_posix())


def make_snapshot(runtime: Path, packages: Path, target: Path, cache: Path) -> None:
    """``target``: the gzipped memory of a started interpreter with the engine imported, made
    by Node (``SNAPSHOT_SCRIPT``). Its bytes differ from run to run (addresses, clocks), so it
    is kept in ``cache`` under the hash of what went into it: the same sources give the same
    file, and the same service-worker version, and a rebuild takes no time for it."""
    digest = hashlib.sha256()
    restorer = LIVE_SOURCES / RESTORE_SCRIPT
    for path in (packages, SNAPSHOT_SCRIPT, restorer, WARM_UP, *(runtime / name for name in PYODIDE_FILES)):
        digest.update(path.read_bytes())
    kept = cache / f"interpreter-{digest.hexdigest()[:16]}.gz"
    if not kept.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as temp:
            raw = Path(temp) / "interpreter"
            made = subprocess.run(
                ["node", str(SNAPSHOT_SCRIPT), str(runtime), str(packages), str(WARM_UP), str(raw), str(restorer)],
                capture_output=True,
                text=True,
                timeout=600,
            )
            if made.returncode:  # what Node said, not only that it failed
                said = made.stderr[-4000:]
                raise SystemExit(f"site_live: {SNAPSHOT_SCRIPT.name} failed ({made.returncode}):\n{said}")
            (Path(temp) / kept.name).write_bytes(gzip.compress(raw.read_bytes(), 6, mtime=0))
            for old in cache.glob("interpreter-*.gz"):
                old.unlink()
            shutil.move(Path(temp) / kept.name, kept)
    shutil.copy(kept, target)


def write_live(site: Path, node_modules: Path = REPOSITORY / "node_modules") -> list[str]:
    """Write ``site/_live``; returns the files the worker unpacks, in order."""
    live = site / LIVE
    shutil.rmtree(live, ignore_errors=True)
    (live / "pyodide").mkdir(parents=True)
    runtime = node_modules / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (runtime / name).is_file()]
    if missing:
        raise SystemExit(f"site_live: {runtime} lacks {', '.join(missing)}: run `make assets` first")
    for name in PYODIDE_FILES:
        shutil.copy(runtime / name, live / "pyodide" / name)
    packages_zip(live / PACKAGES)
    archives = [{"file": PACKAGES, "format": "zip"}]
    # One cache for this checkout, wherever the site is packed (a copy repacked by a test too).
    make_snapshot(runtime, live / PACKAGES, live / SNAPSHOT, REPOSITORY / "_build" / "live-snapshot")
    digest = hashlib.sha256()
    for path in sorted(live.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(live).as_posix().encode() + b"\0" + path.read_bytes())
    listing = {"version": digest.hexdigest()[:16], "archives": archives, "snapshot": SNAPSHOT}
    (live / "live.json").write_text(json.dumps(listing, indent=1) + "\n", encoding="utf-8")
    for name in (WORKER_SCRIPT, RESTORE_SCRIPT):
        shutil.copy(LIVE_SOURCES / name, live / name)
    for name in (PLAYER_CSS, REVIEW_CSS):
        shutil.copy(SHARED_SOURCES / name, live / name)
    (site / PAGE_SCRIPT).write_text(page_script(STATIC), encoding="utf-8")
    for name, served in EDITOR_FILES.items():
        shutil.copy(LIVE_SOURCES / name, site / served)
    return [archive["file"] for archive in archives]


def page_script(static: Path) -> str:
    """``ll-live.js``: the files of ``PAGE_SOURCES`` joined (each its own function scope)."""
    return "\n".join(path.read_text(encoding="utf-8") for path in (static / name for name in PAGE_SOURCES))


def link_pages(site: Path, pages: list[Path]) -> int:
    """Pages with a replay, the checker, the position editor, the Learn page or the Class page load
    ``ll-live.js`` (deferred), the editor's page its script (after it) and style; returns how many."""
    linked = 0
    for page in pages:
        text = OLD_TAGS.sub("", page.read_text(encoding="utf-8"))
        editor = EDITOR_MARK in text
        learn = LEARN_MARK.search(text) is not None  # the reader's own exercises are drawn by the worker
        teacher = CLASS_MARK.search(text) is not None  # and the teacher's own task files
        if 'class="ll-replay"' not in text and "data-ll-checker" not in text and not (editor or learn or teacher):
            continue
        root = "../" * (len(page.relative_to(site).parts) - 1)
        script, style = EDITOR_FILES["position.js"], EDITOR_FILES["position.css"]
        own = (
            f'<link rel="stylesheet" href="{root}{style}"><script defer src="{root}{script}"></script>'
            if editor
            else ""
        )
        tag = f'{LIVE_START}<script defer src="{root}{PAGE_SCRIPT}"></script>{own}{LIVE_END}'
        page.write_text(text.replace("</head>", tag + "</head>", 1), encoding="utf-8")
        linked += 1
    return linked
