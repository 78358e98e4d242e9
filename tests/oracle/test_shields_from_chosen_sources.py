"""Prevention shields against a source chosen as the effect resolves (615.7), of the kind the text names: "a black or
red source of your choice", "an unblocked creature of your choice"; the next N damage from it ("Prevent the next 3
damage that would be dealt to any target this turn by a source of your choice"), half of it rounded down, all but 1 of
it; and the next damage event of a chosen source (or to a permanent) redirected (614.9): "The next time a source of
your choice would deal damage this turn, that damage is dealt to ~ instead". Real cards' Oracle text played through
the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import advance, pass_until, resolve_choosing, resolve_stack, table
from tests.oracle.conftest import record

HEALING_GRACE = record("Healing Grace", "{W}", "Instant",
                       "Prevent the next 3 damage that would be dealt to any target this turn by a source of your choice. "
                       "You gain 3 life.")
DARK_SPHERE = record("Dark Sphere", "{0}", "Artifact",
                     "{T}, Sacrifice Dark Sphere: The next time a source of your choice would deal damage to you this "
                     "turn, prevent half that damage, rounded down.")
PENANCE = record("Penance", "{2}{W}", "Enchantment",
                 "Put a card from your hand on top of your library: The next time a black or red source of your choice "
                 "would deal damage this turn, prevent that damage.")
FORCEFIELD = record("Forcefield", "{3}", "Artifact",
                    "{1}: The next time an unblocked creature of your choice would deal combat damage to you this turn, "
                    "prevent all but 1 of that damage.")


def _lava_axe_at_a(g, ids):
    """B casts Lava Axe at A (5 damage) and passes: A has priority with it on the stack."""
    g.apply(CastSpell(1, ids["B:Lava Axe"], targets=(("P0",),)))
    g.apply(PassPriority(1))
    return g.state.stack[-1]


@pytest.mark.rules("615.7", "615.5")
def test_healing_grace_prevents_the_next_three_damage_from_the_chosen_source(extra_cards):
    extra_cards(HEALING_GRACE, fully_read=True)
    g, ids = table(["Plains"], ["Mountain"] * 5, ["Healing Grace"], hand_b=["Lava Axe"], active=1)
    axe = _lava_axe_at_a(g, ids)
    g.apply(CastSpell(0, ids["Healing Grace"], targets=(("P0",),)))
    resolve_choosing(g, axe)
    assert g.state.players[0].life == 20 + 3 - (5 - 3)


@pytest.mark.rules("615.7")
def test_dark_sphere_prevents_half_the_damage_rounded_down(extra_cards):
    extra_cards(DARK_SPHERE, fully_read=True)
    g, ids = table(["Dark Sphere"], ["Mountain"] * 5, hand_b=["Lava Axe"], active=1)
    axe = _lava_axe_at_a(g, ids)
    g.apply(ActivateAbility(0, ids["Dark Sphere"], 0))
    resolve_choosing(g, axe)
    assert g.state.players[0].life == 20 - 3            # 2 of the 5 prevented


@pytest.mark.rules("615.7")
def test_penance_offers_only_black_or_red_sources(extra_cards):
    extra_cards(PENANCE, fully_read=True)
    g, ids = table(["Penance", "Grizzly Bears"], ["Mountain"] * 5 + ["Raging Goblin"], ["Giant Growth"],
                   hand_b=["Lava Axe"], active=1)
    axe = _lava_axe_at_a(g, ids)
    g.apply(ActivateAbility(0, ids["Penance"], 0))
    while g.pending.kind is not DecisionKind.CHOOSE or g.pending.options == [ids["Giant Growth"]]:
        g.apply(Choose(0, (ids["Giant Growth"],)) if g.pending.kind is DecisionKind.CHOOSE
                else PassPriority(g.pending.player))
    assert sorted(g.pending.options) == sorted([axe, ids["B:Raging Goblin"]])      # not the green Bears
    g.apply(Choose(0, (axe,)))
    resolve_stack(g)
    assert g.state.players[0].life == 20


@pytest.mark.rules("615.7", "510.1")
def test_forcefield_prevents_all_but_one_of_an_unblocked_creatures_combat_damage(extra_cards):
    extra_cards(FORCEFIELD, fully_read=True)
    g, ids = table(["Forcefield", "Plains"], ["Craw Wurm"], active=1)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {ids["B:Craw Wurm"]: "P0"}))
    while not (g.pending.kind is DecisionKind.PRIORITY and g.pending.player == 0 and g.state.step is Step.DECLARE_BLOCKERS):
        g.apply(DeclareBlockers(0, {}) if g.pending.kind is DecisionKind.DECLARE_BLOCKERS
                else PassPriority(g.pending.player))
    g.apply(ActivateAbility(0, ids["Forcefield"], 0))
    resolve_choosing(g, ids["B:Craw Wurm"])
    advance(g, Step.END)
    assert g.state.players[0].life == 20 - 1


# 614.9: the next damage event of the chosen source redirected, once
OPAL_EYE = record("Opal-Eye, Konda's Yojimbo", "{1}{W}{W}", "Legendary Creature — Fox Samurai",
                  "Defender (This creature can't attack.)\nBushido 1 (Whenever this creature blocks or becomes blocked, "
                  "it gets +1/+1 until end of turn.)\n{T}: The next time a source of your choice would deal damage this "
                  "turn, that damage is dealt to Opal-Eye, Konda's Yojimbo instead.\n{1}{W}: Prevent the next 1 damage "
                  "that would be dealt to Opal-Eye this turn.", "1/4")
SHAMAN_EN_KOR = record("Shaman en-Kor", "{1}{W}", "Creature — Kor Cleric Shaman",
                       "{0}: The next 1 damage that would be dealt to Shaman en-Kor this turn is dealt to target creature "
                       "you control instead.\n{1}{W}: The next time a source of your choice would deal damage to target "
                       "creature this turn, that damage is dealt to Shaman en-Kor instead.", "1/2")
MIRRORWOOD_TREEFOLK = record("Mirrorwood Treefolk", "{3}{G}", "Creature — Treefolk",
                             "{2}{R}{W}: The next time damage would be dealt to Mirrorwood Treefolk this turn, that damage "
                             "is dealt to any target instead.", "2/4")


@pytest.mark.rules("614.9", "615.7")
def test_opal_eye_takes_the_next_damage_of_the_chosen_source_once(extra_cards):
    extra_cards(OPAL_EYE, fully_read=True)
    g, ids = table(["Opal-Eye, Konda's Yojimbo"], ["Mountain"] * 5, hand_b=["Lava Axe"], active=1)
    axe = _lava_axe_at_a(g, ids)
    g.apply(ActivateAbility(0, ids["Opal-Eye, Konda's Yojimbo"], 0))
    resolve_choosing(g, axe)
    assert g.state.players[0].life == 20
    assert ids["Opal-Eye, Konda's Yojimbo"] not in g.state.battlefield      # 5 damage to a 1/4
    assert not any(e.params.get("kind") == "redirect" for e in g.state.effects)


@pytest.mark.rules("614.9", "615.7")
def test_shaman_en_kor_takes_the_chosen_sources_damage_to_the_target_creature(extra_cards):
    extra_cards(SHAMAN_EN_KOR, fully_read=True)
    g, ids = table(["Shaman en-Kor", "Grizzly Bears", "Plains", "Plains"], ["Mountain"], hand_b=["Shock"], active=1)
    bears, shaman = ids["Grizzly Bears"], ids["Shaman en-Kor"]
    g.apply(CastSpell(1, ids["B:Shock"], targets=((bears,),)))
    g.apply(PassPriority(1))
    shock = g.state.stack[-1]
    g.apply(ActivateAbility(0, shaman, 1, targets=((bears,),)))
    resolve_choosing(g, shock)
    assert g.state.objects[bears].damage == 0 and shaman not in g.state.battlefield     # 2 damage to a 1/2


@pytest.mark.rules("614.9")
def test_mirrorwood_treefolk_sends_the_next_damage_to_any_target(extra_cards):
    extra_cards(MIRRORWOOD_TREEFOLK, fully_read=True)
    g, ids = table(["Mirrorwood Treefolk", "Mountain", "Plains", "Forest", "Forest", "Mountain"], [], ["Shock"])
    tree = ids["Mirrorwood Treefolk"]
    g.apply(ActivateAbility(0, tree, 0, targets=(("P1",),)))
    resolve_stack(g)
    g.apply(CastSpell(0, ids["Shock"], targets=((tree,),)))
    resolve_stack(g)
    assert g.state.objects[tree].damage == 0 and g.state.players[1].life == 18


AJANIS_AID = record("Ajani's Aid", "{2}{G}{W}", "Enchantment",
                    "When Ajani's Aid enters the battlefield, you may search your library and/or graveyard for a card "
                    "named Ajani, Valiant Protector, reveal it, and put it into your hand. If you search your library "
                    "this way, shuffle.\nSacrifice Ajani's Aid: Prevent all combat damage a creature of your choice would "
                    "deal this turn.")


@pytest.mark.rules("615.1a", "615.7")
def test_ajanis_aid_prevents_the_chosen_creatures_combat_damage_this_turn(extra_cards):
    extra_cards(AJANIS_AID, fully_read=True)
    g, ids = table(["Ajani's Aid", "Grizzly Bears"], ["Craw Wurm", "Hill Giant"], active=1)
    g.apply(PassPriority(1))
    g.apply(ActivateAbility(0, ids["Ajani's Aid"], 0))
    assert g.pending.kind is DecisionKind.PRIORITY
    resolve_choosing(g, ids["B:Craw Wurm"])
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {ids["B:Craw Wurm"]: "P0", ids["B:Hill Giant"]: "P0"}))
    advance(g, Step.MAIN2)
    assert g.state.players[0].life == 20 - 3          # the Giant's damage only


PRISMATIC_CIRCLE = record("Prismatic Circle", "{2}{W}", "Enchantment",
                          "Cumulative upkeep {1} (At the beginning of your upkeep, put an age counter on this "
                          "permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nAs "
                          "Prismatic Circle enters the battlefield, choose a color.\n{1}: The next time a source of your "
                          "choice of the chosen color would deal damage to you this turn, prevent that damage.")


@pytest.mark.rules("615.7", "614.12")
def test_prismatic_circle_offers_only_sources_of_the_color_chosen_as_it_entered(extra_cards):
    extra_cards(PRISMATIC_CIRCLE, fully_read=True)
    g, ids = table(["Prismatic Circle", "Plains", "Grizzly Bears"], ["Mountain"] * 5 + ["Raging Goblin"],
                   hand_b=["Lava Axe"], active=1)
    g.state.objects[ids["Prismatic Circle"]].chosen["color"] = "R"        # red, chosen as it entered
    axe = _lava_axe_at_a(g, ids)
    g.apply(ActivateAbility(0, ids["Prismatic Circle"], 0))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert sorted(g.pending.options) == sorted([axe, ids["B:Raging Goblin"]])      # not the green Bears
    g.apply(Choose(0, (axe,)))
    resolve_stack(g)
    assert g.state.players[0].life == 20
