"""Redirection of the damage of a group of sources (614.9): "All combat damage that would be dealt to you by
unblocked creatures this turn is dealt to ~ instead", and as a static ability "As long as ~ is untapped, all damage
that would be dealt to you by artifacts is dealt to ~ instead"; "All damage that would be dealt to you and other
permanents you control is dealt to ~ instead". Each played from a real card's wording."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import activate_and_resolve, cast_and_resolve, table
from tests.oracle.conftest import record
from tests.oracle.test_prevent_combat_damage_groups import b_attacks
from tests.oracle.test_static_prevention import ROD_OF_RUIN

KJELDORAN_ROYAL_GUARD = record("Kjeldoran Royal Guard", "{3}{W}{W}", "Creature — Human Soldier",
                               "{T}: All combat damage that would be dealt to you by unblocked creatures this turn is "
                               "dealt to Kjeldoran Royal Guard instead.", "2/5")
MARTYRS_OF_KORLIS = record("Martyrs of Korlis", "{3}{W}{W}", "Creature — Human",
                           "As long as Martyrs of Korlis is untapped, all damage that would be dealt to you by "
                           "artifacts is dealt to Martyrs of Korlis instead.", "1/6")
WEATHERED_BODYGUARDS = record("Weathered Bodyguards", "{5}{W}", "Creature — Human Soldier",
                              "As long as Weathered Bodyguards is untapped, all combat damage that would be dealt to "
                              "you by unblocked creatures is dealt to Weathered Bodyguards instead.\nMorph {3}{W} (You "
                              "may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for "
                              "its morph cost.)", "2/5")


@pytest.mark.rules("614.9", "509.1h")
def test_kjeldoran_royal_guard_takes_the_unblocked_creatures_damage(extra_cards):
    extra_cards(KJELDORAN_ROYAL_GUARD, fully_read=True)
    g, ids = table(["Kjeldoran Royal Guard", "Hill Giant"], ["Grizzly Bears", "Llanowar Elves"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    guard, giant, bears = ids["Kjeldoran Royal Guard"], ids["Hill Giant"], ids["B:Grizzly Bears"]
    b_attacks(g, [bears, ids["B:Llanowar Elves"]], ActivateAbility(0, guard, 0), {giant: (bears,)})
    assert g.state.players[0].life == 20
    assert g.state.objects[guard].damage == 1             # the unblocked Elves' 1
    assert g.state.objects[giant].damage == 2             # the blocked Bears' damage stays on the Giant


@pytest.mark.rules("614.9", "611.3a")
def test_weathered_bodyguards_redirect_only_while_untapped(extra_cards):
    extra_cards(WEATHERED_BODYGUARDS, fully_read=True)
    g, ids = table(["Weathered Bodyguards"], ["Grizzly Bears"], active=1, step=Step.BEGINNING_OF_COMBAT)
    bodyguards = ids["Weathered Bodyguards"]
    b_attacks(g, [ids["B:Grizzly Bears"]])
    assert g.state.players[0].life == 20 and g.state.objects[bodyguards].damage == 2
    g, ids = table(["Weathered Bodyguards"], ["Grizzly Bears"], active=1, step=Step.BEGINNING_OF_COMBAT)
    g.state.objects[ids["Weathered Bodyguards"]].tapped = True
    b_attacks(g, [ids["B:Grizzly Bears"]])
    assert g.state.players[0].life == 18


@pytest.mark.rules("614.9")
def test_martyrs_of_korlis_take_an_artifacts_damage(extra_cards):
    extra_cards(MARTYRS_OF_KORLIS, fully_read=True)
    extra_cards(ROD_OF_RUIN)
    g, ids = table(["Rod of Ruin", "Martyrs of Korlis", "Mountain", "Mountain", "Mountain"], [])
    activate_and_resolve(g, ids["Rod of Ruin"], 0, targets=(("P0",),))
    assert g.state.players[0].life == 20
    assert g.state.objects[ids["Martyrs of Korlis"]].damage == 1


PALISADE_GIANT = record("Palisade Giant", "{4}{W}{W}", "Creature — Giant Soldier",
                        "All damage that would be dealt to you and other permanents you control is dealt to Palisade "
                        "Giant instead.", "2/7")


@pytest.mark.rules("614.9")
def test_palisade_giant_takes_the_damage_to_you_and_your_other_permanents(extra_cards):
    extra_cards(PALISADE_GIANT, fully_read=True)
    g, ids = table(["Palisade Giant", "Grizzly Bears"], ["Mountain"] * 3, hand_b=["Shock", "Lightning Bolt"],
                   active=1)
    giant, bears = ids["Palisade Giant"], ids["Grizzly Bears"]
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=((bears,),))
    assert g.state.objects[bears].damage == 0 and g.state.objects[giant].damage == 2
    cast_and_resolve(g, ids["B:Lightning Bolt"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20
    assert g.state.objects[giant].damage == 2 + 3
