"""The built book's widgets step in a browser with no kernel (each page's own load, offline and
clean: tests/browser/test_book_pages.py)."""

import json

import pytest
from conftest import REPO

pytestmark = pytest.mark.browser

VENDOR = REPO / "_static" / "vendor"
WIDGET_VIEWS = 'script[type="application/vnd.jupyter.widget-view+json"]'
UNRENDERED_VIEWS = f"""() => [...document.querySelectorAll('{WIDGET_VIEWS}')].filter(script => {{
    const shown = script.previousElementSibling;
    return !(shown && shown.classList.contains('widget-subarea')
             && shown.querySelector('.jupyter-widgets'));
}}).length"""


def test_jslinked_widgets_step_without_kernel(serve_directory, browser_page, tmp_path, unavailable):
    """The vendored require.js + embed manager (`make assets` copies them to _static/vendor,
    whence the build publishes them for a page that embeds widgets) run a slider jslinked
    to a Stack, as a chapter embeds them, with no kernel. (No chapter embeds live widgets
    today, its replays are static: this page is where the embed manager is tried.)"""
    if not (VENDOR / "embed-amd.js").is_file():
        unavailable(f"{VENDOR} has no widget scripts: run `make assets`")
    widgets = pytest.importorskip("ipywidgets")
    from ipywidgets.embed import embed_data

    stack = widgets.Stack([widgets.HTML(f"<p>Page {i + 1} of 3</p>") for i in range(3)], selected_index=0)
    slider = widgets.IntSlider(value=0, min=0, max=2, description="Page")
    widgets.jslink((slider, "value"), (stack, "selected_index"))
    data = embed_data(views=[widgets.VBox([slider, stack])])
    views = "".join(
        f'<script type="application/vnd.jupyter.widget-view+json">{json.dumps(spec)}</script>'
        for spec in data["view_specs"]
    )
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "vendor").symlink_to(VENDOR)
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>widgets</title>'
        '<link rel="icon" href="data:,">'
        '<script type="application/vnd.jupyter.widget-state+json">'
        f"{json.dumps(data['manager_state'])}</script>"
        '<script src="_static/vendor/require.js"></script>'
        '<script src="_static/vendor/embed-amd.js"></script>'
        f"</head><body>{views}</body></html>",
        encoding="utf-8",
    )
    page, log = browser_page
    page.goto(serve_directory(tmp_path), wait_until="load")

    handle = page.get_by_role("slider")
    handle.wait_for(state="visible", timeout=20_000)
    # The embed manager puts each view in a .widget-subarea before its script.
    page.wait_for_function(f"({UNRENDERED_VIEWS})() === 0", timeout=20_000)
    assert page.get_by_text("Error displaying widget").count() == 0
    first, second = page.get_by_text("Page 1 of 3"), page.get_by_text("Page 2 of 3")
    assert first.is_visible() and not second.is_visible()

    handle.focus()
    page.keyboard.press("ArrowRight")  # slider.value -> stack.selected_index, in the browser
    second.wait_for(state="visible", timeout=5_000)
    assert not first.is_visible()
    log.assert_clean()
