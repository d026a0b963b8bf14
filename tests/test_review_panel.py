"""The review panel (views/review_panel.py): its hooks, its words in every language, its escaping."""

from __future__ import annotations

import dataclasses
import re
from functools import cache

import pytest
from markupsafe import escape

from lingerlonger.computer.players import make_player
from lingerlonger.computer.review import VERDICTS, Chance, Review, review_hand
from lingerlonger.game.engine import from_position, new_hand
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules
from lingerlonger.views.review_panel import review_html, summary_text
from lingerlonger.words.i18n import LANGUAGES, ui

HOSTILE = "<img src=x onerror=alert(1)>"


@cache
def mistake_review() -> Review:
    """A plays A♥, which wins the trick and leaves A to lead its last card: out first, a mistake
    against 2♣ (tests/test_review.py proves the values)."""
    state = from_position(
        Rules(), "ABC", dealer="C", leader="A", trump="♥", hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock=""
    )
    return review_hand(state, [state.play("A A♥")], seat=0, deals=20)


@cache
def hand_review() -> Review:
    """Seat 0's review of a 4-player hand played by tips players, seat 0 named by an attacker."""
    start, _ = new_hand(Rules(), [HOSTILE, "Bruno", "Carla", "Dani"], dealer=3, seed=8)
    actions = [turn.action for turn in play_out(start, [make_player("tips")] * 4)]
    return review_hand(start, actions, seat=0, deals=8)


def moments_of(html: str) -> list[str]:
    return re.findall(r"<li [^>]*data-ll-moment[^>]*>", html)


def test_each_moment_carries_its_verdict_and_a_control_that_opens_its_step():
    review = hand_review()
    html = str(review_html(review, "en"))
    assert len(re.findall(r"data-ll-review[\s>]", html)) == 1 and len(review.moments) >= 3
    tags = moments_of(html)
    assert [re.search(r'data-ll-verdict="(\w+)"', tag)[1] for tag in tags] == [m.verdict for m in review.moments]
    assert {re.search(r'data-ll-verdict="(\w+)"', tag)[1] for tag in tags} <= set(VERDICTS)
    assert [re.search(r'data-ll-played="([^"]+)"', tag)[1] for tag in tags] == [
        str(moment.played.card) for moment in review.moments
    ]
    opened = re.findall(r'<button [^>]*data-ll-action="review-open" data-ll-step="(\d+)"', html)
    assert opened == [str(moment.step) for moment in review.moments]


def test_a_mistake_names_the_card_played_the_best_card_and_every_legal_cards_two_chances():
    html = str(review_html(mistake_review(), "en"))
    assert 'data-ll-verdict="mistake"' in html and "1 mistake" in html
    assert "A chose ace of hearts." in html and "Best on what A could know: 2 of clubs." in html
    # two cards, each with its two chances: a bar and the numbers, the interval in brackets
    assert html.count('class="ll-review-bar"') == 4 and html.count('class="ll-review-range-text"') == 4
    assert re.search(r"<strong>0%</strong> <span [^>]*>\(0%–\d+%\)</span>", html)
    assert "<details" in html and "19 times in 20" in html  # what the numbers mean, folded


def test_cards_as_good_as_the_best_are_all_named_best_the_one_played_first():
    """A hopeless choice (every card 0%): no card is singled out as the best."""
    moment = mistake_review().moments[0]
    hopeless = tuple(dataclasses.replace(value, known=Chance(0, 20)) for value in moment.values)
    html = str(review_html(Review(0, (dataclasses.replace(moment, values=hopeless, verdict="good"),)), "en"))
    assert "Best on what A could know: ace of hearts, 2 of clubs." in html
    assert html.count('<span class="ll-review-mark">best</span>') == 2


def test_the_biggest_moments_link_to_their_moment():
    html = str(review_html(mistake_review(), "en", anchor="ll-r7"))
    assert re.search(r'<a href="#ll-r7-0" data-ll-verdict="mistake">Trick 1: ace of hearts: Mistake</a>', html)
    assert 'id="ll-r7-0"' in html


def test_headings_give_the_panel_its_structure_from_the_level_asked():
    html = str(review_html(hand_review(), "en", level=3))
    levels = [int(level) for level in re.findall(r"<h(\d)", html)]
    assert levels[0] == 3 and set(levels) == {3, 4, 5}
    assert levels.count(5) == len(hand_review().moments)


def test_a_seat_name_is_shown_as_text_never_as_markup():
    for lang in LANGUAGES:
        html = str(review_html(hand_review(), lang))
        assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_panel_speaks_the_readers_language(lang):
    html = str(review_html(mistake_review(), lang))
    assert escape(ui("review-title", lang, name="A")) in html
    for key in ("review-show", "review-about", "review-verdict-mistake", "review-column-face-up"):
        assert escape(ui(key, lang)) in html
    if lang != "en":  # no English left over
        assert "Show this moment" not in html and "What these numbers mean" not in html


def _with_verdicts(*verdicts: str) -> Review:
    moment = mistake_review().moments[0]
    return Review(0, tuple(dataclasses.replace(moment, verdict=name) for name in verdicts))


@pytest.mark.parametrize(
    ("lang", "mistakes", "said"),
    [
        ("en", 1, "1 mistake, 1 unlucky moment"),
        ("en", 2, "2 mistakes, 1 unlucky moment"),
        ("pt", 2, "2 erros, 1 momento de azar"),
        ("es", 2, "2 errores, 1 momento de mala suerte"),
        ("ru", 1, "1 ошибка, 1 невезение"),
        ("ru", 3, "3 ошибки, 1 невезение"),
        ("ru", 5, "5 ошибок, 1 невезение"),
        ("ru", 21, "21 ошибка, 1 невезение"),
    ],
)
def test_the_summary_counts_in_the_plural_forms_of_each_language(lang, mistakes, said):
    assert summary_text(_with_verdicts(*["mistake"] * mistakes, "unlucky"), lang) == said


def test_a_hand_without_a_choice_says_so():
    html = str(review_html(Review(0, ()), "en", name="Ana"))
    assert "Ana had no choice to make" in html and "data-ll-moment" not in html
