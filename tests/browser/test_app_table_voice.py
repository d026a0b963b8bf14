"""The voice of the app's tables (issue 27): the play tab's and the family table's live regions
stay on the page and have each turn's lines added to them (a region drawn anew is not heard),
and their command keys (H C T S P W L ?) answer in words while the table, or its row of cards,
has the focus, and only then, unless they are turned off. The family table says each play and
tells a hand only to its person, while they hold the device.

One app for the module (a page costs a kernel and seconds): the tests run in order on it.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import (
    LISTEN,
    ROUND_TRIP_MS,
    heard_lines,
    in_words,
    new_hand_in_play_tab,
    next_turn,
    one_app_page,
    tab_to,
    wait_until_still,
    wcag_violations,
)

from lingerlonger.views.table_html import TEXT_STYLE

pytestmark = pytest.mark.browser

#: What each key asks for (words/table_keys.py) and the shape of its answer in English.
KEYS = {
    "h": ("hand", r"^.+'s hand: .*\b(spades|hearts|diamonds|clubs)\b.*\.$"),
    "c": ("trick", r"^(On the table: .+ played .+|No card on the table yet)\.$"),
    "t": ("trump", r"^(Trump: (spades|hearts|diamonds|clubs)|This game has no trump|Trump is not named yet)\.$"),
    "s": ("stock", r"^\d+ cards? in the stock\.$"),
    "p": ("scores", r"^.+: \d+ tricks?, \d+ cards? won(; .+: \d+ tricks?, \d+ cards? won)+$"),
    # the module's one page is wherever the tests before left it: a trick just won, or none yet
    "w": ("turn", r"^.+ (to lead|to play|wins the trick|wins the hand)\b"),
    "l": ("last-trick", r"^(Last trick, won by .+: .+ played .+|No trick has been won yet)\.$"),
}
#: The table's live regions, marked once: a region drawn anew would have lost its mark.
MARK_REGIONS = "player => player.querySelectorAll('[data-ll-announce]').forEach(region => { region.llKept = true; })"
KEPT_REGIONS = "player => [...player.querySelectorAll('[data-ll-announce]')].map(region => region.llKept === true)"


@pytest.fixture(scope="module")
def app(chromium, voila_server):
    """One page of the app for the module, its kernel shut down after it."""
    yield from one_app_page(chromium, voila_server)


def listened_table(page, tab: str, selector: str):
    """The app's tab ``tab`` opened, its table (``selector``) with the computers at once, its
    live regions marked and listened to from now on."""
    page.get_by_role("tab", name=tab).click()
    table = page.locator(selector)
    table.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    table.get_by_label("Computer speed").select_option(label="instant")
    table.evaluate(MARK_REGIONS)
    table.evaluate(LISTEN)
    return table


@pytest.fixture(scope="module")
def hand(app):
    """The play tab, its regions marked and listened to from the start, the computers at once,
    two of your cards played (a trick won: the last trick to tell)."""
    page, _ = app
    player = listened_table(page, "Play a hand", ".ll-hand-player")
    new_hand_in_play_tab(player, player.locator(".ll-deal").click)
    step = -1
    for _ in range(2):
        step = next_turn(player, step)
        assert step is not None, "the hand ended within two of your cards"
        player.locator(".ll-card-row button:visible").first.click()
    assert next_turn(player, step) is not None
    wait_until_still(page)
    return player


def said_after(page, key: str) -> list[str]:
    """The lines the table says once ``key`` is pressed (none: after a moment, nothing). Counted
    from when everything said before is heard: a moment still being gathered, or words the
    kernel sent and the page has not taken yet, would be said after the key and counted as its."""
    before = len(heard_lines(page))
    page.keyboard.press(key)
    try:
        page.wait_for_function(f"() => window.llHeard.length > {before}", timeout=2_000)
    except Exception:  # playwright's TimeoutError: nothing was said
        return []
    return [text for _, text in heard_lines(page)[before:]]


def test_the_play_tabs_regions_stay_and_each_turn_adds_its_lines(app, hand):
    page, log = app
    assert hand.evaluate(KEPT_REGIONS) == [True, True], "a live region was drawn anew: its news is not heard"
    heard = heard_lines(page)
    polite = hand.locator("[data-ll-announce=polite] > p > span").all_inner_texts()
    plays = [text for kind, text in heard if kind == "polite" and " leads " in text]
    assert len(plays) >= 2 and set(plays) <= set(polite)  # every turn's lines, kept in the region
    assert [kind for kind, text in heard if text.startswith("Your turn")].count("polite") >= 3  # after its plays
    for part in (".ll-hand-player .ll-keys-toggle", ".ll-hand-player .ll-stage", ".ll-hand-player .ll-voice"):
        assert wcag_violations(page, within=part) == [], part  # the switch, the named table, its regions
    log.assert_clean()


@pytest.mark.parametrize("key", list(KEYS))
def test_each_command_key_says_its_answer_while_the_table_has_the_focus(app, hand, key):
    page, _ = app
    asked, shape = KEYS[key]
    tab_to(page, ".ll-hand-player .ll-stage")  # the table itself takes the focus
    answers = json.loads(hand.locator(".ll-stage .ll-table").get_attribute("data-ll-keys"))
    said = said_after(page, key)
    assert said == [answers[asked]], said
    assert re.search(shape, said[0]), said[0]
    assert hand.locator("[data-ll-announce=polite] > p").last.get_attribute("lang") == "en"


def test_question_mark_lists_the_keys_and_the_table_is_named(app, hand):
    page, _ = app
    tab_to(page, ".ll-hand-player .ll-stage")
    said = said_after(page, "?")
    assert len(said) == 1 and said[0].startswith("Keys, while the table has focus: H the hand"), said
    stage = hand.locator(".ll-stage")
    assert stage.get_attribute("role") == "group"
    assert stage.get_attribute("aria-label") == "Table: press the question mark for its keys"
    ring = stage.evaluate("stage => getComputedStyle(stage).outlineWidth")
    assert float(ring.removesuffix("px")) >= 2, f"the focused table's ring is {ring}"


def test_the_keys_act_from_the_row_of_cards_too_and_nowhere_else(app, hand):
    page, _ = app
    tab_to(page, ".ll-hand-player .ll-card-row button")
    assert said_after(page, "t") and said_after(page, "s")
    tab_to(page, ".ll-hand-player .ll-deal")
    assert said_after(page, "s") == []  # "New hand": not the table


def test_the_keys_can_be_turned_off_and_the_choice_is_kept(app, hand):
    page, _ = app
    toggle = hand.locator("input[data-ll-keys-on]")
    assert toggle.is_checked() and hand.get_by_label("Single-key commands on the table").count() == 1
    tab_to(page, ".ll-hand-player input[data-ll-keys-on]")
    page.keyboard.press("Space")
    assert not toggle.is_checked()
    tab_to(page, ".ll-hand-player .ll-stage")
    assert said_after(page, "h") == []
    assert page.evaluate("() => localStorage.getItem('ll-keys')") == ""
    tab_to(page, ".ll-hand-player input[data-ll-keys-on]")
    page.keyboard.press("Space")
    tab_to(page, ".ll-hand-player .ll-stage")
    assert said_after(page, "h")


# --- the family table: one device passed between people ----------------------------------


@pytest.fixture(scope="module")
def family(app, hand):
    """The family table's match started (two people, two computers at once), its regions marked
    and listened to from the start: the pass screen up for the first person."""
    page, _ = app
    table = listened_table(page, "Family table", ".ll-family-table")
    table.get_by_role("button", name=re.compile("Start the match")).click()
    table.locator(".ll-reveal").wait_for(state="visible", timeout=ROUND_TRIP_MS)
    # the words come with the screen's last messages, after its button
    page.wait_for_function(
        "() => window.llHeard.some(([, text]) => text.startsWith('Pass the device'))", timeout=ROUND_TRIP_MS
    )
    wait_until_still(page)
    return table


def test_the_family_tables_pass_screen_says_whose_turn_and_tells_no_hand(app, family):
    page, log = app
    person = re.search(r"I am (.+) — show my cards", family.locator(".ll-reveal").inner_text())[1]
    heard = [text for _, text in heard_lines(page)]
    assert heard and heard[-1] == f"Pass the device to {person}.", heard  # the last word, after the deal's
    tab_to(page, ".ll-family-table .ll-stage")
    assert said_after(page, "h") == ["No hand is shown here."]
    assert said_after(page, "s")[0].endswith("in the stock.")
    for part in (".ll-family-table .ll-keys-toggle", ".ll-family-table .ll-stage", ".ll-family-table .ll-pass"):
        assert wcag_violations(page, within=part) == [], part
    log.assert_clean()


def test_the_family_table_tells_a_hand_to_its_person_and_says_their_play(app, family):
    page, _ = app
    person = re.search(r"I am (.+) — show my cards", family.locator(".ll-reveal").inner_text())[1]
    tab_to(page, ".ll-family-table .ll-reveal")
    page.keyboard.press("Enter")
    assert next_turn(family, -1) is not None  # the person's turn shown, and its words taken by the page
    wait_until_still(page)
    tab_to(page, ".ll-family-table .ll-stage")
    said = said_after(page, "h")
    assert len(said) == 1 and said[0].startswith(f"{person}'s hand: "), said
    tab_to(page, ".ll-family-table .ll-card-row button")
    card = in_words(page.evaluate("() => document.activeElement.textContent").replace(TEXT_STYLE, "").strip())
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([name, card]) => window.llHeard.some(([kind, text]) => text.startsWith(name + ' ') && text.includes(card))",
        arg=[person, card],
        timeout=ROUND_TRIP_MS,
    )
    assert family.evaluate(KEPT_REGIONS) == [True, True]
    family.locator(".ll-reveal, .ll-end").first.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    if family.locator(".ll-reveal").is_visible():  # the next person's pass screen: no hand told
        wait_until_still(page)
        tab_to(page, ".ll-family-table .ll-stage")
        assert said_after(page, "h") == ["No hand is shown here."]
