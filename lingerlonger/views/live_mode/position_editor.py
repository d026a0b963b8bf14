"""The book's position editor (book/set-up-a-position.md): a ``player.Position`` set up by
tapping cards, in the reader's browser.

The page's ``static/live/position.js`` sends each tap or choice to the live mode's worker,
which calls the functions here (endpoints of ``endpoints.ENDPOINTS``): JSON text in and out, like the
rest of live mode. No position is kept between calls: the editor's HTML carries it
(``data-ll-state``) and the page sends it back with the next change, so a restarted worker
loses nothing. A change the position refuses (an unknown card, a seat that is not there,
variants that cannot go together) comes back as the same position with the refusal in the
reader's language; the problems (``Position.problems``) are the loader's own.

>>> shown = json.loads(position_change(json.dumps({"state": _state(Position.empty(players=3)),
...                                                 "do": "click", "value": "A♥", "lang": "en"})))
>>> 'data-ll-placed-card="A♥"' in shown["html"], shown["ok"]
(True, False)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from functools import partial

from lingerlonger.game.cards import CARDS, Card, CardError, Suit, parse_card, parse_suit
from lingerlonger.game.declared import (
    FEWEST_SEATS,
    HAND_VARIANTS,
    MOST_SEATS,
    PLAYERS,
    PROFILE,
    VARIANT_SET,
    SetupError,
)
from lingerlonger.game.errors import LingerError
from lingerlonger.game.rules import Rules
from lingerlonger.game.visible_text import quoted, visible
from lingerlonger.scenario.replay import replay
from lingerlonger.session.position import STOCK, Place, Position
from lingerlonger.session.save_lesson import lesson_name, lesson_text, position_lesson, task_lesson
from lingerlonger.views.page_replay import replay_html
from lingerlonger.views.table_html import TEXT_STYLE, TableStyle, card_html
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import (
    ENVIRONMENT_LANGUAGE,
    LANGUAGES,
    SOURCE_LANGUAGE,
    error_text,
    format_number,
    language_tag,
    translate,
    ui,
)
from lingerlonger.words.narration import suit_name

__all__ = [
    "position_change",
    "position_play",
    "position_save",
    "position_task",
    "position_editor_html",
    "position_html",
    "page_site",
]

#: The words position.js says by itself (while the engine starts, if it cannot), by attribute.
_EDITOR_WORDS = {"starting": "live-starting", "failed": "live-failed"}


def _json(function: Callable[[dict, Position, str], dict]) -> Callable[[str], str]:
    """JSON in and out. ``args["state"]`` is the position shown; a refusal of the change gives
    that position back unchanged, the refusal said first in the problems box. A state that
    cannot be read (never one the page was given) gets only the refusal, as text: nothing
    shown changes."""

    def run(arguments: str) -> str:
        args = json.loads(arguments)
        lang = args.get("lang") if args.get("lang") in LANGUAGES else SOURCE_LANGUAGE
        try:
            position = _position(args.get("state"))
        except LingerError as error:
            return _dumped({"refused": error_text(error, lang)})
        except _Unreadable:
            return _dumped({"refused": ui("position-live-unreadable", lang)})
        try:
            answer = function(args, position, lang)
        except LingerError as error:
            answer = _shown(position, lang, refused=error_text(error, lang))
        return _dumped(answer)

    run.__name__, run.__doc__ = function.__name__, function.__doc__
    return run


def _dumped(answer: dict) -> str:
    return json.dumps(answer, ensure_ascii=False)


class _Unreadable(Exception):
    """A state that is no JSON object: not one this module wrote."""


# --- the position as the page carries it ---------------------------------------------------


def _state(position: Position) -> str:
    """The position as JSON text (seats A, B, C…: the editor names none)."""
    return json.dumps(
        {
            "players": len(position.players),
            "rules": position.rules.spec,
            "trump": _trump_text(position),
            "dealer": position.dealer,
            "leader": position.leader,
            "target": position.target,
            "hands": [[str(card) for card in hand] for hand in position.hands],
            "stock": [str(card) for card in position.stock],
        },
        ensure_ascii=False,
    )


def _trump_text(position: Position) -> str | None:
    return None if position.trump is None else position.trump.symbol


def _position(state: object) -> Position:
    """``_state``'s text read back, each part checked as the editor's choices are."""
    try:
        state = json.loads(state) if isinstance(state, str) else None
    except ValueError:
        state = None
    if not isinstance(state, dict):
        raise _Unreadable()
    position = Position.empty(_rules(state.get("rules")), _count(state.get("players")))
    # The page's text may hold more hands than seats, or fewer: a hand past the last seat is dropped.
    places: list[tuple[Place, object]] = [
        *zip(range(len(position.players)), _list(state.get("hands")), strict=False),
        (STOCK, state.get("stock")),
    ]
    for place, cards in places:
        position = position.aim(place)
        for card in _cards(cards):
            if position.place_of(card) is None:
                position = position.click(card)
    position = _choose_trump(position, state.get("trump"))
    return (
        position.with_dealer(_seat(position, state.get("dealer")))
        .with_leader(_seat(position, state.get("leader")))
        .aim(_place(position, state.get("target")))
    )


def _said(value: object) -> str | int:
    """What a page sent, as a refusal shows it (``{value!r}``): a number as it is, anything
    else as short visible text."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6:
        return value
    return visible(value if isinstance(value, str) else repr(value))[:24]


def _quoted(value: object) -> str | int:
    """The same, quoted, for a message that does not quote it itself (``{value}``)."""
    said = _said(value)
    return quoted(said) if isinstance(said, str) else said


def _count(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and FEWEST_SEATS <= value <= MOST_SEATS:
        return value
    raise SetupError("rules.players", field="players", low=FEWEST_SEATS, high=MOST_SEATS, players=_quoted(value))


def _rules(spec: object) -> Rules:
    """A rules spec ("standard+no-trump"); anything but text is refused as a profile would be."""
    return Rules.parse(spec) if isinstance(spec, str) else Rules.of(_profile(spec))


def _profile(name: object) -> str:
    if not isinstance(name, str) or name not in PROFILE.choices:
        raise SetupError("rules.unknown-profile", profile=_said(name), expected=", ".join(PROFILE.choices))
    return name


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _cards(value: object) -> tuple[Card, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise CardError("card.not-a-card", text=_quoted(value))
    return tuple(parse_card(text) for text in value)


def _seat(position: Position, value: object) -> int:
    """A seat's number as the page sends it; ``setup.no-seat`` for anything else."""
    value = _number(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(position.players):
        return value
    raise SetupError("setup.no-seat", seat=_said(value), seats=", ".join(position.players))


def _place(position: Position, value: object) -> Place:
    return STOCK if value == STOCK else _seat(position, value)


def _choose_trump(position: Position, value: object) -> Position:
    return position.with_trump(parse_suit(value) if value else None)


def _variant(position: Position, args: dict) -> Position:
    """A variant's box ticked (``on``) or not: the rules with or without it."""
    name = args.get("value")
    if not isinstance(name, str) or name not in HAND_VARIANTS:
        raise SetupError("rules.unknown-variant", variant=_said(name), expected=", ".join(HAND_VARIANTS))
    variants = position.rules.variants | {name} if args.get("on") else position.rules.variants - {name}
    return position.with_rules(Rules.of(position.rules.profile, variants))


#: What each change of the editor does to the position: ``do`` → (position, args) → position.
_CHANGES: dict[str, Callable[[Position, dict], Position]] = {
    "click": lambda position, args: position.click(parse_card(args.get("value"))),
    "aim": lambda position, args: position.aim(_place(position, args.get("value"))),
    "players": lambda position, args: position.with_players(_count(_number(args.get("value")))),
    "profile": lambda position, args: position.with_rules(
        Rules.of(_profile(args.get("value")), position.rules.variants)
    ),
    "variant": _variant,
    "trump": lambda position, args: _choose_trump(position, args.get("value")),
    "dealer": lambda position, args: position.with_dealer(_seat(position, args.get("value"))),
    "leader": lambda position, args: position.with_leader(_seat(position, args.get("value"))),
    "clear": lambda position, args: position.cleared(),
}


def _number(value: object) -> object:
    """A menu's value ("3") as the number it stands for; anything else as it is."""
    return int(value) if isinstance(value, str) and value.isdigit() and len(value) < 3 else value


# --- the calls -----------------------------------------------------------------------------


@_json
def position_change(args: dict, position: Position, lang: str) -> dict:
    """``{state, do, value, on, lang}``: a card tapped (``click``), a place chosen (``aim``),
    a menu or a box changed (``players``, ``profile``, ``variant``, ``trump``, ``dealer``,
    ``leader``) or ``clear``: the position after it (``html``, ``problems``, ``ok``)."""
    change = _CHANGES.get(str(args.get("do")))
    return _shown(change(position, args) if change else position, lang)


@_json
def position_play(args: dict, position: Position, lang: str) -> dict:
    """``{state, lang}``: the position as a replay (``html``) that the page takes live, to
    play on from it; while it has problems, the position again."""
    if position.problems:
        return _shown(position, lang)
    run = replay(position_lesson(position, lang, date.today()))
    return {"replay": replay_html(run, style=TableStyle.of(lang), include_css=False, languages=(lang,))}


@_json
def position_save(args: dict, position: Position, lang: str) -> dict:
    """``{state, lang, site}``: the position's lesson file (``text``, offered as ``name``); while it
    has problems, the position again."""
    if position.problems:
        return _shown(position, lang)
    today = date.today()
    return {
        "text": lesson_text(position_lesson(position, lang, today), site=page_site(args)),
        "name": lesson_name(today, kind="position"),
    }


@_json
def position_task(args: dict, position: Position, lang: str) -> dict:
    """``{state, lang, site}``: "Make this a task": the position's lesson with a task for the
    seat to act, its right answers the engine's (``text``, offered as ``name``); while it has
    problems, the position again."""
    if position.problems:
        return _shown(position, lang)
    today = date.today()
    return {
        "text": lesson_text(task_lesson(position_lesson(position, lang, today), today), site=page_site(args)),
        "name": lesson_name(today, kind="task"),
    }


def page_site(args: dict) -> str:
    """The site the page is served from (``site``, its root address), whose copy of the
    schema a saved file's editor line points at; "" (no line to the site) when not given."""
    return str(args.get("site") or "")


def _shown(position: Position, lang: str, refused: str = "") -> dict:
    """What the page shows of a position: the editor's body, the problems box, and whether
    it can be played and saved."""
    return {
        "html": str(position_html(position, lang)),
        "problems": str(_problems_html(position, lang, refused)),
        "ok": not position.problems,
    }


# --- the editor, drawn ---------------------------------------------------------------------


def position_editor_html(lang: str | None = None) -> str:
    """The whole editor as the book's page shows it before a tap: an empty table of four."""
    lang = lang or ENVIRONMENT_LANGUAGE or SOURCE_LANGUAGE
    position = Position.empty()
    return str(
        render(
            "live/position_editor.html",
            lang=lang,
            tag=language_tag(lang),
            say=partial(ui, lang=lang),
            words={attribute: ui(key, lang) for attribute, key in _EDITOR_WORDS.items()},
            off=bool(position.problems),
            body=position_html(position, lang),
            problems=_problems_html(position, lang),
        )
    )


def position_html(position: Position, lang: str) -> Markup:
    """The editor's body: the choices, where the cards go, the deck and the table."""
    style = TableStyle.of(lang)
    say = _speaker(lang)
    left = set(position.remaining)
    chosen = [name for name in HAND_VARIANTS if name in position.rules.variants]
    return render(
        "live/position_body.html",
        state=_state(position),
        menus=_menus(position, lang),
        variants=[
            {"name": name, "label": say(VARIANT_SET.label(name)), "checked": name in chosen} for name in HAND_VARIANTS
        ],
        summary=say(VARIANT_SET.title) + "".join(f" · {say(VARIANT_SET.label(name))}" for name in chosen),
        places=_places(position, style),
        deck=[
            {
                "name": style.word(suit.name.lower()),
                "cards": [_card(card, style) for card in CARDS if card.suit is suit and card in left],
            }
            for suit in Suit
        ],
        left=format_number(len(left), lang),
        words={
            "put_into": ui("position-put-into", lang),
            "deck": ui("position-deck", lang),
            "dealer": style.word("dealer"),
            "leads": ui("position-leader", lang),
        },
    )


def _speaker(lang: str) -> Callable[[str | None], str]:
    """``translate`` for a menu's catalog ids (a menu of the editor names each of its choices)."""

    def say(msg_id: str | None) -> str:
        assert msg_id is not None  # the editor's menus all have catalog labels
        return translate(msg_id, lang)

    return say


def _menus(position: Position, lang: str) -> list[dict[str, object]]:
    """Players, rules, trump, dealer and leader as menus: each its field, label, options
    (value, words) and the value chosen."""
    say = _speaker(lang)
    seats = list(enumerate(position.players))
    trumps = [("", say("ui.position-no-trump"))] + [
        (suit.symbol, f"{suit.symbol}{TEXT_STYLE} {suit_name(suit, lang)}") for suit in Suit
    ]
    menus = (
        ("players", say(PLAYERS.title), [(count, format_number(count, lang)) for count in PLAYERS.options]),
        ("profile", say(PROFILE.title), [(name, say(PROFILE.label(name))) for name in PROFILE.options]),
        ("trump", say("ui.position-trump"), trumps),
        ("dealer", say("ui.position-dealer"), seats),
        ("leader", say("ui.position-leader"), seats),
    )
    chosen = {
        "players": len(position.players),
        "profile": position.rules.profile,
        "trump": _trump_text(position) or "",
        "dealer": position.dealer,
        "leader": position.leader,
    }
    return [
        {"field": field, "label": label, "options": options, "chosen": chosen[field]} for field, label, options in menus
    ]


def _places(position: Position, style: TableStyle) -> list[dict[str, object]]:
    """Each seat's hand, then the stock: its name in the row of places (``name``) and on the
    table (``title``), its count ("3/4", said in words to a screen reader; the stock's
    alone), its cards, the dealer's chip and who leads."""
    lang = style.lang
    size = format_number(position.hand_size, lang)
    places = []
    for seat, (name, hand) in enumerate(zip(position.players, position.hands, strict=True)):
        count = format_number(len(hand), lang)
        places.append(
            {
                "id": seat,
                "name": name,
                "title": name,
                "shown": f"{count}/{size}",
                "words": ui("position-live-count", lang, placed=count, count=size),  # the noun agrees with the size
                "cards": [_card(card, style) for card in hand],
                "over": len(hand) > position.hand_size,
                "deals": seat == position.dealer,
                "leads": seat == position.leader,
            }
        )
    places.append(
        {
            "id": STOCK,
            "name": style.word("stock"),
            "title": ui("position-stock", lang),
            "shown": format_number(len(position.stock), lang),
            "words": "",
            "cards": [_card(card, style) for card in position.stock],
            "over": False,
            "deals": False,
            "leads": False,
        }
    )
    for place in places:
        place["aimed"] = place["id"] == position.target
    return places


def _card(card: Card, style: TableStyle) -> dict[str, object]:
    """A card as a button carrying its text (``data-ll-HOOK="A♥"``), drawn as on the table;
    its name is the card's, "ace of hearts" (the face's label: a name of its own would not
    hold the corner's "A♥" a reader sees)."""
    return {"text": str(card), "face": Markup(card_html(card, options=style))}


def _problems_html(position: Position, lang: str, refused: str = "") -> Markup:
    """The refusal of the last change, then what keeps the position from being played, in
    the reader's language; or that it is ready."""
    return render(
        "live/position_problems.html",
        refused=refused,
        problems=[error_text(problem, lang) for problem in position.problems],
        ready=ui("position-ready", lang),
    )
