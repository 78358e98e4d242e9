"""Replacement effects on what would be put into a graveyard (614.1a), by kind: "If an instant or sorcery card would
be put into a graveyard from anywhere, exile it instead" (the card as it is where it comes from) and "If a permanent
would be put into a graveyard, exile it instead" (from the battlefield only: a permanent is there). Real cards'
Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

DRYAD_MILITANT = record("Dryad Militant", "{G/W}", "Creature — Dryad Soldier",
                        "If an instant or sorcery card would be put into a graveyard from anywhere, exile it instead.",
                        "2/1")
SAMURAI_OF_THE_PALE_CURTAIN = record(
    "Samurai of the Pale Curtain", "{W}{W}", "Creature — Fox Samurai",
    "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn.)\nIf a permanent "
    "would be put into a graveyard, exile it instead.", "2/2")


@pytest.mark.rules("614.1a", "608.2n")
def test_dryad_militant_exiles_instants_and_sorceries_only(extra_cards):
    extra_cards(DRYAD_MILITANT, fully_read=True)
    g, ids = table(["Dryad Militant", "Mountain"], ["Grizzly Bears"], ["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Grizzly Bears"],),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Lightning Bolt"]       # the resolved instant
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]   # a creature card


@pytest.mark.rules("614.1a", "110.1")
def test_samurai_exiles_permanents_but_not_a_resolved_spell(extra_cards):
    extra_cards(SAMURAI_OF_THE_PALE_CURTAIN, fully_read=True)
    g, ids = table(["Samurai of the Pale Curtain", "Mountain", "Mountain"], ["Grizzly Bears"], ["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Grizzly Bears"],),))
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Grizzly Bears"]    # a permanent
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Lightning Bolt"]     # a spell
