"""Languages: every message in every catalog, the same placeholders, the right plural forms,
and narration, card names and table labels that come out whole in en, pt, es and ru."""

from __future__ import annotations

import ast
import json
import re
import typing
from importlib import resources
from pathlib import Path

import pytest

from lingerlonger.game.cards import Suit, parse_card, parse_cards
from lingerlonger.game.engine import IllegalAction, Play, apply, from_position
from lingerlonger.game.errors import ENGLISH
from lingerlonger.game.events import (
    Dealt,
    Discarded,
    Drew,
    Eliminated,
    Event,
    Followed,
    HandEnded,
    LeadPassed,
    Led,
    TrickWon,
    TrumpChosen,
    Trumped,
    TrumpRevealed,
)
from lingerlonger.game.rules import Rules
from lingerlonger.views.table_html import LABELS, TableStyle, card_label, labels_for, table_html
from lingerlonger.words.i18n import (
    LANGUAGES,
    PLURAL_CATEGORIES,
    I18nError,
    catalog,
    error_text,
    language_tag,
    placeholders,
    plural_category,
    translate,
)
from lingerlonger.words.narration import card_name, narrate

CARD = parse_card
PLAYERS = ("Ann", "Bob", "Cy", "Dee")
#: One event of every type (the test below checks that none is missing).
EVENTS = [
    Dealt(3, tuple(parse_cards(hand) for hand in ("2♠ 3♠ 4♠ 5♠", "6♠ 7♠ 8♠ 9♠", "2♥ 3♥ 4♥ 5♥", "6♥ 7♥ 8♥ 9♥")), 36),
    TrumpRevealed(CARD("J♥"), 3),
    TrumpRevealed(CARD("J♥"), None),
    Led(0, CARD("K♣")),
    Followed(1, CARD("3♣")),
    Trumped(2, CARD("2♥"), Suit.CLUBS),
    Discarded(2, CARD("7♦"), Suit.SPADES),
    TrickWon(2, CARD("2♥"), ((0, CARD("K♣")), (2, CARD("2♥"))), True),
    TrickWon(0, CARD("K♣"), ((0, CARD("K♣")), (1, CARD("3♣"))), False),
    Drew(2, (CARD("9♦"),), 1),
    Drew(2, parse_cards("9♦ 4♠"), 0),
    Eliminated(1),
    Eliminated(1, True),
    LeadPassed(2, 3),
    TrumpChosen(0, Suit.DIAMONDS),
    HandEnded(1, "last-holder"),
    HandEnded(1, "last-trick"),
    HandEnded(1, "exhaustion"),
]


def _fields(message) -> set[frozenset[str]]:
    """The placeholder sets of a message (one per plural form)."""
    forms = message.values() if isinstance(message, dict) else [message]
    return {placeholders(form) for form in forms}


def test_every_message_is_in_every_language_and_nothing_more():
    english = set(catalog("en"))
    for lang in LANGUAGES:
        assert set(catalog(lang)) == english, lang


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_placeholders_match_english(lang):
    for msg_id, message in catalog("en").items():
        translated = catalog(lang)[msg_id]
        assert isinstance(translated, dict) == isinstance(message, dict), msg_id
        assert _fields(translated) == _fields(message), msg_id


def test_every_coded_error_raised_gives_its_message_every_placeholder():
    """A refusal raised with values its words do not name is an internal error on the reader's
    screen: ``ClassError("class.full", count=...)`` for a message that says {limit} was one. Every
    ``SomeError("code", name=value)`` in the package, read from its source, against catalog message
    ``error.code`` (the languages agree on placeholders: the test above)."""
    package = Path(__file__).resolve().parents[1] / "lingerlonger"
    missing = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            message = catalog("en").get(f"error.{node.args[0].value}")
            if not called.endswith("Error") or message is None or any(k.arg is None for k in node.keywords):
                continue
            needed = set().union(*_fields(message)) - {keyword.arg for keyword in node.keywords}
            if needed:
                missing.append(f"{path.relative_to(package)}:{node.lineno} {node.args[0].value} lacks {sorted(needed)}")
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_messages_have_exactly_the_forms_of_their_language(lang):
    plurals = {msg_id: message for msg_id, message in catalog(lang).items() if isinstance(message, dict)}
    assert plurals, "no plural message at all"
    for msg_id, message in plurals.items():
        assert tuple(message) == PLURAL_CATEGORIES[lang], msg_id
        for form in message.values():
            assert "{count}" in form, msg_id


@pytest.mark.parametrize(
    "count, form",
    [
        (1, "1 карта"),
        (2, "2 карты"),
        (5, "5 карт"),
        (11, "11 карт"),
        (12, "12 карт"),
        (21, "21 карта"),
        (22, "22 карты"),
        (25, "25 карт"),
        (0, "0 карт"),
        (104, "104 карты"),
        (111, "111 карт"),
    ],
)
def test_russian_plural_forms(count, form):
    # The forms a Russian grammar gives for "N карт(а|ы)": one for 1, 21, 31...; few for
    # 2-4, 22-24...; many for 5-20, 25-30, 0 and the teens.
    assert translate("count.cards", "ru", count=count) == form


def test_other_languages_have_one_only_for_one():
    for lang in ("en", "pt", "es"):
        assert [plural_category(n, lang) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert translate("count.cards", "pt", count=1) == "1 carta"
    assert translate("count.cards", "es", count=36) == "36 cartas"


def test_unknown_language_and_message_are_clear_errors():
    with pytest.raises(I18nError, match="choose one of en, pt, es, ru"):
        translate("card", "fr")
    with pytest.raises(I18nError, match="no message 'nope'"):
        translate("nope", "pt")


def test_every_event_type_is_exercised_here():
    assert {type(event) for event in EVENTS} == set(typing.get_args(Event))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_narration_of_every_event_is_a_whole_sentence(lang):
    for event in EVENTS:
        sentence = narrate(event, PLAYERS, lang)
        assert "{" not in sentence and "}" not in sentence, sentence
        assert sentence.endswith("."), sentence
        seats = [
            getattr(event, key)
            for key in ("seat", "dealer", "winner", "to_seat")
            if isinstance(getattr(event, key, None), int)
        ]
        for seat in seats:
            assert PLAYERS[seat] in sentence, sentence


def test_narration_uses_the_terms_of_the_source_texts():
    led = Led(0, CARD("K♣"))
    won = TrickWon(2, CARD("2♥"), (), True)
    trumped = Trumped(2, CARD("2♥"), Suit.CLUBS)
    drew = Drew(2, (CARD("9♦"),), 2)
    assert "vaza" in narrate(won, PLAYERS, "pt") and "trunfo" in narrate(won, PLAYERS, "pt")
    assert "baza" in narrate(won, PLAYERS, "es") and "triunfo" in narrate(won, PLAYERS, "es")
    assert "взятк" in narrate(won, PLAYERS, "ru") and "козыр" in narrate(won, PLAYERS, "ru")
    assert "monte" in narrate(drew, PLAYERS, "pt")
    assert "mazo" in narrate(drew, PLAYERS, "es")
    assert "запас" in narrate(drew, PLAYERS, "ru")
    assert "paus" in narrate(trumped, PLAYERS, "pt") and "треф" in narrate(trumped, PLAYERS, "ru")
    assert "tréboles" in narrate(trumped, PLAYERS, "es")
    assert narrate(led, PLAYERS, "en") == "Ann leads K♣."


@pytest.mark.parametrize(
    "card, lang, name",
    [
        ("10♥", "en", "10 of hearts"),
        ("10♥", "pt", "10 de copas"),
        ("10♥", "es", "10 de corazones"),
        ("10♥", "ru", "десятка червей"),
        ("A♠", "ru", "туз пик"),
        ("Q♣", "ru", "дама треф"),
        ("2♦", "ru", "двойка бубен"),
        ("K♦", "pt", "rei de ouros"),
        ("J♣", "es", "jota de tréboles"),
    ],
)
def test_card_names(card, lang, name):
    assert card_name(CARD(card), lang) == name
    assert card_label(CARD(card), TableStyle.of(lang)) == name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_table_labels_cover_every_english_key(lang):
    labels = labels_for(lang)
    assert set(labels) == set(LABELS)
    assert labels["lang"] == lang


def test_pages_tag_portuguese_as_european_and_the_catalogs_agree():
    """Issue 24 §2: the Portuguese is European, so pages say pt-PT; its primary subtag is still
    the catalog's code (a browser asking for pt or pt-BR is matched on it), and the .po files
    say pt_PT with pt-PT's plural rule, as plural_category counts."""
    assert [language_tag(lang) for lang in LANGUAGES] == ["en", "pt-PT", "es", "ru"]
    assert all(language_tag(lang).split("-")[0] == lang for lang in LANGUAGES)
    locales = Path(__file__).resolve().parents[1] / "locales" / "pt" / "LC_MESSAGES"
    for path in locales.rglob("*.po"):
        header = path.read_text(encoding="utf-8").split("\n\n")[0]
        assert '"Language: pt_PT\\n"' in header, path.name
        assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in header, path.name
    assert [plural_category(n, "pt") for n in (0, 1, 2)] == ["other", "one", "other"]


def test_a_table_drawn_in_portuguese_speaks_portuguese():
    state = from_position(
        Rules.parse("equal-hands"),
        "ABCD",
        dealer="D",
        leader="A",
        hands={"A": parse_cards("K♣ 7♦"), "B": parse_cards("3♣ Q♠"), "C": parse_cards("2♥"), "D": parse_cards("A♣ 5♠")},
        stock=parse_cards("9♦"),
        trump=Suit.HEARTS,
    )
    page = table_html(state, options=TableStyle.of("pt"))
    assert 'lang="pt-PT"' in page and "Monte" in page and "Trunfo" in page and "A sai" in page
    assert "Stock" not in page and "Trump" not in page


def _worked_example():
    return from_position(
        Rules.parse("equal-hands"),
        "ABCD",
        dealer="D",
        leader="A",
        hands={"A": parse_cards("K♣ 7♦"), "B": parse_cards("3♣ Q♠"), "C": parse_cards("2♥"), "D": parse_cards("A♣ 5♠")},
        stock=parse_cards("9♦"),
        trump=Suit.HEARTS,
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_illegal_plays_are_explained_in_every_language(lang):
    state, _ = apply(_worked_example(), Play(0, CARD("K♣")))
    for action, rule in (
        (Play(1, CARD("Q♠")), "follow-suit"),
        (Play(2, CARD("2♥")), "turn"),
        (Play(1, CARD("A♣")), "not-held"),
    ):
        with pytest.raises(IllegalAction) as refused:
            apply(state, action)
        assert refused.value.rule == rule
        text = error_text(refused.value, lang)
        assert "{" not in text, text
        assert (text == str(refused.value)) == (lang == "en"), text
        if rule == "follow-suit":
            assert "3♣" in text  # the card B must play instead


def test_the_english_of_an_error_has_one_source():
    # The engine's codes are worded in errors.ENGLISH (what str(error) says), the others in
    # en.json; the English catalog serves both, and no code is worded in both places.
    written = json.loads((resources.files("lingerlonger.words") / "locale" / "en.json").read_text("utf-8"))
    assert not {f"error.{code}" for code in ENGLISH} & set(written)
    for code, english in ENGLISH.items():
        assert catalog("en")[f"error.{code}"] == english


#: The messages that carry a little trusted HTML; every other message is plain text.
MARKUP_IDS = ("rules-sheet.", "ui.live-only", "ui.branch-banner", "site.serve-how")


def test_catalog_texts_hold_no_stray_markup():
    tags = lambda text: re.findall(r"</?[a-z]+", text)  # noqa: E731
    for lang in LANGUAGES:
        for msg_id, message in catalog(lang).items():
            forms = message.values() if isinstance(message, dict) else [message]
            if msg_id.startswith(MARKUP_IDS):  # the same tags as the English, in order
                assert [tags(form) for form in forms] == [tags(catalog("en")[msg_id])], (lang, msg_id)
            else:
                assert not any(re.search(r"<[a-z]", form) for form in forms), (lang, msg_id)


COUNTS = (0, 1, 2, 5, 21, 22)
#: The form Russian takes at each count (CLDR): 1 and 21 "one", 2 and 22 "few", 0 and 5 "many".
RUSSIAN_FORMS = {0: "many", 1: "one", 2: "few", 5: "many", 21: "one", 22: "few"}


def plural_messages(lang):
    return {key: forms for key, forms in catalog(lang).items() if isinstance(forms, dict)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_renders_at_every_count_with_the_right_form(lang):
    """Issue 24 §5: each plural message, filled at 0, 1, 2, 5, 21 and 22, takes the form its
    language's rule names for that count (Russian: 1/21 one, 2/22 few, 0/5 many)."""
    assert plural_messages(lang)
    for key, forms in plural_messages(lang).items():
        assert set(forms) == set(PLURAL_CATEGORIES[lang]), (lang, key)
        for count in COUNTS:
            category = plural_category(count, lang)
            if lang == "ru":
                assert category == RUSSIAN_FORMS[count]
            values = dict.fromkeys(placeholders(forms[category]), "X") | {"count": count}
            text = translate(key, lang, **values)
            assert text == forms[category].format(**values) and str(count) in text, (key, count)


@pytest.mark.parametrize(
    "lang, counts",
    [
        ("ru", {1: "3 из 1 карты", 21: "3 из 21 карты", 2: "3 из 2 карт", 5: "3 из 5 карт"}),
        ("pt", {1: "3 de 1 carta", 21: "3 de 21 cartas"}),
        ("es", {1: "3 de 1 carta", 22: "3 de 22 cartas"}),
        ("en", {1: "3 of 1 card", 0: "3 of 0 cards"}),
    ],
)
def test_a_hands_count_in_the_position_editor_agrees_with_its_size(lang, counts):
    """ "{placed} of {size} cards" took its noun from nothing: "из 1 карт", "de 1 cartas"."""
    for size, said in counts.items():
        assert translate("ui.position-live-count", lang, placed=3, count=size) == said


def test_every_error_class_says_itself_one_way_str_is_its_text_in_english():
    """``Message.__str__`` is the one ``__str__`` of the errors (it was four): a class that says
    more overrides ``text(lang)``; ``str()`` is ``text("en")`` and ``exit_code`` a class attribute."""
    import importlib
    import pkgutil

    import lingerlonger
    from lingerlonger.game.errors import LingerError, Message

    for module in pkgutil.walk_packages(lingerlonger.__path__, "lingerlonger."):
        if not module.name.startswith(("lingerlonger.views.widgets", "lingerlonger.lab", "lingerlonger.__main__")):
            importlib.import_module(module.name)  # every error class, loaded
    classes, todo = set(), [LingerError]
    while todo:
        cls = todo.pop()
        classes.add(cls)
        todo += cls.__subclasses__()
    assert len(classes) >= 8
    for cls in classes:
        assert cls.__str__ is Message.__str__, cls
        assert cls.exit_code in (1, 2), cls
    from lingerlonger.command_line.commands import UsageError
    from lingerlonger.command_line.options import OptionError
    from lingerlonger.scenario import Location, ScenarioError

    for error in (
        UsageError("cli.exists", target="x.yaml"),
        OptionError("setup.card-twice", card="K♣"),
        ScenarioError(Location("x.yaml", 2, 3), Message("setup.card-twice", card="K♣")),
    ):
        assert str(error) == error.text("en") != error.text("pt")
