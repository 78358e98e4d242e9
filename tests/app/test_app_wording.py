"""Players read sentences about themselves in the second person ("You draw", "your library") and about
others in the third ("Alice draws"); card text reads `~` as the card's name."""
from __future__ import annotations

import pytest

from app.cardface import CardFace
from app.wording import base_form, card_text, possessive, reword, subject, way_label

NAMES = ["You", "Alice"]


@pytest.mark.parametrize("engine, read", [
    ("You draws a card", "You draw a card"),
    ("Alice draws a card", "Alice draws a card"),
    ("Turn 3: You's turn", "Turn 3: Your turn"),
    ("a card is put into You's library", "a card is put into your library"),
    ("Goblin Guide deals 2 damage to You", "Goblin Guide deals 2 damage to you"),
    ("Alice casts Shock targeting You", "Alice casts Shock targeting you"),
    ("You casts Shock targeting Alice", "You cast Shock targeting Alice"),
    ("You passes", "You pass"),
    ("You has no cards in hand", "You have no cards in hand"),
    ("You loses the game", "You lose the game"),
    ("Turn 3 (You): upkeep", "Turn 3 (You): upkeep"),
    ("You can't draw: the library is empty", "You can't draw: the library is empty"),
])
def test_engine_sentences_about_you(engine, read):
    assert reword(engine, NAMES) == read


def test_nothing_changes_without_a_player_named_you():
    assert reword("Bob draws a card. Bob's turn", ["Alice", "Bob"]) == "Bob draws a card. Bob's turn"


@pytest.mark.parametrize("verb, base", [("draws", "draw"), ("passes", "pass"), ("tries", "try"),
                                        ("searches", "search"), ("is", "are"), ("mulligans", "mulligan")])
def test_verbs_for_you(verb, base):
    assert base_form(verb) == base
    assert subject("You", verb) == f"You {base}" and subject("Alice", verb) == f"Alice {verb}"


def test_possessives():
    assert possessive("You") == "Your" and possessive("You", start=False) == "your"
    assert possessive("Alice") == "Alice's"


def test_card_text_names_its_card():
    assert card_text("When ~ enters, draw two cards.", "Mulldrifter") == "When Mulldrifter enters, draw two cards."
    face = CardFace.from_obj({"name": "Mulldrifter", "kind": "ability", "text": "When ~ enters, draw two cards."})
    assert face.text == "When Mulldrifter enters, draw two cards."


@pytest.mark.rules("702.37c", "702.143a", "709.3")
def test_each_way_of_playing_a_card_is_offered_in_words():
    fire_ice = {"name": "Fire // Ice", "layout": "split", "faces": [{"name": "Fire"}, {"name": "Ice"}]}
    assert way_label(fire_ice, "cast", 2, None) == "Cast Ice"
    assert way_label({"name": "Akroma"}, "cast", None, "face_down") == "Cast face down for {3}"
    assert way_label({"name": "Saw It Coming"}, "foretell", None, None) == "Foretell (exile it face down for {2})"
    assert way_label({"name": "Saw It Coming"}, "cast", None, "foretell") == "Cast Saw It Coming for its foretell cost"
    assert way_label({"name": "Fruit of Tizerus"}, "cast", None, "escape") == "Cast Fruit of Tizerus for its escape cost"
    assert way_label({"name": "Flame Jab"}, "cast", None, "retrace") == \
        "Cast Flame Jab with retrace (discard a land card)"
