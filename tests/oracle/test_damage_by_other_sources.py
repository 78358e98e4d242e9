"""Damage dealt by an object other than the ability's source (120.3): the object of the trigger's event ("Whenever
a Dragon enters ..., it deals X damage to any target"), or the creature the source enchants ("Enchanted creature
deals 1 damage to ..."); as it last existed once it has left the battlefield (608.2h)."""
from __future__ import annotations

import pytest

from engine.core.abilities import instances_in
from engine.core.effect_types import DealDamageBy
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.events import Event
from engine.core.player_actions import CastSpell, Choose, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, on_battlefield, preferring, table
from tests.oracle.conftest import record

DRAGON_TEMPEST = record(
    "Dragon Tempest", "{1}{R}", "Enchantment",
    "Whenever a creature with flying enters the battlefield under your control, it gains haste until end of turn.\n"
    "Whenever a Dragon enters the battlefield under your control, it deals X damage to any target, where X is the "
    "number of Dragons you control.")
SPITEFUL_SHADOWS = record("Spiteful Shadows", "{1}{B}", "Enchantment — Aura",
                          "Enchant creature\nWhenever enchanted creature is dealt damage, it deals that much damage "
                          "to its controller.")
DIZZYING_GAZE = record("Dizzying Gaze", "{R}", "Enchantment — Aura",
                       "Enchant creature you control\n{R}: Enchanted creature deals 1 damage to target creature with "
                       "flying.")
BIND_THE_MONSTER = record("Bind the Monster", "{U}", "Enchantment — Aura",
                          "Enchant creature\nWhen Bind the Monster enters the battlefield, tap enchanted creature. It "
                          "deals damage to you equal to its power.\nEnchanted creature doesn't untap during its "
                          "controller's untap step.")
GREMLIN_INFESTATION = record("Gremlin Infestation", "{3}{R}", "Enchantment — Aura",
                             "Enchant artifact\nAt the beginning of your end step, Gremlin Infestation deals 2 damage "
                             "to enchanted artifact's controller.\nWhen enchanted artifact is put into a graveyard, "
                             "create a 2/2 red Gremlin creature token.")
MOGG_BOMBERS = record("Mogg Bombers", "{3}{R}", "Creature — Goblin",
                      "When another creature enters the battlefield, sacrifice Mogg Bombers and it deals 3 damage to "
                      "target player or planeswalker.", "3/4")
GOBLIN_BARRAGE = record("Goblin Barrage", "{3}{R}", "Sorcery",
                        "Kicker—Sacrifice an artifact or Goblin. (You may sacrifice an artifact or Goblin in addition "
                        "to any other costs as you cast this spell.)\nGoblin Barrage deals 4 damage to target "
                        "creature. If this spell was kicked, it also deals 4 damage to target player or planeswalker.")


def _settle(g, answer) -> list[Event]:
    """Both players pass until the stack is empty, each choice answered with `answer`; the events."""
    events: list[Event] = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        events += g.apply(Choose(d.player, answer(d)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    return events


@pytest.mark.rules("120.3", "603.2")
def test_dragon_tempest_the_entering_dragon_deals_the_damage(extra_cards):
    extra_cards(DRAGON_TEMPEST, fully_read=True)
    g, ids = table(["Mountain"] * 6 + ["Dragon Tempest"], hand_a=["Shivan Dragon"])
    events = g.apply(CastSpell(0, ids["Shivan Dragon"])) + _settle(g, preferring("P1"))
    (dragon,) = on_battlefield(g, "Shivan Dragon")
    assert g.state.players[1].life == 19              # X: the one Dragon A controls
    assert [e.data["source"] for e in events if e.kind == "damage"] == [dragon]
    assert g.characteristics(dragon).has("haste")     # the other trigger


@pytest.mark.rules("120.3", "608.2h")
def test_spiteful_shadows_a_creature_dealt_lethal_damage_still_deals_it(extra_cards):
    """The enchanted creature deals the damage, also once it died of the damage that triggered the ability."""
    extra_cards(SPITEFUL_SHADOWS, fully_read=True)
    g, ids = table(["Mountain"], ["Grizzly Bears"], hand_a=["Lightning Bolt"])
    g.attach(g.add_card("Spiteful Shadows", 1, Zone.BATTLEFIELD), ids["B:Grizzly Bears"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Grizzly Bears"],),))
    assert ids["B:Grizzly Bears"] not in g.state.battlefield
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 17)


@pytest.mark.rules("120.3")
def test_spiteful_shadows_deals_that_much_to_the_creatures_controller(extra_cards):
    extra_cards(SPITEFUL_SHADOWS, fully_read=True)
    g, ids = table(["Mountain"], ["Craw Wurm"], hand_a=["Shock"])
    g.attach(g.add_card("Spiteful Shadows", 0, Zone.BATTLEFIELD), ids["B:Craw Wurm"])   # A's Aura on B's creature
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Craw Wurm"],),))
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


@pytest.mark.rules("120.3", "301.5")
def test_dizzying_gaze_the_enchanted_creature_deals_the_damage(extra_cards):
    extra_cards(DIZZYING_GAZE, fully_read=True)
    g, ids = table(["Mountain", "Grizzly Bears"], ["Serra Angel"])
    gaze = g.add_card("Dizzying Gaze", 0, Zone.BATTLEFIELD)
    g.attach(gaze, ids["Grizzly Bears"])
    events = activate_and_resolve(g, gaze, targets=((ids["B:Serra Angel"],),))
    assert g.state.objects[ids["B:Serra Angel"]].damage == 1
    assert [e.data["source"] for e in events if e.kind == "damage"] == [ids["Grizzly Bears"]]


@pytest.mark.rules("120.3", "608.2h")
def test_bind_the_monster_taps_and_the_creature_deals_its_power_to_you(extra_cards):
    extra_cards(BIND_THE_MONSTER, fully_read=True)
    g, ids = table(["Island"], ["Craw Wurm"], hand_a=["Bind the Monster"])
    g.apply(CastSpell(0, ids["Bind the Monster"], targets=((ids["B:Craw Wurm"],),)))
    _settle(g, preferring(ids["B:Craw Wurm"]))
    assert g.state.objects[ids["B:Craw Wurm"]].tapped
    assert g.state.players[0].life == 14      # Craw Wurm's power, 6


@pytest.mark.rules("120.3", "201.5")
def test_it_that_may_be_the_source_is_not_read_as_another_object():
    """ "sacrifice ~ and it deals 3 damage": the Bombers deal it, not the creature that entered; "it also deals" in a
    spell: the spell does (read as the spell's own damage, tests/oracle/test_kicked_instructions.py). Neither is read
    as another object dealing the damage."""
    bombers = compile_card(MOGG_BOMBERS)
    assert not bombers.unsupported and not list(instances_in(bombers.triggered, DealDamageBy))
    barrage = compile_card(GOBLIN_BARRAGE)
    assert not barrage.unsupported and not list(instances_in(barrage.spell, DealDamageBy))


@pytest.mark.rules("120.3", "303.4")
def test_gremlin_infestation_damages_the_enchanted_artifacts_controller(extra_cards):
    extra_cards(GREMLIN_INFESTATION, fully_read=True)
    g, ids = table([], ["Sol Ring"])
    g.attach(g.add_card("Gremlin Infestation", 0, Zone.BATTLEFIELD), ids["B:Sol Ring"])
    advance(g, Step.END)
    _settle(g, preferring())
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


ENSLAVE = record("Enslave", "{4}{B}{B}", "Enchantment — Aura",
                 "Enchant creature\nYou control enchanted creature.\nAt the beginning of your upkeep, enchanted creature "
                 "deals 1 damage to its owner.")


@pytest.mark.rules("120.3", "108.3", "303.4e")
def test_enslave_the_enchanted_creature_deals_damage_to_its_owner(extra_cards):
    """Enslave: "its owner" is the owner of the creature Enslave enchants (108.3), not its controller (you)."""
    extra_cards(ENSLAVE, fully_read=True)
    g, ids = table([], ["Craw Wurm"])
    enslave = g.add_card("Enslave", 0, Zone.BATTLEFIELD)
    wurm = ids["B:Craw Wurm"]
    g.attach(enslave, wurm)
    events = advance(g, Step.DRAW, turn=5)
    assert g.state.objects[wurm].controller == 0 and g.state.objects[wurm].owner == 1
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 19)
    assert [e.data["source"] for e in events if e.kind == "damage"] == [wurm]
