"""Types chosen as an effect resolves (608.2d): "Target land becomes the basic land type of your choice until
end of turn" (305.7: its land types and abilities are replaced) and "~ becomes the creature type of your
choice until end of turn" (205.1a: its creature types are replaced), compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import advance, resolve_stack, table
from tests.oracle.conftest import record

SHIMMERING_MIRAGE = record("Shimmering Mirage", "{1}{U}", "Instant",
                           "Target land becomes the basic land type of your choice until end of turn.\nDraw a card.")
IMAGECRAFTER = record("Imagecrafter", "{U}", "Creature — Human Wizard",
                      "{T}: Choose a creature type other than Wall. Target creature becomes that type until end of "
                      "turn.", "1/1")
MISTFORM_DREAMER = record("Mistform Dreamer", "{2}{U}", "Creature — Illusion",
                          "Flying\n{1}: Mistform Dreamer becomes the creature type of your choice until end of turn.",
                          "2/1")


def _answer(g, value):
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert value in g.pending.options
    g.apply(Choose(g.pending.player, (value,)))


@pytest.mark.rules("305.7", "608.2d", "611.2a")
def test_target_land_becomes_the_basic_land_type_of_your_choice(extra_cards):
    extra_cards(SHIMMERING_MIRAGE, fully_read=True)
    g, ids = table(["Island", "Island"], ["Forest"], hand_a=["Shimmering Mirage"])
    g.apply(CastSpell(0, ids["Shimmering Mirage"], targets=((ids["B:Forest"],),)))
    _answer(g, "Swamp")
    resolve_stack(g)
    ch = g.characteristics(ids["B:Forest"])
    assert "Swamp" in ch.subtypes and "Forest" not in ch.subtypes
    assert [ab.mana_options for ab in ch.activated] == [("B",)]
    advance(g, Step.UPKEEP, turn=4)
    assert "Forest" in g.characteristics(ids["B:Forest"]).subtypes


@pytest.mark.rules("205.1a", "608.2d")
def test_becomes_the_creature_type_of_your_choice(extra_cards):
    extra_cards(MISTFORM_DREAMER, fully_read=True)
    g, ids = table(["Mistform Dreamer", "Island"])
    g.apply(ActivateAbility(0, ids["Mistform Dreamer"], 0))
    _answer(g, "Elf")
    resolve_stack(g)
    ch = g.characteristics(ids["Mistform Dreamer"])
    assert ch.subtypes == {"Elf"} and ch.is_creature and ch.has("flying")


@pytest.mark.rules("205.1a", "608.2d", "205.3m")
def test_choose_a_creature_type_other_than_wall_then_target_becomes_that_type(extra_cards):
    extra_cards(IMAGECRAFTER, fully_read=True)
    g, ids = table(["Imagecrafter"], ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Imagecrafter"], 0, targets=((bears,),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert "Wall" not in g.pending.options and "Elf" in g.pending.options
    g.apply(Choose(0, ("Elf",)))
    resolve_stack(g)
    assert g.characteristics(bears).subtypes == {"Elf"}
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(bears).subtypes == {"Bear"}      # until end of turn (514.2)


WITCHS_VENGEANCE = record("Witch's Vengeance", "{1}{B}{B}", "Sorcery",
                          "Creatures of the creature type of your choice get -3/-3 until end of turn.")
CRIPPLING_FEAR = record("Crippling Fear", "{2}{B}{B}", "Sorcery",
                        "Choose a creature type. Creatures that aren't of the chosen type get -3/-3 until end of turn.")


@pytest.mark.rules("608.2d", "611.2c", "205.3m")
@pytest.mark.parametrize("card,survivors", [
    ("Witch's Vengeance", {"Hill Giant", "Llanowar Elves"}),     # Bears die: only the chosen type gets -3/-3
    ("Crippling Fear", {"Grizzly Bears"}),                        # every creature but the Bears gets -3/-3
])
def test_creatures_of_the_chosen_type_or_not_get_minus_3(extra_cards, card, survivors):
    extra_cards(WITCHS_VENGEANCE, CRIPPLING_FEAR, fully_read=True)
    g, ids = table(["Swamp"] * 4 + ["Grizzly Bears", "Llanowar Elves"], ["Hill Giant"], hand_a=[card])
    g.apply(CastSpell(0, ids[card]))
    _answer(g, "Bear")
    resolve_stack(g)
    assert {g.characteristics(o).name for o in g.state.battlefield} - {"Swamp"} == survivors
