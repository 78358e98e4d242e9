"""A target "with mana value X" (or "X or less"): X is announced before the targets are chosen (601.2b-c), so a
target's mana value is checked against the X chosen, when it is chosen and again as the spell or ability resolves
(608.2b). X is that of the mana cost, of an activation cost ({X}{X}{1}, "Remove X ki counters") or of a loyalty
cost (−X) (107.3a). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, uses_x
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, cast_and_resolve, table
from tests.oracle.conftest import record

DISEMBOWEL = record("Disembowel", "{X}{B}", "Instant", "Destroy target creature with mana value X.")
PLAGUEBEARER = record("Plaguebearer", "{1}{B}", "Creature — Zombie",
                      "{X}{X}{B}: Destroy target nonblack creature with mana value X.", "1/1")
QUILLMANE_BAKU = record("Quillmane Baku", "{4}{U}", "Creature — Spirit",
                        "Whenever you cast a Spirit or Arcane spell, you may put a ki counter on Quillmane Baku.\n"
                        "{1}, {T}, Remove X ki counters from Quillmane Baku: Return target creature with mana value X "
                        "or less to its owner's hand.", "3/3")
SORIN = record("Sorin, Vengeful Bloodlord", "{2}{W}{B}", "Legendary Planeswalker — Sorin",
               "As long as it's your turn, creatures and planeswalkers you control have lifelink.\n"
               "[+2]: Sorin, Vengeful Bloodlord deals 1 damage to target player or planeswalker.\n"
               "[−X]: Return target creature card with mana value X from your graveyard to the battlefield. That "
               "creature is a Vampire in addition to its other types.", loyalty="4")
KNOLLSPINE = record("Knollspine Invocation", "{1}{R}{R}", "Enchantment",
                    "{X}, Discard a card with mana value X: Knollspine Invocation deals X damage to any target.")
CUSTODI_SOULCALLER = record("Custodi Soulcaller", "{1}{W}{W}", "Creature — Human Cleric",
                            "Melee\nWhenever Custodi Soulcaller attacks, return target creature card with mana value X "
                            "or less from your graveyard to the battlefield, where X is the number of players you "
                            "attacked this combat.", "1/2")


def _names(g, ids) -> list[str]:
    return sorted(g.characteristics(o).name for o in ids)


@pytest.mark.rules("601.2b", "601.2c", "107.3a")
def test_disembowel_targets_only_a_creature_of_the_mana_value_chosen(extra_cards):
    extra_cards(DISEMBOWEL)
    g, ids = table(["Swamp"] * 4, ["Grizzly Bears", "Hill Giant"], hand_a=["Disembowel"])
    bears, giant = ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):          # Hill Giant's mana value is 4, not 2
        g.apply(CastSpell(0, ids["Disembowel"], targets=((giant,),), x=2))
    cast_and_resolve(g, ids["Disembowel"], targets=((bears,),), x=2)
    assert _names(g, g.state.players[1].graveyard) == ["Grizzly Bears"]
    assert giant in g.state.battlefield


@pytest.mark.rules("602.2b", "601.2b", "107.3a")
def test_plaguebearer_reads_the_x_of_its_activation_cost(extra_cards):
    extra_cards(PLAGUEBEARER)
    g, ids = table(["Plaguebearer"] + ["Swamp"] * 5, ["Grizzly Bears", "Hill Giant"])
    bears, giant = ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Plaguebearer"], 0, targets=((bears,),), x=1))
    activate_and_resolve(g, ids["Plaguebearer"], 0, targets=((bears,),), x=2)
    assert _names(g, g.state.players[1].graveyard) == ["Grizzly Bears"]
    assert giant in g.state.battlefield


@pytest.mark.rules("107.3a", "602.2b")
def test_quillmane_baku_returns_a_creature_of_mana_value_up_to_the_counters_removed(extra_cards):
    extra_cards(QUILLMANE_BAKU)
    g, ids = table(["Quillmane Baku", "Island"], ["Grizzly Bears", "Hill Giant"], turn=5)
    baku = ids["Quillmane Baku"]
    g.state.objects[baku].counters["ki"] = 3
    bears, giant = ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, baku, 0, targets=((giant,),), x=3))
    activate_and_resolve(g, baku, 0, targets=((bears,),), x=3)
    assert _names(g, g.state.players[1].hand) == ["Grizzly Bears"]
    assert g.state.objects[baku].counters.get("ki", 0) == 0


@pytest.mark.rules("606.4", "107.3a")
def test_sorin_minus_x_returns_a_creature_card_of_mana_value_x(extra_cards):
    extra_cards(SORIN)
    g, ids = table(["Sorin, Vengeful Bloodlord"], [])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    giant = g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    sorin = ids["Sorin, Vengeful Bloodlord"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, sorin, 1, targets=((giant,),), x=2))
    activate_and_resolve(g, sorin, 1, targets=((bears,),), x=2)
    assert "Grizzly Bears" in _names(g, g.state.battlefield)
    assert _names(g, g.state.players[0].graveyard) == ["Hill Giant"]
    assert g.state.objects[sorin].counters["loyalty"] == 2


@pytest.mark.rules("107.3a", "601.2c")
def test_a_mana_value_x_target_where_x_is_said_later_reads_that_x_not_a_costs():
    d = compile_card(CUSTODI_SOULCALLER)
    assert not d.unsupported
    (spec,) = [t for ab in d.triggered for t in ab.mode.targets]
    assert spec.bound == Amount("opponents_attacked") and not uses_x(d)     # played: test_target_bound_where_x.py



def test_a_cost_that_discards_a_card_with_mana_value_x_is_not_read():
    assert compile_card(KNOLLSPINE).unsupported
