"""The voice of a table the app draws (the play tab's, the family table's), as the book's table
has one (views/static/shared/table-voice.js): live regions that say each event, and the switch of
the table's command keys.

A widget redraws its HTML whole, and a live region drawn anew with its words in it is not
heard. So the regions are drawn once and kept (``regions``), and each turn's words go to a
hidden line (``feed``) that the app's page (book/app/.../ll-app.js) adds to the regions, one
paragraph a line, with the book's script.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from lingerlonger.game.events import Event
from lingerlonger.views.shared_panels import announce_html
from lingerlonger.views.templating import render
from lingerlonger.views.widgets.controls import _html
from lingerlonger.words.i18n import ui

__all__ = ["TableVoice"]


class TableVoice:
    """A table's live regions, the words it has to say this turn, and its keys' switch."""

    def __init__(self) -> None:
        self.regions = _html(str(render("widgets/voice.html")), "ll-voice")
        self.feed = _html("", "ll-said")  # hidden (player.css): read by the page, not heard
        self.toggle = _html("", "ll-keys-toggle")
        self.box = widgets.VBox([self.regions, self.feed])
        self._told: tuple[Event, ...] = ()  # the events already said
        self._count = 0

    def relabel(self, lang: str) -> None:
        self.toggle.value = str(render("widgets/keys_toggle.html", text=ui("keys-on", lang)))

    def say(self, told: tuple[Event, ...], lines: Sequence[str], urgent: str, lang: str, step: int) -> None:
        """Say what happened since the table was last drawn (``told``, worded as ``lines``):
        each event once, in order; then ``urgent`` (your turn, the hand's end)."""
        said = self._told
        fresh = lines[len(said) :] if told[: len(said)] == said else lines
        self._told = told
        self._count += 1
        self.feed.value = announce_html(fresh, urgent, lang, count=self._count, step=step)
