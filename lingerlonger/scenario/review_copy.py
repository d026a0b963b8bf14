"""A review's new deal: an exercise with its suits and seats permuted, the same idea to solve again.

The engine treats the four suits alike and only the seats' order round the table matters, so
renaming suits consistently (trump, every card, every step, every accepted answer) and moving
the seats round the table with their names rotated among them gives a position the judge
decides the same way, mapped: its right answers are the original's right answers, mapped
(tests/test_review_copy.py proves it on hand-made positions and on every course exercise).

The seats' names are handed round only among seats of the same grammatical gender in every
language the exercise is written in (``gender_kinds``), so that every verb, adjective and pronoun
of a text still agrees ("Саша взяла", "ele compra", "las dos"); a seat alone of its kind keeps its
name (the only man at the table stays Bruno) while its cards, its place and the suits still move.

The author's texts follow: suit symbols and seat names are mapped (each name as the text's
language says it, a Russian one in each of its cases, ``words.name_forms``: where Вера becomes
Аня, "у Веры" becomes "у Ани"; a name a lesson adds with ``names:`` is declined by the same
rules when its ending has them, else mapped as written), and so are suits named in
words ("Spades are trump", "бубны"), in the same form of the new suit, with the words that
agree with it in Portuguese and Spanish, where suits differ in gender (``rename_suit_words``):
a copy keeps every explanation. An exercise whose choices name a suit in words keeps its suits,
and so do a ``win-hand`` and a ``best-chance``
task: their computer players (``tips``) break ties between equal cards by the suits' order, so
a permuted deal is not always the same fight. Its seats still move, except in a ``best-chance``
task, whose deals of the unseen cards are dealt seat by seat (its names still move).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
import zlib
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lingerlonger.computer.task_judge import CARD_GOALS, CHANCE_GOALS, SEAT_GOALS, TaskGoal
from lingerlonger.game.cards import SUIT_SYMBOLS, Card, Suit, parse_card, parse_suit
from lingerlonger.scenario.model import Ask, Expect, Scenario, Step, Task, Text
from lingerlonger.words.i18n import SOURCE_LANGUAGE
from lingerlonger.words.name_forms import rename_people
from lingerlonger.words.people import local_name

__all__ = [
    "Permutation",
    "permuted",
    "review_copy",
    "review_copies",
    "distinct_copies",
    "review_permutation",
    "keeps_suits",
    "keeps_seating",
    "names_a_suit",
    "review_seed",
    "rename_suit_words",
    "gender_kinds",
    "people_said",
    "written_languages",
]

#: Suit words in the four languages, by their stems (every case and number of a Russian noun,
#: adjectives such as "пиковый"): only to leave a text out, so a false alarm costs little.
SUIT_WORDS = re.compile(
    r"\b(?:spade|heart|diamond|club|espada|copa|ouro|pau|pica|coraz[oó]n|corazones|diamante|tr[ée]bol"
    r"|пик|черв|бубн|бубен|треф)\w*",
    re.IGNORECASE,
)
SUIT_SIGNS = {symbol: Suit(index) for index, symbol in enumerate(SUIT_SYMBOLS)}


@dataclass(frozen=True)
class Permutation:
    """How a copy differs: ``suits[s]`` is what suit ``s`` becomes; ``names[old]`` is a seat's
    new name; ``players`` the new seating (the same order round the table, turned); ``said``,
    by language, each seat's name there to its new person's name there (``people.Name``s, with
    their genders: a Russian text's every case of the old name becomes that case of the new)."""

    suits: Mapping[Suit, Suit]
    names: Mapping[str, str]
    players: tuple[str, ...]
    said: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def card(self, card: Card) -> Card:
        return Card.of(card.rank, self.suits[card.suit])

    def suit(self, suit: Suit) -> Suit:
        return self.suits[suit]

    def answer(self, goal: TaskGoal | str, answer: str) -> str:
        """A judge's answer (a card, a suit, a seat, a choice's index) as it is in the copy."""
        goal = TaskGoal(goal)
        if goal in CARD_GOALS or (goal in CHANCE_GOALS and len(answer) > 1):
            return str(self.card(parse_card(answer)))
        if goal is TaskGoal.NAME_TRUMP or goal in CHANCE_GOALS:
            return str(self.suit(parse_suit(answer)))
        if goal in SEAT_GOALS:
            return self.names[answer]
        return answer

    def text(self, text: str, lang: str | None = None) -> str:
        """Suit symbols and people mapped, all at once (names are handed round among themselves):
        the seats' names as written and, in ``lang``, the names said there in every form; then
        the suits it names in words."""
        signs = {symbol: str(self.suits[suit]) for symbol, suit in SUIT_SIGNS.items()}
        suited = re.sub("[♠♥♦♣]", lambda found: signs[found[0]], text)
        people = {**self.names, **(self.said.get(lang, {}) if lang is not None else {})}
        mapped = rename_people(suited, people, lang or "")
        return rename_suit_words(mapped, self.suits)


def names_a_suit(text: str | None) -> bool:
    """Whether any version of ``text`` names a suit in words (symbols are mapped, words are not)."""
    if text is None:
        return False
    versions = [str(text), *(text.translations.values() if isinstance(text, Text) else ())]
    return any(SUIT_WORDS.search(version) for version in versions)


def _text(text: Any, change: Permutation, own: str) -> Any:
    """An author's text with its symbols and people mapped, in every language it is written in
    (``own``: the scenario's)."""
    if text is None:
        return None
    if isinstance(text, Text):
        translations = {lang: change.text(version, lang) for lang, version in text.translations.items()}
        return Text(change.text(str(text), own), translations, text.where)
    return change.text(text, own)


def _cards(cards: Sequence[Card], change: Permutation) -> tuple[Card, ...]:
    return tuple(change.card(card) for card in cards)


def _expect(expect: Expect, change: Permutation) -> Expect:
    seat = change.names.__getitem__
    return dataclasses.replace(
        expect,
        trick_winner=None if expect.trick_winner is None else seat(expect.trick_winner),
        drawn=None if expect.drawn is None else {seat(k): _cards(v, change) for k, v in expect.drawn.items()},
        out=None if expect.out is None else frozenset(change.names[name] for name in expect.out),
        hand_sizes=None if expect.hand_sizes is None else {seat(k): v for k, v in expect.hand_sizes.items()},
        leader=None if expect.leader is None else seat(expect.leader),
        legal=None
        if expect.legal is None
        else (change.names[expect.legal[0]], frozenset(change.card(c) for c in expect.legal[1])),
    )


def _ask(ask: Ask, change: Permutation, own: str) -> Ask:
    return dataclasses.replace(
        ask,
        question=_text(ask.question, change, own),
        cards=frozenset(change.card(card) for card in ask.cards),
        seat=None if ask.seat is None else change.names[ask.seat],
        choice=_text(ask.choice, change, own),
        choices=tuple(_text(choice, change, own) for choice in ask.choices),
        hint=_text(ask.hint, change, own),
        wrong=_text(ask.wrong, change, own),
    )


def _task(task: Task, change: Permutation, own: str) -> Task:
    """A ``task:``: its seat, accepted answers and texts mapped."""
    accept = task.accept
    return dataclasses.replace(
        task,
        seat=change.names[task.seat],
        accept=None if accept is None else tuple(change.answer(task.goal, answer) for answer in accept),
        choices=tuple(_text(choice, change, own) for choice in task.choices),
        hints=tuple(_text(hint, change, own) for hint in task.hints),
        right=_text(task.right, change, own),
        wrong=_text(task.wrong, change, own),
    )


def _step(step: Step, change: Permutation, own: str) -> Step:
    values: dict[str, Any] = {
        "seat": None if step.seat is None else change.names[step.seat],
        "card": None if step.card is None else change.card(step.card),
        "suit": None if step.suit is None else change.suit(step.suit),
        "expect": None if step.expect is None else _expect(step.expect, change),
        "say": _text(step.say, change, own),
        "ask": None if step.ask is None else _ask(step.ask, change, own),
    }
    if step.task is not None:
        values["task"] = _task(step.task, change, own)
    return dataclasses.replace(step, **values)


def permuted(scenario: Scenario, change: Permutation) -> Scenario:
    """``scenario`` with its suits and seats permuted by ``change`` (see the module's doc)."""
    names, own = change.names, scenario.lang or SOURCE_LANGUAGE
    result = scenario.result
    if result is not None and result.winner is not None:
        result = dataclasses.replace(result, winner=names[result.winner])
    return dataclasses.replace(
        scenario,
        title=_text(scenario.title, change, own),
        summary=_text(scenario.summary, change, own),
        players=change.players,
        dealer=names[scenario.dealer],
        deck=None if scenario.deck is None else _cards(scenario.deck, change),
        hands=None if scenario.hands is None else {names[k]: _cards(v, change) for k, v in scenario.hands.items()},
        stock=_cards(scenario.stock, change),
        trump=None if scenario.trump is None else change.suit(scenario.trump),
        leader=None if scenario.leader is None else names[scenario.leader],
        result=result,
        steps=tuple(_step(step, change, own) for step in scenario.steps),
    )


def keeps_suits(scenario: Scenario) -> bool:
    """Whether a copy must keep the suits: choices that name a suit in words, or a ``win-hand``
    or ``best-chance`` task, whose computer players break ties by the suits' order (its seats
    still move)."""
    for step in scenario.steps:
        task = step.task
        if task is not None and task.goal in (TaskGoal.WIN_HAND, *CHANCE_GOALS):
            return True
        choices = [*(step.ask.choices if step.ask else ()), *(task.choices if task is not None else ())]
        if any(names_a_suit(choice) for choice in choices):
            return True
    return False


def keeps_seating(scenario: Scenario) -> bool:
    """Whether a copy must keep every seat where it sits (names still move): a ``best-chance``
    task, whose deals of the unseen cards are dealt seat by seat round the table, so that a
    turned table is measured on other deals and an answer near the line could change sides."""
    return any(step.task is not None and step.task.goal in CHANCE_GOALS for step in scenario.steps)


def review_permutation(
    players: Sequence[str],
    seed: int,
    *,
    keep_suits: bool = False,
    keep_seating: bool = False,
    kinds: Sequence[Hashable] | None = None,
) -> Permutation:
    """The permutation of a review, the same for the same ``seed`` (a build makes the same
    pages): no suit left in place (unless ``keep_suits``), the seats turned round the table
    (unless ``keep_seating``) and the names handed round among the seats of each kind (``kinds``,
    each seat's in order: its genders, see ``gender_kinds``), each seat given another's name
    of its kind, turned round them in the table's order. A seat alone of its kind keeps its name:
    a text says "Боря свободен" and "ele" of him, and no other name would agree."""
    rng = random.Random(seed)
    suits = list(Suit)
    while not keep_suits and any(new == old for new, old in zip(suits, Suit, strict=True)):
        rng.shuffle(suits)
    count = len(players)
    names = {name: name for name in players}
    kind_of = dict(zip(players, kinds, strict=True)) if kinds is not None else dict.fromkeys(players)
    for kind in dict.fromkeys(kind_of.values()):
        alike = [name for name in players if kind_of[name] == kind]
        if len(alike) > 1:
            rename = rng.randrange(1, len(alike))
            names.update({name: alike[(at + rename) % len(alike)] for at, name in enumerate(alike)})
    turn = 0 if keep_seating else rng.randrange(count)
    seating = [""] * count
    for at, name in enumerate(players):
        seating[(at + turn) % count] = names[name]
    return Permutation(dict(zip(Suit, suits, strict=True)), names, tuple(seating))


def written_languages(scenario: Scenario) -> tuple[str, ...]:
    """The languages of the exercise's texts: its own and every translation's."""
    translated = {lang for text in scenario.texts() if isinstance(text, Text) for lang in text.translations}
    return tuple(sorted({scenario.lang or SOURCE_LANGUAGE, *translated}))


def gender_kinds(scenario: Scenario) -> tuple[tuple[str | None, ...], ...]:
    """Each seat's kind: its name's gender in every language the exercise is written in, so that
    a copy hands names round only where every text's verbs, adjectives and pronouns still agree."""
    languages = written_languages(scenario)
    return tuple(
        tuple(local_name(seat, lang, scenario.names).gender for lang in languages) for seat in scenario.players
    )


def people_said(scenario: Scenario, names: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """By language, each seat's name there (a ``people.Name``) to the name there of the seat whose
    name it takes, for every language the exercise is written in."""
    written = scenario.names
    return {
        lang: {local_name(old, lang, written): local_name(new, lang, written) for old, new in names.items()}
        for lang in written_languages(scenario)
    }


def review_seed(task_id: str, round_: int = 0) -> int:
    """The seed of a task's ``round_``-th review copy: stable from build to build (no ``hash()``,
    which Python salts per process), different from task to task."""
    return zlib.crc32(f"{task_id}#{round_}".encode())


def review_copy(scenario: Scenario, seed: int) -> tuple[Scenario, Permutation]:
    """A permuted copy of ``scenario`` for a review, and how it was permuted."""
    change = review_permutation(
        scenario.players,
        seed,
        keep_suits=keeps_suits(scenario),
        keep_seating=keeps_seating(scenario),
        kinds=gender_kinds(scenario),
    )
    change = dataclasses.replace(change, said=people_said(scenario, change.names))
    return permuted(scenario, change), change


def review_copies(scenario: Scenario, task_id: str, most: int) -> list[tuple[Scenario, Permutation]]:
    """Up to ``most`` copies of ``scenario`` for its reviews, no two permuted alike (a review draws
    a new one each time: static/learn/review_schedule.js): the first of ``distinct_copies``,
    within ``4 * most`` rounds."""
    return list(itertools.islice(distinct_copies(scenario, task_id, 4 * most), most))


def distinct_copies(scenario: Scenario, task_id: str, rounds: int) -> Iterator[tuple[Scenario, Permutation]]:
    """The copies of seeds ``task_id``'s round 0, 1, 2... up to ``rounds``, a round that repeats an
    earlier copy's permutation skipped (an exercise that keeps its suits and seating, with a name
    alone of its kind, has few): the built copies come first, a review's fresh ones after them."""
    seen: set[tuple[object, ...]] = set()
    for round_ in range(rounds):
        copy, change = review_copy(scenario, review_seed(task_id, round_))
        key = (tuple(change.suits.items()), tuple(change.names.items()), change.players)
        if key not in seen:
            seen.add(key)
            yield copy, change


#: A suit named in words, by language: the forms of each suit (spades, hearts, diamonds, clubs)
#: in parallel, so that a copy says the same form of its own suit. Russian: every case of the
#: four nouns (all feminine) and the stems of their adjectives ("пиковый", "червовую").
SUIT_FORMS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "en": (("spades", "hearts", "diamonds", "clubs"), ("spade", "heart", "diamond", "club")),
    "pt": (("espadas", "copas", "ouros", "paus"), ("espada", "copa", "ouro", "pau")),
    "es": (("picas", "corazones", "diamantes", "tréboles"), ("pica", "corazón", "diamante", "trébol")),
    "ru": (
        ("пики", "червы", "бубны", "трефы"),
        ("пик", "черв", "бубен", "треф"),
        ("пикам", "червам", "бубнам", "трефам"),
        ("пиками", "червами", "бубнами", "трефами"),
        ("пиках", "червах", "бубнах", "трефах"),
        ("пика", "черва", "бубна", "трефа"),
        ("пику", "черву", "бубну", "трефу"),
        ("пике", "черве", "бубне", "трефе"),
        ("пикой", "червой", "бубной", "трефой"),
        ("пиков", "червов", "бубнов", "трефов"),  # an adjective's stem: its ending is kept
    ),
}
#: In Portuguese and Spanish a suit's gender is the word's: the feminine suits, and the words
#: that agree with a suit (feminine to masculine): articles and quantities just before it,
#: adjectives just after it or after "é mais" / "es más".
FEMININE = {"pt": {Suit.SPADES, Suit.HEARTS}, "es": {Suit.SPADES}}
BEFORE = {
    "pt": {
        "as": "os",
        "a": "o",
        "às": "aos",
        "à": "ao",
        "uma": "um",
        "nenhuma": "nenhum",
        "todas": "todos",
        "duas": "dois",
        "sua": "seu",
        "suas": "seus",
        "única": "único",
        "da": "do",
        "das": "dos",
    },
    "es": {"las": "los", "la": "el", "una": "un", "ninguna": "ningún", "todas": "todos", "única": "único"},
}
AFTER = {
    "pt": {"alta": "alto", "altas": "altos", "baixa": "baixo", "baixas": "baixos", "pequena": "pequeno"},
    "es": {"alta": "alto", "altas": "altos", "baja": "bajo", "bajas": "bajos", "pequeña": "pequeño"},
}
_LINKING = {"é", "são", "es", "son", "mais", "más"}
_FORM_AT = {
    form: (lang, slot, Suit(index))
    for lang, slots in SUIT_FORMS.items()
    for slot, forms in enumerate(slots)
    for index, form in enumerate(forms)
}
_WORD = re.compile(r"\w+")


def _suit_form(word: str) -> tuple[str, int, Suit, str] | None:
    """A word that names a suit: its language, form, suit and the ending kept (a Russian adjective's)."""
    lower = word.lower()
    if lower in _FORM_AT:
        return (*_FORM_AT[lower], "")
    for stem in SUIT_FORMS["ru"][-1]:
        if lower.startswith(stem) and len(lower) > len(stem):
            lang, slot, suit = _FORM_AT[stem]
            return lang, slot, suit, word[len(stem) :]
    return None


def _as_cased(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _agree(words: list[str], at: int, lang: str, *, to_masculine: bool) -> None:
    """Turn the words that agree with the suit named at ``at`` to its new gender."""

    def turned(table: dict[str, str], near: int) -> bool:
        turn = table if to_masculine else {masculine: feminine for feminine, masculine in table.items()}
        word = words[near]
        if word.lower() not in turn:
            return False
        words[near] = _as_cased(turn[word.lower()], word)
        return True

    if at >= 1 and turned(BEFORE[lang], at - 1) and at >= 2:
        turned(BEFORE[lang], at - 2)  # "todas as espadas"
    after = at + 1
    while after < len(words) and after <= at + 3 and words[after].lower() in _LINKING:
        after += 1
    if after < len(words) and after <= at + 3:
        turned(AFTER[lang], after)


def rename_suit_words(text: str, suits: Mapping[Suit, Suit]) -> str:
    """``text`` with every suit it names in words renamed as ``suits`` says, in the same form, and
    in Portuguese and Spanish the words that agree with it turned to the new suit's gender."""
    found = list(_WORD.finditer(text))
    words = [word[0] for word in found]
    for at, word in enumerate(list(words)):
        named = _suit_form(word)
        if named is None:
            continue
        lang, slot, suit, ending = named
        new = suits[suit]
        words[at] = _as_cased(SUIT_FORMS[lang][slot][new] + ending, word)
        feminine = FEMININE.get(lang, set())
        if (suit in feminine) != (new in feminine):
            _agree(words, at, lang, to_masculine=suit in feminine)
    pieces: list[str] = []
    end = 0
    for match, word in zip(found, words, strict=True):
        pieces.extend((text[end : match.start()], word))
        end = match.end()
    return "".join(pieces) + text[end:]
