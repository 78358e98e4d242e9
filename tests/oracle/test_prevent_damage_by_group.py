""""Prevent all damage that would be dealt this turn by creatures your opponents control" (615.1a): a prevention
effect that checks each source as damage is dealt (611.2c), the same as "... dealt by creatures your opponents
control this turn", "... by creatures other than Werewolves and Wolves"; "Prevent all damage that creatures would deal
to players this turn", the group's damage to those recipients only. A group that isn't only permanents ("non-Human
sources": spells too) stays unread."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import advance, resolve_stack, table
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


def test_a_group_of_sources_that_includes_spells_is_not_read():
    assert compile_card(REPEL_THE_ABOMINABLE).unsupported


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
