""""Conditions that count (603.4, 608.2c): "When ~ enters, if you control another creature named ~, draw a card" by
the card's name (201.2), other than the object itself; "If you attacked with two or more creatures this turn" (508.1a).
Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from tests.engine.driving import advance, attack, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

FAERIE_MISCREANT = record("Faerie Miscreant", "{U}", "Creature — Faerie",
                          "Flying (This creature can't be blocked except by creatures with flying or reach.)\nWhen "
                          "Faerie Miscreant enters the battlefield, if you control another creature named Faerie "
                          "Miscreant, draw a card.", "1/1")


@pytest.mark.rules("603.4", "201.2")
@pytest.mark.parametrize("another,cards", [(True, 1), (False, 0)])
def test_faerie_miscreant_draws_if_you_control_another_of_its_name(extra_cards, another, cards):
    extra_cards(FAERIE_MISCREANT, fully_read=True)
    g, ids = table(["Island"], [], ["Faerie Miscreant"])
    if another:
        g.add_card("Faerie Miscreant", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Faerie Miscreant"])
    resolve_stack(g)
    assert len(g.state.players[0].hand) == cards


_WEDDING = ("At the beginning of your end step, put an invitation counter on Wedding Announcement. If you attacked with "
            "two or more creatures this turn, draw a card. Otherwise, create a 1/1 white Human creature token. Then if "
            "Wedding Announcement has three or more invitation counters on it, transform it.")
WEDDING_ANNOUNCEMENT = {
    "name": "Wedding Announcement // Wedding Festivity", "layout": "transform", "manaCost": "{2}{W}", "colors": ["W"],
    "types": ["Enchantment"], "subtypes": [], "supertypes": [], "type": "Enchantment", "text": _WEDDING,
    "faces": [
        {"faceName": "Wedding Announcement", "manaCost": "{2}{W}", "colors": ["W"], "supertypes": [],
         "types": ["Enchantment"], "subtypes": [], "type": "Enchantment", "text": _WEDDING, "side": "a"},
        {"faceName": "Wedding Festivity", "colors": ["W"], "supertypes": [], "types": ["Enchantment"], "subtypes": [],
         "type": "Enchantment", "text": "Creatures you control get +1/+1.", "side": "b"}]}


@pytest.mark.rules("608.2c", "508.1a")
@pytest.mark.parametrize("attackers,cards,humans", [(2, 1, 0), (1, 0, 1)])
def test_wedding_announcement_draws_if_you_attacked_with_two_or_more(extra_cards, attackers, cards, humans):
    extra_cards(WEDDING_ANNOUNCEMENT, fully_read=True)
    g, ids = table(["Wedding Announcement // Wedding Festivity", "Grizzly Bears", "Savannah Lions"], [])
    bears, lions = ids["Grizzly Bears"], ids["Savannah Lions"]
    attack(g, *(bears, lions)[:attackers])
    advance(g, Step.END)
    resolve_stack(g)
    assert len(g.state.players[0].hand) == cards
    assert len(on_battlefield(g, "Human Token")) == humans
