""""The owner of target nonland permanent puts it on the top or bottom of their library", "Its owner puts it on the
top or bottom of their library": the card's owner (108.3) chooses as the effect resolves, and the card goes to
that end of their library (401.4). Compiled from real cards and played, a permanent and a spell."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

RUN_OUT_OF_TOWN = record("Run Out of Town", "{3}{U}", "Instant",
                         "The owner of target nonland permanent puts it on the top or bottom of their library.")
SUBTLETY = record("Subtlety", "{2}{U}{U}", "Creature — Elemental Incarnation",
                  "Flash\nFlying\nWhen Subtlety enters the battlefield, choose up to one target creature spell or "
                  "planeswalker spell. Its owner puts it on the top or bottom of their library.\nEvoke—Exile a blue "
                  "card from your hand.", "3/3")


def _until_choice(g, choice):
    while not (g.pending.kind is DecisionKind.CHOOSE and g.pending.data.get("choice") == choice):
        g.apply(PassPriority(g.pending.player))


@pytest.mark.rules("108.3", "401.4")
@pytest.mark.parametrize("answer", ["top", "bottom"])
def test_run_out_of_town_its_owner_chooses_top_or_bottom(extra_cards, answer):
    extra_cards(RUN_OUT_OF_TOWN)
    g, ids = table(["Island"] * 4, ["Grizzly Bears"], hand_a=["Run Out of Town"])
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Run Out of Town"], targets=((bears,),)))
    _until_choice(g, "top_or_bottom")
    assert g.pending.player == 1, "the owner chooses"
    g.apply(Choose(1, [answer]))
    lib = g.state.players[1].library
    card = lib[-1] if answer == "top" else lib[0]       # the list ends with the top card
    assert g.state.objects[card].name == "Grizzly Bears"
    assert not [o for o in g.state.battlefield if g.state.objects[o].name == "Grizzly Bears"]


@pytest.mark.rules("108.3", "401.4", "603.3d")
def test_subtlety_puts_a_creature_spell_on_its_owners_library(extra_cards):
    extra_cards(SUBTLETY)
    g, ids = table(["Island"] * 4, ["Forest", "Forest"], hand_a=["Subtlety"], hand_b=["Grizzly Bears"], active=1)
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(1, bears))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Subtlety"]))
    while not (g.pending.kind is DecisionKind.CHOOSE and g.pending.data.get("choice") == "top_or_bottom"):
        d = g.pending
        if d.kind is DecisionKind.PRIORITY:
            g.apply(PassPriority(d.player))
        else:
            assert d.data.get("choice") == "target" and len(d.options) == 1
            g.apply(Choose(d.player, d.options))        # the trigger's target: the Bears spell (a new object, 400.7)
    assert g.pending.player == 1
    g.apply(Choose(1, ["top"]))
    lib = g.state.players[1].library
    assert g.state.objects[lib[-1]].name == "Grizzly Bears"
    assert not g.state.stack
