"""A player's turn and hand rules changed by a card: "Skip your draw step" (614.10: a static replacement, the
step doesn't happen, so nothing is drawn and nothing triggers in it) and "You have no maximum hand size for
the rest of the game" (402.2, 514.1: a spell's lasting change, read at cleanup). Both are compiled from real
cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import CastSpell
from engine.rules.cleanup import maximum_hand_size
from tests.engine.driving import advance, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

SYMBIOTIC_DEPLOYMENT = record("Symbiotic Deployment", "{2}{G}", "Enchantment",
                              "Skip your draw step.\n{1}, Tap two untapped creatures you control: Draw a card.")
PRAETORS_COUNSEL = record("Praetor's Counsel", "{5}{G}{G}{G}", "Sorcery",
                          "Return all cards from your graveyard to your hand. Exile Praetor's Counsel. You have no "
                          "maximum hand size for the rest of the game.")


def _hand(g, p):
    return [o for o in g.state.players[p].hand]


@pytest.mark.rules("614.10", "504.1")
def test_symbiotic_deployment_skips_its_controllers_draw_step(extra_cards):
    extra_cards(SYMBIOTIC_DEPLOYMENT)
    g, ids = table(["Symbiotic Deployment"], [])
    events = advance(g, Step.MAIN1, turn=5)
    assert len(_hand(g, 0)) == 0, "no draw in turn 5"
    assert len(_hand(g, 1)) == 1, "the opponent still draws in turn 4"
    drawn_steps = [e for e in events if e.kind == "step" and e.data["step"] == "draw"]
    assert [e.data["turn"] for e in drawn_steps] == [4], "the skipped step doesn't happen (614.10)"


@pytest.mark.rules("402.2", "514.1", "608.2n")
def test_praetors_counsel_no_maximum_hand_size_for_the_rest_of_the_game(extra_cards):
    extra_cards(PRAETORS_COUNSEL)
    g, ids = table(["Forest"] * 8, [], hand_a=["Praetor's Counsel"])
    for _ in range(9):
        g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Praetor's Counsel"]))
    resolve_stack(g)
    assert len(_hand(g, 0)) == 9
    assert [g.state.objects[o].name for o in g.state.exile] == ["Praetor's Counsel"], "the spell exiles itself"
    advance(g, Step.MAIN1, turn=5)                   # two cleanup steps of its controller, no discard asked
    assert len(_hand(g, 0)) == 10


@pytest.mark.rules("402.2", "514.1")
def test_without_it_the_hand_is_discarded_down_to_seven():
    g, ids = table([], [])
    for _ in range(9):
        g.add_card("Grizzly Bears", 0, Zone.HAND)
    with pytest.raises(AssertionError, match="unexpected decision"):
        advance(g, Step.MAIN1, turn=4)


MIDNIGHT_OIL = record("Midnight Oil", "{2}{B}{B}", "Enchantment",
                      "Midnight Oil enters the battlefield with seven hour counters on it.\nAt the beginning of your "
                      "draw step, draw an additional card and remove two hour counters from Midnight Oil.\nYour "
                      "maximum hand size is equal to the number of hour counters on Midnight Oil.\nWhenever you "
                      "discard a card, you lose 1 life.")
MINAMO_SCROLLKEEPER = record("Minamo Scrollkeeper", "{1}{U}", "Creature — Human Wizard",
                             "Defender\nYour maximum hand size is increased by one.", "2/3")


@pytest.mark.rules("402.2", "514.1", "613.11")
@pytest.mark.parametrize("order,size", [(["Midnight Oil", "Minamo Scrollkeeper"], 4),
                                        (["Minamo Scrollkeeper", "Midnight Oil"], 3)])
def test_maximum_hand_size_equal_to_a_number_in_timestamp_order(extra_cards, order, size):
    # the number set, then changed by the later effects only (613.11: rule-changing effects in timestamp order)
    extra_cards(MIDNIGHT_OIL, MINAMO_SCROLLKEEPER, fully_read=True)
    g, ids = table(order, [])
    g.state.objects[ids["Midnight Oil"]].counters["hour"] = 3
    assert maximum_hand_size(g, 0) == size
    assert maximum_hand_size(g, 1) == 7
    for _ in range(size):
        g.add_card("Grizzly Bears", 0, Zone.HAND)
    advance(g, Step.UPKEEP, turn=4)                  # no discard at A's cleanup
    assert len(_hand(g, 0)) == size
    g.add_card("Grizzly Bears", 0, Zone.HAND)
    with pytest.raises(AssertionError, match="unexpected decision"):
        advance(g, Step.UPKEEP, turn=6)              # over the size at the next cleanup: A discards


CURSED_RACK = record("Cursed Rack", "{4}", "Artifact", "As Cursed Rack enters the battlefield, choose an opponent.\n"
                     "The chosen player's maximum hand size is four.")


@pytest.mark.rules("402.2", "614.12")
def test_the_chosen_players_maximum_hand_size(extra_cards):
    extra_cards(CURSED_RACK, fully_read=True)
    g, ids = table(["Plains"] * 4, [], hand_a=["Cursed Rack"])
    g.apply(CastSpell(0, ids["Cursed Rack"]))
    resolve_stack(g)                                        # B, the only opponent, is chosen as it enters
    assert (maximum_hand_size(g, 0), maximum_hand_size(g, 1)) == (7, 4)


FONT_OF_MYTHOS = record("Font of Mythos", "{4}", "Artifact",
                        "At the beginning of each player's draw step, that player draws two additional cards.")


@pytest.mark.rules("504.1", "603.2", "121.1")
def test_each_player_draws_two_additional_cards(extra_cards):
    extra_cards(FONT_OF_MYTHOS, fully_read=True)
    g, _ = table(["Font of Mythos"])
    hands = [len(p.hand) for p in g.state.players]
    advance(g, Step.MAIN1, turn=4)
    resolve_stack(g)
    assert [len(p.hand) for p in g.state.players] == [hands[0], hands[1] + 3]     # the draw, then two more
    advance(g, Step.MAIN1, turn=5)
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hands[0] + 3
SPIRIT_OF_THE_LABYRINTH = record("Spirit of the Labyrinth", "{1}{W}", "Enchantment Creature — Spirit",
                                 "Each player can't draw more than one card each turn.", "3/1")


@pytest.mark.rules("121.2b", "101.2")
@pytest.mark.parametrize("spirit", [True, False])
def test_each_player_cant_draw_more_than_one_card_each_turn(extra_cards, spirit):
    extra_cards(SPIRIT_OF_THE_LABYRINTH, fully_read=True)
    g, ids = table(["Island"] * 3 + (["Spirit of the Labyrinth"] if spirit else []), [], ["Divination"])
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Divination"])
    assert len(g.state.players[0].hand) == hand - 1 + (1 if spirit else 2), "the first draw only, with the Spirit"
    advance(g, Step.MAIN1, turn=4)
    assert len(g.state.players[1].hand) == 1, "B's draw step draw: B's first card this turn"
