"""Corpora and texts that several test modules start from (``from corpora import …``).

A plain module, not conftest.py: tests/browser has a conftest of its own, and two modules
named conftest shadow each other (see golden_data.py); test modules never import each other.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from lingerlonger.scenario.limits import (
    MAX_CHOICES,
    MAX_MARKDOWN_CHARS,
    MAX_STEPS,
    MAX_TAGS,
    MAX_TEXT_CHARS,
    MAX_VALUES,
)

TESTS = Path(__file__).resolve().parent

# --- the bad corpus (tests/bad/): each file headed with the refusal it must produce --------

BAD_FILES = sorted((TESTS / "bad").glob("*.yaml"))
HEADER = re.compile(r"^# expect: (\d+):(\d+) (.+) \[schema: (reject|accept)\]$")


def expectation(path: Path) -> tuple[int, int, str, str]:
    """The header of a bad file: line, column, message and the schema's verdict."""
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    match = HEADER.match(first)
    assert match, f"{path.name}: the first line must be '# expect: LINE:COLUMN MESSAGE [schema: ...]'"
    return int(match[1]), int(match[2]), match[3], match[4]


# --- scenario texts ---------------------------------------------------------------------

#: The worked example (rule 16 of the Rules reference); STEPS is filled in by each test.
QUIZ_HEAD = """\
format: 1
title: Quiz
rules: equal-hands
players: [A, B, C, D]
dealer: D
hands: {A: [K♣, 7♦], B: [3♣, Q♠], C: [2♥], D: [A♣, 5♠]}
stock: [9♦, 4♠, J♥]
trump: ♥
leader: A
steps:
"""

POSITION = """\
format: 1
title: T
rules: standard
players: [A, B, C]
dealer: C
hands: {A: [K♣, 2♦], B: [7♣, 9♣], C: [3♥, 4♥]}
stock: [5♠]
trump: ♥
leader: A
steps: []
"""


def actions_of(scenario) -> list:
    """The actions a scenario's steps play, in order."""
    state, _ = scenario.start()
    return [
        state.play(f"{step.seat} {step.card}") if step.kind == "play" else state.choose(f"{step.seat} {step.suit}")
        for step in scenario.steps
        if step.kind in ("play", "choose_trump")
    ]


def tag_vocabulary() -> set[str]:
    """The tags listed in the comment of scenarios/README.md."""
    text = (TESTS.parent / "scenarios" / "README.md").read_text(encoding="utf-8")
    comment = re.search(r"<!-- tag vocabulary(.*?)-->", text, re.S)
    assert comment, "scenarios/README.md must list the tag vocabulary in a comment"
    return set(re.findall(r"^- ([a-z0-9-]+):", comment.group(1), re.M))


# --- the hostile corpus (tests/hostile/ and inputs too large to keep) --------------------

HOSTILE = TESTS / "hostile"

#: file → (line, column, words the message must hold); None: the file is a fine scenario.
CORPUS = {
    "binary.yaml": (2, 118, ["not UTF-8", "0x80"]),
    "card-fullwidth.yaml": (7, 13, ["not a card", "rank"]),
    "card-long-s.yaml": (7, 13, ["not a card", "suit 'ſ'"]),
    "card-spaced.yaml": (15, 26, ["'1 0 ♥' is not a card"]),
    "homoglyph-greek-seats.yaml": (4, 23, ["look the same", "(Latin)", "(Greek)"]),
    "homoglyph-play.yaml": (11, 11, ["no seat 'A'", "A (Latin)", "А (Cyrillic)"]),
    "homoglyph-seats.yaml": (4, 23, ["look the same", "A (Latin)", "А (Cyrillic)"]),
    "latin1-line2.yaml": (2, 11, ["0xE9", "Latin-1"]),
    "number-count-too-large.yaml": (12, 26, ["stock_size", "from 0 to 52", "53"]),
    "number-format.yaml": (1, 9, ["5,000 digits"]),
    "number-hand-size.yaml": (3, 39, ["5,000 digits"]),
    "number-hand-sizes.yaml": (12, 30, ["5,001 digits"]),
    "number-stock-size.yaml": (12, 26, ["5,000 digits"]),
    "number-x-key.yaml": (12, 10, ["5,000 digits"]),
    "seat-bidi.yaml": (4, 20, ["U+202E", "invisible"]),
    "seat-escape.yaml": (4, 20, ["U+001B", "control"]),
    "seat-zero-width.yaml": (4, 20, ["U+200B"]),
    "terminal-c1.yaml": None,
    "terminal-clipboard.yaml": None,
    "terminal-in-error.yaml": (11, 11, ["not a card", "\\x1b[2J"]),
    "terminal-title.yaml": None,
    "truncated-utf8.yaml": (2, 13, ["0xC3", "not UTF-8"]),
    "utf16-be-no-bom.yaml": (1, 1, ["NUL", "UTF-16 (big-endian)"]),
    "utf16-bom.yaml": (1, 1, ["0xFF", "UTF-16 (little-endian)"]),
    "utf16-le-no-bom.yaml": (1, 2, ["NUL", "UTF-16 (little-endian)"]),
    "variation-selectors.yaml": None,
}
#: The quiz's worked example without its steps: a small position, ready for more keys.
POSITION_HEAD = QUIZ_HEAD.removesuffix("steps:\n")


def _large() -> dict[str, tuple[bytes, int, int, list[str]]]:
    """Inputs too large to keep as files: content, line, column and words of the refusal."""
    seats = ", ".join(f"P{i}" for i in range(60_000))
    choices = ", ".join(f"c{i}" for i in range(40_000))
    ask = "steps:\n  - ask: {question: Which?, answer: {choice: c1}, choices: [%s]}\n"
    emphasis = '"' + "*a " * 50_000 + '"'
    references = '"' + "[a]:\\n" * 6_000 + '"'
    return {
        "60000-seats": (
            (POSITION_HEAD.replace("[A, B, C, D]", f"[{seats}]") + "steps: []\n").encode(),
            4,
            148_829,
            [f"more than {MAX_VALUES:,} values"],
        ),
        "7-seats": (
            (POSITION_HEAD.replace("[A, B, C, D]", "[A, B, C, D, E, F, G]") + "steps: []\n").encode(),
            4,
            10,
            ["3 to 6 players, not 7"],
        ),
        "40000-choices": ((POSITION_HEAD + ask % choices).encode(), 11, 148_519, ["values"]),
        "11-choices": (
            (POSITION_HEAD + ask % ", ".join(f"c{i}" for i in range(11))).encode(),
            11,
            60,
            [f"11 items, but at most {MAX_CHOICES}"],
        ),
        f"{MAX_STEPS + 1}-steps": (
            (POSITION_HEAD + "steps:\n" + "  - say: hi\n" * (MAX_STEPS + 1)).encode(),
            11,
            3,
            [f"at most {MAX_STEPS}"],
        ),
        f"{MAX_TAGS + 1}-tags": (
            (POSITION_HEAD + f"tags: [{', '.join('t' * (MAX_TAGS + 1))}]\nsteps: []\n").encode(),
            10,
            7,
            [f"at most {MAX_TAGS}"],
        ),
        "53-cards": (
            POSITION_HEAD.replace("[9♦, 4♠, J♥]", "[" + ", ".join(["9♦"] * 53) + "]").encode() + b"steps: []\n",
            7,
            8,
            ["53 items, but at most 52"],
        ),
        "60000-characters-of-markdown": (
            (POSITION_HEAD + "steps:\n" + f"  - say: {'a' * MAX_TEXT_CHARS}\n" * 30).encode(),
            11 + MAX_MARKDOWN_CHARS // MAX_TEXT_CHARS,
            10,
            [f"more than {MAX_MARKDOWN_CHARS:,} characters"],
        ),
        "150kB-emphasis": (
            (POSITION_HEAD + f"summary: {emphasis}\nsteps: []\n").encode(),
            10,
            10,
            [f"at most {MAX_TEXT_CHARS:,}"],
        ),
        "30kB-references": (
            (POSITION_HEAD + f"summary: {references}\nsteps: []\n").encode(),
            10,
            10,
            [f"at most {MAX_TEXT_CHARS:,}"],
        ),
        "900000-x-values": (
            (POSITION_HEAD + "x-data: [" + "1," * 900_000 + "1]\nsteps: []\n").encode(),
            10,
            39_924,
            ["values"],
        ),
        "3MB-line": (b"title: " + b"a" * 3_000_000, 1, 2_015_233, ["without a new scenario"]),
        "NUL-stream": (b"\x00" * 3_000_000, 1, 1, ["NUL", "binary"]),
    }


LARGE = _large()


# --- widgets, read without a browser ------------------------------------------------------


def visible(widget) -> bool:
    """Whether an ipywidget is shown (its layout not ``display: none``)."""
    return widget.layout.display != "none"


def text_of(markup: str) -> str:
    """An HTML widget's text, without its tags, its characters unescaped (``&#39;`` or
    ``&#x27;`` alike: ``'``)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def deals_to(rules, players: int) -> bool:
    """Whether these rules can deal to this many players (random rule sets often cannot)."""
    from lingerlonger.game.declared import Game, SetupError

    try:
        Game.of(rules, players)
    except SetupError:
        return False
    return True


# --- files whose tasks ask for large searches (issue 39) ------------------------------------


def _cards_text(cards) -> str:
    return "[" + ", ".join(str(card) for card in cards) + "]"


def trump_holder_file(seed: int, goals, players: int = 6, holder: int = 0, stock: int = 4, id_prefix: str = "t") -> str:
    """One scenario per goal: ``players`` seats, the seat ``holder`` holding every heart
    (trump), the other cards dealt at random (seeded) to the others and ``stock`` to the stock;
    the first seat leads and is the task's seat, with no ``accept`` (the engine's answers stand)."""
    import random

    from lingerlonger.game.cards import CARDS, SUIT_OF, Suit

    names = [chr(ord("A") + seat) for seat in range(players)]
    documents = []
    for number, goal in enumerate(goals):
        rng = random.Random(seed * 1000 + number)
        trumps = [card for card in CARDS if SUIT_OF[card] == Suit.HEARTS]
        rest = [card for card in CARDS if SUIT_OF[card] != Suit.HEARTS]
        rng.shuffle(rest)
        others = [seat for seat in range(players) if seat != holder]
        each = (len(rest) - stock) // len(others)
        hands = {holder: trumps}
        for place, seat in enumerate(others):
            hands[seat] = rest[place * each : (place + 1) * each]
        hands_text = ", ".join(f"{names[seat]}: {_cards_text(hands[seat])}" for seat in range(players))
        documents.append(
            "format: 1\n"
            f"title: {goal} {number}\n"
            "rules: standard\n"
            f"players: [{', '.join(names)}]\n"
            f"dealer: {names[-1]}\n"
            f"hands: {{{hands_text}}}\n"
            f"stock: {_cards_text(rest[len(others) * each : len(others) * each + stock])}\n"
            "trump: ♥\n"
            "leader: A\n"
            "steps:\n"
            f"  - task: {{id: {id_prefix}{number}, seat: A, goal: {goal}}}\n"
        )
    return "---\n".join(documents)


def dealt_file(seeds, goal: str = "win-hand", players: int = 4, rules: str = "standard") -> str:
    """One scenario per seed: a full deal of the shuffled deck (seeded), a ``goal`` task for
    the first seat to act, before any card is played."""
    import random

    from lingerlonger.game.cards import CARDS

    names = [chr(ord("A") + seat) for seat in range(players)]
    documents = []
    for number, seed in enumerate(seeds):
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        against = ", against: tips" if goal == "win-hand" else ""
        documents.append(
            "format: 1\n"
            f"title: deal {seed}\n"
            f"rules: {rules}\n"
            f"players: [{', '.join(names)}]\n"
            f"dealer: {names[-1]}\n"
            f"deck: {_cards_text(deck)}\n"
            "steps:\n"
            f"  - task: {{id: d{number}, seat: A, goal: {goal}{against}}}\n"
        )
    return "---\n".join(documents)
