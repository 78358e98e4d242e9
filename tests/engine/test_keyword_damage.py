"""Keywords that change damage and targeting, and two basic keyword actions: shroud 702.18, wither
702.80, infect 702.90, cast 701.5, surveil 701.25."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, DeclareAttackers, DeclareBlockers
from tests.engine.driving import advance, attack, on_battlefield, pass_until, settle, table, until_blockers
from tests.engine.test_keyword_combat import creature

INKWELL_LEVIATHAN = creature("Inkwell Leviathan", "{7}{U}{U}", "Leviathan", "Islandwalk\nTrample\nShroud", "7/11")
BOGGART_RAM_GANG = creature("Boggart Ram-Gang", "{R/G}{R/G}{R/G}", "Goblin Warrior", "Haste\nWither (This deals "
                            "damage to creatures in the form of -1/-1 counters.)", "3/3")
GLISTENER_ELF = creature("Glistener Elf", "{G}", "Elf Warrior", "Infect (This creature deals damage to creatures in "
                         "the form of -1/-1 counters and to players in the form of poison counters.)", "1/1")
DIMIR_INFORMANT = creature("Dimir Informant", "{2}{U}", "Human Rogue", "When Dimir Informant enters the battlefield, "
                           "surveil 2. (Look at the top two cards of your library, then put any number of them into "
                           "your graveyard and the rest on top of your library in any order.)", "1/4")


@pytest.mark.rules("702.18a")
def test_shroud_cant_be_targeted_even_by_its_controller(extra_cards):
    extra_cards(INKWELL_LEVIATHAN)
    g, ids = table(["Inkwell Leviathan", "Mountain"], hand_a=["Lightning Bolt"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["Inkwell Leviathan"],),)))


@pytest.mark.rules("702.80a", "120.3d")
def test_wither_deals_damage_to_creatures_as_minus_counters(extra_cards):
    extra_cards(BOGGART_RAM_GANG)
    extra_cards(DIMIR_INFORMANT)
    g, ids = table(["Boggart Ram-Gang"], ["Dimir Informant"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Boggart Ram-Gang"])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Dimir Informant"]: (ids["Boggart Ram-Gang"],)}))
    advance(g, Step.END)
    informant = ids["B:Dimir Informant"]
    assert g.state.objects[informant].counters == {"-1/-1": 3} and g.state.objects[informant].damage == 0
    assert g.characteristics(informant).toughness == 1


@pytest.mark.rules("702.90a", "702.90b", "120.3b")
def test_infect_gives_poison_counters_to_players(extra_cards):
    extra_cards(GLISTENER_ELF)
    g, ids = table(["Glistener Elf"], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Glistener Elf"]: "P1"}))
    advance(g, Step.END)
    assert g.state.players[1].poison == 1 and g.state.players[1].life == 20


@pytest.mark.rules("701.5a", "701.25a")
def test_cast_a_creature_then_surveil_two(extra_cards):
    extra_cards(DIMIR_INFORMANT)
    g, ids = table(hand_a=["Dimir Informant"])
    library = g.state.players[0].library
    first, second = (g.state.objects[o].card_id for o in library[-1:-3:-1])
    g.set_player(0, mana_pool="UUU")
    g.apply(CastSpell(0, ids["Dimir Informant"]))
    assert [g.characteristics(o).name for o in g.state.stack] == ["Dimir Informant"]      # 701.5a: on the stack

    def to_graveyard_the_top_card(d):
        by_card = {g.state.objects[o].card_id: o for o in d.options if isinstance(o, int) and o in g.state.objects}
        return (by_card[first],) if d.min == 0 and first in by_card else tuple(d.options[:d.min or 1])
    settle(g, to_graveyard_the_top_card)
    assert on_battlefield(g, "Dimir Informant")
    assert [g.state.objects[o].card_id for o in g.state.players[0].graveyard] == [first]
    assert g.state.objects[g.state.players[0].library[-1]].card_id == second
