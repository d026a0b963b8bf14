"""The static player: one pre-rendered frame per step, labelled controls, nothing fetched.

The JavaScript itself is exercised in a browser (tests/browser/test_player_static.py);
here the page is read as HTML.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

from lingerlonger.scenario import load, loads
from lingerlonger.scenario.replay import replay
from lingerlonger.views.page_replay import frame_html, gallery_html, replay_html, ui
from lingerlonger.views.table_html import TableStyle
from lingerlonger.words.i18n import LANGUAGES

REPO = Path(__file__).resolve().parents[1]
WORKED = REPO / "scenarios" / "06-last-card-saves.yaml"


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text outside <style> and <script>."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self._skip = 0
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {name: value or "" for name, value in attrs}))
        self._skip += tag in ("style", "script")

    def handle_endtag(self, tag):
        self._skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)

    def find(self, tag: str, **attrs: str) -> list[dict[str, str]]:
        return [
            found
            for name, found in self.tags
            if name == tag and all(found.get(key.replace("_", "-")) == value for key, value in attrs.items())
        ]


def worked_run():
    return replay(load(WORKED)[0])


def unpacked(page_html: str, lang: str) -> list[str]:
    """The frames of a language not shown first, as the page's script unpacks them."""
    packed = re.search(rf'<script type="application/gzip" data-lang="{lang}">([^<]*)</script>', page_html)
    return json.loads(gzip.decompress(base64.b64decode(packed.group(1))))


def test_every_frame_is_a_template_in_order_and_packed_in_every_other_language():
    run = worked_run()
    page_html = replay_html(run)
    page = Tags(page_html)
    frames = [int(found["data-frame"]) for found in page.find("template", data_lang="en")]
    assert frames == list(range(len(run.frames))) and len(page.find("template")) == len(frames)
    [slider] = page.find("input", type="range")
    assert slider["max"] == str(len(run.frames) - 1) and slider["min"] == "0"
    for lang in LANGUAGES[1:]:
        assert unpacked(page_html, lang) == [frame_html(frame, style=TableStyle.of(lang)) for frame in run.frames], lang


def test_each_control_has_a_label_and_an_inline_icon_not_a_glyph():
    page_html = replay_html(worked_run())
    page = Tags(page_html)
    for go in ("first", "back", "next", "last", "present"):
        [button] = page.find("button", data_go=go)
        assert button["aria-label"] == ui(go)
    [play] = page.find("button", data_go="play")
    assert play["aria-pressed"] == "false"
    controls = page_html.split('class="ll-controls"')[1].split("</div>")[0]
    assert controls.count("<svg") == 7  # first, back, play, pause, next, last, present
    # Media-control glyphs (⏩ to ⏺) are missing from many fonts: none may be used.
    assert not re.search("[\u23e9-\u23fa]", page_html)


def test_the_page_refers_to_nothing_outside_itself():
    page_html = replay_html(worked_run())
    assert not re.search(r"""(src|href)\s*=|https?:|url\(|@import""", page_html)


def test_authors_markdown_is_rendered_and_raw_html_is_escaped():
    [scenario] = loads(
        """
format: 1
title: Markup
summary: "**bold** <script>alert(1)</script>"
rules: equal-hands
players: [A, B, C]
dealer: C
hands: {A: [K♣], B: [3♣], C: [2♥]}
stock: []
trump: ♥
leader: A
steps:
  - play: A K♣
    say: "<img src=x onerror=alert(1)> *leads*"
""",
        "markup.yaml",
    )
    page_html = replay_html(replay(scenario))
    assert "<strong>bold</strong>" in page_html and "<em>leads</em>" in page_html
    assert "<script>alert" not in page_html and "<img" not in page_html


def test_a_scenario_that_fails_its_checks_says_where():
    run = replay(load(REPO / "tests" / "bad" / "wrong-expect.yaml")[0])
    page = replay_html(run)
    assert 'role="alert"' in page and "wrong-expect.yaml:16:21" in page
    assert ui("failures") in page


def test_ids_are_stable_across_builds_and_distinct_between_scenarios():
    def element_id(page: str) -> str:
        return re.search(r'class="ll-replay" id="([^"]+)"', page).group(1)

    first = element_id(replay_html(worked_run()))
    assert first == element_id(replay_html(worked_run()))
    other = replay(load(REPO / "scenarios" / "03-follow-suit.yaml")[0])
    assert element_id(replay_html(other)) != first
    assert element_id(replay_html(worked_run(), seat=2)) != first  # the same replay seen as C


def test_start_is_clamped_and_shown_in_the_counter():
    run = worked_run()
    last = len(run.frames) - 1
    page = Tags(replay_html(run, start=99))
    [root] = page.find("div", **{"class": "ll-replay"})
    assert root["data-start"] == str(last)
    assert ui("counter", at=last, last=last) in "".join(page.text)


def test_the_player_opens_in_the_scenarios_language_and_offers_the_others():
    run = replay(load(REPO / "scenarios" / "29-ultima-carta-em-portugues.yaml")[0])
    page_html = replay_html(run)
    page = Tags(page_html)
    [root] = page.find("div", **{"class": "ll-replay"})
    assert root["data-lang"] == "pt"
    [next_button] = page.find("button", data_go="next")
    assert next_button["aria-label"] == ui("next", "pt") != ui("next", "en")
    assert [option["value"] for option in page.find("option") if option.get("lang")] == ["pt", "en", "es", "ru"]
    assert [option["lang"] for option in page.find("option") if option.get("lang")] == ["pt-PT", "en", "es", "ru"]
    assert page.find("option", value="pt", selected="")  # the language shown is the one chosen
    first_pt = page_html.split('<template data-frame="0" data-lang="pt">')[1]
    assert 'lang="pt-PT"' in first_pt.split("</template>")[0]  # its table speaks Portuguese
    assert 'lang="en"' in unpacked(page_html, "en")[0]


def test_every_word_the_script_switches_is_there_in_every_language():
    page_html = replay_html(worked_run(), style=TableStyle.of("ru"))
    page = Tags(page_html)
    [_replay] = page.find("div", **{"class": "ll-replay"})
    words = json.loads(
        re.search(r"<script type=\"application/json\" class=\"ll-catalog\">(.*?)</script>", page_html).group(1)
    )
    assert list(words) == ["ru", "en", "pt", "es"]
    switched = {
        found[key] for _, found in page.tags for key in ("data-t", "data-t-label", "data-t-html") if key in found
    }
    assert switched >= {"ui.next", "ui.next-short", "ui.speed", "ui.live-only", "player.language"}
    for lang, said in words.items():
        assert switched <= set(said), lang
        assert said["ui.next"] == ui("next", lang)
    assert ui("next-short", "ru") in "".join(page.text)  # shown before the script runs


def test_one_language_makes_no_picker_and_no_other_frames():
    run = worked_run()
    page = Tags(replay_html(run, languages=()))
    assert not page.find("select", data_lang_picker="")
    assert {found["data-lang"] for found in page.find("template")} == {"en"}
    assert not [found for found in page.find("script", type="application/gzip") if "data-lang" in found]


def test_a_page_that_names_its_language_has_one_language_and_no_picker(monkeypatch):
    # each language's book sets LINGERLONGER_LANG: its header menu switches the page, replays included
    import lingerlonger.views.page_replay as static_replay

    monkeypatch.setattr(static_replay, "ENVIRONMENT_LANGUAGE", "ru")
    page = Tags(replay_html(worked_run()))
    assert not page.find("select", data_lang_picker="")
    assert {found["data-lang"] for found in page.find("template")} == {"ru"}
    assert not [found for found in page.find("script", type="application/gzip") if "data-lang" in found]
    monkeypatch.setattr(static_replay, "ENVIRONMENT_LANGUAGE", None)  # a page of its own: every language
    assert Tags(replay_html(worked_run())).find("select", data_lang_picker="")


def test_legal_cards_are_marked_only_when_asked():
    frame = worked_run().frames[2]  # B to play, must follow with 3♣
    assert frame_html(frame, show_legal=True).count("ll-legal") == 1
    assert "ll-legal" not in frame_html(frame, show_legal=False)


def test_a_gallery_folds_each_replay_and_writes_the_style_once():
    runs = [worked_run(), replay(load(REPO / "scenarios" / "03-follow-suit.yaml")[0])]
    page = gallery_html(runs)
    assert page.count('<details class="ll-gallery-item"') == 2 and page.count("<style") == 1
    titles = re.findall(r"<summary>(.*?)</summary>", page)
    assert titles == [run.scenario.title for run in runs]


def test_projector_and_four_colour_boxes_start_as_the_style_says():
    run = worked_run()
    plain = Tags(replay_html(run))
    assert [box.get("checked") for box in plain.find("input", type="checkbox") if "data-look" in box] == [None, None]
    big = Tags(replay_html(run, style=TableStyle.of("en", large=True, four_colour=True)))
    looks = {box["data-look"]: box.get("checked") for box in big.find("input", type="checkbox") if "data-look" in box}
    assert looks == {"ll-large": "", "ll-four-colour": ""}  # both checked


EVERY_SAY = REPO / "tests" / "good" / "position-every-say.yaml"


def test_every_say_is_shown_an_expects_on_the_frame_it_checks():
    run = replay(load(EVERY_SAY)[0])
    said = [step.say for step in run.scenario.steps if step.say]
    frames = [frame_html(frame) for frame in run.frames]
    for text in said:
        assert sum(text in frame for frame in frames) == 1, text
    [trick_end] = [frame for frame in frames if "A wins the trick with K♣." in frame]
    assert "Said on an expect after the trick." in trick_end
    assert "Said on the first expect, about the position itself." in frames[0]
    page = replay_html(run)
    assert all(text in page for text in said)


def test_a_questions_choices_and_explanation_are_behind_the_reveal():
    run = replay(load(EVERY_SAY)[0])
    [question] = [frame_html(frame) for frame in run.frames if any(ask.kind == "choice" for ask in frame.asks)]
    shown, hidden = question.split('class="ll-answer" hidden>')
    assert "Choices: Yes / No" in shown and "Every player still holds cards." in hidden


def test_a_players_model_renders_to_the_static_player_without_building_a_widget():
    # What the book's pages show for a ScenarioPlayer (its text/html), made in a fresh
    # interpreter that never loads ipywidgets: the static view needs only the model.
    code = f"""
import sys
from lingerlonger.session import ScenarioModel
from lingerlonger.views.table_html import TableStyle
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario import load
from lingerlonger.views.page_replay import model_html, replay_html
run = replay(load({str(WORKED)!r})[0])
model = ScenarioModel.of(run, seat=1, lang="pt", large=True).go(3)
page = model_html(model)
assert page == replay_html(run, seat=1, style=TableStyle.of("pt", large=True), start=0)
assert 'data-lang="pt"' in page and "ll-large" in page
print(sorted(name for name in sys.modules if name.split(".")[0] in ("ipywidgets", "IPython")))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
