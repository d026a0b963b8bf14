"""The family table widget (lingerlonger/views/widgets/family_table.py), driven without a browser: the
pass screen, each person's cards shown only to that person, the computers' cards one by
one with every hand face down, the score after each hand, "Save as lesson" for each hand
over and never for the hand in play, the cut, a match to its end, the settings refused in
words, four languages.

Expected values come from the rules (who holds what, who won) and from the seats chosen;
none is copied from a run.
"""

from __future__ import annotations

import base64
import html
import json
import re
from datetime import date
from pathlib import Path

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from corpora import actions_of, text_of  # noqa: E402

from lingerlonger.game.declared import SetupError  # noqa: E402
from lingerlonger.game.errors import LingerError  # noqa: E402
from lingerlonger.game.seat_view import view  # noqa: E402
from lingerlonger.scenario import loads  # noqa: E402
from lingerlonger.scenario.replay import replay  # noqa: E402
from lingerlonger.session.family_table import PERSON  # noqa: E402
from lingerlonger.views.table_html import TableStyle, card_label  # noqa: E402
from lingerlonger.views.widgets import FamilyTable, LingerLongerApp, match_record  # noqa: E402
from lingerlonger.views.widgets import controls as kit  # noqa: E402
from lingerlonger.views.widgets import family_table as live_table  # noqa: E402
from lingerlonger.words.i18n import LANGUAGES, catalog, ui  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def visible(widget) -> bool:
    return widget.layout.display != "none"


def shown_buttons(table: FamilyTable) -> list[str]:
    return [button.description.replace("\ufe0e", "") for button in table.cards.buttons if visible(button)]


def hidden_cards_of(table: FamilyTable, seat: int) -> list[str]:
    """The labels of ``seat``'s cards that are face up on the screen (the public trump card aside)."""
    state = table.model.state
    return [
        card_label(card)
        for card in state.hands[seat]
        if card != state.trump_card and card_label(card) in table.stage.value
    ]


def started(players: int = 4, people: int = 2, seed: int = 3, **settings) -> FamilyTable:
    table = FamilyTable(players=players, people=people, seed=seed, delay=0)
    for name, value in settings.items():  # a settings menu, or a rules menu ("profile")
        menu = getattr(table, name) if hasattr(table, name) else getattr(table.rules_menus, name)
        menu.value = value
    table.start.click()
    return table


def play_to_the_end(table: FamilyTable, check=lambda table: None) -> None:
    for _ in range(400):
        if table.model.state.is_over:
            return
        check(table)
        if visible(table.pass_box):
            table.reveal.click()
        else:
            table.cards.buttons[0].click()
    pytest.fail("the hand did not end")


def test_the_settings_show_until_the_match_starts_then_the_pass_screen():
    table = FamilyTable(seed=3, delay=0)
    assert visible(table.settings) and not visible(table.play_area)
    assert [visible(row) for row in table.seat_rows] == [True] * 4 + [False] * 2
    table.start.click()
    assert not visible(table.settings) and visible(table.play_area)
    person = table.model.person_to_act
    name = table.model.names[person]
    assert visible(table.pass_box) and not visible(table.move)
    assert table.reveal.description == f"I am {name} — show my cards"
    assert f"Pass the device to {name}" in table.pass_text.value
    assert "ll-backs" in table.stage.value and not any(hidden_cards_of(table, seat) for seat in range(4))


def test_while_one_person_plays_the_others_cards_never_show():
    table = started(seed=5)
    people = sorted(table.model.humans)
    assert people == [0, 1]
    seen = {"pass": 0, "shown": 0}

    def check(table):
        model = table.model
        me = model.person_to_act
        if visible(table.pass_box):
            seen["pass"] += 1
            assert not any(hidden_cards_of(table, seat) for seat in range(4))
            assert not visible(table.move)
        else:
            seen["shown"] += 1
            assert len(hidden_cards_of(table, me)) == len(model.state.hands[me]) - (
                model.state.trump_card in model.state.hands[me]
            )
            for seat in set(range(4)) - {me}:
                assert hidden_cards_of(table, seat) == [], seat
            assert table.model.names[me] in table.status.value
            assert f'data-ll-step="{len(model.actions)}"' in table.status.value  # tells turns apart

    play_to_the_end(table, check)
    assert seen["pass"] >= 2 and seen["shown"] >= 2
    assert "ll-backs" not in table.stage.value  # the whole table at the end


def test_the_score_table_counts_the_hand_and_the_next_hand_passes_the_deal():
    table = started(seed=7)
    assert "score-in-play" not in table.score.value and ui("score-in-play") in table.score.value
    play_to_the_end(table)
    state = table.model.state
    winner = state.players[state.winner]
    assert f"{winner} wins the hand" in table.status.value
    won = re.findall(r"<tfoot><tr>.*?</tr>", table.score.value)[0]
    assert re.findall(r"<td>(\d+)</td>", won) == ["1" if seat == state.winner else "0" for seat in range(4)]
    assert visible(table.next)
    dealer = state.dealer
    table.next.click()
    assert table.model.state.dealer == (dealer + 1) % 4 and not table.model.state.is_over
    assert '<tr><th scope="row">1</th>' in table.score.value  # hand 1, played
    assert re.search(r'll-score-now"><th scope="row">2</th>', table.score.value)  # hand 2, in play


def test_a_match_is_played_to_its_winner_with_chips():
    table = started(seed=9, chips="per-opponent")
    for _ in range(30):
        play_to_the_end(table)
        if table.model.is_over:
            break
        table.next.click()
    match = table.model.match
    assert max(match.points) == 3 and match.winner == match.points.index(3)
    assert f"{table.model.names[match.winner]} wins the match" in table.status.value
    assert not visible(table.next)
    assert "+3" in table.score.value and "−1" in table.score.value  # 1 chip from each of 3
    table.again.click()
    table.confirm.yes.click()
    assert visible(table.settings) and table.model is None


def test_the_cut_cards_are_shown_and_the_lowest_deals():
    table = started(seed=4)
    last = table.model.cuts[-1]
    for _seat, card in last:
        assert card_label(card) in table.cut.value
    dealer = min(last, key=lambda cut: cut[1].rank)[0]
    assert f"{table.model.names[dealer]} cut the lowest card" in table.cut.value


def test_equal_hands_draws_lots():
    table = started(seed=4, profile="equal-hands")
    assert "Drawn by lot" in table.cut.value and "ll-card" not in table.cut.value


def test_names_are_escaped_everywhere():
    table = FamilyTable(seed=2, delay=0)
    table.names[0].value = "<b>Ana</b>"
    table.start.click()
    play_to_the_end(table)
    for box in (table.stage, table.score, table.saves, table.cut, table.status, table.narration):
        assert "<b>Ana" not in box.value
    assert "&lt;b&gt;Ana&lt;/b&gt;" in table.score.value


def test_the_narration_tells_what_everyone_saw_never_a_card_drawn():
    # "What happened" is said to everyone at the screen: the cards played, never the deal
    # nor the cards a winner draws (they go to one person's hand).
    table = started(seed=5)
    said: list[str] = []
    play_to_the_end(table, check=lambda table: said.append(text_of(table.narration.value)))
    assert any(" leads " in text for text in said)
    assert not [text for text in said if " draws " in text or " deals " in text]


def test_a_table_with_nobody_or_a_name_twice_is_refused_in_words():
    table = FamilyTable(seed=2, delay=0)
    for kind in table.kinds:
        kind.value = "random"
    table.start.click()
    assert table.model is None and "Person" in table.message.value
    table.kinds[0].value = PERSON
    table.names[1].value = table.names[0].value
    table.start.click()
    assert table.model is None and "Two seats are called" in table.message.value
    table.names[1].value = "Zé"
    table.rules_menus.variants["no-trump"].value = table.rules_menus.variants["random-trump"].value = True
    table.start.click()
    assert table.model is None and "cannot be combined" in table.message.value


def test_a_failing_callback_becomes_a_message_in_the_readers_language(monkeypatch):
    """A bug is "internal error" in the reader's language, with no English detail; a refusal
    that escapes a callback is said in that language too."""
    table = FamilyTable(seed=2, delay=0, style=TableStyle.of("pt"))

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(live_table.TableModel, "start", broken)
    table.start.click()
    assert "Erro interno: algo correu mal dentro do Linger Longer" in table.message.value
    assert "boom" not in table.message.value

    def refusing(*args, **kwargs):
        raise SetupError("setup.card-twice", card="K♣")

    monkeypatch.setattr(live_table.TableModel, "start", refusing)
    table.start.click()
    assert "K♣ aparece duas vezes" in table.message.value and "Erro interno" not in table.message.value


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_table_speaks_the_language_picked(lang):
    table = started(seed=3)
    table.set_language(lang)
    name = table.model.names[table.model.person_to_act]
    assert table.reveal.description == ui("show-cards", lang, name=name)
    assert table.start.description == ui("start-match", lang)
    assert ui("score-hand", lang) in table.score.value
    english = {
        catalog("en")[key]
        for key in catalog("en")
        if key.startswith(("ui.table-", "ui.chips-", "ui.score-", "ui.cut-", "ui.pass-"))
        and "{" not in catalog("en")[key]
        and catalog("en")[key] != catalog(lang)[key]
    }
    labels = {str(label) for kind in table.kinds for label in kind._options_labels}
    shown = " ".join([table.pass_text.value, table.score.value, table.cut.value, table.help_line.value])
    assert not [text for text in english if text in labels or (len(text) > 12 and text in shown)]


def test_the_app_opens_the_family_table_in_its_own_tab():
    app = LingerLongerApp(REPO / "scenarios")
    assert app.table is None and app.tabs.children[2] is app.table_tab
    app.tabs.selected_index = 2
    assert isinstance(app.table, FamilyTable) and app.table_tab.children == (app.table,)
    app.set_language("ru")
    assert app.tabs.titles[2] == "Семейный стол" and app.table.lang == "ru"


def test_no_chips_is_a_choice_shown_in_the_menu():
    table = FamilyTable(seed=2, delay=0)
    assert table.chips.label == "no chips"
    table.start.click()
    assert table.model.chips is None and ui("score-chips") not in table.score.value


def saved_files(table: FamilyTable) -> list[tuple[str, str, object]]:
    """What the save links offer: (file name, the link's words, the lesson its file holds)."""
    links = re.findall(
        r'<a class="ll-save-lesson" download="([^"]+)"[^>]*base64,([^"]+)"[^>]*>([^<]*)</a>', table.saves.value
    )
    return [(name, label, loads(base64.b64decode(data).decode("utf-8"), name)[0]) for name, data, label in links]


def page_html(widget) -> str:
    """Every HTML box of the widget, as the page holds them."""
    own = widget.value if isinstance(widget, ipywidgets.HTML) else ""
    return own + "".join(page_html(child) for child in getattr(widget, "children", ()))


def test_each_hand_over_saves_as_a_lesson_and_the_hand_in_play_never_does():
    table, today = started(seed=8), date.today().isoformat()

    def check(table):  # at every screen of a hand in play
        model, files = table.model, saved_files(table)
        assert [name for name, _, _ in files] == [
            f"hand-{today}-{number}.yaml" for number in range(1, len(model.results) + 1)
        ]
        assert all(lesson.start()[0].hands != model.dealt.hands for _, _, lesson in files)
        assert page_html(table).count('class="ll-save-lesson"') == len(files)

    for number in (1, 2):
        play_to_the_end(table, check)
        files = saved_files(table)
        assert [label for _, label, _ in files] == [f"Hand {n}" for n in range(1, number + 1)]
        _, _, lesson = files[-1]
        assert lesson.title == f"Family table, hand {number}, {today}"
        assert actions_of(lesson) == list(table.model.played[-1][1]) and replay(lesson).ok
        assert lesson.result.winner == table.model.names[table.model.state.winner]
        assert "Save a hand as a lesson" in table.saves.value
        table.next.click()
    table.set_language("ru")
    assert [label for _, label, _ in saved_files(table)] == ["Рука 1", "Рука 2"]
    assert saved_files(table)[1][2].title == f"Семейный стол, рука 2, {today}"


def test_a_hand_no_file_can_hold_offers_no_link_and_the_match_goes_on(monkeypatch):
    def refused(*args, **kwargs):
        raise LingerError("setup.not-a-position")

    monkeypatch.setattr(match_record, "table_lesson", refused)  # the save links are drawn there
    table = started(seed=8)
    play_to_the_end(table)
    assert table.saves.value == "" and table.message.value == "" and visible(table.next)
    table.next.click()
    assert table.model.number == 2


def test_at_a_pace_the_computers_cards_come_one_by_one_with_every_hand_face_down(monkeypatch):
    timers = []  # the event loop, played by hand: (delay, callback), in order
    monkeypatch.setattr(kit, "_later", lambda delay, callback: timers.append((delay, callback)) or True)
    table = FamilyTable(seed=5, delay=0.9)  # two people, then two computers
    table.start.click()
    waits = 0
    for _ in range(600):
        if table.model.state.is_over:
            break
        if timers:
            delay, callback = timers.pop(0)
            assert not timers and delay in (0.9, pytest.approx(0.9 * 1.6))
            assert table.model.waiting and not visible(table.pass_box) and not visible(table.move)
            assert not any(hidden_cards_of(table, seat) for seat in range(4))
            assert "is thinking" in table.status.value and 'class="ll-save-lesson"' not in page_html(table)
            before, waits = len(table.model.actions), waits + 1
            table.cards.buttons[0].click()  # a tap on a button gone: nothing
            assert len(table.model.actions) == before and table.message.value == ""
            callback()
            assert len(table.model.actions) == before + 1  # one card a time
        elif visible(table.pass_box):
            table.reveal.click()
        else:
            table.cards.buttons[0].click()
    assert table.model.state.is_over and waits >= 4
    assert len(saved_files(table)) == 1


def test_a_timer_left_from_a_match_given_up_does_nothing(monkeypatch):
    timers = []
    monkeypatch.setattr(kit, "_later", lambda delay, callback: timers.append(callback) or True)
    table = FamilyTable(seed=5, delay=0.9)
    table.start.click()
    while not timers:
        table.reveal.click() if visible(table.pass_box) else table.cards.buttons[0].click()
    stale = timers.pop()
    table.again.click()  # "New match" while a computer plays
    table.confirm.yes.click()
    stale()
    assert table.model is None and table.message.value == ""
    table.start.click()
    model = table.model
    stale()
    assert table.model is model


def test_new_match_asks_first_and_cancel_keeps_the_match():
    table = started(seed=3)
    table.reveal.click()
    model = table.model
    table.again.click()
    assert table.model is model and visible(table.play_area) and not visible(table.settings)
    assert visible(table.confirm.box) and ui("confirm-new-match") in table.confirm.text.value
    table.confirm.no.click()  # Cancel: the match as it was
    assert table.model is model and not visible(table.confirm.box) and visible(table.move)
    table.again.click()
    table.set_language("ru")  # the question follows the language
    assert ui("confirm-new-match", "ru") in table.confirm.text.value
    assert (table.confirm.yes.description, table.confirm.no.description) == ("Да", "Отмена")
    table.confirm.yes.click()
    assert table.model is None and visible(table.settings) and not visible(table.confirm.box)


def test_new_match_is_far_from_the_cards():
    """Under the score and the save links, never in the row right under the card buttons."""
    table = started(seed=3)
    area = list(table.play_area.children)
    [leave] = [box for box in area if table.again in getattr(box, "children", ())]
    assert area.index(leave) > area.index(table.score) > area.index(table.move)
    assert all(table.again not in getattr(box, "children", ()) for box in area[: area.index(table.score)])


def said_now(table: FamilyTable, kind: str) -> list[str]:
    """The lines the table has to say this turn in its live region ``kind`` (the page adds them)."""
    region = re.search(rf'data-ll-kind="{kind}"[^>]*>(.*?)</div>', table.voice.feed.value, re.S)
    return [text_of(line) for line in re.findall(r"<p>(.*?)</p>", region[1])] if region else []


def test_the_table_says_each_play_aloud_and_tells_a_hand_only_to_its_person():
    # What is said aloud is heard by everyone at the screen: the plays, in words, each once;
    # never a card in a hand that is not public (a card drawn, a hand behind the pass screen).
    # The hand key tells the hand of the person holding the device, and nobody's behind the screen.
    table = started(seed=5)
    heard: list[str] = []
    urgent: list[str] = []

    def check(table):
        model, polite = table.model, said_now(table, "polite")
        heard.extend(polite)
        urgent.extend(said_now(table, "assertive"))
        public = {card for _, card in view(model.state, 0).known}  # known to all: the trump card shown
        secret = [
            card_label(card)
            for seat, hand in enumerate(model.state.hands)
            for card in hand
            if card != model.state.trump_card and card not in public
        ]
        assert not [line for line in polite + said_now(table, "assertive") for card in secret if card in line]
        keys = json.loads(html.unescape(re.search(r'data-ll-keys="([^"]*)"', table.stage.value)[1]))
        if visible(table.pass_box):
            assert keys["hand"] == "No hand is shown here."
        elif model.person_to_act is not None:
            assert keys["hand"].startswith(f"{model.names[model.person_to_act]}'s hand: ")

    play_to_the_end(table, check)
    check(table)  # the hand's end
    plays = [line for line in heard if re.search(" (leads|follows with|trumps with|discards) ", line)]
    assert plays and len(plays) == len(set(plays)) and not any(re.search("[♠♥♦♣]", line) for line in plays)
    assert len(plays) == sum(len(trick.plays) for trick in table.model.state.history)  # each play, once
    assert any(line.startswith("Pass the device to ") for line in urgent)
    assert any(", your turn" in line for line in urgent)
