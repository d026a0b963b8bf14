"""What each page of the book loads, kept light for a phone (a local Sphinx extension).

1. Replays: a static player (lingerlonger.views.page_replay) carries its style and script
   inline, so that it works alone in a notebook. In the book each page links one shared
   copy (``_static/ll-replay.css``, ``_static/ll-replay.js``) instead, and a replay's
   controls and frames (from ``LAZY_START`` to ``LAZY_END``) go to a file of their own,
   ``_static/replays/<hash>.js``, that the player loads when the reader nears it.
   The gallery's 29 replays cost nothing until one is opened. The file is a classic
   script that registers its markup (``llReplayParts[hash] = "..."``), not a fetched
   fragment: a script loads from ``file://`` (the site copied to a USB stick), a fetch
   of a file there is refused.
2. Icons: the theme draws its dozen icons with Font Awesome's font (its 1.49 MB
   fontawesome.js is not loaded, see templates/static/webpack-macros.html); the font is
   replaced by a subset of the glyphs the themes can show (``ll-icons.woff``, a few kB).
3. Images load when the reader nears them (``loading="lazy"``).
4. The site's own style sheet and script (``static/``): dark mode for the players, the
   presenter view, print, and the offline copy (its control in every page's footer).
5. The course: the Learn page links its style and script (``ll-course.*``) instead of inline
   copies, and a page with the progress panel (the Learn page, the landing page) links the
   progress store's (``ll-course-progress.*``); every chapter opens with a link to its exercises.
6. The Class page links its style and scripts (``ll-class.*``, and the npm QR encoder that
   ``npm_bundle.py`` makes into a script) instead of inline copies; the Learn page links the
   student's side of an assignment (``ll-class-student.js``) before its own script. The QR reader
   (``ll-jsqr.js``), and the encoder on the Learn page, load when first needed.
7. The Learn page's exercises: each keeps its shell in the page (title, data attributes), and the
   body of every exercise after the first unit's (its review copy with it) goes to its unit's file,
   ``_static/learn/<lang>-<unit>.<hash>.js``, a classic script like a replay's that registers
   the markup by task id (``llTaskBodies[id] = "..."``); course.js loads it when one of the
   unit's exercises is first drawn.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

from npm_bundle import class_scripts
from site_offline import keep_control_html
from sphinx.util.fileutil import copy_asset

from lingerlonger.views.class_page import CLASS_JS, CLASS_JS_NAME
from lingerlonger.views.class_student import CLASS_CSS, CLASS_CSS_NAME, STUDENT_JS, STUDENT_JS_NAME
from lingerlonger.views.course_page import BODY_END, COURSE_CSS, COURSE_JS
from lingerlonger.views.course_progress import PROGRESS_CSS, PROGRESS_CSS_NAME, PROGRESS_JS, PROGRESS_JS_NAME
from lingerlonger.views.page_replay import LAZY_END, LAZY_START, REPLAY_CSS, REPLAY_JS
from lingerlonger.views.table_html import TABLE_CSS
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, SOURCE_LANGUAGE, translate

HERE = Path(__file__).parent
#: Inline copies of the player's assets that a page drops for the shared files.
INLINE_ASSET = re.compile(r'<(style|script) data-ll-asset="[^"]*">.*?</\1>', re.S)
#: The Learn page's root (not the panel's data-ll-learn-href, which the landing page has).
LEARN_ROOT = re.compile(r"\sdata-ll-learn[\s>]")
COURSE_ASSET = re.compile(r'<(style|script) data-ll-asset="course[^"]*">.*?</\1>', re.S)
#: The Class page's root (not the student's panel, data-ll-class-student, on the Learn page).
CLASS_ROOT = re.compile(r"\sdata-ll-class[\s>]")
CLASS_ASSET = re.compile(r'<(style|script) data-ll-asset="class[^"]*">.*?</\1>', re.S)
SHEET_MARK = re.compile(r'<p class="ll-sheet-link" data-sheet="([\w.-]+)" hidden></p>')
#: The handout pack (site_handouts.py) holds a sheet of each lesson of this folder.
SCENARIOS = HERE.parents[1] / "scenarios"
LAZY_PART = re.compile(re.escape(LAZY_START) + "(.*?)" + re.escape(LAZY_END), re.S)
REPLAYS_DIR = "replays"
#: A Learn exercise's lazy body (course/task.html), after its article's opening tag and title.
TASK_BODY = re.compile(
    r'(<article [^>]*data-ll-task="([^"]+)"[^>]*>(?:(?!<article ).)*?)'
    r'<template data-ll-task-body data-ll-body-unit="([^"]+)">(.*?)</template>' + re.escape(BODY_END),
    re.S,
)
UNITS_DIR = "learn"
#: Font Awesome 6 as the theme ships it; the subset keeps what its templates, scripts
#: and style sheets can draw.
ICON_FONT = "vendor/fontawesome/webfonts/fa-solid-900.ttf"
ICON_CLASS = re.compile(r"\bfa-[a-z0-9-]+")
CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
#: A glyph in a style sheet: an escape ("\\f0c9") or the private-use character itself.
GLYPH = re.compile(r'"(?:\\(f[0-9a-f]{3})|([\uf000-\uf8ff]))"')


def _generated(app) -> Path:
    """Files made at each build, served from _static (the first of html_static_path wins)."""
    return Path(app.outdir).parent / ".ll-static"


def theme_dirs() -> list[Path]:
    import pydata_sphinx_theme
    import sphinx_book_theme

    return [Path(pydata_sphinx_theme.__file__).parent / "theme", Path(sphinx_book_theme.__file__).parent / "theme"]


def icon_codepoints(theme_dirs: list[Path]) -> set[int]:
    """The glyphs the themes can show: the icon classes their templates and scripts name,
    and every other glyph their style sheets draw (admonitions, ``--pst-icon-*``)."""
    named = {
        name
        for folder in theme_dirs
        for pattern in ("*.html", "*.js")
        for path in folder.rglob(pattern)
        if not path.name.endswith(".map")
        for name in ICON_CLASS.findall(path.read_text(encoding="utf-8", errors="replace"))
    }
    points = set()
    for folder in theme_dirs:
        for sheet in folder.rglob("*.css"):
            for selectors, body in CSS_RULE.findall(sheet.read_text(encoding="utf-8", errors="replace")):
                glyphs = GLYPH.findall(body)
                classes = re.findall(r"\.(fa-[a-z0-9-]+):+before", selectors)
                only_icon_classes = classes and len(classes) == selectors.count(",") + 1
                if glyphs and (not only_icon_classes or named & set(classes)):
                    points.update(int(escaped, 16) if escaped else ord(char) for escaped, char in glyphs)
    return points


def write_icon_font(source: Path, target: Path, codepoints: set[int]) -> None:
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff"  # zlib; woff2 would need brotli
    options.layout_features = ["*"]
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    subset.save_font(font, str(target), options)


def _write_assets(app, config) -> None:
    folder = _generated(app)
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "ll-replay.css": TABLE_CSS + REPLAY_CSS,
        "ll-replay.js": REPLAY_JS,
        "ll-course.css": COURSE_CSS,
        "ll-course.js": COURSE_JS,
        PROGRESS_CSS_NAME: PROGRESS_CSS,
        PROGRESS_JS_NAME: PROGRESS_JS,
        CLASS_CSS_NAME: CLASS_CSS,
        CLASS_JS_NAME: CLASS_JS,
        STUDENT_JS_NAME: STUDENT_JS,
        **class_scripts(),
    }
    for name, text in files.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    font = folder / "ll-icons.woff"
    themes = theme_dirs()
    if not font.is_file():
        write_icon_font(themes[0] / "pydata_sphinx_theme" / "static" / ICON_FONT, font, icon_codepoints(themes))
    config.html_static_path[:0] = [str(folder), str(HERE / "static")]


def replay_part_script(key: str, part: str) -> str:
    """The script a replay's lazy part goes to: it hands the markup to the player
    (replay.js, ``llLoadReplay``) under ``key``."""
    return (
        f"(window.llReplayParts = window.llReplayParts || {{}})[{json.dumps(key)}]"
        f" = {json.dumps(part, ensure_ascii=False)};\n"
    )


def lazy_replays(body: str, write, link) -> str:
    """``body`` with each replay's lazy part moved to a file: ``write(name, text)`` stores it,
    ``link(name)`` is its URL from the page."""

    def move(match: re.Match) -> str:
        part = match.group(1)
        key = hashlib.sha1(part.encode()).hexdigest()[:16]
        name = f"{REPLAYS_DIR}/{key}.js"
        write(name, replay_part_script(key, part))
        return f'<div class="ll-lazy" data-src="{link(name)}" data-key="{key}"></div>'

    return LAZY_PART.sub(move, INLINE_ASSET.sub("", body))


def task_body_script(bodies: dict[str, str]) -> str:
    """The script a unit's exercise bodies go to: it hands each one's markup, by task id, to
    course.js (``llTaskBodies``, an object without a prototype: the ids are authors')."""
    lines = [f"bodies[{json.dumps(key)}] = {json.dumps(part, ensure_ascii=False)};\n" for key, part in bodies.items()]
    head = "var bodies = window.llTaskBodies = window.llTaskBodies || Object.create(null);\n"
    return "(function () {\n" + head + "".join(lines) + "})();\n"


def lazy_task_bodies(body: str, lang: str, write, link) -> str:
    """``body`` (the Learn page) with the bodies of every unit's exercises but the first's moved to
    one file per unit (``write(name, text)`` stores it, ``link(name)`` is its URL from the page):
    each exercise's template is left empty, naming the file (``data-ll-src``)."""
    units: dict[str, dict[str, str]] = {}
    for match in TASK_BODY.finditer(body):
        units.setdefault(match.group(3), {})[match.group(2)] = match.group(4)
    first = next(iter(units), None)
    links = {}
    for unit, bodies in units.items():
        if unit != first:
            text = task_body_script(bodies)
            safe = re.sub(r"[^\w-]", "_", unit)  # an author's id, in a file name
            name = f"{UNITS_DIR}/{lang}-{safe}.{hashlib.sha1(text.encode()).hexdigest()[:12]}.js"
            write(name, text)
            links[unit] = html.escape(link(name))

    def move(match: re.Match) -> str:
        shell, unit, part = match.group(1), match.group(3), match.group(4)
        if unit not in links:  # the first unit's: in the page, drawn at once
            return f"{shell}<template data-ll-task-body>{part}</template>"
        return f'{shell}<template data-ll-task-body data-ll-src="{links[unit]}"></template>'

    return TASK_BODY.sub(move, body)


def page_language(app) -> str:
    """The book's language (Sphinx's ``language``: a translated book's build sets its own)."""
    lang = (app.config.language or DEFAULT_LANGUAGE).split("_")[0]
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def site_root(app, context) -> str:
    """From a page to the whole site's root: a translated book is built into a folder of the
    English one (`make book`: _build/html/LANG/), where the handout pack is shared."""
    up = "" if page_language(app) == SOURCE_LANGUAGE else "../"
    return up + context["pathto"]("index.html", 1).removesuffix("index.html")


def _page_assets(app, pagename, templatename, context, doctree):
    body = context.get("body")
    if not body:
        return
    body = context["body"] = body.replace("<img ", '<img loading="lazy" ')  # charts below the fold wait
    static = Path(app.outdir) / "_static"

    def write(name: str, text: str) -> None:
        path = static / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file():
            path.write_text(text, encoding="utf-8")

    if "data-ll-progress-panel" in body or LEARN_ROOT.search(body):
        body = context["body"] = _course_assets(app, body)
    if LEARN_ROOT.search(body):
        link = lambda name: context["pathto"](f"_static/{name}", 1)  # noqa: E731
        body = context["body"] = lazy_task_bodies(body, page_language(app), write, link)
    if CLASS_ROOT.search(body):
        body = context["body"] = _class_assets(app, body)
    if "ll-replay" not in body:
        return

    def sheet_link(mark: re.Match) -> str:  # printed under the replay, whose steps may not be loaded
        name = mark.group(1)
        if not (SCENARIOS / f"{name.rsplit('-', 1)[0]}.yaml").is_file():
            return ""
        lang = page_language(app)
        href = f"{site_root(app, context)}handouts/{lang}/{name}.html"
        return f'<p class="ll-sheet-link"><a href="{href}">{html.escape(translate("ui.sheet-link", lang))}</a></p>'

    body = SHEET_MARK.sub(sheet_link, body)
    context["body"] = lazy_replays(body, write, lambda name: context["pathto"](f"_static/{name}", 1))


def _course_assets(app, body: str) -> str:
    """The course's files for this page alone (the store before the page that uses it: both
    deferred, they run in order), and the page without its inline copies."""
    app.add_css_file(PROGRESS_CSS_NAME)
    app.add_js_file(PROGRESS_JS_NAME, defer="defer")
    if LEARN_ROOT.search(body):
        app.add_css_file("ll-course.css")
        app.add_css_file(CLASS_CSS_NAME)  # a class assignment's hand-in, run before the course's script
        app.add_js_file(STUDENT_JS_NAME, defer="defer")
        app.add_js_file("ll-course.js", defer="defer")
    return COURSE_ASSET.sub("", body)


def _class_assets(app, body: str) -> str:
    """The Class page's files (the QR encoder before the page's script, both deferred: they run in
    order; the reader, ``ll-jsqr.js``, loads when the page starts, static/class/qr.js), and the
    page without its inline copies."""
    app.add_css_file(CLASS_CSS_NAME)
    for name in ("ll-qrcode.js", CLASS_JS_NAME):
        app.add_js_file(name, defer="defer")
    return CLASS_ASSET.sub("", body)


#: The chapters whose top links to their exercises on the Learn page.
CHAPTER = re.compile(r"book/(\d\d-[\w-]+)")
LEARN_PAGE = "book/learn"


def _learn_link(app, pagename, templatename, context, doctree):
    """Every chapter opens with a link to the Learn page, at the unit that follows it
    (templates/layout.html draws it)."""
    chapter = CHAPTER.fullmatch(pagename)
    if chapter and LEARN_PAGE in app.env.all_docs:
        context["ll_learn_link"] = {
            "href": context["pathto"](LEARN_PAGE) + f"#ll-chapter-{chapter.group(1)}",
            "text": translate("learn.chapter-link", page_language(app)),
        }


def _footer_link(app, pagename, templatename, context, doctree):
    """Every page's footer links the handout pack (site_handouts.py) and offers to keep the
    whole book offline (site_offline.py)."""
    href = f"{site_root(app, context)}handouts/index.html"
    lang = page_language(app)
    label = html.escape(translate("site.handouts", lang))
    context["theme_extra_footer"] = f'<a href="{href}">{label}</a>{keep_control_html(lang)}'


def _copy_assets(app, exception):
    """Sphinx copies static files only when it writes a page; these change without one."""
    if exception is None:
        for folder in (_generated(app), HERE / "static"):
            copy_asset(str(folder), str(Path(app.outdir) / "_static"))


def setup(app):
    app.connect("config-inited", _write_assets)
    app.connect("build-finished", _copy_assets)
    app.add_css_file("ll-replay.css")
    app.add_css_file("ll-site.css")
    app.add_js_file("ll-replay.js", defer="defer")
    app.connect("html-page-context", _page_assets, priority=950)
    app.connect("html-page-context", _footer_link)
    app.connect("html-page-context", _learn_link)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
