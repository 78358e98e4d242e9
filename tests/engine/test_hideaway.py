"""Hideaway (702.75): when the permanent enters, look at the top N cards of your library, exile one of them face
down and put the rest on the bottom in a random order; a "Hideaway" printed without N is "Hideaway 4" and
enters tapped (702.75b)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, Cancel, Choose, PassPriority, PlayLand
from tests.engine.driving import table

WINDBRISK_HEIGHTS = {"name": "Windbrisk Heights", "type": "Land", "types": ["Land"], "subtypes": [],
                     "text": "Hideaway (This land enters the battlefield tapped. When it does, look at the top four "
                             "cards of your library, exile one face down, then put the rest on the bottom of your "
                             "library.)\n{T}: Add {W}.\n{W}, {T}: You may play the exiled card without paying its mana "
                             "cost if you attacked with three or more creatures this turn."}


@pytest.mark.rules("702.75a", "702.75b")
def test_hideaway_exiles_one_of_the_top_four_face_down(extra_cards):
    extra_cards(WINDBRISK_HEIGHTS)
    g, ids = table(hand_a=["Windbrisk Heights"])
    bolt = g.add_card("Lightning Bolt", 0, Zone.LIBRARY)          # the top card
    me = g.state.players[0]
    g.apply(PlayLand(0, ids["Windbrisk Heights"]))
    land = next(o for o in g.state.battlefield if g.state.objects[o].name == "Windbrisk Heights")
    assert g.state.objects[land].tapped, "702.75b: an unnumbered Hideaway enters tapped"
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    looked = g.pending.options
    assert len(looked) == 4 and bolt in looked and g.pending.min == 1
    g.apply(Choose(0, (bolt,)))
    while g.pending.kind is DecisionKind.CHOOSE:              # the order of the rest, if asked
        g.apply(Choose(0, tuple(g.pending.options[:g.pending.min or 1])))
    exiled = [o for o in g.state.exile if g.state.objects[o].name == "Lightning Bolt"]
    assert exiled and g.state.objects[exiled[0]].face_down
    assert len(me.library) == 8
    assert g.snapshot(1)["players"][0]["exile"] == [], "a face-down exiled card is hidden from the opponent"


MOSSWORT_BRIDGE = {"name": "Mosswort Bridge", "type": "Land", "types": ["Land"], "subtypes": [],
                   "text": "Hideaway (This land enters the battlefield tapped. When it does, look at the top four cards "
                           "of your library, exile one face down, then put the rest on the bottom of your library.)\n"
                           "{T}: Add {G}.\n{G}, {T}: You may play the exiled card without paying its mana cost if "
                           "creatures you control have total power 10 or greater."}


def _hide_away(g, card: str) -> tuple[int, int]:
    """Plays Mosswort Bridge with `card` on top of A's library and exiles that card with its hideaway ability."""
    top = g.add_card(card, 0, Zone.LIBRARY)
    hand = g.add_card("Mosswort Bridge", 0, Zone.HAND)
    g.apply(PlayLand(0, hand))
    bridge = next(o for o in g.state.battlefield if g.state.objects[o].name == "Mosswort Bridge")
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    g.apply(Choose(0, (top,)))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, tuple(g.pending.options[:g.pending.min or 1])))
    exiled = next(o for o in g.state.exile if g.state.objects[o].name == card)
    assert g.state.objects[exiled].face_down
    g.state.objects[bridge].tapped = False
    return bridge, exiled


def _activate(g, bridge: int) -> None:
    g.apply(ActivateAbility(0, bridge, 1))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))


@pytest.mark.rules("702.75a", "607.2a", "608.2g")
def test_mosswort_bridge_casts_the_hidden_card_without_paying_its_mana_cost(extra_cards):
    extra_cards(MOSSWORT_BRIDGE)
    g, ids = table(["Craw Wurm", "Hill Giant", "Grizzly Bears", "Forest"])      # total power 11
    bridge, bolt = _hide_away(g, "Lightning Bolt")
    _activate(g, bridge)
    assert g.snapshot(1)["players"][0]["exile"] == [], "the opponent doesn't see the card it offers"
    g.apply(Choose(0, ("yes",)))
    while g.state.stack or g.pending.kind is not DecisionKind.PRIORITY:
        if g.pending.kind is DecisionKind.PRIORITY:
            g.apply(PassPriority(g.pending.player))
        else:
            g.apply(Choose(0, ("P1",)) if "P1" in g.pending.options else Choose(0, (g.pending.options[0],)))
    assert g.state.players[1].life == 17 and bolt not in g.state.exile


@pytest.mark.rules("702.75a", "305.2a", "305.2b")
def test_a_hidden_land_is_played_only_with_a_land_play_left(extra_cards):
    extra_cards(MOSSWORT_BRIDGE)
    g, ids = table(["Craw Wurm", "Hill Giant", "Grizzly Bears", "Forest"])
    bridge, land = _hide_away(g, "Swamp")         # playing Mosswort Bridge used this turn's land play
    g.apply(ActivateAbility(0, bridge, 1))
    while g.state.stack:
        assert g.pending.kind is not DecisionKind.CHOOSE, "no land play left: the land isn't offered (305.2b)"
        g.apply(PassPriority(g.pending.player))
    assert land in g.state.exile
    g.state.players[0].lands_played = 0
    g.state.objects[bridge].tapped = False
    g.state.objects[ids["Forest"]].tapped = False
    _activate(g, bridge)
    g.apply(Choose(0, ("yes",)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    swamp = next(o for o in g.state.battlefield if g.state.objects[o].name == "Swamp")
    assert not g.state.objects[swamp].face_down and g.state.players[0].lands_played == 1


@pytest.mark.rules("702.75a", "406.3", "601.2c")
def test_a_hidden_card_that_cant_be_cast_stays_exiled_face_down(extra_cards):
    extra_cards(MOSSWORT_BRIDGE)
    g, ids = table(["Craw Wurm", "Hill Giant", "Grizzly Bears", "Forest"])
    bridge, hidden = _hide_away(g, "Disenchant")      # no artifact or enchantment to target
    _activate(g, bridge)
    g.apply(Choose(0, ("yes",)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert hidden in g.state.exile and g.state.objects[hidden].face_down
    assert g.snapshot(1)["players"][0]["exile"] == [], "the opponent still doesn't see it"


@pytest.mark.rules("702.75a", "406.3", "733.1")
def test_a_hidden_card_whose_cast_is_backed_out_of_stays_exiled_face_down(extra_cards):
    extra_cards(MOSSWORT_BRIDGE)
    g, ids = table(["Craw Wurm", "Hill Giant", "Grizzly Bears", "Forest"])
    bridge, bolt = _hide_away(g, "Lightning Bolt")
    _activate(g, bridge)
    g.apply(Choose(0, ("yes",)))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert any(isinstance(a, Cancel) for a in g.legal_actions()), g.pending
    g.apply(Cancel(0))
    assert bolt in g.state.exile and g.state.objects[bolt].face_down
    assert g.state.players[1].life == 20
