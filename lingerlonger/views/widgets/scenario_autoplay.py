"""A scenario player's autoplay: a timer that shows the next step at the pace of the speed menu,
to the last, its button saying Play or Pause. Any move by hand stops it; each run has its own
token, so that a timer left from an earlier run does nothing."""

from __future__ import annotations

from typing import Protocol

import ipywidgets as widgets

from lingerlonger.views.widgets.controls import _guarded, _later
from lingerlonger.words.i18n import ui

__all__ = ["Autoplay"]


class _Playable(Protocol):
    """What autoplay needs of its player (``scenario_player.ScenarioPlayer``)."""

    _playing: bool
    _tick_token: int
    play: widgets.Button
    speed: widgets.Dropdown

    @property
    def at(self) -> int: ...
    @property
    def last_index(self) -> int: ...
    @property
    def lang(self) -> str: ...
    def show(self, index: int) -> None: ...
    def stop(self) -> None: ...
    def tick(self, token: int | None = None) -> None: ...
    def _schedule_tick(self) -> None: ...
    def _label_play(self) -> None: ...


class Autoplay:
    """The player's Play button and its timer (a mixin of ``ScenarioPlayer``: ``_playing`` and
    ``_tick_token`` start False and 0, ``play`` and ``speed`` are its widgets)."""

    @_guarded
    def toggle_play(self: _Playable) -> None:
        if self._playing:
            self.stop()
            return
        if self.at >= self.last_index:
            self.show(0)
        self._playing = True
        self._label_play()
        self._tick_token += 1
        self._schedule_tick()

    def stop(self: _Playable) -> None:
        if not self._playing:
            return
        self._playing = False
        self._tick_token += 1
        self._label_play()

    def _schedule_tick(self: _Playable) -> None:
        token = self._tick_token
        _later(self.speed.value / 1000, lambda: self.tick(token))

    @_guarded
    def tick(self: _Playable, token: int | None = None) -> None:
        """One autoplay step (the event loop calls it; ``token`` drops a stale timer)."""
        if not self._playing or (token is not None and token != self._tick_token):
            return
        self.show(self.at + 1)
        if self.at >= self.last_index:
            self.stop()
        elif self._playing:
            self._schedule_tick()

    def _label_play(self: _Playable) -> None:
        word = ui("pause" if self._playing else "play", self.lang)
        self.play.description, self.play.tooltip = word, word
        self.play.icon = "pause" if self._playing else "play"
