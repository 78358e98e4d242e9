"""Abilities granted in quotes by a static ability (113.2, 613.1f): 'Enchanted creature has "{T}: This creature
deals 1 damage to any target."' The quoted text is compiled as abilities of their own, added to each object the
effect applies to in layer 6, activated and triggered from there, and found again on the stack; 'Enchanted creature has
"At the beginning of your upkeep, sacrifice this creature unless you pay its mana cost."' (the creature's cost)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, Choose, DeclareAttackers, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

PENDRELL_FLUX = record("Pendrell Flux", "{1}{U}", "Enchantment — Aura",
                       'Enchant creature\nEnchanted creature has "At the beginning of your upkeep, sacrifice this '
                       'creature unless you pay its mana cost."')
HYPERVOLT_GRASP = record("Hypervolt Grasp", "{2}{R}", "Enchantment — Aura",
                         "Enchant creature\nEnchanted creature has \"{T}: This creature deals 1 damage to any target.\"\n"
                         "{1}{U}: Return Hypervolt Grasp to its owner's hand.")
COMMANDERS_AUTHORITY = record("Commander's Authority", "{4}{W}", "Enchantment — Aura",
                              "Enchant creature\nEnchanted creature has \"At the beginning of your upkeep, create a 1/1 "
                              "white Human creature token.\"")
JOINER_ADEPT = record("Joiner Adept", "{1}{G}", "Creature — Elf Druid",
                      "Lands you control have \"{T}: Add one mana of any color.\"", "2/1")
TREACHEROUS_WEREWOLF = record("Treacherous Werewolf", "{2}{B}", "Creature — Werewolf Minion",
                              "Threshold — As long as seven or more cards are in your graveyard, Treacherous Werewolf "
                              "gets +2/+2 and has \"When Treacherous Werewolf dies, you lose 4 life.\"", "2/2")
SPARE_DAGGER = record("Spare Dagger", "{1}", "Artifact — Equipment",
                      "Equipped creature gets +1/+0 and has \"Whenever this creature attacks, you may sacrifice Spare "
                      "Dagger. When you do, this creature deals 1 damage to any target.\"\nEquip {1}")


@pytest.mark.rules("613.1f", "113.2", "602.2")
def test_enchanted_creature_has_a_quoted_activated_ability(extra_cards):
    extra_cards(HYPERVOLT_GRASP, fully_read=True)
    g, ids = table(["Grizzly Bears", "Island", "Island"])
    bears = ids["Grizzly Bears"]
    assert not g.characteristics(bears).activated
    grasp = g.add_card("Hypervolt Grasp", 0, Zone.BATTLEFIELD)
    g.attach(grasp, bears)
    g.apply(ActivateAbility(0, bears, 0, targets=(("P1",),)))
    assert g.state.objects[bears].tapped
    resolve_stack(g)
    assert g.state.players[1].life == 19
    # The ability is the enchanted creature's: without the Aura, it's gone.
    activate_and_resolve(g, grasp, 0)       # {1}{U}: return it to its owner's hand
    assert not g.characteristics(bears).activated


@pytest.mark.rules("613.1f", "603.2", "503.1a")
def test_enchanted_creature_has_a_quoted_triggered_ability(extra_cards):
    extra_cards(COMMANDERS_AUTHORITY, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Grizzly Bears"])
    g.attach(g.add_card("Commander's Authority", 1, Zone.BATTLEFIELD), ids["Grizzly Bears"])
    advance(g, Step.UPKEEP, turn=4)     # B's upkeep: not the creature's controller's
    resolve_stack(g)
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)
    humans = on_battlefield(g, "Human Token")
    assert len(humans) == 1 and g.state.objects[humans[0]].controller == 0


@pytest.mark.rules("613.1f", "605.1a")
def test_lands_you_control_have_a_quoted_mana_ability(extra_cards):
    extra_cards(JOINER_ADEPT, fully_read=True)
    g, ids = table(["Joiner Adept", "Plains"], ["Plains"])
    plains = ids["Plains"]
    assert len(g.characteristics(plains).activated) == 2
    assert len(g.characteristics(ids["B:Plains"]).activated) == 1      # only the lands its controller controls
    g.apply(ActivateAbility(0, plains, 1, mana_choice="G"))
    assert g.state.players[0].mana_pool.get("G") == 1


@pytest.mark.rules("613.1f", "603.10a", "702.180a")
def test_a_granted_dies_trigger_looks_back(extra_cards):
    extra_cards(TREACHEROUS_WEREWOLF, fully_read=True)
    g, ids = table(["Treacherous Werewolf", "Swamp", "Swamp", "Swamp"], hand_a=["Murder"])
    wolf = ids["Treacherous Werewolf"]
    assert g.characteristics(wolf).power == 2
    for _ in range(7):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    assert g.characteristics(wolf).power == 4
    cast_and_resolve(g, ids["Murder"], targets=((wolf,),))
    assert not on_battlefield(g, "Treacherous Werewolf")
    assert g.state.players[0].life == 16


@pytest.mark.rules("201.5", "113.2")
def test_a_quote_naming_the_card_is_not_granted_as_the_creatures():
    # "sacrifice Spare Dagger" in the quote is the Equipment, "this creature" the equipped creature: both
    # normalize to "~", so the sentence stays unread rather than sacrifice the creature.
    assert compile_card(SPARE_DAGGER).unsupported


LIGHTNING_PROWESS = record("Lightning Prowess", "{2}{R}", "Enchantment — Aura",
                           "Enchant creature\nEnchanted creature has haste and \"{T}: This creature deals 1 damage to "
                           "any target.\"")
SWORD_OF_VENGEANCE = record("Sword of Vengeance", "{3}", "Artifact — Equipment",
                            "Equipped creature gets +2/+0 and has first strike, vigilance, trample, and haste.\nEquip {3}")


@pytest.mark.rules("613.1f", "302.6", "702.10b")
def test_a_keyword_and_a_quoted_ability_together(extra_cards):
    extra_cards(LIGHTNING_PROWESS, fully_read=True)
    g, ids = table([], [])
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.state.objects[bears].sick = True          # just arrived: only haste lets it use {T} (302.6)
    g.attach(g.add_card("Lightning Prowess", 0, Zone.BATTLEFIELD), bears)
    assert g.characteristics(bears).has("haste")
    activate_and_resolve(g, bears, 0, targets=(("P1",),))
    assert g.state.players[1].life == 19


@pytest.mark.rules("613.1f")
def test_a_list_of_four_keywords(extra_cards):
    extra_cards(SWORD_OF_VENGEANCE, fully_read=True)
    g, ids = table(["Grizzly Bears"])
    g.attach(g.add_card("Sword of Vengeance", 0, Zone.BATTLEFIELD), ids["Grizzly Bears"])
    ch = g.characteristics(ids["Grizzly Bears"])
    assert ch.power == 4 and all(ch.has(k) for k in ("first strike", "vigilance", "trample", "haste"))


MEPHIDROSS_VAMPIRE = record("Mephidross Vampire", "{4}{B}{B}", "Creature — Vampire",
                            "Flying\nEach creature you control is a Vampire in addition to its other creature types and "
                            "has \"Whenever this creature deals damage to a creature, put a +1/+1 counter on this "
                            "creature.\"", "3/4")


@pytest.mark.rules("205.1b", "613.1d", "613.1f")
def test_a_creature_type_and_a_quoted_ability_together(extra_cards):
    extra_cards(MEPHIDROSS_VAMPIRE, fully_read=True)
    g, ids = table(["Mephidross Vampire", "Grizzly Bears"], ["Grizzly Bears"])
    bears = g.characteristics(ids["Grizzly Bears"])
    assert {"Bear", "Vampire"} <= bears.subtypes and len(bears.triggered) == 1
    theirs = g.characteristics(ids["B:Grizzly Bears"])
    assert "Vampire" not in theirs.subtypes and not theirs.triggered


OCTOPUS_UMBRA = record("Octopus Umbra", "{3}{U}{U}", "Enchantment — Aura",
                       "Enchant creature\nEnchanted creature has base power and toughness 8/8 and has \"Whenever this "
                       "creature attacks, you may tap target creature with power 8 or less.\"\nUmbra armor")


@pytest.mark.rules("613.4b", "613.1f", "508.1m")
def test_base_power_and_toughness_and_a_quoted_trigger(extra_cards):
    extra_cards(OCTOPUS_UMBRA, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Serra Angel"], step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    g.attach(g.add_card("Octopus Umbra", 0, Zone.BATTLEFIELD), bears)
    ch = g.characteristics(bears)
    assert (ch.power, ch.toughness) == (8, 8) and len(ch.triggered) == 1
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    g.apply(Choose(0, (ids["B:Serra Angel"],)))        # its target, as it goes on the stack
    while g.state.stack:
        if g.pending.kind is DecisionKind.CHOOSE:        # "you may": yes
            g.apply(Choose(0, ("yes",)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert g.state.objects[ids["B:Serra Angel"]].tapped


@pytest.mark.rules("118.12", "202.1", "613.1f")
@pytest.mark.parametrize("lands, stays", [(["Forest", "Mountain"], True), (["Forest"], False)])
def test_sacrifice_this_creature_unless_you_pay_its_mana_cost(extra_cards, lands, stays):
    extra_cards(PENDRELL_FLUX, fully_read=True)
    g, ids = table([], ["Grizzly Bears"] + lands, turn=3, step=Step.END)
    bears = ids["B:Grizzly Bears"]
    g.attach(g.add_card("Pendrell Flux", 0, Zone.BATTLEFIELD), bears)
    asked = []
    while not (g.state.turn == 4 and g.state.step is Step.DRAW):
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            asked.append(d.prompt)
            g.apply(Choose(d.player, ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1])))
        else:
            g.apply(PassPriority(d.player))
    assert (bears in g.state.battlefield) is stays
    # {1}{G}, the Bears' mana cost: asked only of the player who can pay it
    assert [p for p in asked if "{1}{G}" in p] == (["Pay {1}{G}?"] if stays else [])
