"""What the table's command keys say (the book's "Keyboard and screen reader" page lists them).

A player who cannot see the table asks for one thing at a time, as Lichess's blind mode
lets them: their hand suit by suit, the trick on the table, trump, the stock's count, the
scores, the last trick. Each answer is a sentence in the reader's language, worked out
with the table (``views.table_html``) and carried by it, so that a static page answers
with no engine running; the page's script says it in the table's live region.

>>> from lingerlonger import Rules, new_hand
>>> state, _ = new_hand(Rules.parse("equal-hands"), ["Ana", "Bruno", "Carla", "Dani"], dealer=3, seed=1)
>>> answers = command_answers(state, 0, "en")
>>> sorted(answers) == sorted(name for name in COMMAND_KEYS.values() if name != "turn")
True
>>> answers["stock"]
'36 cards in the stock.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import groupby
from types import MappingProxyType

from lingerlonger.game.cards import Card, sort_hand
from lingerlonger.game.engine import State
from lingerlonger.words.i18n import translate
from lingerlonger.words.narration import card_name, suit_name

__all__ = ["COMMAND_KEYS", "command_answers"]

#: Each single-key command, by the key pressed (the same letters in every language, as
#: a chess board's are): what it asks for. "turn" is the table's own status line.
COMMAND_KEYS: Mapping[str, str] = MappingProxyType(
    {"h": "hand", "c": "trick", "t": "trump", "s": "stock", "p": "scores", "w": "turn", "l": "last-trick"}
)


def _plays(plays: Iterable[tuple[int, Card]], players: tuple[str, ...], lang: str) -> str:
    """ "queen of hearts by Ana, 10 of hearts by Bruno"."""
    return "; ".join(
        translate("keys.play", lang, card=card_name(card, lang), name=players[seat]) for seat, card in plays
    )


def _hand(state: State, seat: int | None, lang: str) -> str:
    if seat is None:
        return translate("keys.hand-none", lang)
    name, cards = state.players[seat], sort_hand(state.hands[seat], state.trump)
    if not cards:
        return translate("keys.hand-empty", lang, name=name)
    suits = [
        translate(
            "keys.suit-trump" if suit == state.trump else "keys.suit",
            lang,
            suit=suit_name(suit, lang),
            ranks=", ".join(translate(f"rank.{card.rank}", lang) for card in held),
        )
        for suit, held in groupby(cards, key=lambda card: card.suit)
    ]
    return translate("keys.hand", lang, name=name, suits="; ".join(suits))


def _trump(state: State, lang: str) -> str:
    if not state.rules.has_trump:
        return translate("keys.no-trump", lang)
    if state.trump is None:
        return translate("keys.trump-not-named", lang)
    return translate("keys.trump", lang, suit=suit_name(state.trump, lang))


def _scores(state: State, lang: str) -> str:
    return "; ".join(
        translate(
            "keys.score-out" if seat in state.out else "keys.score",
            lang,
            name=name,
            tricks=translate("keys.tricks", lang, count=state.tricks_won[seat]),
            cards=translate("keys.won", lang, count=len(state.won[seat])),
        )
        for seat, name in enumerate(state.players)
    )


def command_answers(state: State, seat: int | None, lang: str) -> dict[str, str]:
    """Every command key's answer but "turn", in ``lang``: ``seat``'s hand (None: no hand may
    be told, as on a table passed between players), and what every seat sees."""
    players = state.players
    last = state.history[-1] if state.history else None
    return {
        "hand": _hand(state, seat, lang),
        "trick": (
            translate("keys.trick", lang, plays=_plays(state.current_plays, players, lang))
            if state.trick
            else translate("keys.trick-empty", lang)
        ),
        "trump": _trump(state, lang),
        "stock": translate("keys.stock", lang, count=len(state.stock)),
        "scores": _scores(state, lang),
        "last-trick": (
            translate("keys.last-trick", lang, name=players[last.winner], plays=_plays(last.plays, players, lang))
            if last is not None
            else translate("keys.last-trick-none", lang)
        ),
    }
