"""Permanents: basic land mana (305.6), mana abilities (605), activated abilities (602), triggered
abilities (603), static abilities (604)."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Condition, Cost, Filter, Keyword, Ref, SELF, TargetSpec, Trigger
from engine.core.effect_types import (AddMana, DealDamage, Destroy, Draw, GainLife, Pump, ReturnToHand,
                                      TapEffect)
from engine.core.effect_types import Attach, SacrificeSelf
from engine.core.mana import ManaCost
from engine.oracle import enchant_target_spec

T0 = Ref("target", 0)


@pytest.mark.rules("305.6")
@pytest.mark.parametrize("land,letter", [("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                                         ("Forest", "G")])
def test_basic_lands_tap_for_their_color(card, land, letter):
    d = card(land, None, f"Basic Land — {land}", f"({{T}}: Add {{{letter}}}.)")
    assert d.supported and len(d.activated) == 1
    a = d.activated[0]
    assert a.cost == Cost(tap=True) and a.is_mana_ability and a.mana_options == (letter,)
    assert a.mode.effects == (AddMana(letter),)


@pytest.mark.rules("605.1a", "106.1")
@pytest.mark.parametrize("text,options", [
    ("{T}: Add {C}.", ("C",)), ("{T}: Add {G}.", ("G",)), ("{T}: Add one mana of any color.", ("A",)),
    ("{T}: Add {C}{C}.", ("CC",)), ("{T}: Add {R}{W}.", ("RW",)), ("{T}: Add {W} or {B}.", ("W", "B")),
])
def test_mana_abilities(card, text, options):
    d = card("Mana Thing", "{1}", "Artifact", text)
    assert d.supported and d.activated[0].is_mana_ability and d.activated[0].mana_options == options
    assert d.activated[0].cost.tap


@pytest.mark.rules("602.1a")
def test_activated_damage_and_destroy(card):
    d = card("Prodigal Sorcerer", "{2}{U}", "Creature — Human Wizard",
             "{T}: This creature deals 1 damage to any target.", "1/1")
    a = d.activated[0]
    assert not a.is_mana_ability and a.cost.tap
    assert a.mode.targets[0].kind == "any" and a.mode.effects == (DealDamage(Amount.const(1), T0),)
    d = card("Royal Assassin", "{1}{B}{B}", "Creature — Human Assassin", "{T}: Destroy target tapped creature.", "1/1")
    assert d.activated[0].mode.targets[0] == TargetSpec("creature", Filter(tapped=True), text="target tapped creature")
    assert d.activated[0].mode.effects == (Destroy(T0),)


def test_activated_cost_with_mana_and_tap(card):
    d = card("Icy Manipulator", "{4}", "Artifact", "{1}, {T}: Tap target artifact, creature, or land.")
    a = d.activated[0]
    assert a.cost.mana == ManaCost(("1",)) and a.cost.tap
    spec = a.mode.targets[0]
    assert spec.kind == "permanent" and spec.filter.types == {"Artifact", "Creature", "Land"}
    assert a.mode.effects == (TapEffect(T0),)


def test_self_pump_and_sacrifice_costs(card):
    d = card("Shivan Dragon", "{4}{R}{R}", "Creature — Dragon", "Flying\n{R}: This creature gets +1/+0 until end of turn.",
             "5/5")
    assert d.activated[0].mode.effects == (Pump(SELF, Amount.const(1), Amount.const(0)),)
    d = card("Mogg Fanatic", "{R}", "Creature — Goblin", "Sacrifice this creature: It deals 1 damage to any target.",
             "1/1")
    assert d.activated[0].cost.sacrifice_self and d.activated[0].mode.effects == (DealDamage(Amount.const(1), T0),)


@pytest.mark.rules("603.1", "603.6a")
def test_enters_triggers(card):
    d = card("Wall of Omens", "{1}{W}", "Creature — Wall", "Defender\nWhen this creature enters, draw a card.", "0/4")
    t = d.triggered[0]
    assert t.trigger == Trigger("enters") and t.mode.effects == (Draw(Ref("you"), Amount.const(1)),)
    d = card("Man-o'-War", "{2}{U}", "Creature — Jellyfish",
             "When Man-o'-War enters the battlefield, return target creature to its owner's hand.", "2/2")
    assert d.triggered[0].trigger == Trigger("enters") and d.triggered[0].mode.effects == (ReturnToHand(T0),)


@pytest.mark.rules("603.2", "603.3")
def test_step_and_other_creature_triggers(card):
    d = card("Ball Lightning", "{R}{R}{R}", "Creature — Elemental",
             "Trample, haste\nAt the beginning of the end step, sacrifice this creature.", "6/1")
    t = d.triggered[0]
    assert (t.trigger.event, t.trigger.step, t.trigger.whose) == ("step", "end", "each")
    assert t.mode.effects == (SacrificeSelf(),)
    d = card("Soul Warden", "{W}", "Creature — Human Cleric", "Whenever another creature enters, you gain 1 life.", "1/1")
    t = d.triggered[0]
    assert t.trigger == Trigger("enters", "filter", Filter(types=frozenset({"Creature"}), other=True))
    assert t.mode.effects == (GainLife(Ref("you"), Amount.const(1)),)


@pytest.mark.rules("603.4")
def test_intervening_if_and_unless(card):
    d = card("Gatekeeper of Malakir", "{B}{B}", "Creature — Vampire Warrior",
             "Kicker {B}\nWhen this creature enters, if it was kicked, target player sacrifices a creature of their choice.",
             "2/2")
    assert d.costs[0].kind == "kicker" and d.costs[0].cost.mana == ManaCost(("B",))
    assert d.triggered[0].condition == Condition("kicked")
    d = card("Skizzik", "{3}{R}", "Creature — Elemental", "Kicker {R}\nTrample, haste\n"
             "At the beginning of the end step, sacrifice this creature unless it was kicked.", "5/3")
    cond = d.triggered[0].mode.effects[0]
    assert cond.condition == Condition("kicked", negate=True) and cond.then == (SacrificeSelf(),)


@pytest.mark.rules("702.6a")
def test_equipment(card):
    d = card("Bonesplitter", "{1}", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}")
    assert d.supported
    assert d.static[0].kind == "pump" and d.static[0].affected == Ref("equipped") and d.static[0].params == (2, 0)
    eq = d.activated[0]
    assert eq.sorcery_speed and eq.cost.mana == ManaCost(("1",)) and eq.mode.effects == (Attach(SELF, T0),)


@pytest.mark.rules("303.4a")
def test_aura_targets_what_it_enchants(card):
    d = card("Pacifism", "{1}{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack or block.")
    assert d.supported and d.spell is None
    assert enchant_target_spec(d.keywords[0].param).kind == "creature"
    assert d.static[0].kind == "cant_attack_or_block" and d.static[0].affected == Ref("enchanted")


@pytest.mark.rules("613.4c")
def test_anthems(card):
    d = card("Glorious Anthem", "{1}{W}{W}", "Enchantment", "Creatures you control get +1/+1.")
    s = d.static[0]
    assert s.kind == "pump" and s.params == (1, 1)
    assert s.affected == Ref("all", filter=Filter(types=frozenset({"Creature"}), controller="you"))
    d = card("Lord of Atlantis", "{U}{U}", "Creature — Merfolk", "Other Merfolk get +1/+1 and have islandwalk.", "2/2")
    s = d.static[0]
    assert s.kind == "pump_grant" and s.params == (1, 1, (Keyword("landwalk", "island"),))
    assert s.affected.filter == Filter(subtypes=frozenset({"Merfolk"}), other=True)


@pytest.mark.rules("603.2", "122.1")
def test_that_much_and_named_counters(card):
    d = card("Brash Test", "{3}{R}", "Creature — Goblin", "Whenever this creature is dealt damage, it deals that much "
             "damage to target opponent.", "1/1")
    t = d.triggered[0]
    assert t.trigger == Trigger("dealt_damage")
    assert t.mode.effects == (DealDamage(Amount("event_amount"), T0),) and t.mode.targets[0].kind == "opponent"
    d = card("Soul Test", "{2}", "Artifact — Equipment", "This Equipment enters with a soul counter on it.\n"
             "Equipped creature gets +1/+1 for each soul counter on this Equipment.\nEquip {2}")
    assert d.supported
    assert d.static[0].kind == "enters_with_counters" and dict(d.static[0].params) == {"counters": (("soul", 1),)}
    per = Amount("counters_on", ref=SELF, counter="soul")
    assert d.static[1].kind == "pump_dynamic" and d.static[1].params == (per, per)


@pytest.mark.rules("700.2", "603.2")
def test_modal_trigger_modes(card):
    d = card("Gargaroth Test", "{3}{G}{G}", "Creature — Elemental", "Vigilance, reach, trample\nWhenever this creature "
             "attacks or blocks, choose one —\n• Create a 3/3 green Beast creature token.\n• You gain 3 life.\n"
             "• Draw a card.", "6/6")
    assert d.supported and [t.trigger.event for t in d.triggered] == ["attacks", "blocks"]
    modes = d.triggered[0].modes
    assert len(modes) == 3 and modes[1].effects == (GainLife(Ref("you"), Amount.const(3)),)
    d = card("Targeted Modes", "{2}", "Creature — Beast", "When this creature enters, choose one —\n"
             "• Destroy target artifact.\n• You gain 4 life.", "2/2")
    assert d.supported and d.triggered[0].modes[0].targets[0].text == "target artifact"


@pytest.mark.rules("606.4")
def test_each_creature_that_player_controls(card):
    d = card("Chandra Nalaar", "{3}{R}{R}", "Legendary Planeswalker — Chandra", "−8: Chandra Nalaar deals 10 damage to "
             "target player or planeswalker and each creature that player or that planeswalker's controller controls.",
             loyalty="6")
    assert d.supported and not d.hand_written
    ult = d.activated[0]
    assert ult.cost.loyalty == -8 and ult.mode.targets[0].kind == "player_or_planeswalker"
    assert ult.mode.effects[1] == DealDamage(Amount.const(10), Ref("controlled_by", 0, Filter(types=frozenset({"Creature"}))))


def test_cast_trigger_with_colors(card):
    d = card("Dryad Test", "{1}{G}", "Creature — Dryad", "Whenever you cast a spell that's white, blue, black, or red, "
             "put a +1/+1 counter on this creature.", "1/1")
    t = d.triggered[0].trigger
    assert (t.event, t.subject) == ("cast", "you") and t.filter.colors == {"W", "U", "B", "R"}
