"""615.5: what a prevention effect also does as it prevents damage: 'If damage is prevented this way, ~ deals that much
damage to target player or planeswalker', 'If damage from a red source is prevented this way, ~ deals that much damage
to the source's controller', 'Whenever damage from a black or red source is prevented this way this turn, you gain that
much life', 'For each 1 damage prevented this way, create a 2/1 ... token': carried out as the damage is prevented, with
the damage prevented. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, DeclareAttackers, PassPriority
from tests.engine.driving import advance, on_battlefield, preferring, settle, table
from tests.oracle.conftest import record
from tests.oracle.test_prevent_combat_damage_groups import b_attacks

VENGEFUL_ARCHON = record("Vengeful Archon", "{4}{W}{W}{W}", "Creature — Archon",
                         "Flying\n{X}: Prevent the next X damage that would be dealt to you this turn. If damage is "
                         "prevented this way, Vengeful Archon deals that much damage to target player or planeswalker.",
                         "7/7")
HONORABLE_PASSAGE = record("Honorable Passage", "{1}{W}", "Instant",
                           "The next time a source of your choice would deal damage to any target this turn, prevent "
                           "that damage. If damage from a red source is prevented this way, Honorable Passage deals "
                           "that much damage to the source's controller.")
SAMITE_MINISTRATION = record("Samite Ministration", "{1}{W}", "Instant",
                             "Prevent all damage that would be dealt to you this turn by a source of your choice. "
                             "Whenever damage from a black or red source is prevented this way this turn, you gain that "
                             "much life.")
INKSHIELD = record("Inkshield", "{3}{W}{B}", "Instant",
                   "Prevent all combat damage that would be dealt to you this turn. For each 1 damage prevented this "
                   "way, create a 2/1 white and black Inkling creature token with flying.")


def _shock_answered(g, ids, answer) -> None:
    """B casts Shock at A; A answers with `answer` (an action), choosing the Shock as the source, and the stack
    resolves."""
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Shock"], targets=(("P0",),)))
    shock = g.state.stack[-1]           # the spell on the stack (400.7)
    g.apply(PassPriority(1))
    g.apply(answer)
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, (shock,) if shock in d.options else tuple(d.options[:1])))
        else:
            g.apply(PassPriority(d.player))


@pytest.mark.rules("615.5", "615.7")
def test_vengeful_archon_deals_the_damage_it_prevented_to_its_target(extra_cards):
    extra_cards(VENGEFUL_ARCHON, fully_read=True)
    g, ids = table(["Vengeful Archon"] + ["Plains"] * 3, ["Mountain"], hand_b=["Shock"])
    _shock_answered(g, ids, ActivateAbility(0, ids["Vengeful Archon"], 0, x=3, targets=(("P1",),)))
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


@pytest.mark.rules("615.5", "615.7")
def test_honorable_passage_sends_a_red_sources_damage_back_to_its_controller(extra_cards):
    extra_cards(HONORABLE_PASSAGE, fully_read=True)
    g, ids = table(["Plains", "Plains"], ["Mountain"], ["Honorable Passage"], hand_b=["Shock"])
    _shock_answered(g, ids, CastSpell(0, ids["Honorable Passage"], targets=(("P0",),)))
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


@pytest.mark.rules("615.5", "615.1a")
@pytest.mark.parametrize("red", [True, False])
def test_samite_ministration_gains_the_life_a_black_or_red_sources_damage_would_have_cost(extra_cards, red):
    extra_cards(SAMITE_MINISTRATION, fully_read=True)
    if red:
        g, ids = table(["Plains", "Plains"], ["Mountain"], ["Samite Ministration"], hand_b=["Shock"])
        _shock_answered(g, ids, CastSpell(0, ids["Samite Ministration"]))
    else:
        g, ids = table(["Plains", "Plains"], ["Grizzly Bears"], ["Samite Ministration"], turn=4, active=1)
        bears = ids["B:Grizzly Bears"]
        while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
            g.apply(PassPriority(g.pending.player))
        g.apply(DeclareAttackers(1, {bears: "P0"}))
        g.apply(PassPriority(1))
        g.apply(CastSpell(0, ids["Samite Ministration"]))
        settle(g, preferring(bears))            # the Bears chosen as the source
        advance(g, Step.MAIN2)
    assert g.state.players[0].life == (22 if red else 20)      # all prevented; life gained for a red source only


@pytest.mark.rules("615.5", "615.1a", "111.1")
def test_inkshield_creates_an_inkling_for_each_combat_damage_prevented(extra_cards):
    extra_cards(INKSHIELD, fully_read=True)
    g, ids = table(["Plains", "Plains", "Plains", "Swamp", "Swamp"], ["Hill Giant", "Grizzly Bears"], ["Inkshield"],
                   turn=4, active=1)
    b_attacks(g, [ids["B:Hill Giant"], ids["B:Grizzly Bears"]], CastSpell(0, ids["Inkshield"]))
    assert g.state.step is Step.MAIN2 and g.state.players[0].life == 20
    inklings = on_battlefield(g, "Inkling Token")
    assert len(inklings) == 5 and all(g.state.objects[t].controller == 0 for t in inklings)


BONE_MASK = record("Bone Mask", "{4}", "Artifact",
                   "{2}, {T}: The next time a source of your choice would deal damage to you this turn, prevent that "
                   "damage. Exile cards from the top of your library equal to the damage prevented this way.")


@pytest.mark.rules("615.5", "615.7")
def test_bone_mask_exiles_a_card_from_your_library_for_each_damage_prevented(extra_cards):
    extra_cards(BONE_MASK, fully_read=True)
    g, ids = table(["Bone Mask", "Plains", "Plains"], ["Mountain"], hand_b=["Shock"])
    library = len(g.state.players[0].library)
    _shock_answered(g, ids, ActivateAbility(0, ids["Bone Mask"], 0))
    assert g.state.players[0].life == 20
    assert len(g.state.players[0].library) == library - 2 and len(g.state.exile) == 2
