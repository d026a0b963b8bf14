"""Scenario format 1 (book/scenario-format.md): a document of located nodes becomes a ``Scenario``.

Each document of a stream (read as located nodes by ``reader``) is checked key by key
against the format and built into a ``Scenario`` whose setup the engine has accepted;
the first thing wrong is reported as ``FILE:LINE:COLUMN: message`` at the value at fault,
and the rest of the stream is still read.

>>> [scenario] = loads('''
... format: 1
... title: The last card can still save you
... rules: equal-hands
... players: [A, B, C, D]
... dealer: D
... hands: {A: [K♣, 7♦], B: [3♣, Q♠], C: [2♥], D: [A♣, 5♠]}
... stock: [9♦, 4♠, J♥]
... trump: ♥
... leader: A
... steps:
...   - play: A K♣
...     say: A leads the king of clubs.
... ''', "example.yaml")
>>> scenario.title, scenario.steps[0].seat, scenario.steps[0].card
('The last card can still save you', 'A', Card('K♣'))
>>> loads("format: 1\\ntitle: x\\nrules: standard\\nplayers: [A, B]\\n", "bad.yaml")
Traceback (most recent call last):
...
lingerlonger.scenario.model.ScenarioError: bad.yaml:4:10: players: Linger Longer is for 3 to 6 players, not 2
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

import yaml

from lingerlonger.game.cards import CARDS, Card, CardError, parse_suit
from lingerlonger.game.declared import SMALLEST_HAND, Game, SetupError, check_seat_count
from lingerlonger.game.errors import Message
from lingerlonger.game.events import END_REASONS, EndReason
from lingerlonger.game.rules import PROFILE_ALIASES, PROFILES, Rules, RulesError
from lingerlonger.game.visible_text import quoted
from lingerlonger.scenario import limits
from lingerlonger.scenario.author_names import no_seat, seat_name_problem
from lingerlonger.scenario.file_reading import BoundedSource, cannot_read, open_source
from lingerlonger.scenario.located_yaml import (
    ONE_WORD,
    SCALAR,
    SEQUENCE,
    Node,
    NodeReader,
    cached_card,
    documents_of,
    kind_of,
    location_of_mark,
)
from lingerlonger.scenario.model import (
    ANSWER_KINDS,
    ASK_KEYS,
    EXPECT_KEYS,
    FORMAT,
    NAME_KEYS,
    POSITION_KEYS,
    RESULT_KEYS,
    RULES_KEYS,
    STEP_ACTIONS,
    STEP_KEYS,
    TOP_KEYS,
    AnswerKind,
    Ask,
    Expect,
    Location,
    Result,
    Scenario,
    ScenarioError,
    Step,
    StepKind,
    versions,
)
from lingerlonger.scenario.task_step import read_task, refuse_task_id_twice
from lingerlonger.words.i18n import LANGUAGES, SOURCE_LANGUAGE
from lingerlonger.words.outside_errors import yaml_error, yaml_problem
from lingerlonger.words.people import GENDERS

# --- building a scenario -------------------------------------------------------------


def _rules(reader: NodeReader, node: Node) -> Rules:
    """The rule set as written; ``Rules`` checks it, and a refusal points at the field it names."""
    if node.kind is SCALAR:
        try:
            return Rules.parse(reader.text(node, "rules"))
        except RulesError as error:
            raise reader.refuse(node, "in", what="rules", error=error) from None
    values = reader.fields(node, "rules", RULES_KEYS)
    if "profile" not in values:
        raise reader.refuse(node, "rules-missing-profile", expected=", ".join(PROFILES + tuple(PROFILE_ALIASES)))
    profile = reader.text(values["profile"], "rules: profile")
    variants: dict[str, Node] = {}
    listed = reader.sequence(values["variants"], "rules: variants") if "variants" in values else []
    for item in listed:
        name = reader.text(item, "rules: variants")
        if name in variants:
            raise reader.refuse(item, "twice", what="rules: variants", item=name)
        variants[name] = item
    hand_size = None
    if "hand_size" in values and not reader.is_null(values["hand_size"]):
        hand_size = reader.integer(values["hand_size"], "rules: hand_size", minimum=SMALLEST_HAND)
    try:
        return Rules.of(profile, tuple(variants), hand_size)
    except RulesError as error:
        refusal = SetupError.because(error)
        variant = error.params.get("variant")
        at = {
            "rules.profile": values["profile"],
            "hand_size": values.get("hand_size"),
            "rules.variants": variants.get(variant) if isinstance(variant, str) else None,
        }  # else the whole rules
        culprit = at.get(refusal.field) if refusal.field else None
        raise reader.refuse(culprit or node, "in", what="rules", error=error) from None


def _expect(reader: NodeReader, node: Node, players: tuple[str, ...]) -> Expect:
    values: dict[str, Any] = {}
    where: dict[str, Location] = {}
    for key, value in reader.fields(node, "expect", EXPECT_KEYS).items():
        what = f"expect: {key}"
        where[key] = reader.at(value)
        if key in ("trick_winner", "leader"):
            values[key] = None if reader.is_null(value) else reader.seat(value, what, players)
        elif key == "stock_size":
            values[key] = reader.integer(value, what)
        elif key == "out":
            values[key] = reader.seats(value, what, players)
        elif key == "hand_sizes":
            values[key] = {
                reader.seat(seat, what, players): reader.integer(size, what)
                for _, seat, size in reader.mapping(value, what)
            }
        elif key == "drawn":
            values[key] = {
                reader.seat(seat, what, players): reader.cards(cards, what)
                for _, seat, cards in reader.mapping(value, what)
            }
        else:  # legal
            entries = reader.mapping(value, what)
            if len(entries) != 1:
                raise reader.refuse(value, "legal-one-seat", what=what)
            _, seat, cards = entries[0]
            values[key] = (reader.seat(seat, what, players), frozenset(reader.cards(cards, what)))
    return Expect(**values, given=frozenset(values), where=where)


def _ask(reader: NodeReader, node: Node, players: tuple[str, ...], own: str) -> Ask:
    values = reader.fields(node, "ask", ASK_KEYS)
    for key in ("question", "answer"):
        if key not in values:
            raise reader.refuse(node, f"ask-missing-{key}")
    texts = {
        key: reader.author_text(values[key], f"ask: {key}", own)
        for key in ("question", "hint", "wrong")
        if key in values
    }
    entries = [entry for entry in reader.mapping(values["answer"], "ask: answer") if not entry[0].startswith("x-")]
    if len(entries) != 1 or entries[0][0] not in ANSWER_KINDS:
        raise reader.refuse(values["answer"], "answer-kind", kinds=", ".join(ANSWER_KINDS))
    key, _, answer = entries[0]
    kind = AnswerKind(key)
    what = f"ask: answer: {kind}"
    found: dict[str, Any] = {}
    if kind in (AnswerKind.LEGAL, AnswerKind.CARD):
        listed = reader.cards(answer, what) if answer.kind is SEQUENCE else (reader.card(answer, what),)
        if kind is AnswerKind.CARD and not listed:
            raise reader.refuse(answer, "answer-no-card", what=what)
        found["cards"] = frozenset(listed)
    elif kind is AnswerKind.WINNER:
        found["seat"] = reader.seat(answer, what, players)
    else:
        found["choice"] = reader.author_text(answer, what, own)
    if "choices" in values:
        if kind is not AnswerKind.CHOICE:
            raise reader.refuse(values["choices"], "choices-without-choice")
        found["choices"] = reader.choices(values["choices"], "ask: choices", own)
        # judged by meaning: the answer is the choice it names in the scenario's language, so a
        # reader who picks that choice in any language is right
        chosen = next((choice for choice in found["choices"] if str(choice) == str(found["choice"])), None)
        if chosen is None:
            raise reader.refuse(answer, "not-a-choice", what=what, choice=found["choice"])
        found["choice"] = chosen
    elif kind is AnswerKind.CHOICE:
        raise reader.refuse(node, "choice-needs-choices")
    return Ask(
        texts["question"],
        kind,
        reader.at(node),
        reader.at(answer),
        hint=texts.get("hint"),
        wrong=texts.get("wrong"),
        **found,
    )


def _step(reader: NodeReader, node: Node, players: tuple[str, ...], rules: Rules, own: str) -> Step:
    values = reader.fields(node, "step", STEP_KEYS)
    say = reader.author_text(values["say"], "say", own) if "say" in values else None
    ask = _ask(reader, values["ask"], players, own) if "ask" in values else None
    actions = [key for key in STEP_ACTIONS if key in values]
    if len(actions) > 1:
        raise reader.refuse(node, "one-action", first=actions[0], second=actions[1])
    if not actions:
        if ask is not None:
            return Step(StepKind.ASK, reader.at(values["ask"]), say=say, ask=ask)
        if say is None:
            raise reader.refuse(node, "step-no-action")
        return Step(StepKind.SAY, reader.at(values["say"]), say=say)
    kind = actions[0]
    value = values[kind]
    if kind is StepKind.TASK:
        if ask is not None:
            raise reader.refuse(node, "one-action", first=kind, second="ask")
        return Step(kind, reader.at(value), say=say, task=read_task(reader, value, players, own))
    if kind is StepKind.EXPECT:
        return Step(kind, reader.at(value), expect=_expect(reader, value, players), say=say, ask=ask)
    if kind is StepKind.CHOOSE_TRUMP and not rules.grand_coup:
        raise reader.refuse(value, "choose-trump-not-grand-coup", rules=rules.spec)
    parts = reader.text(value, kind).split()
    if len(parts) != 2:
        raise reader.refuse(value, f"syntax.{kind}")
    seat, thing = parts
    if seat not in players:
        raise reader.fail(value, no_seat(kind, seat, players))
    try:
        if kind is StepKind.PLAY:
            return Step(kind, reader.at(value), seat=seat, card=cached_card(thing), say=say, ask=ask)
        return Step(kind, reader.at(value), seat=seat, suit=parse_suit(thing), say=say, ask=ask)
    except CardError as error:
        raise reader.refuse(value, "in", what=kind, error=error) from None


def _result(reader: NodeReader, node: Node, players: tuple[str, ...]) -> Result:
    values = reader.fields(node, "result", RESULT_KEYS)
    winner = reason = None
    if "winner" in values and not reader.is_null(values["winner"]):
        winner = reader.seat(values["winner"], "result: winner", players)
    if "reason" in values and not reader.is_null(values["reason"]):
        written = reader.text(values["reason"], "result: reason")
        if written not in END_REASONS:
            raise reader.refuse(values["reason"], "unknown-reason", reason=written, expected=", ".join(END_REASONS))
        reason = EndReason(written)
    return Result(
        winner, reason, reader.at(node), frozenset(values), {key: reader.at(value) for key, value in values.items()}
    )


def _players(reader: NodeReader, node: Node) -> tuple[str, ...]:
    players: list[str] = []
    listed = reader.sequence(node, "players")
    try:
        check_seat_count(len(listed))  # before reading any name
    except SetupError as error:
        raise reader.refuse(node, "in", what="players", error=error) from None
    for item in listed:
        name = reader.text(item, "players")
        if not ONE_WORD.fullmatch(name):
            raise reader.refuse(item, "seat-not-a-word", name=quoted(name))
        message = seat_name_problem(name, players)
        if message:
            raise reader.fail(item, message)
        players.append(name)
    return tuple(players)


def _gender(reader: NodeReader, node: Node, what: str) -> str:
    gender = reader.text(node, what)
    if gender not in GENDERS:
        raise reader.refuse(node, "names-gender", what=what, gender=quoted(gender), genders=", ".join(GENDERS))
    return gender


def _names(
    reader: NodeReader, node: Node, players: tuple[str, ...]
) -> dict[str, dict[str, tuple[str | None, str | None]]]:
    """``names:``, each seat's name and gender per language (``"*"``: the gender for all of them)."""
    names: dict[str, dict[str, tuple[str | None, str | None]]] = {}
    for _, seat_node, value in reader.mapping(node, "names"):
        seat = reader.seat(seat_node, "names", players)
        what = f"names: {seat}"
        said: dict[str, tuple[str | None, str | None]] = {}
        for key, key_node, item in reader.mapping(value, what):
            if key == "gender":
                said["*"] = (None, _gender(reader, item, f"{what}: gender"))
            elif key in LANGUAGES:
                if item.kind is SCALAR:
                    said[key] = (reader.text(item, f"{what}: {key}"), None)
                else:
                    fields = reader.fields(item, f"{what}: {key}", NAME_KEYS)
                    name = reader.text(fields["name"], f"{what}: {key}: name") if "name" in fields else None
                    gender = _gender(reader, fields["gender"], f"{what}: {key}: gender") if "gender" in fields else None
                    said[key] = (name, gender)
            else:
                raise reader.refuse(
                    key_node, "names-key", what=what, key=quoted(key), keys=", ".join(("gender", *LANGUAGES))
                )
        names[seat] = said
    return names


def _position(
    reader: NodeReader, values: dict[str, Node], need: Callable[[str], Node], players: tuple[str, ...]
) -> dict[str, Any]:
    """The setup of form (b): hands, stock, trump and the next leader."""
    seen: dict[Card, Message] = {}

    def cards(node: Node, what: str, where: Message) -> tuple[Card, ...]:
        """A list of cards, none of them already somewhere else in the position."""
        read = reader.cards(node, what)
        for item, card in zip(node.value, read, strict=True):
            if card in seen:
                raise reader.refuse(item, "card-in-two-places", card=card, first=seen[card], second=where)
            seen[card] = where
        return read

    hands = {}
    for _, seat_node, cards_node in reader.mapping(need("hands"), "hands"):
        seat = reader.seat(seat_node, "hands", players)
        hands[seat] = cards(cards_node, "hands", Message("place.hand", seat=seat))
    setup: dict[str, Any] = {"hands": hands}
    setup["leader"] = reader.seat(need("leader"), "leader", players)
    if "stock" in values:
        setup["stock"] = cards(values["stock"], "stock", Message("place.stock"))
    if "trump" in values and not reader.is_null(values["trump"]):
        trump_text = reader.text(values["trump"], "trump")
        if trump_text.strip().lower() != "none":
            try:
                setup["trump"] = parse_suit(trump_text)
            except CardError as error:
                raise reader.refuse(values["trump"], "trump", error=error) from None
    return setup


def _refuse_game(reader: NodeReader, values: dict[str, Node], error: SetupError) -> ScenarioError:
    """A table the rules cannot deal, refused at the field it names (a hand size, else the rules)."""
    if error.field == "players":
        return reader.refuse(values["players"], "in", what="players", error=error)
    rules_node = values["rules"]
    if error.field == "hand_size" and rules_node.kind is not SCALAR:
        size_node = reader.fields(rules_node, "rules", RULES_KEYS).get("hand_size")
        if size_node is not None:
            return reader.refuse(size_node, "in", what="rules: hand_size", error=error)
    return reader.refuse(rules_node, "in", what="rules", error=error)


def _refuse_hand_size(reader: NodeReader, rules_node: Node, rules: Rules) -> None:
    """A position deals nothing, so a hand size there would be silently ignored."""
    if rules.hand_size is not None:
        raise reader.refuse(reader.fields(rules_node, "rules", RULES_KEYS)["hand_size"], "hand-size-in-position")


def _scenario(reader: NodeReader, node: Node, index: int) -> Scenario:
    values = reader.fields(node, "scenario", TOP_KEYS)

    def need(key: str) -> Node:
        if key not in values:
            raise reader.refuse(node, f"missing.{key}", format=FORMAT)
        return values[key]

    format_node = reader.scalar(need("format"), "format")
    if format_node.resolve() != "int" or format_node.value != str(FORMAT):
        raise reader.refuse(format_node, "format", format=FORMAT, kind=kind_of(format_node))
    lang = None
    if "lang" in values:
        lang = reader.text(values["lang"], "lang")
        if lang not in LANGUAGES:
            raise reader.refuse(values["lang"], "unknown-lang", lang=lang, languages=", ".join(LANGUAGES))
    own = lang or SOURCE_LANGUAGE  # the language of the plain strings
    title = reader.author_text(need("title"), "title", own)
    summary = reader.author_text(values["summary"], "summary", own) if "summary" in values else None
    tags = (
        tuple(reader.text(tag, "tags") for tag in reader.sequence(values["tags"], "tags", limits.MAX_TAGS))
        if "tags" in values
        else ()
    )
    rules = _rules(reader, need("rules"))
    players_node = need("players")
    players = _players(reader, players_node)
    try:
        Game(rules, players)
    except SetupError as error:
        raise _refuse_game(reader, values, error) from None
    dealer = reader.seat(need("dealer"), "dealer", players)
    names = _names(reader, values["names"], players) if "names" in values else {}

    position = [key for key in POSITION_KEYS if key in values]
    if "deck" in values:
        if position:
            raise reader.refuse(reader.key_node(node, position[0]), "deck-and-position")
        deck = reader.cards(values["deck"], "deck")
        if len(deck) != len(CARDS):
            raise reader.refuse(values["deck"], "deck-size", count=len(deck))
        setup: dict[str, Any] = {"deck": deck}
    elif position:
        _refuse_hand_size(reader, values["rules"], rules)
        setup = _position(reader, values, need, players)
    else:
        raise reader.refuse(node, "missing.setup")
    steps = tuple(
        _step(reader, item, players, rules, own) for item in reader.sequence(need("steps"), "steps", limits.MAX_STEPS)
    )
    over = limits.markdown_overflow(
        ("".join(versions(step.say)) for step in steps), already=sum(map(len, versions(summary)))
    )
    if over is not None:
        raise ScenarioError(steps[over].where, limits.too_much_markdown())
    result = _result(reader, values["result"], players) if "result" in values else None
    extras = {key: reader.plain(value) for key, _, value in reader.mapping(node, "scenario") if key.startswith("x-")}
    scenario = Scenario(
        title=title,
        rules=rules,
        players=players,
        dealer=dealer,
        steps=steps,
        where=reader.at(node),
        summary=summary,
        tags=tags,
        lang=lang,
        result=result,
        names=names,
        extras=extras,
        index=index,
        **setup,
    )
    try:
        scenario.start()
    except SetupError as error:
        culprit = (
            (values.get(error.field) if error.field else None) or values.get("deck") or values.get("hands") or node
        )
        raise reader.fail(culprit, error) from None
    return scenario


# --- entry points ---------------------------------------------------------------------


# The ignore (misc): the base class is chosen when the module loads (libyaml's if installed).
class _Parser(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's parser when available; only its events are used, nothing is constructed."""


def iter_documents(
    source: str | TextIO | BoundedSource, path: str = "<string>", *, task_ids: dict[str, Location] | None = None
) -> Iterator[Scenario | ScenarioError]:
    """Each document of a YAML stream as a ``Scenario``, or the ``ScenarioError`` refusing it.

    ``source`` is the text or an open text file; a file is read a piece at a time
    and each scenario is built only when reached, so a large stream is never held
    whole. A refused document does not stop the stream; a YAML syntax error does
    (it is the last item). A task's id must be new to the stream, and to ``task_ids`` when
    given (the ids already taken in other files, with their places; those of this one are added).
    """
    reader = NodeReader(path)
    index = 0
    task_ids = {} if task_ids is None else task_ids
    try:
        for root in documents_of(yaml.parse(source, Loader=_Parser), path):
            if isinstance(root, ScenarioError):
                yield root
            elif root is None or (root.kind is SCALAR and root.resolve() == "null"):
                continue  # an empty document, e.g. between two ---
            else:
                try:
                    yield _unique_tasks(_scenario(reader, root, index), task_ids)
                except ScenarioError as error:
                    yield error
            index += 1
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = location_of_mark(path, mark) if mark else Location(path, 1, 1)
        context = error.context_mark
        problem = yaml_error(
            error.problem,
            error.context,
            None if context is None else context.line + 1,
            None if context is None else context.column + 1,
        )  # words in the reader's language
        yield ScenarioError(where, Message("scenario.yaml-syntax", problem=problem), _syntax_hint(error))
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        yield ScenarioError(
            _offset_location(source, path, error.position),
            Message("scenario.yaml-character", code=f"{error.character:04X}", reason=yaml_problem(error.reason)),
        )
    except yaml.YAMLError as error:
        yield ScenarioError(Location(path, 1, 1), Message("scenario.yaml", problem=yaml_problem(str(error))))
    except UnicodeDecodeError as error:
        yield ScenarioError(Location(path, 1, 1), Message("scenario.not-utf8", reason=yaml_problem(error.reason)))
    except ScenarioError as error:  # refused by a bounded source (source.py) as it was read
        yield error


def _unique_tasks(scenario: Scenario, seen: dict[str, Location]) -> Scenario:
    """The scenario, unless one of its tasks takes an id already taken (``seen`` remembers them)."""
    for step in scenario.steps:
        if step.task is not None:
            if step.task.id in seen:
                raise refuse_task_id_twice(step.task, seen[step.task.id])
            seen[step.task.id] = step.task.at("id")
    return scenario


def _syntax_hint(error: yaml.MarkedYAMLError) -> str | None:
    """The book's advice for the syntax error a newcomer meets first: a ": " inside a text."""
    problem = error.problem or ""
    return "load.quote-colon" if problem.startswith("mapping values are not allowed") else None


def _offset_location(source: str | TextIO | BoundedSource, path: str, offset: int) -> Location:
    """The line and column of libyaml's byte offset (on this error path only, the text is read again)."""
    if isinstance(source, BoundedSource):  # a bounded source remembers what it just read
        return source.location_of(offset)
    try:
        text = source if isinstance(source, str) else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Location(path, 1, 1)
    before = text.encode("utf-8")[:offset].decode("utf-8", errors="ignore")
    offset = len(before)
    return Location(path, before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1)


def iter_scenarios(source: str | TextIO | BoundedSource, path: str = "<string>") -> Iterator[Scenario]:
    """Each scenario of a YAML stream, read lazily; raises ``ScenarioError`` at the first problem."""
    for item in iter_documents(source, path):
        if isinstance(item, ScenarioError):
            raise item
        yield item


def loads(text: str, path: str = "<string>") -> list[Scenario]:
    """Every scenario in a YAML text; raises ``ScenarioError`` at the first problem."""
    scenarios = list(iter_scenarios(text, path))
    if not scenarios:
        raise ScenarioError(Location(path, 1, 1), Message("scenario.empty"))
    return scenarios


def load(path: str | Path) -> list[Scenario]:
    """Every scenario in a file (see ``loads``)."""
    name = str(path)
    try:
        with open_source(name) as source:
            scenarios = list(iter_scenarios(source, name))
    except OSError as error:
        raise cannot_read(name, error) from None
    if not scenarios:
        raise ScenarioError(Location(name, 1, 1), Message("scenario.empty"))
    return scenarios


def read_upload(content: bytes, name: str) -> list[Scenario]:
    """The scenarios of an uploaded file, with the checks ``open_source`` makes, at most
    ``limits.MAX_UPLOAD_SCENARIOS`` of them; raises ``ScenarioError`` at the first problem."""
    source = BoundedSource(io.BytesIO(content), name)
    scenarios = list(itertools.islice(iter_scenarios(source, name), limits.MAX_UPLOAD_SCENARIOS + 1))
    if len(scenarios) > limits.MAX_UPLOAD_SCENARIOS:
        raise ScenarioError(scenarios[-1].where, Message("input.too-many-scenarios", limit=limits.MAX_UPLOAD_SCENARIOS))
    if not scenarios:
        raise ScenarioError(Location(name, 1, 1), Message("scenario.empty"))
    return scenarios
