"""A keyword granted without a duration lasts (611.2a): "Return target creature card from your graveyard to
the battlefield. That creature gains haste." (Apprentice Necromancer), compiled and played; and "that
creature" after putting a card from a hand is not read as the ability's source."""
from __future__ import annotations

import pytest

from engine.core.abilities import Ref
from engine.core.enums import Step, Zone
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

APPRENTICE_NECROMANCER = record("Apprentice Necromancer", "{1}{B}", "Creature — Zombie Wizard",
                                "{B}, {T}, Sacrifice Apprentice Necromancer: Return target creature card from your "
                                "graveyard to the battlefield. That creature gains haste. At the beginning of the "
                                "next end step, sacrifice it.", "1/1")
SNEAK_ATTACK = record("Sneak Attack", "{3}{R}", "Enchantment",
                      "{R}: You may put a creature card from your hand onto the battlefield. That creature gains "
                      "haste. Sacrifice the creature at the beginning of the next end step.")


@pytest.mark.rules("611.2a", "702.10b")
def test_that_creature_gains_haste(extra_cards):
    extra_cards(APPRENTICE_NECROMANCER, fully_read=True)
    g, ids = table(["Apprentice Necromancer", "Swamp"])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    activate_and_resolve(g, ids["Apprentice Necromancer"], 0, targets=((bears,),))
    back = on_battlefield(g, "Grizzly Bears")
    assert back and g.characteristics(back[0]).has("haste")
    advance(g, Step.END)
    resolve_stack(g)
    assert not on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("608.2c", "400.7")
def test_that_creature_after_a_card_put_from_hand_is_not_the_source():
    # "that creature" is the permanent the card put from the hand became (played in test_optional_permissions)
    put, haste, sacrifice = compile_card(SNEAK_ATTACK).activated[0].mode.effects
    assert haste.what == Ref("created") and sacrifice.remember == (Ref("created"),)


CANOPY_CLAWS = record("Canopy Claws", "{G}", "Instant",
                      "Target creature loses flying until end of turn.\nFlashback {G} (You may cast this card from "
                      "your graveyard for its flashback cost. Then exile it.)")
LEERING_GARGOYLE = record("Leering Gargoyle", "{1}{W}{U}", "Creature — Gargoyle",
                          "Flying\n{T}: Leering Gargoyle gets -2/+2 and loses flying until end of turn.", "2/2")


@pytest.mark.rules("613.1f", "611.2a")
def test_target_creature_loses_flying_until_end_of_turn(extra_cards):
    extra_cards(CANOPY_CLAWS, fully_read=True)
    g, ids = table(["Forest"], ["Serra Angel"], hand_a=["Canopy Claws"])
    cast_and_resolve(g, ids["Canopy Claws"], targets=((ids["B:Serra Angel"],),))
    ch = g.characteristics(ids["B:Serra Angel"])
    assert not ch.has("flying") and ch.has("vigilance")
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(ids["B:Serra Angel"]).has("flying")


@pytest.mark.rules("613.1f", "613.4c")
def test_gets_and_loses_flying(extra_cards):
    extra_cards(LEERING_GARGOYLE, fully_read=True)
    g, ids = table(["Leering Gargoyle"])
    activate_and_resolve(g, ids["Leering Gargoyle"], 0)
    ch = g.characteristics(ids["Leering Gargoyle"])
    assert (ch.power, ch.toughness, ch.has("flying")) == (0, 4, False)
