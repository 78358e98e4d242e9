"""Splice (702.47): cards revealed from the hand as an Arcane spell is cast add their effects and targets to it,
for their splice costs; they stay in the hand. Played with real cards."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

REMINDER = (" (As you cast an Arcane spell, you may reveal this card from your hand and pay its splice cost. If you "
            "do, add this card's effects to that spell.)")
SPIRITUAL_VISIT = record("Spiritual Visit", "{W}", "Instant — Arcane",
                         "Create a 1/1 colorless Spirit creature token.\nSplice onto Arcane {W}" + REMINDER)
DAMPEN_THOUGHT = record("Dampen Thought", "{1}{U}", "Instant — Arcane",
                        "Target player mills four cards.\nSplice onto Arcane {1}{U}" + REMINDER)
TORRENT_OF_STONE = record("Torrent of Stone", "{3}{R}", "Instant — Arcane",
                          "Torrent of Stone deals 4 damage to target creature.\nSplice onto Arcane—Sacrifice two "
                          "Mountains." + REMINDER)


@pytest.mark.rules("702.47a", "702.47b", "702.47d")
def test_a_spliced_card_adds_its_effect_and_target_for_its_splice_cost(extra_cards):
    extra_cards(SPIRITUAL_VISIT, DAMPEN_THOUGHT)
    g, ids = table(["Plains", "Island", "Island", "Island"], hand_a=["Spiritual Visit", "Dampen Thought"])
    visit, dampen = ids["Spiritual Visit"], ids["Dampen Thought"]
    g.apply(CastSpell(0, visit))
    d = g.pending
    assert (d.kind, list(d.options)) == (DecisionKind.CHOOSE, [dampen])
    g.apply(Choose(0, (dampen,)))
    g.apply(Choose(0, ("P1",)))                     # Dampen Thought's target, chosen as the spell's (601.2c)
    assert sum(g.state.objects[x].tapped for x in g.state.battlefield) == 3     # {W} plus the splice cost {1}{U}
    library = len(g.state.players[1].library)
    resolve_stack(g)
    assert len(on_battlefield(g, "Spirit Token")) == 1
    assert len(g.state.players[1].library) == library - 4
    assert dampen in g.state.players[0].hand         # revealed, not cast: it stays in the hand


@pytest.mark.rules("702.47a", "702.47c")
def test_a_splice_cost_other_than_mana_and_the_spliced_text_naming_the_spell(extra_cards):
    extra_cards(SPIRITUAL_VISIT, TORRENT_OF_STONE)
    g, ids = table(["Plains", "Mountain", "Mountain"], ["Hill Giant"], hand_a=["Spiritual Visit", "Torrent of Stone"])
    g.apply(CastSpell(0, ids["Spiritual Visit"]))
    g.apply(Choose(0, (ids["Torrent of Stone"],)))
    while g.pending.kind is DecisionKind.CHOOSE:        # the only target and the two Mountains, if asked
        g.apply(Choose(0, tuple(g.pending.options[:max(1, g.pending.min)])))
    assert g.state.objects[g.state.stack[-1]].stack.targets == [[ids["B:Hill Giant"]]]
    assert not on_battlefield(g, "Mountain")
    resolve_stack(g)
    assert not on_battlefield(g, "Hill Giant")          # 4 damage from the spell ("Torrent of Stone" is the spell)
    assert len(on_battlefield(g, "Spirit Token")) == 1


LIFTED_BY_CLOUDS = record("Lifted by Clouds", "{2}{U}", "Instant — Arcane",
                          "Target creature gains flying until end of turn.\nSplice onto Arcane {1}{U}" + REMINDER)


@pytest.mark.rules("702.47b")
def test_a_card_whose_target_cant_be_chosen_cant_be_spliced(extra_cards):
    extra_cards(SPIRITUAL_VISIT, LIFTED_BY_CLOUDS)
    g, ids = table(["Plains", "Island", "Island"], hand_a=["Spiritual Visit", "Lifted by Clouds"])
    g.apply(CastSpell(0, ids["Spiritual Visit"]))
    with pytest.raises(IllegalAction):
        g.apply(Choose(0, (ids["Lifted by Clouds"],)))      # no creature to target
    g.apply(Choose(0, ()))                                  # the cast goes on without it
    resolve_stack(g)
    assert len(on_battlefield(g, "Spirit Token")) == 1
