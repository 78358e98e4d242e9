"""Instructions offering two alternatives, chosen as the spell or ability resolves (608.2d): "Target creature loses
first strike or swampwalk until end of turn" (Urborg; 613.1f) and "Destroy all enchantments or all nonwhite
enchantments" (Essence Filter)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import advance, resolve_stack, table
from tests.oracle.conftest import record

URBORG = record("Urborg", None, "Legendary Land",
                "{T}: Add {B}.\n{T}: Target creature loses first strike or swampwalk until end of turn.")
BOG_WRAITH = record("Bog Wraith", "{3}{B}", "Creature — Wraith",
                    "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)", "3/3")
ESSENCE_FILTER = record("Essence Filter", "{1}{G}{G}", "Sorcery",
                        "Destroy all enchantments or all nonwhite enchantments.")


@pytest.mark.rules("608.2d", "613.1f", "702.14c")
@pytest.mark.parametrize("pick", ["first strike", "swampwalk"])
def test_urborg_takes_away_the_keyword_its_controller_chooses(extra_cards, pick):
    extra_cards(URBORG, BOG_WRAITH, fully_read=True)
    g, ids = table(["Urborg"], ["Bog Wraith", "White Knight"])
    wraith, knight = ids["B:Bog Wraith"], ids["B:White Knight"]
    g.apply(ActivateAbility(0, ids["Urborg"], 1, targets=((knight,),)))
    resolve_stack_choosing(g, pick)
    ch = g.characteristics(knight)
    assert ch.has("first strike") == (pick != "first strike")
    assert ch.has("protection")                 # the other keyword stays
    assert g.characteristics(wraith).keyword("landwalk") is not None
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(knight).has("first strike")        # until end of turn


def resolve_stack_choosing(g, pick: str) -> None:
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            assert d.options == ["first strike", "swampwalk"]
            g.apply(Choose(d.player, (pick,)))
        else:
            g.apply(PassPriority(d.player))


@pytest.mark.rules("608.2d", "613.1f")
def test_urborg_can_take_swampwalk_from_a_swampwalker(extra_cards):
    extra_cards(URBORG, BOG_WRAITH, fully_read=True)
    g, ids = table(["Urborg"], ["Bog Wraith"])
    g.apply(ActivateAbility(0, ids["Urborg"], 1, targets=((ids["B:Bog Wraith"],),)))
    resolve_stack_choosing(g, "swampwalk")
    assert g.characteristics(ids["B:Bog Wraith"]).keyword("landwalk") is None


@pytest.mark.rules("608.2d")
def test_gains_one_keyword_or_another_is_a_choice_but_one_keyword_is_no_choice():
    either = compile_card(record("Test", "{R}", "Instant", "Target creature gains first strike or trample until end of "
                                                            "turn.")).spell.modes[0].effects
    assert type(either[0]).__name__ == "GrantKeywordChoice" and len(either[0].keywords) == 2
    one = compile_card(record("Test", "{R}", "Instant", "Target creature gains first strike until end of turn."))
    assert type(one.spell.modes[0].effects[0]).__name__ == "Grant"


@pytest.mark.rules("608.2d", "701.8a")
@pytest.mark.parametrize("pick,left", [("all enchantments", []), ("all nonwhite enchantments", ["Glorious Anthem"])])
def test_essence_filter_destroys_the_group_its_caster_chooses(extra_cards, pick, left):
    extra_cards(ESSENCE_FILTER, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Glorious Anthem"], ["Phyrexian Arena"], ["Essence Filter"])
    g.apply(CastSpell(0, ids["Essence Filter"]))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.options == ["all enchantments", "all nonwhite enchantments"]
    g.apply(Choose(0, (pick,)))
    resolve_stack(g)
    assert ids["B:Phyrexian Arena"] not in g.state.battlefield
    assert [g.characteristics(o).name for o in g.state.battlefield if "Enchantment" in g.characteristics(o).types] \
        == left
