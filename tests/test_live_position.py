"""The book's position editor in live mode (lingerlonger/views/live_mode/position_editor.py, called by the page's
position.js through the worker): every call takes and gives JSON text; a tap places a card and
the answer draws it; the problems are the loader's, in the reader's language; a bad call
changes nothing and says why; the saved file loads back as set up."""

from __future__ import annotations

import html
import json
import re
import sys
from datetime import date
from pathlib import Path

import pytest

from lingerlonger.game.cards import parse_card
from lingerlonger.game.declared import HAND_VARIANTS, PLAYERS, PROFILE
from lingerlonger.scenario import loads
from lingerlonger.scenario.replay import check
from lingerlonger.session import Position
from lingerlonger.views.live_mode import endpoints as live
from lingerlonger.views.live_mode import position_editor as live_position
from lingerlonger.words.i18n import LANGUAGES, error_text, translate

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))
import site_live  # noqa: E402

STATE = re.compile(r'data-ll-state="([^"]*)"')
DECK = re.compile(r'data-ll-deck-card="([^"]+)"')
PLACED = re.compile(r'data-ll-placed-card="([^"]+)"')


def call(function: str, **args) -> dict:
    """A call as the worker makes it: through ``live``, JSON text both ways."""
    return json.loads(live.serve(function, json.dumps(args, ensure_ascii=False)))


def state_of(shown: str) -> str:
    return html.unescape(STATE.search(shown)[1])


def tapped(state: str, *taps: tuple[str, object], lang: str = "en") -> dict:
    """The answer to each change in turn (``("click", "A♥")``, ``("aim", 1)``...; a box ticked), the last one's."""
    for do, value in taps:
        answer = call("position_change", state=state, do=do, value=value, on=True, lang=lang)
        state = state_of(answer["html"])
    return answer


def start(players: int = 3) -> str:
    return live_position._state(Position.empty(players=players))


def ready() -> str:
    """Three players: A holds A♥ K♣, B holds 2♥, the stock Q♠; A leads."""
    return state_of(
        tapped(
            start(), ("click", "A♥"), ("click", "K♣"), ("aim", "1"), ("click", "2♥"), ("aim", "stock"), ("click", "Q♠")
        )["html"]
    )


def test_a_tapped_card_goes_to_the_place_chosen_and_a_placed_card_back_to_the_deck():
    answer = tapped(start(), ("aim", "1"), ("click", "10♦"))
    assert PLACED.findall(answer["html"]) == ["10♦"] and "10♦" not in DECK.findall(answer["html"])
    assert len(DECK.findall(answer["html"])) == 51
    assert 'data-ll-place="1" aria-pressed="true"' in answer["html"]
    position = live_position._position(state_of(answer["html"]))
    assert position.hands[1] == (parse_card("10♦"),) and position.target == 1
    back = tapped(state_of(answer["html"]), ("click", "10♦"))
    assert PLACED.findall(back["html"]) == [] and len(DECK.findall(back["html"])) == 52


def test_the_problems_are_the_loaders_in_the_readers_language_and_block_play_and_save():
    position = Position.empty(players=3).click("A♥").aim(1).click("2♥").with_leader(2)
    [problem] = position.problems
    for lang in LANGUAGES:
        answer = call("position_change", state=live_position._state(position), do="leader", value="2", lang=lang)
        assert html.escape(error_text(problem, lang)) in answer["problems"] and answer["ok"] is False
    russian = call("position_play", state=live_position._state(position), lang="ru")
    assert "replay" not in russian and html.escape(error_text(problem, "ru")) in russian["problems"]
    assert "text" not in call("position_save", state=live_position._state(position), lang="ru")
    fixed = call("position_change", state=live_position._state(position), do="leader", value="0", lang="ru")
    assert fixed["ok"] is True and html.escape(translate("ui.position-ready", "ru")) in fixed["problems"]


def test_a_hand_over_the_games_size_is_counted_and_marked():
    answer = tapped(start(), ("click", "2♣"), ("click", "3♣"), ("click", "4♣"), ("click", "5♣"))
    assert ">4/3<" in answer["html"] and "ll-position-over" in answer["html"]
    assert any("4" in line and "3" in line for line in re.findall(r"<li>(.*?)</li>", answer["problems"]))


@pytest.mark.parametrize(
    "do, value, lang",
    [
        ("click", "Z♥", "ru"),
        ("click", 12, "en"),
        ("aim", 7, "ru"),
        ("aim", "x<b>", "en"),
        ("leader", -1, "pt"),
        ("dealer", "9", "es"),
        ("players", "9", "ru"),
        ("players", True, "en"),
        ("trump", "X", "ru"),
        ("profile", "fast", "en"),
        ("variant", "match-to-5", "en"),
        ("variant", "<i>", "ru"),
    ],
)
def test_a_bad_change_changes_nothing_and_says_why_in_the_readers_language(do, value, lang):
    state = ready()

    def refused(lang: str) -> str:
        answer = call("position_change", state=state, do=do, value=value, on=True, lang=lang)
        assert state_of(answer["html"]) == state and answer["ok"] is True
        return re.search(r'<p class="ll-position-refused">(.*?)</p>', answer["problems"])[1]

    said = refused(lang)
    assert said and "<b>" not in said and "<i>" not in said and "Traceback" not in said
    assert lang == "en" or said != refused("en")


def test_variants_that_cannot_go_together_are_refused_the_position_kept():
    state = state_of(tapped(ready(), ("variant", "no-trump"))["html"])  # a box ticked: on
    answer = call("position_change", state=state, do="variant", value="grand-coup", on=True, lang="en")
    assert "cannot be combined" in answer["problems"] and state_of(answer["html"]) == state


def test_a_state_that_cannot_be_read_gets_a_message_and_no_new_view():
    for state in ("not json", "[1, 2]", json.dumps({"players": 3, "rules": "standard", "hands": [["XX"]]})):
        answer = call("position_change", state=state, do="click", value="A♥", lang="ru")
        assert set(answer) == {"refused"} and answer["refused"]
    answer = call("position_change", state=json.dumps({"players": 3, "rules": 5}), do="click", value="A♥", lang="en")
    assert set(answer) == {"refused"} and "5" in answer["refused"] and "standard" in answer["refused"]


def test_an_unknown_change_changes_nothing():
    state = ready()
    answer = call("position_change", state=state, do="explode", value=1, lang="en")
    assert state_of(answer["html"]) == state and "ll-position-refused" not in answer["problems"]


def test_clear_puts_every_card_back_and_keeps_the_choices():
    state = state_of(tapped(ready(), ("trump", "♠"), ("dealer", "0"))["html"])
    cleared = live_position._position(state_of(tapped(state, ("clear", None))["html"]))
    assert cleared.hands == ((), (), ()) and cleared.stock == () and len(cleared.remaining) == 52
    assert (len(cleared.players), str(cleared.trump), cleared.dealer) == (3, "♠", 0)


def test_saving_gives_the_position_file_that_loads_back_with_the_hands_tapped():
    saved = call("position_save", state=ready(), lang="pt")
    assert re.fullmatch(r"position-\d{4}-\d\d-\d\d\.yaml", saved["name"])
    [scenario] = loads(saved["text"], saved["name"])
    assert scenario.hands == {"A": (parse_card("A♥"), parse_card("K♣")), "B": (parse_card("2♥"),), "C": ()}
    assert scenario.stock == (parse_card("Q♠"),) and scenario.leader == "A" and scenario.lang == "pt"
    # Saved from a site: the editor line points at the site's copy of the schema.
    site = "https://escola.example/linger/"
    first = call("position_save", state=ready(), lang="pt", site=site)["text"].splitlines()[0]
    assert first == f"# yaml-language-server: $schema={site}scenario.schema.json"


def test_make_this_a_task_gives_the_position_with_a_task_that_checks():
    made = call("position_task", state=ready(), lang="ru")
    assert re.fullmatch(r"task-\d{4}-\d\d-\d\d\.yaml", made["name"])
    [scenario] = loads(made["text"], made["name"])
    [step] = scenario.steps
    assert step.task.seat == "A" and step.task.goal == "win-trick" and step.task.accept == ("A♥",)
    assert check(scenario) == []
    assert "text" not in call("position_task", state=start(), lang="ru")  # not a position yet
    assert 'data-ll-action="position-task"' in live_position.position_editor_html("ru")


def test_play_from_here_gives_the_positions_replay_ready_to_go_live():
    shown = call("position_play", state=ready(), lang="es")["replay"]
    assert 'class="ll-replay"' in shown and 'data-ll-action="live"' in shown and 'class="ll-source"' in shown
    assert html.escape(translate("ui.position-saved-title", "es", date=date.today().isoformat())) in shown


def test_the_editor_offers_the_games_own_choices_with_its_test_hooks():
    page = live_position.position_editor_html("ru")
    assert "data-ll-position-editor" in page and 'lang="ru"' in page
    assert len(DECK.findall(page)) == 52 and PLACED.findall(page) == []
    assert [int(n) for n in re.findall(r'data-ll-place="(\d)"', page)] == [0, 1, 2, 3]
    assert 'data-ll-place="stock"' in page and 'class="ll-position-problems" role="status"' in page
    players = re.search(r'data-ll-field="players">(.*?)</select>', page)[1]
    assert re.findall(r'value="(\d)"', players) == [str(n) for n in PLAYERS.options]
    assert re.findall(r'data-ll-field="variant" value="([\w-]+)"', page) == list(HAND_VARIANTS)
    profiles = re.search(r'data-ll-field="profile">(.*?)</select>', page)[1]
    assert re.findall(r'value="([\w-]+)"', profiles) == list(PROFILE.options)
    for action in ("play", "save"):  # an empty table has problems
        assert re.search(rf'data-ll-action="position-{action}" disabled', page)
    assert 'data-ll-action="position-clear"' in page and html.escape(translate("ui.position-help", "ru")) in page


def test_the_site_serves_the_editors_files_and_links_them_after_live_js(tmp_path):
    site = tmp_path / "site"
    (site / "book").mkdir(parents=True)
    editor, other = site / "book" / "set-up-a-position.html", site / "book" / "plain.html"
    editor.write_text(f"<html><head></head><body>{live_position.position_editor_html('en')}</body></html>")
    other.write_text("<html><head></head><body><p>Nothing live here.</p></body></html>")
    assert site_live.link_pages(site, [editor, other]) == 1
    head = editor.read_text().split("</head>")[0]
    assert head.index("../ll-live.js") < head.index("../ll-position.js") and "../ll-position.css" in head
    assert "ll-position" not in other.read_text()
    static = REPO / "lingerlonger" / "views" / "static" / "live"
    for name in site_live.EDITOR_FILES:
        assert (static / name).is_file()
