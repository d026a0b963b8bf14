"""Linger Longer (Sift Smoke): the rules engine, scenario files, replays and the book's widgets.

The layers, lowest first: ``cards`` → ``rules`` → ``game`` → ``engine`` (with ``events``,
``narrate``, ``players``, ``match``) → ``scenario`` and ``replay`` → ``render``
→ ``widgets``. A lower layer never imports a higher one.
"""

__version__ = "0.1.0"

from .cards import Card, CardError, Suit, parse_card, parse_cards, parse_suit
from .engine import (ChooseTrump, IllegalAction, Play, State, apply, deal, from_position,
                     legal_actions, legal_cards, new_hand, view)
from .game import Game, SetupError
from .rules import Rules, RulesError

__all__ = ["Card", "CardError", "Suit", "parse_card", "parse_cards", "parse_suit", "ChooseTrump",
           "IllegalAction", "Play", "SetupError", "State", "apply", "deal", "from_position",
           "legal_actions", "legal_cards", "new_hand", "view", "Game", "Rules", "RulesError"]
