"""Keywords made of abilities granted to other objects (702.1, 613.1f): "Other creatures you control have
exalted", "Target creature gains undying until end of turn", "Equipment you control have equip {0}", 'Enchanted creature
has "Cumulative upkeep {1}."', "Enchanted creature has poisonous 3" (a numbered keyword keeps its N), '... has
"Cumulative upkeep—Pay 1 life."' (a cost other than mana, after the dash). The
keyword's triggered or activated abilities are granted in layer 6, with the keyword itself."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, Choose, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import (activate_and_resolve, advance, cast_and_resolve, cast_and_settle, on_battlefield,
                                  preferring, resolve_stack, settle, table)
from tests.oracle.conftest import record

SUBLIME_ARCHANGEL = record("Sublime Archangel", "{2}{W}{W}", "Creature — Angel",
                           "Flying\nExalted (Whenever a creature you control attacks alone, that creature gets +1/+1 "
                           "until end of turn.)\nOther creatures you control have exalted. (If a creature has multiple "
                           "instances of exalted, each triggers separately.)", "4/3")
UNDYING_EVIL = record("Undying Evil", "{B}", "Instant",
                      "Target creature gains undying until end of turn. (When it dies, if it had no +1/+1 counters on "
                      "it, return it to the battlefield under its owner's control with a +1/+1 counter on it.)")
PURESTEEL_PALADIN = record("Puresteel Paladin", "{W}{W}", "Creature — Human Knight",
                           "Whenever an Equipment enters the battlefield under your control, you may draw a card.\n"
                           "Metalcraft — Equipment you control have equip {0} as long as you control three or more "
                           "artifacts.", "2/2")

SNAKE_CULT_INITIATION = record("Snake Cult Initiation", "{3}{B}", "Enchantment — Aura",
                               "Enchant creature\nEnchanted creature has poisonous 3. (Whenever it deals combat damage "
                               "to a player, that player gets three poison counters. A player with ten or more poison "
                               "counters loses the game.)")
DECOMPOSITION = record("Decomposition", "{1}{G}", "Enchantment — Aura",
                       'Enchant black creature\nEnchanted creature has "Cumulative upkeep—Pay 1 life." (At the beginning '
                       "of its controller's upkeep, that player puts an age counter on it, then sacrifices it unless "
                       "they pay its upkeep cost for each age counter on it.)\nWhen enchanted creature dies, its "
                       "controller loses 2 life.")


@pytest.mark.rules("702.83a", "702.83b", "613.1f")
def test_other_creatures_have_exalted_and_each_instance_triggers(extra_cards):
    extra_cards(SUBLIME_ARCHANGEL, fully_read=True)
    g, ids = table(["Sublime Archangel", "Grizzly Bears", "Llanowar Elves"], step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    assert any(k.name == "exalted" for k in g.characteristics(bears).keywords)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    resolve_stack(g)
    # the Angel's, the Bears' and the Elves' exalted: three triggers
    assert g.characteristics(bears).power == 5


@pytest.mark.rules("702.93a", "611.2a", "603.10a")
def test_a_creature_gains_undying_until_end_of_turn(extra_cards):
    extra_cards(UNDYING_EVIL, fully_read=True)
    g, ids = table(["Grizzly Bears", "Swamp", "Swamp", "Swamp", "Swamp"], hand_a=["Undying Evil", "Murder"])
    cast_and_resolve(g, ids["Undying Evil"], targets=((ids["Grizzly Bears"],),))
    cast_and_resolve(g, ids["Murder"], targets=((ids["Grizzly Bears"],),))
    back = on_battlefield(g, "Grizzly Bears")
    assert len(back) == 1 and g.state.objects[back[0]].counters.get("+1/+1") == 1
    # a new object (400.7): it no longer has undying
    assert not any(k.name == "undying" for k in g.characteristics(back[0]).keywords)


@pytest.mark.rules("702.6a", "613.1f", "611.3a")
def test_equipment_you_control_have_equip_0_with_metalcraft(extra_cards):
    extra_cards(PURESTEEL_PALADIN, fully_read=True)
    g, ids = table(["Puresteel Paladin", "Grizzly Bears"])
    first = g.add_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    assert len(g.characteristics(first).activated) == 1        # one artifact: no metalcraft
    g.add_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    g.add_card("Bonesplitter", 0, Zone.BATTLEFIELD)
    assert len(g.characteristics(first).activated) == 2
    activate_and_resolve(g, first, 1, targets=((ids["Grizzly Bears"],),))     # no land to pay with
    assert g.state.objects[first].attached_to == ids["Grizzly Bears"]
    assert g.characteristics(ids["Grizzly Bears"]).power == 4


WINGED_BOOTS = record("Winged Boots", "{1}{U}", "Artifact — Equipment",
                      "Equipped creature has flying and ward {4}. (Whenever equipped creature becomes the target of a "
                      "spell or ability an opponent controls, counter it unless that player pays {4}.)\nEquip {1}")


@pytest.mark.rules("702.21a", "702.9b", "613.1f")
@pytest.mark.parametrize("mountains, countered", [(1, True), (5, False)])
def test_a_simple_keyword_and_a_keyword_made_of_abilities(extra_cards, mountains, countered):
    extra_cards(WINGED_BOOTS, fully_read=True)
    g, ids = table(["Mountain"] * mountains, ["Winged Boots", "Hill Giant", "Island"], hand_a=["Lightning Bolt"],
                   active=1)
    giant = ids["B:Hill Giant"]
    activate_and_resolve(g, ids["B:Winged Boots"], 0, player=1, targets=((giant,),))
    assert g.characteristics(giant).has("flying") and g.characteristics(giant).has("ward")
    advance(g, Step.MAIN1, turn=4)
    cast_and_settle(g, ids["Lightning Bolt"], targets=((giant,),), answer=preferring("yes"))
    assert (giant in g.state.battlefield) is countered, "3 damage to a 3/3 unless ward countered the Bolt"


MANA_CHAINS = record("Mana Chains", "{U}", "Enchantment — Aura",
                     'Enchant creature\nEnchanted creature has "Cumulative upkeep {1}." (At the beginning of its '
                     "controller's upkeep, that player puts an age counter on it, then sacrifices it unless they pay "
                     "its upkeep cost for each age counter on it.)")


def _paying_step(g) -> list[int]:
    """One decision answered: a payment asked is made ("yes"; the chooser is returned), no attackers or blockers."""
    d = g.pending
    if d.kind is DecisionKind.CHOOSE:
        g.apply(Choose(d.player, ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1])))
        return [d.player]
    if d.kind is DecisionKind.DECLARE_ATTACKERS:
        g.apply(DeclareAttackers(d.player, {}))
    elif d.kind is DecisionKind.DECLARE_BLOCKERS:
        g.apply(DeclareBlockers(d.player, {}))
    else:
        g.apply(PassPriority(d.player))
    return []


@pytest.mark.rules("702.24a", "613.1f")
def test_cumulative_upkeep_granted_in_quotes(extra_cards):
    extra_cards(MANA_CHAINS, fully_read=True)
    g, ids = table(["Island"], ["Grizzly Bears", "Forest"], hand_a=["Mana Chains"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Mana Chains"], targets=((bears,),))
    asked: list[int] = []
    for _ in range(300):
        if g.state.turn == 6 and g.state.step is Step.MAIN1:
            break
        asked += _paying_step(g)
        if g.state.turn == 4 and g.state.step is Step.MAIN1:
            assert g.state.objects[bears].counters.get("age") == 1, "B's upkeep: an age counter, {1} paid"
            assert bears in g.state.battlefield
    assert asked and set(asked) == {1}, "its controller pays, at its controller's upkeep only"
    assert bears not in g.state.battlefield, "turn 6: {2} for two age counters, one Forest: sacrificed"
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]


@pytest.mark.rules("702.70a", "613.1f", "510.2")
def test_enchanted_creature_has_poisonous_3(extra_cards):
    extra_cards(SNAKE_CULT_INITIATION, fully_read=True)
    g, ids = table(["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    g.attach(g.add_card("Snake Cult Initiation", 0, Zone.BATTLEFIELD), bears)
    assert any(k.name == "poisonous" for k in g.characteristics(bears).keywords)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    advance(g, Step.END_OF_COMBAT)
    resolve_stack(g)
    # combat damage to the player: 2 life, and the trigger gives three poison counters (not two: N, not the damage)
    assert (g.state.players[1].life, g.state.players[1].poison) == (18, 3)


@pytest.mark.rules("702.70a")
def test_poisonous_triggers_only_on_damage_to_a_player(extra_cards):
    extra_cards(SNAKE_CULT_INITIATION, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Hill Giant"], step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    g.attach(g.add_card("Snake Cult Initiation", 0, Zone.BATTLEFIELD), bears)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, {ids["B:Hill Giant"]: (bears,)}))
    advance(g, Step.END_OF_COMBAT)
    resolve_stack(g)
    assert (g.state.players[1].life, g.state.players[1].poison) == (20, 0)


@pytest.mark.rules("702.24a", "613.1f", "119.4")
def test_cumulative_upkeep_of_life_granted_in_quotes(extra_cards):
    extra_cards(DECOMPOSITION, fully_read=True)
    g, ids = table([], ["Black Knight"], turn=3, step=Step.END)
    knight = ids["B:Black Knight"]
    g.attach(g.add_card("Decomposition", 0, Zone.BATTLEFIELD), knight)
    asked: list[int] = []
    while not (g.state.turn == 6 and g.state.step is Step.MAIN1):
        asked += _paying_step(g)
    assert asked and set(asked) == {1}
    # B's upkeeps of turns 4 and 6: one age counter, 1 life; two, 2 life
    assert g.state.objects[knight].counters.get("age") == 2 and knight in g.state.battlefield
    assert g.state.players[1].life == 17


KOTORI = record("Kotori, Pilot Prodigy", "{1}{W}{U}", "Legendary Creature — Moonfolk Pilot",
                "Vehicles you control have crew 2.\nAt the beginning of combat on your turn, target artifact creature "
                "you control gains lifelink and vigilance until end of turn.", "2/2")


@pytest.mark.rules("702.122a", "613.1f", "702.1")
def test_vehicles_you_control_have_crew(extra_cards):
    """Kotori, Pilot Prodigy: your Vehicle has crew 2 beside its own crew 6, a Vehicle of the opponent's doesn't; tapping
    creatures with total power 2 crews it; a creature that isn't a Vehicle isn't given crew."""
    from tests.engine.test_crew import CONSULATE_DREADNOUGHT
    extra_cards(KOTORI, fully_read=True)
    extra_cards(CONSULATE_DREADNOUGHT)
    g, ids = table(["Kotori, Pilot Prodigy", "Consulate Dreadnought", "Grizzly Bears"], ["Consulate Dreadnought"])
    ship = ids["Consulate Dreadnought"]
    assert [a.text for a in g.characteristics(ship).activated] == ["Crew 6", "Crew 2"]
    assert [a.text for a in g.characteristics(ids["B:Consulate Dreadnought"]).activated] == ["Crew 6"]
    assert g.characteristics(ids["Grizzly Bears"]).activated == ()
    g.apply(ActivateAbility(0, ship, 1))
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    settle(g)
    assert g.characteristics(ship).is_creature and g.state.objects[ids["Grizzly Bears"]].tapped
