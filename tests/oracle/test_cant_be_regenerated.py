"""Effects that keep a creature from being regenerated this turn (701.19c): "Target creature can't be regenerated
this turn", "Creatures dealt damage this way can't be regenerated this turn", "If it's a creature, it can't be
regenerated this turn, and if it would die this turn, exile it instead"; and a static "If ~ would be destroyed,
regenerate it" (614.8), which they stop too. Real cards, played."""
from __future__ import annotations

import pytest

from tests.engine.driving import activate_and_resolve, cast_and_resolve, table
from engine.oracle import compile_card
from tests.oracle.conftest import record

GRAVEBIND = record("Gravebind", "{B}", "Instant",
                   "Target creature can't be regenerated this turn.\nDraw a card at the beginning of the next turn's "
                   "upkeep.")
FLAMEBREAK = record("Flamebreak", "{R}{R}{R}", "Sorcery",
                    "Flamebreak deals 3 damage to each creature without flying and each player. Creatures dealt damage "
                    "this way can't be regenerated this turn.")
DISINTEGRATE = record("Disintegrate", "{X}{R}", "Sorcery",
                      "Disintegrate deals X damage to any target. If it's a creature, it can't be regenerated this turn, "
                      "and if it would die this turn, exile it instead.")


def _names(g, zone: list[int]) -> list[str]:
    return [g.state.objects[o].name for o in zone]


def _shielded(g, skeletons):
    """Drudge Skeletons with a regeneration shield (701.19a)."""
    activate_and_resolve(g, skeletons, 0)
    assert g.state.objects[skeletons].regen_shields == 1


@pytest.mark.rules("701.19c", "701.19a")
def test_target_creature_cant_be_regenerated_this_turn(extra_cards):
    extra_cards(GRAVEBIND)
    assert not compile_card(GRAVEBIND).unsupported
    g, ids = table(["Drudge Skeletons", "Swamp", "Swamp", "Mountain"], [], ["Gravebind", "Shock"])
    skeletons = ids["Drudge Skeletons"]
    _shielded(g, skeletons)
    cast_and_resolve(g, ids["Gravebind"], targets=((skeletons,),))
    cast_and_resolve(g, ids["Shock"], targets=((skeletons,),))
    assert skeletons not in g.state.battlefield
    assert "Drudge Skeletons" in _names(g, g.state.players[0].graveyard)


@pytest.mark.rules("701.19c", "120.3")
def test_creatures_dealt_damage_this_way_cant_be_regenerated(extra_cards):
    extra_cards(FLAMEBREAK)
    assert not compile_card(FLAMEBREAK).unsupported
    g, ids = table(["Drudge Skeletons", "Swamp", "Mountain", "Mountain", "Mountain"], [], ["Flamebreak"])
    skeletons = ids["Drudge Skeletons"]
    _shielded(g, skeletons)
    cast_and_resolve(g, ids["Flamebreak"])
    assert skeletons not in g.state.battlefield
    assert (g.state.players[0].life, g.state.players[1].life) == (17, 17)


@pytest.mark.rules("701.19c", "614.1a", "608.2c")
def test_if_its_a_creature_no_regeneration_and_exiled_instead_of_dying(extra_cards):
    extra_cards(DISINTEGRATE)
    assert not compile_card(DISINTEGRATE).unsupported
    g, ids = table(["Drudge Skeletons", "Swamp", "Mountain", "Mountain"], [], ["Disintegrate"])
    skeletons = ids["Drudge Skeletons"]
    _shielded(g, skeletons)
    cast_and_resolve(g, ids["Disintegrate"], targets=((skeletons,),), x=1)
    assert skeletons not in g.state.battlefield
    assert "Drudge Skeletons" in _names(g, g.state.exile)
    assert "Drudge Skeletons" not in _names(g, g.state.players[0].graveyard)


@pytest.mark.rules("608.2c")
def test_a_player_target_is_only_dealt_damage(extra_cards):
    extra_cards(DISINTEGRATE)
    g, ids = table(["Mountain", "Mountain", "Mountain"], [], ["Disintegrate"])
    cast_and_resolve(g, ids["Disintegrate"], targets=(("P1",),), x=2)
    assert g.state.players[1].life == 18


KNIGHT_OF_THE_HOLY_NIMBUS = record("Knight of the Holy Nimbus", "{W}{W}", "Creature — Human Rebel Knight",
                                   "Flanking (Whenever a creature without flanking blocks this creature, the blocking "
                                   "creature gets -1/-1 until end of turn.)\nIf Knight of the Holy Nimbus would be "
                                   "destroyed, regenerate it. (Tap it, remove it from combat, and heal all damage on "
                                   "it.)\n{2}: Knight of the Holy Nimbus can't be regenerated this turn. Only your "
                                   "opponents may activate this ability.", "2/2")


@pytest.mark.rules("614.8", "701.19b", "704.5g")
def test_a_static_regeneration_applies_each_time_it_would_be_destroyed(extra_cards):
    extra_cards(KNIGHT_OF_THE_HOLY_NIMBUS)
    g, ids = table(["Mountain", "Swamp", "Swamp", "Knight of the Holy Nimbus"], [], ["Lightning Bolt", "Doom Blade"])
    knight = ids["Knight of the Holy Nimbus"]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((knight,),))
    assert knight in g.state.battlefield and g.state.objects[knight].tapped and g.state.objects[knight].damage == 0
    cast_and_resolve(g, ids["Doom Blade"], targets=((knight,),))
    assert knight in g.state.battlefield                    # not a shield used up: again


@pytest.mark.rules("614.8", "701.19c")
def test_a_static_regeneration_doesnt_apply_when_it_cant_be_regenerated(extra_cards):
    extra_cards(KNIGHT_OF_THE_HOLY_NIMBUS, GRAVEBIND)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Knight of the Holy Nimbus"], [], ["Gravebind", "Doom Blade"])
    knight = ids["Knight of the Holy Nimbus"]
    cast_and_resolve(g, ids["Gravebind"], targets=((knight,),))
    cast_and_resolve(g, ids["Doom Blade"], targets=((knight,),))
    assert knight not in g.state.battlefield
    assert "Knight of the Holy Nimbus" in _names(g, g.state.players[0].graveyard)
