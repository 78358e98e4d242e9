""""The discarded card's mana value", "the total mana value of the discarded cards": a characteristic of the cards
discarded to pay the cost of the spell or ability (601.2h), or by the discard instruction before it, as they last
existed in the hand (608.2h). Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import cast_and_settle, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

PYROMANCY = record("Pyromancy", "{2}{R}{R}", "Enchantment", "{3}, Discard a card at random: Pyromancy deals damage to "
                   "any target equal to the mana value of the discarded card.")
NAHIRIS_WRATH = record("Nahiri's Wrath", "{2}{R}", "Sorcery",
                       "As an additional cost to cast this spell, discard X cards.\nNahiri's Wrath deals damage equal "
                       "to the total mana value of the discarded cards to each of up to X target creatures and/or "
                       "planeswalkers.")
HEAVY_DISCARD = record("Heavy Discard", "{1}{B}", "Sorcery",
                       "Target opponent discards a card. Heavy Discard deals damage equal to the discarded card's mana "
                       "value to that player.")


@pytest.mark.rules("601.2h", "608.2h", "701.9b")
def test_pyromancy_deals_the_mana_value_of_the_card_discarded_for_its_cost(extra_cards):
    extra_cards(PYROMANCY, fully_read=True)
    g, ids = table(["Pyromancy", "Mountain", "Mountain", "Mountain"], [], hand_a=["Serra Angel"])
    g.apply(ActivateAbility(0, ids["Pyromancy"], 0, targets=(("P1",),)))
    assert not g.state.players[0].hand, "the card is discarded as the cost is paid"
    resolve_stack(g)
    assert g.state.players[1].life == 15


@pytest.mark.rules("601.2b", "601.2h", "608.2h")
def test_nahiris_wrath_adds_up_the_discarded_cards(extra_cards):
    extra_cards(NAHIRIS_WRATH, fully_read=True)
    g, ids = table(["Mountain"] * 3, ["Colossal Dreadmaw", "Serra Angel"], hand_a=["Nahiri's Wrath", "Shock", "Hill Giant"])
    maw, angel = ids["B:Colossal Dreadmaw"], ids["B:Serra Angel"]
    cast_and_settle(g, ids["Nahiri's Wrath"], x=2, targets=((maw, angel),))
    assert not on_battlefield(g, "Serra Angel")
    assert g.state.objects[maw].damage == 5, "Shock (1) and Hill Giant (4)"


@pytest.mark.rules("701.9a", "608.2h")
def test_the_card_the_instruction_before_it_discarded(extra_cards):
    # an effect's discard in the same ability: the card that instruction discarded, as it was in the hand
    extra_cards(HEAVY_DISCARD, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], [], hand_a=["Heavy Discard"], hand_b=["Serra Angel"])
    cast_and_settle(g, ids["Heavy Discard"], targets=(("P1",),))
    assert not g.state.players[1].hand and g.state.players[1].life == 15


SEASONED_PYROMANCER = record("Seasoned Pyromancer", "{1}{R}{R}", "Creature — Human Shaman",
                             "When Seasoned Pyromancer enters the battlefield, discard two cards, then draw two cards. "
                             "For each nonland card discarded this way, create a 1/1 red Elemental creature token.\n"
                             "{3}{R}{R}, Exile Seasoned Pyromancer from your graveyard: Create two 1/1 red Elemental "
                             "creature tokens.", "2/2")
MIND_MAGGOTS = record("Mind Maggots", "{3}{B}", "Creature — Insect",
                      "When Mind Maggots enters the battlefield, discard any number of creature cards. For each card "
                      "discarded this way, put two +1/+1 counters on Mind Maggots.", "2/2")
FLUX = record("Flux", "{2}{U}", "Sorcery", "Each player discards any number of cards, then draws that many cards.\n"
              "Draw a card.")


@pytest.mark.rules("701.9a", "608.2h")
def test_seasoned_pyromancer_counts_the_nonland_cards_it_discarded(extra_cards):
    extra_cards(SEASONED_PYROMANCER, fully_read=True)
    g, ids = table(["Mountain"] * 3, [], hand_a=["Seasoned Pyromancer", "Shock", "Forest"])
    cast_and_settle(g, ids["Seasoned Pyromancer"])
    assert len([o for o in g.state.battlefield if "Elemental" in g.characteristics(o).subtypes]) == 1
    assert len(g.state.players[0].hand) == 2


@pytest.mark.rules("701.9a")
def test_mind_maggots_offers_only_creature_cards_and_counts_those_discarded(extra_cards):
    extra_cards(MIND_MAGGOTS, fully_read=True)
    g, ids = table(["Swamp"] * 4, [], hand_a=["Mind Maggots", "Grizzly Bears", "Hill Giant", "Shock"])
    g.apply(CastSpell(0, ids["Mind Maggots"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            assert set(g.pending.options) == {ids["Grizzly Bears"], ids["Hill Giant"]} and g.pending.min == 0
            g.apply(Choose(0, tuple(g.pending.options)))
        else:
            g.apply(PassPriority(g.pending.player))
    (maggots,) = on_battlefield(g, "Mind Maggots")
    assert g.characteristics(maggots).power == 6
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Shock"]


@pytest.mark.rules("701.9a", "107.1")
def test_flux_each_player_draws_as_many_as_they_chose_to_discard(extra_cards):
    extra_cards(FLUX, fully_read=True)
    g, ids = table(["Island"] * 3, [], hand_a=["Flux", "Shock", "Forest"], hand_b=["Island", "Plains"])
    g.apply(CastSpell(0, ids["Flux"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(g.pending.player, () if g.pending.player == 0 else tuple(g.pending.options)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert {ids["Shock"], ids["Forest"]} <= set(g.state.players[0].hand) and len(g.state.players[0].hand) == 3
    assert len(g.state.players[1].hand) == 2 and not {ids["B:Island"], ids["B:Plains"]} & set(g.state.players[1].hand)
