"""Cost changes counted as the total cost is determined (601.2f, 602.2b): "This spell costs {1} less to cast for each 1
life you gained this turn", "... for each creature that died this turn", "... if it's night", "... during your end
step", "Creature spells you cast cost {X} less to cast, where X is the amount of life you gained this turn", "Creature
spells you cast with power 4 or greater cost {2} less to cast", and an activated ability's own "This ability costs {1}
less to activate for each creature card in your graveyard"."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

LICIA = record("Licia, Sanguine Tribune", "{5}{R}{W}{B}", "Legendary Creature — Vampire Soldier",
               "This spell costs {1} less to cast for each 1 life you gained this turn.\nFirst strike, lifelink\n"
               "Pay 5 life: Put three +1/+1 counters on Licia, Sanguine Tribune. Activate only during your turn and "
               "only once each turn.", "4/4")
DIREGRAF_REBIRTH = record("Diregraf Rebirth", "{3}{B}{G}", "Sorcery",
                          "This spell costs {1} less to cast for each creature that died this turn.\nReturn target "
                          "creature card from your graveyard to the battlefield.\nFlashback {5}{B}{G} (You may cast "
                          "this card from your graveyard for its flashback cost. Then exile it.)")
MOONRAGERS_SLASH = record("Moonrager's Slash", "{2}{R}", "Instant",
                          "This spell costs {2} less to cast if it's night.\nMoonrager's Slash deals 3 damage to any "
                          "target.")
CLOSING_STATEMENT = record("Closing Statement", "{3}{W}{B}", "Instant",
                           "This spell costs {2} less to cast during your end step.\nDestroy target creature or "
                           "planeswalker you don't control. Put a +1/+1 counter on up to one target creature you "
                           "control.")
EZZAROOT_CHANNELER = record("Ezzaroot Channeler", "{5}{G}", "Creature — Treefolk Druid",
                            "Reach\nCreature spells you cast cost {X} less to cast, where X is the amount of life you "
                            "gained this turn.\n{T}: You gain 2 life.", "4/6")
GORECLAW = record("Goreclaw, Terror of Qal Sisma", "{3}{G}", "Legendary Creature — Bear",
                  "Creature spells you cast with power 4 or greater cost {2} less to cast.\nWhenever Goreclaw, Terror "
                  "of Qal Sisma attacks, each creature you control with power 4 or greater gets +1/+1 and gains trample "
                  "until end of turn.", "4/3")
NEMESIS_OF_MORTALS = record("Nemesis of Mortals", "{4}{G}{G}", "Creature — Snake",
                            "This spell costs {1} less to cast for each creature card in your graveyard.\n{7}{G}{G}: "
                            "Monstrosity 5. This ability costs {1} less to activate for each creature card in your "
                            "graveyard. (If this creature isn't monstrous, put five +1/+1 counters on it and it becomes "
                            "monstrous.)", "5/5")

LICIA_LANDS = ["Mountain", "Plains", "Swamp", "Swamp", "Swamp"]


@pytest.mark.rules("601.2f", "119.3")
def test_costs_one_less_for_each_life_gained_this_turn(extra_cards):
    extra_cards(LICIA, fully_read=True)
    g, ids = table(LICIA_LANDS, hand_a=["Licia, Sanguine Tribune"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Licia, Sanguine Tribune"]))
    # Lightning Helix gains 3: Licia costs {2}{R}{W}{B}, what the five lands make.
    g, ids = table(LICIA_LANDS + ["Mountain", "Plains"], hand_a=["Lightning Helix", "Licia, Sanguine Tribune"])
    cast_and_resolve(g, ids["Lightning Helix"], targets=(("P1",),))
    cast_and_resolve(g, ids["Licia, Sanguine Tribune"])
    assert on_battlefield(g, "Licia, Sanguine Tribune")


@pytest.mark.rules("601.2f", "700.4")
def test_costs_one_less_for_each_creature_that_died_this_turn(extra_cards):
    extra_cards(DIREGRAF_REBIRTH, fully_read=True)
    lands = ["Swamp", "Swamp", "Forest", "Forest"]
    g, ids = table(lands, ["Grizzly Bears"], hand_a=["Diregraf Rebirth"])
    g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    giant = g.state.players[0].graveyard[-1]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Diregraf Rebirth"], targets=((giant,),)))
    g, ids = table(lands + ["Swamp", "Swamp", "Swamp"], ["Grizzly Bears"], hand_a=["Murder", "Diregraf Rebirth"])
    g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    giant = g.state.players[0].graveyard[-1]
    cast_and_resolve(g, ids["Murder"], targets=((ids["B:Grizzly Bears"],),))      # {1}{B}{B}: three lands
    cast_and_resolve(g, ids["Diregraf Rebirth"], targets=((giant,),))             # {2}{B}{G}, what's left
    assert on_battlefield(g, "Hill Giant")


@pytest.mark.rules("601.2f", "731.1")
def test_costs_less_if_its_night(extra_cards):
    extra_cards(MOONRAGERS_SLASH, fully_read=True)
    g, ids = table(["Mountain"], hand_a=["Moonrager's Slash"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Moonrager's Slash"], targets=(("P1",),)))
    g.state.day_night = "night"
    cast_and_resolve(g, ids["Moonrager's Slash"], targets=(("P1",),))
    assert g.state.players[1].life == 17


@pytest.mark.rules("601.2f", "513.1")
def test_costs_less_during_your_end_step(extra_cards):
    extra_cards(CLOSING_STATEMENT, fully_read=True)
    g, ids = table(["Plains", "Swamp", "Swamp"], ["Hill Giant"], hand_a=["Closing Statement"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Closing Statement"], targets=((ids["B:Hill Giant"],), ())))
    g, ids = table(["Plains", "Swamp", "Swamp"], ["Hill Giant"], hand_a=["Closing Statement"], step=Step.END)
    cast_and_resolve(g, ids["Closing Statement"], targets=((ids["B:Hill Giant"],), ()))
    assert ids["B:Hill Giant"] not in g.state.battlefield


@pytest.mark.rules("601.2f", "119.3")
def test_creature_spells_cost_x_less_where_x_is_the_life_gained(extra_cards):
    extra_cards(EZZAROOT_CHANNELER, fully_read=True)
    g, ids = table(["Ezzaroot Channeler", "Mountain", "Plains", "Mountain"], hand_a=["Lightning Helix", "Hill Giant"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Hill Giant"]))             # {3}{R} with one land to spare later
    cast_and_resolve(g, ids["Lightning Helix"], targets=(("P1",),))
    cast_and_resolve(g, ids["Hill Giant"])                   # 3 less: {R}
    assert on_battlefield(g, "Hill Giant")


@pytest.mark.rules("601.2f")
def test_creature_spells_with_power_4_or_greater_cost_less(extra_cards):
    extra_cards(GORECLAW, fully_read=True)
    g, ids = table(["Goreclaw, Terror of Qal Sisma", "Plains", "Plains", "Plains"], hand_a=["Serra Angel", "Hill Giant"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Hill Giant"]))             # power 3: {3}{R} stays
    cast_and_resolve(g, ids["Serra Angel"])                  # power 4: {1}{W}{W}
    assert on_battlefield(g, "Serra Angel")


@pytest.mark.rules("602.2b", "601.2f", "701.37a")
def test_ability_costs_one_less_for_each_creature_card_in_your_graveyard(extra_cards):
    extra_cards(NEMESIS_OF_MORTALS, fully_read=True)
    lands = ["Forest"] * 5
    g, ids = table(["Nemesis of Mortals"] + lands)
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Nemesis of Mortals"], 0))
    for name in ("Hill Giant", "Grizzly Bears", "Serra Angel", "Elite Vanguard"):
        g.add_card(name, 0, Zone.GRAVEYARD)
    g.add_card("Lightning Bolt", 0, Zone.GRAVEYARD)          # not a creature card
    activate_and_resolve(g, ids["Nemesis of Mortals"], 0)   # {3}{G}{G}
    assert g.characteristics(ids["Nemesis of Mortals"]).power == 10


CONDUIT_OF_RUIN = record("Conduit of Ruin", "{6}", "Creature — Eldrazi",
                         "When you cast this spell, you may search your library for a colorless creature card with mana "
                         "value 7 or greater, reveal it, then shuffle and put that card on top.\nThe first creature "
                         "spell you cast each turn costs {2} less to cast.", "5/5")


@pytest.mark.rules("601.2f", "611.3a")
def test_the_first_creature_spell_each_turn_costs_less(extra_cards):
    extra_cards(CONDUIT_OF_RUIN, fully_read=True)
    g, ids = table(["Conduit of Ruin", "Mountain", "Mountain", "Forest"], hand_a=["Hill Giant", "Grizzly Bears"])
    cast_and_resolve(g, ids["Hill Giant"])                   # the first: {1}{R}
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))          # the second pays {1}{G} in full, with one land left
    assert on_battlefield(g, "Hill Giant")


GOBLIN_ANARCHOMANCER = record("Goblin Anarchomancer", "{R}{G}", "Creature — Goblin Shaman",
                              "Each spell you cast that's red or green costs {1} less to cast.", "2/2")


@pytest.mark.rules("601.2f")
def test_each_spell_you_cast_thats_red_or_green_costs_less(extra_cards):
    extra_cards(GOBLIN_ANARCHOMANCER, fully_read=True)
    g, ids = table(["Goblin Anarchomancer", "Forest", "Island"], ["Goblin Anarchomancer"],
                   hand_a=["Prodigal Sorcerer", "Grizzly Bears"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Prodigal Sorcerer"]))        # blue: {2}{U} with two lands
    cast_and_resolve(g, ids["Grizzly Bears"])                   # green: {G} with the Forest, the Island left
    assert on_battlefield(g, "Grizzly Bears") and not g.state.objects[ids["Island"]].tapped


HERALD_OF_WAR = record("Herald of War", "{3}{W}{W}", "Creature — Angel",
                       "Flying\nWhenever Herald of War attacks, put a +1/+1 counter on it.\nAngel spells and Human spells "
                       "you cast cost {1} less to cast for each +1/+1 counter on Herald of War.", "3/3")


@pytest.mark.rules("601.2f")
@pytest.mark.parametrize("counters,castable", [(2, True), (1, False)])
def test_spells_cost_less_for_each_counter_on_the_source(extra_cards, counters, castable):
    """Serra Angel ({3}{W}{W}) costs {1}{W}{W} with two +1/+1 counters on the Herald: three Plains pay it, not with one
    counter; Juggernaut ({4}), no Angel or Human, costs what it costs."""
    extra_cards(HERALD_OF_WAR, fully_read=True)
    g, ids = table(["Herald of War", "Plains", "Plains", "Plains"], [], hand_a=["Serra Angel", "Juggernaut"])
    g.state.objects[ids["Herald of War"]].counters["+1/+1"] = counters
    offered = {a.card for a in g.legal_actions() if isinstance(a, CastSpell)}
    assert (ids["Serra Angel"] in offered) == castable and ids["Juggernaut"] not in offered
    if castable:
        cast_and_resolve(g, ids["Serra Angel"])
        assert on_battlefield(g, "Serra Angel")
