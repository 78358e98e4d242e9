"""Descriptions by what a permanent did this turn or has on it: "creatures that entered the battlefield this turn"
(a new object, 400.7), "creatures that attacked this turn" (508.1), "target creature that blocked this turn" (509.1),
"target enchanted creature" (an Aura attached to it, 303.4), "legendary permanent that's an artifact, creature, or
enchantment" (one of those card types, 205.2a)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, DeclareBlockers
from tests.engine.driving import (activate_and_resolve, advance, attack, cast_and_resolve, on_battlefield, pass_until,
                                  table)
from tests.oracle.conftest import record

FORCE_OF_DESPAIR = record("Force of Despair", "{1}{B}{B}", "Instant",
                          "If it's not your turn, you may exile a black card from your hand rather than pay this "
                          "spell's mana cost.\nDestroy all creatures that entered the battlefield this turn.")
SIZZLING_BARRAGE = record("Sizzling Barrage", "{1}{R}", "Instant",
                          "Sizzling Barrage deals 4 damage to target creature that blocked this turn.")
FURY_OF_THE_HORDE = record("Fury of the Horde", "{5}{R}{R}", "Sorcery",
                           "You may exile two red cards from your hand rather than pay this spell's mana cost.\nUntap "
                           "all creatures that attacked this turn. After this main phase, there is an additional "
                           "combat phase followed by an additional main phase.")
RAMSES_OVERDARK = record("Ramses Overdark", "{2}{U}{U}{B}{B}", "Legendary Creature — Human Assassin",
                         "{T}: Destroy target enchanted creature.", "4/3")


@pytest.mark.rules("400.7", "611.2c")
def test_force_of_despair_destroys_only_the_creatures_that_entered_this_turn(extra_cards):
    extra_cards(FORCE_OF_DESPAIR, fully_read=True)
    g, ids = table(["Forest", "Forest", "Swamp", "Swamp", "Swamp", "Craw Wurm"], ["Hill Giant"],
                   hand_a=["Grizzly Bears", "Force of Despair"])
    cast_and_resolve(g, ids["Grizzly Bears"])
    (bears,) = on_battlefield(g, "Grizzly Bears")
    cast_and_resolve(g, ids["Force of Despair"])
    assert bears not in g.state.battlefield
    assert ids["Craw Wurm"] in g.state.battlefield and ids["B:Hill Giant"] in g.state.battlefield


def _blocked_combat(g, ids):
    """A attacks with Grizzly Bears and Craw Wurm; B blocks the Bears with Hill Giant; then A's second main phase."""
    attack(g, ids["Grizzly Bears"], ids["Craw Wurm"])
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Hill Giant"]: (ids["Grizzly Bears"],)}))
    advance(g, Step.MAIN2)


@pytest.mark.rules("509.1", "120.3")
def test_sizzling_barrage_targets_only_a_creature_that_blocked(extra_cards):
    extra_cards(SIZZLING_BARRAGE, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Grizzly Bears", "Craw Wurm"], ["Hill Giant", "Giant Spider"],
                   hand_a=["Sizzling Barrage"])
    _blocked_combat(g, ids)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Sizzling Barrage"], targets=((ids["B:Giant Spider"],),)))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Sizzling Barrage"], targets=((ids["Craw Wurm"],),)))     # it attacked
    cast_and_resolve(g, ids["Sizzling Barrage"], targets=((ids["B:Hill Giant"],),))
    assert ids["B:Hill Giant"] not in g.state.battlefield


@pytest.mark.rules("508.1", "500.8")
def test_fury_of_the_horde_untaps_the_creatures_that_attacked(extra_cards):
    extra_cards(FURY_OF_THE_HORDE, fully_read=True)
    g, ids = table(["Mountain"] * 7 + ["Grizzly Bears", "Craw Wurm"], ["Hill Giant"], hand_a=["Fury of the Horde"])
    idle = g.add_card("Hill Giant", 0, Zone.BATTLEFIELD, tapped=True)
    _blocked_combat(g, ids)
    assert g.state.objects[ids["Craw Wurm"]].tapped
    cast_and_resolve(g, ids["Fury of the Horde"])
    assert not g.state.objects[ids["Craw Wurm"]].tapped
    assert g.state.objects[idle].tapped             # it didn't attack


@pytest.mark.rules("303.4", "115.1")
def test_ramses_overdark_destroys_only_an_enchanted_creature(extra_cards):
    extra_cards(RAMSES_OVERDARK, fully_read=True)
    g, ids = table(["Ramses Overdark"], ["Craw Wurm", "Hill Giant"])
    g.attach(g.add_card("Pacifism", 0, Zone.BATTLEFIELD), ids["B:Hill Giant"])
    with pytest.raises(IllegalAction):
        activate_and_resolve(g, ids["Ramses Overdark"], targets=((ids["B:Craw Wurm"],),))
    activate_and_resolve(g, ids["Ramses Overdark"], targets=((ids["B:Hill Giant"],),))
    assert ids["B:Hill Giant"] not in g.state.battlefield


BOUNTY_AGENT = record("Bounty Agent", "{1}{W}", "Creature — Human Soldier",
                      "Vigilance\n{T}, Sacrifice Bounty Agent: Destroy target legendary permanent that's an artifact, "
                      "creature, or enchantment.", "2/2")
LEGENDARY_LAND = record("Pendelhaven", None, "Legendary Land",
                        "{T}: Add {G}.\n{T}: Target 1/1 creature gets +1/+2 until end of turn.")


@pytest.mark.rules("205.2a", "205.4d", "115.1")
def test_bounty_agent_targets_a_legendary_permanent_of_those_card_types(extra_cards):
    extra_cards(BOUNTY_AGENT, fully_read=True)
    extra_cards(LEGENDARY_LAND)
    g, ids = table(["Bounty Agent"], ["Grizzly Bears", "Pendelhaven", "Isamaru, Hound of Konda"])
    for wrong in ("B:Grizzly Bears", "B:Pendelhaven"):      # not legendary; a legendary land
        with pytest.raises(IllegalAction):
            activate_and_resolve(g, ids["Bounty Agent"], targets=((ids[wrong],),))
    activate_and_resolve(g, ids["Bounty Agent"], targets=((ids["B:Isamaru, Hound of Konda"],),))
    assert ids["B:Isamaru, Hound of Konda"] not in g.state.battlefield
