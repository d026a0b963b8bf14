"""The ``lingerlonger`` command: demo, and (with the scenario module) check, replay, simulate, new."""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterator, Sequence, TextIO

from tqdm import tqdm

from . import __version__
from .arguments import positive_int, rules_spec
from .cards import format_cards, sort_hand
from .engine import State, new_hand, shuffled_deck
from .events import Drew, Led
from .lab import add_tournament_parser
from .library import lesson_folder
from .match import play_hand
from .i18n import LANGUAGES, translate
from .narrate import narrate, suit_name
from .players import PLAYER_KINDS, RandomPlayer, make_player
from .replay import Frame, answer_text
from .replay import check as check_scenario
from .replay import replay as replay_scenario
from .rules import Rules, RulesError
from .scenario import ScenarioError, iter_documents
from .sheet import scenario_sheet_html
from .simulate import parse_seats, record_hand, simulate
from .writer import write



def demo(args: argparse.Namespace) -> int:
    """A narrated random hand in the terminal."""
    names = "ABCDEF"[:args.players]
    state, events = new_hand(args.rules, names, dealer=args.players - 1, seed=args.seed)
    print(f"Linger Longer, {args.rules.spec}, {args.players} players, seed {args.seed}\n")
    for event in events:
        print(narrate(event, names))
    for name, hand in zip(names, state.hands):
        print(f"  {name}: {format_cards(sort_hand(hand, state.trump))}")
    seats = [RandomPlayer(args.seed * 10 + seat if args.seed is not None else None)
             for seat in range(args.players)]
    _, events = play_hand(state, seats)
    for event in events:
        if isinstance(event, Led):
            print()
        print(narrate(event, names))
    return 0


# --- scenarios: check, replay, simulate, new ----------------------------------------

SCENARIO_SUFFIXES = (".yaml", ".yml")


def _scenario_files(paths: Sequence[str]) -> Iterator[tuple[str, str | None]]:
    """Each file to check, or a path with the reason it gives none."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file())
            if not found:
                yield name, f"{name}: no scenario files (*.yaml) in this folder"
            for file in found:
                yield str(file), None
        elif path.exists():
            yield name, None
        else:
            yield name, f"{name}: no such file or folder"


def check_command(args: argparse.Namespace) -> int:
    """Load and replay every scenario; one located line per failure, then a summary."""
    files = scenarios = failed = failures = 0
    for name, problem in _scenario_files(args.paths):
        if problem:
            print(problem)
            failures += 1
            continue
        files += 1
        found = 0
        try:
            with open(name, encoding="utf-8") as source:
                for item in iter_documents(source, name):
                    found += 1
                    errors = [item] if isinstance(item, ScenarioError) else check_scenario(item)
                    for error in errors:
                        print(error)
                    failures += len(errors)
                    failed += bool(errors)
        except OSError as error:
            print(f"{name}:1:1: cannot read: {error.strerror}")
            failures += 1
            continue
        if not found:
            print(f"{name}:1:1: no scenario in this file")
            failures += 1
        scenarios += found
    counted = f"{scenarios} scenario{'s' * (scenarios != 1)}"
    in_files = f"{files} file{'s' * (files != 1)}"
    if failures:
        print(f"{failures} failure{'s' * (failures != 1)} in {failed} of {counted} ({in_files})")
        return 1
    print(f"{counted} in {in_files}: all pass")
    return 0


_RED = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")


def _painter(stream: TextIO) -> Callable[[str], str]:
    """Red hearts and diamonds, only on a terminal that wants colour."""
    if not stream.isatty() or os.environ.get("NO_COLOR"):
        return lambda text: text
    return lambda text: _RED.sub(lambda match: f"\033[31m{match.group()}\033[0m", text)


def _cards_text(cards) -> str:
    return " ".join(str(card) for card in cards) or "-"


def _board(state: State, shown_plays, seat: str | None, lang: str = "en") -> list[str]:
    """The table after a step: trump, stock, the trick and every hand (or one seat's view)."""
    trick = ", ".join(f"{state.players[who]} {card}" for who, card in shown_plays) or "-"
    trump = state.trump if state.trump is not None else translate("cli.none", lang)
    lines = ["  " + translate("cli.board", lang, trump=trump, stock=len(state.stock), trick=trick)]
    width = max(len(name) for name in state.players)
    for index, name in enumerate(state.players):
        hand = state.hands[index]
        if index in state.out:
            cards = translate("cli.out", lang)
        elif seat is not None and name != seat:
            cards = translate("count.cards", lang, count=len(hand))
        else:
            cards = _cards_text(sort_hand(hand, state.trump))
        marker = "  " + translate("cli.to-act", lang) if state.to_act == index else ""
        lines.append(f"  {name:<{width}}  {cards}{marker}")
    return lines


def _narration(frame: Frame, seat: str | None, lang: str = "en") -> list[str]:
    """The engine's narration; with one seat's view, other seats' draws are only counted."""
    names = frame.state.players
    lines = []
    for event in frame.events:
        if seat is not None and isinstance(event, Drew) and names[event.seat] != seat:
            lines.append(translate("narrate.drew-hidden", lang, name=names[event.seat],
                                   count=len(event.cards)))
        else:
            lines.append(narrate(event, names, lang))
    return lines


def _pick_scenario(path: str, wanted: int):
    """Scenario number ``wanted`` (from 1) of a file, or None after saying there is none."""
    with open(path, encoding="utf-8") as source:
        for number, item in enumerate(iter_documents(source, path), start=1):
            if number == wanted:
                if isinstance(item, ScenarioError):
                    raise item
                return item
    print(f"{path}:1:1: there is no scenario number {wanted} in this file")
    return None


def replay_command(args: argparse.Namespace) -> int:
    """A scenario step by step in the terminal: the board, the narration, the author's words."""
    scenario = _pick_scenario(args.file, args.index)
    if scenario is None:
        return 1
    if args.seat is not None and args.seat not in scenario.players:
        print(f"lingerlonger replay: --seat {args.seat}: no such seat (seats are "
              f"{', '.join(scenario.players)})")
        return 1
    paint = _painter(sys.stdout)
    run = replay_scenario(scenario)
    lang = args.lang or scenario.lang or "en"
    say = lambda msg_id, **values: translate(msg_id, lang, **values)  # noqa: E731
    out = [scenario.title, "=" * len(scenario.title),
           f"{scenario.rules} | " + say("cli.seats", names=", ".join(scenario.players),
                                        dealer=scenario.dealer)]
    if scenario.summary:
        out += ["", scenario.summary.rstrip()]
    for frame in run.frames:
        step = frame.step
        if step is None:
            heading = say("cli.start-deal" if scenario.is_deal else "cli.start-position")
        elif step.kind == "play":
            heading = say("cli.step-play", index=frame.index, name=step.seat, card=step.card)
        elif step.kind == "choose_trump":
            heading = say("cli.step-trump", index=frame.index, name=step.seat,
                          suit=f"{step.suit} ({suit_name(step.suit, lang)})")
        else:
            heading = say("cli.step", index=frame.index)
        out += ["", f"-- {heading} --"]
        out += [f"  {line}" for line in _narration(frame, args.seat, lang)]
        if frame.say:
            out += [f"  > {line}" for line in frame.say.rstrip().splitlines()]
        trick = frame.last_trick
        out += _board(frame.state, trick.plays if trick else frame.state.current_plays, args.seat,
                      lang)
        for ask in frame.asks:
            out += [f"  ? {ask.question}", "    " + say("quiz.answer", answer=answer_text(ask, lang))]
    final = run.final
    if final.is_over:
        out += ["", say("cli.final", name=final.name(final.winner),
                        reason=final.reason)]
    print("\n".join(paint(line) for line in out))
    for failure in run.failures:
        print(failure)
    return 1 if run.failures else 0


def sheet_command(args: argparse.Namespace) -> int:
    """A printable A4 page of one scenario: its setup drawn as cards, its numbered steps."""
    scenario = _pick_scenario(args.file, args.index)
    if scenario is None:
        return 1
    page = scenario_sheet_html(scenario, lang=args.lang, four_colour=args.four_colour)
    if args.output == "-":
        sys.stdout.write(page)
    else:
        Path(args.output).write_text(page, encoding="utf-8")
    return 0



#: simulate shows a progress bar (on a terminal) from this many games on.
PROGRESS_FROM = 100


def simulate_command(args: argparse.Namespace) -> int:
    """Record hands as one YAML stream of scenarios (deal form, every play, expects, results)."""
    try:
        kinds = parse_seats(args.seats, args.players)
        args.rules.check_players(args.players)
    except (ValueError, RulesError) as error:
        print(f"lingerlonger simulate: {error}")
        return 1
    hands = simulate(args.rules, args.players, args.seed, args.games, kinds)
    progress = tqdm(hands, total=args.games, unit="hand", file=sys.stderr,
                    disable=True if args.games < PROGRESS_FROM else None)
    write(sys.stdout if args.output == "-" else args.output, progress)
    return 0

NEW_HEADER = """\
# A starter scenario. Edit it, then run:  lingerlonger check {file}
# and watch it with:                      lingerlonger replay {file}
#
# deck   the 52 cards, top of the shuffled deck first. The engine deals them one at a
#        time from the dealer's left, and the dealer's last card shows trump.
#        To start mid-hand instead, replace deck with: hands, stock, trump and leader.
# steps  "SEAT CARD" plays, in turn order (the seat to act, and a legal card);
#        expect checks what the step before it did: trick_winner, drawn, out,
#        hand_sizes, stock_size, leader, legal. Any step may carry say: (Markdown).
# result who wins the hand and why (last-holder, last-trick or exhaustion), if it ends.
# Keys starting with x- are yours: they are ignored.
"""


def new_command(args: argparse.Namespace) -> int:
    """A valid starter scenario: a seeded deal and its first trick, for an author to edit."""
    try:
        args.rules.check_players(args.players)
    except RulesError as error:
        print(f"lingerlonger new: {error}")
        return 1
    seed = args.seed if args.seed is not None else random.randrange(10 ** 6)
    rng = random.Random(seed)
    names = tuple("ABCDEF"[:args.players])
    dealer = args.players - 1
    seats = [make_player("random", random.Random(rng.getrandbits(64))) for _ in names]
    hand = record_hand(args.rules, names, dealer, shuffled_deck(rng), seats,
                       title=f"A new scenario ({args.rules.spec}, {args.players} players, seed {seed})",
                       tricks=1)
    first = hand.steps[0]
    steps = (replace(first, say=f"{first.seat} leads {first.card}. Say here what the reader "
                     "should notice."),) + hand.steps[1:]
    hand = replace(hand, summary="What this scenario teaches, in a sentence or two.",
                   tags=("draft",), steps=steps)
    target = args.output
    if target != "-" and Path(target).exists() and not args.force:
        print(f"lingerlonger new: {target} exists; choose another name, or add --force")
        return 1
    header = NEW_HEADER.format(file=target if target != "-" else "FILE.yaml")
    write(sys.stdout if target == "-" else target, [hand], header=header)
    return 0


def add_scenario_parsers(commands) -> None:
    """Register check, replay, simulate and new."""
    rules_help = "profile[+variant...], e.g. standard+draw-per-card+no-trump (default: standard)"
    parser = commands.add_parser("check", help="check scenario files: every step legal, every "
                                 "expect and result as the engine says")
    parser.add_argument("paths", nargs="*", default=[str(lesson_folder())], metavar="PATH",
                        help="scenario files or folders (default: the lessons that come with "
                        "lingerlonger)")
    parser.set_defaults(run=check_command)

    parser = commands.add_parser("replay", help="show a scenario step by step in the terminal")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--seat", metavar="NAME", help="show only this seat's cards (others as counts)")
    parser.add_argument("--index", type=positive_int, default=1, metavar="N",
                        help="which scenario of a stream, from 1 (default: 1)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the language of the narration (default: the scenario's lang:, "
                        "else en)")
    parser.set_defaults(run=replay_command)

    parser = commands.add_parser("sheet", help="write a printable A4 sheet of a scenario (HTML)")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--index", type=positive_int, default=1, metavar="N",
                        help="which scenario of a stream, from 1 (default: 1)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the sheet's language (default: the scenario's lang:, else en)")
    parser.add_argument("--four-colour", action="store_true",
                        help="clubs green and diamonds blue, for colour-blind readers")
    parser.add_argument("-o", "--output", default="-", metavar="FILE",
                        help="where to write the HTML (- for stdout, the default)")
    parser.set_defaults(run=sheet_command)

    parser = commands.add_parser("simulate", help="record computer-played hands as scenarios "
                                 "that check again")
    parser.add_argument("--rules", type=rules_spec, default=Rules(), metavar="SPEC", help=rules_help)
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N",
                        help="3 to 6 (default: 4)")
    parser.add_argument("--seed", type=int, default=0, help="the same seed records the same hands "
                        "(default: 0)")
    parser.add_argument("--games", type=positive_int, default=1, metavar="K",
                        help="hands to record (default: 1)")
    parser.add_argument("--seats", default="random", metavar="KINDS",
                        help=f"player kinds: one for every seat, or one per seat, comma-separated "
                        f"({', '.join(PLAYER_KINDS)}; default: random)")
    parser.add_argument("-o", "--output", default="-", metavar="FILE",
                        help="where to write the YAML stream (- for stdout, the default)")
    parser.set_defaults(run=simulate_command)

    parser = commands.add_parser("new", help="write a starter scenario to edit")
    parser.add_argument("--rules", type=rules_spec, default=Rules(), metavar="SPEC", help=rules_help)
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N",
                        help="3 to 6 (default: 4)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the seed of the deal (default: a random one, written in the title)")
    parser.add_argument("-o", "--output", default="-", metavar="FILE",
                        help="where to write it (- for stdout, the default)")
    parser.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    parser.set_defaults(run=new_command)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lingerlonger", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo_parser = commands.add_parser("demo", help="play a narrated random hand in the terminal")
    demo_parser.add_argument("--rules", type=rules_spec, default=Rules(), metavar="SPEC",
                             help="profile[+variant...], e.g. standard+no-trump (default: standard)")
    demo_parser.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N",
                             help="3 to 6 (default: 4)")
    demo_parser.add_argument("--seed", type=int, default=None, help="the same seed plays the same hand")
    demo_parser.set_defaults(run=demo)

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    add_scenario_parsers(commands)
    add_tournament_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # `lingerlonger demo | head` is fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 0
    except ScenarioError as error:
        print(error)
        return 1
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"lingerlonger {args.command}: {where}{error.strerror or error}")
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - a user must never see a traceback
        print(f"lingerlonger {args.command}: internal error: {type(error).__name__}: {error}\n"
              "This is a bug in lingerlonger, not in your files: please report it with the "
              "command you ran.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
