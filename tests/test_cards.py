"""The card notation of book/rules-reference.md, and the rank order of its rule 2."""

import tokenize
from pathlib import Path

import pytest

from lingerlonger.game.cards import (
    DECK,
    Card,
    CardError,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
    sort_hand,
)

TEN_OF_HEARTS = Card.of(10, Suit.HEARTS)


# Card notation: `10♥`, `TH`, `th` and `10h` are the same card (and a phone's variation selector).
@pytest.mark.parametrize("text", ["10♥", "TH", "th", "10h", "10H", "T♥", "t♥", "tH", " 10♥ ", "10♥\ufe0f", "T♥\ufe0e"])
def test_every_notation_of_the_ten_of_hearts_is_one_card(text):
    assert parse_card(text) == TEN_OF_HEARTS


# Card notation: cards are always written back as `10♥`.
def test_output_uses_ten_and_suit_symbol_style():
    assert str(parse_card("th")) == "10♥"
    assert format_cards(parse_cards("TH qs 2c ad")) == "10♥, Q♠, 2♣, A♦"


# Card notation: ranks A K Q J 10 9 … 2 (also T for ten), suits ♠ ♥ ♦ ♣ or S H D C, in any case.
@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_reads_back_from_symbol_letter_and_lower_case(card):
    letter_form = card.rank_label.replace("10", "T") + card.suit.letter
    assert parse_card(str(card)) == card
    assert parse_card(letter_form) == card
    assert parse_card(letter_form.lower()) == card
    assert parse_card(card.rank_label.lower() + card.suit.letter.lower()) == card


def test_the_deck_is_52_distinct_cards_13_per_suit():
    # Rule 2: a 52-card French deck, no jokers.
    assert len(set(DECK)) == 52
    for suit in Suit:
        assert sorted(card.rank for card in DECK if card.suit == suit) == list(range(2, 15))


def test_the_deck_size_is_written_once():
    """52 (and 51, the most a cut may lift) are decided by ``cards`` alone: every other module
    says ``len(CARDS)``, so no copy of the number can disagree with the deck."""
    package = Path(__file__).resolve().parents[1] / "lingerlonger"
    written = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "cards.py" and path.parent.name == "game":
            continue
        with path.open("rb") as source:
            written += [
                f"{path.relative_to(package)}:{token.start[0]}"
                for token in tokenize.tokenize(source.readline)
                if token.type == tokenize.NUMBER and token.string in ("52", "51")
            ]
    assert not written


# Rule 2: rank, high to low: A K Q J 10 9 8 7 6 5 4 3 2.
def test_rank_order_is_ace_high_two_low():
    high_to_low = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠")
    assert [card.rank for card in high_to_low] == sorted((card.rank for card in high_to_low), reverse=True)
    assert list(high_to_low) == sorted(high_to_low, reverse=True)  # cards compare by rank in a suit


@pytest.mark.parametrize(
    "text, words",
    [
        ("11♥", ["11♥", "rank"]),
        ("1x", ["1x", "suit"]),
        ("", ["''"]),
        ("   ", ["rank and a suit"]),
        ("♥", ["rank and a suit"]),
        ("10", ["suit"]),
        ("ZH", ["rank"]),
        ("10♥♥", ["rank"]),
        ("10 ♥", ["rank"]),
        ("1 0 ♥", ["rank"]),
        ("4ſ", ["suit"]),
    ],
)
def test_a_malformed_card_is_refused_with_a_message_that_says_why(text, words):
    with pytest.raises(CardError) as error:
        parse_card(text)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize("value", [None, 10, 3.5])
def test_a_card_that_is_not_text_is_refused(value):
    with pytest.raises(CardError, match="not a card"):
        parse_card(value)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_parse_cards_takes_a_list_or_a_space_or_comma_separated_string():
    expected = (Card.of(13, Suit.CLUBS), Card.of(3, Suit.CLUBS), Card.of(2, Suit.HEARTS))
    assert parse_cards("K♣ 3c, 2h") == expected
    assert parse_cards(["kc", "3♣", "2H"]) == expected
    assert parse_cards("") == ()


def test_parse_cards_names_the_bad_card():
    with pytest.raises(CardError, match="11♥"):
        parse_cards("K♣ 11♥")


@pytest.mark.parametrize(
    "text, suit",
    [
        ("♠", Suit.SPADES),
        ("s", Suit.SPADES),
        ("H", Suit.HEARTS),
        ("♦", Suit.DIAMONDS),
        ("d", Suit.DIAMONDS),
        ("♣", Suit.CLUBS),
        (" c ", Suit.CLUBS),
    ],
)
def test_parse_suit_reads_symbols_and_letters(text, suit):
    assert parse_suit(text) == suit


@pytest.mark.parametrize("text", ["", "x", "hearts", "10♥", None])
def test_parse_suit_refuses_anything_else(text):
    with pytest.raises(CardError, match="not a suit"):
        parse_suit(text)


def test_card_knows_its_rank_and_suit():
    card = parse_card("Q♦")
    assert (card.rank, card.suit, card.rank_label) == (12, Suit.DIAMONDS, "Q")
    assert Card.of(14, Suit.SPADES) == parse_card("A♠")
    assert str(Suit.CLUBS) == "♣"


def test_sort_hand_groups_suits_puts_trump_last_and_ranks_high_to_low():
    hand = parse_cards("2h 9c AH 3s 10c")
    assert sort_hand(hand, trump=Suit.HEARTS) == parse_cards("3♠ 10♣ 9♣ A♥ 2♥")
    assert sorted(sort_hand(hand)) == sorted(hand)  # a permutation, nothing lost
