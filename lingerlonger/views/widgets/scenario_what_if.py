"""A scenario player's what-if: any card of the seat to act tried (a refused one says its
rule), a legal one off the scenario's line played into a branch of the hand, with its banner
(where it left the line, the way back, "Save as lesson" for the branch) and the coach's odds
for each card under the table."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Protocol

import ipywidgets as widgets

from lingerlonger.computer.coach import CardAdvice
from lingerlonger.game.cards import Card, Suit, parse_card
from lingerlonger.game.engine import Action, ChooseTrump, Play, State
from lingerlonger.session.save_lesson import branch_lesson, lesson_name
from lingerlonger.session.stepping import Refused, ScenarioModel, advice
from lingerlonger.views.shared_panels import save_link_html, ui_html
from lingerlonger.views.templating import Markup, render
from lingerlonger.views.widgets.controls import _guarded, _shown
from lingerlonger.views.widgets.what_if_panel import WhatIfPanel
from lingerlonger.words.i18n import ui

__all__ = ["WhatIfBranch"]


class _Branching(Protocol):
    """What the what-if needs of its player (``scenario_player.ScenarioPlayer``)."""

    model: ScenarioModel | None
    _loads: int
    _cache: dict[tuple, str]
    _advice: dict[tuple, list[CardAdvice]]
    _playing: bool
    what_if: WhatIfPanel
    banner: widgets.Box
    banner_text: widgets.HTML

    @property
    def lang(self) -> str: ...
    @property
    def branch_at(self) -> int | None: ...
    @property
    def _scenario(self) -> ScenarioModel: ...
    def stop(self) -> None: ...
    def _moved(self, model: ScenarioModel) -> None: ...
    def _say(self, text: str | Callable[..., str], kind: str = "info") -> None: ...
    def try_card(self, card: Card | str) -> None: ...
    def try_trump(self, suit: Suit) -> None: ...
    def _try(self, action: Action) -> None: ...
    def _branch_save_html(self) -> str: ...
    def _advice_for(self, state: State) -> list[CardAdvice]: ...


class WhatIfBranch:
    """The player's what-if (a mixin of ``ScenarioPlayer``, whose model decides every move)."""

    def try_card(self: _Branching, card: Card | str) -> None:
        """What if the seat to act played ``card`` here? (The what-if buttons call this.)"""
        card = parse_card(card) if isinstance(card, str) else card
        self._try(Play(self._scenario.frame.state.to_act, card))  # type: ignore[arg-type]  # None: see apply

    def try_trump(self: _Branching, suit: Suit) -> None:  # once the hand is over, apply refuses the None seat
        self._try(ChooseTrump(self._scenario.frame.state.to_act, suit))  # type: ignore[arg-type]

    @_guarded
    def _try(self: _Branching, action: Action) -> None:
        self.stop()
        tried = self._scenario.try_action(action)
        if isinstance(tried, Refused):
            self._say(lambda: ui("refused", self.lang, message=tried.text(self.lang)), kind="refused")
        else:
            self._moved(tried)

    @_guarded
    def back_to_scenario(self: _Branching) -> None:
        """Leave the what-if branch: the scenario's line again, at the step it was left."""
        if self.branch_at is not None:
            self.stop()
            self._moved(self._scenario.back_to_scenario())

    def _on_choice(self: _Branching, choice: Card | Suit) -> None:
        if isinstance(choice, Suit):
            self.try_trump(choice)
        else:
            self.try_card(choice)

    def _render_banner(self: _Branching) -> None:
        if self.branch_at is None:
            _shown(self.banner, False)
            return
        assert self.model is not None and self.model.branch_action is not None  # in a branch
        at, action = self.model.branch_action
        name = self.model.frames[at].state.players[action.seat]
        said = (
            ui_html("branch-banner", self.lang, name=name, card=action.card, step=at)
            if isinstance(action, Play)
            else ui_html("branch-banner-trump", self.lang, name=name, suit=action.suit, step=at)
        )
        save = Markup(self._branch_save_html())
        self.banner_text.value = str(render("widgets/branch_banner.html", said=Markup(said), save=save))
        _shown(self.banner, True)

    def _branch_save_html(self: _Branching) -> str:
        """ "Save as lesson": the branch from the scenario's start, in a link holding its file
        (none for a start no file can hold); made once per branch and language."""
        key = ("save", self._loads, self._scenario.timeline, self.lang)
        if key not in self._cache:
            self._cache[key] = save_link_html(
                lambda: branch_lesson(self._scenario, self.lang), lesson_name(date.today()), self.lang
            )
        return self._cache[key]

    def _render_what_if(self: _Branching) -> None:
        model = self._scenario
        # Not while a quiz question waits: the coach's odds would give the answer away.
        coaching = model.coaching and not self._playing and model.question is None and model.tryable()
        self.what_if.render(model, self._advice_for(model.frame.state) if coaching else None)

    def _advice_for(self: _Branching, state: State) -> list[CardAdvice]:
        key = (self._loads, self._scenario.timeline, self._scenario.at)
        if key not in self._advice:
            self.what_if.thinking(self.lang)
            self._advice[key] = advice(state)
        return self._advice[key]
