"""Static abilities that say a player can't cast spells (101.2, 601.3): "Creature spells can't be cast"
(Aether Storm), "You can't cast creature spells" (Grid Monitor), "Each player can't cast more than one spell
each turn" (Arcane Laboratory), "... more than one noncreature spell ..." (Deafening Silence), "Enchanted
player can't cast more than one spell each turn" (Curse of Exhaustion). A spell they forbid is neither
offered nor castable."""
from __future__ import annotations

import pytest

from engine import Game, IllegalAction
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import (ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority,
                                        PlayLand)
from tests.engine.driving import advance, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

AETHER_STORM = record("Aether Storm", "{3}{U}", "Enchantment",
                      "Creature spells can't be cast.\nPay 4 life: Destroy Aether Storm. It can't be regenerated. "
                      "Any player may activate this ability.")
GRID_MONITOR = record("Grid Monitor", "{4}", "Artifact Creature — Construct", "You can't cast creature spells.",
                      pt="4/6")
ARCANE_LABORATORY = record("Arcane Laboratory", "{2}{U}", "Enchantment",
                           "Each player can't cast more than one spell each turn.")
DEAFENING_SILENCE = record("Deafening Silence", "{W}", "Enchantment",
                           "Each player can't cast more than one noncreature spell each turn.")
CURSE_OF_EXHAUSTION = record("Curse of Exhaustion", "{2}{W}{W}", "Enchantment — Aura Curse",
                             "Enchant player\nEnchanted player can't cast more than one spell each turn.")

EXPERIMENTAL_FRENZY = record("Experimental Frenzy", "{3}{R}", "Enchantment",
                             "You may look at the top card of your library any time.\nYou may play lands and cast "
                             "spells from the top of your library.\nYou can't play lands or cast spells from your "
                             "hand.\n{3}{R}: Destroy Experimental Frenzy.")
DRANNITH_MAGISTRATE = record("Drannith Magistrate", "{1}{W}", "Creature — Human Wizard",
                             "Your opponents can't cast spells from anywhere other than their hands.", "1/3")


def _flat(targets) -> list:
    return [t for x in targets or () for t in (_flat(x) if isinstance(x, tuple) else (x,))]


def _casts(g, player: int) -> set[int]:
    return {a.card for a in g.legal_actions() if isinstance(a, CastSpell) and a.player == player}


@pytest.mark.rules("101.2", "601.3")
def test_creature_spells_cant_be_cast_by_anyone(extra_cards):
    extra_cards(AETHER_STORM, fully_read=True)
    g, ids = table(["Aether Storm", "Forest", "Forest", "Mountain"], [], ["Grizzly Bears", "Lightning Bolt"])
    assert _casts(g, 0) == {ids["Lightning Bolt"]}
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))


@pytest.mark.rules("101.2", "601.3")
def test_you_cant_cast_creature_spells_binds_only_its_controller(extra_cards):
    extra_cards(GRID_MONITOR, fully_read=True)
    g, ids = table(["Grid Monitor", "Forest", "Forest"], [], ["Grizzly Bears"])
    assert ids["Grizzly Bears"] not in _casts(g, 0)
    g, ids = table(["Forest", "Forest"], ["Grid Monitor"], ["Grizzly Bears"])
    assert ids["Grizzly Bears"] in _casts(g, 0)


@pytest.mark.rules("101.2", "601.3")
def test_one_spell_each_turn_counts_the_spells_already_cast(extra_cards):
    extra_cards(ARCANE_LABORATORY, fully_read=True)
    g, ids = table(["Arcane Laboratory", "Mountain", "Mountain", "Forest", "Forest"], [],
                   ["Lightning Bolt", "Shock", "Grizzly Bears"])
    assert _casts(g, 0) == {ids["Lightning Bolt"], ids["Shock"], ids["Grizzly Bears"]}
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.state.players[1].life == 17
    assert _casts(g, 0) == set()
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))
    # The other player hasn't cast a spell this turn: they still may.
    g.add_card("Lightning Bolt", 1, Zone.HAND)
    g.add_card("Mountain", 1, Zone.BATTLEFIELD)
    g.apply(PassPriority(0))
    assert _casts(g, 1)


@pytest.mark.rules("101.2", "601.3")
def test_one_noncreature_spell_each_turn(extra_cards):
    extra_cards(DEAFENING_SILENCE, fully_read=True)
    g, ids = table(["Deafening Silence", "Mountain", "Mountain", "Forest", "Forest"], [],
                   ["Lightning Bolt", "Shock", "Grizzly Bears"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert _casts(g, 0) == {ids["Grizzly Bears"]}      # a creature spell is still allowed


@pytest.mark.rules("101.2", "303.4")
def test_the_enchanted_player_is_limited(extra_cards):
    extra_cards(CURSE_OF_EXHAUSTION, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], [], ["Lightning Bolt", "Shock"])
    curse = g.add_card("Curse of Exhaustion", 1, Zone.BATTLEFIELD)
    g.attach(curse, "P0")
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert _casts(g, 0) == set()
    g.attach(curse, "P1")          # enchanting the other player instead: A is free again
    assert _casts(g, 0) == {ids["Shock"]}


PANIC = record("Panic", "{R}", "Instant",
               "Cast this spell only during combat before blockers are declared.\nTarget creature can't block this "
               "turn.\nDraw a card at the beginning of the next turn's upkeep.")
GRIM_WANDERER = record("Grim Wanderer", "{1}{B}", "Creature — Human Soldier",
                       "Flash\nTragic Backstory — Cast this spell only if a creature died this turn.", pt="4/3")


@pytest.mark.rules("601.3")
@pytest.mark.parametrize("step,castable", [(Step.MAIN1, False), (Step.BEGINNING_OF_COMBAT, True),
                                           (Step.END_OF_COMBAT, False)])
def test_cast_only_during_combat_before_blockers(extra_cards, step, castable):
    extra_cards(PANIC, fully_read=True)
    g, ids = table(["Mountain"], ["Grizzly Bears"], ["Panic"], step=step)
    assert (ids["Panic"] in _casts(g, 0)) is castable
    if not castable:
        with pytest.raises(IllegalAction, match="601.3"):
            g.apply(CastSpell(0, ids["Panic"], targets=((ids["B:Grizzly Bears"],),)))


@pytest.mark.rules("601.3", "207.2c")
def test_cast_only_if_a_creature_died_this_turn(extra_cards):
    extra_cards(GRIM_WANDERER, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Mountain"], ["Grizzly Bears"], ["Grim Wanderer", "Lightning Bolt"])
    assert ids["Grim Wanderer"] not in _casts(g, 0)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Grizzly Bears"],),))
    assert ids["Grim Wanderer"] in _casts(g, 0)


RALLY_THE_TROOPS = record("Rally the Troops", "{W}", "Instant",
                          "Cast this spell only during the declare attackers step and only if you've been attacked this "
                          "step.\nUntap all creatures you control.")
CHAOTIC_STRIKE = record("Chaotic Strike", "{1}{R}", "Instant",
                        "Cast this spell only during combat after blockers are declared.\nFlip a coin. If you win the "
                        "flip, target creature gets +1/+1 until end of turn.\nDraw a card.")
WAKE_THE_DEAD = record("Wake the Dead", "{X}{B}{B}", "Instant",
                       "Cast this spell only during combat on an opponent's turn.\nReturn X target creature cards from "
                       "your graveyard to the battlefield. Sacrifice those creatures at the beginning of the next end "
                       "step.")
RESET = record("Reset", "{U}{U}", "Instant",
               "Cast this spell only during an opponent's turn after their upkeep step.\nUntap all lands you control.")
TALARAS_BATTALION = record("Talara's Battalion", "{1}{G}", "Creature — Elf Warrior",
                           "Cast this spell only if you've cast another green spell this turn.\nTrample", "4/3")


@pytest.mark.rules("601.3", "508.1")
@pytest.mark.parametrize("attacked", ["P0", "P1"])
def test_cast_only_if_youve_been_attacked_this_step(extra_cards, attacked):
    extra_cards(RALLY_THE_TROOPS, fully_read=True)
    # B attacks A (or A attacks B): Rally the Troops is A's to cast only when A was attacked
    g, ids = table(["Plains", "Grizzly Bears"], ["Grizzly Bears", "Plains"], ["Rally the Troops"],
                   active=0 if attacked == "P1" else 1, step=Step.BEGINNING_OF_COMBAT)
    assert ids["Rally the Troops"] not in _casts(g, 0)
    attacker = ids["Grizzly Bears"] if attacked == "P1" else ids["B:Grizzly Bears"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(g.state.active, {attacker: attacked}))
    while g.pending.player != 0:
        g.apply(PassPriority(g.pending.player))
    assert g.state.step is Step.DECLARE_ATTACKERS
    assert (ids["Rally the Troops"] in _casts(g, 0)) is (attacked == "P0")


@pytest.mark.rules("601.3", "509.1")
def test_cast_only_during_combat_after_blockers_are_declared(extra_cards):
    extra_cards(CHAOTIC_STRIKE, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Grizzly Bears"], [], ["Chaotic Strike"], step=Step.BEGINNING_OF_COMBAT)
    assert ids["Chaotic Strike"] not in _casts(g, 0)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
    assert g.state.step is Step.DECLARE_ATTACKERS and ids["Chaotic Strike"] not in _casts(g, 0)
    while g.state.step is Step.DECLARE_ATTACKERS:
        d = g.pending
        g.apply(DeclareBlockers(d.player, {}) if d.kind is DecisionKind.DECLARE_BLOCKERS else PassPriority(d.player))
    assert g.state.step is Step.DECLARE_BLOCKERS and ids["Chaotic Strike"] in _casts(g, 0)


@pytest.mark.rules("601.3", "506.1", "501.1")
@pytest.mark.parametrize("name,active,step,castable", [
    ("Wake the Dead", 1, Step.BEGINNING_OF_COMBAT, True), ("Wake the Dead", 0, Step.BEGINNING_OF_COMBAT, False),
    ("Wake the Dead", 1, Step.MAIN1, False),
    ("Reset", 1, Step.DRAW, True), ("Reset", 1, Step.UPKEEP, False), ("Reset", 0, Step.MAIN1, False)])
def test_cast_only_during_part_of_an_opponents_turn(extra_cards, name, active, step, castable):
    extra_cards(WAKE_THE_DEAD, RESET, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Island", "Island"], [], [name], active=active, step=step)
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    while g.pending.player != 0:
        g.apply(PassPriority(g.pending.player))
    assert g.state.step is step and (ids[name] in _casts(g, 0)) is castable


@pytest.mark.rules("601.3")
def test_cast_only_if_youve_cast_another_spell_of_a_color_this_turn(extra_cards):
    extra_cards(TALARAS_BATTALION, fully_read=True)
    g, ids = table(["Forest"] * 4 + ["Mountain"], [], ["Talara's Battalion", "Giant Growth", "Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert ids["Talara's Battalion"] not in _casts(g, 0)          # a red spell isn't a green one
    g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    bears = [o for o in g.state.battlefield if g.state.objects[o].name == "Grizzly Bears"]
    cast_and_resolve(g, ids["Giant Growth"], targets=((bears[0],),))
    assert ids["Talara's Battalion"] in _casts(g, 0)


ORIMS_CHANT = record("Orim's Chant", "{W}", "Instant",
                     "Kicker {W}\nTarget player can't cast spells this turn.\nIf this spell was kicked, creatures can't "
                     "attack this turn.")
RANGER_CAPTAIN = record("Ranger-Captain of Eos", "{1}{W}", "Creature — Human Soldier",
                        "Sacrifice Ranger-Captain of Eos: Your opponents can't cast noncreature spells this turn.", "3/1")


@pytest.mark.rules("101.2", "611.2c")
def test_target_player_cant_cast_spells_this_turn(extra_cards):
    extra_cards(ORIMS_CHANT, fully_read=True)
    g, ids = table(["Plains"], ["Mountain"], ["Orim's Chant"], hand_b=["Lightning Bolt"])
    cast_and_resolve(g, ids["Orim's Chant"], targets=(("P1",),))
    g.snapshot(1)
    g = Game.from_json(g.to_json())             # the prohibition is plain data in the state
    g.apply(PassPriority(0))
    assert g.pending.player == 1 and ids["B:Lightning Bolt"] not in _casts(g, 1)
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    advance(g, Step.UPKEEP, turn=4)             # only this turn
    while g.pending.player != 1:
        g.apply(PassPriority(g.pending.player))
    assert ids["B:Lightning Bolt"] in _casts(g, 1)


@pytest.mark.rules("101.2", "611.2c")
def test_your_opponents_cant_cast_noncreature_spells_this_turn(extra_cards):
    extra_cards(RANGER_CAPTAIN, fully_read=True)
    g, ids = table(["Ranger-Captain of Eos", "Mountain"], ["Mountain", "Mountain"], ["Shock"],
                   hand_b=["Lightning Bolt"])
    g.apply(ActivateAbility(0, ids["Ranger-Captain of Eos"], 0))
    resolve_stack(g)
    assert ids["Shock"] in _casts(g, 0)          # its controller isn't an opponent
    g.apply(PassPriority(0))
    assert ids["B:Lightning Bolt"] not in _casts(g, 1)
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))


SUBMERGE = record("Submerge", "{4}{U}", "Instant",
                  "If an opponent controls a Forest and you control an Island, you may cast this spell without paying "
                  "its mana cost.\nPut target creature on top of its owner's library.")


@pytest.mark.rules("118.9", "601.2b")
def test_cast_without_paying_its_mana_cost_if_both_hold(extra_cards):
    extra_cards(SUBMERGE, fully_read=True)
    g, ids = table(["Island"], ["Forest", "Grizzly Bears"], ["Submerge"])
    g.state.objects[ids["Island"]].tapped = True        # nothing to pay with: the alternative cost is nothing
    cast_and_resolve(g, ids["Submerge"], targets=((ids["B:Grizzly Bears"],),), alt="alternative")
    assert g.characteristics(g.state.players[1].library[-1]).name == "Grizzly Bears"      # the top card
    g, ids = table(["Island"], ["Mountain", "Grizzly Bears"], ["Submerge"])      # no Forest: no free cast
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Submerge"], targets=((ids["B:Grizzly Bears"],),), alt="alternative"))


OUT_OF_THE_WAY = record("Out of the Way", "{3}{U}", "Instant",
                        "This spell costs {2} less to cast if it targets a green permanent.\nReturn target nonland "
                        "permanent an opponent controls to its owner's hand.\nDraw a card.")


@pytest.mark.rules("601.2c", "601.2f")
def test_costs_less_if_it_targets_a_green_permanent(extra_cards):
    extra_cards(OUT_OF_THE_WAY, fully_read=True)
    g, ids = table(["Island", "Island"], ["Llanowar Elves", "Black Knight"], ["Out of the Way"])
    offered = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Out of the Way"]]
    # offered only at the green one: {1}{U}
    assert offered and {t for a in offered for t in _flat(a.targets)} == {ids["B:Llanowar Elves"]}
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Out of the Way"], targets=((ids["B:Black Knight"],),)))     # {3}{U}: two Islands
    cast_and_resolve(g, ids["Out of the Way"], targets=((ids["B:Llanowar Elves"],),))       # {1}{U}
    assert "Llanowar Elves" in [g.characteristics(o).name for o in g.state.players[1].hand]


CONQUERORS_FLAIL = record("Conqueror's Flail", "{2}", "Artifact — Equipment",
                          "Equipped creature gets +1/+1 for each color among permanents you control.\nAs long as "
                          "Conqueror's Flail is attached to a creature, your opponents can't cast spells during your "
                          "turn.\nEquip {2}")


@pytest.mark.rules("101.2", "611.3a", "301.5")
@pytest.mark.parametrize("equipped", [False, True])
def test_your_opponents_cant_cast_spells_during_your_turn(extra_cards, equipped):
    extra_cards(CONQUERORS_FLAIL, fully_read=True)
    g, ids = table(["Conqueror's Flail", "Grizzly Bears", "Plains", "Plains"], ["Mountain"],
                   hand_b=["Lightning Bolt"])
    bolt = ids["B:Lightning Bolt"]
    if equipped:
        g.apply(ActivateAbility(0, ids["Conqueror's Flail"], 0, targets=((ids["Grizzly Bears"],),)))
        resolve_stack(g)
    g.apply(PassPriority(0))
    assert g.pending.player == 1
    assert (bolt in _casts(g, 1)) is not equipped, "only while it is attached to a creature"
    if equipped:
        with pytest.raises(IllegalAction, match="101.2"):
            g.apply(CastSpell(1, bolt, targets=((ids["Grizzly Bears"],),)))
        advance(g, Step.UPKEEP, turn=4)
        assert bolt in _casts(g, 1), "during their own turn"


URZAS_RUINOUS_BLAST = record("Urza's Ruinous Blast", "{4}{W}", "Legendary Sorcery",
                             "(You may cast a legendary sorcery only if you control a legendary creature or "
                             "planeswalker.)\nExile all nonland permanents that aren't legendary.")


@pytest.mark.rules("205.4e", "205.4d")
def test_a_legendary_sorcery_needs_a_legendary_creature_or_planeswalker_and_spares_legendaries(extra_cards):
    extra_cards(URZAS_RUINOUS_BLAST, fully_read=True)
    g, ids = table(["Plains"] * 5 + ["Grizzly Bears"], ["Hill Giant"], ["Urza's Ruinous Blast"])
    with pytest.raises(IllegalAction, match="205.4e"):
        g.apply(CastSpell(0, ids["Urza's Ruinous Blast"]))
    assert not any(isinstance(a, CastSpell) for a in g.legal_actions())
    hound = g.add_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Urza's Ruinous Blast"])
    assert hound in g.state.battlefield and ids["Grizzly Bears"] not in g.state.battlefield
    assert ids["B:Hill Giant"] not in g.state.battlefield


BRAND_OF_ILL_OMEN = record("Brand of Ill Omen", "{3}{R}", "Enchantment — Aura",
                           "Enchant creature\nCumulative upkeep {R} (At the beginning of your upkeep, put an age counter "
                           "on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on "
                           "it.)\nEnchanted creature's controller can't cast creature spells.")


@pytest.mark.rules("101.2", "303.4")
def test_enchanted_creatures_controller_cant_cast_creature_spells(extra_cards):
    extra_cards(BRAND_OF_ILL_OMEN, fully_read=True)
    g, ids = table(["Mountain"] * 4, ["Forest", "Forest", "Llanowar Elves"], ["Brand of Ill Omen", "Grizzly Bears"],
                   hand_b=["Grizzly Bears"])
    cast_and_resolve(g, ids["Brand of Ill Omen"], targets=((ids["B:Llanowar Elves"],),))
    advance(g, Step.MAIN1, turn=4)                       # B's turn: B controls the enchanted Elves
    assert not any(isinstance(a, CastSpell) and a.card == ids["B:Grizzly Bears"] for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Grizzly Bears"]))


@pytest.mark.rules("101.2", "305.1", "601.2a")
def test_no_land_or_spell_from_your_hand(extra_cards):
    # the top of the library is still open to both (Experimental Frenzy's own permission, 401.5)
    extra_cards(EXPERIMENTAL_FRENZY, fully_read=True)
    g, ids = table(["Experimental Frenzy", "Mountain", "Mountain"], [], ["Lightning Bolt", "Forest"])
    assert _casts(g, 0) == set()
    top = g.state.players[0].library[-1]          # a Plains
    assert {a.card for a in g.legal_actions() if isinstance(a, PlayLand)} == {top}
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),)))
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(PlayLand(0, ids["Forest"]))
    g.apply(PlayLand(0, top))
    assert len(on_battlefield(g, "Plains")) == 1
    bolt = g.add_card("Lightning Bolt", 0, Zone.LIBRARY)
    cast_and_resolve(g, bolt, targets=(("P1",),))
    assert g.state.players[1].life == 17
    g, ids = table(["Mountain"], ["Experimental Frenzy"], ["Lightning Bolt", "Forest"])
    assert _casts(g, 0) == {ids["Lightning Bolt"]}         # only its controller is bound
    g.apply(PlayLand(0, ids["Forest"]))


@pytest.mark.rules("101.2", "601.2a", "702.34a")
def test_opponents_cast_spells_only_from_their_hands(extra_cards):
    extra_cards(DRANNITH_MAGISTRATE, fully_read=True)     # Think Twice: of the starter pool
    g, ids = table(["Island", "Island", "Island"], ["Drannith Magistrate"], ["Think Twice"])
    in_graveyard = g.add_card("Think Twice", 0, Zone.GRAVEYARD)
    assert _casts(g, 0) == {ids["Think Twice"]}
    with pytest.raises(IllegalAction, match="101.2"):
        g.apply(CastSpell(0, in_graveyard, alt="flashback"))
    cast_and_resolve(g, ids["Think Twice"])              # from the hand as usual
    g, ids = table(["Island", "Island", "Island", "Drannith Magistrate"], [], [])
    in_graveyard = g.add_card("Think Twice", 0, Zone.GRAVEYARD)
    assert in_graveyard in _casts(g, 0)                   # its controller isn't bound
