"""A review copy names the right people (issue 41 §3, issue 44): every form of a name in a copy's
text is the same form of the name of the person who took that seat's place, and names are handed
round only among people of the same grammatical gender, so that every word agreeing with them
still agrees ("Саша взяла", "ele compra", "las dos").

The Russian forms below are written out by hand, not generated: they check the declension in
``words.name_forms`` as well as the copies."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from lingerlonger.scenario import loads
from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.library import lesson_folder
from lingerlonger.scenario.model import in_language
from lingerlonger.scenario.review_copy import gender_kinds, review_copy, review_permutation, review_seed
from lingerlonger.views.course_page import learn_units
from lingerlonger.words.i18n import LANGUAGES
from lingerlonger.words.name_forms import forms, rename_people
from lingerlonger.words.people import Name, local_name

#: nominative, genitive, dative, accusative, instrumental, prepositional
RUSSIAN = {
    "Аня": ("Аня", "Ани", "Ане", "Аню", "Аней", "Ане"),
    "Боря": ("Боря", "Бори", "Боре", "Борю", "Борей", "Боре"),
    "Саша": ("Саша", "Саши", "Саше", "Сашу", "Сашей", "Саше"),
    "Вера": ("Вера", "Веры", "Вере", "Веру", "Верой", "Вере"),
    "Ева": ("Ева", "Евы", "Еве", "Еву", "Евой", "Еве"),
    "Феликс": ("Феликс", "Феликса", "Феликсу", "Феликса", "Феликсом", "Феликсе"),
    "Филипп": ("Филипп", "Филиппа", "Филиппу", "Филиппа", "Филиппом", "Филиппе"),
}
WORD = re.compile(r"\w+")


@pytest.mark.parametrize("name", sorted(RUSSIAN))
def test_a_russian_name_is_declined_in_its_six_cases(name):
    gender = "f" if name in ("Аня", "Саша", "Вера", "Ева") else "m"
    assert forms(name, "ru", gender) == RUSSIAN[name]


def test_names_without_russian_forms_are_left_as_they_are():
    assert forms("Ana", "ru", "f") == ("Ana",), "a Latin name"
    assert forms("Любовь", "ru", "f") == ("Любовь",), "a feminine name in a soft sign"
    assert forms("Аня", "pt", "f") == ("Аня",), "declension is Russian's"
    assert forms("Дима", "ru", "m") == ("Дима", "Димы", "Диме", "Диму", "Димой", "Диме"), "a man's -а name"


@pytest.mark.parametrize(
    ("text", "renamed"),
    [
        ("О Боре и Боре, у Бори, с Борей.", "О Феликсе и Феликсу, у Феликса, с Феликсом."),
        ("У Феликса, на Феликса, Феликсу.", "У Бори, на Борю, Боре."),
        ("Вера отдала Ане, Аня — Вере.", "Аня отдала Вере, Вера — Ане."),
    ],
)
def test_every_case_of_a_name_becomes_the_same_case_of_the_new_one(text, renamed):
    people = {Name("Боря", "m"): Name("Феликс", "m"), Name("Феликс", "m"): Name("Боря", "m")}
    people.update({Name("Аня", "f"): Name("Вера", "f"), Name("Вера", "f"): Name("Аня", "f")})
    assert rename_people(text, people, "ru") == renamed


def said_forms(name: str, lang: str) -> tuple[str, ...]:
    return RUSSIAN.get(name, (name,)) if lang == "ru" else (name,)


def misnamed(was: str, now: str, lang: str, people: dict[str, str]) -> list[str]:
    """Where ``now`` (a copy's text) names someone other than the person who took the place of
    the one ``was`` names there, in the same form; ``people``: each name in ``lang`` to its new."""
    before, after = WORD.findall(was), WORD.findall(now)
    if len(before) != len(after):
        return [f"{was!r} -> {now!r}: not word for word"]
    wrong = []
    for old_word, new_word in zip(before, after, strict=True):
        for old, new in people.items():
            cases = [case for case, form in enumerate(said_forms(old, lang)) if form == old_word]
            new_forms = said_forms(new, lang)
            if cases and new_word not in {new_forms[min(case, len(new_forms) - 1)] for case in cases}:
                wrong.append(f"{old_word} -> {new_word} (for {new}): {now!r}")
    return wrong


@cache
def course():
    return read_course(Path(lesson_folder()) / "course")


def exercises():
    return [exercise for unit in course().units for exercise in unit.exercises]


def task_id(exercise) -> str:
    return next(step.task.id for step in exercise.steps if step.task is not None)


def test_every_copy_hands_names_round_among_people_of_one_gender_in_every_language():
    mixed = []
    for exercise in exercises():
        _, change = review_copy(exercise, review_seed(task_id(exercise)))
        for lang in LANGUAGES:
            for old, new in change.names.items():
                was, now = local_name(old, lang, exercise.names), local_name(new, lang, exercise.names)
                if was.gender != now.gender:
                    mixed.append(f"{task_id(exercise)} ({lang}): {was} ({was.gender}) -> {now} ({now.gender})")
    assert not mixed, f"{len(mixed)}: {mixed[:10]}"


def test_the_russian_learn_pages_copies_name_the_people_who_took_each_place():
    """On the page as a Russian reader sees it (the page's own names, declined): the exercise's
    texts and its review's, word for word. Every language is checked on the copies themselves
    below; the page is built once, in the language whose names differ most (a build is costly)."""
    lang = "ru"
    copies = {task_id(exercise): exercise for exercise in exercises()}
    wrong: list[str] = []
    for unit in learn_units(course(), lang=lang):
        for task in unit.tasks:
            exercise = copies[task.id]
            _, change = review_copy(exercise, review_seed(task.id))
            people = {
                local_name(old, lang, exercise.names): local_name(new, lang, exercise.names)
                for old, new in change.names.items()
            }
            review = task.review
            pairs = [(task.say, review.say), (task.right, review.right), (task.wrong, review.wrong)]
            pairs += [*zip(task.hints, review.hints, strict=True), *zip(task.choices, review.choices, strict=True)]
            for was, now in pairs:
                if was:
                    wrong += [
                        f"{task.id}: {problem}"
                        for problem in misnamed(in_language(was, lang), in_language(now, lang), lang, people)
                    ]
    assert not wrong, f"{len(wrong)}: {wrong[:10]}"


def test_a_copy_maps_every_text_of_an_exercise_in_every_language_it_is_written_in():
    """The copy itself (titles, questions, asks too), every language at once."""
    wrong: list[str] = []
    for exercise in exercises():
        copy, change = review_copy(exercise, review_seed(task_id(exercise)))
        for lang in LANGUAGES:
            people = {
                local_name(old, lang, exercise.names): local_name(new, lang, exercise.names)
                for old, new in change.names.items()
            }
            for was, now in zip(exercise.texts(), copy.texts(), strict=True):
                wrong += misnamed(in_language(was, lang), in_language(now, lang), lang, people)
    assert not wrong, f"{len(wrong)}: {wrong[:10]}"


SIX = """
format: 1
title: {en: Six at the table, ru: Шестеро за столом}
rules: standard
players: [Ana, Bruno, Carla, Dani, Eva, Felix]
dealer: Ana
hands: {Ana: [2♠], Bruno: [3♠], Carla: [4♠], Dani: [5♠], Eva: [6♠], Felix: [7♠]}
stock: [8♠]
trump: ♥
leader: Bruno
steps:
  - say: {en: Bruno and Felix are free., ru: Боря и Феликс свободны; у Бори и Феликса нет карт.}
"""


@pytest.mark.parametrize("seed", range(12))
def test_names_move_within_each_gender_and_stay_when_alone(seed):
    players = ("Ana", "Bruno", "Carla")
    change = review_permutation(players, seed, kinds=("f", "m", "f"))
    assert change.names == {"Ana": "Carla", "Bruno": "Bruno", "Carla": "Ana"}
    alone = review_permutation(("Ana", "Bruno"), seed, kinds=("f", "m"))
    assert alone.names == {"Ana": "Ana", "Bruno": "Bruno"}, "no other permutation: the names stay"
    assert sorted(alone.players) == ["Ana", "Bruno"]


def test_two_men_swap_their_names_in_every_case():
    scenario = loads(SIX)[0]
    assert gender_kinds(scenario) == (("f", "f"), ("m", "m"), ("f", "f"), ("f", "f"), ("f", "f"), ("m", "m"))
    copy, change = review_copy(scenario, 3)
    assert change.names["Bruno"] == "Felix" and change.names["Felix"] == "Bruno"
    assert copy.steps[0].say.in_("ru") == "Феликс и Боря свободны; у Феликса и Бори нет карт."
