"""Amounts read from what an instruction or a cost sacrificed (608.2h: as it last existed) and from the damage a
creature was dealt this turn (120.2): "where X is the sacrificed creature's power" after a quoted ability, "Target
creature's controller sacrifices it, then creates X ... tokens, where X is that creature's power", "the total power of
the creatures sacrificed this way", "the damage already dealt to it this turn". Played with real cards."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import (activate_and_resolve, cast_and_resolve, cast_and_settle, on_battlefield, resolve_stack,
                                  table)
from tests.oracle.conftest import record

TEND_THE_PESTS = record("Tend the Pests", "{B}{G}", "Instant",
                        "As an additional cost to cast this spell, sacrifice a creature.\nCreate X 1/1 black and green "
                        "Pest creature tokens with \"When this creature dies, you gain 1 life,\" where X is the "
                        "sacrificed creature's power.")
MERCY_KILLING = record("Mercy Killing", "{2}{G/W}", "Instant",
                       "Target creature's controller sacrifices it, then creates X 1/1 green and white Elf Warrior "
                       "creature tokens, where X is that creature's power.")
REIGN_OF_THE_PIT = record("Reign of the Pit", "{4}{B}{B}", "Sorcery",
                          "Each player sacrifices a creature. Create an X/X black Demon creature token with flying, "
                          "where X is the total power of the creatures sacrificed this way.")
WHIPKEEPER = record("Whipkeeper", "{2}{R}{R}", "Creature — Dwarf",
                    "{T}: Whipkeeper deals damage to target creature equal to the damage already dealt to it this "
                    "turn.", "1/1")


@pytest.mark.rules("107.3c", "601.2h", "608.2h")
def test_tend_the_pests_makes_as_many_pests_as_the_sacrificed_creatures_power(extra_cards):
    extra_cards(TEND_THE_PESTS, fully_read=True)
    g, ids = table(["Swamp", "Forest", "Hill Giant"], [], ["Tend the Pests"])
    g.apply(CastSpell(0, ids["Tend the Pests"]))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, (ids["Hill Giant"],)))
    resolve_stack(g)
    pests = on_battlefield(g, "Pest Token")
    assert len(pests) == 3 and ids["Hill Giant"] not in g.state.battlefield


@pytest.mark.rules("701.21a", "608.2h", "111.2")
def test_mercy_killing_gives_the_tokens_to_the_creatures_controller(extra_cards):
    extra_cards(MERCY_KILLING, fully_read=True)
    g, ids = table(["Forest", "Forest", "Plains"], ["Serra Angel"], ["Mercy Killing"])
    cast_and_resolve(g, ids["Mercy Killing"], targets=((ids["B:Serra Angel"],),))
    elves = on_battlefield(g, "Elf Warrior Token")
    assert ids["B:Serra Angel"] not in g.state.battlefield
    assert len(elves) == 4 and {g.state.objects[e].controller for e in elves} == {1}


@pytest.mark.rules("701.21a", "608.2h", "107.3c")
def test_reign_of_the_pit_adds_up_the_power_every_player_sacrificed(extra_cards):
    extra_cards(REIGN_OF_THE_PIT, fully_read=True)
    g, ids = table(["Swamp"] * 6 + ["Grizzly Bears"], ["Serra Angel"], ["Reign of the Pit"])
    cast_and_settle(g, ids["Reign of the Pit"])
    (demon,) = on_battlefield(g, "Demon Token")
    ch = g.characteristics(demon)
    assert (ch.power, ch.toughness) == (2 + 4, 2 + 4)


@pytest.mark.rules("120.2", "120.3")
def test_whipkeeper_deals_the_damage_already_dealt_this_turn(extra_cards):
    extra_cards(WHIPKEEPER, fully_read=True)
    g, ids = table(["Whipkeeper", "Mountain"], ["Serra Angel"], ["Shock"])
    angel = ids["B:Serra Angel"]
    cast_and_resolve(g, ids["Shock"], targets=((angel,),))
    activate_and_resolve(g, ids["Whipkeeper"], targets=((angel,),))
    assert angel not in g.state.battlefield              # 2, then 2 more: 4 to a 4/4
