""""Lands you control are every basic land type in addition to their other types" (305.7 does not apply: 205.1b, the
old types stay), so each has the five basic lands' mana abilities (305.6); "Enchanted land is a Mountain, Forest, and
Plains": those three types replace its land types (305.7). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.player_actions import ActivateAbility, CastSpell
from engine.core.enums import Step
from tests.engine.driving import activate_and_resolve, advance, resolve_stack, table
from tests.oracle.conftest import record

PRISMATIC_OMEN = record("Prismatic Omen", "{1}{G}", "Enchantment",
                        "Lands you control are every basic land type in addition to their other types.")


@pytest.mark.rules("205.1b", "305.6", "613.1d")
def test_prismatic_omen_lets_a_forest_tap_for_blue(extra_cards):
    extra_cards(PRISMATIC_OMEN)
    g, ids = table(["Prismatic Omen", "Forest"], ["Grizzly Bears", "Forest"], hand_a=["Unsummon"])
    forest = ids["Forest"]
    assert set(g.characteristics(forest).subtypes) == {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert set(g.characteristics(ids["B:Forest"]).subtypes) == {"Forest"}, "only its controller's lands"
    island = next(i for i, ab in enumerate(g.characteristics(forest).activated) if ab.text == "{T}: Add {U}.")
    g.apply(ActivateAbility(0, forest, island))          # a mana ability: no stack (605.3a)
    assert g.state.players[0].mana_pool["U"] == 1
    g.apply(CastSpell(0, ids["Unsummon"], targets=((ids["B:Grizzly Bears"],),)))
    resolve_stack(g)
    assert ids["B:Grizzly Bears"] not in g.state.battlefield


LUSH_GROWTH = record("Lush Growth", "{G}", "Enchantment — Aura",
                     "Enchant land\nEnchanted land is a Mountain, Forest, and Plains.")


@pytest.mark.rules("305.7", "305.6")
def test_enchanted_land_is_a_mountain_forest_and_plains(extra_cards):
    extra_cards(LUSH_GROWTH, fully_read=True)
    g, ids = table(["Forest", "Swamp"], hand_a=["Lush Growth"])
    swamp = ids["Swamp"]
    g.apply(CastSpell(0, ids["Lush Growth"], targets=((swamp,),)))
    resolve_stack(g)
    assert g.characteristics(swamp).subtypes == {"Mountain", "Forest", "Plains"}
    assert sorted(ab.text for ab in g.characteristics(swamp).activated) == ["{T}: Add {G}.", "{T}: Add {R}.",
                                                                         "{T}: Add {W}."], "no {B} any more"


ORCISH_FARMER = record("Orcish Farmer", "{1}{R}{R}", "Creature — Orc",
                       "{T}: Target land becomes a Swamp until its controller's next untap step.", "2/2")


@pytest.mark.rules("305.7", "611.2a", "502.3")
def test_target_land_becomes_a_swamp_until_its_controllers_next_untap_step(extra_cards):
    """The opponent's Forest is a Swamp, tapping for {B} alone, until that player's next untap step: still at the end of
    this turn, a Forest again in their upkeep."""
    extra_cards(ORCISH_FARMER, fully_read=True)
    g, ids = table(["Orcish Farmer"], ["Forest"])
    forest = ids["B:Forest"]
    activate_and_resolve(g, ids["Orcish Farmer"], 0, targets=((forest,),))
    ch = g.characteristics(forest)
    assert set(ch.subtypes) == {"Swamp"} and [ab.text for ab in ch.activated] == ["{T}: Add {B}."]
    advance(g, Step.END)
    assert set(g.characteristics(forest).subtypes) == {"Swamp"}
    advance(g, Step.UPKEEP, turn=4)
    assert set(g.characteristics(forest).subtypes) == {"Forest"}
