"""The app in JupyterLab's dark theme (Voilà's --theme=dark): its players stay light sheets,
so no word of the theme's (white) lands on their white boxes: the selected tab's title and
"Save as lesson" were white on white. axe-core's WCAG 2.2 AA rules find nothing on any tab, nor
on a hand played to its end (in light: test_app_walk.py)."""

from __future__ import annotations

import pytest
from conftest import (
    ROUND_TRIP_MS,
    VOILA_READY_MS,
    any_free_port,
    app_available,
    open_app,
    play_app_hand,
    running_voila,
    unavailable,
    wait_until_still,
    wcag_violations,
)

pytestmark = pytest.mark.browser

#: An element's text colour and the colour of the first box behind it that has one.
COLOURS = """el => {
  let back = el;
  while (back && getComputedStyle(back).backgroundColor.replace(/\\s/g, '').match(/rgba\\(0,0,0,0\\)|transparent/))
    back = back.parentElement;
  return [getComputedStyle(el).color, back ? getComputedStyle(back).backgroundColor : 'rgb(255, 255, 255)'];
}"""


def contrast(colours: list[str]) -> float:
    """WCAG's contrast ratio of two CSS rgb() colours."""

    def luminance(colour: str) -> float:
        channels = [int(part) / 255 for part in colour[colour.index("(") + 1 : -1].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted(map(luminance, colours), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.fixture(scope="module")
def dark_app():
    app_available(unavailable)
    with running_voila(any_free_port(), "--theme=dark") as (url, _):
        yield url


def test_the_dark_apps_tab_titles_and_save_as_lesson_are_readable(dark_app, browser_page):
    page, _ = browser_page
    open_app(page, dark_app)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
    page.get_by_role("tab", name="Play a hand").click()
    hand = page.locator(".ll-hand-player")
    hand.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    current = page.locator(".ll-app .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
    save = hand.locator("a.ll-save-lesson")
    for name, element in (
        ("the selected tab", current),
        ("Save as lesson", save),
        ("its speed", hand.locator(".widget-label").first),
    ):
        ratio = contrast(element.evaluate(COLOURS))
        assert ratio >= 4.5, f"{name}: contrast {ratio:.2f}"
    problems = wcag_violations(page, within=".ll-app")
    assert not problems, "\n".join(problems)


#: The app's tabs, as the tab bar names them (tests/browser/test_app_walk.py walks them in light).
TABS = ["Step through a scenario", "Family table", "Set up a position", "Learn"]


def test_every_tab_of_the_dark_app_and_a_hand_played_out_meet_wcag_22_aa(dark_app, browser_page):
    page, _ = browser_page
    play_app_hand(page, dark_app)
    problems = [f"a hand played out: {line}" for line in wcag_violations(page, within=".ll-app")]
    for name in TABS:
        page.get_by_role("tab", name=name, exact=True).click()
        panel = page.get_by_role("tabpanel", name=name, exact=True)  # its widgets drawn when first opened
        panel.locator("button").first.wait_for(state="visible", timeout=VOILA_READY_MS)
        wait_until_still(page)
        problems += [f"{name}: {line}" for line in wcag_violations(page, within=".ll-app")]
    assert not problems, "\n".join(problems)
