"""Lessons in several languages: any author's text may be a mapping from language to text.

The reader of another language sees the author's words in it, a quiz is judged by meaning,
the writer keeps every version, and `check --languages` reports a text that lacks one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lingerlonger.command_line.commands import main
from lingerlonger.scenario import Text, load, loads, versions
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.writer import dump
from lingerlonger.views.page_replay import replay_html
from lingerlonger.views.widgets import ScenarioPlayer

GOOD = Path(__file__).resolve().parent / "good"
[LESSON] = load(GOOD / "texts-in-languages.yaml")


def all_versions(scenario):
    return [versions(text) for text in scenario.texts()]


def test_a_text_in_several_languages_reads_as_its_own_language_and_keeps_the_others():
    assert LESSON.title == "The last card" and isinstance(LESSON.title, Text)
    assert LESSON.title.in_("pt") == "A última carta" and LESSON.title.in_("es") == "The last card"
    portuguese = LESSON.in_language("pt")
    assert portuguese.title == "A última carta"
    assert portuguese.steps[0].say == "A sai: o rei."
    assert portuguese.steps[3].ask.choices == ("C fica de fora", "C continua")
    assert portuguese.lang is None  # not every text is in Portuguese: it does not claim so


def test_words_joined_from_two_steps_keep_every_language():
    """A ``say:`` on an ``expect:`` joins the words of the step it checks, in each language
    (joined as plain text, they kept the file's own only: the Portuguese page showed lesson
    25's second scenario in English; issue 44's native reading)."""
    [_, position] = load(GOOD.parents[1] / "scenarios" / "25-variant-trump-lead.yaml")
    said = replay(position).frames[1].say
    assert said.startswith("Spades are trump") and "Ana may lead any of her cards" in said
    assert said.in_("pt").startswith("Espadas são trunfo") and "Ana pode sair com qualquer" in said.in_("pt")
    assert said.in_("ru") != str(said) and said.in_("es") != str(said)


def test_the_writer_keeps_every_version_and_reads_back_the_same():
    text = dump([LESSON])
    [again] = loads(text)
    assert again == LESSON and all_versions(again) == all_versions(LESSON)
    assert "  pt: A última carta" in text and dump([again]) == text


def test_a_quiz_is_judged_by_meaning_in_every_language():
    for lang, pick, other in [("en", "C stays in", "C is out"), ("pt", "C continua", "C fica de fora")]:
        player = ScenarioPlayer(LESSON)
        player.language.value = lang
        player.quiz_on.value = True
        player.go_last()
        shown = [button.description for button in player.quiz_answers.buttons if button.layout.display != "none"]
        assert (shown == [other, pick] and "O que acontece a C?" in player.quiz_text.value) or lang == "en"
        player.answer(other)
        assert player.at == 3, f"{lang}: a wrong choice went on"
        player.answer(pick)
        assert player.at == 4, f"{lang}: the right choice did not go on"


def test_the_static_player_and_the_sheet_speak_the_language_they_are_drawn_in():
    from lingerlonger.views.print_sheet import scenario_sheet_html
    from lingerlonger.views.table_html import TableStyle

    portuguese = replay_html(replay(LESSON), style=TableStyle.of("pt"))
    assert "A última carta" in portuguese and "A sai: o rei." in portuguese
    assert "The last card" not in portuguese and '<h3 class="ll-replay-title" lang="pt-PT">' in portuguese
    spanish = replay_html(replay(LESSON), style=TableStyle.of("es"))
    assert '<h3 class="ll-replay-title" lang="en">' in spanish  # no Spanish title: as written
    sheet = scenario_sheet_html(LESSON, lang="pt")
    assert "A última carta" in sheet and "O que acontece a C?" in sheet


def test_check_reports_each_text_lacking_a_promised_language(capsys):
    assert main(["check", str(GOOD / "texts-in-languages.yaml"), "--languages", "en,pt"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("'Hearts are trump. C holds one card.' has no pt text: write it as {en: …, pt: …}")
    assert err[-1].startswith("2 failures")
    with pytest.raises(SystemExit) as stop:
        main(["check", str(GOOD / "texts-in-languages.yaml"), "--languages", "en,fr"])
    assert stop.value.code == 2


def test_a_plain_lesson_is_in_one_language_only():
    [plain] = loads(
        "format: 1\ntitle: Plain\nrules: standard\nplayers: [A, B, C]\ndealer: C\n"
        "hands: {A: [2♣], B: [3♣]}\nstock: []\ntrump: ♥\nleader: A\nsteps: []\n"
    )
    assert list(plain.missing_languages(("en",))) == []
    assert [lacking for _, lacking in plain.missing_languages(("en", "ru"))] == [("ru",)]


LIBRARY = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.yaml"))
QUOTED = re.compile(r"«[^»]*»|\"[^\"]*\"|“[^”]*”")  # the sources' words, quoted as written


@pytest.mark.parametrize("path", LIBRARY, ids=lambda path: path.stem)
def test_a_lesson_replayed_in_russian_has_no_latin_word_but_seat_names(capsys, path):
    assert main(["replay", str(path), "--lang", "ru"]) == 0
    out = QUOTED.sub("", capsys.readouterr().out)
    seats = {name for scenario in load(path) for name in scenario.players}
    latin = set(re.findall(r"[A-Za-z][A-Za-z'-]{2,}", out)) - seats
    assert not latin, f"English (or other Latin) words in the Russian replay: {sorted(latin)[:10]}"
