"""Damage replaced by an instruction, written as a static ability: "If damage would be dealt to you, put that many
depletion counters on ~ instead" (614.1a), "If a source you control would deal noncombat damage to a creature an
opponent controls, put that many -1/-1 counters on that creature instead"; and a prevention effect with an
additional effect (615.5): "prevent that damage and mill twice that many cards", which damage that can't be
prevented gets past, the additional effect still happening (615.12). "That many" is the damage. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import AssignDamage, DeclareBlockers, PassPriority
from tests.engine.driving import advance, attack, cast_and_resolve, on_battlefield, resolve_stack, table, until_blockers
from tests.oracle.conftest import record

FORCE_BUBBLE = record("Force Bubble", "{2}{W}{W}", "Enchantment",
                      "If damage would be dealt to you, put that many depletion counters on Force Bubble instead.\nWhen "
                      "there are four or more depletion counters on Force Bubble, sacrifice it.\nAt the beginning of each "
                      "end step, remove all depletion counters from Force Bubble.")
SOUL_SCAR_MAGE = record("Soul-Scar Mage", "{R}", "Creature — Human Wizard",
                        "Prowess\nIf a source you control would deal noncombat damage to a creature an opponent controls, "
                        "put that many -1/-1 counters on that creature instead.", "1/2")
ANGEL_OF_SUFFERING = record("Angel of Suffering", "{3}{B}{B}", "Creature — Nightmare Angel",
                            "Flying\nIf damage would be dealt to you, prevent that damage and mill twice that many cards.",
                            "5/3")
NINE_LIVES = record("Nine Lives", "{1}{W}{W}", "Enchantment",
                    "Hexproof\nIf a source would deal damage to you, prevent that damage and put an incarnation counter "
                    "on Nine Lives.\nWhen there are nine or more incarnation counters on Nine Lives, exile it.\nWhen Nine "
                    "Lives leaves the battlefield, you lose the game.")
FLARING_PAIN = record("Flaring Pain", "{1}{R}", "Instant",
                      "Damage can't be prevented this turn.\nFlashback {R} (You may cast this card from your graveyard "
                      "for its flashback cost. Then exile it.)")
PROTEAN_HYDRA = record("Protean Hydra", "{X}{G}", "Creature — Hydra",
                       "Protean Hydra enters the battlefield with X +1/+1 counters on it.\nIf damage would be dealt to "
                       "Protean Hydra, prevent that damage and remove that many +1/+1 counters from it.\nWhenever a "
                       "+1/+1 counter is removed from Protean Hydra, put two +1/+1 counters on it at the beginning of the "
                       "next end step.", "0/0")


@pytest.mark.rules("614.1a", "120.3")
def test_force_bubble_takes_the_damage_as_depletion_counters(extra_cards):
    extra_cards(FORCE_BUBBLE, fully_read=True)
    g, ids = table(["Force Bubble"], ["Mountain"] * 6, hand_b=["Shock", "Lava Axe"], active=1)
    bubble = ids["Force Bubble"]
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20 and g.state.objects[bubble].counters == {"depletion": 2}
    cast_and_resolve(g, ids["B:Lava Axe"], player=1, targets=(("P0",),))
    resolve_stack(g)
    assert g.state.players[0].life == 20                # 7 counters: then it is sacrificed (603.8)
    assert bubble not in g.state.battlefield


@pytest.mark.rules("614.1a", "120.3", "510.2")
def test_soul_scar_mage_turns_your_noncombat_damage_to_opponents_creatures_into_counters(extra_cards):
    extra_cards(SOUL_SCAR_MAGE, fully_read=True)
    g, ids = table(["Soul-Scar Mage", "Mountain", "Mountain", "Hill Giant"], ["Craw Wurm", "Grizzly Bears"],
                   ["Shock", "Lightning Bolt"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Craw Wurm"],),))
    wurm = g.state.objects[ids["B:Craw Wurm"]]
    assert wurm.counters == {"-1/-1": 2} and wurm.damage == 0
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.state.players[1].life == 17                # to a player: damage as usual


@pytest.mark.rules("614.1a", "510.2")
def test_soul_scar_mage_leaves_combat_damage_as_it_is(extra_cards):
    extra_cards(SOUL_SCAR_MAGE, fully_read=True)
    g, ids = table(["Soul-Scar Mage", "Hill Giant"], ["Craw Wurm"], turn=3)
    attack(g, ids["Hill Giant"])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Craw Wurm"]: (ids["Hill Giant"],)}))
    advance(g, Step.END)
    wurm = g.state.objects[ids["B:Craw Wurm"]]
    assert wurm.counters == {} and wurm.damage == 3


@pytest.mark.rules("615.1a", "615.5", "701.17a")
def test_angel_of_suffering_prevents_damage_to_you_and_mills_twice_that_many(extra_cards):
    extra_cards(ANGEL_OF_SUFFERING, fully_read=True)
    g, ids = table(["Angel of Suffering"], ["Mountain"], hand_b=["Shock"], active=1)
    library = len(g.state.players[0].library)
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20
    assert len(g.state.players[0].library) == library - 4


@pytest.mark.rules("615.1a", "615.5", "615.12")
def test_nine_lives_prevents_damage_to_you_but_not_damage_that_cant_be_prevented(extra_cards):
    """Damage that can't be prevented is dealt, and Nine Lives still gets its counter (615.12; the card's ruling)."""
    extra_cards(NINE_LIVES, FLARING_PAIN, fully_read=True)
    g, ids = table(["Nine Lives"], ["Mountain"] * 4, hand_b=["Shock", "Flaring Pain"], active=1)
    lives = ids["Nine Lives"]
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20 and g.state.objects[lives].counters == {"incarnation": 1}
    cast_and_resolve(g, ids["B:Flaring Pain"], player=1)
    shock = g.add_card("Shock", 1, Zone.HAND)
    cast_and_resolve(g, shock, player=1, targets=(("P0",),))
    assert g.state.players[0].life == 18 and g.state.objects[lives].counters == {"incarnation": 2}


@pytest.mark.rules("615.1a", "615.5")
def test_protean_hydra_loses_that_many_counters_instead_of_being_dealt_damage(extra_cards):
    extra_cards(PROTEAN_HYDRA)
    g, ids = table(["Forest"] * 5 + ["Mountain"], [], ["Protean Hydra", "Shock"])
    cast_and_resolve(g, ids["Protean Hydra"], x=4)
    (hydra,) = on_battlefield(g, "Protean Hydra")
    assert g.state.objects[hydra].counters == {"+1/+1": 4}
    cast_and_resolve(g, ids["Shock"], targets=((hydra,),))
    assert g.state.objects[hydra].counters == {"+1/+1": 2} and g.state.objects[hydra].damage == 0


PHANTOM_WURM = record("Phantom Wurm", "{4}{G}{G}", "Creature — Wurm Spirit",
                      "Phantom Wurm enters the battlefield with four +1/+1 counters on it.\nIf damage would be dealt to "
                      "Phantom Wurm, prevent that damage. Remove a +1/+1 counter from Phantom Wurm.", "2/0")


@pytest.mark.rules("615.5", "510.2")
def test_phantom_wurm_loses_one_counter_for_each_damage_event(extra_cards):
    """Blocked by two creatures at once, all the damage is prevented and one counter removed (the card's rulings); a
    Shock later is another event."""
    extra_cards(PHANTOM_WURM, fully_read=True)
    g, ids = table(["Forest"] * 6 + ["Mountain"], ["Grizzly Bears", "Hill Giant"], ["Phantom Wurm", "Shock"])
    cast_and_resolve(g, ids["Phantom Wurm"])
    (wurm,) = on_battlefield(g, "Phantom Wurm")
    assert g.state.objects[wurm].counters == {"+1/+1": 4}
    g.state.objects[wurm].sick = False          # as if it had been under its controller's control since the turn began
    attack(g, wurm)
    until_blockers(g)
    bears, giant = ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    g.apply(DeclareBlockers(1, {bears: [wurm], giant: [wurm]}))
    while g.pending.kind is not DecisionKind.ASSIGN_DAMAGE:
        g.apply(PassPriority(g.pending.player))
    g.apply(AssignDamage(0, {wurm: {bears: 2, giant: 4}}))
    advance(g, Step.MAIN2)
    assert bears not in g.state.battlefield and giant not in g.state.battlefield
    assert g.state.objects[wurm].counters == {"+1/+1": 3} and g.state.objects[wurm].damage == 0
    cast_and_resolve(g, ids["Shock"], targets=((wurm,),))
    assert g.state.objects[wurm].counters == {"+1/+1": 2} and g.state.objects[wurm].damage == 0


@pytest.mark.rules("615.5", "615.12")
def test_phantom_wurm_loses_a_counter_to_damage_that_cant_be_prevented(extra_cards):
    extra_cards(PHANTOM_WURM, FLARING_PAIN, fully_read=True)
    g, ids = table(["Forest"] * 6 + ["Mountain"] * 3, [], ["Phantom Wurm", "Flaring Pain", "Shock"])
    cast_and_resolve(g, ids["Phantom Wurm"])
    (wurm,) = on_battlefield(g, "Phantom Wurm")
    cast_and_resolve(g, ids["Flaring Pain"])
    cast_and_resolve(g, ids["Shock"], targets=((wurm,),))
    assert g.state.objects[wurm].counters == {"+1/+1": 3} and g.state.objects[wurm].damage == 2
