"""'face-down creature' (708.2): a description of a face-down permanent's status, not of its characteristics
(110.5), in a trigger ("Whenever a face-down creature enters under your control") and in a static ability
("Face-down creatures you control get +0/+1"); a face-up creature isn't one."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell, TurnFaceUp
from tests.engine.driving import activate_and_resolve, settle, table
from tests.engine.test_morph import WOOLLY_LOXODON
from tests.oracle.conftest import record

TRAIL_OF_MYSTERY = record("Trail of Mystery", "{1}{G}", "Enchantment",
                          "Whenever a face-down creature enters the battlefield under your control, you may search your "
                          "library for a basic land card, reveal it, put it into your hand, then shuffle.\nWhenever a "
                          "permanent you control is turned face up, if it's a creature, it gets +2/+2 until end of turn.")
SECRET_PLANS = record("Secret Plans", "{G}{U}", "Enchantment",
                      "Face-down creatures you control get +0/+1.\nWhenever a permanent you control is turned face up, "
                      "draw a card.")


@pytest.mark.rules("708.2", "702.37c", "603.2", "701.23a")
@pytest.mark.parametrize("face_down", [True, False])
def test_trail_of_mystery_finds_a_land_for_a_face_down_creature(extra_cards, face_down):
    extra_cards(TRAIL_OF_MYSTERY, WOOLLY_LOXODON, fully_read=True)
    g, ids = table(["Trail of Mystery"] + ["Forest"] * 7, hand_a=["Woolly Loxodon"])
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(0, ids["Woolly Loxodon"], alt="face_down") if face_down else CastSpell(0, ids["Woolly Loxodon"]))
    settle(g, lambda d: tuple(d.options[:max(d.min, 1)]))       # yes, and the first basic land (a Plains)
    assert [g.state.objects[o].face_down for o in g.state.battlefield if g.characteristics(o).is_creature] == [face_down]
    in_hand = [g.characteristics(o).name for o in g.state.players[0].hand]
    assert in_hand == (["Plains"] if face_down else [])
    assert len(g.state.players[0].hand) == hand - 1 + face_down


@pytest.mark.rules("708.2", "613.4c")
def test_secret_plans_pumps_only_face_down_creatures_you_control(extra_cards):
    extra_cards(SECRET_PLANS, WOOLLY_LOXODON, fully_read=True)
    g, ids = table(["Secret Plans", "Grizzly Bears"] + ["Forest"] * 6)
    mine = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    theirs = g.add_card("Woolly Loxodon", 1, Zone.BATTLEFIELD, face_down=True)
    pt = lambda o: (g.characteristics(o).power, g.characteristics(o).toughness)    # noqa: E731
    assert (pt(mine), pt(theirs), pt(ids["Grizzly Bears"])) == ((2, 3), (2, 2), (2, 2))
    hand = len(g.state.players[0].hand)
    g.apply(TurnFaceUp(0, mine))
    settle(g)
    assert pt(mine) == (6, 7)          # face up now: no longer pumped
    assert len(g.state.players[0].hand) == hand + 1


WHISPERWOOD_ELEMENTAL = record("Whisperwood Elemental", "{3}{G}{G}", "Creature — Elemental",
                               "At the beginning of your end step, manifest the top card of your library. (Put it onto "
                               "the battlefield face down as a 2/2 creature. Turn it face up any time for its mana cost "
                               "if it's a creature card.)\nSacrifice Whisperwood Elemental: Until end of turn, face-up "
                               "nontoken creatures you control gain \"When this creature dies, manifest the top card of "
                               "your library.\"", "4/4")


@pytest.mark.rules("708.2", "613.1f", "611.2c")
def test_whisperwood_elemental_grants_its_ability_to_face_up_creatures_only(extra_cards):
    extra_cards(WHISPERWOOD_ELEMENTAL, WOOLLY_LOXODON, fully_read=True)
    g, ids = table(["Whisperwood Elemental", "Grizzly Bears"])
    hidden = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    before = len(g.characteristics(ids["Grizzly Bears"]).triggered)
    activate_and_resolve(g, ids["Whisperwood Elemental"], 0)
    assert len(g.characteristics(ids["Grizzly Bears"]).triggered) == before + 1
    assert not g.characteristics(hidden).triggered
