"""Auras put onto the battlefield by an effect that doesn't say what they enchant (303.4f-g): returned from a graveyard,
found by a search. Their controller chooses an object or player each can legally enchant as it enters (not a
target); with nothing to enchant, the Aura stays where it was."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import both_pass, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record


# An instant with Silent Sentinel's and Archon of Falling Stars' returning sentence, to play it at once.
RETURN_ENCHANTMENT = record("Return Enchantment Test", "{1}{W}", "Instant",
                            "Return target enchantment card from your graveyard to the battlefield.")


@pytest.mark.rules("303.4f", "303.4g")
def test_an_aura_returned_to_the_battlefield_enchants_what_its_controller_chooses(extra_cards):
    """Nothing in the sentence says what the Aura enchants: its controller chooses a creature it can enchant as it
    enters (not a target), and it stays attached instead of going back to the graveyard (704.5m)."""
    extra_cards(RETURN_ENCHANTMENT)
    g, ids = table(["Plains", "Plains", "Grizzly Bears"], ["Serra Angel"], hand_a=["Return Enchantment Test"])
    pacifism = g.add_card("Pacifism", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Return Enchantment Test"], targets=((pacifism,),)))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE
    assert set(g.pending.options) == {ids["Grizzly Bears"], ids["B:Serra Angel"]}
    g.apply(Choose(0, (ids["B:Serra Angel"],)))
    resolve_stack(g)
    aura = on_battlefield(g, "Pacifism")
    assert len(aura) == 1 and g.state.objects[aura[0]].attached_to == ids["B:Serra Angel"]


@pytest.mark.rules("303.4g")
def test_an_aura_with_nothing_to_enchant_stays_in_the_graveyard(extra_cards):
    extra_cards(RETURN_ENCHANTMENT)
    g, ids = table(["Plains", "Plains"], [], hand_a=["Return Enchantment Test"])
    pacifism = g.add_card("Pacifism", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Return Enchantment Test"], targets=((pacifism,),)))
    resolve_stack(g)
    assert not on_battlefield(g, "Pacifism") and pacifism in g.state.players[0].graveyard


# A sorcery with the wording of the searches that put a card onto the battlefield (Academy Rector's, Zur the
# Enchanter's), for an Aura card.
SEARCH_AURA = record("Search Aura Test", "{2}{W}", "Sorcery",
                     "Search your library for an Aura card, put it onto the battlefield, then shuffle.")


@pytest.mark.rules("303.4f", "701.23a")
def test_an_aura_found_by_a_search_enchants_what_its_controller_chooses(extra_cards):
    extra_cards(SEARCH_AURA, fully_read=True)
    g, ids = table(["Plains"] * 3 + ["Grizzly Bears"], ["Serra Angel"], hand_a=["Search Aura Test"])
    pacifism = g.add_card("Pacifism", 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Search Aura Test"]))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and pacifism in g.pending.options
    g.apply(Choose(0, (pacifism,)))
    assert g.pending.kind is DecisionKind.CHOOSE and set(g.pending.options) == {ids["Grizzly Bears"],
                                                                                 ids["B:Serra Angel"]}
    g.apply(Choose(0, (ids["B:Serra Angel"],)))
    resolve_stack(g)
    aura = on_battlefield(g, "Pacifism")
    assert len(aura) == 1 and g.state.objects[aura[0]].attached_to == ids["B:Serra Angel"]


REPLENISH = record("Replenish", "{3}{W}", "Sorcery", "Return all enchantment cards from your graveyard to the "
                   "battlefield. (Auras with nothing to enchant remain in your graveyard.)")


@pytest.mark.rules("303.4f", "303.4g")
def test_auras_returned_all_at_once_enchant_what_was_there_before_them(extra_cards):
    """Replenish: each Aura's controller chooses among the permanents already on the battlefield, before any card
    moves; the other enchantments enter as they are."""
    extra_cards(REPLENISH, fully_read=True)
    g, ids = table(["Plains"] * 4 + ["Grizzly Bears"], ["Serra Angel"], hand_a=["Replenish"])
    pacifism = g.add_card("Pacifism", 0, Zone.GRAVEYARD)
    g.add_card("Glorious Anthem", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Replenish"]))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE
    assert set(g.pending.options) == {ids["Grizzly Bears"], ids["B:Serra Angel"]}
    assert pacifism in g.state.players[0].graveyard, "nothing has moved before the choice"
    g.apply(Choose(0, (ids["B:Serra Angel"],)))
    resolve_stack(g)
    (aura,) = on_battlefield(g, "Pacifism")
    assert g.state.objects[aura].attached_to == ids["B:Serra Angel"] and on_battlefield(g, "Glorious Anthem")


@pytest.mark.rules("303.4g")
def test_with_nothing_to_enchant_only_the_auras_stay_behind(extra_cards):
    extra_cards(REPLENISH, fully_read=True)
    g, ids = table(["Plains"] * 4, [], hand_a=["Replenish"])
    pacifism = g.add_card("Pacifism", 0, Zone.GRAVEYARD)
    g.add_card("Glorious Anthem", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Replenish"]))
    resolve_stack(g)
    assert pacifism in g.state.players[0].graveyard and not on_battlefield(g, "Pacifism")
    assert on_battlefield(g, "Glorious Anthem")


PUT_ENCHANTMENT = record("Put Enchantment Test", "{1}{W}", "Sorcery",
                         "You may put an enchantment card from your hand onto the battlefield.")


@pytest.mark.rules("303.4f", "305.4")
def test_an_aura_put_from_the_hand_enchants_what_its_controller_chooses(extra_cards):
    extra_cards(PUT_ENCHANTMENT, fully_read=True)
    g, ids = table(["Plains", "Plains", "Grizzly Bears"], ["Serra Angel"], hand_a=["Put Enchantment Test", "Pacifism"])
    g.apply(CastSpell(0, ids["Put Enchantment Test"]))
    both_pass(g)
    g.apply(Choose(0, (ids["Pacifism"],)))
    assert g.pending.kind is DecisionKind.CHOOSE
    assert set(g.pending.options) == {ids["Grizzly Bears"], ids["B:Serra Angel"]}
    g.apply(Choose(0, (ids["B:Serra Angel"],)))
    resolve_stack(g)
    (aura,) = on_battlefield(g, "Pacifism")
    assert g.state.objects[aura].attached_to == ids["B:Serra Angel"]
