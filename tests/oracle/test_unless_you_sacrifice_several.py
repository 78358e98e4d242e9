"""118.12, 608.2d: "sacrifice ~ unless you sacrifice two lands", "... unless you return two Forests you control to
their owner's hand", "... unless you mill two cards": its controller may do that many as it resolves, and can't choose
to while able to do fewer (a partial one doesn't count; 701.13b for a mill); then ~ is sacrificed."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, cast_and_resolve, cast_and_settle, on_battlefield, preferring, settle, table
from tests.oracle.conftest import record

COSMIC_LARVA = record("Cosmic Larva", "{1}{R}{R}", "Creature — Beast",
                      "Trample\nAt the beginning of your upkeep, sacrifice Cosmic Larva unless you sacrifice two "
                      "lands.", "7/6")
HECATOMB = record("Hecatomb", "{1}{B}{B}", "Enchantment",
                  "When Hecatomb enters the battlefield, sacrifice Hecatomb unless you sacrifice four creatures.\nTap "
                  "an untapped Swamp you control: Hecatomb deals 1 damage to any target.")


def _larva_upkeep(lands: list[str], answer: str):
    g, ids = table(lands + ["Cosmic Larva"], turn=4, active=1)
    advance(g, Step.UPKEEP, turn=5)
    settle(g, preferring(answer))
    return g, ids


@pytest.mark.rules("118.12", "701.21a")
def test_cosmic_larva_stays_when_two_lands_are_sacrificed(extra_cards):
    extra_cards(COSMIC_LARVA, fully_read=True)
    g, ids = _larva_upkeep(["Mountain", "Mountain", "Mountain"], "yes")
    assert ids["Cosmic Larva"] in g.state.battlefield
    assert len(on_battlefield(g, "Mountain")) == 1


@pytest.mark.rules("118.12", "608.2d")
def test_cosmic_larva_with_one_land_is_sacrificed_and_the_land_kept(extra_cards):
    extra_cards(COSMIC_LARVA, fully_read=True)
    g, ids = _larva_upkeep(["Mountain"], "yes")
    assert ids["Cosmic Larva"] not in g.state.battlefield
    assert on_battlefield(g, "Mountain") == [ids["Mountain"]]


@pytest.mark.rules("118.12")
def test_cosmic_larva_declined_is_sacrificed(extra_cards):
    extra_cards(COSMIC_LARVA, fully_read=True)
    g, ids = _larva_upkeep(["Mountain", "Mountain"], "no")
    assert ids["Cosmic Larva"] not in g.state.battlefield
    assert len(on_battlefield(g, "Mountain")) == 2


@pytest.mark.rules("118.12", "608.2d")
def test_hecatomb_needs_four_creatures(extra_cards):
    extra_cards(HECATOMB, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Grizzly Bears", "Hill Giant", "Craw Wurm"], hand_a=["Hecatomb"])
    cast_and_resolve(g, ids["Hecatomb"])
    settle(g, preferring("yes"))
    assert not on_battlefield(g, "Hecatomb")
    assert len(on_battlefield(g, "Grizzly Bears") + on_battlefield(g, "Hill Giant") + on_battlefield(g, "Craw Wurm")) == 3


BULL_ELEPHANT = record("Bull Elephant", "{3}{G}", "Creature — Elephant",
                       "When Bull Elephant enters the battlefield, sacrifice it unless you return two Forests you "
                       "control to their owner's hand.", "4/4")
DEEP_SPAWN = record("Deep Spawn", "{5}{U}{U}", "Creature — Homarid",
                    "Trample\nAt the beginning of your upkeep, sacrifice Deep Spawn unless you mill two cards.\n{U}: "
                    "Deep Spawn gains shroud until end of turn and doesn't untap during your next untap step. Tap Deep "
                    "Spawn.", "6/6")


@pytest.mark.rules("118.12", "608.2d")
@pytest.mark.parametrize("forests,stays", [(3, True), (1, False)])
def test_bull_elephant_stays_only_if_two_forests_are_returned(extra_cards, forests, stays):
    extra_cards(BULL_ELEPHANT, fully_read=True)
    g, ids = table(["Forest"] * forests + ["Plains"] * 4, hand_a=["Bull Elephant"])
    cast_and_settle(g, ids["Bull Elephant"], answer=preferring("yes"))
    assert bool(on_battlefield(g, "Bull Elephant")) is stays
    returned = [o for o in g.state.players[0].hand if g.characteristics(o).name == "Forest"]
    assert len(returned) == (2 if stays else 0)


@pytest.mark.rules("118.12", "701.17b")
@pytest.mark.parametrize("library,stays", [(5, True), (1, False)])
def test_deep_spawn_stays_only_if_two_cards_are_milled(extra_cards, library, stays):
    extra_cards(DEEP_SPAWN, fully_read=True)
    g, ids = table(["Deep Spawn"], turn=4, active=1)
    lib = g.state.players[0].library
    del lib[library:]
    advance(g, Step.UPKEEP, turn=5)
    settle(g, preferring("yes"))
    assert (ids["Deep Spawn"] in g.state.battlefield) is stays
    assert len(g.state.players[0].graveyard) == (2 if stays else 1)       # the two milled, or Deep Spawn
