"""The drawn table in a real browser: it fits a 360 px phone, fills a projector, and loads nothing.

Screenshots go to /tmp/lingerlonger-render-<width>.png for a person to look at.
"""

from __future__ import annotations

import pytest

from lingerlonger.game.engine import apply, legal_actions, new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.views.table_html import TABLE_CSS, TableStyle, table_html

pytestmark = pytest.mark.browser

VIEWPORTS = [(360, 740), (1920, 1080)]


def after(state, actions: int):
    """The state after the first legal action, ``actions`` times, and the last trick completed."""
    for _ in range(actions):
        state, _ = apply(state, legal_actions(state)[0])
    return state, (state.history[-1] if state.history and not state.trick else None)


def page_html() -> str:
    six, _ = new_hand(
        Rules.parse("standard"), ["Grandma Rose", "Leo", "Maya", "Dad", "Sam", "Aunt Júlia"], dealer=2, seed=7
    )
    six, _ = after(six, 9)
    three, _ = new_hand(Rules.parse("equal-hands+random-trump+long-hand"), ["You", "Ana", "Ivan"], dealer=1, seed=11)
    three, last = after(three, 6)
    assert last is not None, "the three-player frame should follow a completed trick"
    tables = [
        table_html(six, show_legal=True, caption="Six players, every hand face up", include_css=False),
        table_html(
            three,
            seat="You",
            show_legal=True,
            last_trick=last,
            caption="Three players, as You see it",
            include_css=False,
        ),
        table_html(
            three,
            seat="You",
            options=TableStyle(large=True, four_colour=True),
            caption="Projector, four-colour deck",
            include_css=False,
        ),
    ]
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<title>tables</title><style>{TABLE_CSS}</style>"
        "<body style='margin:8px;background:#f4f1ea'>" + "".join(tables) + "</body></html>"
    )


def boxes_overlap(a, b) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


CARD_BOXES = """() => [...document.querySelectorAll('.ll-card')].map(card => {
    const box = card.getBoundingClientRect(), style = getComputedStyle(card);
    return {label: card.getAttribute('aria-label') || 'a card back', left: box.left,
            right: box.right, width: box.width, height: box.height,
            shown: style.visibility === 'visible' && Number(style.opacity) > 0};
})"""
LAYOUT_BOXES = """() => [...document.querySelectorAll('.ll-table')].map(table => ({
    centre: table.querySelector('.ll-centre').getBoundingClientRect().toJSON(),
    seats: [...table.querySelectorAll('.ll-seat')].map(seat => seat.getBoundingClientRect().toJSON()),
}))"""


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_tables_fit_and_show_their_cards(browser_page, width, height):
    page, log = browser_page
    html_text = page_html()
    with open("/tmp/lingerlonger-render.html", "w", encoding="utf-8") as file:
        file.write(html_text)  # to open by hand; the test loads the same text directly
    page.set_viewport_size({"width": width, "height": height})
    page.set_content(html_text, wait_until="load")
    page.screenshot(path=f"/tmp/lingerlonger-render-{width}.png", full_page=True)

    assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal overflow"
    cards = page.evaluate(CARD_BOXES)
    assert len(cards) > 40
    for card in cards:
        short, long = sorted((card["width"], card["height"]))  # the stock's bottom card lies sideways
        assert card["shown"] and short >= 30 and long >= 40, f"{card} is not visible"
        assert card["left"] >= 0 and card["right"] <= width, f"{card} is cut off"
    for table in page.evaluate(LAYOUT_BOXES):
        seats = table["seats"]
        for i, box in enumerate(seats):
            assert not boxes_overlap(box, table["centre"]), "a seat covers the centre of the table"
            assert not any(boxes_overlap(box, other) for other in seats[i + 1 :]), "seats overlap"
    log.assert_clean()


def test_a_seat_that_is_out_is_read_as_easily_as_the_others(browser_page):
    """A seat out of the hand is told by its "out" pill (words, not a colour) and its faded
    cards; its name and pill keep full contrast (axe-core, WCAG 2.2 AA), light page and felt."""
    from conftest import wcag_violations

    from lingerlonger.game.engine import from_position

    state = from_position(
        Rules(), "ABC", dealer="C", leader="A", trump="♥", hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock=""
    )
    page, log = browser_page
    tables = table_html(state, include_css=False) + table_html(state, seat="A", include_css=False)
    page.set_content(
        f"<!doctype html><html lang=en><title>out</title><style>{TABLE_CSS}</style><body>{tables}</body></html>"
    )
    assert page.locator(".ll-seat.ll-out .ll-gone").count() == 2
    assert wcag_violations(page) == []
    log.assert_clean()
