"""Printable pages: any scenario on A4 (its setup drawn as cards, its numbered steps),
and the one-page rules sheet of the book in each language.

A scenario sheet is one self-contained HTML document (no script, no outside file).
A lesson of the library (a position and one or two tricks) prints on one A4 page; a
long one (a whole hand) flows onto more pages, never splitting the table, a step or
a question across two pages. The questions of quiz steps are numbered in the steps
and answered at the end, so a teacher can fold the answers away.

>>> from lingerlonger.scenario import load
>>> [scenario] = load("scenarios/06-last-card-saves.yaml")
>>> page = scenario_sheet_html(scenario, lang="pt")
>>> page.startswith("<!DOCTYPE html>") and '<html lang="pt-PT">' in page and "size:A4" in page
True
"""

from __future__ import annotations

import html
import re

from lingerlonger.game.declared import PLAYERS
from lingerlonger.game.engine import new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import Scenario
from lingerlonger.scenario.replay import answer_text, replay
from lingerlonger.views.table_html import TABLE_CSS, TableStyle, table_html
from lingerlonger.words.i18n import LANGUAGES, check_language, language_tag, template, translate
from lingerlonger.words.narration import rules_text, suit_name

__all__ = ["scenario_sheet_html", "rules_sheet_html", "deal_rows", "RULES_SHEET_CSS"]

_SCENARIO_CSS = """
@page{size:A4 portrait;margin:12mm}
body{margin:0;color:#1a1a1a;background:#fff;font:9.5pt/1.3 system-ui,-apple-system,"Segoe UI",
Roboto,"DejaVu Sans",sans-serif;-webkit-print-color-adjust:exact;print-color-adjust:exact}
main{max-width:186mm;margin:0 auto}
h1{font-size:1.45em;margin:0 0 .2em}
.ll-meta-line{margin:0 0 .4em;color:#57606a}
h2{font-size:1.05em;text-transform:uppercase;letter-spacing:.05em;color:#195a39;margin:.7em 0 .3em;
border-bottom:1px solid #c9dccf;break-after:avoid}
.ll-setup{break-inside:avoid}
.ll-setup .ll-table{font-size:.62rem;max-width:150mm;margin:0 auto}
ol.ll-steps{margin:0;padding-left:1.6em}
ol.ll-steps li{margin:.15em 0;break-inside:avoid}
.ll-say{font-style:italic;color:#333}
.ll-question{font-weight:600;background:#fff8c5;border-left:4px solid #d4a72c;padding:.1em .4em}
.ll-answers{break-inside:avoid;border-top:1px dashed #8c959f;margin-top:.8em;font-size:.92em}
.ll-answers ul{list-style:none;padding-left:0}
"""

_STRONG = re.compile(r"\*\*(.+?)\*\*", re.S)
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")


def _text(markdown: str) -> str:
    """An author's Markdown as escaped text: **bold** is kept, paragraphs become line breaks
    (a sheet has no links)."""
    paragraphs = _PARAGRAPH.split(html.escape(markdown.strip()))
    return "<br>".join(_STRONG.sub(r"<strong>\1</strong>", text) for text in paragraphs)


def scenario_sheet_html(scenario: Scenario, *, lang: str | None = None, four_colour: bool = False) -> str:
    """One scenario as a printable A4 HTML page, in ``lang`` (default: the scenario's own)."""
    lang = check_language(lang or scenario.lang or "en")
    scenario = scenario.in_language(lang)
    say = lambda msg_id, **values: html.escape(translate(msg_id, lang, **values))  # noqa: E731
    run = replay(scenario)
    start = run.frames[0].state
    style = TableStyle.of(lang, four_colour=four_colour)
    meta = [
        say("sheet.rules", rules=rules_text(scenario.rules, lang)),
        say("sheet.players", names=", ".join(scenario.players)),
        say("sheet.dealer", name=scenario.dealer),
    ]
    if start.trump is not None:
        meta.append(say("sheet.trump", suit=f"{start.trump} {suit_name(start.trump, lang)}"))
    elif not start.rules.has_trump:
        meta.append(say("sheet.no-trump"))
    opening = run.frames[0].say  # words about the setup itself (an expect: before any play)
    setup_words = f'<p class="ll-say">{_text(opening)}</p>' if opening else ""
    steps: list[str] = []
    answers: list[str] = []
    for frame in run.frames:
        told = " ".join(html.escape(line) for line in frame.narration_in(lang))
        said = ("<br>" if told else "") + f'<span class="ll-say">{_text(frame.say)}</span>' if frame.say else ""
        if frame.step is not None and (told or said):
            steps.append(f"<li>{told}{said}</li>")
        for ask in frame.asks:  # asked once this frame is shown, before the next step
            number = len(answers) + 1
            question = say("sheet.question", number=number, question=ask.question)
            if ask.choices:
                question += f"<br>{say('quiz.choices', choices=' / '.join(ask.choices))}"
            steps.append(f'<li class="ll-question">{question}</li>')
            answers.append(
                f"<li>{say('sheet.answer', number=number, answer=answer_text(ask, lang))}"
                + "".join(f" — {_text(text)}" for text in (ask.wrong, ask.hint) if text)
                + "</li>"
            )
    summary = f"<p>{_text(scenario.summary)}</p>" if scenario.summary else ""
    answer_block = (
        f'<section class="ll-answers"><h2>{say("sheet.answers")}</h2><ul>{"".join(answers)}</ul></section>'
        if answers
        else ""
    )
    classes = "ll-four-colour" if four_colour else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{language_tag(lang)}"><head><meta charset="utf-8">'
        f"<title>{html.escape(scenario.title)}</title>"
        f"<style>{TABLE_CSS}{_SCENARIO_CSS}</style></head>"
        f'<body class="{classes}"><main><h1>{html.escape(scenario.title)}</h1>'
        f'<p class="ll-meta-line">{" · ".join(meta)}</p>{summary}'
        f'<section class="ll-setup"><h2>{say("sheet.setup")}</h2>'
        f"{table_html(start, options=style, include_css=False)}{setup_words}</section>"
        f'<section><h2>{say("sheet.steps")}</h2><ol class="ll-steps">{"".join(steps)}</ol></section>'
        f"{answer_block}</main></body></html>\n"
    )


# --- the rules on one page ------------------------------------------------------------

#: The rules sheet's style; printing shows only the sheet, in the language chosen on it.
RULES_SHEET_CSS = (
    """
.ll-sheet{max-width:52rem;margin:1rem auto;padding:1.4rem 1.6rem;background:#fff;color:#1a1a1a;
  border:1px solid #d0d7de;border-radius:6px;box-shadow:0 2px 8px rgba(0,0,0,.12);
  font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
.ll-sheet h2{margin:0;font-size:1.6em;line-height:1.2;border:0}
.ll-sheet .ll-sub{margin:.1em 0 .7em;color:#57606a}
.ll-sheet h3{margin:.7em 0 .25em;font-size:1.02em;text-transform:uppercase;letter-spacing:.05em;
  color:#195a39;border-bottom:1px solid #c9dccf;break-after:avoid}
.ll-sheet .ll-cols{columns:2 17rem;column-gap:1.6rem}
.ll-sheet section{break-inside:avoid}
.ll-sheet p,.ll-sheet ul,.ll-sheet ol{margin:.2em 0 .45em}
.ll-sheet ul,.ll-sheet ol{padding-left:1.2em}
.ll-sheet li{margin:.1em 0}
.ll-sheet table{border-collapse:collapse;margin:.2em 0 .4em}
.ll-sheet th,.ll-sheet td{border:1px solid #c9d1d9;padding:.05em .6em;text-align:center}
.ll-sheet .ll-red{color:#c62828}
.ll-sheet .ll-key{background:#fff8c5;border-left:4px solid #d4a72c;padding:.3em .6em;margin:.4em 0}
.ll-sheet footer{margin-top:.6em;font-size:.85em;color:#57606a;text-align:center}
.ll-sheet-langs{display:flex;gap:.3rem;flex-wrap:wrap;margin:0 0 .6rem}
.ll-sheet-langs label{padding:.2rem .6rem;border:1px solid #8c959f;border-radius:6px;cursor:pointer}
.ll-sheet-langs input{position:absolute;opacity:0}
.ll-sheet-langs input:checked+label{background:#195a39;color:#fff;border-color:#195a39}
.ll-sheet-langs input:focus-visible+label{outline:3px solid #0969da;outline-offset:2px}
.ll-sheet .ll-version{display:none}
"""
    + "".join(
        f'.ll-sheet:has(#ll-sheet-{lang}:checked) .ll-version[lang="{language_tag(lang)}"]{{display:block}}\n'
        for lang in LANGUAGES
    )
    + """
.ll-sheet-print{margin:.5rem 0 0;padding:.45rem 1rem;font-size:1rem;border:1px solid #8c959f;
  border-radius:6px;background:#f6f8fa;cursor:pointer}
@media print{
  @page{size:A4 portrait;margin:11mm}
  html,body{margin:0!important;padding:0!important;background:#fff!important}
  body *:not(:has(.ll-sheet)):not(.ll-sheet):not(.ll-sheet *){display:none!important}
  body *:has(.ll-sheet){display:block!important;position:static!important;float:none!important;
    margin:0!important;padding:0!important;border:0!important;box-shadow:none!important;
    width:auto!important;max-width:none!important;min-height:0!important;height:auto!important;
    overflow:visible!important;transform:none!important;background:none!important}
  .ll-sheet{max-width:none;margin:0;padding:0;border:0;box-shadow:none;border-radius:0;font-size:10.4pt;
    line-height:1.34;-webkit-print-color-adjust:exact;print-color-adjust:exact}
  .ll-sheet .ll-cols{columns:2;column-gap:7mm}
  .ll-sheet .ll-version:not([lang="en"]){font-size:9.7pt}  /* longer words than English */
  .ll-sheet-print,.ll-sheet-langs{display:none!important}
}
"""
)


def _rules_version(lang: str, deal_rows: list[tuple[int, int, int]]) -> str:
    """One language's sheet. The catalog texts hold a little trusted HTML (<strong>, <em>)."""
    t = lambda key: template(f"rules-sheet.{key}", lang)  # noqa: E731

    def items(prefix: str, count: int) -> str:
        return "".join(f"<li>{t(f'{prefix}-{i}')}</li>" for i in range(1, count + 1))

    rows = "".join(f"<tr><td>{p}</td><td>{each}</td><td>{stock}</td></tr>" for p, each, stock in deal_rows)
    return (
        f'<div class="ll-version" lang="{language_tag(lang)}">'
        f'<h2>{t("title")}</h2><p class="ll-sub">{t("sub")}</p>'
        f'<div class="ll-key">{t("idea")}</div><div class="ll-cols">'
        f"<section><h3>{t('deal')}</h3><ol>{items('deal', 4)}</ol>"
        f"<table><thead><tr><th>{t('col-players')}</th><th>{t('col-each')}</th>"
        f"<th>{t('col-stock')}</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<p>{t('ranks')}</p></section>"
        f"<section><h3>{t('trick')}</h3><ul>{items('trick', 5)}</ul></section>"
        f"<section><h3>{t('draw')}</h3><ol>{items('draw', 4)}</ol></section>"
        f"<section><h3>{t('example')}</h3><p>{t('example-1')}</p></section>"
        f"<section><h3>{t('end')}</h3><ul>{items('end', 3)}</ul></section>"
        f"<section><h3>{t('match')}</h3><ul>{items('match', 3)}</ul></section>"
        f"<section><h3>{t('variants')}</h3><p>{t('variants-1')}</p></section>"
        f"<section><h3>{t('tips')}</h3><p>{t('tips-1')}</p></section>"
        f"</div><footer>{t('footer')}</footer>"
        f'<button type="button" class="ll-sheet-print" onclick="window.print()">'
        f"{html.escape(translate('sheet.print', lang))}</button></div>"
    )


def deal_rows(rules: Rules = Rules()) -> list[tuple[int, int, int]]:
    """(players, cards each, stock) for each table size, as the engine deals them."""
    rows = []
    for players in PLAYERS.options:
        state, _ = new_hand(rules, players, dealer=0, seed=0)
        rows.append((players, len(state.hands[0]), len(state.stock)))
    return rows


def rules_sheet_html(lang: str = "en") -> str:
    """The rules on one page in every language, ``lang`` shown first; the reader picks another
    with the buttons on the sheet (no script), and printing prints the one shown.
    """
    check_language(lang)
    rows = deal_rows()
    picker = "".join(
        f'<input type="radio" name="ll-sheet-lang" id="ll-sheet-{code}" value="{code}"'
        f'{" checked" if code == lang else ""}><label for="ll-sheet-{code}" lang="{language_tag(code)}">'
        f"{html.escape(translate('language.name', code))}</label>"
        for code in LANGUAGES
    )
    return (
        f'<article class="ll-sheet" aria-label="{html.escape(translate("rules-sheet.aria", lang))}">'
        f'<div class="ll-sheet-langs" role="radiogroup" '
        f'aria-label="{html.escape(translate("player.language", lang))}">{picker}</div>'
        + "".join(_rules_version(code, rows) for code in LANGUAGES)
        + "</article>"
    )
