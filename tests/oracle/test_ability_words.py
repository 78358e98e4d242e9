"""Ability words (207.2c) and flavor words (207.2d) label an ability without rules meaning."""
from __future__ import annotations

import pytest

from engine.core.player_actions import ActivateAbility
from engine.oracle.ability_words import ability_word, strip_ability_words
from tests.engine.driving import activate_and_resolve, attack, table, until_blockers
from tests.oracle.conftest import record


@pytest.mark.rules("207.2c")
def test_landfall_reads_as_the_trigger_it_labels(card):
    d = card("Steppe Lynx", "{W}", "Creature — Cat",
             "Landfall — Whenever a land you control enters, ~ gets +2/+2 until end of turn.", "0/1")
    assert d.supported and len(d.triggered) == 1
    assert d.triggered[0].trigger.event == "enters"


@pytest.mark.rules("207.2c", "207.2d")
@pytest.mark.parametrize("line,word", [
    ("Threshold — ~ gets +1/+1.", "Threshold"),
    ("Council's dilemma — Starting with you, each player votes.", "Council's dilemma"),
    ("• Sell Contraband — Create a Treasure token.", "Sell Contraband"),
    ("Descend 4 — Whenever ~ attacks, draw a card.", "Descend 4"),
])
def test_any_label_before_the_dash_is_dropped(line, word):
    assert ability_word(line) == word
    assert " — " not in strip_ability_words(line)


@pytest.mark.rules("702.142a", "714.2b", "700.2")
@pytest.mark.parametrize("line", [
    "Boast — {1}{R}: ~ deals 1 damage to any target.",   # a keyword with rules of its own
    "I, II — Create a 1/1 white Soldier creature token.",  # saga chapters
    "Choose one —",
    "Whenever ~ attacks, choose one — • Draw a card.",
])
def test_keywords_chapters_and_modes_keep_their_dash(line):
    assert ability_word(line) is None
    assert strip_ability_words(line) == line


TWINSHOT_SNIPER = record("Twinshot Sniper", "{3}{R}", "Artifact Creature — Goblin Archer",
                         "Reach\nWhen Twinshot Sniper enters the battlefield, it deals 2 damage to any target.\n"
                         "Channel — {1}{R}, Discard Twinshot Sniper: It deals 2 damage to any target.", pt="2/3")
SKINBRAND_GOBLIN = record("Skinbrand Goblin", "{2}{R}", "Creature — Goblin Warrior",
                          "Bloodrush — {R}, Discard Skinbrand Goblin: Target attacking creature gets +2/+1 until end "
                          "of turn.", pt="2/1")


@pytest.mark.rules("207.2c", "113.6m", "602.2")
def test_channel_is_an_ability_word_its_ability_works_from_the_hand(extra_cards):
    """Channel labels an activated ability whose cost discards the card: it works only from the hand (113.6m),
    and "it" is the discarded card, which deals the damage (113.7a: its last known information)."""
    extra_cards(TWINSHOT_SNIPER, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Twinshot Sniper"], hand_a=["Twinshot Sniper"])
    sniper = ids["Twinshot Sniper"]
    on_table = next(o for o in g.state.battlefield if o != sniper and g.characteristics(o).name == "Twinshot Sniper")
    assert not any(isinstance(a, ActivateAbility) and a.source == on_table for a in g.legal_actions())
    activate_and_resolve(g, sniper, 0, targets=(("P1",),))
    assert g.state.players[1].life == 18
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Twinshot Sniper"]


@pytest.mark.rules("207.2c", "113.6m")
def test_bloodrush_is_an_ability_word(extra_cards):
    extra_cards(SKINBRAND_GOBLIN, fully_read=True)
    g, ids = table(["Mountain", "Grizzly Bears"], hand_a=["Skinbrand Goblin"])
    bears = ids["Grizzly Bears"]
    attack(g, bears)
    until_blockers(g)
    activate_and_resolve(g, ids["Skinbrand Goblin"], 0, targets=((bears,),))
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (4, 3)
