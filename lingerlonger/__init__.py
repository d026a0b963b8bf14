"""Linger Longer (Sift Smoke): the rules engine, scenario files, replays and the book's players.

The folders, lowest first; each imports only those before it (ARCHITECTURE.md is the map):
``game`` → ``words`` → ``computer`` → ``scenario`` → ``session`` → ``views`` → ``lab`` →
``command_line``. This entry re-exports the game's public names.
"""

__version__ = "0.1.0"

from lingerlonger.game.cards import Card, CardError, Suit, parse_card, parse_cards, parse_suit
from lingerlonger.game.declared import Game, SetupError
from lingerlonger.game.engine import (
    ChooseTrump,
    IllegalAction,
    Play,
    State,
    apply,
    deal,
    from_position,
    legal_actions,
    legal_cards,
    new_hand,
)
from lingerlonger.game.rules import Rules, RulesError
from lingerlonger.game.seat_view import view

__all__ = [
    "Card",
    "CardError",
    "Suit",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "ChooseTrump",
    "IllegalAction",
    "Play",
    "SetupError",
    "State",
    "apply",
    "deal",
    "from_position",
    "legal_actions",
    "legal_cards",
    "new_hand",
    "view",
    "Game",
    "Rules",
    "RulesError",
]
