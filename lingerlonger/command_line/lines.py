"""What the command line prints, shown and never obeyed: a file's name, a seat or an author's
text may hold escape sequences (``ESC ]0;`` retitles a window, ``ESC [2J`` clears the
screen), C1 controls, DEL or bidirectional overrides. Every line a command prints goes through
``say`` (stdout) or ``complain`` (stderr), which write each such character as a visible escape
(``game.visible_text.visible``: ``\\x1b``, ``\\u202e``), line breaks and tabs included: a line
is one line. argparse's own messages go through ``parser.Parser``, which escapes them so too.

>>> say("Sheet written to pwned\\x1b]0;owned\\x07.html")
Sheet written to pwned\\x1b]0;owned\\x07.html
"""

from __future__ import annotations

import sys

from lingerlonger.game.visible_text import visible

__all__ = ["say", "complain"]


def say(text: object) -> None:
    """One line on stdout, every control or invisible character escaped."""
    print(visible(str(text)))


def complain(text: object) -> None:
    """One line on stderr (so that what a command writes to stdout stays clean), escaped so too."""
    print(visible(str(text)), file=sys.stderr)
