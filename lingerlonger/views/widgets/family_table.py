"""The family table: several people at one screen and computers in the other seats,
playing a match; an ipywidgets view of ``player.TableModel``.

Each person's cards stay behind a pass screen ("pass the device to Ana") until that person
taps "I am Ana — show my cards"; between two people's turns the table is drawn with every
hand face down, and the whole table only once the hand is over. The computers' cards come
one at a time, a moment apart, every hand face down meanwhile. Under the table: the cut
for the first deal, the score across hands (points and chips per seat) and "Save as
lesson" for each hand over (drawn by ``match_record``). Once a hand is over, each person's own review, passed privately
like their cards: a button per person, then the pass screen, then their review
(``review_box.ReviewBox``), shown only while they hold the device.
"""

from __future__ import annotations

import random
from datetime import date
from functools import partial

import ipywidgets as widgets

from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.declared import MOST_SEATS, PLAYERS
from lingerlonger.game.engine import ChooseTrump, Play
from lingerlonger.game.match import CHIP_OPTIONS
from lingerlonger.game.rules import Rules, RulesError
from lingerlonger.scenario.author_names import cleaned_name, looks_like
from lingerlonger.scenario.hand_seat_names import computer_names
from lingerlonger.session.family_table import PERSON, TableModel
from lingerlonger.session.save_lesson import table_practice
from lingerlonger.session.stepping import Refused
from lingerlonger.views.shared_panels import said_aloud, what_happened_html
from lingerlonger.views.table_html import TableStyle, table_html
from lingerlonger.views.templating import Markup, render
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
from lingerlonger.views.widgets.hand import MAX_NAME, _refusal_text
from lingerlonger.views.widgets.match_record import cut_html, saves_html, score_html
from lingerlonger.views.widgets.review_box import ReviewBox
from lingerlonger.views.widgets.table_voice import TableVoice
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, translate, ui
from lingerlonger.words.narration import narrate, reason_text

__all__ = ["FamilyTable", "SEAT_KINDS"]

#: What may sit in a seat: a person, or one of the computer players.
SEAT_KINDS = (PERSON, *PLAYER_KINDS)


class FamilyTable(_Speaks, widgets.VBox):
    """Pass-and-play: people at one screen, computers in the other seats, a match."""

    def __init__(
        self,
        *,
        players: int = 4,
        people: int = 2,
        rules: str = "standard",
        delay: float = 0.9,
        seed: int | None = None,
        style: TableStyle | None = None,
    ) -> None:
        super().__init__()
        self.add_class("ll-player")
        self.add_class("ll-family-table")
        self.rng = random.Random(seed)
        self.style_options = style or TableStyle.of(DEFAULT_LANGUAGE)
        self.model: TableModel | None = None
        self._choices: list[Card | Suit] = []
        self._saves: tuple[object, str, str] = ((), "", "")  # the hands saved, language, links
        self._build(players, people, Rules.parse(rules), delay)
        self._render()

    @property
    def lang(self) -> str:
        return self.style_options.lang

    @property
    def delay(self) -> float:
        """Seconds between two computer cards (read at each card, so a change acts at once)."""
        return self.pace.value

    # --- the settings -----------------------------------------------------------------
    def _build(self, players: int, people: int, rules: Rules, delay: float) -> None:
        self.header = _html(str(_style_html(PLAYER_CSS)))
        self.help_line = _html()
        self.players = widgets.ToggleButtons(options=PLAYERS.options, value=players, style={"button_width": "2.6rem"})
        self.players.observe(lambda _: self._show_seats(), "value")
        names = computer_names(self.lang)
        self.names = [
            widgets.Text(value=names[seat], layout=widgets.Layout(width="12rem")) for seat in range(MOST_SEATS)
        ]
        # each menu named for a screen reader ("Who plays seat 2"), the name unseen: the row says it
        self.kinds = [
            widgets.Dropdown(
                options=list(SEAT_KINDS),
                layout=_auto(),
                value=PERSON if seat < people else "tips",
                style={"description_width": "0px"},
            )
            for seat in range(MOST_SEATS)
        ]
        # each row its own layout: it hides itself (a shared one would hide every row)
        self.seat_rows = [
            _row([name, kind], "ll-seat-row", layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            for name, kind in zip(self.names, self.kinds, strict=True)
        ]
        self.rules_menus = RulesMenus(rules)
        # "" for no chips: a menu whose value is None has nothing chosen
        self.chips = widgets.Dropdown(options=["", *CHIP_OPTIONS], value="", layout=_auto())
        self.pace = _pace_menu(delay)
        self.pace.observe(lambda _: self._resume(), "value")
        self.start = _button(icon="play", primary=True)
        self.start.on_click(lambda _: self.start_match())
        self.settings = widgets.VBox(
            [
                _row([self.players], "ll-settings"),
                *self.seat_rows,
                _row([self.rules_menus.profile, self.chips, self.pace], "ll-settings"),
                self.rules_menus.row,
                _row([self.start]),
            ]
        )
        self.settings.add_class("ll-settings-box")
        self.cut = _wide_html()
        self.score = _wide_html()
        self.saves = _wide_html()
        self.stage = _wide_html("ll-stage")
        self.voice = TableVoice()  # what is said aloud: public events only, each hand kept private
        self.status = _wide_html()
        self.pass_text = _wide_html()
        self.reveal = _button(icon="eye", primary=True, own_look=True)
        self.reveal.add_class("ll-reveal")
        self.reveal.on_click(lambda _: self.show_cards())
        self.pass_box = widgets.VBox([self.pass_text, self.reveal])
        self.pass_box.add_class("ll-pass")
        self.cards = _ButtonPool(self._on_card)
        self.move = widgets.VBox([self.cards.box])  # hidden as a whole: the row's layout is shared
        self.message = _message_line()
        self.narration = _wide_html()
        self.next = _button(icon="redo", primary=True, own_look=True)
        self.next.on_click(lambda _: self.next_hand())
        # "New match" loses the match: asked first, and far from the cards, under the score
        self.again = _button(icon="users", own_look=True)
        self.again.on_click(lambda _: self.ask_new_match())
        self.confirm = _Confirm("confirm-new-match", self.new_match)
        self._build_reviews()
        self.play_area = widgets.VBox(
            [
                self.status,
                self.pass_box,
                self.stage,
                self.voice.box,
                self.move,
                _row([self.next]),
                self.review_people,
                self.review_pass,
                self.review_box,
                self.narration,
                self.cut,
                self.score,
                self.saves,
                _row([self.again], "ll-leave"),
                self.confirm.box,
            ]
        )
        self._relabel()
        self._show_seats()
        self.children = (self.header, self.help_line, self.voice.toggle, self.settings, self.message, self.play_area)

    def _build_reviews(self) -> None:
        """A review button per person once a hand is over, the review's pass screen, the review."""
        self.review_label = _html()
        self.review_buttons: list[widgets.Button] = []
        # its own layout: it hides itself (a shared one would hide every row)
        layout = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.review_people = _row([self.review_label], "ll-review-people", layout=layout)
        self.review_pass_text = _wide_html()
        self.review_reveal = _button(icon="eye", primary=True, own_look=True)
        self.review_reveal.on_click(lambda _: self.show_review())
        self.review_pass = widgets.VBox([self.review_pass_text, self.review_reveal])
        self.review_pass.add_class("ll-review-pass")  # looks like the cards' pass screen (player.css)
        self.review_box = ReviewBox(self.style_options, gated=True)
        self.review_box.on_close = lambda: self.close_review()

    def _show_seats(self) -> None:
        for seat, row in enumerate(self.seat_rows):
            _shown(row, seat < self.players.value)

    def _relabel(self) -> None:
        """Every word of the settings and buttons in the page's language."""
        say = lambda key, **values: ui(key, self.lang, **values)  # noqa: E731
        self.help_line.value = _line_html("help_line", say("table-help"))
        self.voice.relabel(self.lang)
        self.players.description = translate(PLAYERS.title, self.lang)
        for seat, (name, kind) in enumerate(zip(self.names, self.kinds, strict=True)):
            name.description = say("table-seat", seat=seat + 1)
            kind.description = say("table-seat-kind", seat=seat + 1)
            _relabel_options(
                kind,
                [(say("table-person"), PERSON)]
                + [(say("table-computer", kind=say(f"opponent-{option}")), option) for option in PLAYER_KINDS],
            )
        self.rules_menus.relabel(self.lang)
        self.chips.description = say("table-chips")
        _relabel_options(
            self.chips, [(say("chips-none"), "")] + [(say(f"chips-{option}"), option) for option in CHIP_OPTIONS]
        )
        _relabel_pace(self.pace, self.lang)
        for button, key in ((self.start, "start-match"), (self.next, "next-hand"), (self.again, "new-match")):
            button.description = button.tooltip = say(key)
        self.confirm.relabel(self.lang)

    def set_language(self, lang: str) -> None:
        """Speak ``lang``; a match in play goes on (the names at the table stay)."""
        if lang == self.lang:
            return
        old, new = computer_names(self.lang), computer_names(lang)
        for seat, name in enumerate(self.names):
            if name.value == old[seat]:
                name.value = new[seat]
        self.style_options = self.style_options.speaking(lang)
        self.review_box.relabel(self.style_options)
        self._relabel()
        self._say_again()
        self._render()

    # --- the match --------------------------------------------------------------------
    @_guarded
    def start_match(self) -> None:
        """Cut for the first deal and deal the first hand, with the seats and rules chosen."""
        self._say("")
        count = self.players.value
        kinds = [kind.value for kind in self.kinds[:count]]
        if PERSON not in kinds:
            self._say(lambda: ui("table-no-person", self.lang), kind="refused")
            return
        try:
            rules = self.rules_menus.rules()
        except RulesError as error:
            self._say(lambda error=error: refused_rules_text(error, self.lang), kind="error")
            return
        defaults = computer_names(self.lang)
        names: list[str] = []
        for seat, box in enumerate(self.names[:count]):
            name = cleaned_name(box.value, MAX_NAME) or defaults[seat]
            if any(name == other or looks_like(name, other) for other in names):
                self._say(lambda name=name: ui("table-name-twice", self.lang, name=name), kind="refused")
                return
            names.append(name)
        self._advance(TableModel.start(rules, names, kinds, chips=self.chips.value or None, rng=self.rng))

    @_guarded
    def show_cards(self) -> None:
        """The person to act has the device: show their cards."""
        if self.model is not None:
            self._set(self.model.reveal())

    def play(self, action: ChooseTrump | Play) -> None:
        """The shown person's card (the card buttons call this); the computers then play on
        up to the next person's turn."""
        if self.model is None:
            return
        played = self.model.play(action)
        if isinstance(played, Refused):
            state = self.model.state
            self._say(lambda: ui("refused", self.lang, message=_refusal_text(state, action, self.lang)), kind="refused")
            return
        self._say("")
        self._advance(played)

    @_guarded
    def ask_review(self, seat: int) -> None:
        """``seat``'s review asked for: the pass screen first (another review shown goes)."""
        if self.model is not None:
            self._set(self.model.ask_review(seat))
            if self.model.reviewing == seat:
                self.review_reveal.focus()  # the keyboard's next press says "it is me"

    @_guarded
    def show_review(self) -> None:
        """The person asked for has the device: their review (computed the first time)."""
        if self.model is not None:
            self._set(self.model.open_review())
            self.review_box.toggle.focus()  # the button pressed is gone: the focus goes to the review's own

    @_guarded
    def close_review(self) -> None:
        if self.model is not None:
            self._set(self.model.close_review())

    @_guarded
    def next_hand(self) -> None:
        if self.model is not None:
            self._advance(self.model.next_hand(self.rng))

    @_guarded
    def ask_new_match(self) -> None:
        """ "New match": first the question, Yes or Cancel (the scores would be lost)."""
        if self.model is not None:
            self.confirm.ask()

    @_guarded
    def new_match(self) -> None:
        """Back to the settings, for another match (the confirmation's Yes)."""
        self.confirm.hide()
        self.model = None
        self._say("")
        self._render()

    def _advance(self, model: TableModel) -> None:
        """Show ``model`` once the computers have played up to a person's turn: at once, or
        one card at a time on the event loop, a moment apart (``TableModel`` keeps every
        hand face down meanwhile, the holder's cards aside when nobody else plays)."""
        paced = model.waiting and _after_a_card(
            self.delay, model.last_trick is not None, lambda: self._computer_turn(model)
        )
        self._set(model if paced else model.computers_play())

    @_guarded
    def _computer_turn(self, model: TableModel) -> None:
        """One computer card, then the next after a pause (a stale timer does nothing: the
        match went on or was left)."""
        if self.model is model:
            self._advance(next(model.turns()))

    @_guarded
    def _resume(self) -> None:
        """Another pace picked: the computers go on at it (from paused, or sooner or later
        than the timer set; that timer is then stale)."""
        if self.model is not None and self.model.waiting:
            self._advance(self.model)

    def _set(self, model: TableModel) -> None:
        self.model = model
        self._render()

    @_guarded
    def _on_card(self, index: int) -> None:
        assert self.model is not None and self.model.person_to_act is not None  # a person's cards are shown
        self.play(_action(self.model.person_to_act, self._choices[index]))

    # --- drawing ----------------------------------------------------------------------
    def _render(self) -> None:
        model, lang, style = self.model, self.lang, self.style_options
        _shown(self.settings, model is None)
        _shown(self.play_area, model is not None)
        self._choices = []
        if model is None:
            self.cards.show([])
            return
        state = model.state
        person = model.person_to_act
        shown = person is not None and not model.hidden
        if not shown:  # first: the page never shows the last person's buttons with the next screen
            _shown(self.move, False)
            self.cards.show([])
        passing = person is not None and model.hidden
        if not passing:  # first too: the pass screen never stays up over the cards it hid
            _shown(self.pass_box, False)
        self.cut.value = cut_html(model, style)
        self.score.value = score_html(model, lang)
        self.saves.value = self._saves_html()
        self.narration.value = what_happened_html(
            (narrate(event, model.names, lang) for event in model.public_told), lang
        )
        self.stage.value = table_html(
            state,
            seat=model.viewer,
            hidden=model.hidden,
            show_legal=shown,
            last_trick=model.last_trick if not state.trick else None,
            options=style,
            include_css=False,
        )
        if person is not None and model.hidden:  # worded before it shows: never the last person's name
            name = state.players[person]
            self.pass_text.value = str(
                render("widgets/pass_to.html", said=ui("pass-to", lang, name=name), note=ui("pass-note", lang))
            )
            self.reveal.description = self.reveal.tooltip = ui("show-cards", lang, name=name)
        _shown(self.pass_box, passing)
        _shown(self.next, state.is_over and not model.is_over)
        if shown and person is not None:
            self._choices = _choices(state, person)
            self.cards.show(*_labels(self._choices))
            _shown(self.move, True)
        self._render_reviews(model)
        status = self._status_html()
        # Said aloud: what everyone at the table saw (never a card drawn), then the pass screen
        # or the turn's note; a hand is told only by its table's keys, while its person holds it.
        passed_to = state.players[person] if passing and person is not None else None
        review_for = model.reviewing if model.reviewing in model.reviewable and not model.review_open else None
        if review_for is not None:  # a review's pass screen: said as the cards' one is
            urgent = ui("app-review-pass", lang, name=model.names[review_for])
        elif passed_to:
            urgent = ui("pass-to", lang, name=passed_to)
        else:
            urgent = Markup(status).striptags()
        lines = said_aloud(model.public_told, model.names, style)
        self.voice.say(model.public_told, lines, urgent, lang, len(model.actions))
        # Last: once the page shows this note, everything above it is this turn's.
        self.status.value = status

    def _render_reviews(self, model: TableModel) -> None:
        """Each person's review button once a hand is over; the pass screen of the review asked
        for; the review itself only once that person has the device (cleared from the page else)."""
        lang, people = self.lang, model.reviewable
        for at in range(len(self.review_buttons), len(people)):
            button = _button(own_look=True)
            button.add_class("ll-action-review")  # [data-ll-action="review"] in the app
            button.on_click(lambda _, at=at: self._review_pressed(at))
            self.review_buttons.append(button)
        for button, person in zip(self.review_buttons, people, strict=False):
            button.description = button.tooltip = ui("app-review-for", lang, name=model.names[person])
        for at, button in enumerate(self.review_buttons):
            _shown(button, at < len(people))
        if len(self.review_people.children) != len(self.review_buttons) + 1:
            self.review_people.children = (self.review_label, *self.review_buttons)
        self.review_label.value = _line_html("label", ui("app-review-reviews", lang)) if people else ""
        _shown(self.review_people, bool(people))
        seat = model.reviewing if model.reviewing in people else None
        if seat is None or not model.review_open:
            self.review_box.withdraw()  # first: a review never stays up over the next pass screen
        if seat is not None and not model.review_open:
            name = model.names[seat]
            self.review_pass_text.value = str(
                render(
                    "widgets/pass_to.html",
                    said=ui("app-review-pass", lang, name=name),
                    note=ui("app-review-pass-note", lang),
                )
            )
            self.review_reveal.description = self.review_reveal.tooltip = ui("app-review-show", lang, name=name)
        _shown(self.review_pass, seat is not None and not model.review_open)
        if seat is not None and model.review_open:
            number, (dealt, actions) = len(model.played), model.played[-1]
            self.review_box.offer(
                (number, seat),
                dealt,
                actions,
                seat,
                lambda moment: table_practice(model, number, moment, self.lang, date.today()),
            )
            self.review_box.open_review()

    def _review_pressed(self, at: int) -> None:
        """The review button at ``at`` (a button hidden since it was drawn does nothing)."""
        if self.model is not None and at < len(self.model.reviewable):
            self.ask_review(self.model.reviewable[at])

    def _saves_html(self) -> str:
        """The save links, made again only when a hand ends or the language changes (each
        holds its file)."""
        assert self.model is not None  # drawn once the table is set
        played, lang = self.model.played, self.lang
        if self._saves[:2] != (played, lang):
            self._saves = (played, lang, saves_html(self.model, lang, date.today()))
        return self._saves[2]

    def _status_html(self) -> str:
        """Who won, or whose turn it is; ``data-ll-step`` counts the hand's actions, so a page
        can tell one turn's note from the next."""
        model, lang = self.model, self.lang
        assert model is not None  # drawn once the table is set
        state, person = model.state, model.person_to_act
        note = partial(render, "widgets/turn_note.html", step=len(model.actions))
        if state.is_over:
            assert state.reason is not None and state.winner is not None  # a finished hand has both
            winner = model.match.winner
            return str(
                note(
                    end=True,
                    match_won=winner is not None,
                    said=ui("they-won", lang, name=state.players[state.winner], reason=reason_text(state.reason, lang)),
                    after=ui("match-next", lang)
                    if winner is None
                    else ui("match-won", lang, name=state.players[winner]),
                )
            )
        if model.waiting:
            assert state.to_act is not None  # a computer is to act
            return str(note(end=False, yours=False, said=ui("waiting", lang, name=state.players[state.to_act])))
        if person is None or model.hidden:
            return ""
        key = "trump-of" if state.namer == person else "turn-of"
        return str(note(end=False, yours=True, said=ui(key, lang, name=state.players[person])))
