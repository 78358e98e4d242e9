"""An instruction done only "if its mana value is ..." of its target (608.2c): "2 or less", "less than or equal to" a
counted amount (the number of cards in your hand, the highest mana value among permanents you control, the number of
colors of mana spent to cast this spell, the amount of unspent mana you have, 106.4). A spell's mana value on the
stack counts the X chosen for it (202.3e). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

RENDING_VINES = record("Rending Vines", "{1}{G}{G}", "Instant — Arcane",
                       "Destroy target artifact or enchantment if its mana value is less than or equal to the number "
                       "of cards in your hand.\nDraw a card.")
DISPERSAL_SHIELD = record("Dispersal Shield", "{1}{U}", "Instant",
                          "Counter target spell if its mana value is less than or equal to the highest mana value among "
                          "permanents you control.")
PRISMATIC_ENDING = record("Prismatic Ending", "{X}{W}", "Sorcery",
                          "Converge — Exile target nonland permanent if its mana value is less than or equal to the "
                          "number of colors of mana spent to cast this spell.")
GLISSA = record("Glissa Sunseeker", "{2}{G}{G}", "Legendary Creature — Elf",
                "First strike\n{T}: Destroy target artifact if its mana value is equal to the amount of unspent mana "
                "you have.", "3/2")


@pytest.mark.rules("608.2c", "202.3")
@pytest.mark.parametrize("target", ["Short Sword", "Mind Stone"])
def test_rending_vines_destroys_what_costs_no_more_than_the_cards_in_your_hand(extra_cards, target):
    extra_cards(RENDING_VINES, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest"], ["Short Sword", "Mind Stone"], ["Rending Vines", "Plains", "Island"])
    victim = ids["B:" + target]
    cast_and_resolve(g, ids["Rending Vines"], targets=((victim,),))
    # two cards in hand as it resolves (Plains, Island): mana value 1 or 2 goes
    assert victim not in g.state.objects or g.state.objects[victim].zone is not Zone.BATTLEFIELD
    assert len(g.state.players[0].hand) == 3        # and it draws a card


@pytest.mark.rules("608.2c")
def test_rending_vines_leaves_an_artifact_costing_more_than_the_cards_in_hand(extra_cards):
    extra_cards(RENDING_VINES, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest"], ["Mind Stone"], ["Rending Vines", "Plains"])
    cast_and_resolve(g, ids["Rending Vines"], targets=((ids["B:Mind Stone"],),))
    assert g.state.objects[ids["B:Mind Stone"]].zone is Zone.BATTLEFIELD     # one card in hand, mana value 2
    assert len(g.state.players[0].hand) == 2


@pytest.mark.rules("608.2c", "202.3e", "107.3")
@pytest.mark.parametrize("x, countered", [(1, True), (2, False)])
def test_dispersal_shield_counts_the_x_of_the_spell_it_targets(extra_cards, x, countered):
    extra_cards(DISPERSAL_SHIELD, fully_read=True)
    g, ids = table(["Island", "Island", "Grizzly Bears"], ["Mountain", "Mountain", "Mountain"],
                   ["Dispersal Shield"], hand_b=["Blaze"], active=1)
    g.apply(CastSpell(1, ids["B:Blaze"], targets=(("P0",),), x=x))
    blaze = g.state.stack[-1]
    assert g.characteristics(blaze).mana_value == x + 1        # {X}{R} with X chosen, on the stack
    g.apply(PassPriority(1))
    cast_and_resolve(g, ids["Dispersal Shield"], targets=((blaze,),))
    # the highest mana value among A's permanents is the Bears' 2
    resolve_stack(g)
    assert g.state.players[0].life == (20 if countered else 20 - x)


@pytest.mark.rules("608.2c", "702.157a")
@pytest.mark.parametrize("lands, exiled", [(["Plains", "Mountain"], True), (["Plains", "Plains"], False)])
def test_prismatic_ending_exiles_what_costs_no_more_than_the_colors_spent(extra_cards, lands, exiled):
    extra_cards(PRISMATIC_ENDING, fully_read=True)
    g, ids = table(lands, ["Grizzly Bears"], ["Prismatic Ending"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Prismatic Ending"], targets=((bears,),), x=1)
    assert (g.state.objects[bears].zone is not Zone.BATTLEFIELD if bears in g.state.objects else True) == exiled


@pytest.mark.rules("608.2c", "106.4")
@pytest.mark.parametrize("pool, destroyed", [("GG", True), ("G", False), ("GGG", False)])
def test_glissa_destroys_an_artifact_whose_mana_value_is_the_unspent_mana(extra_cards, pool, destroyed):
    extra_cards(GLISSA, fully_read=True)
    g, ids = table(["Glissa Sunseeker"], ["Mind Stone"])
    glissa, stone = ids["Glissa Sunseeker"], ids["B:Mind Stone"]
    g.state.objects[glissa].sick = False
    g.set_player(0, mana_pool=pool)
    activate_and_resolve(g, glissa, targets=((stone,),))
    assert (g.state.objects[stone].zone is not Zone.BATTLEFIELD if stone in g.state.objects else True) == destroyed


@pytest.mark.rules("608.2c")
@pytest.mark.parametrize("text", [
    "Destroy target creature if it has mana value 2 or less.",
    "Destroy target creature if its mana value is 2 or less.",
])
def test_a_mana_value_n_or_less_of_the_target(text):
    d = compile_card({"name": "Probe", "manaCost": "{B}", "types": ["Instant"], "type": "Instant", "text": text})
    assert not d.unsupported, d.unsupported
    (e,) = d.spell.modes[0].effects
    assert e.condition.kind == "amount_at_most" and e.condition.value == 2 and e.condition.amount.kind == "mana_value_of"


OBSCURA_ASCENDANCY = record("Obscura Ascendancy", "{W}{U}{B}", "Enchantment",
                            "Whenever you cast a spell, if its mana value is equal to 1 plus the number of soul counters "
                            "on Obscura Ascendancy, put a soul counter on Obscura Ascendancy, then create a 2/2 white "
                            "Spirit creature token with flying.\nAs long as there are five or more soul counters on "
                            "Obscura Ascendancy, Spirits you control get +3/+3.")


@pytest.mark.rules("603.4", "202.3e")
@pytest.mark.parametrize("x, counters", [(0, 1), (1, 0)])
def test_obscura_ascendancy_counts_the_spells_mana_value_with_its_x(extra_cards, x, counters):
    extra_cards(OBSCURA_ASCENDANCY, fully_read=True)
    g, ids = table(["Obscura Ascendancy", "Mountain", "Mountain"], [], ["Blaze"])
    cast_and_resolve(g, ids["Blaze"], targets=(("P1",),), x=x)       # mana value 1 only with X 0
    assert g.state.objects[ids["Obscura Ascendancy"]].counters.get("soul", 0) == counters
    assert len([o for o in g.state.battlefield if "Spirit" in g.characteristics(o).subtypes]) == counters
