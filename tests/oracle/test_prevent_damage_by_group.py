""""Prevent all damage that would be dealt this turn by creatures your opponents control" (615.1a): a prevention
effect that checks each source as damage is dealt (611.2c), the same as "... dealt by creatures your opponents
control this turn", "... by creatures other than Werewolves and Wolves"; "Prevent all damage that creatures would deal
to players this turn", the group's damage to those recipients only. A group of sources in any zone ("non-Human
sources", "colorless sources": spells too, and sources gone as they last existed, 609.7)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

THWART_THE_ENEMY = record("Thwart the Enemy", "{2}{G}", "Instant",
                          "Prevent all damage that would be dealt this turn by creatures your opponents control.")
REPEL_THE_ABOMINABLE = record("Repel the Abominable", "{1}{W}", "Instant",
                              "Prevent all damage that would be dealt this turn by non-Human sources.")


@pytest.mark.rules("615.1a", "611.2c")
def test_thwart_the_enemy_prevents_the_opponents_creatures_damage_only(extra_cards):
    extra_cards(THWART_THE_ENEMY)
    g, ids = table(["Forest", "Forest", "Forest", "Llanowar Elves"], ["Grizzly Bears", "Hill Giant"],
                   hand_a=["Thwart the Enemy"], active=1, step=Step.BEGINNING_OF_COMBAT)
    bears, giant, elves = ids["B:Grizzly Bears"], ids["B:Hill Giant"], ids["Llanowar Elves"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {bears: "P0", giant: "P0"}))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Thwart the Enemy"]))
    resolve_stack(g)
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(0, {elves: (bears,)}))
    advance(g, Step.MAIN2)
    assert g.state.players[0].life == 20
    assert g.state.objects[elves].damage == 0
    assert g.state.objects[bears].damage == 1, "the Elves' damage isn't prevented"


@pytest.mark.rules("615.1a", "611.2c", "609.7")
def test_repel_the_abominable_prevents_the_damage_of_non_human_sources_anywhere(extra_cards):
    """A spell, and a Goblin sacrificed to deal its damage (as it last existed), are non-Human sources; a Human
    Wizard's damage is dealt."""
    extra_cards(REPEL_THE_ABOMINABLE, fully_read=True)
    g, ids = table(["Plains", "Plains", "Mountain", "Prodigal Sorcerer", "Mogg Fanatic"], [],
                   hand_a=["Repel the Abominable", "Lightning Bolt"])
    cast_and_resolve(g, ids["Repel the Abominable"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    activate_and_resolve(g, ids["Mogg Fanatic"], targets=(("P1",),))
    assert g.state.players[1].life == 20
    activate_and_resolve(g, ids["Prodigal Sorcerer"], targets=(("P1",),))
    assert g.state.players[1].life == 19


LITHOMANCERS_FOCUS = record("Lithomancer's Focus", "{W}", "Instant",
                            "Target creature gets +2/+2 until end of turn. Prevent all damage that would be dealt to "
                            "that creature this turn by colorless sources.")


@pytest.mark.rules("615.1a", "105.2c", "701.14a")
def test_lithomancers_focus_prevents_colorless_sources_damage_to_that_creature_only(extra_cards):
    extra_cards(LITHOMANCERS_FOCUS, fully_read=True)
    g, ids = table(["Plains", "Forest", "Mountain", "Juggernaut"], ["Grizzly Bears"],
                   hand_a=["Lithomancer's Focus", "Prey Upon", "Shock"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Lithomancer's Focus"], targets=((bears,),))
    cast_and_resolve(g, ids["Prey Upon"], targets=((ids["Juggernaut"],), (bears,)))
    assert g.state.objects[bears].damage == 0                                   # Juggernaut's 5 damage prevented
    assert "Juggernaut" in [g.state.objects[o].name for o in g.state.players[0].graveyard]   # 4 damage from a 4/4
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))
    assert g.state.objects[bears].damage == 2                                   # a red source's damage


CHAMELEON_BLUR = record("Chameleon Blur", "{3}{G}", "Instant",
                        "Prevent all damage that creatures would deal to players this turn.")


@pytest.mark.rules("615.1a", "611.2c")
def test_chameleon_blur_prevents_creatures_damage_to_players_only(extra_cards):
    extra_cards(CHAMELEON_BLUR, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Forest", "Mountain", "Llanowar Elves"],
                   ["Grizzly Bears", "Hill Giant"], hand_a=["Chameleon Blur", "Shock"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    bears, giant, elves = ids["B:Grizzly Bears"], ids["B:Hill Giant"], ids["Llanowar Elves"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {bears: "P0", giant: "P0"}))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Chameleon Blur"]))
    resolve_stack(g)
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(0, {elves: (bears,)}))
    advance(g, Step.MAIN2)
    assert g.state.players[0].life == 20                      # the Hill Giant's damage to A: prevented
    assert g.state.objects[bears].damage == 1, "damage to a creature isn't prevented"
    assert elves not in g.state.battlefield
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Shock"], targets=(("P1",),)))
    resolve_stack(g)
    assert g.state.players[1].life == 18                      # a spell's damage to a player isn't prevented


MOONMIST = record("Moonmist", "{1}{G}", "Instant",
                  "Transform all Humans. Prevent all combat damage that would be dealt this turn by creatures other "
                  "than Werewolves and Wolves. (Only double-faced cards can be transformed.)")


@pytest.mark.rules("615.1a", "611.2c")
def test_moonmist_prevents_the_combat_damage_of_creatures_other_than_wolves(extra_cards):
    extra_cards(MOONMIST, fully_read=True)       # Watchwolf: a 3/3 Wolf
    g, ids = table(["Forest", "Forest"], ["Grizzly Bears", "Watchwolf"], hand_a=["Moonmist"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    bears, wolf = ids["B:Grizzly Bears"], ids["B:Watchwolf"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {bears: "P0", wolf: "P0"}))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Moonmist"]))
    resolve_stack(g)
    advance(g, Step.MAIN2)
    assert g.state.players[0].life == 17                      # the Wolf's 3; the Bears' 2 prevented


SCARECROW = record("Scarecrow", "{5}", "Artifact Creature — Scarecrow",
                   "{6}, {T}: Prevent all damage that would be dealt to you this turn by creatures with flying.", "2/2")


@pytest.mark.rules("615.1a", "611.2c", "702.9a")
def test_scarecrow_prevents_the_damage_creatures_with_flying_would_deal_to_you(extra_cards):
    extra_cards(SCARECROW, fully_read=True)
    g, ids = table(["Scarecrow"] + ["Plains"] * 6, ["Wind Drake", "Grizzly Bears"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    drake, bears = ids["B:Wind Drake"], ids["B:Grizzly Bears"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {drake: "P0", bears: "P0"}))
    g.apply(PassPriority(1))
    activate_and_resolve(g, ids["Scarecrow"])       # tapped: no blocker left, so no blockers are declared
    advance(g, Step.MAIN2)
    assert g.state.players[0].life == 18          # the Bears' 2 only
