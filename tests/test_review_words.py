"""The review explains in words (issue 41, section 4): each kind of reason found in the position
it names, said in each language with its idea linked; verdicts that follow the hand; the coach
and the review on one estimator, and the coach's "too close to call"."""

from __future__ import annotations

import random
import re

import pytest

from lingerlonger.computer.coach import CardAdvice, coach, too_close
from lingerlonger.computer.review import ActionValue, Chance, Moment, review_decision, review_hand, verdict
from lingerlonger.computer.review_reasons import FACTS, Idea, Reason, line_of, reason_of
from lingerlonger.game.cards import Card, Suit, parse_card
from lingerlonger.game.engine import Play, State, apply, from_position
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view
from lingerlonger.views.review_panel import review_html
from lingerlonger.views.review_words import TIPS_PAGE, idea_href, moment_words, reason_text
from lingerlonger.views.shared_panels import advice_html
from lingerlonger.words.i18n import LANGUAGES

SYMBOLS = re.compile("[♠♥♦♣]")


def _after(state: State, *plays: str) -> State:
    for play in plays:
        state, _ = apply(state, state.play(play))
    return state


def _reason(state: State, played: str, better: str) -> Reason:
    return reason_of(view(state, state.to_act), state.play(played), state.play(better))


# ---- which fact, which idea -------------------------------------------------------------------


def test_a_lower_card_that_wins_as_well_names_rule_9():
    state = from_position(Rules(), "ABC", dealer="C", leader="B", trump="♥",
                          hands={"A": "A♣ 7♣ 3♦", "B": "5♣ 6♠", "C": "K♠ 2♦"}, stock="4♠ 9♦")  # fmt: skip
    reason = _reason(_after(state, "B 5♣"), "A A♣", "A 7♣")
    assert (reason.fact, reason.idea) == ("cheaper-winner", Idea("rule", 9))


def test_the_only_trump_spent_while_the_stock_is_full_names_tip_3():
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
                          hands={"A": "3♥ 7♣ 3♦", "B": "5♣ 6♠ 2♠", "C": "K♠ 2♦ 9♣"}, stock="4♠ 9♦ 8♠ 8♦")  # fmt: skip
    reason = _reason(state, "A 3♥", "A 3♦")
    assert (reason.fact, reason.idea, reason.count) == ("only-trump", Idea("tip", 3), 4)


def test_a_trump_among_several_spent_early_names_tip_3_too():
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
                          hands={"A": "3♥ 5♥ 7♣", "B": "5♣ 6♠ 2♠", "C": "K♠ 2♦ 9♣"}, stock="4♠ 9♦ 8♠ 8♦")  # fmt: skip
    assert _reason(state, "A 3♥", "A 7♣").fact == "spent-trump"


def test_a_strong_card_thrown_on_a_lost_trick_names_tip_4():
    state = from_position(Rules(), "ABC", dealer="C", leader="B", trump="♥",
                          hands={"A": "J♠ 2♠ 3♦", "B": "5♥ 6♠", "C": "Q♠ 2♦"}, stock="4♠ 9♦")  # fmt: skip
    reason = _reason(_after(state, "B 6♠", "C Q♠"), "A J♠", "A 2♠")
    assert (reason.fact, reason.idea) == ("cannot-win", Idea("tip", 4))


def test_a_trick_that_could_be_won_names_tip_2_with_a_full_stock_and_tip_1_with_an_empty_one():
    hands = {"A": "3♥ 2♦ 3♦", "B": "5♣ 6♠ 7♠", "C": "K♠ 2♠ 9♠"}  # A has no clubs: a trump wins
    full = from_position(Rules(), "ABC", dealer="C", leader="B", trump="♥", hands=hands, stock="4♠ 9♦ 8♠ 8♦")
    empty = from_position(Rules(), "ABC", dealer="C", leader="B", trump="♥", hands=hands, stock="")
    reason = _reason(_after(full, "B 5♣"), "A 2♦", "A 3♥")
    assert (reason.fact, reason.idea, reason.count) == ("could-win-full", Idea("tip", 2), 4)
    reason = _reason(_after(empty, "B 5♣"), "A 2♦", "A 3♥")
    assert (reason.fact, reason.idea, reason.count) == ("could-win-clock", Idea("tip", 1), 0)


def test_a_lead_into_a_suit_an_opponent_has_shown_void_in_names_tip_5_and_the_seat():
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
                          hands={"A": "2♣ 3♣ 4♦ 9♠", "B": "5♦ 6♠ 7♠", "C": "K♣ 2♠ 9♣"}, stock="")  # fmt: skip
    state = _after(state, "A 2♣", "B 5♦", "C K♣")  # B shows no clubs; C wins and leads
    state = _after(state, "C 2♠", "A 9♠", "B 6♠")  # A wins: A to lead
    reason = _reason(state, "A 4♦", "A 3♣")
    assert (reason.fact, reason.idea, reason.seat, reason.suit) == ("void", Idea("tip", 5), 1, Suit.CLUBS)


def test_a_good_card_says_why_it_was_good():
    state = from_position(Rules(), "ABC", dealer="C", leader="B", trump="♥",
                          hands={"A": "J♠ 2♠ 3♦", "B": "5♥ 6♠", "C": "Q♠ 2♦"}, stock="4♠ 9♦")  # fmt: skip
    state = _after(state, "B 6♠", "C Q♠")
    reason = _reason(state, "A 2♠", "A 2♠")
    assert (reason.fact, reason.idea) == ("good-weakest", Idea("tip", 4))


# ---- every reason in every language -----------------------------------------------------------


def _moment(state: State, played: str, verdict_name: str = "mistake") -> Moment:
    action = state.play(played)
    value = ActionValue(action, Chance(3, 10), Chance(3, 10))
    return Moment(0, state, action, (value,), verdict_name)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("fact", FACTS)
def test_each_kind_of_reason_is_one_sentence_in_each_language_with_its_idea_linked(fact, lang):
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
                          hands={"A": "3♥ 7♣ 3♦", "B": "5♣ 6♠ 2♠", "C": "K♠ 2♦ 9♣"}, stock="4♠ 9♦ 8♠")  # fmt: skip
    card, other = parse_card("3♥"), parse_card("7♣")
    named: tuple[Card | Suit, Card | Suit] = (Suit.HEARTS, Suit.CLUBS) if "trump-named" in fact else (card, other)
    for count in (0, 1, 3, 5):
        idea = Idea("rule", 25) if "trump-named" in fact else Idea("tip", 1 + FACTS.index(fact) % 6)
        reason = Reason(fact, idea, named[0], named[1], seat=1, suit=Suit.CLUBS, count=count)
        before, idea_words, after = reason_text(reason, _moment(state, "A 3♥"), lang)
        sentence = before + idea_words + after
        assert before[:1].isupper() and after.endswith("."), sentence
        assert not SYMBOLS.search(sentence), sentence  # cards in words: a screen reader says them
        assert "{" not in sentence and idea_words in sentence
        if fact.endswith("void"):
            assert "B" in sentence  # the seat that showed the void, by its name
    assert idea_href(Idea("tip", 3), "") == f"{TIPS_PAGE}#tip-3"  # the tip itself, not the list of them
    assert idea_href(Idea("rule", 9), "../book/") == "../book/rules-reference.html#rule-9"
    assert idea_href(Idea("rule", 9), None) is None


@pytest.mark.parametrize("lang", ["ru", "pt"])
def test_the_panel_puts_the_sentence_first_with_its_link_and_the_numbers_behind_details(lang):
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
                          hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock="")  # fmt: skip
    html = str(review_html(review_hand(state, [state.play("A A♥")], seat=0, deals=40), lang))
    moment = html[html.index("data-ll-moment") :]
    reason = re.search(r'<p class="ll-review-reason" data-ll-reason>(.*?)</p>', moment, re.S)
    assert reason and re.search(r'<a href="(10-strategy|rules-reference)\.html#[\w-]+">', reason[1])
    assert moment.index("data-ll-reason") < moment.index("<details") < moment.index("ll-review-chances")
    assert {"ru": "совет", "pt": "dica"}[lang] in reason[1] or {"ru": "правило", "pt": "regra"}[lang] in reason[1]
    # each "Show this moment" has a name of its own, holding the words it shows
    names = re.findall(r'data-ll-action="review-open"[^>]*aria-label="([^"]+)"', html)
    assert names and len(set(names)) == len(names)


# ---- a line that shows it, and the luck --------------------------------------------------------


def test_a_mistake_is_shown_by_a_deal_where_the_card_played_loses_and_the_better_one_wins():
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
                          hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock="")  # fmt: skip
    moment = review_decision(state, state.play("A A♥"), deals=40)
    assert moment.verdict == "mistake" and moment.line is not None
    assert moment.line.winner != 0 and moment.line.better_winner == 0
    words = moment_words(moment, "en", "")
    assert words.line and words.line_result.startswith("In this deal you lose with the ace of hearts")
    assert not any(SYMBOLS.search(said) for said in (*words.line_hands, words.line_result))  # the plays: narration


def test_no_line_when_no_deal_shows_the_difference():
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
                          hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock="")  # fmt: skip
    assert line_of(lambda: state, state.play("A 2♣"), state.play("A A♥"), 0) is None


def test_an_unlucky_card_says_what_luck_naming_whose_cards_could_not_be_known():
    moment = _moment(
        from_position(Rules(), ["Ana", "Bruno", "Carla"], dealer="Carla", leader="Ana", trump="♥",
                      hands={"Ana": "3♥ 7♣ 3♦", "Bruno": "5♣ 6♠ 2♠", "Carla": "K♠ 2♦ 9♣"}, stock="4♠ 9♦ 8♠"),
        "Ana 7♣", "unlucky",
    )  # fmt: skip
    best = ActionValue(moment.state.play("Ana 3♦"), Chance(3, 10), Chance(9, 10))
    moment = Moment(0, moment.state, moment.played, (*moment.values, best), "unlucky",
                    Reason("good-played-out", Idea("tip", 2), parse_card("7♣")), None, 1)  # fmt: skip
    luck = moment_words(moment, "en", "").luck
    assert luck == "With every card face up, the 3 of diamonds was the best card; what Bruno held could not be known."


# ---- verdicts that follow the hand -------------------------------------------------------------


def _values(best: tuple[int, int], played: tuple[int, int]) -> tuple[ActionValue, ActionValue]:
    a, b = Play(0, parse_card("A♠")), Play(0, parse_card("2♠"))
    return ActionValue(a, Chance(*best), Chance(*best)), ActionValue(b, Chance(*played), Chance(*played))


def test_losing_a_third_of_a_small_chance_is_a_mistake_not_an_inaccuracy():
    best, played = _values((2000, 10000), (1330, 10000))  # 20% against 13.3%: 6.7 points, a third
    assert verdict(played, [best, played]) == "mistake"
    best, played = _values((2000, 10000), (1660, 10000))  # 3.4 points, but a sixth and more of 20%
    assert verdict(played, [best, played]) == "inaccuracy"
    best, played = _values((9000, 10000), (8700, 10000))  # 3 points of 90%: good
    assert verdict(played, [best, played]) == "good"
    best, played = _values((20, 100), (13, 100))  # the same third, on too few deals to tell
    assert verdict(played, [best, played]) == "close"


# ---- the coach and the review agree -------------------------------------------------------------


def test_the_coach_and_the_review_judge_on_the_same_deals_once_the_others_have_played():
    from lingerlonger.computer.players import make_player
    from lingerlonger.game.engine import new_hand
    from lingerlonger.game.play_loop import play_out

    state, _ = new_hand(Rules(), 4, dealer=3, seed=5)
    players = [make_player("tips", seed=seat) for seat in range(4)]
    state = next(turn.state for turn in play_out(state, players) if len(turn.state.history) == 2)
    state = list(play_out(state, players, until=lambda now: now.to_act == 0))[-1].state if state.to_act else state
    assert state.to_act == 0 and len(view(state, 0).legal) > 1
    advice = {a.card: (a.win_rate, a.rollouts) for a in coach(state, seat=0, budget_s=None, rollouts=60, seed=7)}
    moment = review_decision(state, Play(0, state.hands[0][0]), deals=60, seed=random.Random(7))
    assert {value.card: (value.known.rate, value.known.deals) for value in moment.values} == advice


def test_the_coach_says_too_close_to_call_when_the_ranges_overlap_as_the_review_does():
    a, b, c = (CardAdvice(parse_card(card), rate, low, high, 200) for card, rate, low, high in
               (("A♠", 0.5, 0.43, 0.57), ("2♠", 0.45, 0.38, 0.52), ("3♦", 0.2, 0.15, 0.26)))  # fmt: skip
    assert too_close([a, b, c]) == [a, b]
    html = str(advice_html([a, b, c], "Ana", "pt"))
    assert "Renhido demais para decidir entre ás de espadas, 2 de espadas" in html
    clear = str(advice_html([a, c], "Ana", "en"))
    assert "Best on what Ana can see: ace of spades, clear of the others." in clear
    values = [ActionValue(Play(0, x.card), Chance(round(x.win_rate * 200), 200), Chance(0, 1)) for x in (a, b)]  # type: ignore[arg-type]
    assert verdict(values[1], values) in ("close", "good")
