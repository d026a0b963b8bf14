"""The live players, driven without a browser: what-if branches, stepping, the app's pieces.

Expected plays come from the rules applied by hand to the positions written here
(who holds what, who must follow), expected locations from the ``# expect:``
comments of tests/bad/*.yaml; no expected value is copied from a run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from corpora import text_of, visible
from markupsafe import escape as markup_escape

ipywidgets = pytest.importorskip("ipywidgets")

from lingerlonger.computer.players import RandomPlayer  # noqa: E402
from lingerlonger.game.cards import DECK, Suit, parse_card  # noqa: E402
from lingerlonger.game.engine import ChooseTrump, IllegalAction, Play, SetupError, apply, from_position, legal_cards  # noqa: E402
from lingerlonger.game.rules import Rules  # noqa: E402
from lingerlonger.scenario import load, loads  # noqa: E402
from lingerlonger.scenario.replay import replay  # noqa: E402
from lingerlonger.session import stepping as player_model  # noqa: E402
from lingerlonger.views.page_replay import replay_html, ui  # noqa: E402
from lingerlonger.views.table_html import DEFAULT_STYLE  # noqa: E402
from lingerlonger.views.widgets import (  # noqa: E402
    HandPlayer,
    LingerLongerApp,
    Plan,
    ScenarioBrowser,
    ScenarioGallery,
    ScenarioPlayer,
    action_of,
    find_scenarios,
    next_action,
    planned_action,
    what_if,
)
from lingerlonger.views.widgets import controls as kit  # noqa: E402
from lingerlonger.views.widgets import lesson_picker as live_browser  # noqa: E402
from lingerlonger.views.widgets import scenario_player as live_scenario  # noqa: E402
from lingerlonger.words.i18n import catalog, error_text, language_tag, translate  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
LIBRARY = REPO / "scenarios"
WORKED = LIBRARY / "06-last-card-saves.yaml"
BAD = REPO / "tests" / "bad"

# The worked example (rule 16 of the Rules reference) with B holding a diamond: led a diamond, B must follow it.
DIAMOND_FOR_B = """
format: 1
title: B can follow diamonds
rules: equal-hands
players: [A, B, C, D]
dealer: D
hands: {A: [K♣, 7♦], B: [3♣, 5♦], C: [2♥], D: [A♣, 5♠]}
stock: [9♦, 4♠, J♥]
trump: ♥
leader: A
steps:
  - say: A is about to lead.
  - play: A K♣
  - play: B 3♣
  - play: C 2♥
  - play: D A♣
"""


def card(text: str):
    return parse_card(text)


def shown_buttons(pool) -> list[str]:
    return [button.description.replace("\ufe0e", "") for button in pool.buttons if button.layout.display != "none"]


@pytest.fixture
def diamond_run():
    return replay(loads(DIAMOND_FOR_B, "diamond.yaml")[0])


# --- the pure what-if functions ----------------------------------------------------------


def test_action_of_reads_the_play_of_each_frame_and_nothing_from_a_pause(diamond_run):
    frames = diamond_run.frames
    assert action_of(frames[0]) is None  # the position
    assert action_of(frames[1]) is None  # say-only
    assert action_of(frames[2]) == Play(0, card("K♣"))
    assert action_of(frames[5]) == Play(3, card("A♣"))


def test_next_action_skips_a_pause_and_stops_at_the_end(diamond_run):
    frames = diamond_run.frames
    assert next_action(frames, 0) == (2, Play(0, card("K♣")))
    assert next_action(frames, 2) == (3, Play(1, card("3♣")))
    assert next_action(frames, len(frames) - 1) is None


def test_plan_lists_each_seats_cards_in_the_scenarios_order(diamond_run):
    plan = Plan.of(diamond_run.frames)
    assert plan.cards == ((card("K♣"),), (card("3♣"),), (card("2♥"),), (card("A♣"),))
    assert plan.trumps == (None,) * 4


def test_plan_keeps_the_trump_a_grand_coup_winner_names():
    [scenario] = load(LIBRARY / "22-variant-grand-coup.yaml")
    run = replay(scenario)
    plan = Plan.of(run.frames)
    assert plan.trumps == (None, Suit.SPADES, None)  # Bruno names ♠ in the file
    naming = next(frame for frame in run.frames if frame.state.namer is not None)
    assert planned_action(naming.state, plan, RandomPlayer(0)) == ChooseTrump(1, Suit.SPADES)


def test_an_illegal_what_if_is_refused_with_the_rule(diamond_run):
    after_lead = diamond_run.frames[2]  # A led K♣; B holds 3♣ and 5♦
    with pytest.raises(IllegalAction) as refusal:
        what_if(after_lead, Play(1, card("5♦")), Plan.of(diamond_run.frames), RandomPlayer(0))
    assert refusal.value.rule == "follow-suit"
    assert "B must follow ♣" in str(refusal.value) and "5♦" in str(refusal.value)


def test_a_branch_keeps_the_scenarios_plays_where_legal_and_lets_the_computer_choose_otherwise(diamond_run):
    plan = Plan.of(diamond_run.frames)
    branch = what_if(diamond_run.frames[1], Play(0, card("7♦")), plan, RandomPlayer(0))
    played = [action_of(frame) for frame in branch[:4]]
    # B's planned 3♣ is illegal on a diamond lead (B holds 5♦): B's only legal card is 5♦.
    # C (void in diamonds) keeps to the planned 2♥, D (void too) to the planned A♣.
    assert played == [Play(0, card("7♦")), Play(1, card("5♦")), Play(2, card("2♥")), Play(3, card("A♣"))]
    assert branch[3].state.hands[2] == (card("9♦"),)  # C trumped, won and drew the top card
    assert [frame.index for frame in branch] == list(range(2, 2 + len(branch)))


def test_a_branch_plays_legally_to_the_end_of_the_hand(diamond_run):
    branch = what_if(diamond_run.frames[1], Play(0, card("7♦")), Plan.of(diamond_run.frames), RandomPlayer(3))
    state = diamond_run.frames[1].state
    for frame in branch:
        action = action_of(frame)
        assert action is not None
        if isinstance(action, Play):
            assert action.card in legal_cards(state)
        state, _ = apply(state, action)
        assert state == frame.state
    assert state.is_over


# --- the scenario player ------------------------------------------------------------------


def test_buttons_and_slider_step_through_the_worked_example():
    player = ScenarioPlayer(WORKED)
    last = len(replay(load(WORKED)[0]).frames) - 1
    assert player.at == 0 and player.first.disabled and player.back.disabled
    player.next.click()
    player.next.click()
    assert player.at == 2 and player.slider.value == 2
    assert "A leads K♣." in player.stage.value
    player.last.click()
    assert player.at == last and player.next.disabled and not player.back.disabled
    assert f"step {last} of {last}" in player.counter.value
    player.slider.value = 1
    assert player.at == 1
    player.back.click()
    player.back.click()
    assert player.at == 0


def test_the_player_shows_that_c_drew_the_nine_of_diamonds():
    player = ScenarioPlayer(WORKED)
    while "C wins the trick" not in player.stage.value:
        player.go_next()
    assert "C draws 9♦" in player.stage.value


def test_the_player_shows_every_say_an_expects_with_the_trick_it_checks():
    path = REPO / "tests" / "good" / "position-every-say.yaml"
    said = [step.say for step in load(path)[0].steps if step.say]
    player = ScenarioPlayer(path)
    stages = [player.stage.value]
    while not player.next.disabled:
        player.go_next()
        stages.append(player.stage.value)
    for text in said:
        assert any(text in stage for stage in stages), text
    [trick_end] = [stage for stage in stages if "A wins the trick with K♣." in stage]
    assert "Said on an expect after the trick." in trick_end
    assert "Said on the first expect, about the position itself." in stages[0]


def test_what_if_refuses_an_illegal_card_in_plain_words_and_stays_on_the_line():
    player = ScenarioPlayer(WORKED)
    player.show(2)  # A led K♣: B holds 3♣ and Q♠
    assert shown_buttons(player.cards) == ["Q♠", "3♣"]
    assert "What if B played" in player.what_if_title.value
    player.cards.buttons[0].click()  # Q♠
    assert "B must follow ♣: holds 3♣, so cannot play Q♠" in player.message.value
    assert player.at == 2 and player.branch_at is None


def test_what_if_with_the_scenarios_own_card_just_steps_on():
    player = ScenarioPlayer(WORKED)
    player.show(2)
    player.try_card("3♣")
    assert player.at == 3 and player.branch_at is None
    assert "B follows with 3♣." in player.stage.value


def test_a_legal_card_off_the_line_branches_and_one_click_returns():
    player = ScenarioPlayer(WORKED)
    scenario_frames = list(player.frames)
    player.show(1)  # A to lead K♣ or 7♦
    player.try_card("7♦")
    assert player.branch_at == 1 and player.at == 2
    assert visible(player.banner) and "off the scenario's line" in player.banner_text.value
    assert "A leads 7♦." in player.stage.value
    assert player.frames[-1].state.is_over  # the engine played the hand out
    player.rejoin.click()
    assert player.branch_at is None and not visible(player.banner)
    assert player.frames == scenario_frames and player.at == 1


def test_what_if_is_offered_only_for_a_seat_the_reader_can_see():
    player = ScenarioPlayer(WORKED, seat="A")
    player.show(2)  # B to act, viewed as A
    assert shown_buttons(player.cards) == []
    assert "view all hands or view as B" in player.what_if_title.value
    assert "face-down" in player.stage.value
    player.view_as.value = 1  # as B
    assert shown_buttons(player.cards) == ["Q♠", "3♣"]


def test_autoplay_steps_to_the_end_and_stops():
    player = ScenarioPlayer(WORKED)
    player.toggle_play()
    assert player.play.description == "Pause"
    while player._playing:
        player.tick()
    assert player.at == player.last_index and player.play.description == "Play"


def test_coach_puts_a_chance_on_every_card(monkeypatch):
    monkeypatch.setattr(player_model, "COACH_BUDGET_S", 0.2)
    player = ScenarioPlayer(WORKED)
    player.show(1)  # A holds K♣ and 7♦
    player.coach_on.value = True
    labels = shown_buttons(player.cards)
    assert sorted(label.split()[0] for label in labels) == ["7♦", "K♣"]
    assert all(re.fullmatch(r"\S+ \d+%", label) for label in labels)
    assert text_of(player.advice.value).count("%") >= 2


def test_a_file_that_does_not_load_is_a_friendly_note_with_its_location(tmp_path):
    path = BAD / "seven-players.yaml"
    player = ScenarioPlayer(path)
    assert "seven-players.yaml:5:10" in player.header.value
    assert not visible(player.body)
    assert "seven-players.yaml:5:10" in player._repr_mimebundle_()["text/html"]
    missing = ScenarioPlayer(tmp_path / "nowhere.yaml")
    assert "cannot read" in missing.header.value


def test_a_failing_callback_becomes_a_message_not_an_exception(monkeypatch):
    player = ScenarioPlayer(WORKED)

    def broken(*args, **kwargs):
        raise RuntimeError("the renderer broke")

    monkeypatch.setattr(live_scenario, "frame_html", broken)
    player.next.click()
    assert "Internal error: something went wrong inside Linger Longer" in player.message.value
    assert "renderer" not in player.message.value and "Traceback" not in player.message.value


def test_a_seat_that_is_not_there_is_said_in_the_players_language_as_the_engine_words_it():
    player = ScenarioPlayer(WORKED, seat="Zé", style=DEFAULT_STYLE.speaking("ru"))
    seats = ", ".join(player.model.frame.state.players)
    expected = error_text(SetupError("setup.no-seat", seat="Zé", seats=seats), player.lang)
    assert str(markup_escape(expected)) in player.message.value and player.model.seat is None


def test_the_mimebundle_carries_the_widget_and_the_static_player():
    player = ScenarioPlayer(WORKED)
    bundle = player._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == player.model_id
    assert bundle["text/html"] == replay_html(replay(load(WORKED)[0]))


def test_index_picks_a_scenario_of_a_multi_scenario_file(tmp_path):
    two = tmp_path / "two.yaml"
    two.write_text(
        DIAMOND_FOR_B + "---\n" + DIAMOND_FOR_B.replace("B can follow diamonds", "The second one"), encoding="utf-8"
    )
    assert "The second one" in ScenarioPlayer.from_file(two, index=1).header.value
    assert "there is no scenario number 2" in ScenarioPlayer(two, index=2).header.value


def test_step_opens_the_player_at_that_frame_clamped_to_the_scenario():
    player = ScenarioPlayer(WORKED, step=3)
    assert player.at == player.slider.value == 3 and not player.back.disabled
    assert ScenarioPlayer(WORKED, step=999).at == player.last_index


def test_a_gallery_folds_players_and_builds_one_when_opened():
    gallery = ScenarioGallery([WORKED, LIBRARY / "03-follow-suit.yaml"])
    assert gallery.titles[0].startswith("The worked example")
    assert not gallery.children[0].children
    gallery.selected_index = 0
    assert isinstance(gallery.children[0].children[0], ScenarioPlayer)
    page = gallery._repr_mimebundle_()["text/html"]
    assert page.count('<details class="ll-gallery-item"') == 2


# --- the app: scenario picker and upload ----------------------------------------------------


def test_the_picker_lists_every_scenario_of_the_library():
    browser = ScenarioBrowser(LIBRARY)
    expected = sum(len(load(path)) for path in LIBRARY.glob("*.yaml"))
    assert len(browser.picker.options) == expected
    browser.choose("worked example: the last card")
    assert browser.player.run.scenario.title.startswith("The worked example")


@pytest.mark.parametrize("path", sorted(BAD.glob("*.yaml")), ids=lambda path: path.name)
def test_an_uploaded_bad_file_shows_its_located_error(path):
    expected = re.search(r"# expect: (\d+):(\d+)", path.read_text(encoding="utf-8"))
    browser = ScenarioBrowser(LIBRARY)
    browser.open_upload(path.name, path.read_bytes())
    where = f"{path.name}:{expected.group(1)}:{expected.group(2)}"
    if "cannot be opened" in browser.message.value:  # refused by the loader
        assert where in browser.message.value
    else:  # loaded, but the replay fails
        assert "engine disagrees" in browser.message.value
        assert where in browser.player.header.value


@pytest.mark.parametrize("lang", ["en", "pt", "es", "ru"])
def test_an_uploaded_colon_in_a_say_gets_the_quote_hint_in_the_readers_language(lang):
    browser = ScenarioBrowser(LIBRARY)
    browser.player.set_language(lang)
    browser.open_upload("colon.yaml", (BAD / "colon-in-say.yaml").read_bytes())
    syntax = translate("error.scenario.yaml-syntax", lang, problem="")
    assert f"colon.yaml:13:17: {syntax}" in browser.message.value
    assert translate("load.quote-colon", lang) in text_of(browser.message.value)


def test_an_uploaded_illegal_play_is_refused_in_portuguese():
    # The engine's refusal, located in the file, in the app's language (not the engine's English).
    browser = ScenarioBrowser(LIBRARY)
    browser.player.set_language("pt")
    browser.open_upload("revoke.yaml", (BAD / "revoke.yaml").read_bytes())
    said = text_of(browser.player.header.value)
    assert "revoke.yaml:13:11: B tem de assistir a ♣" in said and "cannot play" not in said


def test_a_player_given_a_file_with_a_colon_in_a_say_shows_the_hint_in_its_language():
    player = ScenarioPlayer()
    player.set_language("ru")
    player.load(BAD / "colon-in-say.yaml")
    assert "colon-in-say.yaml:13:17: синтаксическая ошибка YAML" in player.header.value
    assert translate("load.quote-colon", "ru") in text_of(player.header.value)


def test_an_upload_that_is_not_text_or_too_big_is_refused_politely(monkeypatch):
    browser = ScenarioBrowser(LIBRARY)
    browser.open_upload("binary.yaml", b"\xff\xfe\x00bad")
    assert "binary.yaml:1:1: not UTF-8" in browser.message.value
    monkeypatch.setattr(live_browser, "UPLOAD_LIMIT", 10)
    browser.open_upload("big.yaml", b"x" * 11)
    assert "at most 10 bytes" in browser.message.value


def test_a_good_upload_joins_the_menu_and_is_shown():
    browser = ScenarioBrowser(LIBRARY)
    before = len(browser.picker.options)
    browser.open_upload("mine.yaml", DIAMOND_FOR_B.encode())
    assert len(browser.picker.options) == before + 1
    assert browser.player.run.scenario.title == "B can follow diamonds"
    assert "Opened mine.yaml" in browser.message.value


def test_find_scenarios_searches_upwards_and_honours_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("LINGERLONGER_SCENARIOS", raising=False)
    nested = tmp_path / "_build" / "app"
    nested.mkdir(parents=True)
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "x.yaml").write_text(DIAMOND_FOR_B, encoding="utf-8")
    assert find_scenarios(nested) == tmp_path / "scenarios"
    assert find_scenarios(Path("/")) == LIBRARY  # the lessons of the package
    monkeypatch.setenv("LINGERLONGER_SCENARIOS", str(nested))
    assert find_scenarios(Path("/")) == nested


# --- playing a hand -----------------------------------------------------------------------


def test_a_hand_is_played_to_its_end_by_clicking_cards():
    hand = HandPlayer(delay=0, seed=7)
    for _ in range(200):
        if hand.state.is_over:
            break
        assert hand.state.to_act == hand.you
        legal = (
            {str(card) for card in legal_cards(hand.state)}
            if hand.state.namer is None
            else {suit.symbol for suit in Suit}
        )
        assert set(shown_buttons(hand.cards)) == legal
        hand.cards.buttons[0].click()
    assert hand.state.is_over
    winner = hand.state.players[hand.state.winner]
    assert ("You win the hand" if winner == "Sam" else f"{winner} wins the hand") in hand.status.value
    assert "ll-backs" not in hand.stage.value  # every hand face up at the end
    hand.deal.click()
    assert not hand.state.is_over and hand.status.value and "wins the hand" not in hand.status.value


def test_at_a_pace_each_computer_card_waits_for_a_timer_of_its_own(monkeypatch):
    timers = []  # the event loop, played by hand: (delay, callback), in order
    monkeypatch.setattr(kit, "_later", lambda delay, callback: timers.append((delay, callback)) or True)
    hand = HandPlayer(delay=0.9, seed=7, players=4)
    assert hand.state.to_act == hand.you == 0 and not timers  # you lead the first hand
    hand.play(Play(0, legal_cards(hand.state)[0]))
    played = []
    while timers:
        delay, callback = timers.pop(0)
        assert hand.state.to_act != 0 and "ll-yours" not in hand.status.value  # waiting
        played.append((delay, hand.state.to_act))
        callback()
    assert played[:3] == [(0.9, 1), (0.9, 2), (0.9, 3)]
    # Each note counts the hand's actions, so a page can tell this turn's note from the last.
    assert f'data-ll-step="{len(hand.model.actions)}"' in hand.status.value and len(hand.model.actions) > 4
    assert played[3] == (pytest.approx(0.9 * 1.6), 3)  # D won the trick and leads, after a longer pause
    assert hand.state.to_act == 0 and "ll-yours" in hand.status.value
    hand.play(Play(0, legal_cards(hand.state)[0]))
    stale = timers.pop(0)[1]
    hand.deal.click()  # a new hand: the old timer is stale
    hand.confirm.yes.click()
    dealt = hand.state
    stale()
    assert hand.state is dealt


def test_new_hand_in_the_middle_of_one_asks_first_and_cancel_keeps_it():
    hand = HandPlayer(delay=0, seed=7, players=4)
    hand.deal.click()  # nothing played yet: dealt at once
    assert not visible(hand.confirm.box)
    hand.play(Play(hand.you, legal_cards(hand.state)[0]))
    playing = hand.model
    hand.deal.click()
    assert hand.model is playing and visible(hand.confirm.box)
    assert ui("confirm-new-hand") in hand.confirm.text.value
    hand.confirm.no.click()  # Cancel: the hand goes on
    assert hand.model is playing and not visible(hand.confirm.box)
    hand.deal.click()
    hand.confirm.yes.click()
    assert hand.model is not playing and hand.model.actions == tuple(
        action for action in hand.model.actions if action.seat != hand.you
    )  # a fresh deal
    assert not visible(hand.confirm.box)


def test_rules_that_cannot_be_combined_are_refused_with_the_reason():
    hand = HandPlayer(delay=0, seed=1)
    before = hand.state
    hand.rules_menus.variants["no-trump"].value = True
    hand.rules_menus.variants["random-trump"].value = True
    hand.deal.click()
    assert "cannot be combined" in hand.message.value
    assert hand.state is before


def test_you_name_trump_with_buttons_after_winning_the_first_grand_coup_trick():
    hand = HandPlayer(delay=0, seed=1, rules="standard+grand-coup", players=3)
    hand.state = from_position(
        Rules.parse("standard+grand-coup"),
        ["Sam", "Ana", "Bruno"],
        dealer="Bruno",
        leader="Sam",
        trump=None,
        hands={"Sam": "A♠ 2♦", "Ana": "3♠ 4♦", "Bruno": "5♠ 6♦"},
        stock="7♣ 8♣ 9♣",
    )
    hand._advance()
    hand.cards.buttons[shown_buttons(hand.cards).index("A♠")].click()  # wins: highest spade
    assert hand.state.namer == hand.you
    assert "name the trump suit" in hand.status.value
    assert shown_buttons(hand.cards) == [suit.symbol for suit in Suit]
    hand.cards.buttons[list(Suit).index(Suit.CLUBS)].click()
    assert hand.state.trump == Suit.CLUBS
    assert "Sam names clubs as trump" in hand.narration.value


def test_the_hint_gives_a_chance_for_each_legal_card(monkeypatch):
    monkeypatch.setattr(player_model, "COACH_BUDGET_S", 0.2)
    hand = HandPlayer(delay=0, seed=3)
    hand.hint.click()
    chances = re.findall(r'll-coach-card">([^<]+)<', hand.hint_text.value)
    assert sorted(chances) == sorted(str(card) for card in legal_cards(hand.state))


def test_the_app_builds_the_hand_tab_when_it_is_opened():
    app = LingerLongerApp(LIBRARY)
    assert app.hand is None
    app.tabs.selected_index = 1
    assert isinstance(app.hand, HandPlayer) and app.hand_tab.children == (app.hand,)


# --- one language everywhere --------------------------------------------------------------

#: The English labels a translation must replace: ``ui.*`` messages with no placeholder
#: whose Portuguese differs (a word like "Quiz" may be the same in two languages).
ENGLISH_ONLY = {
    catalog("en")[msg_id]
    for msg_id in catalog("en")
    if msg_id.startswith("ui.")
    and isinstance(catalog("en")[msg_id], str)
    and "{" not in catalog("en")[msg_id]
    and catalog("en")[msg_id] != catalog("pt")[msg_id]
}


def words_shown(widget) -> list[str]:
    """Every label, tooltip, menu entry, tab title and HTML text under ``widget``."""
    found = []
    for name in ("description", "tooltip"):
        found.append(getattr(widget, name, None) or "")
    found += [str(label) for label in getattr(widget, "_options_labels", ())]
    found += list(getattr(widget, "titles", ()) or ())
    if isinstance(widget, ipywidgets.HTML):
        found.append(text_of(widget.value))
    for child in getattr(widget, "children", ()):
        found += words_shown(child)
    return found


def english_left(widget) -> set[str]:
    shown = words_shown(widget)
    return {
        english
        for english in ENGLISH_ONLY
        if any(english == text or (len(english) > 12 and english in text) for text in shown)
    }


def test_the_player_relabels_every_control_in_the_language_picked():
    player = ScenarioPlayer(WORKED)
    assert player.next.description == ui("next-short") and english_left(player)
    player.set_language("ru")
    assert player.next.description == ui("next-short", "ru") and player.next.tooltip == ui("next", "ru")
    assert player.view_as.label == ui("view-all", "ru") and player.speed.label == ui("speed-normal", "ru")
    assert english_left(player) == set()
    player.show(next(frame.index for frame in player.frames if "A leads K♣." in frame.narration))
    assert translate("narrate.led", "ru", name="A", card="K♣") in text_of(player.stage.value)
    assert player.language.value == "ru"


def test_the_app_speaks_one_language_in_every_tab():
    app = LingerLongerApp(LIBRARY)
    app.tabs.selected_index = 1
    app.tabs.selected_index = 3
    app.tabs.selected_index = 4
    assert english_left(app)  # English to begin with
    app.set_language("pt")
    assert app.tabs.titles == (
        ui("tab-scenario", "pt"),
        ui("tab-play", "pt"),
        ui("tab-table", "pt"),
        ui("position-title", "pt"),
        translate("learn.title", "pt"),
    )
    assert app.browser.player.lang == app.hand.lang == app.editor.lang == app.learn.lang == "pt"
    assert app.browser.picker.description == ui("pick", "pt")
    assert english_left(app) == set()
    assert not visible(app.browser.player.language)  # one menu for the whole app


def test_a_lesson_written_in_portuguese_turns_the_app_portuguese_until_the_reader_picks():
    app = LingerLongerApp(LIBRARY)
    app.browser.choose("29 ·")
    assert app.lang == "pt" and app.tabs.titles[0] == ui("tab-scenario", "pt")
    app.set_language("es")
    app.browser.choose("06 ·")
    app.browser.choose("29 ·")
    assert app.lang == app.browser.player.lang == "es"  # the reader's pick stays


def test_the_hand_in_play_is_told_again_in_the_new_language():
    hand = HandPlayer(delay=0, seed=7)
    hand.play(Play(hand.you, legal_cards(hand.state)[0]))
    english = text_of(hand.narration.value)
    hand.set_language("es")
    spanish = text_of(hand.narration.value)
    assert spanish != english and spanish.startswith(ui("what-happened", "es"))
    assert hand.deal.description == ui("new-hand", "es") and english_left(hand) == set()
    assert translate("variant.no-trump", "es") in [box.description for box in hand.rules_menus.variants.values()]


@pytest.mark.parametrize("query, lang", [("lang=ru", "ru"), ("x=1&lang=es", "es"), ("", "en"), ("lang=fr", "en")])
def test_a_link_with_lang_opens_the_app_in_that_language(query, lang):
    app = LingerLongerApp.from_query(query, LIBRARY)
    assert app.lang == app.browser.player.lang == lang
    assert app.tabs.titles[1] == ui("tab-play", lang)
    if lang != "en":  # a chosen language: a lesson written in Portuguese does not override it
        app.browser.choose("29 ·")
        assert app.lang == lang


@pytest.mark.parametrize(
    "query, accept, lang",
    [("", "pt-BR,pt;q=0.9,en;q=0.8", "pt"), ("", "de-DE, ru;q=0.7", "ru"), ("lang=es", "ru", "es"), ("", "de", "en")],
)
def test_without_lang_the_app_opens_in_the_browsers_language(query, accept, lang):
    app = LingerLongerApp.from_query(query, LIBRARY, accept_language=accept)
    assert app.lang == app.browser.player.lang == lang
    assert app.tabs.titles[1] == ui("tab-play", lang)


def test_voila_passes_the_browsers_language_to_the_app():
    config = json.loads((Path(__file__).parents[1] / "book" / "app" / "jupyter" / "voila.json").read_text())
    assert "Accept-Language" in config["VoilaConfiguration"]["http_header_envs"]
    notebook = (Path(__file__).parents[1] / "book" / "app" / "app.md").read_text()
    assert 'os.environ.get("HTTP_ACCEPT_LANGUAGE", "")' in notebook


# --- names and messages follow the language -------------------------------------------------


def test_the_computer_players_are_named_in_the_readers_language():
    hand = HandPlayer(delay=0, seed=7, players=4, style=DEFAULT_STYLE.speaking("ru"))
    assert hand.state.players == ("Саша", "Аня", "Боря", "Вера")
    assert "Ana" not in hand.stage.value and "Аня" in hand.stage.value


def test_a_language_switch_in_mid_hand_renames_every_seat_and_the_hand_goes_on():
    hand = HandPlayer(delay=0, seed=7, players=4)
    assert hand.state.players == ("Sam", "Ana", "Bruno", "Carla")
    hand.play(Play(hand.you, legal_cards(hand.state)[0]))
    before = hand.state
    hand.set_language("ru")
    assert hand.state.players == ("Саша", "Аня", "Боря", "Вера") and hand.your_name.value == "Саша"
    assert (hand.state.hands, hand.state.to_act, hand.state.stock) == (before.hands, before.to_act, before.stock)
    told = text_of(hand.narration.value) + text_of(hand.stage.value)
    assert not re.search(r"\b(Sam|Ana|Bruno|Carla)\b", told) and "Аня" in told
    hand.play(Play(hand.you, legal_cards(hand.state)[0]))  # the renamed hand plays on
    hand.deal.click()
    assert ui("confirm-new-hand", "ru") in hand.confirm.text.value
    hand.confirm.yes.click()
    assert hand.state.players == ("Саша", "Аня", "Боря", "Вера")


def test_a_name_you_chose_stays_and_the_computers_never_take_it():
    hand = HandPlayer(delay=0, seed=7, players=4)
    hand.your_name.value = "Вера"
    hand.deal.click()
    hand.set_language("ru")
    assert hand.state.players == ("Вера", "Аня", "Боря", "Гоша") and hand.your_name.value == "Вера"


def test_turning_quiz_mode_off_clears_its_message_and_every_message_follows_the_language():
    player = ScenarioPlayer(WORKED)
    player.quiz_on.value = True
    player.go_last()
    assert translate("quiz.answer-first", "en") in player.message.value
    player.set_language("ru")
    assert translate("quiz.answer-first", "ru") in player.message.value
    assert "Answer" not in player.message.value
    player.answer("Q♠")  # wrong: the note is in Russian, and stays Russian in Spanish
    assert translate("quiz.wrong", "ru") in player.quiz_feedback.value
    player.set_language("es")
    assert translate("quiz.wrong", "es") in player.quiz_feedback.value
    assert translate("quiz.answer-first", "es") in player.message.value
    player.quiz_on.value = False
    assert player.message.value == "" and player.quiz_feedback.value == ""
    player.go_last()
    assert player.at == player.last_index and player.message.value == ""


def test_a_refusal_in_play_is_said_again_in_the_language_picked():
    hand = HandPlayer(delay=0, seed=7, players=4)
    card = next(card for card in DECK if card not in hand.state.hands[hand.you])
    hand.play(Play(hand.you, card))
    assert "Not allowed" in hand.message.value
    hand.set_language("ru")
    said = text_of(hand.message.value)
    assert said.startswith("Нельзя:") and f"Саша не может сыграть {card}: такой карты на руке нет" in said


def test_the_coachs_words_do_not_outstay_their_language(monkeypatch):
    monkeypatch.setattr(player_model, "COACH_BUDGET_S", 0.2)
    hand = HandPlayer(delay=0, seed=3)
    hand.hint.click()
    assert "chance to win the hand" in hand.hint_text.value
    hand.set_language("pt")
    assert "chance" not in hand.hint_text.value
    hand.hint.click()
    assert translate("ui.coach-title", "pt", name="Rui") in hand.hint_text.value


def test_every_language_has_six_computer_names_and_none_looks_like_yours():
    from lingerlonger.scenario.author_names import looks_like
    from lingerlonger.scenario.hand_seat_names import computer_names, seat_names
    from lingerlonger.words.i18n import LANGUAGES

    for lang in LANGUAGES:
        names, yours = computer_names(lang), translate("ui.default-name", lang)
        assert len(set(names)) == 6 and all(names) and not any(looks_like(n, yours) for n in names)
        for taken in names:  # six seats, and you took a computer's name: the spare one steps in
            seated = seat_names(5, 6, taken, lang)
            assert seated[5] == taken and len(set(seated)) == 6


def test_the_computers_can_be_paused_and_go_on_at_the_pace_picked(monkeypatch):
    """WCAG 2.2.1: the computers' pace can be changed, and paused: no card until another is picked."""
    timers = []
    monkeypatch.setattr(kit, "_later", lambda delay, callback: timers.append((delay, callback)) or True)
    hand = HandPlayer(delay=0.9, seed=7, players=4)
    hand.play(Play(0, legal_cards(hand.state)[0]))
    assert [delay for delay, _ in timers] == [0.9]
    hand.pace.value = kit.PAUSED
    _, pending = timers.pop(0)
    pending()  # the card already on its way: none after it
    held = hand.state
    assert timers == [] and hand.state.to_act != 0
    hand.pace.value = 0.35  # quick: the computers go on
    assert [delay for delay, _ in timers] == [0.35] and hand.state is held
    while timers:
        timers.pop(0)[1]()
    assert hand.state.to_act == 0 and "ll-yours" in hand.status.value


def test_a_timer_set_before_the_pace_changed_plays_no_card_twice(monkeypatch):
    timers = []
    monkeypatch.setattr(kit, "_later", lambda delay, callback: timers.append((delay, callback)) or True)
    hand = HandPlayer(delay=0.9, seed=7, players=4)
    hand.play(Play(0, legal_cards(hand.state)[0]))
    hand.pace.value = 0.35  # a second timer: the first is now stale
    first, second = (callback for _, callback in timers[:2])
    timers.clear()
    second()
    after = hand.model
    first()  # stale: nothing
    assert hand.model is after


def said_by(hand, kind: str = "polite") -> list[str]:
    """The lines the hand has to say this turn in its live region ``kind`` (the page adds them)."""
    region = re.search(rf'data-ll-kind="{kind}"[^>]*>(.*?)</div>', hand.voice.feed.value, re.S)
    return [text_of(line) for line in re.findall(r"<p>(.*?)</p>", region[1])] if region else []


def test_the_hand_says_each_event_once_in_order_its_cards_in_words_and_not_again_in_another_language():
    hand = HandPlayer(delay=0, seed=7)
    heard = said_by(hand)
    while not hand.state.is_over:
        assert said_by(hand, "assertive") == [text_of(hand.status.value)]  # your turn
        hand.cards.buttons[0].click()
        heard += said_by(hand)
    plays = [line for line in heard if " leads " in line or " follows with " in line]
    assert plays and not any(re.search("[♠♥♦♣]", line) for line in heard)  # cards in words
    assert len(heard) == len(set(heard))  # each event once
    assert said_by(hand, "assertive") == [text_of(hand.status.value)]  # the hand's end
    hand.set_language("pt")
    assert said_by(hand) == []  # nothing new happened: nothing said again
    hand.deal.click()
    dealt = said_by(hand)  # the new deal, in Portuguese
    assert dealt and f'lang="{language_tag("pt")}"' in hand.voice.feed.value
    assert dealt[0] == text_of(hand.narration.value.split("<li>")[1]), dealt
