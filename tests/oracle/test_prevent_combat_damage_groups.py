"""Prevention of combat damage by a group named by more than card type and controller (615.1a, 611.2c): "dealt by
unblocked creatures", "by creatures without trample", "blue creatures and black creatures would deal", each source
checked as combat damage is dealt (510.2: by permanents on the battlefield); "dealt to players"; and a shield of the
next N combat damage (615.7). Each played from a real card's wording through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from engine.game import Game
from tests.engine.driving import advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

SNAG = record("Snag", "{3}{G}", "Instant",
              "You may discard a Forest card rather than pay this spell's mana cost.\nPrevent all combat damage that "
              "would be dealt by unblocked creatures this turn.")
TANGLESAP = record("Tanglesap", "{1}{G}", "Instant",
                   "Prevent all combat damage that would be dealt this turn by creatures without trample.")
COMMENCEMENT = record("Commencement of Festivities", "{1}{G}", "Instant",
                      "Prevent all combat damage that would be dealt to players this turn.")
RADIANT_KAVU = record("Radiant Kavu", "{R}{G}{W}", "Creature — Kavu",
                      "{R}{G}{W}: Prevent all combat damage blue creatures and black creatures would deal this turn.",
                      "3/3")
DECORATED_GRIFFIN = record("Decorated Griffin", "{4}{W}", "Creature — Griffin",
                           "Flying\n{1}{W}: Prevent the next 1 combat damage that would be dealt to you this turn.", "2/3")


def b_attacks(g, attackers, before_blocks=None, blocks=None):
    """B attacks A with `attackers`; A then casts or activates (`before_blocks`), blocks with `blocks`, and the game
    goes on to B's second main phase."""
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {a: "P0" for a in attackers}))
    g.apply(PassPriority(1))
    if before_blocks is not None:
        g.apply(before_blocks)
        resolve_stack(g)
    if blocks:
        while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
            g.apply(PassPriority(g.pending.player))
        g.apply(DeclareBlockers(0, blocks))
    advance(g, Step.MAIN2)


@pytest.mark.rules("615.1a", "509.1h", "510.1")
def test_snag_prevents_the_unblocked_creatures_damage_only(extra_cards):
    extra_cards(SNAG, fully_read=True)
    g, ids = table(["Forest"] * 4 + ["Hill Giant"], ["Grizzly Bears", "Colossal Dreadmaw"], hand_a=["Snag"],
                   active=1, step=Step.BEGINNING_OF_COMBAT)
    bears, dreadmaw, giant = ids["B:Grizzly Bears"], ids["B:Colossal Dreadmaw"], ids["Hill Giant"]
    b_attacks(g, [bears, dreadmaw], CastSpell(0, ids["Snag"]), {giant: (bears,)})
    assert g.state.players[0].life == 20                  # the unblocked Dreadmaw's 6: prevented
    assert g.state.objects[giant].damage == 2             # the blocked Bears' damage: dealt


@pytest.mark.rules("615.1a", "702.19a")
def test_tanglesap_spares_only_creatures_with_trample(extra_cards):
    extra_cards(TANGLESAP, fully_read=True)
    g, ids = table(["Forest", "Forest"], ["Grizzly Bears", "Colossal Dreadmaw"], hand_a=["Tanglesap"],
                   active=1, step=Step.BEGINNING_OF_COMBAT)
    b_attacks(g, [ids["B:Grizzly Bears"], ids["B:Colossal Dreadmaw"]], CastSpell(0, ids["Tanglesap"]))
    assert g.state.players[0].life == 14                  # the Dreadmaw (trample): 6; the Bears: prevented


@pytest.mark.rules("615.1a", "615.7")
def test_commencement_of_festivities_shields_the_players_not_the_creatures(extra_cards):
    extra_cards(COMMENCEMENT, fully_read=True)
    g, ids = table(["Forest", "Forest", "Hill Giant"], ["Grizzly Bears", "Colossal Dreadmaw"],
                   hand_a=["Commencement of Festivities"], active=1, step=Step.BEGINNING_OF_COMBAT)
    bears, giant = ids["B:Grizzly Bears"], ids["Hill Giant"]
    b_attacks(g, [bears, ids["B:Colossal Dreadmaw"]], CastSpell(0, ids["Commencement of Festivities"]),
              {giant: (bears,)})
    assert g.state.players[0].life == 20
    assert g.state.objects[giant].damage == 2


@pytest.mark.rules("615.1a", "105.2")
def test_radiant_kavu_prevents_black_creatures_combat_damage(extra_cards):
    extra_cards(RADIANT_KAVU, fully_read=True)
    g, ids = table(["Radiant Kavu", "Mountain", "Forest", "Plains"], ["Black Knight", "Grizzly Bears"],
                   active=1, step=Step.BEGINNING_OF_COMBAT)
    b_attacks(g, [ids["B:Black Knight"], ids["B:Grizzly Bears"]], ActivateAbility(0, ids["Radiant Kavu"], 0))
    assert g.state.players[0].life == 18                  # the green Bears' 2 only


@pytest.mark.rules("615.7")
def test_decorated_griffin_shield_is_not_used_by_noncombat_damage(extra_cards):
    extra_cards(DECORATED_GRIFFIN, fully_read=True)
    g, ids = table(["Decorated Griffin", "Plains", "Plains", "Mountain"], [], hand_a=["Shock"])
    g.apply(ActivateAbility(0, ids["Decorated Griffin"], 0))
    resolve_stack(g)
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 18
    assert [e.params["remaining"] for e in g.state.effects if e.params["kind"] == "prevent_to"] == [1]


@pytest.mark.rules("615.7", "510.2")
def test_decorated_griffin_prevents_the_next_1_combat_damage(extra_cards):
    extra_cards(DECORATED_GRIFFIN, fully_read=True)
    g, ids = table(["Decorated Griffin", "Plains", "Plains"], ["Grizzly Bears", "Hill Giant"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    b_attacks(g, [ids["B:Grizzly Bears"], ids["B:Hill Giant"]], ActivateAbility(0, ids["Decorated Griffin"], 0))
    assert g.state.players[0].life == 16                  # 1 of the 5 prevented


@pytest.mark.rules("615.1a", "702.19a")
def test_the_groups_prevention_is_kept_in_a_saved_game(extra_cards):
    extra_cards(TANGLESAP)
    g, ids = table(["Forest", "Forest", "Grizzly Bears", "Colossal Dreadmaw"], [], hand_a=["Tanglesap"])
    cast_and_resolve(g, ids["Tanglesap"])
    g = Game.from_json(g.to_json())
    attack(g, ids["Grizzly Bears"], ids["Colossal Dreadmaw"])
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 14


@pytest.mark.rules("615.1a")
def test_a_group_prevention_saved_by_an_earlier_version_still_applies(extra_cards):
    extra_cards(TANGLESAP)
    g, ids = table(["Forest", "Forest", "Grizzly Bears"], [], hand_a=["Tanglesap"])
    cast_and_resolve(g, ids["Tanglesap"])
    (eff,) = [e for e in g.state.effects if e.params["kind"] == "prevent_group"]
    # the params of an earlier version: card types and a controller, no filter
    eff.params = {"kind": "prevent_group", "types": ["Creature"], "controller": "you", "combat_only": True,
                  "by": True, "gain_prevented": False}
    g = Game.from_json(g.to_json())
    attack(g, ids["Grizzly Bears"])
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 20


TERRIFYING_PRESENCE = record("Terrifying Presence", "{1}{G}", "Instant",
                             "Prevent all combat damage that would be dealt by creatures other than target creature "
                             "this turn.")


@pytest.mark.rules("615.1a", "611.2c", "115.1")
def test_terrifying_presence_prevents_every_creatures_combat_damage_but_its_targets(extra_cards):
    extra_cards(TERRIFYING_PRESENCE, fully_read=True)
    g, ids = table(["Forest", "Forest"], ["Hill Giant", "Grizzly Bears"], hand_a=["Terrifying Presence"], turn=4,
                   active=1)
    giant = ids["B:Hill Giant"]
    b_attacks(g, [giant, ids["B:Grizzly Bears"]], CastSpell(0, ids["Terrifying Presence"], targets=((giant,),)))
    assert g.state.players[0].life == 17        # the Giant's 3; the Bears' 2 prevented
