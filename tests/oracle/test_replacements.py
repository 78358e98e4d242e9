"""Prevention and replacement effects read from Oracle text (engine.oracle.replacements, statics; 614, 615):
each form compiled from a real card's wording, then played."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import PlayLand
from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

SHIELDMATES_BLESSING = record("Shieldmate's Blessing", "{W}", "Instant",
                              "Prevent the next 3 damage that would be dealt to any target this turn.")
BANDAGE = record("Bandage", "{W}", "Instant",
                 "Prevent the next 1 damage that would be dealt to any target this turn.\nDraw a card.")
MAGMA_SPRAY = record("Magma Spray", "{R}", "Instant",
                     "Magma Spray deals 2 damage to target creature. If that creature would die this turn, exile it "
                     "instead.")
YAMABUSHIS_STORM = record("Yamabushi's Storm", "{1}{R}", "Sorcery",
                          "Yamabushi's Storm deals 1 damage to each creature. If a creature dealt damage this way would "
                          "die this turn, exile it instead.")
GALEDRIFTER_BACK = record("Waildrifter", "{1}{U}", "Creature — Hippogriff Spirit",
                          "Flying\nIf Waildrifter would be put into a graveyard from anywhere, exile it instead.", "2/2")
WALKING_BALLISTA = record("Walking Ballista", "{X}{X}", "Artifact Creature — Construct",
                          "Walking Ballista enters the battlefield with X +1/+1 counters on it.\n{4}: Put a +1/+1 "
                          "counter on Walking Ballista.\nRemove a +1/+1 counter from Walking Ballista: It deals 1 "
                          "damage to any target.", "0/0")
CANOPY_VISTA = record("Canopy Vista", None, "Land — Forest Plains",
                      "({T}: Add {G} or {W}.)\nCanopy Vista enters the battlefield tapped unless you control two or "
                      "more basic lands.")
@pytest.mark.rules("615.7", "615.1a")
def test_prevent_the_next_n_damage_is_one_shield_used_up_across_sources(extra_cards):
    extra_cards(SHIELDMATES_BLESSING)
    g, ids = table(["Plains", "Mountain", "Mountain"], hand_a=["Shieldmate's Blessing", "Shock"])
    g.add_card("Shock", 0, Zone.HAND)
    second = g.state.players[0].hand[-1]
    cast_and_resolve(g, ids["Shieldmate's Blessing"], targets=(("P0",),))
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 20          # 2 of the 3 prevented
    cast_and_resolve(g, second, targets=(("P0",),))
    assert g.state.players[0].life == 19          # the last 1 prevented, the shield is gone


@pytest.mark.rules("615.7")
def test_prevent_the_next_damage_to_a_creature_then_draw(extra_cards):
    extra_cards(BANDAGE)
    g, ids = table(["Plains", "Mountain", "Grizzly Bears"], hand_a=["Bandage", "Shock"])
    cast_and_resolve(g, ids["Bandage"], targets=((ids["Grizzly Bears"],),))
    assert len(g.state.players[0].hand) == 2       # Shock and the card drawn
    cast_and_resolve(g, ids["Shock"], targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[ids["Grizzly Bears"]].damage == 1


@pytest.mark.rules("614.1a", "700.4")
def test_if_that_creature_would_die_this_turn_exile_it_instead(extra_cards):
    extra_cards(MAGMA_SPRAY)
    g, ids = table(["Mountain"], ["Grizzly Bears"], hand_a=["Magma Spray"])
    cast_and_resolve(g, ids["Magma Spray"], targets=((ids["B:Grizzly Bears"],),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Grizzly Bears"]
    assert g.state.players[1].graveyard == []


@pytest.mark.rules("614.1a")
def test_a_creature_dealt_damage_this_way_is_exiled_instead_of_dying(extra_cards):
    extra_cards(YAMABUSHIS_STORM)
    g, ids = table(["Mountain", "Mountain", "Llanowar Elves"], ["Grizzly Bears"], hand_a=["Yamabushi's Storm"])
    cast_and_resolve(g, ids["Yamabushi's Storm"])
    assert [g.state.objects[o].name for o in g.state.exile] == ["Llanowar Elves"]
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == 1      # survived: nothing to replace


@pytest.mark.rules("614.1a", "701.9a")
def test_its_own_graveyard_replacement_works_from_the_hand(extra_cards):
    extra_cards(GALEDRIFTER_BACK)
    g, ids = table(["Swamp", "Swamp", "Swamp"], hand_a=["Mind Rot", "Waildrifter", "Forest"])
    cast_and_resolve(g, ids["Mind Rot"], targets=(("P0",),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Waildrifter"]
    assert sorted(g.characteristics(o).name for o in g.state.players[0].graveyard) == ["Forest", "Mind Rot"]


@pytest.mark.rules("614.1c", "107.3m")
def test_enters_with_x_counters(extra_cards):
    extra_cards(WALKING_BALLISTA)
    g, ids = table(["Plains"] * 4, hand_a=["Walking Ballista"])
    cast_and_resolve(g, ids["Walking Ballista"], x=2)
    ballista = next(o for o in g.state.battlefield if g.characteristics(o).name == "Walking Ballista")
    assert g.state.objects[ballista].counters.get("+1/+1") == 2


@pytest.mark.rules("614.1d", "305.7")
@pytest.mark.parametrize("basics,tapped", [(1, True), (2, False)])
def test_enters_tapped_unless(extra_cards, basics, tapped):
    extra_cards(CANOPY_VISTA)
    g, ids = table(["Forest"], hand_a=["Canopy Vista"])
    for _ in range(basics - 1):
        g.add_card("Plains", 0, Zone.BATTLEFIELD)
    g.apply(PlayLand(0, ids["Canopy Vista"]))
    assert g.state.objects[next(o for o in g.state.battlefield
                                if g.characteristics(o).name == "Canopy Vista")].tapped is tapped
