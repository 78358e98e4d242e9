""""Whenever ~ or equipped creature deals combat damage to a player" (603.2): two trigger events, each read with its
own referent: "it" is the creature that dealt the damage, ~ itself (a creature, unattached by reconfigure, 702.151)
or the equipped creature (Ogre-Head Helm's ruling), and "that player" is the player dealt the damage."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, Choose, DeclareBlockers, PassPriority
from tests.engine.driving import attack, on_battlefield, settle, table
from tests.oracle.conftest import record

OGRE_HEAD_HELM = record("Ogre-Head Helm", "{1}{R}", "Artifact Creature — Equipment Ogre",
                        "Equipped creature gets +2/+2.\nWhenever Ogre-Head Helm or equipped creature deals combat damage "
                        "to a player, you may sacrifice it. If you do, discard your hand, then draw three cards.\n"
                        "Reconfigure {3} ({3}: Attach to target creature you control; or unattach from a creature. "
                        "Reconfigure only as a sorcery. While attached, this isn't a creature.)", "2/2")
KOMAINU_BATTLE_ARMOR = record("Komainu Battle Armor", "{2}{R}", "Artifact Creature — Equipment Dog",
                              "Menace\nEquipped creature gets +2/+2 and has menace.\nWhenever Komainu Battle Armor or "
                              "equipped creature deals combat damage to a player, goad each creature that player "
                              "controls.\nReconfigure {4} ({4}: Attach to target creature you control; or unattach from "
                              "a creature. Reconfigure only as a sorcery. While attached, this isn't a creature.)", "2/2")


def _through_combat(g) -> None:
    """Passes through combat, B declaring no blockers, each "you may" answered yes."""
    while g.state.step is not Step.MAIN2:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1])))
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            g.apply(DeclareBlockers(d.player, {}))
        else:
            g.apply(PassPriority(d.player))


@pytest.mark.rules("603.2", "510.2", "702.151a")
@pytest.mark.parametrize("attached", [False, True])
def test_ogre_head_helm_sacrifices_the_creature_that_dealt_the_damage(extra_cards, attached):
    extra_cards(OGRE_HEAD_HELM, fully_read=True)
    g, ids = table(["Ogre-Head Helm", "Grizzly Bears", "Mountain", "Mountain", "Mountain"], [],
                   hand_a=["Shock", "Shock"])
    helm, bears = ids["Ogre-Head Helm"], ids["Grizzly Bears"]
    if attached:
        g.apply(ActivateAbility(0, helm, 0, targets=((bears,),)))
        settle(g)
        assert g.state.objects[helm].attached_to == bears
    attack(g, bears if attached else helm)
    _through_combat(g)
    assert g.state.players[1].life == 20 - (4 if attached else 2)
    assert bool(on_battlefield(g, "Grizzly Bears")) == (not attached)
    assert bool(on_battlefield(g, "Ogre-Head Helm")) == attached
    hand = [g.state.objects[o].name for o in g.state.players[0].hand]
    assert len(hand) == 3 and "Shock" not in hand        # the hand discarded, three cards drawn


@pytest.mark.rules("603.2", "701.15a")
def test_komainu_goads_each_creature_of_the_player_dealt_damage(extra_cards):
    extra_cards(KOMAINU_BATTLE_ARMOR, fully_read=True)
    g, ids = table(["Komainu Battle Armor"], ["Grizzly Bears"])
    attack(g, ids["Komainu Battle Armor"])
    _through_combat(g)
    goaded = [o for e in g.state.effects if e.params.get("kind") == "goaded" for o in e.affected]
    assert goaded == [ids["B:Grizzly Bears"]]
