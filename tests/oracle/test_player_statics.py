"""Static abilities that affect players: "You have hexproof" (702.11c), "You have shroud" (702.18a), "Your
maximum hand size is increased by one" and "Each opponent's maximum hand size is reduced by seven" (402.2, 514.1)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import advance, cast_and_resolve, table
from tests.oracle.conftest import record

AEGIS_OF_THE_GODS = record("Aegis of the Gods", "{1}{W}", "Enchantment Creature — Human Soldier",
                           "You have hexproof. (You can't be the target of spells or abilities your opponents "
                           "control.)", "2/1")
IVORY_MASK = record("Ivory Mask", "{2}{W}{W}", "Enchantment",
                    "You have shroud. (You can't be the target of spells or abilities.)")
MINAMO_SCROLLKEEPER = record("Minamo Scrollkeeper", "{1}{U}", "Creature — Human Wizard",
                             "Defender\nYour maximum hand size is increased by one.", "2/3")
JIN_GITAXIAS = record("Jin-Gitaxias, Core Augur", "{8}{U}{U}", "Legendary Creature — Phyrexian Praetor",
                      "Flash\nAt the beginning of your end step, draw seven cards.\nEach opponent's maximum hand size "
                      "is reduced by seven.", "5/4")


@pytest.mark.rules("702.11c", "702.18a", "115.1")
def test_you_have_hexproof_and_shroud(extra_cards):
    for card in (AEGIS_OF_THE_GODS, IVORY_MASK):
        assert not compile_card(card).unsupported
    extra_cards(AEGIS_OF_THE_GODS, IVORY_MASK)
    g, ids = table(["Mountain"], ["Aegis of the Gods"], hand_a=["Lightning Bolt"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),)))
    g, ids = table(["Mountain", "Aegis of the Gods"], hand_a=["Lightning Bolt"])
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P0",),)))      # hexproof: its own spells may
    g, ids = table(["Mountain", "Ivory Mask"], hand_a=["Lightning Bolt"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P0",),)))  # shroud: no one's may


SIGARDA_HERONS_GRACE = record("Sigarda, Heron's Grace", "{3}{G}{W}", "Legendary Creature — Angel",
                              "Flying\nYou and Humans you control have hexproof.\n{2}, Exile a card from your graveyard: "
                              "Create a 1/1 white Human Soldier creature token.", "4/5")


@pytest.mark.rules("702.11c", "702.11b")
def test_you_and_humans_you_control_have_hexproof(extra_cards):
    extra_cards(SIGARDA_HERONS_GRACE, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Mountain"], ["Sigarda, Heron's Grace", "Elite Vanguard",
                                                       "Grizzly Bears"], hand_a=["Lightning Bolt", "Shock", "Searing Spear"])
    assert g.characteristics(ids["B:Elite Vanguard"]).has("hexproof"), "a Human Soldier"
    for target in ("P1", ids["B:Elite Vanguard"]):
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((target,),)))
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))       # a Bear isn't a Human
    assert ids["B:Grizzly Bears"] not in g.state.battlefield


def _to_cleanup_discard(g) -> int:
    """Passes to A's cleanup step: how many cards A is asked to discard (0: none)."""
    advance(g, Step.END)
    while g.pending.kind is DecisionKind.PRIORITY and g.state.turn == 3:
        g.apply(PassPriority(g.pending.player))
    return g.pending.min if g.pending.kind is DecisionKind.CHOOSE and g.state.turn == 3 else 0


@pytest.mark.rules("402.2", "514.1")
def test_maximum_hand_size_increased_by_one(extra_cards):
    extra_cards(MINAMO_SCROLLKEEPER, fully_read=True)
    g, _ = table(["Minamo Scrollkeeper"], hand_a=["Plains"] * 9)
    assert _to_cleanup_discard(g) == 1
    g, _ = table(["Minamo Scrollkeeper"], hand_a=["Plains"] * 8)
    assert _to_cleanup_discard(g) == 0


@pytest.mark.rules("402.2", "514.1")
def test_each_opponents_maximum_hand_size_reduced_by_seven(extra_cards):
    extra_cards(JIN_GITAXIAS, fully_read=True)
    g, _ = table(hand_a=["Plains"] * 2, b=["Jin-Gitaxias, Core Augur"])
    assert _to_cleanup_discard(g) == 2
    # Its controller's own maximum stays seven: two cards and the seven its end step trigger draws, two too many.
    g, _ = table(["Jin-Gitaxias, Core Augur"], hand_a=["Plains"] * 2)
    assert _to_cleanup_discard(g) == 2


TIBALT_RAKISH_INSTIGATOR = record("Tibalt, Rakish Instigator", "{2}{R}", "Legendary Planeswalker — Tibalt",
                                  "Your opponents can't gain life.\n[−2]: Create a 1/1 red Devil creature token with "
                                  "\"When this creature dies, it deals 1 damage to any target.\"", loyalty="5")


@pytest.mark.rules("119.7")
@pytest.mark.parametrize("caster, gains", [(0, True), (1, False)])
def test_your_opponents_cant_gain_life(extra_cards, caster, gains):
    extra_cards(TIBALT_RAKISH_INSTIGATOR, fully_read=True)
    lands = ["Mountain", "Plains"]
    g, ids = table(["Tibalt, Rakish Instigator"] + lands, lands, hand_a=["Lightning Helix"], hand_b=["Lightning Helix"],
                   turn=3 + caster, active=caster)
    helix = ids["Lightning Helix" if caster == 0 else "B:Lightning Helix"]
    before = g.state.players[caster].life
    cast_and_resolve(g, helix, player=caster, targets=((f"P{1 - caster}",),))
    assert g.state.players[caster].life == before + (3 if gains else 0)
    assert g.state.players[1 - caster].life == 17, "the damage is dealt all the same"
