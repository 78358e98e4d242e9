"""A card's trigger as it is put into a graveyard, shuffling it (or its owner's graveyard) into a library: "When Guan Yu,
Sainted Warrior is put into your graveyard from the battlefield, you may shuffle Guan Yu into your library", "When
Ulamog, the Infinite Gyre is put into a graveyard from anywhere, its owner shuffles their graveyard into their
library". The card named is the new object in the graveyard (400.7e), the library its owner's (400.3). "From anywhere":
from the library or the hand too, where the card's abilities don't work (the card in the graveyard sees its own arrival),
and from the battlefield once (the permanent looks back, 603.10a). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, resolve_choosing, resolve_stack, table
from tests.oracle.conftest import record

GUAN_YU = record("Guan Yu, Sainted Warrior", "{3}{W}{W}", "Legendary Creature — Human Soldier Warrior",
                 "Horsemanship (This creature can't be blocked except by creatures with horsemanship.)\nWhen Guan Yu, "
                 "Sainted Warrior is put into your graveyard from the battlefield, you may shuffle Guan Yu into your "
                 "library.", "3/5")
ULAMOG = record("Ulamog, the Infinite Gyre", "{11}", "Legendary Creature — Eldrazi",
                "When you cast this spell, destroy target permanent.\nIndestructible\nAnnihilator 4 (Whenever this "
                "creature attacks, defending player sacrifices four permanents.)\nWhen Ulamog, the Infinite Gyre is put "
                "into a graveyard from anywhere, its owner shuffles their graveyard into their library.", "10/10")
SERRA_AVATAR = record("Serra Avatar", "{4}{W}{W}{W}", "Creature — Avatar",
                      "Serra Avatar's power and toughness are each equal to your life total.\nWhen Serra Avatar is put "
                      "into a graveyard from anywhere, shuffle it into its owner's library.", "*/*")


def _names(g, ids) -> list[str]:
    return sorted(g.state.objects[o].name for o in ids)


@pytest.mark.rules("400.7e", "701.24a")
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_guan_yu_may_be_shuffled_into_your_library_when_it_dies(extra_cards, answer):
    extra_cards(GUAN_YU)
    assert not compile_card(GUAN_YU).unsupported
    g, ids = table(["Guan Yu, Sainted Warrior"], ["Swamp", "Swamp", "Swamp"], hand_b=["Murder"], active=1)
    library = len(g.state.players[0].library)
    g.apply(CastSpell(1, ids["B:Murder"], targets=((ids["Guan Yu, Sainted Warrior"],),)))
    resolve_choosing(g, answer)
    in_library = [o for o in g.state.players[0].library if g.state.objects[o].name == "Guan Yu, Sainted Warrior"]
    assert len(in_library) == (1 if answer == "yes" else 0)
    assert len(g.state.players[0].library) == library + len(in_library)
    assert _names(g, g.state.players[0].graveyard) == ([] if answer == "yes" else ["Guan Yu, Sainted Warrior"])


@pytest.mark.rules("400.7e", "701.24a", "603.10a")
def test_ulamog_milled_has_its_owner_shuffle_their_graveyard_into_their_library(extra_cards):
    extra_cards(ULAMOG)
    assert not compile_card(ULAMOG).unsupported
    g, ids = table(["Millstone", "Plains", "Plains"], [])
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Ulamog, the Infinite Gyre", 0, Zone.LIBRARY)        # on top: milled first
    library = len(g.state.players[0].library)
    activate_and_resolve(g, ids["Millstone"], 0, targets=(("P0",),))
    assert g.state.players[0].graveyard == []                        # all of it shuffled back
    assert len(g.state.players[0].library) == library + 1           # the two milled and the Bears
    assert "Ulamog, the Infinite Gyre" in _names(g, g.state.players[0].library)


@pytest.mark.rules("603.10a", "400.7e")
def test_serra_avatar_is_shuffled_into_its_owners_library_once_from_the_battlefield_and_from_the_library(extra_cards):
    extra_cards(SERRA_AVATAR)
    g, ids = table(["Serra Avatar"], ["Swamp"] * 3, hand_b=["Murder"], active=1)
    g.apply(CastSpell(1, ids["B:Murder"], targets=((ids["Serra Avatar"],),)))
    events = resolve_stack(g)
    assert [e.kind for e in events].count("trigger") == 1
    assert "Serra Avatar" in _names(g, g.state.players[0].library) and g.state.players[0].graveyard == []
    g2, ids2 = table(["Millstone", "Plains", "Plains"], [])
    g2.add_card("Serra Avatar", 0, Zone.LIBRARY)
    activate_and_resolve(g2, ids2["Millstone"], 0, targets=(("P0",),))
    assert _names(g2, g2.state.players[0].graveyard) == ["Plains"]              # the Avatar went back
