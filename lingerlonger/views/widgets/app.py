"""The Voilà app (``book/app/app.md``): the scenario browser, a hand to play, a family
table, the position editor and the course (Learn), in one language."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as widgets

from lingerlonger.scenario import Scenario
from lingerlonger.views.table_html import DEFAULT_STYLE, TableStyle
from lingerlonger.views.templating import render
from lingerlonger.views.widgets.controls import (
    PLAYER_CSS,
    _guarded,
    _html,
    _message_html,
    _message_line,
    _row,
    _shown,
    _style_html,
)
from lingerlonger.views.widgets.family_table import FamilyTable
from lingerlonger.views.widgets.hand import HandPlayer
from lingerlonger.views.widgets.learn import LearnTab
from lingerlonger.views.widgets.lesson_picker import ScenarioBrowser
from lingerlonger.views.widgets.position_editor import PositionEditor
from lingerlonger.words.i18n import LANGUAGES, browser_language, translate, ui

__all__ = ["LingerLongerApp"]


class LingerLongerApp(widgets.VBox):
    """The Voilà app: a scenario browser, a hand to play, a family table (pass-and-play), a
    position to set up and the course's exercises, in five tabs, in one language.

    The language menu at the top speaks for the whole app; the player's own menu is hidden
    and linked to it, so a lesson written in Portuguese (``lang: pt``) turns the app
    Portuguese until the reader picks a language.
    """

    def __init__(self, folder: Path | None = None, *, style: TableStyle | None = None, lang: str | None = None) -> None:
        super().__init__()
        self.add_class("ll-app")
        self._style = style
        self.browser = ScenarioBrowser(folder, style=self._style)
        self.hand_tab = widgets.VBox()
        self.hand: HandPlayer | None = None
        self.table_tab = widgets.VBox()
        self.table: FamilyTable | None = None
        self.position_tab = widgets.VBox()
        self.editor: PositionEditor | None = None
        self.learn_tab = widgets.VBox()
        self.learn: LearnTab | None = None
        self.tabs = widgets.Tab(
            children=[self.browser, self.hand_tab, self.table_tab, self.position_tab, self.learn_tab]
        )
        self.tabs.observe(self._on_tab, "selected_index")
        player_language = self.browser.player.language
        self.language = widgets.Dropdown(
            options=player_language.options, value=player_language.value, layout=widgets.Layout(width="auto")
        )
        self.language.add_class("ll-app-language")
        _shown(player_language, False)
        widgets.link((self.language, "value"), (player_language, "value"))
        self.language.observe(lambda _: self._relabel(), "value")
        self.intro = _html()
        self.message = _message_line()
        self._relabel()
        self.children = (_row([self.intro, self.language], "ll-app-head"), self.message, self.tabs)
        if lang is not None:
            self.set_language(lang)

    @classmethod
    def from_query(cls, query: str, folder: Path | None = None, accept_language: str = "") -> LingerLongerApp:
        """The app for a page address's query: ``?lang=pt`` opens it in Portuguese, so a
        teacher can hand out one link (Voilà gives the kernel ``$QUERY_STRING``); without one,
        in the browser's language (its ``Accept-Language``, ``$HTTP_ACCEPT_LANGUAGE``)."""
        asked = parse_qs(query).get("lang", [""])[-1]
        return cls(folder, lang=asked if asked in LANGUAGES else browser_language(accept_language))

    @property
    def lang(self) -> str:
        return self.language.value

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` everywhere in the app, as the menu at the top does."""
        self.language.value = lang

    @_guarded
    def _relabel(self) -> None:
        self.language.description = translate("player.language", self.lang)
        self.tabs.titles = (
            ui("tab-scenario", self.lang),
            ui("tab-play", self.lang),
            ui("tab-table", self.lang),
            ui("position-title", self.lang),
            translate("learn.title", self.lang),
        )
        self.intro.value = str(
            render(
                "widgets/app_intro.html",
                style=_style_html(PLAYER_CSS),
                title=translate("game.name", self.lang),
                intro=ui("app-intro", self.lang),
            )
        )
        for tab in (self.hand, self.table, self.editor, self.learn):
            if tab is not None:
                tab.set_language(self.lang)

    def _say(self, text: str, kind: str = "info") -> None:
        self.message.value = _message_html(text, kind) if text else ""

    @_guarded
    def _on_tab(self, change) -> None:
        if change["new"] == 1 and self.hand is None:
            self.hand = HandPlayer(style=(self._style or DEFAULT_STYLE).speaking(self.lang))
            self.hand.review_box.on_practise = self.practise
            self.hand.review_box.on_show = self.show_moment
            self.hand_tab.children = (self.hand,)
        if change["new"] == 2 and self.table is None:
            self.table = FamilyTable(style=(self._style or DEFAULT_STYLE).speaking(self.lang))
            self.table.review_box.on_practise = self.practise
            self.table_tab.children = (self.table,)
        if change["new"] == 3 and self.editor is None:
            self.editor = PositionEditor(style=(self._style or DEFAULT_STYLE).speaking(self.lang))
            self.position_tab.children = (self.editor,)
        if change["new"] == 4:
            self._learn()

    def _learn(self) -> LearnTab:
        """The Learn tab, made the first time it is opened or given an exercise."""
        if self.learn is None:
            self.learn = LearnTab(style=(self._style or DEFAULT_STYLE).speaking(self.lang))
            self.learn_tab.children = (self.learn,)
        return self.learn

    def practise(self, exercise: Scenario) -> None:
        """ "Practise this" in a hand's review: the exercise joins the Learn tab's list, for this
        session (the app keeps no progress once closed; the site's Learn page keeps it in the browser)."""
        self._learn().add_exercise(exercise)

    def show_moment(self, hand: Scenario, step: int, seat: int, moment: str) -> None:
        """ "Show this moment" in a hand's review: the hand opens at that step in the Scenario tab,
        as the reviewed seat saw it, where a card tried is a what-if (ll-app.js takes the focus
        to its first card)."""
        self.browser.open_scenario(hand, step=step, seat=seat)
        self.tabs.selected_index = 0
        self._say(ui("app-review-opened", self.lang, tab=ui("tab-scenario", self.lang), moment=moment))
