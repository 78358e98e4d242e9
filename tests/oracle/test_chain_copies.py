"""The "Chain" spells: "Then that permanent's controller may sacrifice a land. If the player does, they may copy this
spell and may choose a new target for that copy." — that player puts a copy of the resolving spell on the stack and
controls it (707.10), with a new target if they choose (707.10c), and the chain may go on from the copy."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

CHAIN_OF_VAPOR = record("Chain of Vapor", "{U}", "Instant",
                        "Return target nonland permanent to its owner's hand. Then that permanent's controller may "
                        "sacrifice a land. If the player does, they may copy this spell and may choose a new target for "
                        "that copy.")
CHAIN_STASIS = record("Chain Stasis", "{U}", "Instant",
                      "You may tap or untap target creature. Then that creature's controller may pay {2}{U}. If the "
                      "player does, they may copy this spell and may choose a new target for that copy.")


def _play_out(g, answer) -> list[tuple[int, str]]:
    """Passes priority until the stack is empty, each choice answered by `answer(decision)`; the choices asked, as
    (player, kind of choice)."""
    asked = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            asked.append((d.player, d.data.get("choice")))
            g.apply(Choose(d.player, answer(d)))
        else:
            g.apply(PassPriority(d.player))
    return asked


@pytest.mark.rules("707.10", "707.10c", "608.2c")
def test_chain_of_vapor_goes_on_with_the_player_who_sacrificed_a_land(extra_cards):
    extra_cards(CHAIN_OF_VAPOR, fully_read=True)
    g, ids = table(["Island", "Savannah Lions", "Plains"], ["Grizzly Bears", "Forest"], ["Chain of Vapor"])
    lions, bears = ids["Savannah Lions"], ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Chain of Vapor"], targets=((bears,),)))

    def answer(d):
        if d.data.get("choice") == "new_target":
            return (lions,)
        if "yes" in d.options:
            return ("yes",) if d.player == 1 else ("no",)     # B sacrifices and copies; A declines
        return tuple(d.options[:1])
    asked = _play_out(g, answer)
    assert (1, "new_target") in asked                       # the copy's controller picks its target
    assert bears not in g.state.battlefield and len(g.state.players[1].hand) == 1
    assert lions not in g.state.battlefield and len(g.state.players[0].hand) == 1     # the copy's work
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Forest"]
    assert ids["Plains"] in g.state.battlefield             # A didn't go on


@pytest.mark.rules("707.10", "608.2c")
def test_chain_of_vapor_stops_when_nobody_sacrifices(extra_cards):
    extra_cards(CHAIN_OF_VAPOR, fully_read=True)
    g, ids = table(["Island"], ["Grizzly Bears", "Forest"], ["Chain of Vapor"])
    g.apply(CastSpell(0, ids["Chain of Vapor"], targets=((ids["B:Grizzly Bears"],),)))
    asked = _play_out(g, lambda d: ("no",) if "no" in d.options else tuple(d.options[:1]))
    assert asked == [(1, "yes_no")] and ids["B:Forest"] in g.state.battlefield


@pytest.mark.rules("707.10", "707.10c", "118.3")
def test_chain_stasis_copy_is_its_payer_s(extra_cards):
    extra_cards(CHAIN_STASIS, fully_read=True)
    g, ids = table(["Island", "Savannah Lions"], ["Grizzly Bears", "Island", "Island", "Island"], ["Chain Stasis"])
    lions, bears = ids["Savannah Lions"], ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Chain Stasis"], targets=((bears,),)))

    def answer(d):
        if d.data.get("choice") == "new_target":
            return (lions,)
        if "yes" in d.options:
            return ("yes",)
        return ("tap",) if "tap" in d.options else tuple(d.options[:1])
    _play_out(g, answer)
    assert g.state.objects[bears].tapped and g.state.objects[lions].tapped
    assert all(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).name == "Island"
               and g.state.objects[o].controller == 1)      # B paid {2}{U} for the copy
