"""Cards "in a graveyard that were put there from the battlefield (from anywhere) this turn": a card put into a
graveyard is a new object there (400.7), and only those put there this turn, from that zone, match the phrase
(engine.oracle.phrases, the zone moves of engine.oracle.zones_text)."""
from __future__ import annotations

import pytest

from engine.board import zones
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import advance, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

THRILLING_ENCORE = record("Thrilling Encore", "{4}{B}", "Instant",
                          "Put onto the battlefield under your control all creature cards in all graveyards that were "
                          "put there from the battlefield this turn.")
TWILIGHT_SHEPHERD = record("Twilight Shepherd", "{3}{W}{W}{W}", "Creature — Spirit",
                           "Flying, vigilance\nWhen Twilight Shepherd enters the battlefield, return to your hand all "
                           "cards in your graveyard that were put there from the battlefield this turn.\nPersist (When "
                           "this creature dies, if it had no -1/-1 counters on it, return it to the battlefield under its "
                           "owner's control with a -1/-1 counter on it.)", "5/5")
GARNA = record("Garna, the Bloodflame", "{3}{B}{R}", "Legendary Creature — Human Warrior",
               "Flash\nWhen Garna, the Bloodflame enters the battlefield, return to your hand all creature cards in your "
               "graveyard that were put there from anywhere this turn.\nOther creatures you control have haste.", "3/3")
GRIM_RETURN = record("Grim Return", "{2}{B}", "Instant",
                     "Choose target creature card in a graveyard that was put there from the battlefield this turn. Put "
                     "that card onto the battlefield under your control.")


def names(g, ids):
    return sorted(g.characteristics(o).name for o in ids)


@pytest.mark.rules("400.7", "608.2c")
def test_thrilling_encore_takes_only_the_creature_cards_that_died_this_turn(extra_cards):
    extra_cards(THRILLING_ENCORE, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Mountain"], ["Hill Giant"], hand_a=["Lightning Bolt", "Thrilling Encore"])
    g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)           # there before this turn
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Hill Giant"],),))
    cast_and_resolve(g, ids["Thrilling Encore"])
    (giant,) = on_battlefield(g, "Hill Giant")
    assert g.state.objects[giant].controller == 0
    assert names(g, g.state.players[1].graveyard) == ["Grizzly Bears"]
    assert names(g, g.state.players[0].graveyard) == ["Lightning Bolt", "Thrilling Encore"]   # not creature cards


@pytest.mark.rules("400.7", "603.2")
def test_twilight_shepherd_returns_what_left_the_battlefield_but_not_a_spell_that_resolved(extra_cards):
    extra_cards(TWILIGHT_SHEPHERD, fully_read=True)
    g, ids = table(["Grizzly Bears", "Llanowar Elves"] + ["Plains"] * 6 + ["Mountain"],
                   hand_a=["Lightning Bolt", "Twilight Shepherd"])
    g.add_card("Serra Angel", 0, Zone.GRAVEYARD)             # there before this turn
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),))
    cast_and_resolve(g, ids["Twilight Shepherd"])
    # the Bears died this turn; the Bolt was put there from the stack, the Angel before this turn
    assert names(g, g.state.players[0].hand) == ["Grizzly Bears"]
    assert names(g, g.state.players[0].graveyard) == ["Lightning Bolt", "Serra Angel"]


@pytest.mark.rules("400.7", "603.2")
def test_garna_returns_creature_cards_put_there_from_anywhere_this_turn(extra_cards):
    extra_cards(GARNA, fully_read=True)
    g, ids = table(["Grizzly Bears"] + ["Swamp"] * 3 + ["Mountain"] * 3, hand_a=["Lightning Bolt", "Garna, the Bloodflame"])
    g.add_card("Serra Angel", 0, Zone.GRAVEYARD)             # there before this turn
    milled = g.add_card("Hill Giant", 0, Zone.LIBRARY)
    zones.move(g, milled, Zone.GRAVEYARD, cause="mill")       # from the library this turn
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),))
    cast_and_resolve(g, ids["Garna, the Bloodflame"])
    assert names(g, g.state.players[0].hand) == ["Grizzly Bears", "Hill Giant"]
    assert names(g, g.state.players[0].graveyard) == ["Lightning Bolt", "Serra Angel"]


@pytest.mark.rules("400.7", "115.1", "601.2c")
def test_grim_return_targets_only_a_creature_card_that_died_this_turn(extra_cards):
    extra_cards(GRIM_RETURN, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Mountain"], ["Hill Giant"], hand_a=["Lightning Bolt", "Grim Return"])
    old = g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Hill Giant"],),))
    (giant_card,) = [o for o in g.state.players[1].graveyard if g.characteristics(o).name == "Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grim Return"], targets=((old,),)))      # in the graveyard before this turn
    cast_and_resolve(g, ids["Grim Return"], targets=((giant_card,),))
    (giant,) = on_battlefield(g, "Hill Giant")
    assert g.state.objects[giant].controller == 0


@pytest.mark.rules("400.7", "500.5")
def test_a_card_put_there_on_an_earlier_turn_is_no_longer_one_put_there_this_turn(extra_cards):
    extra_cards(THRILLING_ENCORE, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Mountain"], ["Hill Giant"], hand_a=["Lightning Bolt", "Thrilling Encore"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Hill Giant"],),))
    advance(g, Step.MAIN1, turn=4)
    advance(g, Step.MAIN1, turn=5)
    cast_and_resolve(g, ids["Thrilling Encore"])
    assert on_battlefield(g, "Hill Giant") == []


URBORG_JUSTICE = record("Urborg Justice", "{B}{B}", "Instant",
                        "Target opponent sacrifices a creature for each creature put into your graveyard from the "
                        "battlefield this turn.")


@pytest.mark.rules("700.4", "400.3", "701.21a")
def test_urborg_justice_counts_the_creatures_put_into_your_own_graveyard(extra_cards):
    extra_cards(URBORG_JUSTICE, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Mountain", "Mountain", "Grizzly Bears"],
                   ["Hill Giant", "Serra Angel", "Llanowar Elves", "Craw Wurm"], ["Lightning Bolt", "Shock",
                                                                                   "Urborg Justice"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),))       # yours: counted
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Llanowar Elves"],),))             # theirs: not
    g.apply(CastSpell(0, ids["Urborg Justice"], targets=(("P1",),)))
    while g.state.stack:
        d = g.pending
        g.apply(Choose(d.player, (ids["B:Hill Giant"],)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert sorted(g.characteristics(o).name for o in g.state.battlefield if g.state.objects[o].controller == 1) \
        == ["Craw Wurm", "Serra Angel"]
