"""A requirement to attack on a group, "Creatures your opponents control attack this turn if able" (508.1d): a
rule-changing effect that binds creatures arriving after it began too (611.2c). Real cards, played."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, DeclareAttackers, PassPriority
from tests.engine.driving import advance, pass_until, resolve_stack, table
from engine.oracle import compile_card
from tests.oracle.conftest import record

BIDENT_OF_THASSA = record("Bident of Thassa", "{2}{U}{U}", "Legendary Enchantment Artifact",
                          "Whenever a creature you control deals combat damage to a player, you may draw a card.\n"
                          "{1}{U}, {T}: Creatures your opponents control attack this turn if able.")
INSTIGATOR = record("Instigator", "{1}{B}{B}", "Creature — Human Spellshaper",
                    "{1}{B}{B}, {T}, Discard a card: Creatures target player controls attack this turn if able.", "1/1")


@pytest.mark.rules("508.1d", "611.2c")
def test_creatures_that_arrive_later_must_attack_too(extra_cards):
    extra_cards(BIDENT_OF_THASSA)
    assert not compile_card(BIDENT_OF_THASSA).unsupported
    g, ids = table(["Bident of Thassa", "Island", "Island"], ["Grizzly Bears", "Mountain"], active=1,
                   step=Step.UPKEEP, hand_b=["Raging Goblin"])
    bears = ids["B:Grizzly Bears"]
    g.apply(PassPriority(1))
    g.apply(ActivateAbility(0, ids["Bident of Thassa"], 0))
    resolve_stack(g)
    g = Game.from_json(g.to_json())         # the effect is plain data in a save
    advance(g, Step.MAIN1)
    g.apply(CastSpell(1, ids["B:Raging Goblin"]))
    resolve_stack(g)
    (goblin,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Raging Goblin"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    for attacks in ({}, {bears: "P0"}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(1, attacks))
    g.apply(DeclareAttackers(1, {bears: "P0", goblin: "P0"}))
    assert set(g.state.combat.attackers) == {bears, goblin}


@pytest.mark.rules("508.1d", "611.2c", "115.1")
def test_creatures_of_the_target_player_only(extra_cards):
    extra_cards(INSTIGATOR)
    assert not compile_card(INSTIGATOR).unsupported
    g, ids = table(["Instigator", "Swamp", "Swamp", "Swamp", "Grizzly Bears"], ["Hill Giant"], ["Shock"], active=1,
                   step=Step.UPKEEP)
    g.apply(PassPriority(1))
    g.apply(ActivateAbility(0, ids["Instigator"], 0, targets=(("P1",),)))
    if g.pending.kind is DecisionKind.CHOOSE:       # the card to discard (the only one)
        g.apply(Choose(0, (ids["Shock"],)))
    resolve_stack(g)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(1, {}))
    g.apply(DeclareAttackers(1, {ids["B:Hill Giant"]: "P0"}))
    # the effect ends with the turn (514.2), and never bound A's own creatures
    advance(g, Step.MAIN1, turn=4)
    assert not g.characteristics(ids["Grizzly Bears"]).extra.get("must_attack")


GOBLIN_RABBLEMASTER = record("Goblin Rabblemaster", "{2}{R}", "Creature — Goblin Warrior",
                             "Other Goblin creatures you control attack each combat if able.\nAt the beginning of "
                             "combat on your turn, create a 1/1 red Goblin creature token with haste.\nWhenever Goblin "
                             "Rabblemaster attacks, it gets +1/+0 until end of turn for each other attacking Goblin.",
                             "2/2")
ANGLER_TURTLE = record("Angler Turtle", "{5}{U}{U}", "Creature — Turtle",
                       "Hexproof\nCreatures your opponents control attack each combat if able.", "5/7")


@pytest.mark.rules("508.1d", "611.3a")
def test_other_goblin_creatures_you_control_attack_each_combat(extra_cards):
    extra_cards(GOBLIN_RABBLEMASTER, fully_read=True)
    g, ids = table(["Goblin Rabblemaster", "Goblin Piker", "Grizzly Bears"], [])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    piker = ids["Goblin Piker"]
    (token,) = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    for attacks in ({}, {piker: "P1"}, {token: "P1"}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(0, attacks))
    g.apply(DeclareAttackers(0, {piker: "P1", token: "P1"}))
    assert set(g.state.combat.attackers) == {piker, token}, "Rabblemaster and the Bears may stay home"


@pytest.mark.rules("508.1d")
def test_creatures_your_opponents_control_attack_each_combat(extra_cards):
    extra_cards(ANGLER_TURTLE, fully_read=True)
    g, ids = table(["Angler Turtle", "Grizzly Bears"], ["Hill Giant"], active=1)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(1, {}))
    g.apply(DeclareAttackers(1, {ids["B:Hill Giant"]: "P0"}))
    assert list(g.state.combat.attackers) == [ids["B:Hill Giant"]]
