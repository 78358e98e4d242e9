""""Exile a land you control", "put a creature you control on top of its owner's library": no target; the permanent
is chosen as the ability resolves among those you control (608.2c), and "the exiled card" of the linked leaves-the-
battlefield ability is the one exiled (607.2a). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose
from engine.oracle import compile_card
from tests.engine.driving import both_pass, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

NULLTREAD_GARGANTUAN = record("Nulltread Gargantuan", "{1}{G}{U}", "Creature — Beast",
                              "When Nulltread Gargantuan enters the battlefield, put a creature you control on top of "
                              "its owner's library.", "5/6")
WORMFANG_TURTLE = record("Wormfang Turtle", "{2}{U}", "Creature — Nightmare Turtle Beast",
                         "When Wormfang Turtle enters the battlefield, exile a land you control.\nWhen Wormfang Turtle "
                         "leaves the battlefield, return the exiled card to the battlefield under its owner's control.",
                         "2/4")


@pytest.mark.rules("603.3", "608.2c")
def test_nulltread_gargantuan_puts_a_creature_of_your_choice_on_top(extra_cards):
    extra_cards(NULLTREAD_GARGANTUAN)
    g, ids = table(["Forest", "Forest", "Island", "Grizzly Bears"], ["Hill Giant"], hand_a=["Nulltread Gargantuan"])
    g.apply(CastSpell(0, ids["Nulltread Gargantuan"]))
    both_pass(g)
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.min == d.max == 1
    assert sorted(g.characteristics(o).name for o in d.options) == ["Grizzly Bears", "Nulltread Gargantuan"]
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    resolve_stack(g)
    assert g.characteristics(g.state.players[0].library[-1]).name == "Grizzly Bears"
    assert on_battlefield(g, "Hill Giant")


@pytest.mark.rules("607.2a", "610.3")
def test_wormfang_turtle_returns_the_land_it_exiled_when_it_leaves(extra_cards):
    extra_cards(WORMFANG_TURTLE)
    g, ids = table(["Island", "Island", "Forest"], [], hand_a=["Wormfang Turtle"])
    g.apply(CastSpell(0, ids["Wormfang Turtle"]))
    both_pass(g)
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and sorted(g.characteristics(o).name for o in d.options) == \
        ["Forest", "Island", "Island"]
    g.apply(Choose(0, (ids["Forest"],)))
    resolve_stack(g)
    assert [g.characteristics(o).name for o in g.state.exile] == ["Forest"]
    assert not on_battlefield(g, "Forest")
    turtle = on_battlefield(g, "Wormfang Turtle")[0]
    g.state.objects[turtle].damage = 4          # lethal: it dies (704.5g) as the state-based actions are checked
    both_pass(g)
    resolve_stack(g)
    assert on_battlefield(g, "Forest") and not g.state.exile


def test_the_sentences_are_read():
    for card in (NULLTREAD_GARGANTUAN, WORMFANG_TURTLE):
        assert compile_card(card).unsupported == (), card["name"]
