"""The published site's packing (book/_ext): replays moved out of the pages, unused files removed."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from lingerlonger.scenario import load
from lingerlonger.scenario.replay import replay
from lingerlonger.views.course_page import BODY_END, course_html
from lingerlonger.views.page_replay import LAZY_START, gallery_html, replay_html

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))

import site_assets  # noqa: E402
import site_meta  # noqa: E402
import site_pack  # noqa: E402
from learn_fixture import units  # noqa: E402

SCENARIOS = [REPO / "scenarios" / name for name in ("06-last-card-saves.yaml", "03-follow-suit.yaml")]


def test_a_pages_replays_keep_only_a_placeholder_and_share_the_player_files():
    runs = [replay(load(path)[0]) for path in SCENARIOS]
    body = gallery_html(runs) + replay_html(runs[0])  # the first replay twice, as a chapter may
    written: dict[str, str] = {}
    page = site_assets.lazy_replays(body, written.__setitem__, lambda name: f"../_static/{name}")
    assert "data-ll-asset" not in page and "<template" not in page and LAZY_START not in page
    assert page.count('class="ll-lazy"') == 3 and page.count('class="ll-replay"') == 3
    assert len(written) == 2, "the same replay twice is one file"
    for name, script in written.items():
        # a classic script (it loads from file://, where a fetch is refused) that hands its
        # markup to the player under its key
        key = name.removeprefix("replays/").removesuffix(".js")
        assert f'data-src="../_static/{name}" data-key="{key}"' in page
        assigned = re.fullmatch(
            r'\(window\.llReplayParts = window\.llReplayParts \|\| \{\}\)\["(\w+)"\] = (.*);\n', script, re.S
        )
        assert assigned and assigned.group(1) == key
        part = json.loads(assigned.group(2))
        assert "<template data-frame=" in part and 'data-go="next"' in part
    assert all(run.scenario.title in page for run in runs), "titles stay in the page"


def test_the_learn_page_keeps_every_exercises_shell_and_each_later_units_bodies_go_to_its_file():
    """Issue 47: the Learn page carries its first unit's exercises; every other unit's bodies (their
    review copies with them) go to one script per unit that registers each by task id."""
    learn = units()
    page_in = str(course_html(learn, "ru"))
    written: dict[str, str] = {}
    page = site_assets.lazy_task_bodies(page_in, "ru", written.__setitem__, lambda name: f"../_static/{name}")
    ids = re.findall(r'<article[^>]*data-ll-task="([^"]+)"', page)
    assert ids == re.findall(r'<article[^>]*data-ll-task="([^"]+)"', page_in), "every shell stays, in order"
    assert BODY_END not in page and "data-ll-body-unit" not in page
    first, later = learn[0], learn[1:]
    assert len(written) == len(later) >= 1 and all(
        re.fullmatch(r"learn/ru-[\w-]+\.[0-9a-f]{12}\.js", n) for n in written
    )
    for unit in later:
        [(name, script)] = [(n, text) for n, text in written.items() if n.startswith(f"learn/ru-{unit.id}.")]
        head, *lines, tail = script.split("\n")[:-1]
        assert head == "(function () {" and tail == "})();"
        assert lines[0] == "var bodies = window.llTaskBodies = window.llTaskBodies || Object.create(null);"
        bodies = dict(re.fullmatch(r'bodies\[("[^"]+")\] = (".*");', line).groups() for line in lines[1:])
        bodies = {json.loads(key): json.loads(value) for key, value in bodies.items()}
        own = [task.id for task in unit.tasks] + [task.id + "-review" for task in unit.tasks if task.review]
        assert sorted(bodies) == sorted(own)
        for task_id, markup in bodies.items():
            assert f'<template data-ll-task-body data-ll-src="../_static/{name}"></template>' in article(page, task_id)
            assert 'class="ll-task-data"' in markup and "ll-answers" in markup
            assert markup in page_in, "the markup as the page held it"
    for task in first.tasks:  # in the page, drawn at once
        assert 'class="ll-task-data"' in article(page, task.id) and "data-ll-src" not in article(page, task.id)


def article(page: str, task_id: str) -> str:
    return re.search(rf'<article[^>]*data-ll-task="{task_id}".*?</article>', page, re.S).group(0)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_prune_keeps_what_pages_reach_and_removes_the_rest(tmp_path):
    site = tmp_path / "html"
    write(site / "index.html", '<link href="_static/look.css"><script src="_static/run.js"></script>')
    write(site / "pt" / "index.html", '<img src="_static/logo.png">')  # a language's sub-site
    write(site / "_static" / "look.css", "@font-face{src:url(icons.woff)}")
    write(site / "_static" / "icons.woff", "font")
    write(site / "_static" / "run.js", "fetch('replays/a1.html')\n//# sourceMappingURL=run.js.map")
    write(site / "_static" / "replays" / "a1.html", "<template></template>")
    write(site / "pt" / "_static" / "logo.png", "png")
    unused = [
        write(site / "_static" / "vendor" / "embed-amd.js", "big"),
        write(site / "_static" / "run.js.map", "{}"),
        write(site / "_sources" / "index.md", "# source"),
        write(site / "_static" / "locales" / "pt" / "booktheme.mo", "mo"),
    ]
    removed = site_pack.prune(site)
    assert sorted(removed) == sorted(path.relative_to(site) for path in unused)
    assert not any(path.exists() for path in unused)
    assert (site / "_static" / "icons.woff").is_file() and (site / "pt" / "_static" / "logo.png").is_file()
    assert "sourceMappingURL" not in (site / "_static" / "run.js").read_text()
    assert not (site / "_sources").exists() and not (site / "_static" / "vendor").exists()


def test_file_names_finds_what_the_file_name_pattern_finds():
    """The pack seeks file names only in the runs of name characters that hold a dot (faster):
    the same names as the pattern over the whole text, on the theme's own files and on cases at
    a run's edges (a name ending before a hyphen, after "@", a dot run, an extension too long)."""
    cases = [
        'src="../_static/ll-replay.js?v=1" ll-replay-controls a.b-c.de x@2x.png ...js .x foo.toolongextension1',
        "url(fonts/ll-icons.woff)@import 'a.css';--x:1.5rem;v1.2.3-rc.1 _static/replays/56ca.html#x",
    ]
    cases += [path.read_text(encoding="utf-8") for path in sorted((REPO / "book" / "_ext" / "static").iterdir())]
    for text in cases:
        assert site_pack.file_names(text) == set(site_pack.FILE_NAME.findall(text))


def test_packing_a_packed_site_again_keeps_its_link_previews_and_draws_none(tmp_path, monkeypatch):
    """The tests pack copies of the built site again (a new build, a sub-path): each run drew
    every page's preview once more, after the pruning had removed them as linked by nothing."""
    site = tmp_path / "html"
    page = write(site / "book" / "rules.html", "<html><head><title>Rules \u2014 Linger Longer</title></head></html>")
    site_meta.add_meta(site, [page], "http://localhost:8000/")
    [preview] = (site / site_meta.PREVIEWS).iterdir()
    drawn = []
    monkeypatch.setattr(site_meta, "draw_preview", lambda title, path: drawn.append(title))
    site_pack.prune(site, keep=site_meta.previews_of(site, site_pack.pages(site)))
    site_meta.add_meta(site, [page], "http://localhost:8000/")
    assert preview.is_file() and drawn == []
    assert preview.name in page.read_text(encoding="utf-8")


def test_the_icon_subset_holds_every_glyph_the_theme_draws():
    points = site_assets.icon_codepoints(site_assets.theme_dirs())
    bars, moon, info_circle = 0xF0C9, 0xF186, 0xF05A  # the menu, dark mode, a note's icon
    assert {bars, moon, info_circle} <= points
    assert len(points) < 100, "a subset, not the whole font"
