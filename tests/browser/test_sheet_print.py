"""Printed sheets, measured in chromium: a lesson's scenario sheet fits one A4 page, a whole
hand flows onto more pages without cutting the table in two, and the rules sheet prints
on one page in each language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import COUNT_PRINTS

from lingerlonger.scenario import load
from lingerlonger.views.print_sheet import RULES_SHEET_CSS, rules_sheet_html, scenario_sheet_html
from lingerlonger.words.i18n import LANGUAGES, language_tag

pytestmark = pytest.mark.browser

LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"
PDF_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def pages(page, html: str) -> int:
    page.set_content(html, wait_until="load")
    page.emulate_media(media="print")
    return len(PDF_PAGE.findall(page.pdf(format="A4", print_background=True, prefer_css_page_size=True)))


@pytest.mark.parametrize(
    "name", ["06-last-card-saves.yaml", "03-follow-suit.yaml", "29-ultima-carta-em-portugues.yaml"]
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_prints_on_one_a4_page(browser_page, name, lang):
    page, _ = browser_page
    [scenario] = load(LIBRARY / name)
    assert pages(page, scenario_sheet_html(scenario, lang=lang, four_colour=True)) == 1


def test_a_whole_hand_paginates_without_splitting_the_table(browser_page):
    page, _ = browser_page
    [scenario] = load(LIBRARY / "18-whole-hand.yaml")
    count = pages(page, scenario_sheet_html(scenario))
    assert count >= 1
    # the table (with its heading) is on the first page, whole: its box fits one A4 page
    box = page.locator(".ll-setup").bounding_box()
    assert box["y"] + box["height"] < 297 / 25.4 * 96


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_sheet_prints_on_one_page_in_each_language(browser_page, lang):
    page, _ = browser_page
    html = (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><style>{RULES_SHEET_CSS}</style>"
        f"</head><body><p>page text not printed</p>{rules_sheet_html(lang)}</body></html>"
    )
    assert pages(page, html) == 1
    shown = page.locator(".ll-version:visible")
    assert shown.count() == 1 and shown.get_attribute("lang") == language_tag(lang)


def test_the_rules_sheets_button_prints(browser_page):
    # A data-ll-print button that sheet.js (written after the sheet) listens for; no inline handler.
    page, log = browser_page
    page.set_content(
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><style>{RULES_SHEET_CSS}</style></head>"
        f"<body>{rules_sheet_html('ru')}</body></html>",
        wait_until="load",
    )
    page.evaluate(COUNT_PRINTS)
    page.locator(".ll-version:visible .ll-sheet-print").click()
    assert page.evaluate("window.llPrinted") == 1
    log.assert_clean()
