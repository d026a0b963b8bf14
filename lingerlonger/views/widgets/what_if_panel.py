"""The scenario player's what-if box: a button for each card (or suit to name) of the seat
to act, with the coach's chance on each when the reader asks for it."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from lingerlonger.computer.coach import CardAdvice
from lingerlonger.game.cards import Card, Suit
from lingerlonger.session.stepping import ScenarioModel
from lingerlonger.views.shared_panels import advice_html
from lingerlonger.views.templating import render
from lingerlonger.views.widgets.controls import _ButtonPool, _html, _labels, _line_html, _wide_html
from lingerlonger.words.i18n import format_percent, ui

__all__ = ["WhatIfPanel"]


class WhatIfPanel:
    """The what-if widgets; a button hands what it stands for to ``try_choice``."""

    def __init__(self, try_choice: Callable[[Card | Suit], None]) -> None:
        self.choices: tuple[Card | Suit, ...] = ()  # what each button stands for
        self.title = _html()
        self.cards = _ButtonPool(lambda index: try_choice(self.choices[index]))
        self.box = widgets.VBox([self.title, self.cards.box])
        self.box.add_class("ll-what-if")
        self.advice = _wide_html()

    def thinking(self, lang: str) -> None:
        """Say that the coach is thinking (it takes about a second)."""
        self.advice.value = _line_html("thinking", ui("coach-thinking", lang))

    def render(self, model: ScenarioModel, advice: list[CardAdvice] | None = None) -> None:
        """The choices at the frame shown (none when the hand is over or its seat is hidden)."""
        state, lang = model.frame.state, model.lang
        self.choices = model.tryable()
        name = state.players[state.to_act] if state.to_act is not None else ""
        if not self.choices:
            key = "what-if-over" if state.to_act is None else "what-if-hidden"
            self.title.value = str(render("widgets/what_if_title.html", title=ui(key, lang, name=name), help=""))
            self.cards.show([])
            self.advice.value = ""
            return
        title = ui("what-if-trump" if state.namer is not None else "what-if-title", lang, name=name)
        self.title.value = str(render("widgets/what_if_title.html", title=title, help=ui("what-if-help", lang)))
        labels, colours = _labels(self.choices)
        chance = {(a.card if a.card is not None else a.suit): a for a in advice or ()}
        if chance:
            labels = [
                f"{label} {format_percent(chance[choice].win_rate, lang)}" if choice in chance else label
                for label, choice in zip(labels, self.choices, strict=True)
            ]
        self.cards.show(labels, colours)
        self.advice.value = advice_html(advice, name, lang)
