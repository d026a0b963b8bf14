"""Text that looks right but was refused, or is wrong but was accepted (issue 17): the card
notation exactly, seat names, look-alikes, escapes for the terminal, bounded Markdown."""

from __future__ import annotations

import re
import tracemalloc
import unicodedata
from pathlib import Path

import pytest
from corpora import QUIZ_HEAD
from hypothesis import given, settings
from hypothesis import strategies as st

from lingerlonger.game.cards import DECK, SUIT_SYMBOLS, CardError, parse_card, parse_suit
from lingerlonger.game.visible_text import quoted, visible
from lingerlonger.scenario import ScenarioError, loads
from lingerlonger.scenario.author_names import letters_described, looks_like, seat_name_problem, skeleton
from lingerlonger.scenario.limits import LIMITS, MAX_SEAT_NAME, MAX_TEXT_CHARS, OBJECT_PROTOTYPE_NAMES
from lingerlonger.views.markdown import _MARKDOWN, markdown_html
from lingerlonger.words.i18n import error_text

#: The card notation of book/rules-reference.md, as a regular expression written independently
#: of the parser: a rank, a suit (a symbol perhaps with a variation selector, or a letter), either
#: case, nothing between.
NOTATION = re.compile(r"\s*(10|[2-9]|[AKQJTakqjt])([♠♥♦♣♤♡♢♧][\ufe0e\ufe0f]?|[SHDCshdc])\s*")
RANKS = {"10": 10, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14} | {str(n): n for n in range(2, 10)}
SUITS = (
    {symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)}
    | {symbol: i for i, symbol in enumerate("♤♡♢♧")}
    | {letter: i for i, letter in enumerate("SHDC")}
)

card_like = st.text(st.sampled_from("0123456789AKQJTakqjtSHDCshdcſ♠♥♦♣♤♡♢♧ \ufe0e\ufe0f\u200bİıK１"), max_size=5)


@settings(max_examples=600, deadline=None)
@given(st.one_of(card_like, st.text(max_size=6)))
def test_a_card_is_read_exactly_when_it_is_written_in_the_documented_notation(text):
    match = NOTATION.fullmatch(text)
    try:
        card = parse_card(text)
    except CardError as error:
        assert match is None, text
        assert not any(unicodedata.category(char) in ("Cc", "Cf") for char in str(error)), str(error)
    else:
        assert match is not None, f"{text!r} was read as {card}"
        assert (card.rank, card.suit) == (RANKS[match[1].upper()], SUITS[match[2][0].upper()])


@pytest.mark.parametrize("text", ["0\u200d", "K\u200d♠", "\u200d"])
def test_a_refused_card_shows_a_zero_width_joiner_as_an_escape(text):
    # hypothesis found it: a joiner after a letter is invisible, so a quotation escapes it
    with pytest.raises(CardError) as refused:
        parse_card(text)
    assert "\u200d" not in str(refused.value) and "\\u200d" in str(refused.value)


@pytest.mark.parametrize("text, card", [("9♦\ufe0f", "9♦"), ("K♣\ufe0e", "K♣"), ("10♥\ufe0f", "10♥")])
def test_variation_selectors_after_a_suit_symbol_are_accepted(text, card):
    assert str(parse_card(text)) == card


@pytest.mark.parametrize("text", ["1 0 ♥", "10 ♥", "4ſ", "K\u212a", "Ｋ♠", "KS\ufe0f", "♥\ufe0f", "10♥\u200b"])
def test_look_alike_card_notations_are_refused(text):
    with pytest.raises(CardError):
        parse_card(text)


def test_every_card_reads_back_with_either_variation_selector():
    for card in DECK:
        for selector in "\ufe0e\ufe0f":
            assert parse_card(str(card) + selector) == card
    assert parse_suit("♦\ufe0f") == parse_suit("D")


def test_a_refused_card_shows_its_invisible_characters():
    with pytest.raises(CardError) as error:
        parse_card("KS\ufe0f")
    assert "\\ufe0f" in str(error.value) and "\ufe0f" not in str(error.value)


# --- seat names --------------------------------------------------------------------------

REFUSED_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp", "Zs"}


@settings(max_examples=400, deadline=None)
@given(st.text(min_size=1, max_size=30))
def test_a_seat_name_is_refused_exactly_when_it_holds_an_invisible_character_or_is_too_long(name):
    """... or is one of Object.prototype's names (a page judges an answer by seat in an object)."""
    problem = seat_name_problem(name, [])
    hidden = [char for char in name if unicodedata.category(char) in REFUSED_CATEGORIES]
    reserved = name in OBJECT_PROTOTYPE_NAMES
    assert (problem is None) == (not hidden and len(name) <= MAX_SEAT_NAME and not reserved), (name, problem)
    if problem:
        assert not any(unicodedata.category(char) in ("Cc", "Cf") for char in error_text(problem))


SEATS_TEMPLATE = """format: 1
title: Seats
rules: standard
players: [{a}, {b}, {c}]
dealer: {c}
deck: [{deck}]
steps: []
"""


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8), min_size=3, max_size=3))
def test_seats_load_only_when_each_is_visible_and_none_look_alike(names):
    quoted_names = ['"' + name.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"' for name in names]
    a, b, c = quoted_names
    text = SEATS_TEMPLATE.format(a=a, b=b, c=c, deck=", ".join(str(card) for card in DECK))
    fine = (
        all(seat_name_problem(name, []) is None and name.split() == [name] for name in names)
        and len({skeleton(name) for name in names}) == 3
    )
    try:
        [scenario] = loads(text, "seats.yaml")
    except ScenarioError as error:
        assert not fine, str(error)
        assert error.where.line == 4, str(error)  # located at the players line
    else:
        assert fine and scenario.players == tuple(names)


@pytest.mark.parametrize(
    "first, second", [("A", "\u0410"), ("B", "\u0392"), ("Pol", "P\u043el"), ("Il", "lI"), ("O", "0"), ("Ａ", "A")]
)
def test_names_that_look_the_same_are_confusable_both_ways(first, second):
    assert looks_like(first, second) and looks_like(second, first)


@pytest.mark.parametrize("first, second", [("A", "a"), ("Ana", "Ann"), ("B", "8"), ("N", "И")])
def test_names_that_look_different_are_not_confusable(first, second):
    assert not looks_like(first, second)


def test_a_letter_is_described_with_its_script():
    assert letters_described("\u0410\u03b1a") == "А (Cyrillic), α (Greek), a (Latin)"


# --- what reaches a terminal -----------------------------------------------------------------

UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_visible_text_holds_no_control_character_and_keeps_the_rest(text):
    shown = visible(text)
    assert not UNSAFE.search(shown)
    if text.isprintable():
        assert shown == text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_a_quotation_is_short_and_shows_every_invisible_character(text):
    shown = quoted(text)
    assert not UNSAFE.search(shown) and "\ufe0f" not in shown
    assert len(shown) <= 2 + 40 * 10 + 1


# --- Markdown in an author's text ------------------------------------------------------------

WORST_TEXTS = {
    "emphasis": "*a " * 700,
    "strong": "**a " * 500,
    "underscores": "a_" * 1000,
    "brackets": "[" * 2000,
    "links": "[a](" * 500,
    "images": "![a" * 700,
    "mixed": "*[" * 1000,
    "references": "[a]:\n" * 400,
}


def test_the_quadratic_reference_rule_is_off():
    assert "reference" not in _MARKDOWN.get_active_rules()["block"]
    assert "<p>[a]: /x</p>" in markdown_html("[a]: /x")  # shown as written
    assert '<a href="/x">a</a>' in markdown_html("[a](/x)")  # inline links still work


@pytest.mark.parametrize("name", sorted(WORST_TEXTS))
def test_the_worst_markdown_of_the_largest_text_allowed_renders_in_little_memory(name):
    text = (WORST_TEXTS[name] * 2)[:MAX_TEXT_CHARS]
    tracemalloc.start()
    try:
        page = markdown_html(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert page and peak < 8_000_000, f"{name}: {peak:,} bytes"


def test_a_text_longer_than_the_loader_allows_is_cut_before_rendering():
    page = markdown_html("a" * (MAX_TEXT_CHARS * 50))
    assert page.count("a") == MAX_TEXT_CHARS


def test_chapter_12_lists_every_bound_the_loader_enforces():
    chapter = (Path(__file__).resolve().parents[1] / "book" / "12-writing-scenarios.md").read_text(encoding="utf-8")
    section = chapter.split("## How big a scenario may be")[1].split("\n## ")[0]
    for name, bound in LIMITS.items():
        assert f"| {bound:,} |" in section or f"| {bound:,} bytes |" in section, name


# --- choices: two buttons that look alike (issue 39) ---------------------------------------

#: Pairs of choices a reader sees as one button: spaces, capitals, compatibility forms
#: (full-width letters, a ligature), invisible characters, a letter composed or decomposed.
ALIKE = [
    ("C is out", "C is out"),
    ("C is out", "c IS OUT"),
    ("C is out", " C  is\tout "),
    ("C is out", "C\u00a0is out"),
    ("C is out", "C is out\u200b"),
    ("C is out", "C is \u2060out"),
    ("C is out", "Ｃ is out"),
    ("Fine", "ﬁne"),
    ("Straße", "STRASSE"),
    ("Café", "Cafe\u0301"),
    ("C saiu", "C SAIU"),
    ("С вышел", "с ВЫШЕЛ"),
]


def _choices_scenario(choices: list[str], key: str) -> str:
    listed = "\n".join(f"        - {choice}" for choice in choices)
    if key == "ask":
        return (
            QUIZ_HEAD
            + "  - play: A K♣\n  - play: B 3♣\n  - play: C 2♥\n  - ask:\n      question: What happens to C?\n"
            + f"      answer: {{choice: {choices[0]}}}\n      choices:\n{listed}\n    play: D A♣\n"
        )
    return (
        QUIZ_HEAD
        + "  - task:\n      id: pick-one\n      seat: A\n      goal: choice\n"
        + f"      accept: {choices[0]}\n      choices:\n{listed}\n  - play: A K♣\n"
    )


def _quoted_yaml(text: str) -> str:
    return '"' + text.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'


@pytest.mark.parametrize("key", ["ask", "task"])
@pytest.mark.parametrize(("first", "second"), ALIKE)
def test_two_choices_that_look_alike_are_refused_at_the_second(key, first, second):
    text = _choices_scenario([_quoted_yaml(first), "Something else", _quoted_yaml(second)], key)
    with pytest.raises(ScenarioError) as refused:
        loads(text, "alike.yaml")
    lines = text.splitlines()
    assert refused.value.where.line == len(lines) - lines[::-1].index(f"        - {_quoted_yaml(second)}")
    assert refused.value.where.column == 11
    assert f"{key}: choices" in refused.value.message


@pytest.mark.parametrize("key", ["ask", "task"])
@pytest.mark.parametrize(
    ("first", "second"),
    [("C is out", "C is in"), ("C is out", "C is outside"), ("Café", "Cafe"), ("1", "l"), ("Out", "Out!")],
)
def test_choices_that_look_different_are_accepted(key, first, second):
    [scenario] = loads(_choices_scenario([_quoted_yaml(first), _quoted_yaml(second)], key), "different.yaml")
    step = next(step for step in scenario.steps if step.ask or step.task)
    assert len((step.ask or step.task).choices) == 2


@pytest.mark.parametrize(
    ("first", "second", "lang"),
    [
        ("{en: Yes, pt: Sim}", "{en: Right, pt: sim}", "pt"),  # alike in a translation only
        ("{en: Yes, ru: Да}", "{en: Right, ru: ' да '}", "ru"),
        ("{en: Yes, es: Sí}", "Sí", "es"),  # untranslated, it shows as written beside the other's Spanish
        ("{en: Yes, es: Claro}", "{en: YES, es: Sí}", "en"),
    ],
)
def test_choices_alike_in_any_language_a_text_carries_are_refused(first, second, lang):
    with pytest.raises(ScenarioError) as refused:
        loads(_choices_scenario([first, "Maybe", second], "ask"), "languages.yaml")
    assert f"read the same in {lang}" in refused.value.message


def test_choices_different_in_every_language_are_accepted():
    text = _choices_scenario(["{en: Yes, pt: Sim, es: Sí}", "{en: No, pt: Não, es: No}"], "ask")
    [scenario] = loads(text, "fine.yaml")
    assert scenario.steps[3].ask.choices == ("Yes", "No")
