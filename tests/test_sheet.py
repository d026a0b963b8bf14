"""The printable scenario sheet and the rules sheet: self-contained, in the language asked
for, the setup drawn as cards, the steps numbered, answers kept for the end.
(How many A4 pages they print on is tests/browser/test_sheet_print.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lingerlonger.command_line.commands import main
from lingerlonger.scenario import load
from lingerlonger.views.print_sheet import RULES_SHEET_CSS, deal_rows, rules_sheet_html, scenario_sheet_html
from lingerlonger.words.i18n import LANGUAGES, language_tag, translate

LIBRARY = Path(__file__).resolve().parent.parent / "scenarios"
WORKED = LIBRARY / "06-last-card-saves.yaml"


def _worked():
    [scenario] = load(WORKED)
    return scenario


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sheet_is_one_self_contained_page_in_its_language(lang):
    page = scenario_sheet_html(_worked(), lang=lang)
    assert page.startswith("<!DOCTYPE html>") and f'<html lang="{language_tag(lang)}">' in page
    assert "@page{size:A4 portrait" in page
    assert not re.search(r"<script|<link|src=|@import|url\(", page)  # nothing to fetch
    assert translate("sheet.setup", lang) in page and translate("sheet.steps", lang) in page
    # the setup is drawn as cards: C's 2♥ and every card of the hands, face up
    assert page.count('class="ll-card ll-') >= 7
    assert translate("card", lang, rank=translate("rank.2", lang), suit=translate("suit-of.hearts", lang)) in page


def test_steps_are_numbered_narrated_and_questions_answered_at_the_end():
    page = scenario_sheet_html(_worked(), lang="pt")
    steps = re.search(r'<ol class="ll-steps">(.*?)</ol>', page).group(1)
    items = re.findall(r"<li[^>]*>(.*?)</li>", steps)
    assert "A sai com o K♣." in items[1]  # the engine's narration, in Portuguese
    assert "C ganha a vaza com o trunfo 2♥." in steps
    questions = [item for item in items if item.startswith("Pergunta ")]
    assert [q.split(":")[0] for q in questions] == ["Pergunta 1", "Pergunta 2", "Pergunta 3"]
    answers = page.split('class="ll-answers"')[1]
    assert "1. 3♣" in answers and "2. C" in answers
    assert "3♣" not in questions[0]  # the answer is not given away in the question


def test_four_colour_sheet_and_scenario_language_default():
    assert 'class="ll-four-colour"' in scenario_sheet_html(_worked(), four_colour=True)
    assert 'class="ll-four-colour"' not in scenario_sheet_html(_worked())
    [portuguese] = load(LIBRARY / "29-ultima-carta-em-portugues.yaml")
    assert '<html lang="pt-PT">' in scenario_sheet_html(portuguese)


def test_author_text_is_escaped_and_bold_kept():
    page = scenario_sheet_html(_worked())
    assert "<strong>draws before anyone is checked for\nan empty hand</strong>" in page
    assert "**" not in page


def test_sheet_command_writes_the_file(tmp_path, capsys):
    out = tmp_path / "sheet.html"
    assert main(["sheet", str(WORKED), "--lang", "es", "--four-colour", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert '<html lang="es">' in page and "ll-four-colour" in page and "baza" in page


def test_sheet_command_refuses_an_unknown_language(capsys):
    with pytest.raises(SystemExit):
        main(["sheet", str(WORKED), "--lang", "fr"])
    assert "invalid choice: 'fr'" in capsys.readouterr().err


def test_rules_sheet_has_every_language_one_shown_and_one_article():
    page = rules_sheet_html(lang="pt")
    assert page.count('<article class="ll-sheet"') == 1
    assert [
        re.search(rf'<div class="ll-version" lang="{language_tag(lang)}">', page) is not None for lang in LANGUAGES
    ] == [True] * 4
    assert re.search(r'id="ll-sheet-pt" value="pt" checked', page)
    assert page.count(" checked") == 1
    for lang, word in (("pt", "vaza"), ("es", "baza"), ("ru", "взятк"), ("en", "trick")):
        version = page.split(f'<div class="ll-version" lang="{language_tag(lang)}">')[1].split('class="ll-version"')[0]
        assert word in version
        assert "<td>4</td><td>4</td><td>36</td>" in version  # 4 players: 4 each, 36 in the stock
        # The game's name as each language writes it (Russian: as the source texts do).
        assert f"<h2>{translate('game.name', lang)} <small>" in version
    assert "<h2>Лингер-лонгер <small>" in page
    assert 'role="radiogroup" aria-label="Idioma"' in page  # the picker, named in the sheet's language


def test_a_translated_chapters_sheet_is_in_its_language_alone():
    """Chapter 13 in Russian embeds the sheet in Russian, not the English one (one language per
    screen), with no language buttons; a choice of languages still offers them."""
    page = rules_sheet_html("ru", ["ru"])
    assert 'lang="en"' not in page and "trick" not in page and "vaza" not in page
    assert re.findall(r'<div class="ll-version" lang="([\w-]+)">', page) == ["ru"]
    assert re.search(r'<div class="ll-sheet-langs" role="radiogroup" aria-label="[^"]+" hidden>', page)
    page = rules_sheet_html("pt", ["es"])  # its own language always
    assert re.findall(r'<div class="ll-version" lang="([\w-]+)">', page) == ["pt-PT", "es"]
    assert re.search(r'id="ll-sheet-pt" value="pt" checked', page)
    assert re.search(r'<div class="ll-sheet-langs" role="radiogroup" aria-label="[^"]+">', page)  # not hidden


def test_the_sheets_deal_table_is_one_card_per_player_and_the_rest_in_the_stock():
    # Rule 3: as many cards as there are players; 4 players → 4 each, 36 in the stock.
    assert deal_rows() == [(3, 3, 43), (4, 4, 36), (5, 5, 27), (6, 6, 16)]


EVERY_SAY = Path(__file__).resolve().parent / "good" / "position-every-say.yaml"


def test_every_say_is_printed_an_expects_with_the_step_it_checks():
    [scenario] = load(EVERY_SAY)
    page = scenario_sheet_html(scenario)
    said = [step.say for step in scenario.steps if step.say]
    assert len(said) == 6
    for text in said:
        assert f'<span class="ll-say">{text}</span>' in page or f'<p class="ll-say">{text}</p>' in page
    items = re.findall(r"<li[^>]*>(.*?)</li>", re.search(r'<ol class="ll-steps">(.*?)</ol>', page).group(1))
    [trick] = [item for item in items if "A wins the trick with K♣." in item]
    assert "Said on an expect after the trick." in trick
    setup = page.split('class="ll-setup"')[1].split("</section>")[0]
    assert "Said on the first expect, about the position itself." in setup


def test_a_questions_choices_and_explanation_are_printed():
    [scenario] = load(EVERY_SAY)
    page = scenario_sheet_html(scenario, lang="ru")
    steps, answers = page.split('class="ll-answers"')
    assert translate("quiz.choices", "ru", choices="Yes / No") in steps
    assert "Every player still holds cards." in answers
    assert "Without trump, the highest club wins." in answers


def test_the_sheet_reads_an_authors_markdown_as_the_pages_do():
    # One Markdown reader (markdown-it) for every view: emphasis and code, not stray * and `.
    [scenario] = load(LIBRARY / "17-exhaustion-ruling.yaml")
    page = scenario_sheet_html(scenario)
    assert "<code>exhaustion</code>" in page and "`" not in page
    page = scenario_sheet_html(_worked(), lang="pt")
    assert "<em>&quot;Quem ganhou com a última carta sobrevive comprando.&quot;</em>" in page and '*"' not in page


def test_the_rules_sheet_shows_the_language_picked_whichever_it_is():
    # The style, a file, holds the rule that shows each language's version when it is picked.
    for lang in LANGUAGES:
        rule = f'.ll-sheet:has(#ll-sheet-{lang}:checked) .ll-version[lang="{language_tag(lang)}"]{{display:block}}'
        assert rule in RULES_SHEET_CSS
