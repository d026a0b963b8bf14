"""The drawn table states the facts of a hand: the HTML is parsed and read like a screen reader would.

Expected card names are spelled here from rank and suit ("queen of spades"),
not taken from render.py; expected facts come from the engine or from the
position itself (who holds what, which cards follow suit).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

from lingerlonger.game.cards import DECK, Suit, parse_card, parse_cards, sort_hand
from lingerlonger.game.engine import (
    ChooseTrump,
    Play,
    SetupError,
    apply,
    deal,
    from_position,
    legal_actions,
    legal_cards,
    new_hand,
)
from lingerlonger.game.rules import Rules
from lingerlonger.views.table_html import TABLE_CSS, RenderError, TableStyle, card_back_html, card_html, table_html
from lingerlonger.words.i18n import error_text
from lingerlonger.words.narration import REASONS

RANK_WORDS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


def spoken(card, trump=None) -> str:
    """How a card is read aloud: '10 of hearts', 'queen of spades', 'ace of spades, trump'
    (a trump says so: its suit is never told by colour alone, WCAG 1.4.1)."""
    card = parse_card(card)
    return f"{RANK_WORDS.get(card.rank, str(card.rank))} of {SUIT_WORDS[card.suit]}" + ", trump" * (card.suit == trump)


# --- a small DOM over html.parser ------------------------------------------------


class Element:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element | str] = []

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def label(self) -> str | None:
        return self.attrs.get("aria-label")

    def walk(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def all(self, css_class: str) -> list[Element]:
        return [element for element in self.walk() if css_class in element.classes]

    def one(self, css_class: str) -> Element:
        found = self.all(css_class)
        assert len(found) == 1, f"expected one .{css_class}, found {len(found)}"
        return found[0]

    def text(self) -> str:
        parts = [
            child if isinstance(child, str) else child.text()
            for child in self.children
            if isinstance(child, str) or child.tag != "style"
        ]
        return re.sub(r"\s+", " ", "".join(parts).replace("\ufe0e", "")).strip()


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = self.current = Element("#document", {}, None)

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: value or "" for name, value in attrs}, self.current)
        self.current.children.append(element)
        self.current = element

    def handle_endtag(self, tag):
        assert self.current.tag == tag, f"</{tag}> closes <{self.current.tag}>"
        self.current = self.current.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(html_text: str) -> Element:
    builder = _TreeBuilder()
    builder.feed(html_text)
    builder.close()
    assert builder.current is builder.root, "unclosed elements"
    return builder.root


def faces(element: Element) -> list[str]:
    """aria-labels of the face-up cards inside ``element``, in document order."""
    return [card.label for card in element.all("ll-card") if "ll-back" not in card.classes]


def seat(doc: Element, name: str) -> Element:
    found = [element for element in doc.all("ll-seat") if element.label == name]
    assert len(found) == 1, f"expected one seat {name!r}, found {len(found)}"
    return found[0]


def hand_faces(doc: Element, name: str) -> list[str]:
    return faces(seat(doc, name).one("ll-hand"))


def worked_example():
    """The worked example (rule 16 of the Rules reference): hearts trump, A leads."""
    return from_position(
        Rules.parse("equal-hands"),
        "ABCD",
        dealer="D",
        leader="A",
        trump="♥",
        hands={"A": "K♣ 7♦", "B": "3♣ Q♠", "C": "2♥", "D": "A♣ 5♠"},
        stock="9♦ 4♠ J♥",
    )


def play_all(state, plays):
    for text in plays:
        state, _ = apply(state, state.play(text))
    return state


# --- hands -----------------------------------------------------------------------


def test_every_card_of_every_hand_appears_with_its_label_sorted():
    state, _ = new_hand(Rules.parse("standard"), ["Ann", "Bob", "Cy", "Dee"], dealer=3, seed=1)
    doc = parse(table_html(state))
    for name, hand in zip(state.players, state.hands, strict=True):
        assert hand_faces(doc, name) == [spoken(card, state.trump) for card in sort_hand(hand, state.trump)]


def test_a_card_says_its_rank_and_suit_and_shows_both():
    doc = parse(card_html(parse_card("10h")))
    card = doc.one("ll-card")
    assert card.attrs["role"] == "img" and card.label == "10 of hearts"
    assert card.text() == "10♥♥"  # corner index and pip
    assert "ll-hearts" in card.classes
    back = parse(card_back_html()).one("ll-back")
    assert back.attrs["role"] == "img" and back.label and back.text() == ""


def test_one_seat_view_shows_only_counts_of_the_other_hands():
    state = worked_example()
    html_text = table_html(state, seat="A")
    doc = parse(html_text)
    hidden = parse_cards("3♣ Q♠ 2♥ A♣ 5♠ 9♦ 4♠ J♥")  # B, C, D and the stock
    for card in hidden:
        assert spoken(card) not in html_text
    assert hand_faces(doc, "A") == [spoken("7♦"), spoken("K♣")]
    assert faces(doc) == hand_faces(doc, "A"), "no face-up card outside A's hand"
    for name, count in {"B": 2, "C": 1, "D": 2}.items():
        hand = seat(doc, name).one("ll-hand")
        assert len(hand.all("ll-back")) == count
        assert hand.one("ll-count").text() == str(count)


def test_one_seat_view_shows_the_revealed_trump_card_in_the_dealers_hand():
    state, _ = new_hand(Rules.parse("standard"), 4, dealer=3, seed=2)
    doc = parse(table_html(state, seat=0))
    html_text = table_html(state, seat=0)
    dealer_hand = seat(doc, "D").one("ll-hand")
    assert faces(dealer_hand) == [spoken(state.trump_card, state.trump)]
    assert len(dealer_hand.all("ll-back")) == len(state.hands[3]) - 1
    for hand in state.hands[1:]:
        for card in hand:
            if card != state.trump_card:
                assert spoken(card) not in html_text


def test_viewer_sits_at_the_bottom_and_the_others_follow_clockwise():
    state = worked_example()
    doc = parse(table_html(state, seat="C"))
    places = {name: next(c for c in seat(doc, name).classes if c.startswith("ll-at-")) for name in "ABCD"}
    assert places == {"C": "ll-at-b", "D": "ll-at-l", "A": "ll-at-t", "B": "ll-at-r"}


def test_an_unknown_seat_is_a_coded_refusal_with_the_seats_named_in_the_readers_language():
    state = worked_example()
    for bad in ("E", 4, -1, True):
        with pytest.raises(SetupError, match="seats are A, B, C, D") as refused:
            table_html(state, seat=bad)
        assert refused.value.code == "setup.no-seat" and "A, B, C, D" in error_text(refused.value, "ru")


# --- whose turn, legal cards -----------------------------------------------------


def test_legal_cards_are_marked_only_on_request_and_exactly_the_engines():
    state = play_all(worked_example(), ["A K♣"])
    legal = legal_cards(state)
    assert set(legal) < set(state.hand_of("B")), "B must follow clubs, so not every card is legal"
    playable = list(parse(table_html(state, show_legal=True)).all("ll-legal"))
    assert sorted(card.label for card in playable) == sorted(f"{spoken(c)}, playable" for c in legal)
    assert "playable" not in table_html(state)
    assert parse(table_html(state)).all("ll-legal") == []


def test_one_seat_view_marks_legal_cards_only_for_the_seat_to_act():
    state = play_all(worked_example(), ["A K♣"])
    assert parse(table_html(state, seat="A", show_legal=True)).all("ll-legal") == []
    marked = parse(table_html(state, seat="B", show_legal=True)).all("ll-legal")
    assert [card.label for card in marked] == [f"{spoken('3♣')}, playable"]


def test_the_seat_to_act_is_highlighted_and_says_so():
    state = play_all(worked_example(), ["A K♣"])
    doc = parse(table_html(state))
    acting = [element.label for element in doc.all("ll-to-act")]
    assert acting == ["B"]
    assert "to play" in seat(doc, "B").text()
    assert "to play" not in seat(doc, "C").text()


def test_the_dealer_has_the_button():
    state = worked_example()
    doc = parse(table_html(state))
    buttons = list(doc.all("ll-dealer"))
    assert len(buttons) == 1 and buttons[0].label == "dealer"
    assert seat(doc, "D").one("ll-dealer") is buttons[0]


@pytest.mark.parametrize("lang, word", [("en", "dealer"), ("pt", "dador"), ("es", "repartidor"), ("ru", "сдающий")])
def test_the_dealer_button_is_a_chip_named_in_words_not_a_letter(lang, word):
    # Seats are often A, B, C, D: a letter on the chip ("D", or Russian "С") reads as a seat.
    doc = parse(table_html(worked_example(), options=TableStyle.of(lang)))
    chip = doc.one("ll-dealer")
    assert seat(doc, "D").one("ll-dealer") is chip
    assert (chip.attrs["role"], chip.label, chip.attrs["title"], chip.text()) == ("img", word, word, "")


# --- the trick -------------------------------------------------------------------


def test_the_trick_shows_who_played_what_in_order():
    state = play_all(worked_example(), ["A K♣", "B 3♣"])
    trick = parse(table_html(state)).one("ll-trick")
    assert faces(trick) == [f"{spoken('K♣')}, played by A", f"{spoken('3♣')}, played by B"]
    assert [by.text() for by in trick.all("ll-by")] == ["A", "B"]
    assert trick.all("ll-winner") == []


def test_a_completed_trick_is_shown_with_its_winner_marked():
    state = play_all(worked_example(), ["A K♣", "B 3♣", "C 2♥", "D A♣"])
    assert state.trick == ()
    doc = parse(table_html(state, last_trick=state.history[-1]))
    trick = doc.one("ll-trick")
    assert len(faces(trick)) == 4
    # Rule 16: C's 2♥ wins as the only trump.
    assert [card.label for card in trick.all("ll-winner")] == [
        f"{spoken('2♥', state.trump)}, played by C, wins the trick"
    ]
    assert "C wins the trick" in doc.one("ll-status").text()
    assert faces(parse(table_html(state)).one("ll-trick")) == []


def test_last_trick_is_refused_while_a_trick_is_in_progress():
    done = play_all(worked_example(), ["A K♣", "B 3♣", "C 2♥", "D A♣"])
    with pytest.raises(RenderError, match="trick in progress"):
        table_html(play_all(done, ["C 9♦"]), last_trick=done.history[-1])


def test_won_piles_and_stock_are_counted():
    state = play_all(worked_example(), ["A K♣", "B 3♣", "C 2♥", "D A♣"])
    doc = parse(table_html(state))
    assert seat(doc, "C").one("ll-meta").text() == "Tricks: 1 · Won pile: 4"
    assert seat(doc, "A").one("ll-meta").text() == "Tricks: 0 · Won pile: 0"
    stock = doc.one("ll-stock")
    assert stock.one("ll-count").text() == "2"  # 3 in the stock, C drew one
    assert stock.label == "Stock: 2"


# --- out, winner -----------------------------------------------------------------


def test_eliminated_seats_are_greyed_with_a_badge_and_the_winner_crowned():
    state = from_position(
        Rules.parse("standard"),
        "ABC",
        dealer="C",
        leader="A",
        trump="♥",
        hands={"A": "K♣", "B": "3♣", "C": "2♥ 5♦"},
        stock="9♠",
    )
    state = play_all(state, ["A K♣", "B 3♣", "C 2♥"])  # C trumps and draws; A and B have nothing left
    assert state.is_over
    doc = parse(table_html(state, last_trick=state.history[-1]))
    assert sorted(element.label for element in doc.all("ll-out")) == ["A", "B"]
    for name in "AB":
        assert seat(doc, name).one("ll-gone").text() == "out"
    assert seat(doc, "C").one("ll-crown").text().endswith("winner")
    status = doc.one("ll-status").text()
    assert "C wins the hand" in status and REASONS[state.reason] in status
    assert doc.all("ll-to-act") == []


def test_a_hand_won_in_the_middle_of_a_trick_shows_the_unfinished_trick():
    state = from_position(
        Rules.parse("standard"), "ABC", dealer="C", leader="A", trump="♥", hands={"A": "K♣", "B": "3♣", "C": "2♥ 5♦"}
    )
    state = play_all(state, ["A K♣", "B 3♣"])  # both out at once: C, the last holder, wins
    doc = parse(table_html(state))
    assert [element.label for element in doc.all("ll-out")] == ["A", "B"]
    assert "K♣" in doc.one("ll-trick").text() and "3♣" in doc.one("ll-trick").text()
    assert seat(doc, "C").one("ll-crown").text().endswith("winner")
    assert doc.all("ll-to-act") == []


def test_a_seat_out_before_the_position_starts_is_shown_out():
    state = from_position(
        Rules.parse("standard"), "ABCD", dealer="A", leader="A", trump="♠", hands={"A": "K♣", "B": "3♣", "C": "2♥"}
    )
    doc = parse(table_html(state))
    assert [element.label for element in doc.all("ll-out")] == ["D"]


# --- trump -----------------------------------------------------------------------


def trump_box(state, **kwargs) -> Element:
    return parse(table_html(state, **kwargs)).one("ll-trump")


def test_trump_shows_the_revealed_card_while_the_dealer_holds_it():
    state, _ = new_hand(Rules.parse("standard"), ["Ann", "Bob", "Cy"], dealer=1, seed=3)
    box = trump_box(state)
    assert faces(box) == [spoken(state.trump_card, state.trump)]
    assert "held by Bob" in box.text()


def test_trump_shows_only_the_suit_once_the_revealed_card_is_played():
    state, _ = new_hand(Rules.parse("standard"), 3, dealer=0, seed=4)
    trump_card = state.trump_card
    while any(trump_card in hand for hand in state.hands):
        assert not state.is_over, "the dealer should get to play the trump card"
        legal = legal_cards(state)
        state, _ = apply(state, Play(state.to_act, trump_card if trump_card in legal else legal[0]))
    box = trump_box(state)
    assert faces(box) == []
    assert SUIT_WORDS[trump_card.suit] in box.text()


def test_trump_shows_only_the_suit_when_a_position_names_it():
    box = trump_box(worked_example())
    assert faces(box) == [] and "hearts" in box.text()
    # its title and its suit are two words, as a screen reader reads them (Orca said "Trumphearts")
    assert read_aloud(box) == "Trump hearts"


def read_aloud(element: Element) -> str:
    """An element's text as a screen reader gets it: what is aria-hidden left out."""
    parts = [
        child if isinstance(child, str) else read_aloud(child)
        for child in element.children
        if isinstance(child, str) or child.attrs.get("aria-hidden") != "true"
    ]
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def test_random_trump_card_shows_at_the_bottom_of_the_stock_then_in_the_drawers_hand():
    deck = DECK  # any order will do: the test reads where the engine put the cards
    rules = Rules.parse("standard+random-trump", hand_size=3)
    state, _ = deal(rules, 3, 0, deck)
    bottom = state.stock[-1]
    assert bottom == state.trump_card
    doc = parse(table_html(state, seat=1))
    assert faces(doc.one("ll-trump")) == [spoken(bottom, state.trump)]
    assert "bottom of the stock" in doc.one("ll-trump").text()
    assert faces(doc.one("ll-stock")) == [spoken(bottom, state.trump)]
    assert doc.one("ll-stock").one("ll-count").text() == str(len(state.stock))

    rules = Rules.parse("standard+random-trump", hand_size=17)  # 51 dealt, the stock is 1 card
    state, _ = deal(rules, 3, 0, deck)
    while state.history == ():
        state, _ = apply(state, legal_actions(state)[0])
    winner_seat = state.history[-1].winner
    assert state.trump_card in state.hands[winner_seat]
    box = trump_box(state, seat=(winner_seat + 1) % 3)
    assert faces(box) == [spoken(state.trump_card, state.trump)]
    assert f"held by {state.players[winner_seat]}" in box.text()


def test_no_trump_says_so():
    state, _ = new_hand(Rules.parse("standard+no-trump"), 4, seed=5)
    box = trump_box(state)
    assert faces(box) == [] and box.text() == "No trump"


def test_grand_coup_trump_is_not_named_until_the_first_tricks_winner_names_it():
    state, _ = new_hand(Rules.parse("standard+grand-coup"), 4, seed=6)
    assert trump_box(state).text().endswith("not yet named")
    while state.namer is None:
        state, _ = apply(state, legal_actions(state)[0])
    namer = state.players[state.namer]
    doc = parse(table_html(state, last_trick=state.history[-1]))
    assert "not yet named" in doc.one("ll-trump").text()
    assert [element.label for element in doc.all("ll-to-act")] == [namer]
    assert "names trump" in seat(doc, namer).text()
    state, _ = apply(state, ChooseTrump(state.namer, Suit.CLUBS))
    box = trump_box(state)
    assert faces(box) == [] and "clubs" in box.text()


# --- output qualities ------------------------------------------------------------


def test_same_state_same_html():
    first, _ = new_hand(Rules.parse("standard"), 5, dealer=2, seed=8)
    again, _ = new_hand(Rules.parse("standard"), 5, dealer=2, seed=8)
    assert first is not again
    assert table_html(first, show_legal=True) == table_html(again, show_legal=True)
    assert table_html(first, seat=3) == table_html(again, seat=3)


def test_seat_names_and_caption_are_shown_literally():
    state = from_position(
        Rules.parse("standard"),
        ["<b>", "Tom & Jerry", '"Q"'],
        dealer=0,
        leader=0,
        trump="♠",
        hands={"<b>": "K♣", "Tom & Jerry": "3♣", '"Q"': "2♥"},
    )
    html_text = table_html(state, caption="<i>step 1</i>")
    assert "<b>" not in html_text and "<i>" not in html_text
    doc = parse(html_text)
    assert [element.one("ll-name").text() for element in doc.all("ll-seat")] == ["<b>", "Tom & Jerry", '"Q"']
    assert doc.one("ll-caption").text() == "<i>step 1</i>"
    assert doc.one("ll-table").label == "<i>step 1</i>"


def test_output_is_one_table_with_scoped_style_and_no_script_or_external_resource():
    state, _ = new_hand(Rules.parse("standard"), 6, seed=9)
    html_text = table_html(state)
    doc = parse(html_text)
    tops = [child for child in doc.children if isinstance(child, Element)]
    assert len(tops) == 1 and "ll-table" in tops[0].classes
    assert "<script" not in html_text.lower() and "http" not in html_text.lower()
    assert "url(" not in TABLE_CSS and "@import" not in TABLE_CSS
    assert [element.tag for element in doc.walk() if element.tag == "style"] == ["style"]
    assert "<style" not in table_html(state, include_css=False)
    rules = re.sub(r"@container[^{]*\{", "", TABLE_CSS)
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{", rules) for s in block.split(",")]
    assert selectors and all(s.startswith(".ll-") for s in selectors), selectors


def test_style_options_and_translated_labels():
    state = play_all(worked_example(), ["A K♣"])
    plain = parse(table_html(state)).one("ll-table").classes
    styled = parse(table_html(state, options=TableStyle(four_colour=True, large=True))).one("ll-table")
    assert {"ll-four-colour", "ll-large"} <= styled.classes
    assert not {"ll-four-colour", "ll-large"} & plain
    portuguese = TableStyle(
        labels={"lang": "pt", "card": "{rank} de {suit}", "clubs": "paus", "rank-13": "rei", "to-play": "joga"}
    )
    doc = parse(table_html(state, options=portuguese))
    assert doc.one("ll-table").attrs["lang"] == "pt-PT"  # the page tag: European Portuguese
    assert faces(doc.one("ll-trick")) == ["rei de paus, played by A"]  # untranslated keys stay English
    assert "joga" in seat(doc, "B").text()


def test_a_state_shows_itself_in_a_notebook():
    state = worked_example()
    assert state._repr_html_() == table_html(state)


def test_a_style_speaks_the_readers_language_unless_told():
    """Chapter 13 asks for `TableStyle(large=True, four_colour=True)`: on a Russian page (the
    book's kernels run with LINGERLONGER_LANG), its table and player speak Russian."""
    code = (
        "from lingerlonger.views.table_html import TableStyle; "
        "print(TableStyle(large=True).lang, TableStyle.of('pt').lang)"
    )
    env = {**os.environ, "LINGERLONGER_LANG": "ru"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["ru", "pt"]
