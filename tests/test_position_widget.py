"""The app's position editor, driven without a browser: the deck's buttons place cards as
the model does, the problems are said as the position is set up, in the reader's language,
the saved file loads with the hands clicked, a refused choice changes nothing, and "Play
from here" plays the hand on from the position, a branch saving as a lesson.

Expected hands are the cards clicked here; expected words come from the catalogs.
"""

from __future__ import annotations

import base64
import re
from datetime import date

import pytest
from corpora import text_of, visible

ipywidgets = pytest.importorskip("ipywidgets")

from lingerlonger.command_line import commands as cli  # noqa: E402
from lingerlonger.game.cards import parse_card  # noqa: E402
from lingerlonger.scenario import loads  # noqa: E402
from lingerlonger.scenario.replay import replay  # noqa: E402
from lingerlonger.session import STOCK  # noqa: E402
from lingerlonger.views.widgets import LingerLongerApp  # noqa: E402
from lingerlonger.views.widgets.position_editor import PositionEditor  # noqa: E402
from lingerlonger.words.i18n import error_text, translate, ui  # noqa: E402


def tap(editor: PositionEditor, place, cards: str) -> None:
    """Aim at ``place`` with its toggle, then tap each of ``cards`` in the deck."""
    editor.target.value = place
    for text in cards.split():
        editor.deck[parse_card(text)].click()


def saved(link_html: str) -> tuple[str, str]:
    """The file a save link holds: its name and its text."""
    name = re.search(r'download="([^"]+)"', link_html)[1]
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", link_html)[1]
    return name, base64.b64decode(data).decode("utf-8")


def problems_said(editor: PositionEditor) -> list[str]:
    return [text_of(item) for item in re.findall(r"<li>(.*?)</li>", editor.problems.value)]


@pytest.fixture
def three() -> PositionEditor:
    """Three players: A holds A♥ K♣, B holds 2♥, the stock Q♠."""
    editor = PositionEditor(players=3)
    tap(editor, 0, "A♥ K♣")
    tap(editor, 1, "2♥")
    tap(editor, STOCK, "Q♠")
    return editor


def test_the_deck_buttons_place_cards_where_the_toggles_aim_and_a_second_tap_takes_one_back(three):
    assert three.position.hands[:2] == ((parse_card("A♥"), parse_card("K♣")), (parse_card("2♥"),))
    assert three.position.stock == (parse_card("Q♠"),)
    assert "ll-placed" in three.deck[parse_card("K♣")]._dom_classes
    assert "ll-placed" not in three.deck[parse_card("K♥")]._dom_classes
    assert "(48)" in text_of(three.deck_label.value)
    places = text_of(three.places.value)
    assert "2/3" in places and "1/3" in places and "0/3" in places
    assert three.places.value.count('class="ll-card ') == 4
    three.deck[parse_card("K♣")].click()
    assert three.position.hands[0] == (parse_card("A♥"),)
    assert "ll-placed" not in three.deck[parse_card("K♣")]._dom_classes
    assert "(49)" in text_of(three.deck_label.value)


def test_problems_are_said_as_the_position_is_set_up_and_play_waits_for_none():
    editor = PositionEditor(players=3)
    assert problems_said(editor) == [translate("error.setup.too-few-holders", "en")]
    assert editor.play.disabled and "ll-save-lesson" not in editor.save.value
    tap(editor, 0, "A♥ K♥ Q♥ J♥")
    tap(editor, 1, "2♣")
    [too_big] = editor.position.problems
    assert problems_said(editor) == [error_text(too_big, "en")] and "4/3" in text_of(editor.places.value)
    assert "ll-over" in editor.places.value and editor.play.disabled
    editor.deck[parse_card("J♥")].click()
    assert problems_said(editor) == [] and ui("position-ready", "en") in text_of(editor.problems.value)
    assert not editor.play.disabled and "ll-save-lesson" in editor.save.value
    editor.leader.value = 2  # C holds nothing
    assert problems_said(editor) == [translate("error.setup.leader-empty", "en", name="C")]
    assert editor.play.disabled


def test_the_saved_position_is_a_file_that_loads_with_the_hands_clicked(three):
    three.trump.value = parse_card("Q♠").suit
    name, text = saved(three.save.value)
    assert name == f"position-{date.today().isoformat()}.yaml"
    [lesson] = loads(text, name)
    assert lesson.hands == {"A": (parse_card("A♥"), parse_card("K♣")), "B": (parse_card("2♥"),), "C": ()}
    assert (lesson.stock, lesson.trump, lesson.leader) == ((parse_card("Q♠"),), parse_card("Q♠").suit, "A")
    assert replay(lesson).ok


def test_a_language_switch_says_the_menus_places_and_problems_anew():
    editor = PositionEditor(players=3)
    tap(editor, 0, "A♥")
    editor.set_language("ru")
    assert editor.play.description == ui("position-play", "ru")
    assert editor.target.description == ui("position-put-into", "ru")
    assert editor.leader.description == ui("position-leader", "ru")
    assert translate("table.stock", "ru") in editor.target._options_labels
    assert problems_said(editor) == [translate("error.setup.too-few-holders", "ru")]
    assert ui("position-stock", "ru") in text_of(editor.places.value)
    tap(editor, 1, "2♥")
    assert ui("position-ready", "ru") in text_of(editor.problems.value)
    assert ui("position-save", "ru") in editor.save.value


def test_a_refused_choice_changes_nothing_and_says_why_in_the_readers_language(three):
    three.set_language("pt")
    before = three.position
    three.rules_menus.variants["no-trump"].value = True
    assert three.position.rules.variants == {"no-trump"} and three.position.trump is None
    with_no_trump = three.position
    three.rules_menus.variants["random-trump"].value = True  # cannot be combined with no-trump
    assert three.position is with_no_trump
    assert three.rules_menus.variants["random-trump"].value is False
    assert translate("error.rules.exclusive.no-trump+random-trump", "pt") in text_of(three.message.value)
    three.rules_menus.variants["no-trump"].value = False
    three.aim(7)  # no such seat
    assert three.position.target == before.target and three.position.hands == before.hands
    assert "ll-refused" in three.message.value and "Traceback" not in three.message.value
    three.click("Z♥")
    assert three.position.hands == before.hands and "Z♥" in text_of(three.message.value)


def test_fewer_players_give_their_cards_back_and_the_menus_follow():
    editor = PositionEditor(players=4)
    tap(editor, 3, "A♠ 3♠")
    editor.dealer.value = 3
    editor.players.value = 3
    assert len(editor.position.hands) == 3 and parse_card("A♠") in editor.position.remaining
    assert [label for label, _ in editor.dealer.options] == ["A", "B", "C"] and editor.dealer.value == 2
    assert editor.target.options[-1][1] == STOCK and len(editor.target.options) == 4
    assert "ll-placed" not in editor.deck[parse_card("A♠")]._dom_classes


def test_clear_the_table_puts_every_card_back_and_keeps_the_choices(three):
    three.dealer.value = 1
    placed = three.position
    three.clear.click()  # a question first
    assert three.position is placed and ui("confirm-clear") in three.confirm.text.value
    three.confirm.no.click()
    assert three.position is placed and not visible(three.confirm.box)
    three.clear.click()
    three.confirm.yes.click()
    assert three.position.hands == ((), (), ()) and three.position.stock == ()
    assert three.position.dealer == 1 and len(three.position.remaining) == 52


def test_clear_on_an_empty_table_asks_nothing():
    editor = PositionEditor(players=3)
    editor.clear.click()
    assert not visible(editor.confirm.box)


def test_play_from_here_plays_on_steps_and_saves_the_branch_then_the_setup_is_kept(three):
    three.play.click()
    player = three.player
    assert not visible(three.setup) and visible(three.play_box) and not visible(player.language)
    assert len(player.frames) == 1 and set(player.what_if.choices) == {parse_card("A♥"), parse_card("K♣")}
    player.try_card("K♣")
    assert player.branch_at == 0 and player.at == 1 and player.frames[-1].state.is_over
    player.go_last()
    player.go_back()
    assert player.at == player.last_index - 1
    name, text = saved(player.banner_text.value)
    assert name == f"hand-{date.today().isoformat()}.yaml"
    [lesson] = loads(text, name)
    assert lesson.hands["A"] == (parse_card("A♥"), parse_card("K♣"))
    assert next(step.card for step in lesson.steps if step.kind == "play") == parse_card("K♣")
    assert replay(lesson).ok and lesson.result is not None
    three.set_language("es")
    assert player.lang == "es" and ui("branch-back", "es") == player.rejoin.description
    assert translate("ui.position-saved-title", "es", date=date.today().isoformat()) in player.header.value
    three.back.click()
    assert visible(three.setup) and not visible(three.play_box)
    assert three.position.hands[0] == (parse_card("A♥"), parse_card("K♣"))


def test_the_saved_files_pass_lingerlonger_check(three, tmp_path):
    three.play.click()
    three.player.try_card("A♥")
    for link in (three.save.value, three.player.banner_text.value):
        name, text = saved(link)
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert cli.main(["check", str(tmp_path / name)]) == 0


def test_the_app_builds_the_editor_when_its_tab_is_opened():
    app = LingerLongerApp(lang="ru")
    assert app.editor is None and app.tabs.titles[3] == ui("position-title", "ru")
    app.tabs.selected_index = 3
    assert isinstance(app.editor, PositionEditor) and app.editor.lang == "ru"
    assert app.position_tab.children == (app.editor,)
