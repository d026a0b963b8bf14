"""The app's icons are SVG files of its Voila template, one for each icon the page can show:
a widget's ``icon=`` (ipywidgets writes ``<i class="fa fa-NAME">``) and the few that ipywidgets
and Voila name themselves. No icon font: a wheel builds from the tracked files alone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
STATIC = REPO / "book/app/jupyter/voila/templates/linger/static"
ICONS_CSS = STATIC / "icons.css"
ICONS = STATIC / "icons"
#: Icons the page shows that our code does not name: ipywidgets 8's Accordion caret (closed,
#: open) and Voila's file list (lab/tree.html, page.html's pages).
NAMED_ELSEWHERE = {"caret-right", "caret-down", "folder", "book"}
ICON_RULE = re.compile(
    r"\.fa-([a-z-]+)::before \{ width: ([\d.]+)em; "
    r'-webkit-mask-image: url\("icons/\1\.svg"\); mask-image: url\("icons/\1\.svg"\); \}'
)


def icons_in_code() -> set[str]:
    """Every icon name the package gives a widget: ``icon="play"`` as an argument, and
    ``button.icon = "pause" if ... else "play"``."""
    names = set()
    for path in (REPO / "lingerlonger").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "icon":
                values = [node.value]
            elif isinstance(node, ast.Assign):
                values = (
                    [node.value]
                    if any(isinstance(target, ast.Attribute) and target.attr == "icon" for target in node.targets)
                    else []
                )
            else:
                continue
            names |= {
                leaf.value
                for value in values
                for leaf in ast.walk(value)
                if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str) and leaf.value
            }
    return names


def drawn_icons() -> dict[str, float]:
    """Icon name -> its width in em, as icons.css draws it."""
    return {name: float(width) for name, width in ICON_RULE.findall(ICONS_CSS.read_text(encoding="utf-8"))}


def test_the_code_names_the_icons_it_shows():
    assert {"play", "pause", "step-forward", "desktop", "folder-open"} <= icons_in_code()


def test_every_icon_the_page_can_show_is_drawn_and_no_other():
    wanted = icons_in_code() | NAMED_ELSEWHERE
    assert set(drawn_icons()) == wanted
    assert {path.stem for path in ICONS.glob("*.svg")} == wanted


@pytest.mark.parametrize("name", sorted(icons_in_code() | NAMED_ELSEWHERE))
def test_an_icon_is_its_svg_at_the_fonts_width(name):
    """As wide as Font Awesome's glyph was (its drawing's width over 512 units to the em),
    so that buttons keep their size, and with the notice its licence asks for."""
    svg = (ICONS / f"{name}.svg").read_text(encoding="utf-8")
    width, height = map(int, re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).groups())
    assert height == 512 and drawn_icons()[name] == width / 512
    assert "Font Awesome Free 5.15.4" in svg and "CC BY 4.0" in svg


def test_the_icons_are_credited_beside_them():
    credit = (ICONS / "README.md").read_text(encoding="utf-8")
    assert "Font Awesome Free 5.15.4" in credit and "CC BY 4.0" in credit


def test_the_template_links_the_icons_and_no_copy_of_font_awesome():
    """Both pages link icons.css, and no local Font Awesome (`make assets` no longer makes
    one). tests/browser/test_voila_smoke.py checks what the served page asks for."""
    for page in ("index.html.j2", "page.html"):
        text = (STATIC.parent / page).read_text(encoding="utf-8")
        assert "voila/templates/linger/static/icons.css" in text
        assert "vendor/fontawesome" not in text, page
