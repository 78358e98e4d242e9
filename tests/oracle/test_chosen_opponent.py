"""An opponent chosen as the ability resolves (608.2d): "choose an opponent. If that player has more cards in hand than
you, draw cards equal to the difference" (Sandstone Oracle, Slithermuse) and "an opponent gains control of it" (Akroan
Horse; 613.1b) — in a two-player game, the one opponent there is."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell
from tests.engine.driving import resolve_stack, settle, table
from tests.oracle.conftest import record

SANDSTONE_ORACLE = record("Sandstone Oracle", "{7}", "Artifact Creature — Sphinx",
                          "Flying\nWhen Sandstone Oracle enters the battlefield, choose an opponent. If that player has "
                          "more cards in hand than you, draw cards equal to the difference.", "4/4")
SLITHERMUSE = record("Slithermuse", "{2}{U}{U}", "Creature — Elemental",
                     "When Slithermuse leaves the battlefield, choose an opponent. If that player has more cards in "
                     "hand than you, draw cards equal to the difference.\nEvoke {3}{U} (You may cast this spell for its "
                     "evoke cost. If you do, it's sacrificed when it enters the battlefield.)", "3/3")
AKROAN_HORSE = record("Akroan Horse", "{4}", "Artifact Creature — Horse",
                      "Defender\nWhen Akroan Horse enters the battlefield, an opponent gains control of it.\nAt the "
                      "beginning of your upkeep, each opponent creates a 1/1 white Soldier creature token.", "0/4")


def _give_b_cards(g, n: int) -> None:
    for _ in range(n):
        g.add_card("Plains", 1, Zone.HAND)


@pytest.mark.rules("608.2d", "603.3")
def test_sandstone_oracle_draws_the_difference_with_the_opponent_s_hand(extra_cards):
    extra_cards(SANDSTONE_ORACLE, fully_read=True)
    g, ids = table(["Wastes"] * 7, [], ["Sandstone Oracle", "Island"])
    _give_b_cards(g, 5)
    g.apply(CastSpell(0, ids["Sandstone Oracle"]))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 5       # one (the Island) and four more: 5 - 1


@pytest.mark.rules("608.2d")
def test_sandstone_oracle_draws_nothing_when_the_opponent_has_no_more_cards(extra_cards):
    extra_cards(SANDSTONE_ORACLE, fully_read=True)
    g, ids = table(["Wastes"] * 7, [], ["Sandstone Oracle", "Island", "Island"])
    _give_b_cards(g, 1)
    g.apply(CastSpell(0, ids["Sandstone Oracle"]))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 2


@pytest.mark.rules("608.2d", "702.74a", "603.10a")
def test_evoked_slithermuse_draws_as_it_leaves(extra_cards):
    extra_cards(SLITHERMUSE, fully_read=True)
    g, ids = table(["Island"] * 4, [], ["Slithermuse"])
    _give_b_cards(g, 3)
    g.apply(CastSpell(0, ids["Slithermuse"], alt="evoke"))
    settle(g)
    assert ids["Slithermuse"] not in g.state.battlefield
    assert len(g.state.players[0].hand) == 3      # 3 - 0


@pytest.mark.rules("608.2d", "613.1b")
def test_akroan_horse_goes_to_the_opponent(extra_cards):
    extra_cards(AKROAN_HORSE, fully_read=True)
    g, ids = table(["Wastes"] * 4, [], ["Akroan Horse"])
    g.apply(CastSpell(0, ids["Akroan Horse"]))
    resolve_stack(g)
    horse = next(o for o in g.state.battlefield if g.characteristics(o).name == "Akroan Horse")
    assert g.state.objects[horse].controller == 1


SYLVAN_OFFERING = record("Sylvan Offering", "{X}{G}", "Sorcery",
                         "Choose an opponent. You and that player each create an X/X green Treefolk creature token.\n"
                         "Choose an opponent. You and that player each create X 1/1 green Elf Warrior creature tokens.")


@pytest.mark.rules("608.2d", "111.2", "107.3a")
def test_sylvan_offering_gives_you_and_the_chosen_opponent_the_same_tokens(extra_cards):
    extra_cards(SYLVAN_OFFERING, fully_read=True)
    g, ids = table(["Forest"] * 3, [], ["Sylvan Offering"])
    g.apply(CastSpell(0, ids["Sylvan Offering"], x=2))
    resolve_stack(g)
    for player in (0, 1):
        tokens = sorted((g.characteristics(o).name, g.characteristics(o).power) for o in g.state.battlefield
                        if g.state.objects[o].token is not None and g.state.objects[o].controller == player)
        assert tokens == [("Elf Warrior Token", 1), ("Elf Warrior Token", 1), ("Treefolk Token", 2)]
