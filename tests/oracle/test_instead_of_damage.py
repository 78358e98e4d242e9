"""Damage replaced by an instruction, written as a static ability: "If damage would be dealt to you, put that many
depletion counters on ~ instead" (614.1a), "If a source you control would deal noncombat damage to a creature an
opponent controls, put that many -1/-1 counters on that creature instead"; and a prevention effect with an
additional effect (615.5): "prevent that damage and mill twice that many cards", which damage that can't be
prevented gets past, the additional effect still happening (615.12). "That many" is the damage. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import AssignDamage, DeclareBlockers, PassPriority
from tests.engine.driving import (advance, attack, cast_and_resolve, cast_and_settle, on_battlefield, resolve_stack,
                                  table, until_blockers)
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


CRUMBLING_SANCTUARY = record("Crumbling Sanctuary", "{5}", "Artifact",
                             "If damage would be dealt to a player, that player exiles that many cards from the top of "
                             "their library instead.")


@pytest.mark.rules("614.1a", "120.3")
def test_crumbling_sanctuary_exiles_cards_from_the_top_of_a_players_library_instead_of_damage(extra_cards):
    extra_cards(CRUMBLING_SANCTUARY, fully_read=True)
    g, ids = table(["Crumbling Sanctuary", "Mountain", "Mountain"], ["Grizzly Bears"], ["Lightning Bolt", "Shock"])
    library = len(g.state.players[1].library)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.state.players[1].life == 20
    assert len(g.state.players[1].library) == library - 3 and len(g.state.exile) == 3
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))      # damage to a creature: dealt
    assert "Grizzly Bears" in [g.state.objects[o].name for o in g.state.players[1].graveyard]


INQUISITORS_FLAIL = record("Inquisitor's Flail", "{2}", "Artifact — Equipment",
                           "If equipped creature would deal combat damage, it deals double that damage instead.\nIf "
                           "another creature would deal combat damage to equipped creature, it deals double that damage "
                           "to equipped creature instead.\nEquip {2}", None)


@pytest.mark.rules("614.1a", "510.2", "301.5")
@pytest.mark.parametrize("blocked", [True, False])
def test_inquisitors_flail_doubles_the_combat_damage_dealt_by_and_to_the_equipped_creature(extra_cards, blocked):
    extra_cards(INQUISITORS_FLAIL, fully_read=True)
    g, ids = table(["Hill Giant", "Inquisitor's Flail"], ["Grizzly Bears"], turn=3)
    g.state.objects[ids["Inquisitor's Flail"]].attached_to = ids["Hill Giant"]
    g.state.invalidate()
    attack(g, ids["Hill Giant"])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Hill Giant"],)} if blocked else {}))
    advance(g, Step.END)
    if blocked:
        assert ids["B:Grizzly Bears"] not in g.state.battlefield          # 6 damage
        assert ids["Hill Giant"] not in g.state.battlefield           # 4 damage to a 3/3, not 2
    else:
        assert g.state.players[1].life == 14


@pytest.mark.rules("614.1a")
def test_inquisitors_flail_leaves_noncombat_damage_as_it_is(extra_cards):
    extra_cards(INQUISITORS_FLAIL, fully_read=True)
    g, ids = table(["Hill Giant", "Inquisitor's Flail", "Mountain"], hand_a=["Shock"])
    g.state.objects[ids["Inquisitor's Flail"]].attached_to = ids["Hill Giant"]
    g.state.invalidate()
    cast_and_resolve(g, ids["Shock"], targets=((ids["Hill Giant"],),))
    assert g.state.objects[ids["Hill Giant"]].damage == 2


POLUKRANOS_UNCHAINED = record(
    "Polukranos, Unchained", "{2}{B}{G}", "Legendary Creature — Hydra",
    "Polukranos enters the battlefield with six +1/+1 counters on it. It escapes with twelve +1/+1 counters on it "
    "instead.\nIf damage would be dealt to Polukranos while it has a +1/+1 counter on it, prevent that damage and remove "
    "that many +1/+1 counters from it.\n{1}{B}{G}: Polukranos fights another target creature.\nEscape—{4}{B}{G}, Exile "
    "six other cards from your graveyard.", "0/0")


@pytest.mark.rules("615.1a", "615.5", "614.1c")
def test_polukranos_loses_counters_instead_of_taking_damage_while_it_has_them(extra_cards):
    extra_cards(POLUKRANOS_UNCHAINED, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Forest", "Forest", "Mountain", "Mountain"],
                   hand_a=["Polukranos, Unchained", "Lightning Bolt", "Shock"])
    cast_and_resolve(g, ids["Polukranos, Unchained"])
    (hydra,) = on_battlefield(g, "Polukranos, Unchained")
    assert g.state.objects[hydra].counters.get("+1/+1") == 6
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((hydra,),))
    assert (g.state.objects[hydra].counters.get("+1/+1"), g.state.objects[hydra].damage) == (3, 0)
    g.state.objects[hydra].counters.pop("+1/+1")       # no counter left: the damage is dealt
    g.state.invalidate()
    cast_and_resolve(g, ids["Shock"], targets=((hydra,),))
    assert hydra not in g.state.battlefield


@pytest.mark.rules("702.138c", "702.138d")
def test_polukranos_escapes_with_twelve_counters_instead_of_six(extra_cards):
    extra_cards(POLUKRANOS_UNCHAINED, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Forest", "Forest", "Swamp", "Forest"])
    hydra = g.add_card("Polukranos, Unchained", 0, Zone.GRAVEYARD)
    for _ in range(6):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    cast_and_settle(g, hydra, alt="escape")
    (escaped,) = on_battlefield(g, "Polukranos, Unchained")
    assert g.state.objects[escaped].counters.get("+1/+1") == 12


STORMWILD_CAPRIDOR = record("Stormwild Capridor", "{2}{R}", "Creature — Goat",
                            "Flying\nIf noncombat damage would be dealt to Stormwild Capridor, prevent that damage. Put "
                            "a +1/+1 counter on Stormwild Capridor for each 1 damage prevented this way.", "1/3")


@pytest.mark.rules("615.1a", "615.5", "510.2")
def test_stormwild_capridor_grows_from_the_noncombat_damage_it_prevents(extra_cards):
    extra_cards(STORMWILD_CAPRIDOR, fully_read=True)
    g, ids = table(["Stormwild Capridor", "Mountain"], ["Giant Spider"], hand_a=["Shock"], turn=3)
    goat = ids["Stormwild Capridor"]
    cast_and_resolve(g, ids["Shock"], targets=((goat,),))
    assert (g.state.objects[goat].counters.get("+1/+1"), g.state.objects[goat].damage) == (2, 0)
    attack(g, goat)
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Giant Spider"]: (goat,)}))
    advance(g, Step.END)
    assert (g.state.objects[goat].counters.get("+1/+1"), g.state.objects[goat].damage) == (2, 2)     # combat damage
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
