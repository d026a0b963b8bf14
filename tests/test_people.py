"""Names of people in each language (issue 44, §2): a lesson's seats have a name and a
grammatical gender per language (the scenario format's ``names:``, and by default Ana,
Bruno, Carla and Dani as each language names them), every view of a lesson uses them, the
catalogs' messages agree with the gender, and Russian prose no longer says "игрока X"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from texts_by_language import every_text

from lingerlonger.game.cards import Suit, parse_card
from lingerlonger.game.errors import LingerError
from lingerlonger.game.events import Eliminated, HandEnded, Trumped
from lingerlonger.scenario import ScenarioError, load, loads
from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.scenario.writer import dump
from lingerlonger.session.sources import replay_of
from lingerlonger.views.page_replay import replay_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.templating import catalog_html
from lingerlonger.words.i18n import I18nError, fill_selects, placeholders, ui
from lingerlonger.words.name_forms import forms
from lingerlonger.words.narration import narrate
from lingerlonger.words.people import Name, local_name, local_names

REPO = Path(__file__).resolve().parents[1]
FOLLOW = REPO / "scenarios" / "03-follow-suit.yaml"
LATIN = re.compile(r"\b(Ana|Bruno|Carla|Dani|Eva|Felix)\b")


def test_the_default_seats_are_named_in_each_language_with_a_gender():
    assert local_names(["Ana", "Bruno", "Carla", "Dani"], "ru") == ("Аня", "Боря", "Саша", "Вера")
    assert [name.gender for name in local_names(["Ana", "Bruno", "Carla", "Dani"], "ru")] == ["f", "m", "f", "f"]
    assert local_names(["Ana", "Bruno"], "pt") == ("Ana", "Bruno")
    assert local_name("Zoe", "ru") == "Zoe" and local_name("Zoe", "ru").gender is None
    assert local_names(["Carla", "Саша", "Ana"], "ru") == ("Carla", "Саша", "Ana")  # two would share one


def test_a_russian_replay_names_every_seat_in_russian_in_the_table_and_the_narration():
    run = replay_of(FOLLOW, lang="ru")
    assert run.scenario.players == ("Аня", "Боря", "Саша", "Вера") and not run.failures
    page = replay_html(run, style=TableStyle.of("ru"), languages=("ru",))
    assert "Саша" in page and not LATIN.search(re.sub(r"<[^>]*>", " ", page))
    told = [line for frame in run.frames for line in frame.narration_in("ru")]
    assert any("Аня" in line for line in told) and not any(LATIN.search(line) for line in told)
    assert replay_of(FOLLOW, lang="en").scenario.players == ("Ana", "Bruno", "Carla", "Dani")


def test_the_narration_agrees_with_the_gender_of_the_name():
    names = local_names(["Ana", "Bruno", "Carla", "Dani"], "ru")
    assert narrate(Eliminated(0, at_once=True), names, "ru") == "Аня сыграла последнюю карту и сразу выбывает."
    assert narrate(Eliminated(1, at_once=True), names, "ru") == "Боря сыграл последнюю карту и сразу выбывает."
    assert narrate(Eliminated(2), names, "ru") == "Саша осталась без карт и выбывает."
    assert narrate(HandEnded(3, "last-holder", mid_trick=True), names, "ru").startswith("Вера — единственная")
    assert "игрок" not in narrate(Trumped(1, parse_card("2h"), Suit.CLUBS), names, "ru")
    assert narrate(Eliminated(0), ("Zoe", "B", "C"), "ru") == "Zoe остался без карт и выбывает."  # no gender: other


def test_a_select_picks_its_branch_by_gender_and_counts_as_one_placeholder():
    message = "{name} {name, select, f {сыграла {card}} m {сыграл {card}} other {сыграл(а) {card}}}."
    assert fill_selects(message, {"name": Name("Аня", "f")}).format(name="Аня", card="K♣") == "Аня сыграла K♣."
    assert fill_selects(message, {"name": "Sam"}).format(name="Sam", card="K♣") == "Sam сыграл(а) K♣."
    assert placeholders(message) == {"name", "card"}
    with pytest.raises(I18nError, match="other"):
        fill_selects("{name, select, f {x}}", {"name": "Аня"})


LESSON = """format: 1
title: Names
rules: standard
players: [Ana, Bruno, Zoe]
names:
  Zoe: {gender: f, ru: Зоя}
  Bruno: {es: {name: Bruno, gender: m}}
dealer: Zoe
hands: {Ana: [K♣], Bruno: [3♣], Zoe: [2♥]}
leader: Ana
trump: ♥
steps:
  - play: Ana K♣
"""


def test_a_lesson_names_its_seats_in_each_language_and_writes_them_back():
    [scenario] = loads(LESSON)
    assert scenario.names == {"Zoe": {"*": (None, "f"), "ru": ("Зоя", None)}, "Bruno": {"es": ("Bruno", "m")}}
    russian = named_in(scenario, "ru")
    assert russian.players == ("Аня", "Боря", "Зоя") and russian.dealer == "Зоя" and "Аня" in russian.hands
    assert [name.gender for name in russian.players] == ["f", "m", "f"]
    assert russian.steps[0].seat == "Аня"
    assert loads(dump([scenario]))[0].names == scenario.names


@pytest.mark.parametrize(
    ("line", "refused"),
    [
        ("  Zoe: {gender: x}", "gender"),
        ("  Zoe: {fr: Zoé}", "'fr'"),
        ("  Max: {gender: m}", "Max"),
        ("  Zoe: {ru: {nom: Зоя}}", "nom"),
    ],
)
def test_a_bad_name_is_refused_where_it_stands_in_the_readers_language(line, refused):
    text = LESSON.replace("  Zoe: {gender: f, ru: Зоя}", line)
    with pytest.raises(ScenarioError) as caught:
        loads(text, "names.yaml")
    assert caught.value.where.line == 6 and refused in caught.value.text("ru")
    assert caught.value.text("ru") != caught.value.text("en")


def test_russian_prose_names_people_without_wrapping_them_as_a_player():
    """Review 2026-12-03, item 19: about 100 "игрока X" and Latin names in Russian sentences."""
    problems = []
    for place, text in every_text("ru"):
        if "Аня, Боря, Саша" in text:  # the sentence that says how the names are said in Russian
            continue
        prose = re.sub(r"`[^`]*`|\{[a-z]+\}`[^`]*`", " ", text)
        problems += [f"{place}: {found.group(0)}" for found in LATIN.finditer(prose)]
        problems += [f"{place}: {found.group(0)}" for found in re.finditer(r"[Ии]грок\w*\s+[A-ZА-Я]\w+", prose)]
    assert not problems, "\n".join(problems)


#: A name placeholder wrapped as "a player" or "a pupil": «у игрока {name}», «ученика {name}».
WRAPPED_NAME = re.compile(r"(?<!\w)(игрок|ученик)\w*\s+\{(name|seat|other)\}")


def test_russian_messages_say_the_name_itself():
    """Native reading 2026-12-05: «Ход игрока Аня», «у игрока Вера», «ученика Маша» in the
    catalog and the chapters' code, where the name was never declined and never agreed; now the
    name itself, agreeing."""
    wrapped = [f"{place}: {text}" for place, text in every_text("ru") if WRAPPED_NAME.search(text)]
    assert not wrapped, "\n".join(wrapped)


def test_every_view_of_a_russian_message_agrees_with_the_name():
    """The table's labels, the refusals and escaped HTML choose a select's branch by the name's gender."""
    sasha = local_name("Carla", "ru")
    assert TableStyle.of("ru").text("played-by", name=sasha) == "сыграла Саша"
    assert TableStyle.of("ru").text("played-by", name=local_name("Bruno", "ru")) == "сыграл Боря"
    refusal = LingerError("illegal.name-trump-first", name=sasha).text("ru")
    assert refusal.startswith("первую взятку взяла Саша") and "должна" in refusal
    banner = catalog_html(ui, "branch-banner", "ru", name=Name("Зоя <b>", "f"), card="K♣", step=2)
    assert "Зоя &lt;b&gt; сыграла K♣" in banner


def test_every_seat_of_every_lesson_and_exercise_has_a_russian_name():
    """Native reading 2026-12-05: two course exercises showed "Filipe" on a Russian table and
    in a Russian sentence («Сдавал Filipe»), where unit 1 names him Филипп."""
    exercises = [exercise for unit in read_course(REPO / "scenarios" / "course").units for exercise in unit.exercises]
    lessons = [scenario for path in sorted((REPO / "scenarios").glob("*.yaml")) for scenario in load(path)]
    latin = {
        f"{scenario.title}: {seat}"
        for scenario in exercises + lessons
        for seat in named_in(scenario, "ru").players
        if re.search(r"[A-Za-z]{2}", seat) and not scenario.lang  # the seeds' seat letters A–D stay
    }
    assert not latin, sorted(latin)


def _said(gender):
    """Every case form of the Russian lesson names of one gender, as a regex alternation."""
    seats = [local_name(seat, "ru") for seat in ("Ana", "Bruno", "Carla", "Dani", "Eva", "Felix")]
    names = [name for name in seats if name.gender == gender] + (["Филипп"] if gender == "m" else [])
    return "(?:" + "|".join(sorted({form for name in names for form in forms(name, "ru", gender)}, key=len)[::-1]) + ")"


_F, _M, _VERB = _said("f"), _said("m"), r"\w+[аеиыяоуё]"
#: A name beside words of the other gender: «взял Аня», «Боря сыграла», «Вере, который», «Аня,
#: единственный», «Саша … выходит первым», a participle before a nominative («сделанный Аня»).
DISAGREEING = [
    re.compile(pattern)
    for pattern in (
        rf"(?<!\w)(?:Аня|Саша|Вера|Ева)\s+(?:не\s+)?{_VERB}л(?:ся)?(?!\w)",
        rf"(?<!\w){_VERB}л(?:ся)?\s+(?:Аня|Саша|Вера|Ева)(?!\w)",
        rf"(?<!\w)(?:Боря|Феликс|Филипп)\s+(?:не\s+)?{_VERB}ла(?:сь)?(?!\w)",
        rf"(?<!\w){_VERB}ла(?:сь)?\s+(?:Боря|Феликс|Филипп)(?!\w)",
        rf"(?<!\w){_F},\s+(?:который|которому|которого|единственный)(?!\w)",
        rf"(?<!\w){_M},\s+(?:которая|которой|которую|единственная)(?!\w)",
        r"(?<!\w)(?:Аня|Саша|Вера|Ева)[^.,;:!?—]{0,30}\s(?:первым|последним)(?!\w)",
        r"(?<!\w)\w+нн(?:ый|ая|ое|ые)\s+(?:Аня|Саша|Вера|Ева|Боря)(?!\w)",
    )
]


def test_russian_texts_agree_with_the_people_they_name():
    """Native reading 2026-12-05: names put in for «игрок X» kept the old words' gender and
    case («Первую взятку взял Аня», «выбор, сделанный Аня», «Вере, который сидит слева»)."""
    found = [
        f"{place}: {match.group(0)}"
        for place, text in every_text("ru")
        for pattern in DISAGREEING
        for match in pattern.finditer(" ".join(text.split()))
    ]
    assert not found, "\n".join(found)
    assert all(
        any(pattern.search(wrong) for pattern in DISAGREEING)
        for wrong in (
            "Первую взятку взял Аня.",
            "выбор, сделанный Аня",
            "достаются Вере, который сидит",
            "Боря сыграла",
        )
    )
