"""The live scenario player: an ipywidgets view of a ``player.ScenarioModel``.

Buttons, a slider, autoplay (``scenario_autoplay``), "view as", legal cards, a coach, quiz mode
and what-if (``scenario_what_if``):
any card of the seat to act may be tried; an illegal one is refused with the rule in
plain words, a legal one off the scenario's line branches the hand, and the branch saves
as a lesson (a link holding its file, in the banner). The model decides
all of that; this module draws it and turns clicks into the model's transitions. Its
``_repr_mimebundle_`` also carries ``text/html``, the static player
(``static_replay.model_html``), which the published book shows instead (no kernel there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import ipywidgets as widgets

from lingerlonger.computer.coach import CardAdvice
from lingerlonger.game.engine import seat_index as seat_number
from lingerlonger.game.errors import LingerError
from lingerlonger.scenario import Scenario, ScenarioError, in_language
from lingerlonger.scenario.replay import Replay
from lingerlonger.session.sources import lesson_language, replay_of, seat_named
from lingerlonger.session.stepping import ANSWER_FIRST, ScenarioModel
from lingerlonger.views.page_replay import (
    REPLAY_CSS,
    SPEEDS,
    failures_html,
    frame_html,
    markdown_html,
    model_html,
    notice_html,
)
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.templating import Markup, render
from lingerlonger.views.widgets.controls import (
    PLAYER_CSS,
    _auto,
    _button,
    _guarded,
    _message_html,
    _message_line,
    _relabel_options,
    _row,
    _shown,
    _Speaks,
    _style_html,
    _wide_html,
)
from lingerlonger.views.widgets.presenter_toggle import add_presenter
from lingerlonger.views.widgets.quiz import QuizPanel
from lingerlonger.views.widgets.scenario_autoplay import Autoplay
from lingerlonger.views.widgets.scenario_what_if import WhatIfBranch
from lingerlonger.views.widgets.what_if_panel import WhatIfPanel
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, ENVIRONMENT_LANGUAGE, LANGUAGES, translate, ui

__all__ = ["ScenarioPlayer"]


class ScenarioPlayer(_Speaks, Autoplay, WhatIfBranch, widgets.VBox):
    """Step through a scenario; try your own card at any play step (what-if).

    ``scenario_or_path``: a ``Scenario``, a ``Replay`` or a path to a scenario file
    (``index`` picks a scenario in a multi-scenario file); ``seat`` shows the table
    as that seat sees it (None: every hand); ``step`` is the first frame shown.
    """

    def __init__(
        self,
        scenario_or_path: Scenario | Replay | str | Path | None = None,
        *,
        index: int = 0,
        seat: int | str | None = None,
        style: TableStyle | None = None,
        step: int = 0,
    ) -> None:
        super().__init__()
        self.add_class("ll-player")
        self.style_options = style or TableStyle.of(DEFAULT_LANGUAGE)
        self.model: ScenarioModel | None = None  # None: nothing to show (see _problem)
        self._loads = 0  # bumped by every load: a cache key with the timeline
        self._cache: dict[tuple, str] = {}
        self._advice: dict[tuple, list[CardAdvice]] = {}
        self._playing = False
        self._tick_token = 0
        self._problem: str | None = None  # why nothing can be shown, for the static page
        self._syncing = False  # set while the kernel moves the slider or menus
        # The reader picked a language (or the book's build did, for its pages): keep it.
        self._lang_chosen = ENVIRONMENT_LANGUAGE is not None
        self._build()
        self.load(scenario_or_path, index=index, seat=seat, step=step)

    @classmethod
    def from_file(cls, path: str | Path, index: int = 0, **options) -> ScenarioPlayer:
        """The player for the ``index``-th scenario of a file."""
        return cls(path, index=index, **options)

    # --- the model, read ----------------------------------------------------------------
    @property
    def run(self) -> Replay | None:
        return self.model.run if self.model else None

    @property
    def frames(self) -> list:
        """The timeline shown: the scenario's, or a what-if branch."""
        return list(self.model.frames) if self.model else []

    @property
    def at(self) -> int:
        return self.model.at if self.model else 0

    @property
    def branch_at(self) -> int | None:
        """The frame a what-if left the scenario's line at (None: on the line)."""
        return self.model.branch_at if self.model else None

    @property
    def last_index(self) -> int:
        return self.model.last_index if self.model else -1

    @property
    def lang(self) -> str:
        return self.style_options.lang

    @property
    def _scenario(self) -> ScenarioModel:  # for the controls shown only with a scenario
        assert self.model is not None, "no scenario shown"
        return self.model

    # --- layout -----------------------------------------------------------------------
    def _build(self) -> None:
        self.header = _wide_html()
        # Words beside the icons: a Font Awesome glyph would be the button's accessible name.
        self.first = _button(icon="fast-backward")
        self.back = _button(icon="step-backward")
        self.play = _button(icon="play")
        self.next = _button(icon="step-forward")
        self.last = _button(icon="fast-forward")
        steps = ((self.first, self.go_first), (self.back, self.go_back), (self.next, self.go_next))
        for button, go in (*steps, (self.last, self.go_last)):
            button.on_click(lambda _, go=go: self._step_by_hand(go))
        self.play.on_click(lambda _: self.toggle_play())
        slider_layout = widgets.Layout(flex="1 1 12rem", width="auto", min_width="10rem")
        self.slider = widgets.IntSlider(
            min=0, max=0, value=0, readout=False, continuous_update=True, layout=slider_layout
        )
        self.slider.observe(self._on_slider, "value")
        self.counter = widgets.HTML(layout=widgets.Layout(min_width="7rem"))
        self.speed = widgets.Dropdown(
            options=[(key, ms) for key, ms in SPEEDS], value=dict(SPEEDS)["speed-normal"], layout=_auto()
        )
        self.view_as = widgets.Dropdown(layout=_auto())
        self.view_as.observe(self._on_view, "value")
        self.legal = widgets.Checkbox(value=False, indent=False, layout=_auto())
        self.coach_on = widgets.Checkbox(value=False, indent=False, layout=_auto())
        for toggle in (self.legal, self.coach_on):
            toggle.observe(self._on_option, "value")
        buttons = _row(
            [self.first, self.back, self.play, self.next, self.last],
            "ll-buttons",
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", width="auto"),
        )
        self.controls = _row([buttons, self.counter, self.slider], "ll-controls")
        self.language = widgets.Dropdown(
            options=[(translate("language.name", code), code) for code in LANGUAGES],
            value=self.lang,
            layout=widgets.Layout(width="auto"),
        )  # its own: the app hides it
        self.language.add_class("ll-language")
        self.language.observe(self._on_language, "value")
        self.quiz_on = widgets.Checkbox(value=False, indent=False, layout=_auto())
        self.quiz_on.add_class("ll-quiz-mode")
        self.quiz_on.observe(self._on_quiz_mode, "value")
        self.projector = widgets.Checkbox(value=self.style_options.large, indent=False, layout=_auto())
        self.projector.add_class("ll-projector-mode")
        self.four_colour = widgets.Checkbox(value=self.style_options.four_colour, indent=False, layout=_auto())
        self.four_colour.add_class("ll-four-colour-mode")
        for toggle in (self.projector, self.four_colour):
            toggle.observe(self._on_look, "value")
        self.options = _row([self.view_as, self.legal, self.coach_on, self.speed], "ll-options")
        self.classroom = _row(
            [self.language, self.quiz_on, self.projector, self.four_colour], "ll-options", "ll-classroom"
        )
        self.banner_text = _wide_html()
        self.rejoin = _button(icon="undo", primary=True)
        self.rejoin.on_click(lambda _: self.back_to_scenario())
        self.banner = _row(
            [self.banner_text, self.rejoin],
            "ll-banner",
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.stage = _wide_html("ll-stage")
        what_if = self.what_if = WhatIfPanel(self._on_choice)
        self.what_if_title, self.cards, self.what_if_box = what_if.title, what_if.cards, what_if.box
        self.advice = what_if.advice
        self.message = _message_line()
        quiz = self.quiz = QuizPanel(self._answered)
        self.quiz_text, self.quiz_answers, self.quiz_feedback, self.quiz_box = (
            quiz.text,
            quiz.answers,
            quiz.feedback,
            quiz.box,
        )
        shown = [self.controls, self.options, self.classroom, self.banner, self.stage, self.quiz_box]
        self.body = widgets.VBox([*shown, self.what_if_box, self.message, self.advice])
        self._relabel()
        self.children = (self.header, self.body)
        self.present = add_presenter(self)

    # --- loading ----------------------------------------------------------------------
    @_guarded
    def load(
        self,
        source: Scenario | Replay | str | Path | None,
        *,
        index: int = 0,
        seat: int | str | None = None,
        step: int = 0,
    ) -> None:
        """Show another scenario (a friendly note instead when it cannot be loaded)."""
        self.stop()
        self._say("")
        if source is None:
            self._show_problem(_message_html(ui("no-scenario", self.lang), "info"))
            return
        self._source = source, index  # shown again, its seats renamed, in another language
        try:
            run = replay_of(source, index, self.lang if self._lang_chosen else lesson_language(source) or self.lang)
        except ScenarioError as error:
            self._show_problem(notice_html(ui("cannot-show", self.lang), [error.text(self.lang)]))
            return
        if run.scenario.lang and not self._lang_chosen:
            self._syncing = True
            try:
                self.language.value = run.scenario.lang
            finally:
                self._syncing = False
            self.style_options = self.style_options.speaking(run.scenario.lang)
            self._relabel()
        seat_index = -1
        if seat is not None:
            try:
                seat_index = seat_number(run.final.players, seat_named(run, seat, self.lang))
            except LingerError as error:
                self._say(error.text(self.lang), kind="error")
        self._loads += 1
        self._cache.clear()
        self._advice.clear()
        self._problem = None
        self.model = ScenarioModel.of(
            run,
            at=max(0, min(step, len(run.frames) - 1)),
            seat=None if seat_index < 0 else seat_index,
            show_legal=self.legal.value,
            coaching=self.coach_on.value,
            quiz=self.quiz_on.value,
            lang=self.lang,
            large=self.style_options.large,
            four_colour=self.style_options.four_colour,
        )
        self._syncing = True
        try:
            self.view_as.options = self._view_options()
            self.view_as.value = seat_index
        finally:
            self._syncing = False
        self._render_header()
        _shown(self.body, True)
        self._move_slider()
        self._render()

    def _view_options(self) -> list[tuple[str, int]]:
        names = self.run.final.players if self.run else ()
        return [(ui("view-all", self.lang), -1)] + [
            (ui("view-seat", self.lang, name=name), seat) for seat, name in enumerate(names)
        ]

    def _render_header(self) -> None:
        if self.run is None:
            return
        scenario = self.run.scenario
        self.header.value = str(
            render(
                "widgets/replay_head.html",
                style=_style_html(PLAYER_CSS),
                title=in_language(scenario.title, self.lang),
                summary=Markup(markdown_html(in_language(scenario.summary, self.lang))),
                failures=Markup(failures_html(self.run, self.lang)),
            )
        )

    def _show_problem(self, note: str) -> None:
        """Show ``note`` (HTML) instead of a player; the static page shows it too."""
        self.model = None
        self._problem = note
        self.header.value = str(render("widgets/problem.html", style=_style_html(PLAYER_CSS), problem=Markup(note)))
        _shown(self.body, False)

    # --- moving: the model's transitions --------------------------------------------------
    def _moved(self, model: ScenarioModel) -> None:
        """Show the model a move led to, and say what it tells the reader."""
        self.model = model
        if model.note == ANSWER_FIRST:  # a question stops autoplay too
            self.stop()
        self._move_slider()
        self._render()
        note = model.note
        self._say((lambda: note.text(self.lang)) if note else "", kind=note.kind if note else "info")

    def _viewed(self, **options) -> None:
        """The same place seen otherwise (seat, legal cards, coach, language, look)."""
        if self.model is not None:
            self.model = self.model.with_options(**options)
            self._render()

    def show(self, index: int) -> None:
        """Show frame ``index`` of the current timeline (clamped to it); in quiz mode, going
        forward stops at the first frame whose question is not answered yet."""
        if self.model is not None:
            self._moved(self.model.go(index))

    def _move_slider(self) -> None:
        self._syncing = True
        try:
            if self.slider.value > self.last_index:
                self.slider.value = self.at
            self.slider.max = max(0, self.last_index)
            self.slider.value = self.at
        finally:
            self._syncing = False

    def go_first(self) -> None:
        self.show(0)

    def go_back(self) -> None:
        self.show(self.at - 1)

    def go_next(self) -> None:
        self.show(self.at + 1)

    def go_last(self) -> None:
        self.show(self.last_index)

    @_guarded
    def _step_by_hand(self, go: Callable[[], None]) -> None:
        self.stop()
        go()

    @_guarded
    def _on_slider(self, change) -> None:
        if not self._syncing and change["new"] != self.at:  # the reader moved it
            self.stop()
            self.show(change["new"])

    @_guarded
    def _on_view(self, change) -> None:
        if not self._syncing:
            self._viewed(seat=None if change["new"] in (None, -1) else change["new"])

    @_guarded
    def _on_option(self, _change) -> None:
        self._viewed(show_legal=self.legal.value, coaching=self.coach_on.value)

    # --- drawing ----------------------------------------------------------------------
    def _render(self) -> None:
        model = self.model
        if model is None:
            return
        key = (
            self._loads,
            model.timeline,
            model.at,
            model.seat,
            model.show_legal,
            model.quiz,
            self.lang,
            self.style_options.large,
            self.style_options.four_colour,
        )
        page = self._cache.get(key)
        if page is None:
            page = frame_html(
                model.frame, seat=model.seat, show_legal=model.show_legal, style=self.style_options, quiz=not model.quiz
            )
            self._cache[key] = page
        self.stage.value = page
        counter = ui("counter", self.lang, at=model.at, last=model.last_index)
        self.counter.value = str(render("widgets/counter.html", text=counter))
        at_start, at_end = model.at == 0, model.at >= model.last_index
        self.first.disabled = self.back.disabled = at_start
        self.next.disabled = self.last.disabled = at_end
        self._render_banner()
        self._render_what_if()
        self.quiz.render(model)
        _shown(self.what_if_box, model.question is None)  # the cards to try would give it away

    def __repr__(self) -> str:
        if self.run is None:
            return "ScenarioPlayer(nothing to show)"
        return (
            f"ScenarioPlayer({self.run.scenario.title!r}, {ui('counter', self.lang, at=self.at, last=self.last_index)})"
        )

    # --- languages and the classroom ---------------------------------------------------
    @_guarded
    def _on_language(self, change) -> None:
        """Narration, table, quiz and these controls in the language picked."""
        if self._syncing:
            return
        self._lang_chosen = True
        self.style_options = self.style_options.speaking(change["new"])
        if self.model is not None and self.model.branch_at is None:  # the seats' names change too
            self.model, self._cache = self.model.replayed(replay_of(*self._source, self.lang)), {}
        self._relabel()
        self._render_header()
        self._viewed(lang=self.lang)
        self._say_again()

    @_guarded
    def _on_quiz_mode(self, change) -> None:
        """Quiz mode on or off: the last question's words go with the mode they belonged to."""
        if self.model is not None:
            self._moved(self.model.quizzing(change["new"]))

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` (one of ``i18n.LANGUAGES``), as the reader's pick in the menu does."""
        self.language.value = lang

    @_guarded
    def _on_look(self, _change) -> None:
        """The projector (large cards, large words) and the four-colour deck."""
        self.style_options = replace(self.style_options, large=self.projector.value, four_colour=self.four_colour.value)
        (self.add_class if self.projector.value else self.remove_class)("ll-projector")
        self._viewed(large=self.projector.value, four_colour=self.four_colour.value)

    def _relabel(self) -> None:
        """Every word of the controls in the player's language."""
        for button, go in ((self.first, "first"), (self.back, "back"), (self.next, "next"), (self.last, "last")):
            button.description, button.tooltip = ui(f"{go}-short", self.lang), ui(go, self.lang)
        self._label_play()
        self.slider.description = ui("step", self.lang)
        self.speed.description = ui("speed", self.lang)
        _relabel_options(self.speed, [(ui(key, self.lang), ms) for key, ms in SPEEDS])
        self.view_as.description = ui("view-as", self.lang)
        self._syncing = True
        try:
            _relabel_options(self.view_as, self._view_options())
        finally:
            self._syncing = False
        self.legal.description = ui("show-legal", self.lang)
        self.coach_on.description, self.coach_on.tooltip = ui("coach", self.lang), ui("coach-tip", self.lang)
        self.rejoin.description = self.rejoin.tooltip = ui("branch-back", self.lang)
        self.language.description = translate("player.language", self.lang)
        self.quiz_on.description = translate("player.quiz-mode", self.lang)
        self.projector.description = translate("player.projector", self.lang)
        self.four_colour.description = translate("player.four-colour", self.lang)
        self.quiz.relabel(self.lang)

    # --- quiz mode ----------------------------------------------------------------------
    @_guarded
    def _answered(self, move: Callable[[ScenarioModel], ScenarioModel]) -> None:
        """An answer button or Check was pressed: the quiz panel's transition of the model."""
        self._moved(move(self._scenario))

    def answer(self, text: str) -> None:
        """Answer the question shown, as the buttons do: a card, a seat, a choice, or for
        "which cards?" the cards separated by spaces (then checked)."""
        if self.model is not None and self.model.question is not None:
            self._moved(self.model.answer(text))

    # --- the static page ----------------------------------------------------------------
    def static_html(self) -> str:
        """The static player of the scenario's line (what the published book shows)."""
        if self.model is None:
            problem = Markup(self._problem or "")
            return str(render("widgets/problem.html", style=_style_html(REPLAY_CSS), problem=problem))
        return model_html(self.model, style=self.style_options)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.static_html()
        return bundle
