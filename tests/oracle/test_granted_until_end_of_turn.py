"""Abilities in quotes an effect grants for a duration (611.2a, 613.1f): "Until end of turn, target
creature gains "When this creature dies, return it to its owner's hand."" The quoted text is compiled as
abilities of their own and added in layer 6 while the effect lasts."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

VERDANT_REBIRTH = record("Verdant Rebirth", "{1}{G}", "Instant",
                         "Until end of turn, target creature gains \"When this creature dies, return it to its "
                         "owner's hand.\"\nDraw a card.")
RETRACTION_HELIX = record("Retraction Helix", "{U}", "Instant",
                          "Until end of turn, target creature gains \"{T}: Return target nonland permanent to its "
                          "owner's hand.\"")
UNNATURAL_MOONRISE = record("Unnatural Moonrise", "{R}{G}", "Sorcery",
                            "Until end of turn, target creature gets +1/+0 and gains trample and \"Whenever this "
                            "creature deals combat damage to a player, draw a card.\"")
# A quote naming the card is the card's, not the creature's (201.5): not read as the creature's ability.
NAMING = record("Odd Blessing", "{G}", "Instant",
                "Until end of turn, target creature gains \"When Odd Blessing is in a graveyard, draw a card.\"")


@pytest.mark.rules("613.1f", "611.2a", "603.10a")
def test_until_end_of_turn_a_creature_gains_a_dies_trigger(extra_cards):
    extra_cards(VERDANT_REBIRTH, fully_read=True)
    g, ids = table(["Forest", "Forest", "Swamp", "Swamp", "Swamp"], ["Grizzly Bears"],
                   hand_a=["Verdant Rebirth", "Murder"])
    bears = ids["B:Grizzly Bears"]
    bears_card = g.state.objects[bears].card_id
    cast_and_resolve(g, ids["Verdant Rebirth"], targets=((bears,),))
    assert len(g.characteristics(bears).triggered) == 1
    cast_and_resolve(g, ids["Murder"], targets=((bears,),))
    assert not on_battlefield(g, "Grizzly Bears")
    assert [g.state.objects[o].card_id for o in g.state.players[1].hand] == [bears_card]


@pytest.mark.rules("613.1f", "611.2a", "514.2")
def test_a_granted_activated_ability_lasts_until_end_of_turn(extra_cards):
    extra_cards(RETRACTION_HELIX, fully_read=True)
    g, ids = table(["Grizzly Bears", "Island"], ["Grizzly Bears"], hand_a=["Retraction Helix"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Retraction Helix"], targets=((bears,),))
    activate_and_resolve(g, bears, 0, targets=((ids["B:Grizzly Bears"],),))
    assert on_battlefield(g, "Grizzly Bears") == [bears] and len(g.state.players[1].hand) == 1
    advance(g, Step.UPKEEP, turn=4)
    assert not g.characteristics(bears).activated


@pytest.mark.rules("613.1f", "611.2a", "702.19b")
def test_pump_keyword_and_quoted_ability_together(extra_cards):
    extra_cards(UNNATURAL_MOONRISE, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest", "Mountain"], hand_a=["Unnatural Moonrise"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Unnatural Moonrise"], targets=((bears,),))
    ch = g.characteristics(bears)
    assert ch.power == 3 and any(k.name == "trample" for k in ch.keywords) and len(ch.triggered) == 1


@pytest.mark.rules("201.5", "113.2")
def test_a_quote_naming_the_card_is_not_read_as_the_creatures():
    assert compile_card(NAMING).unsupported
