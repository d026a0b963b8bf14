"""Cards, suits and the card notation of the Rules reference (book/rules-reference.md).

A card is a small ``int`` (``suit * 13 + rank - 2``) so that hands, stocks and
tricks are cheap tuples and a random playout stays fast, yet it prints as a
card and compares by rank within a suit.

>>> card = parse_card("th")
>>> card, card.rank, card.suit
(Card('10♥'), 10, Suit.HEARTS)
>>> str(parse_card("10♥")) == str(parse_card("TH")) == "10♥"
True
>>> parse_card("11♥")
Traceback (most recent call last):
...
lingerlonger.game.cards.CardError: '11♥' is not a card: unknown rank '11' (ranks are A K Q J 10 9 8 7 6 5 4 3 2, or T for ten)
"""  # noqa: E501 (a doctest's expected error is one line)

from __future__ import annotations

import enum
from collections.abc import Iterable

from lingerlonger.game.errors import LingerError
from lingerlonger.game.visible_text import quoted


class CardError(LingerError):
    """A card or suit written in a notation the Rules reference does not allow."""


class Suit(enum.IntEnum):
    """The four suits, in the order the Rules reference lists them."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUIT_SYMBOLS = "♠♥♦♣"
RANK_LABELS = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
#: Text presentation (U+FE0E, what the book's own pages draw) and emoji presentation
#: (U+FE0F, what phones type): either may follow a suit symbol; it changes only the look.
VARIATION_SELECTORS = "\ufe0e\ufe0f"
# Every spelling is listed: no case mapping of arbitrary text (``"ſ".upper()`` is "S").
_RANK_BY_LABEL = {spelling: rank for rank, label in RANK_LABELS.items() for spelling in (label, label.lower())} | {
    "T": 10,
    "t": 10,
}
_SYMBOLS = {symbol: Suit(i) for i, symbol in enumerate(SUIT_SYMBOLS)} | {
    # The empty/outline glyphs some keyboards and fonts produce.
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_SUIT_BY_LABEL = (
    _SYMBOLS
    | {
        selected: suit
        for symbol, suit in _SYMBOLS.items()
        for selected in (symbol + VARIATION_SELECTORS[0], symbol + VARIATION_SELECTORS[1])
    }
    | {spelling: Suit(i) for i, letter in enumerate("SHDC") for spelling in (letter, letter.lower())}
)


class Card(int):
    """One of the 52 cards; ``Card(i)`` returns the shared instance for index i."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        return CARDS[index]

    @staticmethod
    def of(rank: int, suit: Suit) -> Card:
        """The card of a rank (2..14, ace high) and suit."""
        return CARDS[suit * 13 + rank - 2]

    @property
    def suit(self) -> Suit:
        return SUIT_OF[self]

    @property
    def rank(self) -> int:
        """2..14, ace high."""
        return self % 13 + 2

    @property
    def rank_label(self) -> str:
        return RANK_LABELS[self % 13 + 2]

    def __str__(self) -> str:
        return RANK_LABELS[self % 13 + 2] + SUIT_SYMBOLS[self // 13]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


#: Every rank of every suit: the one place the deck's size is decided (elsewhere, ``len(CARDS)``).
_DECK_SIZE = len(Suit) * len(RANK_LABELS)
SUIT_OF: tuple[Suit, ...] = tuple(Suit(i // 13) for i in range(_DECK_SIZE))
CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(_DECK_SIZE))
#: The 52 cards in a fixed order (spades, hearts, diamonds, clubs; 2 to ace).
DECK = CARDS


def parse_suit(text: object) -> Suit:
    """A suit from ``♠ ♥ ♦ ♣`` or ``S H D C`` (case-insensitive), a symbol perhaps followed by
    a variation selector; anything else (text or not) is refused.

    >>> parse_suit("h"), parse_suit("♣"), parse_suit("♦\ufe0f")
    (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    """
    suit = _SUIT_BY_LABEL.get(text.strip()) if isinstance(text, str) else None
    if suit is None:
        raise CardError("card.not-a-suit", text=_text_shown(text))
    return suit


def _text_shown(text: object) -> str:
    return quoted(text) if isinstance(text, str) else repr(text)


def _split_card(text: str) -> tuple[str, str]:
    """The rank and suit parts of a card: the suit is one letter, or a symbol with its selector."""
    if len(text) >= 2 and text[-1] in VARIATION_SELECTORS:
        return text[:-2], text[-2:]
    return text[:-1], text[-1:]


def parse_card(text: object) -> Card:
    """A card in a notation of the Rules reference: ``10♥``, ``TH``, ``th``, ``10h``, also ``10♥️``.

    Exactly a rank then a suit, with nothing between them; blanks around are ignored. A Card
    is itself; anything else (text or not) is refused.
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise CardError("card.not-a-card", text=_text_shown(text))
    rank_label, suit_label = _split_card(text.strip())
    suit = _SUIT_BY_LABEL.get(suit_label)
    if suit is None:
        raise CardError("card.unknown-suit", text=_text_shown(text), suit=quoted(suit_label))
    rank = _RANK_BY_LABEL.get(rank_label)
    if rank is None:
        raise CardError("card.unknown-rank", text=_text_shown(text), rank=quoted(rank_label))
    return Card.of(rank, suit)


def parse_cards(texts: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Several cards, from a list or a space/comma separated string.

    >>> parse_cards("K♣ 3c, 2h")
    (Card('K♣'), Card('3♣'), Card('2♥'))
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return tuple(parse_card(text) for text in texts)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as ``K♣, 3♣, 2♥`` for messages and narration."""
    return ", ".join(str(card) for card in cards)


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> tuple[Card, ...]:
    """Cards grouped by suit (trump last, alternating colours) and high to low in a suit.

    >>> sort_hand(parse_cards("2h 9c AH 3s"), trump=Suit.HEARTS)
    (Card('3♠'), Card('9♣'), Card('A♥'), Card('2♥'))
    """
    order = [Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS]
    if trump is not None:
        order.remove(trump)
        order.append(trump)
    position = {suit: i for i, suit in enumerate(order)}
    return tuple(sorted(cards, key=lambda card: (position[SUIT_OF[card]], -card)))
