"""The family table's record of its match, drawn under the table from a ``TableModel``: how
the first dealer was chosen (the cut, or the lot), the score across hands (points, and chips
when they are played for), and "Save as lesson" for each hand over. HTML only, from the
templates: the widget (``family_table.FamilyTable``) decides when each is shown."""

from __future__ import annotations

from datetime import date

from lingerlonger.session.family_table import TableModel
from lingerlonger.session.save_lesson import lesson_name, table_lesson
from lingerlonger.views.shared_panels import save_link_html
from lingerlonger.views.table_html import TableStyle, card_html
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import format_number, ui

__all__ = ["cut_html", "saves_html", "score_html"]


def _signed(number: int, lang: str) -> str:
    return format_number(number, lang, sign=True).replace("-", "−")


def cut_html(table: TableModel, style: TableStyle) -> str:
    """How the first dealer was chosen: each round of the cut with its cards (standard), or
    the lot (equal-hands)."""
    lang, names = style.lang, table.names
    dealer = names[table.first]
    return str(
        render(
            "widgets/cut.html",
            rounds=[
                [(names[seat], Markup(card_html(card, options=style))) for seat, card in cuts] for cuts in table.cuts
            ],
            said=ui("cut-deals" if table.cuts else "lot-deals", lang, name=dealer),
            title=ui("cut-title", lang),
            again=ui("cut-again", lang),
        )
    )


def score_html(table: TableModel, lang: str) -> str:
    """The score across hands: who dealt, who won (with the chips each paid or took), the
    hands won and chips so far; the match winner's column marked."""
    match, names, chips = table.match, table.names, table.chips is not None
    seats = range(len(names))
    hands = [
        {
            "dealer": names[hand.dealer],
            "cells": [(seat == hand.winner, _signed(hand.chips[seat], lang) if chips else None) for seat in seats],
        }
        for hand in match.hands
    ]
    in_play = None if table.state.is_over else {"number": table.number, "dealer": names[table.state.dealer]}
    words = {key: ui(f"score-{key}", lang) for key in ("hand", "dealer", "in-play", "won", "chips")}
    words["in_play"] = words.pop("in-play")
    return str(
        render(
            "widgets/score.html",
            lang=lang,
            title=ui("score-title", lang, target=table.rules.match_target),
            words=words,
            names=names,
            winner=match.winner,
            hands=hands,
            in_play=in_play,
            points=match.points,
            chip_totals=[_signed(total, lang) for total in match.chips] if chips else None,
        )
    )


def saves_html(table: TableModel, lang: str, day: date) -> str:
    """ "Save as lesson" for each hand over, by its number; never for the hand in play, whose
    file would show every hand's cards (the links hold the files themselves)."""
    links = [
        save_link_html(
            lambda number=number: table_lesson(table, number, lang, day),
            lesson_name(day, hand=number),
            lang,
            label=ui("table-save-hand", lang, number=number),
        )
        for number in range(1, len(table.played) + 1)
    ]
    if not any(links):
        return ""
    return str(
        render(
            "widgets/save_hands.html",
            words=ui("table-save-hands", lang),
            links=[Markup(link) for link in links if link],
        )
    )
