"""Face-down permanents named as a group (708.2): "Face-down creatures you control get +0/+1" (Secret Plans) and
"Whenever a face-down creature enters the battlefield under your control" (Trail of Mystery): a face-down
permanent only, not one face up, nor one another player controls."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import TurnFaceUp
from tests.engine.driving import activate_and_resolve, cast_and_settle, preferring, table
from tests.engine.test_morph import WOOLLY_LOXODON
from tests.oracle.conftest import record

SECRET_PLANS = record("Secret Plans", "{G}{U}", "Enchantment",
                      "Face-down creatures you control get +0/+1.\nWhenever a permanent you control is turned face up, "
                      "draw a card.")
TRAIL_OF_MYSTERY = record("Trail of Mystery", "{1}{G}", "Enchantment",
                          "Whenever a face-down creature enters the battlefield under your control, you may search "
                          "your library for a basic land card, reveal it, put it into your hand, then shuffle.\n"
                          "Whenever a permanent you control is turned face up, if it's a creature, it gets +2/+2 until "
                          "end of turn.")


@pytest.mark.rules("708.2", "708.2a", "613.4c")
def test_face_down_creatures_you_control_get_a_bonus(extra_cards):
    extra_cards(SECRET_PLANS, TRAIL_OF_MYSTERY, fully_read=True)
    extra_cards(WOOLLY_LOXODON)
    g, ids = table(["Secret Plans", "Grizzly Bears"] + ["Forest"] * 7)
    mine = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    theirs = g.add_card("Woolly Loxodon", 1, Zone.BATTLEFIELD, face_down=True)
    assert (g.characteristics(mine).power, g.characteristics(mine).toughness) == (2, 3)
    assert g.characteristics(theirs).toughness == 2            # not one you control
    assert g.characteristics(ids["Grizzly Bears"]).toughness == 2       # a face-up creature
    g.apply(TurnFaceUp(0, mine))
    assert (g.characteristics(mine).power, g.characteristics(mine).toughness) == (6, 7)    # face up: no bonus


@pytest.mark.rules("708.2", "708.4", "603.2")
def test_a_face_down_creature_entering_triggers(extra_cards):
    extra_cards(TRAIL_OF_MYSTERY, fully_read=True)
    extra_cards(WOOLLY_LOXODON)
    g, ids = table(["Trail of Mystery"] + ["Forest"] * 3, hand_a=["Woolly Loxodon", "Grizzly Bears"])
    library = g.state.players[0].library
    g.add_card("Forest", 0, Zone.LIBRARY)
    cast_and_settle(g, ids["Woolly Loxodon"], alt="face_down", answer=preferring(True))
    hand = sorted(g.state.objects[c].name for c in g.state.players[0].hand)
    assert hand in (["Forest", "Grizzly Bears"], ["Grizzly Bears", "Plains"]) and len(library) == 8   # a basic land
    g, ids = table(["Trail of Mystery"] + ["Forest"] * 2, hand_a=["Grizzly Bears"])
    g.add_card("Forest", 0, Zone.LIBRARY)
    cast_and_settle(g, ids["Grizzly Bears"])            # face up: no trigger
    assert [g.state.objects[c].name for c in g.state.players[0].hand] == []


WHISPERWOOD_ELEMENTAL = record("Whisperwood Elemental", "{3}{G}{G}", "Creature — Elemental",
                               "At the beginning of your end step, manifest the top card of your library. (Put it onto "
                               "the battlefield face down as a 2/2 creature. Turn it face up any time for its mana cost "
                               "if it's a creature card.)\nSacrifice Whisperwood Elemental: Until end of turn, face-up "
                               "nontoken creatures you control gain \"When this creature dies, manifest the top card of "
                               "your library.\"", "4/4")


@pytest.mark.rules("708.2", "611.2c", "701.40a")
def test_face_up_creatures_gain_an_ability(extra_cards):
    extra_cards(WHISPERWOOD_ELEMENTAL, fully_read=True)
    extra_cards(WOOLLY_LOXODON)
    g, ids = table(["Whisperwood Elemental", "Grizzly Bears", "Mountain", "Mountain"],
                   hand_a=["Lightning Bolt", "Shock"])
    hidden = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    activate_and_resolve(g, ids["Whisperwood Elemental"])
    assert [t.text for t in g.characteristics(ids["Grizzly Bears"]).triggered] == [
        "When ~ dies, manifest the top card of your library."]
    assert g.characteristics(hidden).triggered == ()            # face down: not one of them
    for creature, manifests, spell in ((hidden, 0, "Lightning Bolt"), (ids["Grizzly Bears"], 1, "Shock")):
        cast_and_settle(g, ids[spell], targets=((creature,),))
        assert sum(g.state.objects[o].face_down for o in g.state.battlefield) == manifests
