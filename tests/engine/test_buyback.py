"""Buyback (702.27): an optional additional cost; a spell whose buyback was paid goes to its owner's hand as
it resolves instead of the graveyard (a countered one still goes to the graveyard)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import table
from tests.engine.test_keyword_meanings import settle

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
    g.apply(CastSpell(0, ids["Mystic Speculation"], buyback=buyback))
    settle(g)
    assert names(g, g.state.players[0].hand) == hand
    assert names(g, g.state.players[0].graveyard) == graveyard


@pytest.mark.rules("702.27a", "601.2f")
def test_buyback_cost_must_be_paid(extra_cards):
    extra_cards(MYSTIC_SPECULATION)
    g, ids = table(["Island", "Island"], hand_a=["Mystic Speculation"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Mystic Speculation"], buyback=True))     # {U}{2} with one Island
