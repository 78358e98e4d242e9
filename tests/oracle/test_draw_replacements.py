"""Draws replaced (614.1a, 614.11, 121.6): 'The next time you would draw a card this turn, you gain 5 life instead'
(the Words cycle): a shield on its controller's next draw this turn, used up as it replaces one, met by the draw step's
draw and by an effect's draws alike, its instructions (and their choices) carried out instead of the draw. Real cards'
Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, table
from tests.oracle.conftest import record

WORDS_OF_WORSHIP = record("Words of Worship", "{2}{W}", "Enchantment",
                          "{1}: The next time you would draw a card this turn, you gain 5 life instead.")
WORDS_OF_WASTE = record("Words of Waste", "{2}{B}", "Enchantment",
                        "{1}: The next time you would draw a card this turn, each opponent discards a card instead.")
WORDS_OF_WIND = record("Words of Wind", "{2}{U}", "Enchantment",
                       "{1}: The next time you would draw a card this turn, each player returns a permanent they "
                       "control to its owner's hand instead.")


@pytest.mark.rules("614.1a", "614.11", "504.1")
def test_words_of_worship_replaces_the_draw_step_draw_once(extra_cards):
    extra_cards(WORDS_OF_WORSHIP, fully_read=True)
    g, ids = table(["Words of Worship", "Plains"], turn=3, step=Step.UPKEEP)
    hand = len(g.state.players[0].hand)
    activate_and_resolve(g, ids["Words of Worship"], targets=())
    advance(g, Step.DRAW)
    assert g.state.players[0].life == 25            # the draw step's draw replaced
    assert len(g.state.players[0].hand) == hand
    advance(g, Step.MAIN1)
    for _ in range(3):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, g.add_card("Divination", 0, Zone.HAND))
    assert g.state.players[0].life == 25            # used up: Divination's draws are draws
    assert len(g.state.players[0].hand) == hand + 2


@pytest.mark.rules("614.1a", "614.11", "121.6")
def test_words_of_waste_replaces_one_draw_of_a_spell_the_opponent_choosing_the_discard(extra_cards):
    extra_cards(WORDS_OF_WASTE, fully_read=True)
    g, ids = table(["Words of Waste"] + ["Island"] * 4, hand_b=["Shock", "Grizzly Bears"])
    activate_and_resolve(g, ids["Words of Waste"], targets=())
    divination = g.add_card("Divination", 0, Zone.HAND)
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(0, divination))
    asked = []
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            asked.append((d.player, set(d.options)))
            g.apply(Choose(1, (ids["B:Grizzly Bears"],)))
        else:
            g.apply(PassPriority(d.player))
    assert asked == [(1, {ids["B:Shock"], ids["B:Grizzly Bears"]})]
    assert [g.characteristics(c).name for c in g.state.players[1].hand] == ["Shock"]
    assert len(g.state.players[0].hand) == hand       # Divination cast; one of its two draws replaced

@pytest.mark.rules("614.1a", "614.11")
def test_the_shield_ends_with_the_turn(extra_cards):
    extra_cards(WORDS_OF_WORSHIP, fully_read=True)
    g, ids = table(["Words of Worship", "Plains"])
    activate_and_resolve(g, ids["Words of Worship"], targets=())
    advance(g, Step.DRAW, turn=4)
    assert g.state.players[0].life == 20


@pytest.mark.rules("614.1a", "614.11", "504.1")
def test_words_of_wind_in_the_draw_step_asks_each_player_on_the_way(extra_cards):
    extra_cards(WORDS_OF_WIND, fully_read=True)
    g, ids = table(["Words of Wind", "Island", "Grizzly Bears"], ["Hill Giant", "Plains"], turn=3, step=Step.UPKEEP)
    hand = len(g.state.players[0].hand)
    activate_and_resolve(g, ids["Words of Wind"], targets=())
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))            # the upkeep ends: the draw step's draw is replaced
    asked = []
    while g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        asked.append(d.player)
        pick = ids["Grizzly Bears"] if d.player == 0 else ids["B:Hill Giant"]
        assert pick in d.options
        g.apply(Choose(d.player, (pick,)))
    assert asked == [0, 1] and g.state.step is Step.DRAW
    assert ids["Grizzly Bears"] not in g.state.battlefield and ids["B:Hill Giant"] not in g.state.battlefield
    assert len(g.state.players[0].hand) == hand + 1     # the Bears back, no card drawn
    assert [g.characteristics(c).name for c in g.state.players[1].hand] == ["Hill Giant"]


@pytest.mark.rules("616.1", "614.11")
def test_two_shields_the_player_chooses_which_replaces_the_draw(extra_cards):
    extra_cards(WORDS_OF_WORSHIP, WORDS_OF_WASTE, fully_read=True)
    g, ids = table(["Words of Worship", "Words of Waste", "Plains", "Swamp"] + ["Island"] * 3, hand_b=["Shock"])
    activate_and_resolve(g, ids["Words of Worship"], targets=())
    activate_and_resolve(g, ids["Words of Waste"], targets=())
    g.apply(CastSpell(0, g.add_card("Divination", 0, Zone.HAND)))
    choices = []
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            choices.append(sorted(d.options))
            g.apply(Choose(0, (next(o for o in d.options if o.startswith("Words of Waste")),)))
        else:
            g.apply(PassPriority(d.player))
    assert len(choices) == 1 and [o.split(" #")[0] for o in choices[0]] == ["Words of Waste", "Words of Worship"]
    assert g.state.players[1].hand == [] and g.state.players[0].life == 25      # each shield replaced one draw
