"""Targets by owner and controller at once: "target permanent you both own and control" (both), "target permanent you
own or control" (either) (108.3, 110.2, 115.1). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, cast_and_resolve, table
from tests.oracle.conftest import record

OBELISK_OF_UNDOING = record("Obelisk of Undoing", "{1}", "Artifact",
                            "{6}, {T}: Return target permanent you both own and control to your hand.")
TELIMTORS_EDICT = record("Telim'Tor's Edict", "{R}", "Instant",
                         "Exile target permanent you own or control.\nDraw a card at the beginning of the next turn's "
                         "upkeep.")


@pytest.mark.rules("108.3", "110.2", "115.1")
def test_obelisk_of_undoing_returns_only_a_permanent_you_own_and_control(extra_cards):
    extra_cards(OBELISK_OF_UNDOING)
    g, ids = table(["Obelisk of Undoing", "Grizzly Bears"] + ["Swamp"] * 6, ["Hill Giant"])
    obelisk, bears, giant = ids["Obelisk of Undoing"], ids["Grizzly Bears"], ids["B:Hill Giant"]
    g.state.objects[giant].controller = 0       # controlled, not owned: still not a legal target
    g.state.invalidate()
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, obelisk, 0, targets=((giant,),)))
    activate_and_resolve(g, obelisk, 0, targets=((bears,),))
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Grizzly Bears"]


@pytest.mark.rules("110.2", "115.1")
def test_telimtors_edict_exiles_a_permanent_you_own_or_control(extra_cards):
    extra_cards(TELIMTORS_EDICT)
    g, ids = table(["Mountain", "Grizzly Bears"], ["Hill Giant"], hand_a=["Telim'Tor's Edict"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Telim'Tor's Edict"], targets=((ids["B:Hill Giant"],),)))
    cast_and_resolve(g, ids["Telim'Tor's Edict"], targets=((ids["Grizzly Bears"],),))
    assert [g.characteristics(o).name for o in g.state.exile] == ["Grizzly Bears"]


def test_the_sentences_are_read():
    for card in (OBELISK_OF_UNDOING, TELIMTORS_EDICT):
        assert compile_card(card).unsupported == (), card["name"]
