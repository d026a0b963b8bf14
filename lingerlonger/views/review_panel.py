"""The review of a finished hand as HTML: the panel live mode and the app's widgets show alike.

``review_html(review, lang)`` draws a ``computer.review.Review`` from
``templates/review/panel.html`` (style: ``static/review.css``): a summary in words and the
three biggest moments, then every moment (``[data-ll-moment]``, its ``data-ll-verdict``): why,
in one sentence naming its idea with a link (``[data-ll-reason]``, ``review_words.py``), the
luck of an unlucky card, a deal that shows it, and behind a "Details" control each legal card's
two chances and their intervals, as bars and as numbers, and a folded note on what the numbers
mean. Every word comes from the catalogs (``ui.review-*``); a seat's name
is escaped by the template engine. Each moment has a "Show this moment" button
(``data-ll-action="review-open"``, ``data-ll-step`` its step in the hand) for the page's script
or the widget to open the table there.

>>> from lingerlonger.computer.review import review_hand
>>> from lingerlonger.game.engine import from_position
>>> from lingerlonger.game.rules import Rules
>>> state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
...                       hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock="")
>>> html = str(review_html(review_hand(state, [state.play("A A♥")], seat=0, deals=20), "en"))
>>> 'data-ll-verdict="mistake"' in html, "1 mistake" in html
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from lingerlonger.computer.review import INACCURACY, MISTAKE, ActionValue, Chance, Moment, Review
from lingerlonger.views.review_words import moment_words
from lingerlonger.views.table_html import TableStyle, card_html
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import format_number, format_percent, translate, ui
from lingerlonger.words.narration import card_name, suit_name

__all__ = ["review_html", "summary_text", "moment_title", "moment_label", "BIGGEST"]

#: How many moments the summary points to.
BIGGEST = 3
#: The order the summary counts the verdicts in: what cost most first.
_SUMMARY_ORDER = ("mistake", "inaccuracy", "unlucky", "close", "good")


@dataclass(frozen=True, slots=True)
class _Chance:
    """A chance as the template draws it: the words, and the bar's three positions (0 to 100)."""

    rate_text: str
    range_text: str
    rate: str
    low: str
    high: str


@dataclass(frozen=True, slots=True)
class _Row:
    label: str
    face: Markup
    played: bool
    best: bool
    known: _Chance
    face_up: _Chance


def _chance(chance: Chance, lang: str) -> _Chance:
    low, high = chance.interval
    words = ui("review-range", lang, low=format_percent(low, lang), high=format_percent(high, lang))
    return _Chance(
        format_percent(chance.rate, lang), words, f"{chance.rate * 100:.1f}", f"{low * 100:.1f}", f"{high * 100:.1f}"
    )


def _label(value: ActionValue, style: TableStyle) -> str:
    """The action in words: a card's name (knowing its gender, for a message's article), or the
    suit named as trump (grand-coup)."""
    if value.card is not None:
        return card_name(value.card, style.lang)
    assert value.suit is not None
    return suit_name(value.suit, style.lang)


def _face(value: ActionValue, style: TableStyle) -> Markup:
    """A card drawn as the table draws it (a picture named in words); a suit has its name only."""
    return card_html(value.card, options=style) if value.card is not None else Markup()


def moment_title(moment: Moment, style: TableStyle) -> str:
    """A moment in words: "Trick 3: 8♦", or the suit named as trump after a trick."""
    played = moment.played_value
    if played.card is None:
        return ui("review-trick-trump", style.lang, trick=len(moment.state.history), suit=_label(played, style))
    return ui("review-trick", style.lang, trick=len(moment.state.history) + 1, card=_label(played, style))


def moment_label(moment: Moment, lang: str) -> str:
    """A moment in a button's name: "trick 3, 8 of diamonds", or the suit named as trump."""
    played = moment.played_value
    if played.card is None:
        assert played.suit is not None  # no card: the suit named as trump
        return ui("app-review-moment-trump", lang, suit=suit_name(played.suit, lang))
    return ui("app-review-moment", lang, trick=len(moment.state.history) + 1, card=card_name(played.card, lang))


def _moment(moment: Moment, anchor: str, name: str, style: TableStyle, book_href: str | None) -> dict[str, object]:
    lang = style.lang
    face_up_best = moment.face_up_best
    # Every card as good as the best is named best (a hopeless hand has them all at 0%): naming
    # one of equals would tell the reader a difference that is not there. The one played first.
    tied = [value for value in moment.values if value.known.wins == moment.best.known.wins]
    tied.sort(key=lambda value: value.action != moment.played)
    notes = [
        ui("review-chose", lang, name=name, card=_label(moment.played_value, style)),
        ui("review-best", lang, name=name, card=", ".join(_label(value, style) for value in tied)),
    ]
    if moment.verdict == "unlucky":
        notes.append(ui("review-face-up-best", lang, card=_label(face_up_best, style)))
    points = round(moment.loss * 100)
    if points > 0 and moment.verdict in ("inaccuracy", "mistake", "close"):
        notes.append(ui("review-lost", lang, count=points))
    if moment.verdict == "close":
        notes.append(ui("review-close-note", lang))
    rows = [
        _Row(
            _label(value, style),
            _face(value, style),
            value.action == moment.played,
            value in tied,
            _chance(value.known, lang),
            _chance(value.face_up, lang),
        )
        for value in moment.values
    ]
    return {
        "id": f"{anchor}-{moment.step}",
        "step": moment.step,
        "played": str(moment.played_value.card or moment.played_value.suit),
        "verdict": moment.verdict,
        "verdict_word": ui(f"review-verdict-{moment.verdict}", lang),
        "title": moment_title(moment, style),
        "why": moment_words(moment, lang, book_href),
        "label": moment_label(moment, lang),
        "show_name": ui("app-review-open", lang, moment=moment_label(moment, lang)),
        "practise_name": ui("app-review-practise", lang, moment=moment_label(moment, lang)),
        "notes": notes,
        "rows": rows,
    }


def summary_text(review: Review, lang: str) -> str:
    """ "2 mistakes, 1 unlucky moment, 7 good cards": each verdict that occurs, counted."""
    counts = review.counts
    return ", ".join(
        ui(f"review-summary-{verdict}", lang, count=counts[verdict]) for verdict in _SUMMARY_ORDER if counts[verdict]
    )


def review_html(
    review: Review,
    lang: str,
    *,
    name: str | None = None,
    anchor: str = "ll-review",
    level: int = 2,
    style: TableStyle | None = None,
    show: bool = True,
    practise: bool = False,
    book_href: str | None = "",
) -> Markup:
    """The panel of ``review`` in ``lang``. ``name``: the reviewed seat's name (by default as the
    hand named it); ``anchor``: the prefix of the moments' ids, unique in the page; ``level``:
    the panel's heading level (its parts take the next ones); ``show``: each moment's "Show this
    moment" button (False where no script answers it: a widget draws its own); ``practise``:
    each moment's "Practise this" button, for live mode's script (the app draws its own);
    ``book_href``: the folder of the book's pages from this page, for the links to the tips and
    rules the reasons name ("" beside them, as live mode is; None: no links, as in the app)."""
    style = (style or TableStyle.of(lang)).speaking(lang)
    if name is None:
        name = review.moments[0].state.players[review.seat] if review.moments else ""
    moments = [_moment(moment, anchor, name, style, book_href) for moment in review.moments]
    by_step = {moment["step"]: moment for moment in moments}
    deals = max((value.known.deals for moment in review.moments for value in moment.values), default=0)
    level = max(1, min(level, 4))
    return render(
        "review/panel.html",
        anchor=anchor,
        heading=level,
        title=ui("review-title", lang, name=name),
        summary=summary_text(review, lang) or ui("review-summary-none", lang, name=name),
        biggest_title=ui("review-biggest", lang),
        biggest=[by_step[moment.step] for moment in review.biggest(BIGGEST)],
        biggest_none=ui("review-biggest-none", lang) if review.moments else "",
        moments_title=ui("review-moments", lang),
        moments=moments,
        about_title=ui("review-about", lang),
        about=[
            ui("review-about-known", lang, name=name, deals=format_number(deals, lang)),
            ui("review-about-face-up", lang),
            ui("review-about-range", lang),
            ui(
                "review-about-verdicts",
                lang,
                inaccuracy=format_number(INACCURACY * 100, lang),
                mistake=format_number(MISTAKE * 100, lang),
            ),
        ],
        caption=ui("review-table", lang),
        column_card=ui("review-column-card", lang),
        column_known=ui("review-column-known", lang, name=name),
        column_face_up=ui("review-column-face-up", lang),
        mark_played=ui("review-mark-played", lang),
        mark_best=ui("review-mark-best", lang),
        details=translate("review.details", lang),
        line_title=translate("review.line-title", lang),
        show=ui("review-show", lang) if show else "",
        practise=ui("review-practise", lang) if practise else "",
    )
