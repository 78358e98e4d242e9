"""'Destroy target creature. If that creature was a Human, ...' (608.2c, 608.2h): a condition on what the target
was, checked after the instruction moved it, on its last known information (its types, subtypes, colors,
supertypes, mana value or power). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from tests.engine.driving import both_pass, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

DEATHS_CARESS = record("Death's Caress", "{3}{B}{B}", "Sorcery",
                       "Destroy target creature. If that creature was a Human, you gain life equal to its toughness.")
GLOOMLANCE = record("Gloomlance", "{3}{B}{B}", "Sorcery",
                    "Destroy target creature. If that creature was green or white, its controller discards a card.")
CHOKING_SANDS = record("Choking Sands", "{1}{B}{B}", "Sorcery",
                       "Destroy target non-Swamp land. If that land was nonbasic, Choking Sands deals 2 damage to the "
                       "land's controller.")
FALKENRATH_ARISTOCRAT = record(
    "Falkenrath Aristocrat", "{2}{B}{R}", "Creature — Vampire",
    "Flying, haste\nSacrifice a creature: Falkenrath Aristocrat gains indestructible until end of turn. If the "
    "sacrificed creature was a Human, put a +1/+1 counter on Falkenrath Aristocrat.", "4/1")
FOUNDRY_HELIX = record("Foundry Helix", "{1}{R}{W}", "Instant",
                       "As an additional cost to cast this spell, sacrifice a permanent.\nFoundry Helix deals 4 damage "
                       "to any target. If the sacrificed permanent was an artifact, you gain 4 life.")
RECKONERS_BARGAIN = record("Reckoner's Bargain", "{1}{B}", "Instant",
                           "As an additional cost to cast this spell, sacrifice an artifact or creature.\nYou gain life "
                           "equal to the sacrificed permanent's mana value. Draw two cards.")
FADING_HOPE = record("Fading Hope", "{U}", "Instant",
                     "Return target creature to its owner's hand. If its mana value was 3 or less, scry 1. (Look at "
                     "the top card of your library. You may put that card on the bottom of your library.)")


@pytest.mark.rules("608.2c", "608.2h")
@pytest.mark.parametrize("victim,gained", [("Elite Vanguard", 1), ("Grizzly Bears", 0)])
def test_deaths_caress_gains_the_toughness_of_a_human(extra_cards, victim, gained):
    extra_cards(DEATHS_CARESS, fully_read=True)
    g, ids = table(["Swamp"] * 5, [victim], ["Death's Caress"])
    cast_and_resolve(g, ids["Death's Caress"], targets=((ids["B:" + victim],),))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == [victim]
    assert g.state.players[0].life == 20 + gained


@pytest.mark.rules("608.2c", "608.2h", "105.2")
@pytest.mark.parametrize("victim,discards", [("Grizzly Bears", True), ("Hill Giant", False)])
def test_gloomlance_its_controller_discards_if_it_was_green_or_white(extra_cards, victim, discards):
    extra_cards(GLOOMLANCE, fully_read=True)
    g, ids = table(["Swamp"] * 5, [victim], ["Gloomlance"], hand_b=["Shock"])
    cast_and_resolve(g, ids["Gloomlance"], targets=((ids["B:" + victim],),))
    assert (ids["B:Shock"] in g.state.players[1].hand) != discards
    assert len(g.state.players[1].graveyard) == (2 if discards else 1)


@pytest.mark.rules("608.2c", "608.2h", "205.4c")
@pytest.mark.parametrize("land,damage", [("Scoured Barrens", 2), ("Mountain", 0)])
def test_choking_sands_damages_the_controller_of_a_nonbasic_land(extra_cards, land, damage):
    extra_cards(CHOKING_SANDS, fully_read=True)
    g, ids = table(["Swamp"] * 3, [land], ["Choking Sands"])
    cast_and_resolve(g, ids["Choking Sands"], targets=((ids["B:" + land],),))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == [land]
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 20 - damage)


@pytest.mark.rules("608.2c", "608.2h", "701.22a")
@pytest.mark.parametrize("victim,scries", [("Grizzly Bears", True), ("Serra Angel", False)])
def test_fading_hope_scries_after_returning_a_cheap_creature(extra_cards, victim, scries):
    extra_cards(FADING_HOPE, fully_read=True)
    g, ids = table(["Island"], [victim], ["Fading Hope"])
    g.apply(CastSpell(0, ids["Fading Hope"], targets=((ids["B:" + victim],),)))
    both_pass(g)
    assert [g.state.objects[o].name for o in g.state.players[1].hand] == [victim]
    # 701.22a: scry 1 asks where the top card goes; a creature of mana value 5 asks nothing
    assert (g.pending.kind is DecisionKind.CHOOSE) == scries


def _answering(g, action, picks: dict) -> None:
    """Applies the action, answering its choices by their kind."""
    g.apply(action)
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(g.pending.player, picks[g.pending.data["choice"]]))


@pytest.mark.rules("608.2c", "608.2h", "602.2b")
@pytest.mark.parametrize("fodder,counter", [("Elite Vanguard", True), ("Grizzly Bears", False)])
def test_falkenrath_aristocrat_grows_when_the_sacrificed_creature_was_a_human(extra_cards, fodder, counter):
    extra_cards(FALKENRATH_ARISTOCRAT, fully_read=True)
    g, ids = table(["Falkenrath Aristocrat", fodder])
    _answering(g, ActivateAbility(0, ids["Falkenrath Aristocrat"], 0), {"sacrifice": (ids[fodder],)})
    resolve_stack(g)
    aristocrat = g.state.objects[ids["Falkenrath Aristocrat"]]
    assert aristocrat.counters == ({"+1/+1": 1} if counter else {})
    assert g.characteristics(aristocrat.id).has("indestructible")


@pytest.mark.rules("608.2c", "608.2h", "601.2h")
@pytest.mark.parametrize("fodder,gained", [("Ornithopter", 4), ("Grizzly Bears", 0)])
def test_foundry_helix_gains_life_when_the_sacrificed_permanent_was_an_artifact(extra_cards, fodder, gained):
    extra_cards(FOUNDRY_HELIX, fully_read=True)
    g, ids = table(["Mountain", "Plains", "Plains", fodder], [], ["Foundry Helix"])
    _answering(g, CastSpell(0, ids["Foundry Helix"], targets=(("P1",),)), {"sacrifice": (ids[fodder],)})
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20 + gained, 16)


@pytest.mark.rules("608.2h", "601.2h", "202.3")
@pytest.mark.parametrize("fodder,gained", [("Serra Angel", 5), ("Ornithopter", 0)])
def test_reckoners_bargain_gains_the_sacrificed_permanents_mana_value(extra_cards, fodder, gained):
    extra_cards(RECKONERS_BARGAIN, fully_read=True)
    g, ids = table(["Swamp", "Swamp", fodder], [], ["Reckoner's Bargain"])
    _answering(g, CastSpell(0, ids["Reckoner's Bargain"]), {"sacrifice": (ids[fodder],)})
    resolve_stack(g)
    assert g.state.players[0].life == 20 + gained
    assert len(g.state.players[0].hand) == 2
