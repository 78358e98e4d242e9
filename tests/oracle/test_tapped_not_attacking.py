""""Whenever a creature an opponent controls becomes tapped, if it isn't being declared as an attacker" (603.4, 508.1f):
tapped by an attack declaration or otherwise. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, DeclareAttackers
from tests.engine.driving import pass_until, settle, table
from tests.oracle.conftest import record

RHODA = record("Rhoda, Geist Avenger", "{3}{W}", "Legendary Creature — Spirit Knight",
               "Partner with Timin, Youthful Geist (When this creature enters the battlefield, target player may put "
               "Timin into their hand from their library, then shuffle.)\nVigilance\nWhenever a creature an opponent "
               "controls becomes tapped, if it isn't being declared as an attacker, put a +1/+1 counter on Rhoda, "
               "Geist Avenger.", "3/3")
VERITY_CIRCLE = record("Verity Circle", "{2}{U}", "Enchantment",
                       "Whenever a creature an opponent controls becomes tapped, if it isn't being declared as an "
                       "attacker, you may draw a card.\n{4}{U}: Tap target creature without flying.")


@pytest.mark.rules("603.4", "508.1f")
def test_rhoda_grows_when_a_creature_is_tapped_but_not_to_attack(extra_cards):
    extra_cards(RHODA, VERITY_CIRCLE, fully_read=True)
    g, ids = table(["Rhoda, Geist Avenger", "Verity Circle"] + ["Island"] * 5, ["Grizzly Bears", "Hill Giant"])
    rhoda = ids["Rhoda, Geist Avenger"]
    hand = len(g.state.players[0].hand)
    g.apply(ActivateAbility(0, ids["Verity Circle"], 0, targets=((ids["B:Hill Giant"],),)))
    settle(g)       # both triggers, in either order; Verity Circle's "may": yes (the first option)
    assert g.state.objects[rhoda].counters.get("+1/+1") == 1
    assert len(g.state.players[0].hand) == hand + 1
    g.state.writable(ids["B:Hill Giant"]).tapped = False
    g.start_at(4, 1, g.state.step)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {ids["B:Grizzly Bears"]: "P0"}))
    settle(g)
    assert g.state.objects[ids["B:Grizzly Bears"]].tapped
    assert g.state.objects[rhoda].counters.get("+1/+1") == 1 and len(g.state.players[0].hand) == hand + 1
