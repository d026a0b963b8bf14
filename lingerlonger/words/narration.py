"""Narration of events in the reader's language, for replays, the terminal demo and the book.

The sentences live in the catalogs (``locale/*.json``, see ``i18n``); this module
picks the message for each event and fills in who did what.

>>> from lingerlonger.game.events import Trumped, Eliminated
>>> from lingerlonger.game.cards import parse_card, Suit
>>> narrate(Trumped(2, parse_card("2h"), Suit.CLUBS), "ABCD")
'C has no clubs and trumps with 2♥.'
>>> narrate(Trumped(2, parse_card("2h"), Suit.CLUBS), "ABCD", "pt")
'C não tem paus e corta com o 2♥.'
>>> narrate(Eliminated(1), "ABCD")
'B has no cards left and is out.'
>>> card_name(parse_card("10h"), "ru"), card_name(parse_card("QS"), "es")
('десятка червей', 'reina de picas')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from types import MappingProxyType

from lingerlonger.game.cards import RANK_LABELS, SUIT_SYMBOLS, Card, Suit, format_cards
from lingerlonger.game.events import (
    END_REASONS,
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
from lingerlonger.game.rules import PROFILES, VARIANTS, Rules
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, catalog, template, translate
from lingerlonger.words.people import Name

__all__ = [
    "narrate",
    "narrate_all",
    "suit_name",
    "card_name",
    "card_symbol",
    "aloud",
    "reason_text",
    "rules_text",
    "topic_text",
    "variant_effect",
    "SUIT_NAMES",
    "REASONS",
    "VARIANT_EFFECTS",
]


def suit_name(suit: Suit, lang: str = DEFAULT_LANGUAGE, *, of: bool = False) -> str:
    """A suit's name; ``of=True`` gives the form that follows "of"/"no" (Russian genitive)."""
    return translate(f"{'suit-of' if of else 'suit'}.{suit.name.lower()}", lang)


def card_name(card: Card, lang: str = DEFAULT_LANGUAGE) -> Name:
    """A card in words: ``10 of hearts``, ``10 de copas``, ``десятка червей``; it knows the
    gender of its rank's word, for a message that agrees with it (see ``card_symbol``)."""
    words = translate("card", lang, rank=translate(f"rank.{card.rank}", lang), suit=suit_name(card.suit, lang, of=True))
    return Name(words, _gender_of_rank(card.rank, lang))


def card_symbol(card: Card, lang: str = DEFAULT_LANGUAGE) -> Name:
    """A card as the narration writes it, ``Q♦``, knowing the gender its rank's word has in
    ``lang`` (``rank.feminine``), so that a message can put the right article before it:
    ``{card, select, f {la {card}} other {el {card}}}`` says «la Q♦» and «el K♣» in Spanish.

    >>> from lingerlonger.game.cards import parse_card
    >>> card_symbol(parse_card("QD"), "es").gender, card_symbol(parse_card("KC"), "es").gender
    ('f', 'm')
    """
    return Name(str(card), _gender_of_rank(card.rank, lang))


def _gender_of_rank(rank: int, lang: str) -> str:
    return "f" if str(rank) in str(template("rank.feminine", lang)).split() else "m"


_LABELS = "|".join(sorted(RANK_LABELS.values(), key=len, reverse=True))
_SELECTOR = "[\ufe0e\ufe0f]?"
_CARD = re.compile(rf"(?<!\w)({_LABELS})([{SUIT_SYMBOLS}]){_SELECTOR}")
_ROW = re.compile(rf"((?<!\w)(?:{_LABELS})[{SUIT_SYMBOLS}]{_SELECTOR})\s+(?=(?:{_LABELS})[{SUIT_SYMBOLS}])")
_LONE = re.compile(rf"([{SUIT_SYMBOLS}]){_SELECTOR}")
_RANK_OF_LABEL = {label: rank for rank, label in RANK_LABELS.items()}


def aloud(text: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A line as a screen reader should say it: each card and suit written by its symbol in
    words, cards in a row parted by commas (views/static/table-voice.js does the same in the
    browser). A player named "A" stays "A": only a rank joined to a suit's symbol is a card.

    >>> aloud("A leads Q♦; B discards 10♣ 2♥ and must follow ♦.", "en")
    'A leads queen of diamonds; B discards 10 of clubs, 2 of hearts and must follow diamonds.'
    >>> aloud("A выходит: A♣.", "ru")
    'A выходит: туз треф.'
    """

    def card(match: re.Match[str]) -> str:
        rank = translate(f"rank.{_RANK_OF_LABEL[match[1]]}", lang)
        return translate("card", lang, rank=rank, suit=suit_name(Suit(SUIT_SYMBOLS.index(match[2])), lang, of=True))

    text = _CARD.sub(card, _ROW.sub(r"\1, ", text))
    return _LONE.sub(lambda match: suit_name(Suit(SUIT_SYMBOLS.index(match[1])), lang), text)


def reason_text(reason: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Why a hand ended (one of ``END_REASONS``), as a clause."""
    return translate(f"reason.{reason}", lang)


def rules_text(rules: Rules, lang: str = DEFAULT_LANGUAGE) -> str:
    """A rule set in words: ``equal-hands + no trump`` as ``равные руки + без козыря``.

    >>> rules_text(Rules.parse("equal-hands+no-trump", hand_size=5), "pt")
    'mãos iguais + sem trunfo (5 cartas)'
    """
    words = [translate(f"profile.{rules.profile}", lang)]
    words += [translate(f"variant.{name}", lang) for name in VARIANTS if name in rules.variants]
    size = "" if rules.hand_size is None else f" ({translate('count.cards', lang, count=rules.hand_size)})"
    return " + ".join(words) + size


def topic_text(tag: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A lesson's tag (scenarios/README.md lists them) in words: a profile or a variant by its
    name, a topic by message ``tag.TAG``; a tag of no catalog stays as written.

    >>> [topic_text(tag, "pt") for tag in ("follow-suit", "equal-hands", "no-trump", "x-mine")]
    ['assistir', 'mãos iguais', 'sem trunfo', 'x-mine']
    """
    key = f"profile.{tag}" if tag in PROFILES else f"variant.{tag}" if tag in VARIANTS else f"tag.{tag}"
    return translate(key, lang) if key in catalog(lang) else tag


def variant_effect(name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a variant (one of ``rules.VARIANTS``) does, in one line."""
    return translate(f"variant-effect.{name}", lang)


#: English names, kept for pages that print them directly.
SUIT_NAMES = MappingProxyType({suit: suit_name(suit) for suit in Suit})
REASONS = MappingProxyType({reason: reason_text(reason) for reason in END_REASONS})
VARIANT_EFFECTS = MappingProxyType({name: variant_effect(name) for name in VARIANTS})


def narrate(event: Event, players: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """One sentence for one event; ``players`` names the seats."""

    def name(seat: int) -> str:
        return players[seat]

    def say(msg_id: str, **values: object) -> str:
        return translate(msg_id, lang, **values)

    def shown(card: Card) -> Name:
        return card_symbol(card, lang)

    match event:
        case Dealt(dealer=dealer, hands=hands, stock_size=stock):
            return say(
                "narrate.dealt",
                dealer=name(dealer),
                hand=say("count.cards", count=len(hands[0])),
                stock=say("narrate.stock-stays", count=stock),
            )
        case TrumpRevealed(card=card, seat=None):
            return say("narrate.trump-from-stock", card=shown(card), suit=suit_name(card.suit, lang))
        case TrumpRevealed(card=card, seat=int(seat)):
            return say("narrate.trump-revealed", name=name(seat), card=shown(card), suit=suit_name(card.suit, lang))
        case Led(seat=seat, card=card):
            return say("narrate.led", name=name(seat), card=shown(card))
        case Followed(seat=seat, card=card):
            return say("narrate.followed", name=name(seat), card=shown(card))
        case Trumped(seat=seat, card=card, led=led):
            return say("narrate.trumped", name=name(seat), card=shown(card), suit=suit_name(led, lang, of=True))
        case Discarded(seat=seat, card=card, led=led):
            return say("narrate.discarded", name=name(seat), card=shown(card), suit=suit_name(led, lang, of=True))
        case TrickWon(seat=seat, card=card, by_trump=by_trump):
            won = "narrate.trick-won-trump" if by_trump else "narrate.trick-won"
            return say(won, name=name(seat), card=shown(card))
        case Drew(seat=seat, cards=cards, stock_left=left):
            left_words = say("narrate.stock-empty") if left == 0 else say("narrate.stock-left", count=left)
            drawn = shown(cards[0]) if len(cards) == 1 else format_cards(cards)  # one card: its article
            return say("narrate.drew", name=name(seat), cards=drawn, stock=left_words)
        case Eliminated(seat=seat, at_once=True, stock_empty=True):
            return say("narrate.out-at-once-empty-stock", name=name(seat))
        case Eliminated(seat=seat, at_once=True):
            return say("narrate.out-at-once", name=name(seat))
        case Eliminated(seat=seat):
            return say("narrate.out", name=name(seat))
        case LeadPassed(from_seat=gone, to_seat=seat):
            return say("narrate.lead-passed", gone=name(gone), name=name(seat))
        case TrumpChosen(seat=seat, suit=suit):
            return say("narrate.trump-chosen", name=name(seat), suit=suit_name(suit, lang))
        case HandEnded(winner=winner, mid_trick=True):
            return say("narrate.hand-ended-mid-trick", name=name(winner))
        case HandEnded(winner=winner, reason=reason):
            return say("narrate.hand-ended", name=name(winner), reason=reason_text(reason, lang))
    raise TypeError(f"no narration for {event!r}")


def narrate_all(events: Iterable[Event], players: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    return [narrate(event, players, lang) for event in events]
