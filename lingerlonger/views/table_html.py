"""The table, drawn: a ``State`` as self-contained HTML, with no widgets and no JavaScript.

Notebooks, the widget player and the static book all show a hand through
``table_html``; importing this module makes it a ``State``'s ``_repr_html_`` (the
engine stays free of HTML). The output depends only on the arguments, so the
same state always gives the same string and pre-rendered frames stay stable.
Every word of the table comes from the catalogs: ``TableStyle.of("pt")`` draws
it in Portuguese (``labels_for``), and ``LABELS`` holds the English words.

>>> from lingerlonger.game.cards import parse_card
>>> 'aria-label="queen of spades"' in card_html(parse_card("QS"))
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from lingerlonger.game.cards import RANK_LABELS, Card, Suit, sort_hand
from lingerlonger.game.engine import State, Trick, legal_cards, play_refusal, seat_index
from lingerlonger.game.events import END_REASONS
from lingerlonger.game.seat_view import SeatView, view
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, error_text, fill_selects, language_tag, template, translate
from lingerlonger.words.narration import reason_text, suit_name
from lingerlonger.words.table_keys import command_answers

__all__ = [
    "LABELS",
    "labels_for",
    "TABLE_CSS",
    "TableStyle",
    "RenderError",
    "table_html",
    "card_html",
    "card_back_html",
    "card_label",
]


class RenderError(ValueError):
    """A caller's mistake (a bug): arguments that describe no drawable table, such as a trick
    just won drawn over one in progress. A seat that is not there is the reader's, a ``SetupError``."""


#: The keys of the table's words in the catalogs (``locale/*.json``, message ``table.KEY``).
_TABLE_KEYS = (
    "face-down",
    "face-down-count",
    "playable",
    "played-by",
    "wins-trick",
    "dealer",
    "to-play",
    "names-trump",
    "out",
    "winner",
    "tricks",
    "won-pile",
    "trick",
    "stock",
    "stock-count",
    "stock-bottom",
    "trump",
    "no-trump",
    "trump-not-named",
    "held-by",
    "status-lead",
    "status-play",
    "status-name-trump",
    "status-trick-won",
    "status-hand-won",
    "is-trump",
)


def labels_for(lang: str) -> Mapping[str, str]:
    """Every word the table shows or reads aloud, in ``lang`` (one of ``i18n.LANGUAGES``).

    Counts are written "label: n" so that no label needs plural forms.
    """
    return MappingProxyType(
        {
            "lang": lang,
            "table": str(template("table.title", lang)),
            "card": str(template("card", lang)),
            **{f"rank-{rank}": translate(f"rank.{rank}", lang) for rank in range(2, 15)},
            **{f"index-{rank}": label for rank, label in RANK_LABELS.items()},
            **{suit.name.lower(): suit_name(suit, lang) for suit in Suit},
            **{f"of-{suit.name.lower()}": suit_name(suit, lang, of=True) for suit in Suit},
            **{key: str(template(f"table.{key}", lang)) for key in _TABLE_KEYS},
            **{f"reason-{reason}": reason_text(reason, lang) for reason in END_REASONS},
        }
    )


#: The English words; a ``TableStyle`` whose labels leave a key out falls back to these.
LABELS: Mapping[str, str] = labels_for("en")
_READERS_LABELS = labels_for(DEFAULT_LANGUAGE)


@dataclass(frozen=True)
class TableStyle:
    """How a table looks: the four-colour deck, projector size, and the words used. Its words
    are the reader's (``LINGERLONGER_LANG``, as each language's book sets it, else English)
    unless given: ``TableStyle(large=True)`` on a Russian page speaks Russian."""

    four_colour: bool = False
    large: bool = False
    labels: Mapping[str, str] = field(default_factory=lambda: _READERS_LABELS, hash=False)

    @classmethod
    def of(cls, lang: str = "en", *, four_colour: bool = False, large: bool = False) -> TableStyle:
        """A style speaking ``lang``."""
        return cls(four_colour=four_colour, large=large, labels=labels_for(lang))

    @property
    def lang(self) -> str:
        return self.word("lang")

    def speaking(self, lang: str) -> TableStyle:
        """The same look, in ``lang``."""
        return replace(self, labels=labels_for(lang))

    def word(self, key: str) -> str:
        """Label ``key`` as plain text, in English when the labels leave it out."""
        return self.labels.get(key, LABELS[key])

    def text(self, key: str, **values: object) -> str:
        """Label ``key`` filled in with ``values``, as plain text (the templates escape it); its
        words agree with a name's gender ("сыграла Аня")."""
        return fill_selects(self.word(key), values).format(**values)


DEFAULT_STYLE = TableStyle.of(DEFAULT_LANGUAGE)  # the reader's language (LINGERLONGER_LANG), else English


def minify_css(css: str) -> str:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"\s+", " ", css)
    return re.sub(r" ?([{};,>:]) ?", r"\1", css).replace(";}", "}").strip()


#: The style sheet every table uses; emit it once per page and pass ``include_css=False``.
TABLE_CSS = minify_css((Path(__file__).parent / "static" / "shared" / "table.css").read_text(encoding="utf-8"))
_TABLE_STYLE = Markup(TABLE_CSS)  # our own file: written into <style> as it is

#: Where seats sit, clockwise from the bottom (the viewer, or seat 0), by table size;
#: the grid areas of static/shared/table.css.
_POSITIONS = {
    3: ("b", "tl", "tr"),
    4: ("b", "l", "t", "r"),
    5: ("b", "l", "tl", "tr", "r"),
    6: ("b", "bl", "tl", "t", "tr", "br"),
}
TEXT_STYLE = "\ufe0e"  # keeps ♥ and ♦ from turning into emoji on phones and buttons


# --- cards ----------------------------------------------------------------------


def card_label(card: Card, options: TableStyle | None = None) -> str:
    """What a screen reader says for a card, e.g. ``10 of hearts`` (plain text)."""
    style = options or DEFAULT_STYLE
    suit = card.suit.name.lower()  # "of-SUIT" is the form after "of" (the Russian genitive)
    return style.text(
        "card", rank=style.word(f"rank-{card.rank}"), suit=style.labels.get(f"of-{suit}") or style.word(suit)
    )


class _Face(NamedTuple):
    """What templates/table/cards.html needs to draw a face-up card (see ``card_html``):
    plain values, so that a card drawn once is drawn from the cache after."""

    card: str
    classes: str
    label: str
    corner: str
    symbol: str
    winner: bool
    played_by: str | None
    hooks: bool
    why: str | None
    button: bool


def _face(
    card: Card,
    style: TableStyle,
    *,
    legal: bool = False,
    played_by: str | None = None,
    winner: bool = False,
    playable: bool = False,
    why: str | None = None,
    trump: Suit | None = None,
) -> Markup:
    """A face-up card (see ``card_html``); its name says it is a trump (``trump``, the suit),
    so that a suit is never told by colour alone."""
    aria = [card_label(card, style)]
    if card.suit == trump:
        aria.append(style.text("is-trump"))
    classes = ["ll-card", "ll-" + card.suit.name.lower()]
    if played_by is not None:
        aria.append(style.text("played-by", name=played_by))
    if legal:
        aria.append(style.text("playable"))
        classes.append("ll-legal")
    if winner:
        aria.append(style.text("wins-trick"))
        classes.append("ll-winner")
    turn = legal or why is not None
    face = _Face(
        card=str(card),
        classes=" ".join(classes),
        label=", ".join(aria),
        corner=style.text(f"index-{card.rank}"),
        symbol=card.suit.symbol + TEXT_STYLE,
        winner=winner,
        played_by=played_by,
        hooks=turn,
        why=why,
        button=playable and turn,
    )
    return _drawn(face)


@lru_cache(maxsize=8192)
def _drawn(face: _Face) -> Markup:
    """A card's markup; a book draws the same card in the same way many times over."""
    return render("table/card.html", face=face)


@lru_cache(maxsize=64)
def _back(label: str) -> Markup:
    return render("table/back.html", label=label)


def card_html(
    card: Card,
    *,
    legal: bool = False,
    played_by: str | None = None,
    winner: bool = False,
    playable: bool = False,
    why: str | None = None,
    options: TableStyle | None = None,
) -> Markup:
    """A face-up card; ``played_by`` adds the player's name under it, as in a trick.

    A card of the seat to play carries itself: ``data-ll-card="K♣"`` when it may be played, or
    ``data-ll-refused="K♣"`` and the rule ``why`` in ``data-ll-why``: a live player says at once
    why a pressed card may not be played, with no engine to ask, even before its engine has
    started (and ``[data-ll-card]`` names exactly the cards that can be played).
    ``playable`` (a live player) draws such a card as a button, for the page's script to play.
    """
    style = options or DEFAULT_STYLE
    return _face(card, style, legal=legal, played_by=played_by, winner=winner, playable=playable, why=why)


def card_back_html(*, options: TableStyle | None = None) -> Markup:
    """A face-down card."""
    return _back((options or DEFAULT_STYLE).text("face-down"))


# --- the table ------------------------------------------------------------------


def table_html(
    state: State,
    *,
    seat: int | str | None = None,
    show_legal: bool = False,
    last_trick: Trick | None = None,
    caption: str | None = None,
    options: TableStyle | None = None,
    include_css: bool = True,
    playable: bool = False,
    hidden: bool = False,
) -> Markup:
    """The whole table as one ``<div class="ll-table">`` (templates/table/table.html).

    ``seat`` draws what that seat may see (other hands face down, with counts);
    ``show_legal`` marks the cards the seat to act may play (``playable``: as buttons,
    see ``card_html``); ``last_trick`` shows
    a just-completed trick with its winner while ``state.trick`` is already empty.
    ``hidden`` draws every hand face down, ``seat``'s too (a device passed between two
    people at one table: sizes and public cards only).
    The table follows its own width: seats stack on a phone, and it needs a
    block-level parent (it is a CSS size container).
    """
    style = options or DEFAULT_STYLE
    viewer = _viewer_seat(state, seat)
    if last_trick is not None and state.trick:
        raise RenderError(
            "last_trick is for a moment between tricks, but this state has a "
            f"trick in progress ({len(state.trick)} cards played)"
        )
    anchor = 0 if viewer is None else viewer
    public = view(state, anchor)
    legal = set(legal_cards(state)) if show_legal and not hidden and viewer in (None, state.to_act) else set()
    seat = state.to_act
    refused = (
        {
            card: error_text(refusal, style.lang)
            for card in state.hands[seat]
            if card not in legal and (refusal := play_refusal(state, card)) is not None
        }
        if legal and seat is not None
        else {}
    )
    n = len(state.players)
    seats = [
        _seat(
            state,
            s,
            _POSITIONS[n][(s - anchor) % n],
            style,
            public,
            face_up=not hidden and viewer in (None, s),
            is_viewer=viewer == s,
            legal=legal,
            playable=playable,
            refused=refused,
        )
        for s in ((anchor + i) % n for i in range(n))
    ]
    status = _status(state, last_trick, style)
    told = None if hidden else viewer if viewer is not None else state.to_act  # whose hand the keys may tell
    turn = " ".join(str(part) for part in (status["text"], status["reason"]) if part)
    keys = command_answers(state, told, style.lang) | {"turn": turn}
    if last_trick is not None:
        plays, winner = last_trick.plays, last_trick.winner
    else:
        plays, winner = state.current_plays, None
    return render(
        "table/table.html",
        classes=f"ll-table ll-n{n}" + " ll-large" * style.large + " ll-four-colour" * style.four_colour,
        lang=language_tag(style.lang),
        label=caption or style.text("table"),
        css=_TABLE_STYLE if include_css else "",
        caption=caption,
        seats=seats,
        back=_back(style.text("face-down")),
        status=status,
        keys=json.dumps(keys, ensure_ascii=False),
        trick_label=style.text("trick"),
        trick=Markup().join(
            _face(card, style, played_by=state.players[s], winner=s == winner, trump=state.trump) for s, card in plays
        ),
        trump=_trump(state, style, public),
        stock=_stock(style, public, state.trump),
    )


def _viewer_seat(state: State, seat: int | str | None) -> int | None:
    """The seat to draw for; a seat that is not there is a ``SetupError``, said in the reader's words."""
    return None if seat is None else seat_index(state.players, seat)


def _seat(
    state: State,
    seat: int,
    position: str,
    style: TableStyle,
    public: SeatView,
    *,
    face_up: bool,
    is_viewer: bool,
    legal: set[Card],
    playable: bool,
    refused: Mapping[Card, str],
) -> dict[str, object]:
    """One seat: its name and marks (dealer, whose turn, out, winner), its hand, its tricks."""
    classes = ["ll-seat", f"ll-at-{position}"] + ["ll-viewer"] * is_viewer
    turn = out = ""
    if seat == state.to_act:
        classes.append("ll-to-act")
        turn = style.text("names-trump" if seat == state.namer else "to-play")
    if seat in state.out:
        classes.append("ll-out")
        out = style.text("out")
    backs = 0
    if face_up:
        why = refused if seat == state.to_act else {}
        cards = Markup().join(
            _face(card, style, legal=card in legal, playable=playable, why=why.get(card), trump=state.trump)
            for card in sort_hand(state.hands[seat], state.trump)
        )
    else:  # card backs with their count, then any card whose holder everyone knows
        known = [card for holder, card in public.known if holder == seat]
        backs = public.hand_sizes[seat] - len(known)
        cards = Markup().join(_face(card, style, trump=state.trump) for card in known)
    return {
        "classes": " ".join(classes),
        "name": state.players[seat],
        "dealer": style.text("dealer") if seat == state.dealer else "",
        "turn": turn,
        "out": out,
        "winner": style.text("winner") if seat == state.winner else "",
        "backs": backs,
        "backs_label": style.text("face-down-count", count=backs),
        "cards": cards,
        "meta": style.text("tricks", count=state.tricks_won[seat])
        + " · "
        + style.text("won-pile", count=len(state.won[seat])),
    }


def _status(state: State, last_trick: Trick | None, style: TableStyle) -> dict[str, object]:
    names = state.players
    if state.winner is not None:
        return {
            "crown": True,
            "text": style.text("status-hand-won", name=names[state.winner]),
            "reason": style.text(f"reason-{state.reason}"),
        }
    if last_trick is not None:
        text = style.text("status-trick-won", name=names[last_trick.winner])
    elif state.namer is not None:
        text = style.text("status-name-trump", name=names[state.namer])
    elif state.trick and state.to_act is not None:
        text = style.text("status-play", name=names[state.to_act])
    else:
        text = style.text("status-lead", name=names[state.leader])
    return {"crown": False, "text": text, "reason": ""}


def _trump(state: State, style: TableStyle, public: SeatView) -> dict[str, object]:
    """The revealed card while everyone knows where it is, else the suit, else why there is none."""
    drawn: dict[str, object] = {"title": style.text("trump"), "card": "", "suit": "", "symbol": "", "words": ""}
    if not state.rules.has_trump:
        return drawn | {"title": style.text("no-trump")}
    if state.trump is None:
        return drawn | {"words": style.text("trump-not-named")}
    card = state.trump_card
    if card is not None:
        holder = next((s for s, hand in enumerate(state.hands) if card in hand), None)
        where = (
            style.text("held-by", name=state.players[holder])
            if holder is not None
            else style.text("stock-bottom")
            if card == public.stock_bottom
            else None
        )
        if where:
            return drawn | {"card": _face(card, style, trump=state.trump), "words": where}
    suit = state.trump.name.lower()
    return drawn | {"suit": suit, "symbol": state.trump.symbol + TEXT_STYLE, "words": style.text(suit)}


def _stock(style: TableStyle, public: SeatView, trump: Suit | None) -> dict[str, object]:
    """A pile of backs with its count; under random-trump the face-up bottom card peeks out."""
    count, bottom = public.stock_size, public.stock_bottom
    return {
        "count": count,
        "label": style.text("stock-count", count=count),
        "title": style.text("stock"),
        "bottom": None if bottom is None else _face(bottom, style, trump=trump),
        "face_down": count - (bottom is not None),
    }


# Wired from this side, so the engine needs no HTML: a notebook that shows a State draws the table.
State._repr_html_ = table_html  # type: ignore[attr-defined]  # State declares no HTML of its own
