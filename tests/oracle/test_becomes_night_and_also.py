"""One-shot effects of spells, played with real cards: "It becomes night" (731.1: the game's designation, a change
that triggers "day becomes night" only from day, 731.1a) and "White creatures you control also gain first strike
until end of turn" (a group's keyword added to an earlier sentence's pump, 611.2c), "also gain protection from the
chosen color" (the color the spell chose, if it chose one: 608.2d)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_resolve, cast_and_settle, preferring, table
from tests.oracle.conftest import record
from tests.oracle.test_day_night_triggers import BRIMSTONE_VANDAL

UNNATURAL_MOONRISE = record("Unnatural Moonrise", "{R}{G}", "Sorcery",
                            "It becomes night. Until end of turn, target creature gets +1/+0 and gains trample and "
                            "\"Whenever this creature deals combat damage to a player, draw a card.\"\nFlashback "
                            "{2}{R}{G} (You may cast this card from your graveyard for its flashback cost. Then exile it.)")
AVEN_WARCRAFT = record("Aven Warcraft", "{2}{W}", "Instant",
                       "Creatures you control get +0/+2 until end of turn.\nThreshold — If seven or more cards are in "
                       "your graveyard, choose a color. Creatures you control also gain protection from the chosen color "
                       "until end of turn.")
SANCTIFIED_CHARGE = record("Sanctified Charge", "{4}{W}", "Instant",
                           "Creatures you control get +2/+1 until end of turn. White creatures you control also gain "
                           "first strike until end of turn. (They deal combat damage before creatures without first "
                           "strike.)")


@pytest.mark.rules("731.1", "731.1a")
def test_unnatural_moonrise_makes_it_night(extra_cards):
    extra_cards(UNNATURAL_MOONRISE, fully_read=True)
    extra_cards(BRIMSTONE_VANDAL)
    g, ids = table(["Mountain", "Forest", "Mountain", "Forest", "Grizzly Bears"], [],
                   ["Unnatural Moonrise", "Unnatural Moonrise"])
    first, second = (o for o in g.state.players[0].hand)
    bears = ids["Grizzly Bears"]
    g.add_card("Brimstone Vandal", 0, g.state.objects[bears].zone)
    assert g.state.day_night == ""
    cast_and_resolve(g, first, targets=((bears,),))
    assert g.state.day_night == "night"
    assert g.state.players[1].life == 20                       # from neither: not "day becomes night"
    assert g.characteristics(bears).power == 3 and g.characteristics(bears).has("trample")
    g.state.day_night = "day"
    cast_and_resolve(g, second, targets=((bears,),))
    assert g.state.day_night == "night"
    assert g.state.players[1].life == 19                       # day became night: Brimstone Vandal's trigger


@pytest.mark.rules("611.2c", "613.1f", "702.7a")
def test_sanctified_charge_pumps_all_and_gives_white_creatures_first_strike(extra_cards):
    extra_cards(SANCTIFIED_CHARGE, fully_read=True)
    g, ids = table(["Plains"] * 5 + ["Silvercoat Lion", "Grizzly Bears"], [], ["Sanctified Charge"])
    lion, bears = ids["Silvercoat Lion"], ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Sanctified Charge"])
    assert (g.characteristics(lion).power, g.characteristics(lion).toughness) == (4, 3)
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (4, 3)
    assert g.characteristics(lion).has("first strike") and not g.characteristics(bears).has("first strike")


@pytest.mark.rules("608.2d", "702.16a", "702.16b")
@pytest.mark.parametrize("threshold", [False, True])
def test_aven_warcraft_gives_protection_from_the_color_chosen_only_with_threshold(extra_cards, threshold):
    extra_cards(AVEN_WARCRAFT, fully_read=True)
    g, ids = table(["Plains", "Plains", "Plains", "Grizzly Bears"], [], ["Aven Warcraft"])
    for _ in range(7 if threshold else 6):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Aven Warcraft"], answer=preferring("red"))
    bears = g.characteristics(ids["Grizzly Bears"])
    assert bears.toughness == 4
    assert [k.text for k in bears.keywords] == (["protection from red"] if threshold else [])
