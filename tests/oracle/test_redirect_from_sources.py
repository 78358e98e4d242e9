"""Redirection of the damage of a group of sources (614.9): "All combat damage that would be dealt to you by
unblocked creatures this turn is dealt to ~ instead", and as a static ability "As long as ~ is untapped, all damage
that would be dealt to you by artifacts is dealt to ~ instead"; "All damage that would be dealt to you and other
permanents you control is dealt to ~ instead"; one target's damage: "All damage that would be dealt to you this turn
by target attacking creature is dealt to ~ instead", "Prevent all damage that would be dealt to ~ by target creature
this turn" (615.1a). Each played from a real card's wording."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.rng import Rng
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import activate_and_resolve, advance, attack, cast_and_resolve, resolve_stack, settle, table
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


SHIMIAN_NIGHT_STALKER = record("Shimian Night Stalker", "{3}{B}{B}", "Creature — Nightstalker",
                               "{B}, {T}: All damage that would be dealt to you this turn by target attacking creature "
                               "is dealt to Shimian Night Stalker instead.", "4/4")
MIRROR_STRIKE = record("Mirror Strike", "{3}{W}", "Instant",
                       "All combat damage that would be dealt to you this turn by target unblocked creature is dealt to "
                       "its controller instead.")
STONEWISE_FORTIFIER = record("Stonewise Fortifier", "{1}{W}", "Creature — Human Wizard",
                             "{4}{W}: Prevent all damage that would be dealt to Stonewise Fortifier by target creature "
                             "this turn.", "2/2")


@pytest.mark.rules("614.9", "508.1")
def test_shimian_night_stalker_takes_the_target_attackers_damage_only(extra_cards):
    extra_cards(SHIMIAN_NIGHT_STALKER, fully_read=True)
    g, ids = table(["Shimian Night Stalker", "Swamp"], ["Grizzly Bears", "Hill Giant"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    stalker, bears, giant = ids["Shimian Night Stalker"], ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    b_attacks(g, [bears, giant], ActivateAbility(0, stalker, 0, targets=((giant,),)))
    assert g.state.objects[stalker].damage == 3           # the Giant's damage
    assert g.state.players[0].life == 20 - 2              # the Bears' damage: to A as usual


@pytest.mark.rules("614.9", "509.1h")
@pytest.mark.parametrize("cast,lives", [(False, (17, 20)), (True, (20, 17))])
def test_mirror_strike_deals_the_unblocked_creatures_damage_to_its_controller(extra_cards, cast, lives):
    extra_cards(MIRROR_STRIKE, fully_read=True)
    g, ids = table(["Plains"] * 4, ["Hill Giant"], hand_a=["Mirror Strike"], active=1, step=Step.BEGINNING_OF_COMBAT)
    giant = ids["B:Hill Giant"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {giant: "P0"}))
    while not (g.state.step is Step.DECLARE_BLOCKERS and g.pending.kind is DecisionKind.PRIORITY
               and g.pending.player == 0):     # no blockers: then A may cast it, the Giant unblocked (509.1h)
        g.apply(DeclareBlockers(0, {}) if g.pending.kind is DecisionKind.DECLARE_BLOCKERS
                else PassPriority(g.pending.player))
    if cast:
        g.apply(CastSpell(0, ids["Mirror Strike"], targets=((giant,),)))
    advance(g, Step.MAIN2)
    assert (g.state.players[0].life, g.state.players[1].life) == lives


@pytest.mark.rules("615.1a")
def test_stonewise_fortifier_prevents_the_target_creatures_damage_only(extra_cards):
    extra_cards(STONEWISE_FORTIFIER, fully_read=True)
    g, ids = table(["Stonewise Fortifier"] + ["Plains"] * 5, ["Grizzly Bears", "Mountain"], hand_b=["Shock"],
                   active=1, step=Step.BEGINNING_OF_COMBAT)
    fortifier, bears = ids["Stonewise Fortifier"], ids["B:Grizzly Bears"]
    b_attacks(g, [bears], ActivateAbility(0, fortifier, 0, targets=((bears,),)), {fortifier: (bears,)})
    assert g.state.objects[fortifier].damage == 0
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=((fortifier,),))
    assert fortifier not in g.state.battlefield           # another source's damage: dealt


REVERBERATION = record("Reverberation", "{2}{U}{U}", "Instant",
                       "All damage that would be dealt this turn by target sorcery spell is dealt to that spell's "
                       "controller instead.")


@pytest.mark.rules("614.9", "115.1")
def test_reverberation_deals_a_sorcerys_damage_to_its_controller_instead(extra_cards):
    extra_cards(REVERBERATION, fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Island"] * 4, hand_a=["Lava Axe"], hand_b=["Reverberation"])
    g.apply(CastSpell(0, ids["Lava Axe"], targets=(("P1",),)))
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Reverberation"], targets=((g.state.stack[-1],),)))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (15, 20)


KOR_CHANT = record("Kor Chant", "{2}{W}", "Instant",
                   "All damage that would be dealt this turn to target creature you control by a source of your choice "
                   "is dealt to another target creature instead.")


@pytest.mark.rules("614.9", "615.7", "115.3")
def test_kor_chant_redirects_the_chosen_sources_damage_to_another_target_creature(extra_cards):
    extra_cards(KOR_CHANT, fully_read=True)
    g, ids = table(["Plains", "Plains", "Plains", "Mountain", "Mountain", "Grizzly Bears"], ["Hill Giant"],
                   hand_a=["Kor Chant", "Lightning Bolt", "Shock"])
    bears, giant = ids["Grizzly Bears"], ids["B:Hill Giant"]
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((bears,),)))
    bolt = g.state.stack[-1]
    g.apply(CastSpell(0, ids["Kor Chant"], targets=((bears,), (giant,))))
    settle(g, lambda d: (bolt,))                     # the Bolt is the source chosen
    assert bears in g.state.battlefield and g.state.objects[bears].damage == 0
    assert giant not in g.state.battlefield          # 3 damage to the 3/3
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))       # another source: dealt to the Bears
    assert bears not in g.state.battlefield


GOBLIN_PSYCHOPATH = record("Goblin Psychopath", "{3}{R}", "Creature — Goblin Mutant",
                           "Whenever Goblin Psychopath attacks or blocks, flip a coin. If you lose the flip, the next "
                           "time it would deal combat damage this turn, it deals that damage to you instead.", "5/5")


@pytest.mark.rules("614.9", "705.2", "510.2")
def test_goblin_psychopath_deals_its_next_combat_damage_to_you_if_you_lose_the_flip(extra_cards):
    extra_cards(GOBLIN_PSYCHOPATH, fully_read=True)
    seen = set()
    for seed in range(40):
        g, ids = table(["Goblin Psychopath"], turn=3)
        g.state.rng = Rng(seed)
        attack(g, ids["Goblin Psychopath"])
        events = []
        while g.state.stack or g.state.step is Step.DECLARE_ATTACKERS:
            events += g.apply(PassPriority(g.pending.player))
        won = next(e.data["won"] for e in events if e.kind == "coin_flip")
        advance(g, Step.END)
        assert (g.state.players[0].life, g.state.players[1].life) == ((20, 15) if won else (15, 20))
        seen.add(won)
        if seen == {True, False}:
            break
    assert seen == {True, False}


SOLTARI_GUERRILLAS = record("Soltari Guerrillas", "{2}{R}{W}", "Creature — Soltari Soldier",
                            "Shadow (This creature can block or be blocked by only creatures with shadow.)\n{0}: The "
                            "next time Soltari Guerrillas would deal combat damage to an opponent this turn, it deals "
                            "that damage to target creature instead.", "3/2")


@pytest.mark.rules("614.9", "510.2")
def test_soltari_guerrillas_deals_its_next_combat_damage_to_an_opponent_to_target_creature_instead(extra_cards):
    extra_cards(SOLTARI_GUERRILLAS, fully_read=True)
    g, ids = table(["Soltari Guerrillas"], ["Hill Giant"], turn=3)
    activate_and_resolve(g, ids["Soltari Guerrillas"], 0, targets=((ids["B:Hill Giant"],),))
    activate_and_resolve(g, ids["Soltari Guerrillas"], 0, targets=((ids["B:Hill Giant"],),))
    attack(g, ids["Soltari Guerrillas"])
    advance(g, Step.END)
    # the first redirection moves the 3 damage; the second no longer applies to it (614.5), nor to anything else
    assert g.state.players[1].life == 20
    assert ids["B:Hill Giant"] not in g.state.battlefield       # 3 damage to the 3/3 Giant: it dies
    assert g.state.players[0].life == 20


VETERAN_BODYGUARD = record("Veteran Bodyguard", "{3}{W}{W}", "Creature — Human",
                           "As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by "
                           "unblocked creatures is dealt to Veteran Bodyguard instead.", "2/5")


@pytest.mark.rules("614.9", "509.1h", "506.4")
def test_veteran_bodyguard_takes_the_damage_of_unblocked_creatures_only(extra_cards):
    """All damage, not only combat damage, of the unblocked creatures: a source that is no unblocked creature (an
    artifact, a creature blocked) deals its damage to you."""
    extra_cards(VETERAN_BODYGUARD, fully_read=True)
    extra_cards(ROD_OF_RUIN)
    g, ids = table(["Veteran Bodyguard", "Hill Giant"], ["Grizzly Bears", "Llanowar Elves", "Rod of Ruin"] +
                   ["Mountain"] * 3, active=1, step=Step.BEGINNING_OF_COMBAT)
    bodyguard, giant, bears = ids["Veteran Bodyguard"], ids["Hill Giant"], ids["B:Grizzly Bears"]
    b_attacks(g, [bears, ids["B:Llanowar Elves"]], None, {giant: (bears,)})
    assert g.state.players[0].life == 20
    assert g.state.objects[bodyguard].damage == 1             # the unblocked Elves' 1
    activate_and_resolve(g, ids["B:Rod of Ruin"], 0, player=1, targets=(("P0",),))
    assert g.state.players[0].life == 19                    # an artifact's damage isn't moved


SAVING_GRACE = record("Saving Grace", "{1}{W}", "Enchantment — Aura",
                      "Flash\nEnchant creature you control\nWhen Saving Grace enters the battlefield, all damage that "
                      "would be dealt this turn to you and permanents you control is dealt to enchanted creature "
                      "instead.\nEnchanted creature gets +0/+3.")


@pytest.mark.rules("614.9", "611.2c")
def test_saving_grace_moves_the_damage_to_you_and_your_permanents_to_the_enchanted_creature(extra_cards):
    extra_cards(SAVING_GRACE, fully_read=True)
    g, ids = table(["Hill Giant", "Plains", "Plains"], ["Mountain"] * 3,
                   hand_a=["Saving Grace"], hand_b=["Shock", "Lightning Bolt"], active=1)
    giant = ids["Hill Giant"]
    g.apply(PassPriority(1))
    cast_and_resolve(g, ids["Saving Grace"], targets=((giant,),))      # flash, on B's turn
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)     # a permanent you control after it resolved
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    cast_and_resolve(g, ids["B:Lightning Bolt"], player=1, targets=((bears,),))
    assert g.state.players[0].life == 20
    assert bears in g.state.battlefield and g.state.objects[giant].damage == 5      # a 3/6 now
