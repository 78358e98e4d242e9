"""'~ deals 2 damage to any target and 1 damage to another target', '..., 2 damage to another target, and 3 damage to a
third target': each phrase's target differs from those chosen for the phrases before it (115.3, 601.2c), whether
the targets are given with the cast, asked one phrase at a time, or listed as legal actions. Played with the real
cards' text through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

ARC_TRAIL = record("Arc Trail", "{1}{R}", "Sorcery",
                   "Arc Trail deals 2 damage to any target and 1 damage to another target.")
CONE_OF_FLAME = record("Cone of Flame", "{3}{R}{R}", "Sorcery",
                       "Cone of Flame deals 1 damage to any target, 2 damage to another target, and 3 damage to a "
                       "third target.")
SERPENTINE_SPIKE = record("Serpentine Spike", "{5}{R}{R}", "Sorcery",
                          "Devoid (This card has no color.)\nSerpentine Spike deals 2 damage to target creature, 3 "
                          "damage to another target creature, and 4 damage to a third target creature. If a creature "
                          "dealt damage this way would die this turn, exile it instead.")


@pytest.mark.rules("115.3", "601.2c")
def test_arc_trail_deals_its_damage_to_two_different_targets(extra_cards):
    extra_cards(ARC_TRAIL, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Grizzly Bears"], hand_a=["Arc Trail"])
    bears = ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Arc Trail"], targets=((bears,), (bears,))))
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Arc Trail"]]
    assert casts and all(len(set(map(str, a.targets))) == 2 for a in casts)
    cast_and_resolve(g, ids["Arc Trail"], targets=((bears,), ("P1",)))
    assert bears not in g.state.battlefield
    assert g.state.players[1].life == 19


@pytest.mark.rules("115.3", "601.2c")
def test_cone_of_flame_asks_each_target_among_those_not_chosen_yet(extra_cards):
    extra_cards(CONE_OF_FLAME, fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Grizzly Bears"], hand_a=["Cone of Flame"])
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Cone of Flame"]))
    assert g.pending.kind is DecisionKind.CHOOSE
    g.apply(Choose(0, ("P1",)))                           # 1 damage to B
    assert "P1" not in g.pending.options
    g.apply(Choose(0, (bears,)))                          # 2 damage to the Bears
    assert g.pending.kind is DecisionKind.PRIORITY        # only A is left for the third: chosen without asking
    resolve_stack(g)
    assert (g.state.players[1].life, g.state.players[0].life) == (19, 17)
    assert bears not in g.state.battlefield


@pytest.mark.rules("115.3", "601.2c")
def test_serpentine_spike_cant_be_cast_without_three_different_creatures(extra_cards):
    extra_cards(SERPENTINE_SPIKE, fully_read=True)
    g, ids = table(["Mountain"] * 7, ["Grizzly Bears", "Llanowar Elves"], hand_a=["Serpentine Spike"])
    assert not [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Serpentine Spike"]]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Serpentine Spike"], targets=((ids["B:Grizzly Bears"],), (ids["B:Llanowar Elves"],),
                                                                (ids["B:Grizzly Bears"],))))


DRAKUSETH = record("Drakuseth, Maw of Flames", "{4}{R}{R}{R}", "Legendary Creature — Dragon",
                   "Flying\nWhenever Drakuseth, Maw of Flames attacks, it deals 4 damage to any target and 3 damage to "
                   "each of up to two other targets.", "7/7")


@pytest.mark.rules("115.3", "603.3d")
def test_drakuseths_attack_trigger_chooses_up_to_two_other_targets(extra_cards):
    extra_cards(DRAKUSETH, fully_read=True)
    g, ids = table(["Drakuseth, Maw of Flames"], ["Serra Angel", "Grizzly Bears"])
    angel, bears = ids["B:Serra Angel"], ids["B:Grizzly Bears"]
    attack(g, ids["Drakuseth, Maw of Flames"])
    assert g.pending.kind is DecisionKind.CHOOSE
    g.apply(Choose(0, (angel,)))                          # 4 damage to the Angel
    assert angel not in g.pending.options and bears in g.pending.options
    g.apply(Choose(0, (bears, "P1")))                     # 3 damage to each of the Bears and B
    resolve_stack(g)
    assert angel not in g.state.battlefield and bears not in g.state.battlefield
    assert g.state.players[1].life == 17


BLOOD_FEUD = record("Blood Feud", "{4}{R}{R}", "Sorcery", "Target creature fights another target creature.")
CONSUME_STRENGTH = record("Consume Strength", "{1}{B}{G}", "Instant",
                          "Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until end "
                          "of turn.")


@pytest.mark.rules("115.3", "701.14a")
def test_another_target_creature_after_a_target_creature_is_a_different_creature(extra_cards):
    # "another" in a target phrase after an earlier one means other than that target (it used to mean other than the
    # source, which a spell never is, so the same creature could be chosen twice).
    extra_cards(BLOOD_FEUD, CONSUME_STRENGTH, fully_read=True)
    g, ids = table(["Mountain"] * 6, ["Grizzly Bears", "Serra Angel"], hand_a=["Blood Feud", "Consume Strength"])
    bears, angel = ids["B:Grizzly Bears"], ids["B:Serra Angel"]
    for spell in ("Blood Feud", "Consume Strength"):
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids[spell], targets=((bears,), (bears,))))
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Blood Feud"]]
    assert casts and all(a.targets[0] != a.targets[1] for a in casts)
    cast_and_resolve(g, ids["Blood Feud"], targets=((angel,), (bears,)))
    assert bears not in g.state.battlefield and angel in g.state.battlefield


@pytest.mark.rules("115.3", "201.5")
def test_another_target_with_no_target_before_it_is_other_than_the_source(card):
    d = card("Master Decoy-like", "{W}", "Creature — Human Soldier",
             "{T}: Tap another target creature.", "1/1")
    spec = d.activated[0].mode.targets[0]
    assert spec.filter.other and spec.other_than == ()
