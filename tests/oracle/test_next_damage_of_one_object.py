"""'The next time that creature would deal damage this turn, prevent that damage' (615.7), '... it deals double that
damage instead' (614.1a): one object's next damage event this turn, all of it (510.2), and no other. Real cards' Oracle
text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import CastSpell, PassPriority
from engine.core.rng import Rng
from tests.engine.driving import advance, attack, resolve_stack, table
from tests.oracle.conftest import record

DAZZLING_REFLECTION = record("Dazzling Reflection", "{1}{W}", "Instant",
                            "You gain life equal to target creature's power. The next time that creature would deal "
                            "damage this turn, prevent that damage.")
IMPULSIVE_MANEUVERS = record("Impulsive Maneuvers", "{2}{R}{R}", "Enchantment",
                             "Whenever a creature attacks, flip a coin. If you win the flip, the next time that creature "
                             "would deal combat damage this turn, it deals double that damage instead. If you lose the "
                             "flip, the next time that creature would deal combat damage this turn, prevent that damage.")


def _to_blockers(g) -> list:
    """Both players pass until blockers are declared (none), then priority in the declare blockers step."""
    events = []
    while g.state.stack or g.state.step is Step.DECLARE_ATTACKERS:
        events += g.apply(PassPriority(g.pending.player))
    return events


@pytest.mark.rules("615.7", "510.4", "702.4b")
def test_dazzling_reflection_prevents_only_the_first_strike_damage_of_a_double_striker(extra_cards):
    extra_cards(DAZZLING_REFLECTION, fully_read=True)
    g, ids = table(["Fencing Ace", "Plains", "Plains"], hand_a=["Dazzling Reflection"], turn=3)
    attack(g, ids["Fencing Ace"])
    _to_blockers(g)
    assert g.state.step is Step.DECLARE_BLOCKERS
    g.apply(CastSpell(0, ids["Dazzling Reflection"], targets=((ids["Fencing Ace"],),)))
    resolve_stack(g)
    assert g.state.players[0].life == 21             # its power, 1
    advance(g, Step.END)
    assert g.state.players[1].life == 19             # the first-strike damage prevented, the regular damage dealt


@pytest.mark.rules("615.7", "614.1a", "705.2", "510.4")
def test_impulsive_maneuvers_doubles_or_prevents_the_next_combat_damage(extra_cards):
    extra_cards(IMPULSIVE_MANEUVERS, fully_read=True)
    seen = set()
    for seed in range(40):
        g, ids = table(["Fencing Ace", "Impulsive Maneuvers"], turn=3)
        g.state.rng = Rng(seed)
        attack(g, ids["Fencing Ace"])
        won = next(e.data["won"] for e in _to_blockers(g) if e.kind == "coin_flip")
        advance(g, Step.END)
        # first strike: 2 (doubled) or 0 (prevented); then the regular combat damage step's 1, as it is
        assert g.state.players[1].life == (17 if won else 19)
        seen.add(won)
        if seen == {True, False}:
            break
    assert seen == {True, False}
