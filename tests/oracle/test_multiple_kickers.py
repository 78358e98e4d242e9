"""Two kicker abilities, "Kicker {1}{G} and/or {2}{U}" (702.33c): each may be paid as the spell is cast, once at
most; `kicked` then has the bit of each one paid (1: the first, 2: the second, 3: both). "If it was kicked with its
{1}{G} kicker" is about that one (702.33d). Played with real cards (the Apocalypse battlemages and volvers)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from engine.oracle import compile_card
from tests.engine.driving import resolve_stack, settle, table
from tests.oracle.conftest import record

SUNSCAPE_BATTLEMAGE = record("Sunscape Battlemage", "{2}{W}", "Creature — Human Wizard",
                             "Kicker {1}{G} and/or {2}{U} (You may pay an additional {1}{G} and/or {2}{U} as you cast "
                             "this spell.)\nWhen Sunscape Battlemage enters the battlefield, if it was kicked with its "
                             "{1}{G} kicker, destroy target creature with flying.\nWhen Sunscape Battlemage enters the "
                             "battlefield, if it was kicked with its {2}{U} kicker, draw two cards.", "2/2")
ANAVOLVER = record("Anavolver", "{3}{G}", "Creature — Volver",
                   "Kicker {1}{U} and/or {B} (You may pay an additional {1}{U} and/or {B} as you cast this spell.)\n"
                   "If Anavolver was kicked with its {1}{U} kicker, it enters the battlefield with two +1/+1 counters on "
                   "it and with flying.\nIf Anavolver was kicked with its {B} kicker, it enters the battlefield with a "
                   "+1/+1 counter on it and with \"Pay 3 life: Regenerate Anavolver.\"", "3/3")

LANDS = ["Plains"] * 3 + ["Forest"] * 2 + ["Island"] * 3


def test_the_two_kicker_costs_are_two_kicker_abilities():
    d = compile_card(SUNSCAPE_BATTLEMAGE)
    assert not d.unsupported
    assert [str(c.cost.mana) for c in d.costs if c.kind == "kicker"] == ["{1}{G}", "{2}{U}"]


@pytest.mark.rules("702.33c", "702.33d", "603.4")
@pytest.mark.parametrize("kicked, destroyed, drawn", [(0, False, 0), (1, True, 0), (2, False, 2), (3, True, 2)])
def test_sunscape_battlemage_does_what_each_kicker_paid_says(extra_cards, kicked, destroyed, drawn):
    extra_cards(SUNSCAPE_BATTLEMAGE, fully_read=True)
    g, ids = table(LANDS, ["Serra Angel"], ["Sunscape Battlemage"])
    angel = ids["B:Serra Angel"]
    g.apply(CastSpell(0, ids["Sunscape Battlemage"], kicked=kicked))
    tapped = sum(g.state.objects[o].tapped for o in g.state.battlefield if g.state.objects[o].controller == 0)
    assert tapped == 3 + 2 * (kicked & 1) + 3 * (kicked >> 1 & 1)       # {2}{W}, {1}{G}, {2}{U}
    hand = len(g.state.players[0].hand)
    settle(g)
    assert (angel not in g.state.objects or g.state.objects[angel].zone is not Zone.BATTLEFIELD) == destroyed
    assert len(g.state.players[0].hand) == hand + drawn


@pytest.mark.rules("702.33c")
def test_each_kicker_is_paid_once_at_most_and_the_legal_actions_offer_each_way(extra_cards):
    extra_cards(SUNSCAPE_BATTLEMAGE, fully_read=True)
    g, ids = table(LANDS, [], ["Sunscape Battlemage"])
    offered = {a.kicked for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Sunscape Battlemage"]}
    assert {int(k or 0) for k in offered} == {0, 1, 2, 3}
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Sunscape Battlemage"], kicked=4))


@pytest.mark.rules("702.33c", "702.33d", "614.1c")
@pytest.mark.parametrize("kicked, counters, flying, regenerate", [(1, 2, True, False), (2, 1, False, True),
                                                                   (3, 3, True, True), (0, 0, False, False)])
def test_anavolver_enters_with_what_each_kicker_paid_gives(extra_cards, kicked, counters, flying, regenerate):
    extra_cards(ANAVOLVER, fully_read=True)
    g, ids = table(["Forest"] * 4 + ["Island", "Island", "Swamp"], [], ["Anavolver"])
    g.apply(CastSpell(0, ids["Anavolver"], kicked=kicked))
    resolve_stack(g)
    (volver,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Anavolver"]
    ch = g.characteristics(volver)
    assert g.state.objects[volver].counters.get("+1/+1", 0) == counters
    assert ch.has("flying") == flying
    assert any("Regenerate" in ab.text for ab in ch.activated) == regenerate


RUMBLING_AFTERSHOCKS = record("Rumbling Aftershocks", "{4}{R}", "Enchantment",
                              "Whenever you cast a kicked spell, you may have Rumbling Aftershocks deal damage to any "
                              "target equal to the number of times that spell was kicked.")


@pytest.mark.rules("702.33c", "702.33d")
@pytest.mark.parametrize("kicked, damage", [(1, 1), (2, 1), (3, 2)])
def test_the_times_a_spell_with_two_kickers_was_kicked(extra_cards, kicked, damage):
    extra_cards(SUNSCAPE_BATTLEMAGE, RUMBLING_AFTERSHOCKS, fully_read=True)
    g, ids = table(LANDS + ["Rumbling Aftershocks"], [], ["Sunscape Battlemage"])
    g.apply(CastSpell(0, ids["Sunscape Battlemage"], kicked=kicked))
    settle(g, lambda d: ("yes",) if "yes" in d.options else ("P1",) if "P1" in d.options else tuple(d.options[:d.min]))
    assert g.state.players[1].life == 20 - damage
