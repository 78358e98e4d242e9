"""Mana of a color chosen as it is added (106.1, 605.3): "Choose a color. Add an amount of mana of that color equal to
your devotion to that color." (Nykthos, Nyx Lotus; 700.5), "Choose a color of a permanent you control. Add one mana
of that color." (Meteor Crater); and the automatic payer counting a mana ability's amount as it is now (Gaea's Cradle
with no creature adds nothing)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from tests.engine.driving import table
from tests.oracle.conftest import record

NYKTHOS = record("Nykthos, Shrine to Nyx", None, "Legendary Land",
                 "{T}: Add {C}.\n{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion "
                 "to that color. (Your devotion to a color is the number of mana symbols of that color in the mana "
                 "costs of permanents you control.)")
NYX_LOTUS = record("Nyx Lotus", "{4}", "Legendary Artifact",
                   "Nyx Lotus enters the battlefield tapped.\n{T}: Choose a color. Add an amount of mana of that color "
                   "equal to your devotion to that color. (Your devotion to a color is the number of mana symbols of "
                   "that color in the mana costs of permanents you control.)")
METEOR_CRATER = record("Meteor Crater", None, "Land",
                       "{T}: Choose a color of a permanent you control. Add one mana of that color.")
GAEAS_CRADLE = record("Gaea's Cradle", None, "Legendary Land", "{T}: Add {G} for each creature you control.")


def _pool(g, player: int = 0) -> dict[str, int]:
    return {k: v for k, v in g.state.players[player].mana_pool.items() if v}


@pytest.mark.rules("700.5", "106.1", "605.3a")
def test_nykthos_adds_as_much_of_the_chosen_color_as_your_devotion_to_it(extra_cards):
    extra_cards(NYKTHOS, fully_read=True)
    # devotion to white: Serra Angel's {W}{W}; to green: Llanowar Elves' {G}
    g, ids = table(["Nykthos, Shrine to Nyx", "Serra Angel", "Llanowar Elves", "Wastes", "Wastes"])
    g.apply(ActivateAbility(0, ids["Nykthos, Shrine to Nyx"], 1))      # {2} from the Wastes
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.options == ["white", "blue", "black", "red", "green"]
    g.apply(Choose(0, ("white",)))
    assert _pool(g) == {"W": 2}


@pytest.mark.rules("700.5", "106.1")
def test_nyx_lotus_adds_nothing_of_a_color_you_have_no_devotion_to(extra_cards):
    extra_cards(NYX_LOTUS, fully_read=True)
    g, ids = table(["Nyx Lotus", "Serra Angel"])
    g.apply(ActivateAbility(0, ids["Nyx Lotus"], 0))
    g.apply(Choose(0, ("red",)))
    assert _pool(g) == {} and g.state.objects[ids["Nyx Lotus"]].tapped


@pytest.mark.rules("700.5", "106.1", "601.2g")
def test_the_automatic_payer_counts_nyx_lotus_s_devotion(extra_cards):
    extra_cards(NYX_LOTUS, fully_read=True)
    # devotion to white 2 (Serra Angel): the Lotus alone pays White Knight's {W}{W}
    g, ids = table(["Nyx Lotus", "Serra Angel"], hand_a=["White Knight"])
    cast = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["White Knight"]]
    assert cast
    g.apply(cast[0])
    assert g.state.stack and g.state.objects[ids["Nyx Lotus"]].tapped and not _pool(g)


@pytest.mark.rules("106.1", "605.3a")
def test_meteor_crater_adds_one_mana_of_a_color_among_your_permanents(extra_cards):
    extra_cards(METEOR_CRATER, fully_read=True)
    g, ids = table(["Meteor Crater", "Serra Angel", "Llanowar Elves"])
    g.apply(ActivateAbility(0, ids["Meteor Crater"], 0))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and sorted(d.options) == ["green", "white"]
    g.apply(Choose(0, ("green",)))
    assert _pool(g) == {"G": 1}


@pytest.mark.rules("106.1", "605.3a")
def test_meteor_crater_adds_nothing_without_a_colored_permanent(extra_cards):
    extra_cards(METEOR_CRATER, fully_read=True)
    g, ids = table(["Meteor Crater", "Wastes"])
    g.apply(ActivateAbility(0, ids["Meteor Crater"], 0))
    assert _pool(g) == {} and g.pending.kind is DecisionKind.PRIORITY


@pytest.mark.rules("106.1", "601.2g")
def test_the_automatic_payer_counts_no_mana_from_gaeas_cradle_without_creatures(extra_cards):
    extra_cards(GAEAS_CRADLE, fully_read=True)
    g, ids = table(["Gaea's Cradle"], hand_a=["Llanowar Elves"])
    assert not [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Llanowar Elves"]]
    g2, ids2 = table(["Gaea's Cradle", "Savannah Lions", "Savannah Lions"], hand_a=["Grizzly Bears"])
    # two creatures: {G}{G} from the Cradle alone pays Grizzly Bears' {1}{G}
    assert [a for a in g2.legal_actions() if isinstance(a, CastSpell) and a.card == ids2["Grizzly Bears"]]
