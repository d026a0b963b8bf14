"""Text from a file, made safe to show: control and invisible characters written as escapes.

An author's file may hold escape sequences (``ESC [2J`` clears a screen, ``ESC ]52``
writes the clipboard, ``ESC ]0`` sets a window title), bidirectional overrides
(U+202E turns the text around it) or invisible characters that make two texts look
the same. Everything the command line prints from a file goes through ``visible``;
every message that quotes what an author wrote goes through ``quoted``. This module
imports nothing of the game, so the lowest layer (cards) may use it.

>>> print(visible("title\\x1b]0;pwned\\x07 \\u202eevil"))
title\\x1b]0;pwned\\x07 \\u202eevil
>>> quoted("K\\u2663\\ufe0f")
"'K♣\\\\ufe0f'"
"""

from __future__ import annotations

import unicodedata

__all__ = ["visible", "quoted", "escape"]

#: Categories a terminal may act on, or that hide or reorder text: controls, formatting
#: (bidi overrides, zero-width characters), private use, surrogates, unassigned, line and
#: paragraph separators.
_UNSAFE = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
#: The zero-width joiner builds emoji sequences (a family, a flag): printed as is, but escaped in
#: a quotation, where it would otherwise hide after a letter (``0\u200d`` looks like ``0``).
_ZERO_WIDTH_JOINER = "\u200d"
#: Longest quotation of an author's text in a message.
QUOTE_WIDTH = 40


def escape(char: str) -> str:
    """One character as a Python-style escape: ``\\x1b``, ``\\u202e``, ``\\U000e0001``."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _unsafe(char: str) -> bool:
    return unicodedata.category(char) in _UNSAFE and char != _ZERO_WIDTH_JOINER


def visible(text: str, *, keep_lines: bool = False) -> str:
    """``text`` with every control or invisible character escaped; line breaks and tabs kept
    only with ``keep_lines``."""
    kept = "\n\t" if keep_lines else ""
    if text.isascii() and text.isprintable():
        return text
    return "".join(escape(char) if _unsafe(char) and char not in kept else char for char in text)


def _invisible(char: str) -> bool:
    """A character a reader cannot see in a quotation: unsafe ones and the zero-width joiner,
    blanks other than a space, and variation selectors (U+FE00 to U+FE0F, U+E0100 to U+E01EF).

    >>> quoted("0\u200d")
    "'0\\\\u200d'"
    """
    category = unicodedata.category(char)
    return (
        _unsafe(char)
        or char == _ZERO_WIDTH_JOINER
        or (category == "Zs" and char != " ")
        or (category == "Mn" and "VARIATION SELECTOR" in unicodedata.name(char, ""))
    )


def quoted(text: str, width: int = QUOTE_WIDTH) -> str:
    """``text`` in quotes for a message: every invisible character escaped, cut at ``width``."""
    body = "".join(
        escape(char) if _invisible(char) else "\\" + char if char in "\\'" else char for char in text[:width]
    )
    return f"'{body}…'" if len(text) > width else f"'{body}'"
