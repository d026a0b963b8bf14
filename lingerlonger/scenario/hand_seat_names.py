"""The names at a hand against the computer: yours and the computer players', in the
reader's language (``ui.default-name`` and ``ui.computer-names`` in the catalogs).

>>> seat_names(0, 4, "Саша", "ru")
('Саша', 'Аня', 'Боря', 'Вера')
>>> renamed(("Sam", "Ana", "Bruno"), 0, "en", "ru")
('Саша', 'Аня', 'Боря')
"""

from __future__ import annotations

from collections.abc import Sequence

from lingerlonger.scenario.author_names import looks_like
from lingerlonger.words.i18n import translate

__all__ = ["computer_names", "seat_names", "renamed"]


def computer_names(lang: str) -> tuple[str, ...]:
    """The computer players' names in ``lang``, clockwise after you: one for each of the
    five other seats, and one to spare for when yours is one of them."""
    return tuple(name.strip() for name in translate("ui.computer-names", lang).split(","))


def seat_names(you: int, count: int, your_name: str, lang: str) -> tuple[str, ...]:
    """Every seat's name: ``your_name`` at seat ``you``, computers elsewhere (never a name
    that is, or looks like, yours)."""
    others = iter(name for name in computer_names(lang) if name != your_name and not looks_like(name, your_name))
    return tuple(your_name if seat == you else next(others) for seat in range(count))


def renamed(players: Sequence[str], you: int, old: str, new: str) -> tuple[str, ...]:
    """The seats of a hand in progress, named in language ``new`` instead of ``old``: the
    computers take the new language's names, as a new hand would give them, and you keep
    a name you chose (the default one follows the language)."""
    yours = players[you]
    if yours == translate("ui.default-name", old):
        yours = translate("ui.default-name", new)
    return seat_names(you, len(players), yours, new)
