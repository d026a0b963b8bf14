"""Every tab of the app walked with the keyboard alone and read through Chromium's
accessibility tree (issue 27): every control a screen reader reaches has a name; Tab goes
through each tab's controls to the page's end and never stays caught; each control Tab reaches
shows a ring of at least 2 px. One page for the module, each tab opened with the tab bar's
own keys (arrows, Enter), its content the tabpanel the tab names.
"""

from __future__ import annotations

import pytest
from conftest import FOCUSED, one_app_page, tab_to, wait_until_still, wcag_violations

pytestmark = pytest.mark.browser

TABS = ["Step through a scenario", "Play a hand", "Family table", "Set up a position", "Learn"]
#: The roles of what a reader acts on (Chromium's names for them).
CONTROLS = {"button", "checkbox", "combobox", "textbox", "slider", "tab", "link", "radio", "spinbutton", "switch"}
#: The focused element (null: the page's end): a line to tell it by, its ring, and whether it is
#: the one focused before (a trap).
FOCUS = """() => { const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el), again = el === window.llLastFocused;
  window.llLastFocused = el;
  return {line: el.outerHTML.slice(0, 120), again,
          ring: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth)}; }"""
#: The open tab's panel is drawn: a control in it is shown (a tab's widgets are drawn when it
#: is first opened).
PANEL_DRAWN = """() => [...document.querySelectorAll(
  '.widget-tab-contents > :not(.lm-mod-hidden) :is(button, select, input)')].some(control => control.offsetParent)"""


@pytest.fixture(scope="module")
def app(chromium, voila_server):
    """One page of the app for the module, its kernel shut down after it."""
    yield from one_app_page(chromium, voila_server, viewport={"width": 1280, "height": 900})


def open_tab(page, name: str) -> None:
    """Open the tab ``name`` with the tab bar's keys: Tab to it, arrows along it, Enter."""
    tab_to(page, "[role=tab]")
    for _ in range(len(TABS)):
        if page.evaluate("() => document.activeElement.textContent.trim()") == name:
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.get_by_role("tab", name=name, selected=True).wait_for()
    page.wait_for_function(PANEL_DRAWN)
    wait_until_still(page)


def unnamed_controls(page) -> list[str]:
    """The controls in Chromium's accessibility tree with no name, as their HTML."""
    cdp = page.context.new_cdp_session(page)
    found = []
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        role, name = node.get("role", {}).get("value"), str(node.get("name", {}).get("value", "")).strip()
        if node.get("ignored") or role not in CONTROLS or name:
            continue
        found.append(
            f"{role}: " + cdp.send("DOM.getOuterHTML", {"backendNodeId": node["backendDOMNodeId"]})["outerHTML"][:160]
        )
    cdp.detach()
    return found


@pytest.mark.parametrize("name", TABS)
def test_each_tab_is_walked_by_tab_to_its_end_every_control_named_and_ringed(app, name):
    page, log = app
    open_tab(page, name)
    # The open tab's content is the tabpanel its tab names and controls (ll-app.js), the only one shown.
    panel = page.get_by_role("tabpanel", name=name, exact=True)
    assert panel.count() == 1 and panel.is_visible()
    tab = page.get_by_role("tab", name=name, exact=True)
    assert tab.get_attribute("aria-controls") == panel.get_attribute("id")
    assert page.locator("[role=tabpanel]:visible").count() == 1
    assert unnamed_controls(page) == []
    assert wcag_violations(page, within=".ll-app") == []  # in light; dark: test_app_contrast.py
    seen, faint = [], []
    for _ in range(150):  # the position editor has the most: its menus, hands and the deck (one stop)
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS)
        if focused is None:  # past the last control: the page's end, where the browser's own go on
            break
        assert not focused["again"], f"Tab stays on {focused['line']}"
        seen.append(focused["line"])
        if focused["ring"] < 2:
            faint.append(focused["line"])
    else:
        raise AssertionError(f"150 Tabs never left the page; the focus is on {page.evaluate(FOCUSED)}")
    assert len(seen) >= 3
    assert faint == [], "no ring seen on these"
    log.assert_clean()
