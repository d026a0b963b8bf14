"""Every refusal as a code and its parameters, under one base class, with no language in it.

A ``LingerError`` says *what* went wrong (``code``) and with *what* (``params``); words
come later, from ``i18n.error_text(error, lang)``, the one function that turns an error
into a sentence in a reader's language (catalog message ``error.CODE``).

Why the engine's English lives here: the engine (cards, rules, events, engine) raises these
errors and may import no catalog, no json, yet ``str(error)`` must be the English sentence
that tracebacks, tests and logs read (``Message.text``). So this module, which imports nothing, holds
the English of the engine's codes (``ENGLISH``) and is their only source: ``i18n`` serves
them as ``error.*`` messages of the English catalog. The layers above (the scenario reader,
the replay, the CLI) may read catalogs, so their messages' English is in ``en.json`` like
any other text. Either way, each code has one English text.

>>> error = LingerError("card.not-a-suit", text="'x'")
>>> str(error), error.code, error.params
("'x' is not a suit: expected one of ♠ ♥ ♦ ♣ (or S H D C)", 'card.not-a-suit', {'text': "'x'"})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

__all__ = [
    "Message",
    "LingerError",
    "ENGLISH",
    "fill",
    "speak_with",
    "EXIT_OK",
    "EXIT_FAILED",
    "EXIT_USAGE",
    "EXIT_INTERNAL",
]

#: Exit statuses, one for each class of outcome (as click ties ``exit_code`` to its
#: exceptions): all well; a scenario failed its check; the reader's usage or input was
#: refused (every ``LingerError`` unless its class says otherwise); a bug (an exception that
#: is not a ``LingerError``), said as "internal error".
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

#: The one function that words a message in a language: ``words.i18n.error_text``, which
#: hands itself over when it is imported (the game may import no catalog). Until then a
#: message is said from ``ENGLISH``.
_speaker: Callable[[Message, str], str] | None = None


def speak_with(speaker: Callable[[Message, str], str]) -> None:
    """Word every message with ``speaker(message, lang)`` from now on (``words.i18n`` calls it)."""
    global _speaker
    _speaker = speaker


def fill(template: str, params: Mapping[str, Any], say: Callable[[Message], str]) -> str:
    """``template`` with its placeholders filled; a parameter that is itself a message (the
    reason behind a refusal, what a value was) is said with ``say``, in the same language."""
    return template.format(
        **{name: say(value) if isinstance(value, Message) else value for name, value in params.items()}
    )


class Message:
    """What to say, without the words: ``code`` (catalog message ``error.CODE``) and the
    ``params`` that fill it.

    ``text(lang)`` says it in a language; ``str()`` is always ``text()``, in English, for
    tracebacks, logs and tests. This is the one ``__str__`` of every error: a subclass that
    says more (a place in a file, a hint) overrides ``text``, never ``__str__``."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``, by the catalogs once ``words.i18n`` is loaded."""
        if _speaker is not None:
            try:
                return _speaker(self, lang)
            except ValueError:  # a code no catalog has: still said, for the traceback
                pass
        english = ENGLISH.get(self.code)
        if english is None:  # a code of the layers above, worded only in the catalogs
            return f"{self.code} {self.params}"
        return fill(english, self.params, str)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, **{self.params!r})"


class LingerError(Message, ValueError):
    """A refusal: every error the package raises about a reader's input is one of these.

    ``exit_code`` is the command line's exit status for it (a class attribute, as click's
    exceptions carry theirs); anything else that escapes is a bug (``EXIT_INTERNAL``)."""

    exit_code: ClassVar[int] = EXIT_USAGE

    def __init__(self, code: str, /, **params: Any) -> None:
        Message.__init__(self, code, **params)
        ValueError.__init__(self, code)


#: The English of the engine's codes (cards, rules, setup, plays, and the computer players,
#: which the engine's own tools use); the other languages, and
#: the messages of the layers above, are in ``locale/*.json``.
ENGLISH: Mapping[str, str] = {
    # cards
    "card.not-a-suit": "{text} is not a suit: expected one of ♠ ♥ ♦ ♣ (or S H D C)",
    "card.not-a-card": "{text} is not a card: write a rank and a suit, like 10♥ or QS",
    "card.unknown-suit": "{text} is not a card: unknown suit {suit} (suits are ♠ ♥ ♦ ♣, or S H D C)",
    "card.unknown-rank": (
        "{text} is not a card: unknown rank {rank} (ranks are A K Q J 10 9 8 7 6 5 4 3 2, or T for ten)"
    ),
    # rules
    "rules.unknown-profile": "unknown profile {profile!r}: expected one of {expected}",
    "rules.unknown-variant": "unknown variant {variant!r}: expected any of {expected}",
    "rules.exclusive.no-trump+random-trump": (
        "the variants no-trump and random-trump cannot be combined: no trump suit exists to turn up"
    ),
    "rules.exclusive.no-trump+grand-coup": (
        "the variants no-trump and grand-coup cannot be combined: no trump suit exists to name"
    ),
    "rules.exclusive.random-trump+grand-coup": (
        "the variants random-trump and grand-coup cannot be combined: each decides trump its own way"
    ),
    "rules.hand-size": "hand size must be a whole number of at least 1, not {size!r}",
    "rules.players": "Linger Longer is for {low} to {high} players, not {players}",
    "rules.deck-too-small": "{players} players × {size} cards = {total} does not fit in a 52-card deck",
    "rules.no-stock-to-turn": (
        "random-trump turns the top card of the stock, but {players} players × {size} cards leave no stock"
    ),
    # setting up a hand
    "setup.seats-not-unique": "seat names must be unique: {seats}",
    "setup.deck-size": "a deck has 52 cards, this one has {count}",
    "setup.unknown-hands": "hands name seats that are not at the table: {seats}",
    "setup.too-few-holders": "at least two players must hold cards",
    "setup.leader-empty": "the leader {name} holds no cards",
    "setup.trump-without-trump": "the rules say no-trump, but the position names trump {suit}",
    "setup.trump-missing": (
        "these rules have a trump suit: name it (only no-trump, or grand-coup before the first trick is won, has none)"
    ),
    "setup.no-seat": "there is no seat {seat!r} (seats are {seats})",
    "setup.card-twice": "{card} appears twice",
    "setup.hand-too-big": "{name} holds {count} cards, more than the {size} each player is dealt in this game",
    "setup.not-a-position": (
        "this hand started in the middle of a trick or with a card turned up: "
        "only a deal or a position at the start of a trick can be saved"
    ),
    # plays the rules refuse
    "illegal.no-seat": "there is no seat {seat!r} (seats are {seats})",
    "illegal.no-seat-number": "there is no seat {seat!r} at this table of {count}",
    "illegal.syntax": '{text!r}: expected a seat and a card or suit, like "B 3♣"',
    "illegal.name-trump-first": "{name} won the first trick and must name trump before anyone plays",
    "illegal.turn": "it is {name}'s turn, not {other}'s",
    "illegal.not-held": "{name} does not hold {card} (holds {cards})",
    "illegal.follow-suit": "{name} must follow {suit}: holds {cards}, so cannot play {card}",
    "illegal.trump-lead": (
        "{name} must lead a trump ({suit}) on the first trick: holds {cards}, so cannot lead {card}"
    ),
    "illegal.hand-over": "the hand is over: {name} won it",
    "illegal.nobody-names-trump": (
        "nobody names trump now: under grand-coup the winner of the first trick names it, once that trick is won"
    ),
    "illegal.not-the-namer": "{name} won the first trick, so {name} names trump, not {other}",
    "illegal.not-a-suit": "{suit!r} is not a suit: name one of ♠ ♥ ♦ ♣",
    # the computer players
    "players.unknown-kind": "unknown player {kind!r}: expected one of {expected}",
    "players.kinds-for-seats": "{kinds} player kinds for {seats} seats: give one kind, or one per seat",
}
