""""Whenever a creature an opponent controls becomes tapped, if it isn't being declared as an attacker" (603.4, 508.1f):
tapped by an attack declaration or otherwise. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, DeclareAttackers
from tests.engine.driving import cast_and_settle, pass_until, settle, table
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


BREAKING_WAVE = record("Breaking Wave", "{2}{U}{U}", "Sorcery",
                       "You may cast Breaking Wave as though it had flash if you pay {2} more to cast it. (You may cast "
                       "it any time you could cast an instant.)\nSimultaneously untap all tapped creatures and tap all "
                       "untapped creatures.")


@pytest.mark.rules("701.26a", "701.26b", "603.2")
def test_untap_all_tapped_creatures_and_tap_all_untapped_ones_at_once(extra_cards):
    """Each creature turned the other way at once; only the one that became tapped triggers Verity Circle."""
    extra_cards(BREAKING_WAVE, VERITY_CIRCLE, fully_read=True)
    g, ids = table(["Island"] * 4 + ["Verity Circle", "Savannah Lions"], ["Grizzly Bears", "Hill Giant"],
                   ["Breaking Wave"])
    for tapped in (ids["Savannah Lions"], ids["B:Hill Giant"]):
        g.state.objects[tapped].tapped = True
    hand = len(g.state.players[0].hand)
    cast_and_settle(g, ids["Breaking Wave"], answer=lambda d: (d.options[0],))
    assert [g.state.objects[ids[n]].tapped for n in ("Savannah Lions", "B:Grizzly Bears", "B:Hill Giant")] == \
        [False, True, False]
    assert len(g.state.players[0].hand) == hand - 1 + 1       # one card drawn, for the Bears
