"""The terminal's view of a replay: the board, the narration and a question as lines of text.

Logic stays in the command line; this draws. Every line an author wrote goes through
``visible_text.visible`` before it reaches a terminal (no escape sequence of theirs is obeyed).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import TextIO

from lingerlonger.game.cards import sort_hand
from lingerlonger.game.engine import State
from lingerlonger.game.events import Drew, HandEnded
from lingerlonger.scenario.replay import Frame, answer_text
from lingerlonger.words.i18n import speaker, translate
from lingerlonger.words.narration import narrate

__all__ = [
    "painter",
    "bold_style",
    "Shown",
    "cards_text",
    "board_lines",
    "narration_lines",
    "quiz_lines",
    "ending_text",
]


_RED = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")


def painter(stream: TextIO) -> Callable[[str], str]:
    """Red hearts and diamonds, only on a terminal that wants colour."""
    if not stream.isatty() or os.environ.get("NO_COLOR"):
        return lambda text: text
    return lambda text: _RED.sub(lambda match: f"\033[31m{match.group()}\033[0m", text)


def bold_style(stream: TextIO) -> Callable[[str], str]:
    """An author's **bold** as a terminal's bold; plain in a file, a pipe or with NO_COLOR."""
    if not stream.isatty() or os.environ.get("NO_COLOR"):
        return lambda text: text
    return lambda text: f"\033[1m{text}\033[22m"


class Shown(str):
    """A line already made ``visible`` (an author's Markdown, with the terminal's bold)."""


def cards_text(cards) -> str:
    return " ".join(str(card) for card in cards) or "-"


def board_lines(state: State, shown_plays, seat: str | None, lang: str = "en") -> list[str]:
    """The table after a step: trump, stock, the trick and every hand (or one seat's view)."""
    trick = ", ".join(f"{state.players[who]} {card}" for who, card in shown_plays) or "-"
    trump = state.trump if state.trump is not None else translate("cli.none", lang)
    lines = ["  " + translate("cli.board", lang, trump=trump, stock=len(state.stock), trick=trick)]
    width = max(len(name) for name in state.players)
    for index, name in enumerate(state.players):
        hand = state.hands[index]
        if index in state.out:
            cards = translate("cli.out", lang)
        elif seat is not None and name != seat:
            cards = translate("count.cards", lang, count=len(hand))
        else:
            cards = cards_text(sort_hand(hand, state.trump))
        marker = "  " + translate("cli.to-act", lang) if state.to_act == index else ""
        lines.append(f"  {name:<{width}}  {cards}{marker}")
    return lines


def narration_lines(frame: Frame, seat: str | None, lang: str = "en") -> list[str]:
    """The engine's narration; with one seat's view, other seats' draws are only counted."""
    names = frame.state.players
    lines = []
    for event in frame.events:
        if seat is not None and isinstance(event, Drew) and names[event.seat] != seat:
            lines.append(translate("narrate.drew-hidden", lang, name=names[event.seat], count=len(event.cards)))
        else:
            lines.append(narrate(event, names, lang))
    return lines


def quiz_lines(ask, lang: str) -> list[str]:
    """A question as the terminal shows it: the choices, then the answer and its explanation."""
    say = speaker(lang)
    ask = ask.in_language(lang)  # a task's sentence is said in every language
    lines = [f"  ? {ask.question}"]
    if ask.choices:
        lines.append("    " + say("quiz.choices", choices=" / ".join(ask.choices)))
    lines.append("    " + say("quiz.answer", answer=answer_text(ask, lang)))
    if ask.wrong:
        lines.append(f"    {ask.wrong}")
    if ask.hint:
        lines.append("    " + say("quiz.hint", hint=ask.hint))
    return lines


def ending_text(frames: Sequence[Frame], lang: str) -> str:
    """How the hand ended, in words: the narration of its last event."""
    for frame in reversed(frames):
        for event in reversed(frame.events):
            if isinstance(event, HandEnded):
                return narrate(event, frame.state.players, lang)
    raise ValueError("the hand is over but no event ended it")
