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

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from lingerlonger.game.cards import RANK_LABELS, Card, Suit, sort_hand
from lingerlonger.game.engine import State, Trick, legal_cards, play_refusal
from lingerlonger.game.events import END_REASONS
from lingerlonger.game.seat_view import SeatView, view
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, error_text, language_tag, template, translate
from lingerlonger.words.narration import reason_text, suit_name

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
    """Arguments that describe no drawable table, such as a seat that is not there."""


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
        """Label ``key`` filled in with ``values`` and escaped for HTML."""
        return html.escape(self.word(key).format(**values))


DEFAULT_STYLE = TableStyle.of(DEFAULT_LANGUAGE)  # the reader's language (LINGERLONGER_LANG), else English


def minify_css(css: str) -> str:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"\s+", " ", css)
    return re.sub(r" ?([{};,>:]) ?", r"\1", css).replace(";}", "}").strip()


#: The style sheet every table uses; emit it once per page and pass ``include_css=False``.
TABLE_CSS = minify_css((Path(__file__).parent / "static" / "table.css").read_text(encoding="utf-8"))

#: Where seats sit, clockwise from the bottom (the viewer, or seat 0), by table size;
#: the grid areas of static/table.css.
_POSITIONS = {
    3: ("b", "tl", "tr"),
    4: ("b", "l", "t", "r"),
    5: ("b", "l", "tl", "tr", "r"),
    6: ("b", "bl", "tl", "t", "tr", "br"),
}
TEXT_STYLE = "\ufe0e"  # keeps ♥ and ♦ from turning into emoji on phones and buttons
_CROWN, _STAR = "♛", "★"


# --- cards ----------------------------------------------------------------------


def card_label(card: Card, options: TableStyle | None = None) -> str:
    """What a screen reader says for a card, e.g. ``10 of hearts`` (escaped)."""
    style = options or DEFAULT_STYLE
    suit = card.suit.name.lower()  # "of-SUIT" is the form after "of" (the Russian genitive)
    return style.text(
        "card", rank=style.word(f"rank-{card.rank}"), suit=style.labels.get(f"of-{suit}") or style.word(suit)
    )


def card_html(
    card: Card,
    *,
    legal: bool = False,
    played_by: str | None = None,
    winner: bool = False,
    playable: bool = False,
    why: str | None = None,
    options: TableStyle | None = None,
) -> str:
    """A face-up card; ``played_by`` adds the player's name under it, as in a trick.

    A card of the seat to play (``legal``, or refused by the rule ``why``) carries itself,
    ``data-ll-card="K♣"``, and the refusal, ``data-ll-why``: a live player says at once why a
    pressed card may not be played, with no engine to ask, even before its engine has started.
    ``playable`` (a live player) draws such a card as a button, for the page's script to play.
    """
    style = options or DEFAULT_STYLE
    aria = [card_label(card, style)]
    classes = ["ll-card", "ll-" + card.suit.name.lower()]
    if played_by is not None:
        aria.append(style.text("played-by", name=played_by))
    if legal:
        aria.append(style.text("playable"))
        classes.append("ll-legal")
    if winner:
        aria.append(style.text("wins-trick"))
        classes.append("ll-winner")
    symbol = card.suit.symbol + TEXT_STYLE
    star = f'<span class="ll-star">{_STAR}</span>' if winner else ""
    turn = legal or why is not None
    hooks = (f' data-ll-card="{card}"' + (f' data-ll-why="{html.escape(why)}"' if why else "")) if turn else ""
    label = ", ".join(aria)
    face = (
        f'<span class="{" ".join(classes)}" role="img" aria-label="{label}"{"" if playable else hooks}>'
        f'<span class="ll-idx">{style.text(f"index-{card.rank}")}<span>{symbol}</span></span>'
        f'<span class="ll-pip">{symbol}</span>{star}</span>'
    )
    if playable and turn:
        face = f'<button type="button" class="ll-card-button"{hooks} aria-label="{label}">{face}</button>'
    if played_by is None:
        return face
    return (
        f'<span class="ll-play{" ll-win" if winner else ""}">{face}'
        f'<span class="ll-by" aria-hidden="true">{html.escape(played_by)}</span></span>'
    )


def card_back_html(*, options: TableStyle | None = None) -> str:
    """A face-down card."""
    style = options or DEFAULT_STYLE
    return f'<span class="ll-card ll-back" role="img" aria-label="{style.text("face-down")}"></span>'


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
) -> str:
    """The whole table as one ``<div class="ll-table">``.

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
    seats = "".join(
        _seat_html(
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
    )
    classes = f"ll-table ll-n{n}" + " ll-large" * style.large + " ll-four-colour" * style.four_colour
    label = html.escape(caption) if caption else style.text("table")
    return (
        f'<div class="{classes}" lang="{language_tag(style.lang)}" role="group" aria-label="{label}">'
        + (f"<style>{TABLE_CSS}</style>" if include_css else "")
        + (f'<p class="ll-caption">{html.escape(caption)}</p>' if caption else "")
        + f'<div class="ll-felt">{seats}{_centre_html(state, last_trick, style, public)}'
        + "</div></div>"
    )


def _viewer_seat(state: State, seat: int | str | None) -> int | None:
    if seat is None:
        return None
    if isinstance(seat, str):
        if seat in state.players:
            return state.players.index(seat)
    elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
        return seat
    raise RenderError(
        f"there is no seat {seat!r} to draw the table for "
        f"(seats are {', '.join(state.players)}, or 0 to {len(state.players) - 1})"
    )


def _seat_html(
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
) -> str:
    classes = ["ll-seat", f"ll-at-{position}"] + ["ll-viewer"] * is_viewer
    head = [f'<span class="ll-name">{html.escape(state.players[seat])}</span>']
    if seat == state.dealer:
        # A chip drawn in CSS, not a letter: "D" or "С" would read as a seat's name.
        head.append(
            f'<span class="ll-dealer" role="img" aria-label="{style.text("dealer")}" '
            f'title="{style.text("dealer")}"></span>'
        )
    if seat == state.to_act:
        classes.append("ll-to-act")
        turn = "names-trump" if seat == state.namer else "to-play"
        head.append(f'<span class="ll-pill ll-turn">{style.text(turn)}</span>')
    if seat in state.out:
        classes.append("ll-out")
        head.append(f'<span class="ll-pill ll-gone">{style.text("out")}</span>')
    if seat == state.winner:
        head.append(f'<span class="ll-pill ll-crown">{_CROWN} {style.text("winner")}</span>')
    if face_up:
        why = refused if seat == state.to_act else {}
        cards = "".join(
            card_html(card, legal=card in legal, playable=playable, why=why.get(card), options=style)
            for card in sort_hand(state.hands[seat], state.trump)
        )
    else:
        cards = _hidden_hand_html(seat, public, style)
    meta = (
        style.text("tricks", count=state.tricks_won[seat]) + " · " + style.text("won-pile", count=len(state.won[seat]))
    )
    return (
        f'<div class="{" ".join(classes)}" role="group" '
        f'aria-label="{html.escape(state.players[seat])}">'
        f'<div class="ll-head">{"".join(head)}</div><div class="ll-hand">{cards}</div>'
        f'<div class="ll-meta">{meta}</div></div>'
    )


def _hidden_hand_html(seat: int, public: SeatView, style: TableStyle) -> str:
    """Card backs with their count, then any card whose holder everyone knows."""
    known = [card for holder, card in public.known if holder == seat]
    backs = public.hand_sizes[seat] - len(known)
    fan = ""
    if backs:
        fan = (
            f'<span class="ll-backs" role="img" aria-label="{style.text("face-down-count", count=backs)}">'
            + card_back_html(options=style) * backs
            + f'<span class="ll-count">{backs}</span></span>'
        )
    return fan + "".join(card_html(card, options=style) for card in known)


def _centre_html(state: State, last_trick: Trick | None, style: TableStyle, public: SeatView) -> str:
    if last_trick is not None:
        plays, winner = last_trick.plays, last_trick.winner
    else:
        plays, winner = state.current_plays, None
    trick = "".join(card_html(card, played_by=state.players[s], winner=s == winner, options=style) for s, card in plays)
    return (
        f'<div class="ll-centre">{_status_html(state, last_trick, style)}'
        f'<div class="ll-trick" role="group" aria-label="{style.text("trick")}">{trick}</div>'
        f'<div class="ll-aside">{_trump_html(state, style, public)}'
        f"{_stock_html(style, public)}</div></div>"
    )


def _status_html(state: State, last_trick: Trick | None, style: TableStyle) -> str:
    names = state.players
    if state.winner is not None:
        return (
            f'<p class="ll-status">{_CROWN} {style.text("status-hand-won", name=names[state.winner])}'
            f'<span class="ll-reason">{style.text(f"reason-{state.reason}")}</span></p>'
        )
    if last_trick is not None:
        text = style.text("status-trick-won", name=names[last_trick.winner])
    elif state.namer is not None:
        text = style.text("status-name-trump", name=names[state.namer])
    elif state.trick and state.to_act is not None:
        text = style.text("status-play", name=names[state.to_act])
    else:
        text = style.text("status-lead", name=names[state.leader])
    return f'<p class="ll-status">{text}</p>'


def _trump_html(state: State, style: TableStyle, public: SeatView) -> str:
    """The revealed card while everyone knows where it is, else the suit, else why there is none."""
    title = f'<span class="ll-title">{style.text("trump")}</span>'
    if not state.rules.has_trump:
        return f'<div class="ll-box ll-trump"><span class="ll-title">{style.text("no-trump")}</span></div>'
    if state.trump is None:
        return f'<div class="ll-box ll-trump">{title}<span>{style.text("trump-not-named")}</span></div>'
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
            return f'<div class="ll-box ll-trump">{title}{card_html(card, options=style)}<span>{where}</span></div>'
    suit = state.trump.name.lower()
    return (
        f'<div class="ll-box ll-trump">{title}'
        f'<span class="ll-big ll-{suit}" aria-hidden="true">{state.trump.symbol}{TEXT_STYLE}</span>'
        f"<span>{style.text(suit)}</span></div>"
    )


def _stock_html(style: TableStyle, public: SeatView) -> str:
    """A pile of backs with its count; under random-trump the face-up bottom card peeks out."""
    count, bottom = public.stock_size, public.stock_bottom
    if not count:
        pile = '<span class="ll-empty"></span>'
    else:
        face_down = count - (bottom is not None)
        peek = "" if bottom is None else f'<span class="ll-bottom">{card_html(bottom, options=style)}</span>'
        top = card_back_html(options=style) if face_down else ""
        pile = (
            f'<span class="ll-pile{" ll-with-bottom" if peek else ""}">{peek}{top}'
            f'<span class="ll-count" aria-hidden="true">{count}</span></span>'
        )
    label = style.text("stock-count", count=count)
    return (
        f'<div class="ll-box ll-stock" role="group" aria-label="{label}">'
        f'<span class="ll-title" aria-hidden="true">{style.text("stock")}</span>{pile}</div>'
    )


# Wired from this side, so the engine needs no HTML: a notebook that shows a State draws the table.
State._repr_html_ = table_html  # type: ignore[attr-defined]  # State declares no HTML of its own
