"""Saving a hand as a lesson: the file the canonical writer writes passes ``lingerlonger
check`` and replays exactly what was played (player/lesson.py, simulate.record)."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date

import pytest
from corpora import actions_of
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from lingerlonger.command_line import commands as cli
from lingerlonger.computer.players import make_player
from lingerlonger.game.cards import parse_card
from lingerlonger.game.declared import Game, SetupError
from lingerlonger.game.engine import ChooseTrump, Play, deal, from_position, legal_actions, shuffled_deck
from lingerlonger.game.play_loop import play_out, replayed
from lingerlonger.game.rules import VARIANTS, Rules
from lingerlonger.scenario import load, loads
from lingerlonger.scenario.library import lesson_folder
from lingerlonger.scenario.recording import deck_of
from lingerlonger.scenario.replay import replay
from lingerlonger.session import HandModel, ScenarioModel, action_of
from lingerlonger.session.family_table import TableModel
from lingerlonger.session.save_lesson import branch_lesson, hand_lesson, lesson, lesson_name, lesson_text, table_lesson

DAY = date(2026, 11, 30)
rules_specs = st.tuples(
    st.sampled_from(["standard", "equal-hands", "sift-smoke"]),
    st.lists(st.sampled_from(VARIANTS), unique=True, max_size=3),
).map(lambda spec: "+".join([spec[0], *spec[1]]))


def saved_again(scenario):
    """The lesson written and read back; it must replay with no failure."""
    [again] = loads(lesson_text(scenario), "<saved>")
    run = replay(again)
    assert run.ok, [str(failure) for failure in run.failures]
    return again, run


def played(start, seed, stop=None):
    """Random players' turns from ``start``: all of them, or the first ``stop``."""
    seats = [make_player("random", seed=seed + seat) for seat in range(len(start.players))]
    turns = list(play_out(start, seats))
    return turns if stop is None else turns[:stop]


def assert_same_hand(again, run, start, turns, lang):
    end = turns[-1].state if turns else start
    assert actions_of(again) == [turn.action for turn in turns]
    assert run.final == end
    assert (again.result is not None) == end.is_over
    if end.is_over:
        assert (again.result.winner, again.result.reason) == (end.players[end.winner], end.reason)
    tricks = [step for step in again.steps if step.kind == "expect"]
    ended_mid_trick = bool(turns) and end.is_over and not turns[-1].ended_trick
    assert len(tricks) == len(end.history) + ended_mid_trick
    says = [step.say for step in again.steps if step.say is not None]
    assert len(says) == len(tricks) and again.lang == lang


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    spec=rules_specs,
    players=st.integers(3, 6),
    seed=st.integers(0, 10**6),
    stop=st.none() | st.integers(0, 60),
    lang=st.sampled_from(["en", "pt", "es", "ru"]),
    as_position=st.booleans(),
)
def test_a_saved_hand_replays_what_was_played(spec, players, seed, stop, lang, as_position):
    try:
        rules = Game.of(spec, players).rules
    except SetupError:
        rules = None
    assume(rules is not None)  # a table these rules cannot deal is discarded
    rng = random.Random(seed)
    deck = shuffled_deck(rng)
    start, _ = deal(rules, players, rng.randrange(players), deck)
    if as_position:  # the same cards, set out as a position (no card turned up)
        start = from_position(
            rules,
            start.players,
            dealer=start.dealer,
            leader=start.leader,
            hands=dict(zip(start.players, start.hands, strict=True)),
            stock=start.stock,
            trump=start.trump,
        )
    turns = played(start, seed, stop)
    saved = lesson(start, [turn.action for turn in turns], title="A hand", lang=lang)
    if not as_position:  # a fresh deal is written as its deck (a position may be one too: no-trump)
        assert saved.deck == deck
    again, run = saved_again(saved)
    assert_same_hand(again, run, start, turns, lang)


def test_a_hand_that_ended_in_the_middle_of_a_trick():
    rules = Rules.parse("standard+instant-elimination")
    for seed in range(400):
        rng = random.Random(seed)
        deck = shuffled_deck(rng)
        start, _ = deal(rules, 4, 0, deck)
        turns = played(start, seed)
        if not turns[-1].ended_trick:
            break
    else:
        pytest.fail("no hand ended mid-trick")
    again, run = saved_again(lesson(start, [turn.action for turn in turns], title="t", lang="en", deck=deck))
    assert_same_hand(again, run, start, turns, "en")
    assert again.steps[-1].kind == "expect" and again.result is not None


def test_a_hand_against_the_computer_saved_from_the_app_model(tmp_path):
    hand = HandModel.deal(
        Rules.parse("standard+grand-coup"),
        players=4,
        you=1,
        name="Ana Maria",
        opponents="tips",
        lang="es",
        rng=random.Random(4),
    ).computers_play()
    halfway = None
    while not hand.state.is_over:
        hand = hand.play(legal_actions(hand.state)[0]).computers_play()
        halfway = halfway or hand
    for saved_hand in (halfway, hand):
        saved = hand_lesson(saved_hand, "es", DAY)
        assert saved.players[1] == "Ana_Maria" and saved.title == "Una mano jugada el 2026-11-30"
        again, run = saved_again(saved)
        assert list(actions_of(again)) == list(saved_hand.actions)
        assert run.final.hands == saved_hand.state.hands
    assert any(isinstance(action, ChooseTrump) for action in hand.actions)
    path = tmp_path / lesson_name(DAY)
    path.write_text(lesson_text(saved), encoding="utf-8")
    assert cli.main(["check", str(path)]) == 0


def test_a_hand_renamed_in_another_language_saves_its_new_names():
    hand = HandModel.deal(
        Rules(), players=3, you=0, name="Sam", opponents="tips", lang="en", rng=random.Random(2)
    ).computers_play()
    hand = hand.play(legal_actions(hand.state)[0]).computers_play().speaking("en", "ru")
    saved = hand_lesson(hand, "ru", DAY)
    assert saved.players == ("Саша", "Аня", "Боря") and saved.lang == "ru"
    assert saved_again(saved)[1].final.hands == hand.state.hands


def test_a_what_if_branch_saves_from_the_scenario_start_with_the_line_up_to_the_branch():
    [scenario] = load(lesson_folder() / "06-last-card-saves.yaml")
    model = ScenarioModel.of(replay(scenario)).go(1)
    branch = model.try_action(Play(0, parse_card("7♦")))
    saved = branch_lesson(branch, "pt")
    assert saved.title.endswith(": outra maneira de jogar") and saved.hands == scenario.hands
    again, run = saved_again(saved)
    wanted = [action for action in map(action_of, branch.frames) if action is not None]
    assert actions_of(again) == wanted and wanted[0] == Play(0, parse_card("7♦"))
    assert run.final == branch.frames[-1].state
    # the scenario's own line saves too
    assert saved_again(branch_lesson(model, "en"))[1].final == model.run.final


def test_a_start_no_position_can_hold_is_refused_with_a_reason():
    rules = Rules.parse("standard")
    start, _ = deal(rules, 4, 0, shuffled_deck(random.Random(1)))  # its trump card is turned up
    start = replace(start, hands=start.hands[::-1])  # no deal gives these hands
    assert deck_of(start) is None
    with pytest.raises(SetupError) as refused:
        lesson(start, [], title="t", lang="en")
    assert refused.value.code == "setup.not-a-position"
    after = play_out(replace(start, trump_card=None), [make_player("random", seed=0)] * 4)
    mid_trick = next(after).state
    assert deck_of(mid_trick) is None
    with pytest.raises(SetupError):
        lesson(mid_trick, [], title="t", lang="en")


def test_a_family_tables_hands_save_from_their_deal_once_over():
    table = TableModel.start(
        Rules.parse("standard+random-trump"),
        ["Ana", "Luis Miguel", "Olga"],
        ["person", "tips", "person"],
        rng=random.Random(6),
    )
    rng = random.Random(1)
    for number in (1, 2, 3):
        with pytest.raises(ValueError):  # the hand in play: its cards are secret
            table_lesson(table, number, "es", DAY)
        table = table.computers_play()
        while not table.state.is_over:
            table = table.reveal() if table.hidden else table.play(legal_actions(table.state)[0]).computers_play()
        if number < 3:
            table = table.next_hand(rng)
    with pytest.raises(ValueError):
        table_lesson(table, 0, "es", DAY)
    for number, (dealt, actions) in enumerate(table.played, start=1):
        saved = table_lesson(table, number, "es", DAY)
        assert saved.title == f"Mesa familiar, mano {number}, 2026-11-30" and saved.lang == "es"
        again, run = saved_again(saved)
        assert again.is_deal and again.players == ("Ana", "Luis_Miguel", "Olga")
        assert actions_of(again) == list(actions) and run.final.hands == replayed_end(dealt, actions).hands
        assert again.result.winner == again.players[table.results[number - 1].winner]
    assert lesson_name(DAY, hand=2) == "hand-2026-11-30-2.yaml"


def replayed_end(start, actions):
    return list(replayed(start, actions))[-1].state
