"""What "it" and "that player" / "that creature" name in a triggered ability (603.2, 608.2b, 109.5): the
object the ability's trigger condition names as its subject is "it" (~ itself when the condition is
about ~), while "that player" / "that creature" are the other object of the event (the one dealt
damage, the one blocked). Played with real cards through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import advance, pass_until, resolve_stack, table
from tests.oracle.conftest import record


def _attack(g, attacks):
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, attacks))


FALKENRATH_EXTERMINATOR = record(
    "Falkenrath Exterminator", "{1}{R}", "Creature — Vampire Archer",
    "Whenever Falkenrath Exterminator deals combat damage to a player, put a +1/+1 counter on it.\n"
    "{2}{R}: Falkenrath Exterminator deals damage to target creature equal to the number of +1/+1 counters "
    "on Falkenrath Exterminator.", "1/1")


@pytest.mark.rules("603.2", "510.2", "122.1")
def test_it_after_deals_combat_damage_to_a_player_is_the_creature(extra_cards):
    extra_cards(FALKENRATH_EXTERMINATOR)
    g, ids = table(["Falkenrath Exterminator"], [], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Falkenrath Exterminator"]: "P1"})
    advance(g, Step.MAIN2)
    resolve_stack(g)
    assert g.state.objects[ids["Falkenrath Exterminator"]].counters.get("+1/+1") == 1
    assert g.characteristics(ids["Falkenrath Exterminator"]).power == 2


MATSU_TRIBE_DECOY = record(
    "Matsu-Tribe Decoy", "{2}{G}", "Creature — Snake Warrior",
    "{2}{G}: Target creature blocks Matsu-Tribe Decoy this turn if able.\n"
    "Whenever Matsu-Tribe Decoy deals combat damage to a creature, tap that creature and it doesn't untap "
    "during its controller's next untap step.", "1/3")


@pytest.mark.rules("603.2", "510.2", "502.3")
def test_that_creature_after_deals_combat_damage_is_the_creature_dealt_damage(extra_cards):
    extra_cards(MATSU_TRIBE_DECOY)
    g, ids = table(["Matsu-Tribe Decoy"], ["Serra Angel"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Matsu-Tribe Decoy"]: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Serra Angel"]: (ids["Matsu-Tribe Decoy"],)}))
    advance(g, Step.MAIN2)
    resolve_stack(g)
    assert g.state.objects[ids["B:Serra Angel"]].tapped      # blocking doesn't tap it: the trigger did


@pytest.mark.rules("603.2", "510.2", "306.8")
def test_deals_combat_damage_to_a_creature_is_not_to_a_planeswalker(extra_cards):
    """Damage dealt to a planeswalker (306.8, 120.3c) isn't damage dealt to a creature: the trigger waits."""
    extra_cards(MATSU_TRIBE_DECOY)
    g, ids = table(["Matsu-Tribe Decoy"], ["Jace Beleren"], step=Step.BEGINNING_OF_COMBAT)
    jace = ids["B:Jace Beleren"]
    _attack(g, {ids["Matsu-Tribe Decoy"]: jace})
    advance(g, Step.MAIN2)
    assert g.state.objects[jace].counters.get("loyalty") == 2 and not g.state.objects[jace].tapped




RAKISH_HEIR = record("Rakish Heir", "{2}{R}", "Creature — Vampire",
                     "Whenever a Vampire you control deals combat damage to a player, put a +1/+1 counter on it.",
                     "2/2")


@pytest.mark.rules("603.2", "510.2", "122.1")
def test_it_after_a_creature_deals_combat_damage_is_that_creature(extra_cards):
    extra_cards(RAKISH_HEIR)
    g, ids = table(["Rakish Heir"], [], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Rakish Heir"]: "P1"})
    advance(g, Step.MAIN2)
    resolve_stack(g)
    assert g.state.objects[ids["Rakish Heir"]].counters.get("+1/+1") == 1


SYNAPSE_SLIVER = record("Synapse Sliver", "{4}{U}", "Creature — Sliver",
                        "All Slivers have \"Whenever this creature deals combat damage to a player, its controller "
                        "may draw a card.\"", "3/3")
BROOD_SLIVER = record("Brood Sliver", "{4}{G}", "Creature — Sliver",
                      "Whenever a Sliver deals combat damage to a player, its controller may create a 1/1 colorless "
                      "Sliver creature token.", "3/3")


@pytest.mark.rules("603.2", "510.2", "111.2")
def test_its_controller_is_the_controller_of_the_creature_that_dealt_damage(extra_cards):
    # "its controller" is the controller of the Sliver that dealt the damage, not the player dealt it
    extra_cards(BROOD_SLIVER)
    g, ids = table(["Brood Sliver"], [], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Brood Sliver"]: "P1"})
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.player == 0
    g.apply(Choose(0, ("yes",)))
    resolve_stack(g)
    tokens = [g.state.objects[o] for o in g.state.battlefield if g.state.objects[o].token]
    assert [t.controller for t in tokens] == [0]


UNSTABLE_MUTATION = record("Unstable Mutation", "{U}", "Enchantment — Aura",
                           "Enchant creature\nEnchanted creature gets +3/+3.\nAt the beginning of the upkeep of enchanted "
                           "creature's controller, put a -1/-1 counter on that creature.")
ESSENCE_FLARE = record("Essence Flare", "{U}", "Enchantment — Aura",
                       "Enchant creature\nEnchanted creature gets +2/+0.\nAt the beginning of the upkeep of enchanted "
                       "creature's controller, put a -0/-1 counter on that creature.")


@pytest.mark.rules("603.2", "122.1a", "303.4")
@pytest.mark.parametrize("aura,kind,pt", [(UNSTABLE_MUTATION, "-1/-1", (5, 5)), (ESSENCE_FLARE, "-0/-1", (5, 2))])
def test_a_counter_on_that_creature_at_the_upkeep_of_its_controller(extra_cards, aura, kind, pt):
    extra_cards(aura, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Hill Giant"])
    giant = ids["B:Hill Giant"]
    mutation = g.add_card(aura["name"], 0, Zone.BATTLEFIELD)
    g.state.objects[mutation].attached_to = giant
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=4)                   # B's upkeep: B controls the enchanted creature
    resolve_stack(g)
    assert g.state.objects[giant].counters == {kind: 1}
    ch = g.characteristics(giant)
    assert (ch.power, ch.toughness) == pt
    assert not g.state.objects[ids["Grizzly Bears"]].counters


PARALYZE = record("Paralyze", "{B}", "Enchantment — Aura",
                  "Enchant creature\nWhen Paralyze enters the battlefield, tap enchanted creature.\nEnchanted creature "
                  "doesn't untap during its controller's untap step.\nAt the beginning of the upkeep of enchanted "
                  "creature's controller, that player may pay {4}. If the player does, untap the creature.")


@pytest.mark.rules("603.2", "502.3", "118.12")
@pytest.mark.parametrize("pay", [True, False])
def test_that_player_may_pay_to_untap_the_creature(extra_cards, pay):
    extra_cards(PARALYZE, fully_read=True)
    g, ids = table([], ["Hill Giant", "Forest", "Forest", "Forest", "Forest"])
    giant = ids["B:Hill Giant"]
    paralyze = g.add_card("Paralyze", 0, Zone.BATTLEFIELD)
    g.state.objects[paralyze].attached_to = giant
    g.state.objects[giant].tapped = True
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=4)
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            assert d.player == 1
            g.apply(Choose(1, ("yes" if pay else "no",) if "yes" in d.options else tuple(d.options[:d.min or 1])))
        else:
            g.apply(PassPriority(d.player))
    assert g.state.objects[giant].tapped is not pay


BATTERING_RAM = record(
    "Battering Ram", "{2}", "Artifact Creature — Construct",
    "At the beginning of combat on your turn, Battering Ram gains banding until end of combat.\n"
    "Whenever Battering Ram becomes blocked by a Wall, destroy that Wall at end of combat.", "1/3")
GREATBOW_DOYEN = record(
    "Greatbow Doyen", "{4}{G}", "Creature — Elf Archer",
    "Other Archer creatures you control get +1/+1.\nWhenever an Archer you control deals damage to a creature, "
    "that Archer deals that much damage to that creature's controller.", "2/4")
WALL_OF_WOOD = record("Wall of Wood", "{G}", "Creature — Wall", "Defender", "0/3")


@pytest.mark.rules("205.3c", "603.2", "603.7")
def test_that_wall_is_the_wall_that_blocked(extra_cards):
    """"that Wall": the object of the event named by the subtype it was described with."""
    extra_cards(BATTERING_RAM, WALL_OF_WOOD, fully_read=True)
    g, ids = table(["Battering Ram"], ["Wall of Wood", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Battering Ram"]: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Wall of Wood"]: (ids["Battering Ram"],)}))
    advance(g, Step.COMBAT_DAMAGE)
    resolve_stack(g)
    assert ids["B:Wall of Wood"] in g.state.battlefield         # not before the end of combat
    advance(g, Step.MAIN2)
    resolve_stack(g)
    assert ids["B:Wall of Wood"] not in g.state.battlefield
    assert ids["B:Grizzly Bears"] in g.state.battlefield and ids["Battering Ram"] in g.state.battlefield


@pytest.mark.rules("205.3c", "603.2", "120.3")
def test_that_archer_deals_that_much_damage_to_that_creatures_controller(extra_cards):
    extra_cards(GREATBOW_DOYEN, WALL_OF_WOOD, fully_read=True)
    g, ids = table(["Greatbow Doyen"], ["Wall of Wood"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Greatbow Doyen"]: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Wall of Wood"]: (ids["Greatbow Doyen"],)}))
    advance(g, Step.MAIN2)
    resolve_stack(g)
    assert (g.state.players[1].life, g.state.players[0].life) == (18, 20)


ASHENMOOR_LIEGE = record(
    "Ashenmoor Liege", "{1}{B/R}{B/R}{B/R}", "Creature — Elemental Knight",
    "Other black creatures you control get +1/+1.\nOther red creatures you control get +1/+1.\nWhenever Ashenmoor Liege "
    "becomes the target of a spell or ability an opponent controls, that player loses 4 life.", "4/1")


@pytest.mark.rules("603.2", "115.1", "120.3")
def test_that_player_is_the_opponent_whose_spell_targets_it(extra_cards):
    extra_cards(ASHENMOOR_LIEGE, fully_read=True)
    g, ids = table(["Ashenmoor Liege", "Mountain"], ["Mountain"], ["Shock"], hand_b=["Shock"])
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Shock"], targets=((ids["Ashenmoor Liege"],),)))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 16)
    assert ids["Ashenmoor Liege"] not in g.state.battlefield        # 4/1: the Shock resolved after the trigger


@pytest.mark.rules("603.2", "115.1")
def test_its_controllers_own_spell_doesnt_make_anyone_lose_life(extra_cards):
    extra_cards(ASHENMOOR_LIEGE)
    g, ids = table(["Ashenmoor Liege", "Mountain"], [], ["Shock"])
    g.apply(CastSpell(0, ids["Shock"], targets=((ids["Ashenmoor Liege"],),)))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 20)


VENOM = record("Venom", "{1}{G}{G}", "Enchantment — Aura",
               "Enchant creature\nWhenever enchanted creature blocks or becomes blocked by a non-Wall creature, destroy "
               "the other creature at end of combat.")
DEAD_IRON_SLEDGE = record("Dead-Iron Sledge", "{1}", "Artifact — Equipment",
                          "Whenever equipped creature blocks or becomes blocked by a creature, destroy both creatures.\n"
                          "Equip {2}")


@pytest.mark.rules("509.1", "603.2", "603.7")
@pytest.mark.parametrize("venom_on_attacker", [True, False])
def test_venom_destroys_the_other_creature_at_end_of_combat(extra_cards, venom_on_attacker):
    """Venom: the creature blocking or blocked by the enchanted one, not the enchanted one, at end of combat."""
    extra_cards(VENOM, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Wall of Stone", "Hill Giant"], step=Step.BEGINNING_OF_COMBAT)
    bears, giant = ids["Grizzly Bears"], ids["B:Hill Giant"]
    venom = g.add_card("Venom", 0, Zone.BATTLEFIELD)
    g.attach(venom, bears if venom_on_attacker else giant)
    _attack(g, {bears: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {giant: (bears,)}))
    advance(g, Step.COMBAT_DAMAGE)
    assert giant in g.state.battlefield and bears not in g.state.battlefield   # 3 damage to the 2/2 Bears
    advance(g, Step.MAIN2)
    resolve_stack(g)
    # on the attacker: the Giant that blocked it dies at end of combat; on the Giant: the Bears, already dead
    assert (giant in g.state.battlefield) == (not venom_on_attacker)


@pytest.mark.rules("509.1", "603.2", "701.8a")
def test_dead_iron_sledge_destroys_both_creatures(extra_cards):
    extra_cards(DEAD_IRON_SLEDGE, fully_read=True)
    g, ids = table(["Craw Wurm"], ["Grizzly Bears", "Hill Giant"], step=Step.BEGINNING_OF_COMBAT)
    wurm, bears, giant = ids["Craw Wurm"], ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    sledge = g.add_card("Dead-Iron Sledge", 0, Zone.BATTLEFIELD)
    g.attach(sledge, wurm)
    _attack(g, {wurm: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {bears: (wurm,)}))
    resolve_stack(g)
    assert wurm not in g.state.battlefield and bears not in g.state.battlefield
    assert giant in g.state.battlefield and sledge in g.state.battlefield


MAMMOTH_HARNESS = record("Mammoth Harness", "{3}{G}", "Enchantment — Aura",
                         "Enchant creature\nEnchanted creature loses flying.\nWhenever enchanted creature blocks or "
                         "becomes blocked by a creature, the other creature gains first strike until end of turn.")


@pytest.mark.rules("509.1", "603.2", "702.7b")
def test_mammoth_harness_gives_the_other_creature_first_strike(extra_cards):
    """The Bears blocking the harnessed Craw Wurm get first strike, not the Wurm: the Bears deal their 2 first."""
    extra_cards(MAMMOTH_HARNESS, fully_read=True)
    g, ids = table(["Craw Wurm"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    wurm, bears = ids["Craw Wurm"], ids["B:Grizzly Bears"]
    g.attach(g.add_card("Mammoth Harness", 1, Zone.BATTLEFIELD), wurm)
    _attack(g, {wurm: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {bears: (wurm,)}))
    resolve_stack(g)
    assert g.characteristics(bears).has("first strike") and not g.characteristics(wurm).has("first strike")
