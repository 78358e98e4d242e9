"""Qualifiers of a trigger event about the turn it happens in (603.2): "whenever one or more artifacts you control
leave the battlefield during your turn" triggers only in its controller's turn. Played with real cards through the
engine."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, Choose, PassPriority
from tests.engine.driving import on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

ONI_CULT_ANVIL = record(
    "Oni-Cult Anvil", "{B}{R}", "Artifact",
    "Whenever one or more artifacts you control leave the battlefield during your turn, create a 1/1 colorless "
    "Construct artifact creature token. This ability triggers only once each turn.\n"
    "{T}, Sacrifice an artifact: Oni-Cult Anvil deals 1 damage to each opponent. You gain 1 life.")


def _sacrifice_with_anvil(g, anvil: int, fodder: int) -> None:
    if g.pending.player != 0:
        g.apply(PassPriority(g.pending.player))
    g.apply(ActivateAbility(0, anvil, 0))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(g.pending.player, (fodder,)))
    resolve_stack(g)


@pytest.mark.rules("603.2", "603.2c", "603.10a")
@pytest.mark.parametrize("active,tokens", [(0, 1), (1, 0)])
def test_oni_cult_anvil_makes_a_construct_only_during_your_turn(extra_cards, active, tokens):
    extra_cards(ONI_CULT_ANVIL, fully_read=True)
    g, ids = table(["Oni-Cult Anvil", "Ornithopter"], [], active=active)
    _sacrifice_with_anvil(g, ids["Oni-Cult Anvil"], ids["Ornithopter"])
    assert g.state.players[1].life == 19
    assert len(on_battlefield(g, "Construct Token")) == tokens

