"""The position editor: an ipywidgets view of a ``player.Position``, the app's fourth tab.

Menus choose the players, rules, trump, dealer and leader; a row of toggles chooses where a
tapped card goes (a seat's hand or the stock); the deck is a row of card buttons per suit,
where a placed card stays faded and a tap takes it back. The hands and the stock are drawn
as cards with their counts, and the position's problems (the loader's own refusals) are
said in the reader's language as it is set up. "Play from here" opens it in the scenario
player, where a card tried plays the hand on (what-if) and the branch saves as a lesson;
"Save position" is a link holding the position's file. Every rule lives in the model.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import ipywidgets as widgets

from lingerlonger.game.cards import CARDS, Card, Suit, parse_card
from lingerlonger.game.declared import HAND_VARIANTS, PLAYERS, PROFILE
from lingerlonger.game.errors import LingerError
from lingerlonger.game.rules import Rules, RulesError
from lingerlonger.scenario.model import Text
from lingerlonger.session.position import STOCK, Position
from lingerlonger.session.save_lesson import lesson_name, position_lesson
from lingerlonger.views.shared_panels import save_link_html
from lingerlonger.views.table_html import TEXT_STYLE, TableStyle, card_html, card_label, minify_css
from lingerlonger.views.templating import Markup, render
from lingerlonger.views.widgets.controls import (
    PLAYER_CSS,
    RulesMenus,
    _auto,
    _button,
    _Confirm,
    _guarded,
    _html,
    _labels,
    _line_html,
    _message_line,
    _row,
    _shared,
    _shown,
    _Speaks,
    _style_html,
    _wide_html,
    refused_rules_text,
)
from lingerlonger.views.widgets.scenario_player import ScenarioPlayer
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, error_text, format_number, translate, ui
from lingerlonger.words.narration import rules_text

__all__ = ["PositionEditor", "POSITION_CSS", "places_html"]

#: The editor's own style, after the players' (static/app/position-app.css; the book's editor has live/position.css).
_APP_CSS = Path(__file__).parents[1] / "static" / "app" / "position-app.css"
POSITION_CSS = minify_css(_APP_CSS.read_text(encoding="utf-8"))
#: The trump menu's "no trump" (a menu whose value is None has nothing chosen).
NO_TRUMP = ""


def places_html(position: Position, style: TableStyle) -> str:
    """Each seat's hand and the stock, as cards, with their counts ("2/4": held and dealt);
    the place a tapped card goes to is marked, a hand over the game's size counted in red."""
    lang, size = style.lang, position.hand_size
    places = [
        _place(
            name,
            [
                ui(key, lang)
                for key, on in (
                    ("position-dealer", seat == position.dealer),
                    ("position-leader", seat == position.leader),
                )
                if on
            ],
            f"{len(hand)}/{size}",
            len(hand) > size,
            hand,
            seat == position.target,
            style,
        )
        for seat, (name, hand) in enumerate(zip(position.players, position.hands, strict=True))
    ]
    stock = position.stock
    places.append(
        _place(
            ui("position-stock", lang),
            [],
            format_number(len(stock), lang),
            False,
            stock,
            position.target == STOCK,
            style,
            "ll-stock-place",
        )
    )
    return str(render("widgets/places.html", lang=lang, places=places))


def _place(
    name: str,
    roles: list[str],
    count: str,
    over: bool,
    cards: tuple[Card, ...],
    target: bool,
    style: TableStyle,
    kind: str = "",
) -> dict[str, object]:
    """One place of ``places.html``: its cards drawn as on the table."""
    drawn = [Markup(card_html(card, options=style)) for card in cards]
    return {"name": name, "roles": roles, "count": count, "over": over, "cards": drawn, "target": target, "kind": kind}


class PositionEditor(_Speaks, widgets.VBox):
    """Set up a position by tapping cards into the hands and the stock; play on from it,
    step through it and save it."""

    def __init__(self, *, players: int = 4, rules: str = "standard", style: TableStyle | None = None) -> None:
        super().__init__()
        self.add_class("ll-player")
        self.add_class("ll-position-editor")
        self.style_options = style or TableStyle.of(DEFAULT_LANGUAGE)
        self.position = Position.empty(Rules.parse(rules), players)
        self.player: ScenarioPlayer | None = None  # made when a position is first played
        self._syncing = False
        self._build()
        self._sync()
        self._render()

    @property
    def lang(self) -> str:
        return self.style_options.lang

    # --- the widgets --------------------------------------------------------------------
    def _build(self) -> None:
        self.header = _html(str(_style_html(PLAYER_CSS, POSITION_CSS)))
        self.help_line = _html()
        self.players = widgets.ToggleButtons(options=PLAYERS.options, style={"button_width": "2.6rem"})
        self.rules_menus = RulesMenus(self.position.rules, HAND_VARIANTS)
        self.trump, self.dealer, self.leader = (widgets.Dropdown(layout=_auto()) for _ in range(3))
        self.target = widgets.ToggleButtons(style={"button_width": "auto"})
        self.target.add_class("ll-target-menu")
        self.players.observe(lambda change: self._change(lambda p: p.with_players(change["new"])), "value")
        self.rules_menus.observe(lambda _: self._change(lambda p: p.with_rules(self.rules_menus.rules())))
        self.trump.observe(
            lambda change: self._change(lambda p: p.with_trump(None if change["new"] == NO_TRUMP else change["new"])),
            "value",
        )
        self.dealer.observe(lambda change: self._change(lambda p: p.with_dealer(change["new"])), "value")
        self.leader.observe(lambda change: self._change(lambda p: p.with_leader(change["new"])), "value")
        self.target.observe(lambda change: self._change(lambda p: p.aim(change["new"])), "value")
        # the rules folded under their name: a phone keeps the cards in sight
        self.rules_box = widgets.Accordion(
            children=[widgets.VBox([_row([self.rules_menus.profile], "ll-settings"), self.rules_menus.row])],
            selected_index=None,
        )
        settings = widgets.VBox(
            [
                _row([self.players], "ll-settings"),
                self.rules_box,
                _row([self.trump, self.dealer, self.leader], "ll-settings"),
            ]
        )
        settings.add_class("ll-settings-box")
        self.places = _wide_html()
        self.problems = _message_line()
        self.deck_label = _html("", "ll-deck-label")
        self.deck = {card: self._deck_button(card) for card in CARDS}
        rows = [_row([self.deck[card] for card in CARDS if card.suit is suit], "ll-deck") for suit in Suit]
        self.play = _button(icon="play", primary=True)
        self.play.on_click(lambda _: self.play_from_here())
        self.save = _html("", "ll-save")
        self.clear = _button(icon="eraser")
        self.clear.on_click(lambda _: self.ask_clear())
        self.confirm = _Confirm("confirm-clear", self.clear_table)
        self.message = _message_line()
        self.setup = widgets.VBox(
            [
                self.help_line,
                settings,
                self.problems,
                self.places,
                _row([self.target]),
                self.deck_label,
                *rows,
                _row([self.play, self.save, self.clear], "ll-position-actions"),
                self.confirm.box,
            ]
        )
        self.back = _button(icon="edit", primary=True)
        self.back.on_click(lambda _: self.back_to_setup())
        self.play_box = widgets.VBox([_row([self.back])])
        _shown(self.play_box, False)
        self._relabel()
        self.children = (self.header, self.message, self.setup, self.play_box)

    def _deck_button(self, card: Card) -> widgets.Button:
        """A card of the deck: red or black, in a style shared with its colour."""
        [label], [colour] = _labels([card])
        button = widgets.Button(
            description=label,
            layout=_auto(),
            style=_shared(f"deck-{colour}", lambda: widgets.ButtonStyle(text_color=colour)),
        )
        button.add_class("ll-deck-card")
        button.on_click(lambda _: self.click(card))
        return button

    def _relabel(self) -> None:
        """Every word of the menus and buttons in the reader's language."""
        lang = self.lang
        self.help_line.value = _line_html("help_line", ui("position-help", lang))
        self.players.description = translate(PLAYERS.title, lang)
        self.rules_menus.relabel(lang)
        self.trump.description = ui("position-trump", lang)
        self.dealer.description = ui("position-dealer", lang)
        self.leader.description = ui("position-leader", lang)
        self.target.description = ui("position-put-into", lang)
        self.play.description = ui("position-play", lang)
        self.play.tooltip = ui("position-app-play-tip", lang)
        self.clear.description = self.clear.tooltip = ui("position-clear", lang)
        self.confirm.relabel(lang)
        self.back.description = self.back.tooltip = ui("position-edit", lang)

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: menus, places, problems, and the position played, if any."""
        if lang == self.lang:
            return
        self.style_options = self.style_options.speaking(lang)
        self._relabel()
        self._sync()
        self._render()
        self._say_again()
        if self.player is not None:
            self.player.set_language(lang)

    # --- changes: the model's transitions -----------------------------------------------
    @_guarded
    def _change(self, move) -> None:
        """A menu moved: the position ``move`` makes of it, or, refused, the position as it
        was (the menus put back) and why, in the reader's language."""
        if self._syncing:
            return
        try:
            position = move(self.position)
        except LingerError as error:
            self._say(lambda error=error: self._refusal_text(error), kind="refused")
            self._sync()
            return
        self._say("")
        self._set(position)

    def _refusal_text(self, error: LingerError) -> str:
        if isinstance(error, RulesError):
            return refused_rules_text(error, self.lang)
        return error_text(error, self.lang)

    def _set(self, position: Position) -> None:
        self.position = position
        self._sync()
        self._render()

    @_guarded
    def click(self, card: Card | str) -> None:
        """Put ``card`` where cards go now, or take it back to the deck (the deck's buttons
        call this)."""
        self._change(lambda p: p.click(card if isinstance(card, Card) else parse_card(card)))

    def aim(self, target: int | str) -> None:
        """Cards go to seat ``target``'s hand, or to the stock (``STOCK``), as the toggles do."""
        self._change(lambda p: p.aim(target))

    @_guarded
    def ask_clear(self) -> None:
        """ "Clear the table": a question first (Yes or Cancel) when cards are placed."""
        if any(self.position.hands) or self.position.stock:
            self.confirm.ask()

    @_guarded
    def clear_table(self) -> None:
        """Every card back to the deck; the players, rules, trump, dealer and leader kept."""
        self.confirm.hide()
        self._say("")
        self._set(self.position.cleared())

    # --- drawing ------------------------------------------------------------------------
    def _sync(self) -> None:
        """The menus as the position is (after a change, a refusal or a language switch)."""
        position, lang, style = self.position, self.lang, self.style_options
        seats = [(name, seat) for seat, name in enumerate(position.players)]
        self._syncing = True
        try:
            self.players.value = len(position.players)
            self.rules_menus.show(position.rules)
            self.rules_box.titles = (f"{translate(PROFILE.title, lang)}: {rules_text(position.rules, lang)}",)
            self.trump.options = [
                (f"{suit.symbol}{TEXT_STYLE} {style.word(suit.name.lower())}", suit) for suit in Suit
            ] + [(ui("position-no-trump", lang), NO_TRUMP)]
            self.trump.value = NO_TRUMP if position.trump is None else position.trump
            for menu, seat in ((self.dealer, position.dealer), (self.leader, position.leader)):
                menu.options = seats
                menu.value = seat
            self.target.options = [*seats, (style.word("stock"), STOCK)]
            self.target.value = position.target
        finally:
            self._syncing = False

    def _render(self) -> None:
        position, lang, style = self.position, self.lang, self.style_options
        self.places.value = places_html(position, style)
        problems = position.problems
        # the button and the link first: once "Ready: press Play from here" is shown (and said),
        # the button it names is already enabled (each value reaches the page as its own message)
        self.play.disabled = bool(problems)
        self.save.value = self._save_html(problems)
        self.problems.value = self._problems_html(problems)
        left = position.remaining
        self.deck_label.value = str(
            render("widgets/deck_label.html", title=ui("position-deck", lang), left=format_number(len(left), lang))
        )
        for card, button in self.deck.items():
            place = position.place_of(card)
            (button.remove_class if place is None else button.add_class)("ll-placed")
            where = "" if place is None else f" — {style.word('stock') if place == STOCK else position.players[place]}"
            button.tooltip = card_label(card, style) + where

    def _problems_html(self, problems: tuple[LingerError, ...]) -> str:
        lang = self.lang
        return str(
            render(
                "widgets/position_problems.html",
                problems=[error_text(problem, lang) for problem in problems],
                ready=ui("position-ready", lang),
            )
        )

    def _save_html(self, problems: tuple[LingerError, ...]) -> str:
        """ "Save position": a link holding the position's file, once it has no problems."""
        label = ui("position-save", self.lang)
        if problems:
            return str(render("widgets/save_off.html", label=label))
        today = date.today()
        return save_link_html(
            lambda: position_lesson(self.position, self.lang, today),
            lesson_name(today, kind="position"),
            self.lang,
            label=label,
            tip="position-app-save-tip",
        )

    # --- playing on -----------------------------------------------------------------------
    @_guarded
    def play_from_here(self) -> None:
        """The position in the scenario player: try a card and the hand plays on, step
        through it, save the branch; the setup waits, as it was, behind "Back to the setup"."""
        if self.position.problems:
            return
        day = date.today().isoformat()
        title = Text(
            translate("ui.position-saved-title", self.lang, date=day),
            {lang: translate("ui.position-saved-title", lang, date=day) for lang in LANGUAGES},
        )
        if self.player is None:
            self.player = ScenarioPlayer(style=self.style_options)
            _shown(self.player.language, False)  # the editor's language speaks for it
            self.play_box.children = (*self.play_box.children, self.player)
        self.player.set_language(self.lang)
        self.player.load(self.position.scenario(title, self.lang))
        _shown(self.setup, False)
        _shown(self.play_box, True)

    @_guarded
    def back_to_setup(self) -> None:
        """Back to the position as it was set up, to change it."""
        if self.player is not None:
            self.player.stop()
        _shown(self.play_box, False)
        _shown(self.setup, True)
