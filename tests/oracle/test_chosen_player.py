"""'The chosen player' of a permanent that chose an opponent as it entered (614.12): amounts its static abilities
count on that player's side ("the number of cards in the chosen player's hand", "... tapped lands the chosen player
controls"), compiled from real cards and played (engine.oracle.amounts, engine.query.amounts)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

ENTROPIC_SPECTER = record("Entropic Specter", "{3}{B}{B}", "Creature — Specter Spirit",
                          "Flying\nAs Entropic Specter enters the battlefield, choose an opponent.\nEntropic Specter's "
                          "power and toughness are each equal to the number of cards in the chosen player's hand.\n"
                          "Whenever Entropic Specter deals damage to a player, that player discards a card.", "*/*")
PALLIMUD = record("Pallimud", "{2}{R}", "Creature — Beast",
                  "As Pallimud enters the battlefield, choose an opponent.\nPallimud's power is equal to the number of "
                  "tapped lands the chosen player controls.", "*/3")


@pytest.mark.rules("614.12", "604.3")
def test_entropic_specter_counts_the_cards_in_the_chosen_opponents_hand(extra_cards):
    extra_cards(ENTROPIC_SPECTER, fully_read=True)
    g, ids = table(["Swamp"] * 5, [], ["Entropic Specter", "Shock"], hand_b=["Shock", "Forest", "Island"])
    cast_and_settle(g, ids["Entropic Specter"])
    specter = on_battlefield(g, "Entropic Specter")[0]
    assert g.state.objects[specter].chosen.get("opponent") == 1
    ch = g.characteristics(specter)
    assert (ch.power, ch.toughness) == (3, 3)        # the opponent's three cards, not its controller's one
    g.add_card("Plains", 1, Zone.HAND)
    g.state.invalidate()
    assert g.characteristics(specter).power == 4


@pytest.mark.rules("614.12", "604.3")
def test_pallimud_counts_the_tapped_lands_the_chosen_opponent_controls(extra_cards):
    extra_cards(PALLIMUD, fully_read=True)
    g, ids = table(["Mountain"] * 3 + ["Forest"], ["Island", "Swamp"], ["Pallimud"])
    cast_and_settle(g, ids["Pallimud"])
    pallimud = on_battlefield(g, "Pallimud")[0]
    assert g.characteristics(pallimud).power == 0       # its controller's lands tapped to cast it don't count
    g.state.objects[ids["B:Island"]].tapped = True
    g.state.invalidate()
    assert (g.characteristics(pallimud).power, g.characteristics(pallimud).toughness) == (1, 3)
