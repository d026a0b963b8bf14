"""A review's moment in words: why (``computer/review_reasons.py``), the luck, and the line.

The sentence comes first, the numbers behind a "Details" control (``review_panel.py``): a
family reads "you spent your only trump (the 3 of hearts) while 2 cards were left in the
stock: tip 3, keep your highest trumps for the end of the hand." The idea is a link to the
tip in chapter 10 or to the rule in the Rules reference, when the page knows where the book
is (``book_href``: the folder of the book's pages, relative to the page; None in the app,
which names the idea without a link).

>>> from lingerlonger.computer.review import review_hand
>>> from lingerlonger.game.engine import from_position
>>> from lingerlonger.game.rules import Rules
>>> state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
...                       hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock="")
>>> moment = review_hand(state, [state.play("A A♥")], seat=0, deals=20).moments[0]
>>> why = moment_words(moment, "en", "")
>>> why.before + why.idea + why.after
'Played out from here, the 2 of clubs won 95% of the deals and the ace of hearts only 0%: tip 1, the stock is a clock.'
>>> why.href
'10-strategy.html#tip-1'
"""

from __future__ import annotations

from dataclasses import dataclass

from lingerlonger.computer.review import Moment
from lingerlonger.computer.review_reasons import Idea, Line, Reason
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.engine import Play, apply
from lingerlonger.game.events import TrickWon
from lingerlonger.words.i18n import format_percent, translate
from lingerlonger.words.narration import card_name, narrate, suit_name

__all__ = ["MomentWords", "moment_words", "idea_href", "reason_text", "LINE_LINES"]

#: How many lines of a line's narration are shown: the trick it starts in, then its end.
LINE_LINES = 10
#: Chapter 10, whose list of the six tips has an anchor per tip (#tip-N), and the Rules reference.
TIPS_PAGE = "10-strategy.html"
RULES_PAGE = "rules-reference.html"
#: The facts whose stock may be empty, said otherwise then ("with the stock empty").
_EMPTY = ("could-win-clock", "good-clock")


@dataclass(frozen=True, slots=True)
class MomentWords:
    """A moment said: the reason's sentence around its idea's link (``before`` ``idea`` ``after``,
    ``href`` None without a link), the luck for an unlucky card, and the line (its deal's hidden
    hands, what happened, and how it ended) when one was found."""

    before: str
    idea: str
    after: str
    href: str | None
    luck: str = ""
    line_hands: tuple[str, ...] = ()
    line: tuple[str, ...] = ()
    line_result: str = ""


def idea_href(idea: Idea, book_href: str | None) -> str | None:
    """The link to ``idea``: chapter 10's tips, or the rule's heading in the Rules reference."""
    if book_href is None:
        return None
    return book_href + (f"{TIPS_PAGE}#tip-{idea.number}" if idea.kind == "tip" else f"{RULES_PAGE}#rule-{idea.number}")


def _named(thing: Card | Suit | None, lang: str) -> str:
    if isinstance(thing, Card):
        return card_name(thing, lang)
    return suit_name(thing, lang) if thing is not None else ""


def reason_text(reason: Reason, moment: Moment, lang: str) -> tuple[str, str, str]:
    """The sentence of ``reason`` in ``lang``, split around its idea: (before, idea, after)."""
    players = moment.state.players
    fact = reason.fact + ("-empty" if reason.fact in _EMPTY and reason.count == 0 else "")
    values: dict[str, object] = {
        "card": _named(reason.card, lang),
        "other": _named(reason.other, lang),
        "seat": players[reason.seat] if reason.seat is not None else "",
        "suit": suit_name(reason.suit, lang, of=True) if reason.suit is not None else "",
        "count": reason.count,
        "played": format_percent(moment.played_value.known.rate, lang),
        "best": format_percent(moment.best.known.rate, lang),
    }
    said = translate(f"review.why.{fact}", lang, **values)
    said = said[:1].upper() + said[1:]  # the fact opens the sentence
    idea = translate(f"review.idea.{reason.idea.kind}-{reason.idea.number}", lang)
    before, after = translate("review.why", lang, fact=said, idea="\0").split("\0", 1)
    return before, idea, after


def _line_words(line: Line, moment: Moment, lang: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """The line's deal (the hands the seat could not see), its plays in words, and its end."""
    seat, players = moment.played.seat, moment.state.players
    hands = tuple(
        translate("review.line-hands", lang, seat=players[other], cards=", ".join(card_name(c, lang) for c in hand))
        for other, hand in enumerate(line.world.hands)
        if other != seat and hand
    )
    told, state, first_trick = [], line.world, True
    for action in line.actions:
        state, events = apply(state, action)
        told += [(narrate(event, players, lang), first_trick) for event in events]
        first_trick = first_trick and not any(isinstance(event, TrickWon) for event in events)
    head = [text for text, first in told if first]
    if len(told) > LINE_LINES:
        shown = head[: LINE_LINES - 3] + [translate("review.line-more", lang)] + [text for text, _ in told[-2:]]
    else:
        shown = [text for text, _ in told]
    better = _named(line.better.card if isinstance(line.better, Play) else line.better.suit, lang)
    played = _named(moment.played_value.card or moment.played_value.suit, lang)
    return hands, tuple(shown), translate("review.line-result", lang, card=played, other=better)


def moment_words(moment: Moment, lang: str, book_href: str | None) -> MomentWords:
    """``moment`` in words in ``lang``; ``book_href`` as ``idea_href`` takes it."""
    assert moment.reason is not None  # review_decision gives every moment its reason
    before, idea, after = reason_text(moment.reason, moment, lang)
    luck = ""
    if moment.verdict == "unlucky" and moment.luck is not None:
        luck = translate(
            "review.luck",
            lang,
            other=_named(moment.face_up_best.card or moment.face_up_best.suit, lang),
            seat=moment.state.players[moment.luck],
        )
    hands: tuple[str, ...] = ()
    line: tuple[str, ...] = ()
    result = ""
    if moment.line is not None:
        hands, line, result = _line_words(moment.line, moment, lang)
    return MomentWords(before, idea, after, idea_href(moment.reason.idea, book_href), luck, hands, line, result)
