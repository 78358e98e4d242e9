"""Conditions that something isn't of a kind, checked as an instruction is carried out (608.2c): "If ~ isn't a
creature, it becomes a 3/3 Angel creature" ("it" is ~), "If it's not a Vehicle, it has base power and toughness 1/1",
"If it isn't a creature or Vehicle, it becomes a 0/0 Construct artifact creature" (the target). Real cards' Oracle
text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record
from tests.oracle.test_compared_with_yours import AERIAL_SURVEYOR

ANSWERED_PRAYERS = record("Answered Prayers", "{1}{W}{W}", "Enchantment",
                          "Whenever a creature enters the battlefield under your control, you gain 1 life. If Answered "
                          "Prayers isn't a creature, it becomes a 3/3 Angel creature with flying in addition to its other "
                          "types until end of turn.")
KATSUMASA = record("Katsumasa, the Animator", "{2}{U}", "Legendary Creature — Moonfolk Artificer",
                   "Flying\n{2}{U}: Until end of turn, target noncreature artifact you control becomes an artifact "
                   "creature and gains flying. If it's not a Vehicle, it has base power and toughness 1/1 until end of "
                   "turn.\nAt the beginning of your upkeep, put a +1/+1 counter on each of up to three target "
                   "noncreature artifacts.", "1/3")
LIFECRAFT_AWAKENING = record("Lifecraft Awakening", "{X}{G}", "Instant",
                             "Put X +1/+1 counters on target artifact you control. If it isn't a creature or Vehicle, it "
                             "becomes a 0/0 Construct artifact creature.")


@pytest.mark.rules("608.2c", "611.2a", "205.1b")
def test_answered_prayers_becomes_an_angel_only_if_it_isnt_a_creature(extra_cards):
    extra_cards(ANSWERED_PRAYERS, fully_read=True)
    g, ids = table(["Answered Prayers", "Plains", "Plains"], [], ["Savannah Lions", "Elite Vanguard"])
    prayers = ids["Answered Prayers"]
    cast_and_resolve(g, ids["Savannah Lions"])
    resolve_stack(g)
    ch = g.characteristics(prayers)
    assert ch.is_creature and ch.is_type("Enchantment") and "Angel" in ch.subtypes and ch.has("flying")
    assert (ch.power, ch.toughness) == (3, 3) and g.state.players[0].life == 21
    stamps = len(g.state.effects)
    cast_and_resolve(g, ids["Elite Vanguard"])
    resolve_stack(g)
    # already a creature: the second trigger only gains life, and starts no new effect
    assert g.state.players[0].life == 22 and len(g.state.effects) == stamps
    advance(g, Step.UPKEEP, turn=4)
    assert not g.characteristics(prayers).is_creature


@pytest.mark.rules("608.2c", "613.4b", "301.7")
@pytest.mark.parametrize("artifact,pt", [("Millstone", (1, 1)), ("Aerial Surveyor", (3, 4))])
def test_katsumasa_sets_1_1_unless_it_is_a_vehicle(extra_cards, artifact, pt):
    extra_cards(KATSUMASA, AERIAL_SURVEYOR, fully_read=True)
    g, ids = table(["Katsumasa, the Animator", artifact, "Island", "Island", "Island"])
    activate_and_resolve(g, ids["Katsumasa, the Animator"], 0, targets=((ids[artifact],),))
    ch = g.characteristics(ids[artifact])
    assert ch.is_creature and ch.has("flying") and (ch.power, ch.toughness) == pt


@pytest.mark.rules("608.2c", "122.1a", "613.4b")
@pytest.mark.parametrize("artifact,pt", [("Millstone", (2, 2)), ("Aerial Surveyor", None)])
def test_lifecraft_awakening_animates_only_what_isnt_a_creature_or_vehicle(extra_cards, artifact, pt):
    extra_cards(LIFECRAFT_AWAKENING, AERIAL_SURVEYOR, fully_read=True)
    g, ids = table([artifact, "Forest", "Forest", "Forest"], [], ["Lifecraft Awakening"])
    cast_and_resolve(g, ids["Lifecraft Awakening"], targets=((ids[artifact],),), x=2)
    ch = g.characteristics(ids[artifact])
    assert g.state.objects[ids[artifact]].counters.get("+1/+1") == 2
    if pt is None:
        assert not ch.is_creature       # a Vehicle stays as it is until crewed
    else:
        assert ch.is_creature and "Construct" in ch.subtypes and (ch.power, ch.toughness) == pt
        advance(g, Step.UPKEEP, turn=4)
        assert g.characteristics(ids[artifact]).is_creature      # no duration: it lasts (611.2a)
    assert not on_battlefield(g, "Construct Token")
