"""Narration: one plain-English sentence for every event type, naming who did what."""

import typing

import pytest

from lingerlonger.computer.players import RandomPlayer
from lingerlonger.game.cards import Suit, parse_card, parse_cards
from lingerlonger.game.engine import new_hand
from lingerlonger.game.events import (
    Dealt,
    Discarded,
    Drew,
    Eliminated,
    Event,
    Followed,
    HandEnded,
    LeadPassed,
    Led,
    TrickWon,
    TrumpChosen,
    Trumped,
    TrumpRevealed,
)
from lingerlonger.game.play_loop import finish
from lingerlonger.game.rules import Rules
from lingerlonger.words.i18n import translate
from lingerlonger.words.narration import aloud, card_name, narrate, narrate_all, suit_name

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
CARD = parse_card

# Each event, with the words its sentence must contain (who, which card or suit, what happened).
EXAMPLES = [
    (
        Dealt(3, tuple(parse_cards(hand) for hand in ("2♠ 3♠ 4♠ 5♠", "6♠ 7♠ 8♠ 9♠", "2♥ 3♥ 4♥ 5♥", "6♥ 7♥ 8♥ 9♥")), 36),
        ["Dee", "4 cards", "36"],
    ),
    (TrumpRevealed(CARD("J♥"), 3), ["Dee", "J♥", "hearts", "trump"]),
    (TrumpRevealed(CARD("J♥"), None), ["J♥", "hearts", "trump", "bottom"]),
    (Led(0, CARD("K♣")), ["Ann", "K♣", "lead"]),
    (Followed(1, CARD("3♣")), ["Bob", "3♣", "follow"]),
    (Trumped(2, CARD("2♥"), Suit.CLUBS), ["Cy", "2♥", "clubs", "trump"]),
    (Discarded(2, CARD("7♦"), Suit.SPADES), ["Cy", "7♦", "spades", "discard"]),
    (TrickWon(2, CARD("2♥"), ((0, CARD("K♣")), (2, CARD("2♥"))), True), ["Cy", "2♥", "wins", "trump"]),
    (TrickWon(0, CARD("K♣"), ((0, CARD("K♣")), (1, CARD("3♣"))), False), ["Ann", "K♣", "wins"]),
    (Drew(2, (CARD("9♦"),), 2), ["Cy", "9♦", "2"]),
    (Drew(2, parse_cards("9♦ 4♠"), 0), ["Cy", "9♦", "4♠", "empty"]),
    (Eliminated(1), ["Bob", "out"]),
    (Eliminated(1, at_once=True), ["Bob", "out", "at once"]),
    (LeadPassed(2, 3), ["Cy", "Dee", "lead"]),
    (TrumpChosen(0, Suit.DIAMONDS), ["Ann", "diamonds", "trump"]),
    (HandEnded(1, "last-holder"), ["Bob", "wins the hand", "only"]),
    (HandEnded(1, "last-trick"), ["Bob", "wins the hand", "last trick"]),
    (HandEnded(1, "exhaustion"), ["Bob", "wins the hand", "last card of the stock"]),
]


@pytest.mark.parametrize(
    "event, words", EXAMPLES, ids=lambda value: type(value).__name__ if not isinstance(value, list) else ""
)
def test_each_event_is_one_sentence_naming_who_and_what(event, words):
    sentence = narrate(event, PLAYERS)
    assert sentence[0].isupper() and sentence.endswith(".")
    for word in words:
        assert word in sentence


def test_every_event_type_has_an_example_here():
    assert {type(event) for event, _ in EXAMPLES} == set(typing.get_args(Event))


def test_the_three_end_reasons_are_told_apart():
    sentences = {narrate(HandEnded(0, reason), PLAYERS) for reason in ("last-holder", "last-trick", "exhaustion")}
    assert len(sentences) == 3


def test_a_revealed_trump_goes_back_to_the_dealer_in_the_story():
    # Rule 6: "the card goes back into the dealer's hand."
    assert "back" in narrate(TrumpRevealed(CARD("J♥"), 3), PLAYERS)


def test_something_that_is_not_an_event_is_refused():
    with pytest.raises(TypeError, match="no narration"):
        narrate("A leads", PLAYERS)


@pytest.mark.parametrize(
    "spec", ["standard", "equal-hands+instant-elimination", "standard+grand-coup", "standard+random-trump"]
)
def test_a_whole_hand_narrates_line_by_line(spec):
    names = PLAYERS
    state, dealt = new_hand(Rules.parse(spec), names, dealer=3, seed=4)
    _, events = finish(state, [RandomPlayer(seat) for seat in range(4)])
    lines = narrate_all(dealt + events, names)
    assert len(lines) == len(dealt) + len(events)
    assert all(line and line.endswith(".") for line in lines)
    assert "wins the hand" in lines[-1]


#: Spanish names a card with its article, as a Spanish writer does: la jota, la reina; el as, el
#: rey, el 7 (the native reading of 2026-12-05: «Leo abre con as de diamantes» was said aloud).
SPANISH_ARTICLES = [
    (Led(0, CARD("Q♦")), "Ann abre con la Q♦.", "Ann abre con la reina de diamantes."),
    (Followed(1, CARD("J♦")), "Bob sigue el palo con la J♦.", "Bob sigue el palo con la jota de diamantes."),
    (Trumped(2, CARD("2♥"), Suit.CLUBS), "Cy no tiene tréboles y triunfa con el 2♥.", None),
    (
        Discarded(2, CARD("A♠"), Suit.CLUBS),
        "Cy no tiene tréboles y descarta el A♠.",
        "Cy no tiene tréboles y descarta el as de picas.",
    ),
    (
        TrickWon(2, CARD("2♥"), ((0, CARD("K♣")), (2, CARD("2♥"))), True),
        "Cy gana la baza con el 2♥, que es triunfo.",
        None,
    ),
    (TrumpRevealed(CARD("Q♥"), 3), "Dee muestra su última carta, la Q♥: el triunfo es corazones.", None),
    (Drew(2, (CARD("9♦"),), 2), "Cy roba el 9♦ (quedan 2 cartas en el mazo).", None),
    (Drew(2, parse_cards("9♦ 4♠"), 0), "Cy roba 9♦, 4♠ (el mazo ya está vacío).", None),  # a row: no article
]


#: Portuguese too: «sai com a dama», «descarta o ás» (the native reading of 2026-12-05 heard
#: «Rui sai com 8 de espadas» where a speaker says «com o 8»).
PORTUGUESE_ARTICLES = [
    (Led(0, CARD("Q♦")), "Ann sai com a Q♦.", "Ann sai com a dama de ouros."),
    (Followed(1, CARD("8♠")), "Bob assiste com o 8♠.", "Bob assiste com o 8 de espadas."),
    (Trumped(2, CARD("2♥"), Suit.CLUBS), "Cy não tem paus e corta com o 2♥.", None),
    (
        Discarded(2, CARD("A♠"), Suit.CLUBS),
        "Cy não tem paus e descarta o A♠.",
        "Cy não tem paus e descarta o ás de espadas.",
    ),
    (TrickWon(2, CARD("K♣"), ((0, CARD("K♣")), (2, CARD("2♦"))), False), "Cy ganha a vaza com o K♣.", None),
    (Drew(2, (CARD("Q♠"),), 2), "Cy compra a Q♠ (", None),
    (Drew(2, parse_cards("9♦ 4♠"), 0), "Cy compra 9♦, 4♠ (", None),  # a row: no article
]


ARTICLES = [("es", *case) for case in SPANISH_ARTICLES] + [("pt", *case) for case in PORTUGUESE_ARTICLES]


@pytest.mark.parametrize(("lang", "event", "written", "said"), ARTICLES)
def test_the_narration_names_a_card_with_its_article(lang, event, written, said):
    line = narrate(event, PLAYERS, lang)
    assert line.startswith(written)
    if said:
        assert aloud(line, lang) == said


#: The review's lines with a card (its article) and with a suit (none), and the card chosen.
REVIEW_ARTICLES = {
    "es": (
        "En este reparto, con la reina de picas pierde usted; con el as de corazones habría ganado.",
        "En este reparto, con corazones pierde usted; con picas habría ganado.",
        "Leo eligió el as de diamantes.",
        "Leo eligió corazones.",
    ),
    "pt": (
        "Nesta distribuição, com a dama de espadas perde; com o ás de copas teria ganho.",
        "Nesta distribuição, com copas perde; com espadas teria ganho.",
        "Leo escolheu o ás de ouros.",
        "Leo escolheu copas.",
    ),
}


@pytest.mark.parametrize("lang", sorted(REVIEW_ARTICLES))
def test_the_review_names_a_card_with_its_article_and_a_suit_without(lang):
    with_cards, with_suits, card_chosen, suit_chosen = REVIEW_ARTICLES[lang]
    cards = {"card": card_name(CARD("Q♠"), lang), "other": card_name(CARD("A♥"), lang)}
    assert translate("review.line-result", lang, **cards) == with_cards
    suits = {"card": suit_name(Suit.HEARTS, lang), "other": suit_name(Suit.SPADES, lang)}
    assert translate("review.line-result", lang, **suits) == with_suits
    assert translate("ui.review-chose", lang, name="Leo", card=card_name(CARD("A♦"), lang)) == card_chosen
    assert translate("ui.review-chose", lang, name="Leo", card=suit_name(Suit.HEARTS, lang)) == suit_chosen
