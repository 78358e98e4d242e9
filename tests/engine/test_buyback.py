"""Buyback (702.27) and entwine (702.42), optional additional costs. A spell whose buyback was paid goes to its
owner's hand as it resolves instead of the graveyard; an entwined spell has all its modes."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_settle, table

MYSTIC_SPECULATION = {"name": "Mystic Speculation", "manaCost": "{U}", "type": "Sorcery", "types": ["Sorcery"],
                      "subtypes": [], "text": "Buyback {2} (You may pay an additional {2} as you cast this spell. If "
                      "you do, put this card into your hand as it resolves.)\nScry 3. (Look at the top three cards of "
                      "your library, then put any number of them on the bottom and the rest on top in any order.)"}


def names(g, zone):
    return [g.characteristics(o).name for o in zone]


@pytest.mark.rules("702.27a")
@pytest.mark.parametrize("buyback,hand,graveyard", [(True, ["Mystic Speculation"], []),
                                                    (False, [], ["Mystic Speculation"])])
def test_buyback_returns_the_spell_to_hand(extra_cards, buyback, hand, graveyard):
    extra_cards(MYSTIC_SPECULATION)
    g, ids = table(["Island"] * 3, hand_a=["Mystic Speculation"])
    assert CastSpell(0, ids["Mystic Speculation"], targets=(), x=None, kicked=False, buyback=True) \
        in g.legal_actions()
    cast_and_settle(g, ids["Mystic Speculation"], buyback=buyback)
    assert names(g, g.state.players[0].hand) == hand
    assert names(g, g.state.players[0].graveyard) == graveyard


@pytest.mark.rules("702.27a", "601.2f")
def test_buyback_cost_must_be_paid(extra_cards):
    extra_cards(MYSTIC_SPECULATION)
    g, ids = table(["Island", "Island"], hand_a=["Mystic Speculation"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Mystic Speculation"], buyback=True))     # {U}{2} with one Island


ONE_DOZEN_EYES = {"name": "One Dozen Eyes", "manaCost": "{5}{G}", "type": "Sorcery", "types": ["Sorcery"],
                  "subtypes": [], "text": "Choose one —\n• Create a 5/5 green Beast creature token.\n• Create five 1/1 "
                  "green Insect creature tokens.\nEntwine {G}{G}{G} (Choose both if you pay the entwine cost.)"}


@pytest.mark.rules("702.42a", "700.2")
@pytest.mark.parametrize("forests,modes,tokens", [(9, (0, 1), 6), (6, (0,), 1)])
def test_entwine_chooses_every_mode_for_its_cost(extra_cards, forests, modes, tokens):
    extra_cards(ONE_DOZEN_EYES)
    g, ids = table(["Forest"] * forests, hand_a=["One Dozen Eyes"])
    cast_and_settle(g, ids["One Dozen Eyes"], modes=modes)
    assert len([o for o in g.state.battlefield if g.state.objects[o].token]) == tokens
    assert all(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).name == "Forest")


@pytest.mark.rules("702.42a")
def test_entwine_unpaid_means_one_mode(extra_cards):
    extra_cards(ONE_DOZEN_EYES)
    g, ids = table(["Forest"] * 8, hand_a=["One Dozen Eyes"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["One Dozen Eyes"], modes=(0, 1)))       # {5}{G}{G}{G}{G}: one Forest short
    assert CastSpell(0, ids["One Dozen Eyes"], modes=(0, 1), targets=(), x=None, kicked=False) not in g.legal_actions()
