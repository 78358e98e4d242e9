"""Voting (701.38): starting with you, each player votes in turn order; "If X gets more votes [or the vote is
tied]" and "for each X vote" read the result."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, settle, table
from tests.engine.test_keyword_combat import creature

# Real cards' Oracle text (Conspiracy).
TYRANTS_CHOICE = {"name": "Tyrant's Choice", "manaCost": "{1}{B}", "type": "Sorcery", "types": ["Sorcery"],
                  "text": "Will of the council — Starting with you, each player votes for death or torture. If death "
                          "gets more votes, each opponent sacrifices a creature. If torture gets more votes or the "
                          "vote is tied, each opponent loses 4 life."}
ORCHARD_ELEMENTAL = creature("Orchard Elemental", "{5}{G}", "Elemental", "Council's dilemma — When Orchard Elemental "
                             "enters, starting with you, each player votes for sprout or harvest. Put two +1/+1 "
                             "counters on Orchard Elemental for each sprout vote. You gain 3 life for each harvest "
                             "vote.", "2/2")


def _votes(a: str, b: str):
    voters = []

    def answer(d):
        if d.data.get("choice") == "vote":
            voters.append(d.player)
            return (a if d.player == 0 else b,)
        return tuple(d.options[:d.min or 1])
    return answer, voters


@pytest.mark.rules("701.38a", "701.38d")
@pytest.mark.parametrize("a,b,bears_left,life", [("death", "death", 0, 20), ("death", "torture", 1, 16),
                                                 ("torture", "torture", 1, 16)])
def test_will_of_the_council(extra_cards, a, b, bears_left, life):
    extra_cards(TYRANTS_CHOICE)
    g, ids = table(["Swamp", "Swamp"], ["Grizzly Bears"], hand_a=["Tyrant's Choice"])
    g.apply(CastSpell(0, ids["Tyrant's Choice"]))
    answer, voters = _votes(a, b)
    settle(g, answer)
    assert voters == [0, 1], "starting with the spell's controller, in turn order"
    assert len(on_battlefield(g, "Grizzly Bears")) == bears_left
    assert g.state.players[1].life == life


@pytest.mark.rules("701.38a")
def test_for_each_vote(extra_cards):
    extra_cards(ORCHARD_ELEMENTAL)
    g, ids = table(["Forest"] * 6, [], hand_a=["Orchard Elemental"])
    g.apply(CastSpell(0, ids["Orchard Elemental"]))
    answer, _ = _votes("sprout", "harvest")
    settle(g, answer)
    (elemental,) = on_battlefield(g, "Orchard Elemental")
    assert g.state.objects[elemental].counters == {"+1/+1": 2}
    assert g.state.players[0].life == 23
    assert g.state.objects[elemental].zone is Zone.BATTLEFIELD
