""""Discard all the cards in your hand, then draw that many cards [plus one]": "that many" is the number of cards
the discard instruction discarded (701.9a, 107.1), read as the draw happens. Compiled from real cards and
played. "Each player discards ..., then draws that many cards": each player draws the number they discarded."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import both_pass, resolve_stack, table
from tests.oracle.conftest import record

SHATTERED_PERCEPTION = record("Shattered Perception", "{2}{R}", "Sorcery",
                              "Discard all the cards in your hand, then draw that many cards.\nFlashback {5}{R} (You "
                              "may cast this card from your graveyard for its flashback cost. Then exile it.)")
CHANDRA = record("Chandra, Flamecaller", "{4}{R}{R}", "Legendary Planeswalker — Chandra",
                 "[+1]: Create two 3/1 red Elemental creature tokens with haste. Exile them at the beginning of the "
                 "next end step.\n[0]: Discard all the cards in your hand, then draw that many cards plus one.\n"
                 "[−X]: Chandra, Flamecaller deals X damage to each creature.", loyalty="4")
INCENDIARY_COMMAND = record("Incendiary Command", "{3}{R}{R}", "Sorcery",
                            "Choose two —\n• Incendiary Command deals 4 damage to target player or planeswalker.\n"
                            "• Incendiary Command deals 2 damage to each creature.\n• Destroy target nonbasic land.\n"
                            "• Each player discards all the cards in their hand, then draws that many cards.")


@pytest.mark.rules("701.9a", "107.1")
def test_shattered_perception_draws_as_many_as_it_discarded(extra_cards):
    extra_cards(SHATTERED_PERCEPTION)
    g, ids = table(["Mountain"] * 3, [], hand_a=["Shattered Perception", "Grizzly Bears", "Llanowar Elves", "Forest"])
    old = {ids["Grizzly Bears"], ids["Llanowar Elves"], ids["Forest"]}
    g.apply(CastSpell(0, ids["Shattered Perception"]))
    resolve_stack(g)
    hand = g.state.players[0].hand
    assert len(hand) == 3 and not old & set(hand)
    assert len(g.state.players[0].graveyard) == 4        # the three discarded cards and the sorcery
    assert len(g.state.players[0].library) == 5


@pytest.mark.rules("701.9a", "107.1", "606.3")
def test_chandra_discards_two_and_draws_three(extra_cards):
    extra_cards(CHANDRA)
    g, ids = table(["Chandra, Flamecaller"], [], hand_a=["Grizzly Bears", "Forest"])
    g.apply(ActivateAbility(0, ids["Chandra, Flamecaller"], 1))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 3
    assert len(g.state.players[0].graveyard) == 2


@pytest.mark.rules("701.9a")
def test_chandra_with_an_empty_hand_draws_one(extra_cards):
    extra_cards(CHANDRA)
    g, ids = table(["Chandra, Flamecaller"], [])
    g.apply(ActivateAbility(0, ids["Chandra, Flamecaller"], 1))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 1


DARK_DEAL = record("Dark Deal", "{2}{B}", "Sorcery",
                   "Each player discards all the cards in their hand, then draws that many cards minus one.")


@pytest.mark.rules("701.9a", "107.1", "101.4")
def test_each_player_draws_as_many_as_they_discarded(extra_cards):
    extra_cards(INCENDIARY_COMMAND, fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Grizzly Bears"], hand_a=["Incendiary Command", "Forest", "Shock"],
                   hand_b=["Island"])
    g.apply(CastSpell(0, ids["Incendiary Command"], modes=(1, 3)))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 2 and not {ids["Forest"], ids["Shock"]} & set(g.state.players[0].hand)
    assert len(g.state.players[1].hand) == 1 and ids["B:Island"] not in g.state.players[1].hand
    assert not [o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears"]


@pytest.mark.rules("701.9a", "107.1b")
def test_each_player_draws_that_many_minus_one(extra_cards):
    extra_cards(DARK_DEAL, fully_read=True)
    g, ids = table(["Swamp"] * 3, [], hand_a=["Dark Deal", "Forest", "Shock", "Island"], hand_b=["Island"])
    g.apply(CastSpell(0, ids["Dark Deal"]))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 2, "three discarded, two drawn"
    assert g.state.players[1].hand == [], "one discarded, none drawn"


INTO_THE_NIGHT = record("Into the Night", "{3}{R}", "Sorcery",
                        "It becomes night. Discard any number of cards, then draw that many cards plus one.")


@pytest.mark.rules("701.9a", "107.1")
def test_into_the_night_discards_the_cards_chosen_and_draws_one_more(extra_cards):
    # "any number": the player picks none to all of the cards in their hand; "that many" is how many they discarded
    extra_cards(INTO_THE_NIGHT, fully_read=True)
    g, ids = table(["Mountain"] * 4, [], hand_a=["Into the Night", "Grizzly Bears", "Llanowar Elves", "Forest"])
    g.apply(CastSpell(0, ids["Into the Night"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            assert g.pending.min == 0 and len(g.pending.options) == 3
            g.apply(Choose(0, (ids["Grizzly Bears"], ids["Forest"])))
        else:
            g.apply(PassPriority(g.pending.player))
    hand = g.state.players[0].hand
    assert ids["Llanowar Elves"] in hand and len(hand) == 4, "the Elves kept, three cards drawn"
    assert sorted(g.characteristics(o).name for o in g.state.players[0].graveyard) == [
        "Forest", "Grizzly Bears", "Into the Night"]


@pytest.mark.rules("701.9a")
def test_into_the_night_may_discard_nothing_and_draws_one(extra_cards):
    extra_cards(INTO_THE_NIGHT)
    g, ids = table(["Mountain"] * 4, [], hand_a=["Into the Night", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Into the Night"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, ()) if g.pending.kind is DecisionKind.CHOOSE else PassPriority(g.pending.player))
    assert ids["Grizzly Bears"] in g.state.players[0].hand and len(g.state.players[0].hand) == 2


DIMINISHING_RETURNS = record("Diminishing Returns", "{2}{U}{U}", "Sorcery",
                             "Each player shuffles their hand and graveyard into their library. You exile the top ten "
                             "cards of your library. Then each player draws up to seven cards.")


@pytest.mark.rules("101.4", "121.2")
def test_each_player_draws_up_to_seven_cards(extra_cards):
    """Each player chooses how many in turn order (the caster first, as the active player), then both draw."""
    extra_cards(DIMINISHING_RETURNS, fully_read=True)
    g, ids = table(["Island"] * 4, [], ["Diminishing Returns"])
    for p in (0, 1):
        for _ in range(12):
            g.add_card("Plains", p, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Diminishing Returns"]))
    both_pass(g)
    asked = []
    for n in (7, 3):
        d = g.pending
        asked.append((d.player, list(d.options)))
        g.apply(Choose(d.player, (n,)))
    assert asked == [(0, list(range(8))), (1, list(range(8)))]
    assert [len(p.hand) for p in g.state.players] == [7, 3]
