"""Conditions on what a player did this turn, read in one place (engine.oracle.conditions._turn_history): the player
is you, an opponent or any player; what they did is read from the turn's logs (spells cast, 601.2; permanents that
entered, 603.6a; life gained and lost, 119.3; attacks declared, 508.1; lands played, 305.1). Real cards' Oracle text,
played through the Game API: the Traps' alternative costs (118.9), end step triggers' intervening "if" (603.4) and a
mana ability's "instead" (614.1a)."""
from __future__ import annotations

import pytest

from engine.board.primitives import discard
from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, PassPriority, PlayLand
from tests.engine.driving import (advance, attack, cast_and_resolve, on_battlefield, preferring, resolve_stack, settle,
                                  table)
from tests.oracle.conftest import record

MINDBREAK_TRAP = record("Mindbreak Trap", "{2}{U}{U}", "Instant — Trap",
                        "If an opponent cast three or more spells this turn, you may pay {0} rather than pay this "
                        "spell's mana cost.\nExile any number of target spells.")
RICOCHET_TRAP = record("Ricochet Trap", "{3}{R}", "Instant — Trap",
                       "If an opponent cast a blue spell this turn, you may pay {R} rather than pay this spell's mana "
                       "cost.\nChange the target of target spell with a single target.")
WHIPLASH_TRAP = record("Whiplash Trap", "{3}{U}{U}", "Instant — Trap",
                       "If an opponent had two or more creatures enter the battlefield under their control this turn, "
                       "you may pay {U} rather than pay this spell's mana cost.\nReturn two target creatures to their "
                       "owners' hands.")
KNIGHT_OF_THE_EBON_LEGION = record(
    "Knight of the Ebon Legion", "{B}", "Creature — Human Knight",
    "{2}{B}: Knight of the Ebon Legion gets +3/+3 and gains deathtouch until end of turn.\nAt the beginning of your end "
    "step, if a player lost 4 or more life this turn, put a +1/+1 counter on Knight of the Ebon Legion. (Damage causes "
    "loss of life.)", "1/2")
SEE_RED = record("See Red", "{1}{R}", "Enchantment — Aura",
                 "Enchant creature\nEnchanted creature gets +2/+1 and has first strike.\nAt the beginning of your end "
                 "step, if you didn't attack with a creature this turn, sacrifice See Red.")
RIVER_OF_TEARS = record("River of Tears", None, "Land",
                        "{T}: Add {U}. If you played a land this turn, add {B} instead.")


@pytest.mark.rules("118.9", "601.2b")
@pytest.mark.parametrize("spells", [2, 3])
def test_mindbreak_trap_after_an_opponent_cast_three_spells(extra_cards, spells):
    extra_cards(MINDBREAK_TRAP, fully_read=True)
    g, ids = table([], ["Mountain"] * 3, ["Mindbreak Trap"], hand_b=["Shock", "Lava Spike", "Lightning Bolt"],
                   active=1)
    for name in ("Shock", "Lava Spike")[:spells - 1]:
        cast_and_resolve(g, ids["B:" + name], player=1, targets=(("P0",),))
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    g.apply(PassPriority(1))
    bolt = g.state.stack[-1]
    if spells < 3:
        with pytest.raises(IllegalAction):     # the condition doesn't hold: only the mana cost, which A can't pay
            g.apply(CastSpell(0, ids["Mindbreak Trap"], targets=((bolt,),), alt="alternative"))
        return
    g.apply(CastSpell(0, ids["Mindbreak Trap"], targets=((bolt,),), alt="alternative"))
    resolve_stack(g)
    assert g.state.players[0].life == 20 - 2 - 3           # Shock and Lava Spike; the Bolt was exiled
    assert [g.state.objects[o].name for o in g.state.exile] == ["Lightning Bolt"]


@pytest.mark.rules("118.9", "601.2b", "105.2")
@pytest.mark.parametrize("spell,allowed", [("Divination", True), ("Shock", False)])
def test_ricochet_trap_after_an_opponent_cast_a_blue_spell(extra_cards, spell, allowed):
    extra_cards(RICOCHET_TRAP, fully_read=True)
    g, ids = table(["Mountain"], ["Island"] * 2 + ["Mountain"] * 2, ["Ricochet Trap"], hand_b=[spell, "Lightning Bolt"],
                   active=1)
    cast_and_resolve(g, ids["B:" + spell], player=1, **({} if spell == "Divination" else {"targets": (("P0",),)}))
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    g.apply(PassPriority(1))
    cast = CastSpell(0, ids["Ricochet Trap"], targets=((g.state.stack[-1],),), alt="alternative")
    if not allowed:
        with pytest.raises(IllegalAction):
            g.apply(cast)
        return
    g.apply(cast)
    settle(g, preferring("P1"))         # the Bolt's new target: its own caster
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 17)


@pytest.mark.rules("118.9", "603.6a")
@pytest.mark.parametrize("creatures", [1, 2])
def test_whiplash_trap_after_two_creatures_entered_under_an_opponents_control(extra_cards, creatures):
    extra_cards(WHIPLASH_TRAP, fully_read=True)
    g, ids = table(["Island"], ["Forest"] * 3, ["Whiplash Trap"], hand_b=["Llanowar Elves", "Grizzly Bears"],
                   active=1)
    for name in ("Llanowar Elves", "Grizzly Bears")[:creatures]:
        cast_and_resolve(g, ids["B:" + name], player=1)
    targets = on_battlefield(g, "Llanowar Elves") + on_battlefield(g, "Grizzly Bears")
    g.apply(PassPriority(1))
    cast = CastSpell(0, ids["Whiplash Trap"], targets=(tuple(targets),) if creatures == 2 else ((targets[0],),),
                     alt="alternative")
    if creatures < 2:
        with pytest.raises(IllegalAction):
            g.apply(cast)
        return
    g.apply(cast)
    resolve_stack(g)
    assert sorted(g.state.objects[o].name for o in g.state.players[1].hand) == ["Grizzly Bears", "Llanowar Elves"]


@pytest.mark.rules("603.4", "119.3")
@pytest.mark.parametrize("bolts,who,counter", [(1, "P1", False), (2, "P1", True), (2, "P0", True)])
def test_if_a_player_lost_four_or_more_life_this_turn(extra_cards, bolts, who, counter):
    extra_cards(KNIGHT_OF_THE_EBON_LEGION, fully_read=True)
    g, ids = table(["Knight of the Ebon Legion", "Mountain", "Mountain"], [], ["Lightning Bolt", "Shock"])
    for name in ("Lightning Bolt", "Shock")[:bolts]:
        cast_and_resolve(g, ids[name], targets=((who,),))
    advance(g, Step.END)
    resolve_stack(g)
    assert g.state.objects[ids["Knight of the Ebon Legion"]].counters == ({"+1/+1": 1} if counter else {})


@pytest.mark.rules("603.4", "508.1")
@pytest.mark.parametrize("attacked", [True, False])
def test_sacrificed_unless_you_attacked_with_a_creature(extra_cards, attacked):
    extra_cards(SEE_RED, fully_read=True)
    g, ids = table(["Raging Goblin", "Mountain", "Mountain"], [], ["See Red"])
    goblin = ids["Raging Goblin"]
    cast_and_resolve(g, ids["See Red"], targets=((goblin,),))
    if attacked:
        attack(g, goblin)
    advance(g, Step.END)
    resolve_stack(g)
    assert (ids["See Red"] in g.state.players[0].graveyard or not on_battlefield(g, "See Red")) != attacked


@pytest.mark.rules("305.1", "614.1a", "106.1")
@pytest.mark.parametrize("played", [True, False])
def test_river_of_tears_adds_black_after_a_land_was_played(extra_cards, played):
    extra_cards(RIVER_OF_TEARS, fully_read=True)
    g, ids = table(["River of Tears"], [], ["Swamp"])
    if played:
        g.apply(PlayLand(0, ids["Swamp"]))
    g.apply(ActivateAbility(0, ids["River of Tears"], 0))
    assert g.state.players[0].mana_pool == {**{c: 0 for c in "WUBRGC"}, ("B" if played else "U"): 1}
    assert g.state.objects[ids["River of Tears"]].zone is Zone.BATTLEFIELD


@pytest.mark.rules("305.1", "605.1a", "601.2g")
@pytest.mark.parametrize("played", [True, False])
def test_the_automatic_payment_taps_river_of_tears_for_what_it_adds_now(extra_cards, played):
    extra_cards(RIVER_OF_TEARS, fully_read=True)
    g, ids = table(["River of Tears"], [], ["Island", "Dark Ritual"])
    if played:
        g.apply(PlayLand(0, ids["Island"]))
        cast_and_resolve(g, ids["Dark Ritual"])
        assert g.state.players[0].mana_pool["B"] == 3
    else:
        with pytest.raises(IllegalAction):        # {U} only: no {B} for Dark Ritual
            g.apply(CastSpell(0, ids["Dark Ritual"]))


RECALIBRATE = record("Recalibrate", "{1}{U}", "Instant",
                     "Return target creature to its owner's hand. If you've discarded a card this turn, draw a card.")


@pytest.mark.rules("701.9a", "608.2c")
@pytest.mark.parametrize("discarded", [True, False])
def test_if_youve_discarded_a_card_this_turn(extra_cards, discarded):
    extra_cards(RECALIBRATE, fully_read=True)
    g, ids = table(["Island", "Island"], ["Grizzly Bears"], ["Recalibrate", "Shock"])
    if discarded:
        discard(g, ids["Shock"])
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Recalibrate"], targets=((ids["B:Grizzly Bears"],),))
    assert len(g.state.players[0].hand) == hand - 1 + (1 if discarded else 0)
    g = type(g).from_json(g.to_json())          # the log of discards is plain data in a save
    assert g.state.turn_log.get("discarded", []) == ([0] if discarded else [])
