"""Static abilities that work from their card's graveyard: "As long as Brawn is in your graveyard and you control a
Forest, creatures you control have trample", "As long as Riftstone Portal is in your graveyard, lands you control have
'{T}: Add {G} or {W}.'" (113.6b: an ability that says the zone it works in works only there). Compiled from real cards
and played: the card put into the graveyard by the game's own actions, the effect there at once and gone with it."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import ActivateAbility, CastSpell
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, both_pass, table
from tests.oracle.conftest import record

BRAWN = record("Brawn", "{3}{G}", "Creature — Incarnation",
               "Trample\nAs long as Brawn is in your graveyard and you control a Forest, creatures you control have "
               "trample.", "3/3")
WONDER = record("Wonder", "{3}{U}", "Creature — Incarnation",
                "Flying\nAs long as Wonder is in your graveyard and you control an Island, creatures you control have "
                "flying.", "2/2")
RIFTSTONE_PORTAL = record("Riftstone Portal", None, "Land",
                          "{T}: Add {C}.\nAs long as Riftstone Portal is in your graveyard, lands you control have "
                          "\"{T}: Add {G} or {W}.\"")


@pytest.mark.rules("113.6b")
def test_the_incarnations_and_riftstone_portal_are_read_whole():
    for rec in (BRAWN, WONDER, RIFTSTONE_PORTAL):
        d = compile_card(rec)
        assert not d.unsupported, d.unsupported
        assert [st.from_graveyard for st in d.static] == [True]


@pytest.mark.rules("113.6b", "611.3a")
def test_brawn_in_your_graveyard_gives_your_creatures_trample_while_you_control_a_forest(extra_cards):
    extra_cards(BRAWN)
    g, ids = table(["Grizzly Bears", "Forest"], ["Grizzly Bears", "Forest"])
    g.add_card("Brawn", 0, Zone.GRAVEYARD)
    assert g.characteristics(ids["Grizzly Bears"]).has("trample")
    assert not g.characteristics(ids["B:Grizzly Bears"]).has("trample")      # B's creatures: not B's Brawn
    g2, ids2 = table(["Grizzly Bears", "Island"], [])
    g2.add_card("Brawn", 0, Zone.GRAVEYARD)
    assert not g2.characteristics(ids2["Grizzly Bears"]).has("trample")     # no Forest: the condition fails


@pytest.mark.rules("113.6b", "701.17a")
def test_milled_brawn_works_from_the_graveyard_at_once_and_not_from_the_battlefield(extra_cards):
    extra_cards(BRAWN)
    g, ids = table(["Grizzly Bears", "Forest", "Millstone", "Plains", "Plains"], [])
    g.add_card("Brawn", 0, Zone.LIBRARY)            # on top of A's library
    assert not g.characteristics(ids["Grizzly Bears"]).has("trample")
    activate_and_resolve(g, ids["Millstone"], 0, targets=(("P0",),))
    assert "Brawn" in [g.state.objects[o].name for o in g.state.players[0].graveyard]
    assert g.characteristics(ids["Grizzly Bears"]).has("trample")
    g2, ids2 = table(["Grizzly Bears", "Forest", "Brawn"], [])
    assert g2.characteristics(ids2["Brawn"]).has("trample")                 # its own keyword
    assert not g2.characteristics(ids2["Grizzly Bears"]).has("trample")     # the graveyard ability works only there


@pytest.mark.rules("113.6b", "605.1a")
def test_riftstone_portal_in_your_graveyard_gives_your_island_a_green_mana_ability(extra_cards):
    extra_cards(RIFTSTONE_PORTAL)
    g, ids = table(["Grizzly Bears", "Island"], [], hand_a=["Giant Growth"])
    g.add_card("Riftstone Portal", 0, Zone.GRAVEYARD)
    g.apply(ActivateAbility(0, ids["Island"], 1, mana_choice="G"))     # the ability the Portal grants it
    g.apply(CastSpell(0, ids["Giant Growth"], targets=((ids["Grizzly Bears"],),)))
    both_pass(g)
    assert g.characteristics(ids["Grizzly Bears"]).power == 5
    assert g.state.objects[ids["Island"]].tapped
    g2, ids2 = table(["Island", "Riftstone Portal"], [])
    assert len(g2.characteristics(ids2["Island"]).activated) == 1          # on the battlefield it grants nothing
