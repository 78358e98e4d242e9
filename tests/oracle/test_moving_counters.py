"""Moving a counter from one object onto another (122.5): "Move a +1/+1 counter from target creature onto a second
target creature", "... from ~ onto target creature", "... from target creature you control onto ~". Real cards,
played: the counter leaves the first object and is put on the second, or, if either can't happen, nothing moves.
And doubling each kind of counter on a permanent (701.10e)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import activate_and_resolve, both_pass, cast_and_resolve, table
from tests.oracle.conftest import record

DAGHATAR = record("Daghatar the Adamant", "{3}{W}", "Legendary Creature — Human Warrior",
                  "Vigilance\nDaghatar the Adamant enters the battlefield with four +1/+1 counters on it.\n{1}{B/G}{B/G}: "
                  "Move a +1/+1 counter from target creature onto a second target creature.", "0/0")
SIMIC_FLUXMAGE = record("Simic Fluxmage", "{2}{U}", "Creature — Merfolk Wizard",
                        "Evolve (Whenever a creature enters the battlefield under your control, if that creature has "
                        "greater power or toughness than this creature, put a +1/+1 counter on this creature.)\n{1}{U}, "
                        "{T}: Move a +1/+1 counter from Simic Fluxmage onto target creature.", "1/2")
VOREL = record("Vorel of the Hull Clade", "{1}{G}{U}", "Legendary Creature — Human Merfolk",
               "{G}{U}, {T}: Double the number of each kind of counter on target artifact, creature, or land.", "1/4")
CYTOPLAST_ROOT_KIN = record("Cytoplast Root-Kin", "{2}{G}{G}", "Creature — Elemental Mutant",
                            "Graft 4 (This creature enters the battlefield with four +1/+1 counters on it. Whenever "
                            "another creature enters the battlefield, you may move a +1/+1 counter from this creature "
                            "onto it.)\nWhen Cytoplast Root-Kin enters the battlefield, put a +1/+1 counter on each other "
                            "creature you control with a +1/+1 counter on it.\n{2}: Move a +1/+1 counter from target "
                            "creature you control onto Cytoplast Root-Kin.", "0/0")


LEECH_BONDER = record("Leech Bonder", "{2}{U}", "Creature — Merfolk Soldier",
                      "Leech Bonder enters the battlefield with two -1/-1 counters on it.\n{U}, {Q}: Move a counter "
                      "from target creature onto a second target creature. ({Q} is the untap symbol.)", "3/3")
FATE_TRANSFER = record("Fate Transfer", "{1}{U/B}", "Instant",
                       "Move all counters from target creature onto another target creature.")


def _with_counters(g, name: str, n: int) -> int:
    """A's 0/0 creature on the battlefield with n +1/+1 counters (put before anyone gets priority, 704.3)."""
    oid = g.add_card(name, 0, Zone.BATTLEFIELD)
    g.state.objects[oid].counters["+1/+1"] = n
    return oid


def _counters(g, oid: int) -> int:
    return g.state.objects[oid].counters.get("+1/+1", 0)


@pytest.mark.rules("122.5", "115.3")
def test_daghatar_moves_a_counter_between_two_different_creatures_of_any_player(extra_cards):
    extra_cards(DAGHATAR, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Forest"], ["Grizzly Bears"])
    daghatar, bears = _with_counters(g, "Daghatar the Adamant", 4), ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, daghatar, 0, targets=((daghatar,), (daghatar,))))     # a second target
    activate_and_resolve(g, daghatar, 0, targets=((daghatar,), (bears,)))
    assert (_counters(g, daghatar), _counters(g, bears)) == (3, 1)
    assert g.characteristics(bears).power == 3


@pytest.mark.rules("122.5")
def test_no_counter_on_the_first_object_moves_nothing(extra_cards):
    extra_cards(DAGHATAR, fully_read=True)
    g, ids = table(["Grizzly Bears", "Swamp", "Swamp", "Forest"])
    daghatar, bears = _with_counters(g, "Daghatar the Adamant", 1), ids["Grizzly Bears"]
    activate_and_resolve(g, daghatar, 0, targets=((bears,), (daghatar,)))
    assert (_counters(g, daghatar), _counters(g, bears)) == (1, 0)


@pytest.mark.rules("122.5", "602.2")
def test_simic_fluxmage_moves_its_own_counter_onto_the_target(extra_cards):
    extra_cards(SIMIC_FLUXMAGE, fully_read=True)
    g, ids = table(["Simic Fluxmage", "Island", "Island"], ["Grizzly Bears"])
    fluxmage, bears = ids["Simic Fluxmage"], ids["B:Grizzly Bears"]
    g.state.objects[fluxmage].counters["+1/+1"] = 2
    activate_and_resolve(g, fluxmage, 0, targets=((bears,),))
    assert (_counters(g, fluxmage), _counters(g, bears)) == (1, 1)


@pytest.mark.rules("122.5", "115.1")
def test_cytoplast_root_kin_takes_a_counter_from_a_creature_you_control(extra_cards):
    extra_cards(CYTOPLAST_ROOT_KIN, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest", "Forest"], ["Llanowar Elves"])
    kin, bears, elves = _with_counters(g, "Cytoplast Root-Kin", 4), ids["Grizzly Bears"], ids["B:Llanowar Elves"]
    g.state.objects[bears].counters["+1/+1"] = 1
    g.state.objects[elves].counters["+1/+1"] = 1
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, kin, 0, targets=((elves,),)))                          # not yours
    activate_and_resolve(g, kin, 0, targets=((bears,),))
    assert (_counters(g, kin), _counters(g, bears)) == (5, 0)


@pytest.mark.rules("701.10e", "122.1")
def test_vorel_doubles_each_kind_of_counter_on_its_target(extra_cards):
    extra_cards(VOREL, fully_read=True)
    g, ids = table(["Vorel of the Hull Clade", "Forest", "Island"], ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.state.objects[bears].counters.update({"+1/+1": 2, "charge": 3})
    activate_and_resolve(g, ids["Vorel of the Hull Clade"], 0, targets=((bears,),))
    assert g.state.objects[bears].counters == {"+1/+1": 4, "charge": 6}


@pytest.mark.rules("122.5", "115.3")
def test_move_a_counter_of_the_kind_its_controller_chooses(extra_cards):
    extra_cards(LEECH_BONDER, fully_read=True)
    g, ids = table(["Island", "Island"], ["Hill Giant"])
    bonder = g.add_card("Leech Bonder", 0, Zone.BATTLEFIELD, tapped=True, counters={"-1/-1": 2})
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, counters={"+1/+1": 1, "charge": 1})
    giant = ids["B:Hill Giant"]
    activate_and_resolve(g, bonder, targets=((bonder,), (giant,)))
    s = g.state
    assert s.objects[bonder].counters == {"-1/-1": 1} and s.objects[giant].counters == {"-1/-1": 1}
    assert not s.objects[bonder].tapped                                  # {Q}: untapped as the cost
    s.objects[bonder].tapped = True
    g.apply(ActivateAbility(0, bonder, 0, targets=((bears,), (giant,))))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    assert g.pending.kind is DecisionKind.CHOOSE and sorted(g.pending.options) == ["+1/+1", "charge"]
    g.apply(Choose(0, ("charge",)))
    assert s.objects[bears].counters == {"+1/+1": 1} and s.objects[giant].counters == {"-1/-1": 1, "charge": 1}


@pytest.mark.rules("122.5", "115.3")
def test_move_all_counters_from_target_creature_onto_another(extra_cards):
    extra_cards(FATE_TRANSFER, fully_read=True)
    g, ids = table(["Island", "Swamp"], ["Hill Giant"], hand_a=["Fate Transfer"])
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, counters={"+1/+1": 2, "charge": 1})
    giant = ids["B:Hill Giant"]
    cast_and_resolve(g, ids["Fate Transfer"], targets=((bears,), (giant,)))
    s = g.state
    assert not s.objects[bears].counters
    assert s.objects[giant].counters == {"+1/+1": 2, "charge": 1}


BIOSHIFT = record("Bioshift", "{G/U}", "Instant",
                  "Move any number of +1/+1 counters from target creature onto another target creature with the same "
                  "controller.")


@pytest.mark.rules("122.5", "601.2c", "608.2d")
def test_move_any_number_of_counters_onto_another_target_creature_with_the_same_controller(extra_cards):
    extra_cards(BIOSHIFT, fully_read=True)
    g, ids = table(["Forest", "Grizzly Bears", "Llanowar Elves"], ["Hill Giant"], ["Bioshift"])
    bears, elves, giant = ids["Grizzly Bears"], ids["Llanowar Elves"], ids["B:Hill Giant"]
    g.state.objects[bears].counters["+1/+1"] = 3
    g.state.invalidate()
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Bioshift"], targets=((bears,), (giant,))))     # another controller's
    g.apply(CastSpell(0, ids["Bioshift"], targets=((bears,), (elves,))))
    both_pass(g)
    assert g.pending.options == [0, 1, 2, 3]
    g.apply(Choose(0, (2,)))
    assert g.state.objects[bears].counters == {"+1/+1": 1} and g.state.objects[elves].counters == {"+1/+1": 2}
