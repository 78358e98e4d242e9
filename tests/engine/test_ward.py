"""Becoming the target of a spell or ability (a spell cast, an ability activated or put on the stack with
it among its targets) as a trigger event, and ward (702.21a) built on it."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_settle, first_options, on_battlefield, preferring, settle, table
from tests.engine.test_keyword_combat import creature

RIMESHIELD_FROST_GIANT = creature("Rimeshield Frost Giant", "{3}{U}{U}", "Giant Warrior", "Ward {3} (Whenever this "
                                  "creature becomes the target of a spell or ability an opponent controls, counter it "
                                  "unless that player pays {3}.)", "4/5")
PHANTASMAL_BEAR = creature("Phantasmal Bear", "{U}", "Bear Illusion", "When Phantasmal Bear becomes the target of a "
                           "spell or ability, sacrifice it.", "2/2")


@pytest.mark.rules("702.21a", "701.6a")
@pytest.mark.parametrize("lands,countered", [(1, True), (4, False)])
def test_ward_counters_an_opponents_spell_unless_they_pay(extra_cards, lands, countered):
    extra_cards(RIMESHIELD_FROST_GIANT)
    g, ids = table(["Mountain"] * lands, ["Rimeshield Frost Giant"], hand_a=["Lightning Bolt"])
    giant = ids["B:Rimeshield Frost Giant"]
    cast_and_settle(g, ids["Lightning Bolt"], targets=((giant,),), answer=preferring("yes"))
    assert g.state.objects[giant].damage == (0 if countered else 3)
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Lightning Bolt"]


@pytest.mark.rules("702.21a")
def test_ward_ignores_its_controllers_own_spells(extra_cards):
    extra_cards(RIMESHIELD_FROST_GIANT)
    g, ids = table(["Rimeshield Frost Giant", "Mountain"], hand_a=["Lightning Bolt"])
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["Rimeshield Frost Giant"],),)))
    assert len(g.state.stack) == 1       # no ward trigger
    settle(g)
    assert g.state.objects[ids["Rimeshield Frost Giant"]].damage == 3


@pytest.mark.rules("603.2")
def test_becomes_the_target_trigger(extra_cards):
    extra_cards(PHANTASMAL_BEAR)
    g, ids = table(["Phantasmal Bear", "Mountain"], hand_a=["Lightning Bolt"])
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["Phantasmal Bear"],),)))
    assert len(g.state.stack) == 2
    settle(g)
    assert not on_battlefield(g, "Phantasmal Bear")
    assert "Phantasmal Bear" in [g.characteristics(o).name for o in g.state.players[0].graveyard]


OWLIN_SHIELDMAGE = creature("Owlin Shieldmage", "{3}{W}", "Bird Wizard", "Flash\nFlying\nWard—Pay 3 life. (Whenever "
                            "this creature becomes the target of a spell or ability an opponent controls, counter it "
                            "unless that player pays 3 life.)", "2/3")


@pytest.mark.rules("702.21a", "119.4")
@pytest.mark.parametrize("pays", [True, False])
def test_ward_pay_life_counters_unless_the_opponent_pays_that_life(extra_cards, pays):
    extra_cards(OWLIN_SHIELDMAGE)
    g, ids = table(["Mountain"], ["Owlin Shieldmage"], hand_a=["Lightning Bolt"])
    mage = ids["B:Owlin Shieldmage"]
    cast_and_settle(g, ids["Lightning Bolt"], targets=((mage,),),
                    answer=lambda d: ("yes" if pays else "no",) if "yes" in d.options else first_options(d))
    assert g.state.players[0].life == (17 if pays else 20)
    assert bool(on_battlefield(g, "Owlin Shieldmage")) != pays
