"""The players' model, with no widgets: timeline moves, what-if, the quiz, a hand you play.

Expected plays come from the rules applied by hand to the positions written here (who
holds what, who must follow); no expected value is copied from a run.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from corpora import QUIZ_HEAD

from lingerlonger.game.cards import Suit, parse_card
from lingerlonger.game.engine import ChooseTrump, Play, from_position, legal_cards
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import loads
from lingerlonger.scenario.replay import replay
from lingerlonger.session import HandModel, Note, Refused, ScenarioModel, action_of
from lingerlonger.words.i18n import LANGUAGES, translate

#: The worked example (rule 16) with a question of each kind; the choices in every language.
QUIZ = (
    QUIZ_HEAD
    + """\
  - say: A is about to lead.
  - play: A K♣
  - ask:
      question: Which cards may B play?
      answer: {legal: [3♣]}
      hint: B holds a club.
  - play: B 3♣
  - play: C 2♥
  - play: D A♣
    ask:
      question: What happens to C?
      answer: {choice: C stays in}
      choices:
        - {en: C is out, pt: C fica de fora, es: C queda fuera, ru: C выбывает}
        - {en: C stays in, pt: C continua, es: C sigue, ru: C остаётся}
      wrong: {en: Look at the trump., pt: Olhe o trunfo., es: Mira el triunfo., ru: Смотрите на козырь.}
"""
)
STAYS = {"en": "C stays in", "pt": "C continua", "es": "C sigue", "ru": "C остаётся"}
OUT = {"en": "C is out", "pt": "C fica de fora", "es": "C queda fuera", "ru": "C выбывает"}


def card(text: str):
    return parse_card(text)


@pytest.fixture
def model() -> ScenarioModel:
    return ScenarioModel.of(replay(loads(QUIZ, "quiz.yaml")[0]))


# --- moving on the timeline --------------------------------------------------------------


def test_go_moves_to_a_frame_clamped_to_the_timeline_and_leaves_the_old_model_as_it_was(model):
    assert model.at == 0 and model.last_index == len(model.frames) - 1
    moved = model.go(2)
    assert (moved.at, model.at) == (2, 0)
    assert model.go(-5).at == 0 and model.go(99).at == model.last_index
    with pytest.raises(AttributeError):
        model.at = 3  # a value: transitions make new ones


def test_an_illegal_what_if_is_a_typed_refusal_that_changes_nothing(model):
    after_lead = model.go(2)  # A led K♣; B holds 3♣ and Q♠: must follow
    refused = after_lead.try_action(Play(1, card("Q♠")))
    assert isinstance(refused, Refused) and refused.error.rule == "follow-suit"
    assert "B must follow ♣" in refused.text("en")
    assert refused.text("pt") != refused.text("en")
    assert after_lead.at == 2 and after_lead.branch_at is None and after_lead.frames == model.frames


def test_the_scenarios_own_play_steps_on_with_a_note(model):
    stepped = model.go(2).try_action(Play(1, card("3♣")))
    assert stepped.at == 3 and stepped.branch_at is None and stepped.note == Note("ui.same-as-line")


def test_a_legal_card_off_the_line_branches_to_the_end_and_back_to_scenario_returns(model):
    branch = model.go(1).try_action(Play(0, card("7♦")))  # A leads 7♦ instead of K♣
    assert (branch.at, branch.branch_at) == (2, 1) and branch.timeline == model.timeline + 1
    assert action_of(branch.frame) == Play(0, card("7♦")) and branch.frames[-1].state.is_over
    # B holds no diamond, so any card is legal: B keeps to the planned 3♣.
    assert action_of(branch.frames[3]) == Play(1, card("3♣"))
    back = branch.back_to_scenario()
    assert back.at == 1 and back.branch_at is None and back.frames == model.frames


def test_what_the_reader_may_try_follows_the_seat_viewed(model):
    after_lead = model.go(2)
    assert after_lead.tryable() == (card("Q♠"), card("3♣"))
    assert after_lead.with_options(seat=0).tryable() == ()  # viewed as A, B's cards hidden
    played_out = model.go(1).try_action(Play(0, card("7♦")))
    assert played_out.go(99).tryable() == ()  # the hand is over


# --- the quiz -----------------------------------------------------------------------------


def test_quiz_mode_stops_going_forward_at_an_unanswered_question(model):
    quiz = model.quizzing(True)
    stopped = quiz.go(quiz.last_index)
    assert stopped.at == 2 and stopped.note == Note("quiz.answer-first", "refused")
    assert stopped.question.ask.kind == "legal"
    assert model.go(model.last_index).at == model.last_index  # quiz mode off: nothing stops


def test_a_wrong_answer_stays_with_its_hint_and_a_right_one_goes_on(model):
    asked = model.quizzing(True).go(99)
    wrong = asked.answer("3♣ Q♠")
    assert wrong.at == 2 and wrong.feedback()[0] == translate("quiz.wrong", "en")
    assert "Hint: B holds a club." in wrong.feedback()
    right = wrong.answer("3♣")
    assert right.at == 3 and right.note == Note("quiz.right") and right.feedback() == []
    assert right.chosen == frozenset()


def test_which_cards_is_picked_card_by_card_then_checked(model):
    asked = model.quizzing(True).go(99)
    cards = asked.question.choices
    picked = asked.pick(cards.index(card("3♣")))
    assert picked.chosen == {card("3♣")} and picked.at == 2
    assert picked.pick(cards.index(card("3♣"))).chosen == frozenset()  # unpicked
    assert picked.check().at == 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_choice_is_judged_by_meaning_in_every_language(model, lang):
    asked = model.with_options(lang=lang).quizzing(True).go(99).answer("3♣").go(99)
    question = asked.question
    assert question.ask.kind == "choice" and set(question.words) == {STAYS[lang], OUT[lang]}
    wrong = asked.answer(OUT[lang])
    assert wrong.at == asked.at and wrong.feedback()[:2] == [
        translate("quiz.wrong", lang),
        wrong.question.ask.wrong.in_(lang),
    ]
    assert asked.answer(STAYS[lang]).at == asked.at + 1
    assert asked.answer(STAYS["en"]).at == asked.at + 1  # as written counts too
    assert asked.answer("C, probably").at == asked.at


def test_a_branch_asks_nothing(model):
    branch = model.quizzing(True).go(1).try_action(Play(0, card("7♦")))
    assert branch.question is None and branch.go(99).at == branch.last_index


# --- a hand you play ------------------------------------------------------------------------


def dealt(seed: int = 7, you: int = 0) -> HandModel:
    return HandModel.deal(Rules(), players=4, you=you, name="Sam", opponents="tips", lang="en", rng=random.Random(seed))


@pytest.mark.parametrize("you", [0, 2])
def test_the_computers_play_one_turn_at_a_time_and_pause_at_your_turn(you):
    hand = dealt(you=you)
    turns = list(hand.turns())
    assert all(turn.state.to_act != you for turn in turns[:-1])
    played = turns[-1] if turns else hand
    assert played.state.to_act == you and not played.waiting
    assert played.told[: len(hand.told)] == hand.told  # what you are told only grows
    assert hand.computers_play() == played


def test_your_illegal_card_is_refused_and_changes_nothing():
    hand = dealt().computers_play()
    stranger = next(c for c in map(card, ["2♣", "3♣", "4♣", "5♣", "6♣"]) if c not in hand.state.hands[0])
    refused = hand.play(Play(0, stranger))
    assert isinstance(refused, Refused) and hand.state.to_act == 0
    played = hand.play(Play(0, legal_cards(hand.state)[0]))
    assert played.state != hand.state and played.told[0].seat == 0  # told afresh from your card


def test_the_hand_pauses_when_you_must_name_trump():
    hand = replace(
        dealt(),
        state=from_position(
            Rules.parse("standard+grand-coup"),
            ["Sam", "Ana", "Bruno"],
            dealer="Bruno",
            leader="Sam",
            trump=None,
            hands={"Sam": "A♠ 2♦", "Ana": "3♠ 4♦", "Bruno": "5♠ 6♦"},
            stock="7♣ 8♣ 9♣",
        ),
    )
    hand = replace(hand, computers=hand.computers[:3]).play(Play(0, card("A♠"))).computers_play()
    assert hand.state.namer == 0 and not hand.waiting  # your A♠ won the first trick
    assert hand.last_trick.winner == 0 and (0, card("A♠")) in hand.last_trick.plays
    assert isinstance(hand.play(Play(0, card("2♦"))), Refused)  # naming trump comes first
    assert hand.play(ChooseTrump(0, Suit.CLUBS)).state.trump == Suit.CLUBS


def test_a_new_hand_passes_the_deal_and_renaming_keeps_the_cards():
    first = dealt()
    second = HandModel.deal(
        Rules(), players=4, you=0, name="Sam", opponents="tips", lang="en", rng=random.Random(1), previous=first
    )
    assert (first.dealer, second.dealer, second.number) == (3, 0, 2)
    russian = first.speaking("en", "ru")
    assert russian.state.players == ("Саша", "Аня", "Боря", "Вера")
    assert russian.state.hands == first.state.hands
