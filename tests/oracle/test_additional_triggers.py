"""603.2d: "If an artifact or creature entering the battlefield causes a triggered ability of a permanent you control
to trigger, that ability triggers an additional time" (Panharmonicon), "a creature dying" (Teysa Karlov), "a creature
attacking" (Isshin, Two Heavens as One). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import attack, cast_and_resolve, resolve_stack, settle, table
from tests.oracle.conftest import record

PANHARMONICON = record("Panharmonicon", "{4}", "Artifact",
                       "If an artifact or creature entering the battlefield causes a triggered ability of a permanent "
                       "you control to trigger, that ability triggers an additional time.")
TEYSA_KARLOV = record("Teysa Karlov", "{2}{W}{B}", "Legendary Creature — Human Advisor",
                      "If a creature dying causes a triggered ability of a permanent you control to trigger, that "
                      "ability triggers an additional time.\nCreature tokens you control have vigilance and lifelink.",
                      "2/4")
ISSHIN = record("Isshin, Two Heavens as One", "{R}{W}{B}", "Legendary Creature — Human Samurai",
                "If a creature attacking causes a triggered ability of a permanent you control to trigger, that ability "
                "triggers an additional time.", "3/4")
VENERABLE_MONK = record("Venerable Monk", "{2}{W}", "Creature — Human Monk Cleric",
                        "When Venerable Monk enters the battlefield, you gain 2 life.", "2/2")
HIGHLAND_GAME = record("Highland Game", "{1}{G}", "Creature — Elk", "When Highland Game dies, you gain 2 life.", "2/1")
LANGUISH = record("Languish", "{2}{B}{B}", "Sorcery", "All creatures get -4/-4 until end of turn.")
INFECTIOUS_HORROR = record("Infectious Horror", "{3}{B}", "Creature — Zombie Horror",
                           "Whenever Infectious Horror attacks, each opponent loses 2 life.", "2/2")


@pytest.mark.rules("603.2d", "603.6a")
@pytest.mark.parametrize("whose,life", [(0, 24), (1, 22), (None, 22)])
def test_panharmonicon_an_enters_ability_of_your_permanent_triggers_again(extra_cards, whose, life):
    extra_cards(PANHARMONICON, VENERABLE_MONK, fully_read=True)
    g, ids = table(["Plains"] * 3, [], ["Venerable Monk"])
    if whose is not None:
        g.add_card("Panharmonicon", whose, Zone.BATTLEFIELD)     # only its controller's abilities trigger again
    cast_and_resolve(g, ids["Venerable Monk"])
    resolve_stack(g)
    assert g.state.players[0].life == life


@pytest.mark.rules("603.2d", "603.10a", "700.4")
@pytest.mark.parametrize("teysa,life", [(True, 24), (False, 22)])
def test_teysa_a_dies_ability_triggers_again(extra_cards, teysa, life):
    extra_cards(TEYSA_KARLOV, HIGHLAND_GAME, fully_read=True)
    g, ids = table(["Mountain", "Highland Game"] + (["Teysa Karlov"] if teysa else []), [], ["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["Highland Game"],),))
    settle(g)
    assert ids["Highland Game"] not in g.state.battlefield
    assert g.state.players[0].life == life


@pytest.mark.rules("603.2d", "603.10a")
def test_teysa_dying_with_the_creature_still_applies(extra_cards):
    # the creature dying at the same time as Teysa: its dies ability triggers twice (603.10a looks back)
    extra_cards(TEYSA_KARLOV, HIGHLAND_GAME, LANGUISH, fully_read=True)
    g, ids = table(["Swamp"] * 4 + ["Highland Game", "Teysa Karlov"], [], ["Languish"])
    cast_and_resolve(g, ids["Languish"])
    settle(g)
    assert not g.state.battlefield[4:]
    assert g.state.players[0].life == 24


@pytest.mark.rules("603.2d", "508.1m")
@pytest.mark.parametrize("isshin,life", [(True, 16), (False, 18)])
def test_isshin_an_attack_ability_triggers_again(extra_cards, isshin, life):
    extra_cards(ISSHIN, INFECTIOUS_HORROR, fully_read=True)
    g, ids = table(["Infectious Horror"] + (["Isshin, Two Heavens as One"] if isshin else []), [])
    attack(g, ids["Infectious Horror"])
    resolve_stack(g)
    assert g.state.players[1].life == life


WULFGAR = record("Wulfgar of Icewind Dale", "{3}{R}{G}", "Legendary Creature — Human Barbarian",
                 "Melee (Whenever this creature attacks, it gets +1/+1 until end of turn for each opponent you attacked "
                 "this combat.)\nIf a creature you control attacking would cause a triggered ability of a permanent you "
                 "control to trigger, that ability triggers an additional time.", "4/4")


@pytest.mark.rules("603.2d", "702.121a", "506.2")
def test_wulfgar_makes_the_attack_triggers_of_your_creatures_trigger_twice(extra_cards):
    extra_cards(WULFGAR, fully_read=True)
    g, ids = table(["Wulfgar of Icewind Dale"], turn=3)
    attack(g, ids["Wulfgar of Icewind Dale"])
    resolve_stack(g)
    ch = g.characteristics(ids["Wulfgar of Icewind Dale"])
    assert (ch.power, ch.toughness) == (6, 6)           # melee twice, one opponent attacked
