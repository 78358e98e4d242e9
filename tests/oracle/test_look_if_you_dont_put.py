"""The card looked at and not put where the choice before offered (608.2c, 401.5): "Look at the top card of your
library. If it's a land card, you may put it onto the battlefield. If you don't put the card onto the battlefield, put
it into your hand." (declined, or not of the kind); "If you don't put the card into your hand, you may put it on the
bottom of your library." Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import advance, first_options, on_battlefield, settle, table
from tests.oracle.conftest import record

PARCELBEAST = record("Parcelbeast", "{2}{G}{U}", "Creature — Elemental Beast",
                     "Mutate {G}{U} (If you cast this spell for its mutate cost, put it over or under target non-Human "
                     "creature you own. They mutate into the creature on top plus all abilities from under it.)\n{1}, "
                     "{T}: Look at the top card of your library. If it's a land card, you may put it onto the "
                     "battlefield. If you don't put the card onto the battlefield, put it into your hand.", "2/4")
CABARETTI_ASCENDANCY = record("Cabaretti Ascendancy", "{R}{G}{W}", "Enchantment",
                              "At the beginning of your upkeep, look at the top card of your library. If it's a "
                              "creature or planeswalker card, you may reveal it and put it into your hand. If you don't "
                              "put the card into your hand, you may put it on the bottom of your library.")


def _decline(d) -> tuple:
    return () if d.min == 0 else first_options(d)


@pytest.mark.rules("608.2c", "401.5", "305.4")
@pytest.mark.parametrize("top,take,where", [("Forest", True, "battlefield"), ("Forest", False, "hand"),
                                            ("Grizzly Bears", True, "hand")])
def test_parcelbeast_puts_the_card_not_put_onto_the_battlefield_into_your_hand(extra_cards, top, take, where):
    extra_cards(PARCELBEAST, fully_read=True)
    g, ids = table(["Parcelbeast", "Island"])
    card = g.add_card(top, 0, Zone.LIBRARY)       # on top
    g.apply(ActivateAbility(0, ids["Parcelbeast"], 0))
    settle(g, first_options if take else _decline)
    me = g.state.players[0]
    assert card not in me.library
    in_hand = [g.state.objects[o].name for o in me.hand]
    assert (top in in_hand) == (where == "hand")
    assert bool(on_battlefield(g, top)) == (where == "battlefield")


@pytest.mark.rules("608.2c", "401.5", "503.1a")
@pytest.mark.parametrize("top,take,bottom,where", [("Grizzly Bears", True, True, "hand"),
                                                   ("Grizzly Bears", False, True, "bottom"),
                                                   ("Forest", True, True, "bottom"), ("Forest", True, False, "top")])
def test_cabaretti_ascendancy_may_put_the_card_not_taken_on_the_bottom(extra_cards, top, take, bottom, where):
    extra_cards(CABARETTI_ASCENDANCY, fully_read=True)
    g, ids = table(["Cabaretti Ascendancy"], turn=2, active=1)
    card = g.add_card(top, 0, Zone.LIBRARY)       # on top
    advance(g, Step.UPKEEP, turn=3)

    def answer(d) -> tuple:
        to_hand = "hand" in d.prompt.lower()
        return first_options(d) if (take if to_hand else bottom) else _decline(d)
    settle(g, answer)
    me = g.state.players[0]
    # a card moved to another zone is a new object (400.7): found by its name there
    assert {"hand": [g.state.objects[o].name for o in me.hand] == [top], "bottom": me.library[0] == card,
            "top": me.library[-1] == card}[where]
