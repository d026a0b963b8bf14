"""The live hand player: an ipywidgets view of a ``player.HandModel``.

You play one seat against computer players, with the coach's hints; the computers'
cards come one at a time, a moment apart, so the reader can follow the trick. Once the
hand is over, "Review" reviews your decisions (``review_box.ReviewBox``), and "Save as
lesson" then asks, at each mistake, for the better card.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import ipywidgets as widgets

from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.declared import HAND_VARIANTS, PLAYERS
from lingerlonger.game.engine import Action, State
from lingerlonger.game.rules import VARIANTS, Rules, RulesError
from lingerlonger.scenario.author_names import cleaned_name
from lingerlonger.session.hand import HandModel
from lingerlonger.session.save_lesson import hand_lesson, lesson_name, practice_lesson
from lingerlonger.session.stepping import Refused, advice, refusal
from lingerlonger.views.shared_panels import (
    advice_html,
    hand_status_html,
    hand_table_html,
    save_link_html,
    told_aloud,
    told_html,
)
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.widgets.controls import (
    PLAYER_CSS,
    RulesMenus,
    _action,
    _after_a_card,
    _auto,
    _button,
    _ButtonPool,
    _choices,
    _Confirm,
    _guarded,
    _html,
    _labels,
    _line_html,
    _message_line,
    _pace_menu,
    _relabel_options,
    _relabel_pace,
    _row,
    _shown,
    _Speaks,
    _style_html,
    _wide_html,
    refused_rules_text,
)
from lingerlonger.views.widgets.review_box import ReviewBox
from lingerlonger.views.widgets.table_voice import TableVoice
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, speaker, translate, ui

__all__ = ["HandPlayer", "MAX_NAME"]

#: The longest name a player may give themself (it must fit under a card on a phone).
MAX_NAME = 16


def _refusal_text(state: State, action: Action, lang: str) -> str:
    """Why the engine refuses ``action`` at ``state``, in ``lang`` ("" if it allows it now)."""
    refused = refusal(state, action)
    return refused.text(lang) if refused else ""


class HandPlayer(_Speaks, widgets.VBox):
    """Play one seat of a hand against computer players, with the coach's hints."""

    def __init__(
        self,
        *,
        players: int = 4,
        seat: int = 0,
        rules: str = "standard",
        opponents: str = "tips",
        delay: float = 0.9,
        seed: int | None = None,
        style: TableStyle | None = None,
    ) -> None:
        super().__init__()
        self.add_class("ll-player")
        self.add_class("ll-hand-player")
        self.rng = random.Random(seed)
        self.style_options = style or TableStyle.of(DEFAULT_LANGUAGE)
        self.model: HandModel | None = None
        self._choices: list[Card | Suit] = []  # what each card button stands for
        self._build(players, seat, Rules.parse(rules), opponents, delay)
        self.new_hand()

    @property
    def lang(self) -> str:
        return self.style_options.lang

    @property
    def state(self) -> State | None:
        return self.model.state if self.model else None

    @state.setter
    def state(self, state: State) -> None:
        """Set up a position to play from (a test or a lesson), the rest of the hand kept."""
        assert self.model is not None  # set up on a hand already dealt
        self.model = replace(self.model, state=state, last_trick=None, start=state, actions=())

    def _shown_state(self) -> State:
        """The state on the table, read when words are said (a language switch renames the seats)."""
        assert self.model is not None  # words about a card are said once a hand is dealt
        return self.model.state

    @property
    def you(self) -> int:
        return self.model.you if self.model else self.seat.value

    @property
    def delay(self) -> float:
        """Seconds between two computer plays (read at each play, so a change acts at once)."""
        return self.pace.value

    def _build(self, players: int, seat: int, rules: Rules, opponents: str, delay: float) -> None:
        self.header = _html(str(_style_html(PLAYER_CSS)))
        self.rules_menus = RulesMenus(rules, HAND_VARIANTS)
        self.players = widgets.ToggleButtons(options=PLAYERS.options, value=players, style={"button_width": "2.6rem"})
        self.seat = widgets.Dropdown(layout=_auto())
        self.your_name = widgets.Text(value=ui("default-name", self.lang), layout=widgets.Layout(width="14rem"))
        self._seat_options(players, seat)
        self.players.observe(lambda change: self._seat_options(change["new"], self.seat.value), "value")
        self.opponents = widgets.Dropdown(options=list(PLAYER_KINDS), value=opponents, layout=_auto())
        self.deal = _button(icon="redo", primary=True)
        self.deal.add_class("ll-deal")  # the app's page then brings the new hand on screen (ll-app.js)
        self.pace = _pace_menu(delay)
        self.pace.observe(lambda _: self._resume(), "value")
        self.deal.on_click(lambda _: self.ask_new_hand())
        self.confirm = _Confirm("confirm-new-hand", self.new_hand)
        self.save = _html("", "ll-save")  # "Save as lesson": a link holding the file, kept up to date
        self.settings_note = _html()
        settings = widgets.VBox(
            [
                _row([self.your_name, self.seat, self.players], "ll-settings"),
                _row([self.rules_menus.profile, self.opponents], "ll-settings"),
                self.rules_menus.row,
                self.settings_note,
            ]
        )
        settings.add_class("ll-settings-box")
        self.settings = widgets.Accordion(children=[settings], selected_index=None)
        self.summary = _html()
        self.status = _wide_html()
        self.stage = _wide_html("ll-stage")
        self.cards = _ButtonPool(self._on_card)
        self.hint = _button(icon="lightbulb")
        self.hint.on_click(lambda _: self.show_hint())
        self.hint_text = _wide_html()
        self.move = widgets.VBox([_row([self.cards.box, self.hint]), self.hint_text])
        self.move.add_class("ll-what-if")
        self.message = _message_line()
        self.review_box = ReviewBox(self.style_options)
        self.review_box.on_reviewed = lambda: self._show_save()
        self.narration = _wide_html()
        self.voice = TableVoice()  # the table's live regions, [data-ll-announce], and its keys' switch
        self.help_line = _html()
        self._relabel()
        self.children = (
            self.header,
            self.help_line,
            self.voice.toggle,
            _row([self.deal, self.pace, self.save, self.summary]),
            self.confirm.box,
            self.settings,
            self.stage,
            self.voice.box,
            self.status,
            self.message,
            self.review_box,
            self.move,
            self.narration,
        )

    def _relabel(self) -> None:
        """Every word of the settings and buttons in the player's language."""
        say = speaker(self.lang, "ui.")
        self.rules_menus.relabel(self.lang)
        self.players.description = translate(PLAYERS.title, self.lang)
        self.seat.description = say("your-seat")
        self.your_name.description = say("your-name")
        self.opponents.description = say("opponents")
        _relabel_options(self.opponents, [(say(f"opponent-{kind}"), kind) for kind in PLAYER_KINDS])
        _relabel_pace(self.pace, self.lang)
        self.deal.description = self.deal.tooltip = say("new-hand")
        self.confirm.relabel(self.lang)
        self.hint.description, self.hint.tooltip = say("hint"), say("hint-tip")
        self.settings_note.value = _line_html("note", say("settings-note"))
        self.settings.titles = (say("settings"),)
        self.help_line.value = _line_html("help_line", say("play-help"))
        self.voice.relabel(self.lang)

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: settings, table, narration; the hand in play goes on."""
        if lang == self.lang:
            return
        if self.your_name.value == ui("default-name", self.lang):
            self.your_name.value = ui("default-name", lang)
        if self.model is not None:  # the seats are renamed, and the narration with them
            self.model = self.model.speaking(self.lang, lang)
        self.style_options = self.style_options.speaking(lang)
        self.review_box.relabel(self.style_options)
        self._relabel()
        self._say_again()
        self.hint_text.value = ""  # the coach's words were in the old language: ask again
        if self.model is not None:
            self._render_summary()
            self._render(waiting=self.model.waiting)

    def _seat_options(self, players: int, seat: int | None) -> None:
        self.seat.options = [(str(i + 1), i) for i in range(players)]
        self.seat.value = seat if seat is not None and seat < players else 0

    # --- the hand ---------------------------------------------------------------------
    @property
    def in_play(self) -> bool:
        """A hand you have played in and not finished: a new deal would lose it."""
        return (
            self.model is not None
            and not self.model.state.is_over
            and any(action.seat == self.you for action in self.model.actions)
        )

    @_guarded
    def ask_new_hand(self) -> None:
        """ "New hand": at once between hands, first a question (Yes or Cancel) in the middle of one."""
        if self.in_play:
            self.confirm.ask()
        else:
            self.new_hand()

    @_guarded
    def new_hand(self) -> None:
        """Deal a new hand with the chosen rules; the deal passes clockwise from hand to hand."""
        self.confirm.hide()
        self._say("")
        try:
            rules = self.rules_menus.rules()
        except RulesError as error:
            self._say(lambda error=error: refused_rules_text(error, self.lang), kind="error")
            return
        mine = cleaned_name(self.your_name.value, MAX_NAME) or ui("default-name", self.lang)
        self.model = HandModel.deal(
            rules,
            players=self.players.value,
            you=self.seat.value,
            name=mine,
            opponents=self.opponents.value,
            lang=self.lang,
            rng=self.rng,
            previous=self.model,
        )
        self._render_summary()
        self.hint_text.value = ""
        self._advance()

    def _render_summary(self) -> None:
        """The hand's settings in a line (the menus may already hold the next hand's)."""
        assert self.model is not None and self.state is not None  # drawn once a hand is dealt
        rules = self.state.rules
        words = [
            translate(f"profile.{rules.profile}", self.lang),
            *(translate(f"variant.{name}", self.lang) for name in VARIANTS if name in rules.variants),
        ]
        summary = ui(
            "settings-summary",
            self.lang,
            rules=" + ".join(words),
            count=len(self.state.players),
            seat=self.you + 1,
            opponents=ui(f"opponent-{self.model.opponents}", self.lang),
        )
        self.summary.value = _line_html("words", summary)

    def _advance(self) -> None:
        """Let the computers act until it is your turn or the hand is over: at once, or one
        card at a time on the event loop, a moment apart (a trick's end a little longer)."""
        assert self.model is not None  # once a hand is dealt
        current = self.model
        if current.waiting and _after_a_card(
            self.delay, current.last_trick is not None, lambda: self._computer_turn(current)
        ):
            self._render(waiting=True)
            return
        self.model = self.model.computers_play()
        self._render()

    @_guarded
    def _computer_turn(self, model: HandModel) -> None:
        """One computer card, then the next after a pause (a stale timer, set for a moment
        that has passed, does nothing: a new hand, a card played, the pace changed)."""
        if self.model is model and model.waiting:
            self.model = next(model.turns())
            self._advance()

    @_guarded
    def _resume(self) -> None:
        """Another pace picked: the computers go on at it (from paused, or sooner or later
        than the timer set; that timer is then stale)."""
        if self.model is not None and self.model.waiting:
            self._advance()

    def play(self, action: Action) -> None:
        """Your action (the card buttons call this); computers then play on."""
        assert self.model is not None and self.state is not None  # cards are shown once a hand is dealt
        if self.state.to_act != self.you:
            return
        self.hint_text.value = ""
        played = self.model.play(action)
        if isinstance(played, Refused):
            # Worded when said, with the seats as named then (a language switch renames them).
            self._say(
                lambda: ui("refused", self.lang, message=_refusal_text(self._shown_state(), action, self.lang)),
                kind="refused",
            )
            return
        self.model = played
        self._say("")
        self._advance()

    @_guarded
    def _on_card(self, index: int) -> None:
        self.play(_action(self.you, self._choices[index]))

    @_guarded
    def show_hint(self) -> None:
        """The coach's chance for each of your choices, best first."""
        if self.model is None or self.model.state.to_act != self.you:
            return
        self.hint_text.value = _line_html("thinking", ui("coach-thinking", self.lang))
        state = self.model.state
        self.hint_text.value = advice_html(advice(state, seat=self.you), state.players[self.you], self.lang)

    # --- drawing ----------------------------------------------------------------------
    def _save_html(self) -> str:
        """The hand so far as a lesson file, in a link that saves it (none for a start no
        file can hold); once reviewed, with an ``ask:`` before each of your mistakes."""
        today, model, review = date.today(), self.model, self.review_box.review
        assert model is not None  # drawn once a hand is dealt
        return save_link_html(lambda: hand_lesson(model, self.lang, today, review), lesson_name(today), self.lang)

    def _show_save(self) -> None:
        self.save.value = self._save_html()

    def _offer_review(self) -> None:
        """ "Review" once a hand you played in is over (none while it is in play)."""
        model = self.model
        assert model is not None and model.start is not None  # drawn once a hand is dealt
        if not (model.state.is_over and any(action.seat == model.you for action in model.actions)):
            self.review_box.withdraw()
            return
        self.review_box.offer(
            (model.number, model.start, model.actions),  # a position set up (``state``) is another hand
            replace(model.start, players=model.state.players),
            model.actions,
            model.you,
            lambda moment: practice_lesson(model, moment, self.lang, date.today()),
            lambda: hand_lesson(model, self.lang, date.today()),
        )

    def _render(self, waiting: bool = False) -> None:
        state, lang = self.state, self.lang
        assert self.model is not None and state is not None  # drawn once a hand is dealt
        self.stage.value = hand_table_html(self.model, self.style_options)
        self.narration.value = told_html(self.model, lang)
        self._offer_review()  # before the save link, which holds the review once there is one
        self.save.value = self._save_html()
        self._choices = [] if state.is_over or waiting else _choices(state, self.you)
        self.cards.show(*_labels(self._choices))
        _shown(self.move, bool(self._choices))
        status = hand_status_html(self.model, lang, waiting)
        self._announce(status.striptags() if state.is_over or (state.to_act == self.you and not waiting) else "")
        # Last: once the page shows this turn's note, the card buttons above are this turn's.
        self.status.value = status

    def _announce(self, urgent: str) -> None:
        """Say what happened since the table was last drawn (each play once, in order, its card
        in words), then ``urgent``: your turn or the hand's end."""
        assert self.model is not None  # said once a hand is dealt
        model = self.model
        lines = told_aloud(model, self.style_options)
        self.voice.say(model.told, lines, urgent, self.lang, len(model.actions))
