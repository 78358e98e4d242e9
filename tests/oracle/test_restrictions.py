"""Combat restrictions and "can't be countered" read from Oracle text (engine.oracle.statics; 508.1c,
509.1b, 113.6g): each compiled from a real card's wording, then played."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from engine.oracle import compile_card
from engine.rules.combat import can_attack, can_block, can_block_attacker
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, pass_until, resolve_stack, table
from tests.oracle.conftest import record

CLOUD_SPRITE = record("Cloud Sprite", "{U}", "Creature — Faerie",
                      "Flying\nCloud Sprite can block only creatures with flying.", "1/1")
SEA_MONSTER = record("Sea Monster", "{4}{U}{U}", "Creature — Serpent",
                     "Sea Monster can't attack unless defending player controls an Island.", "6/6")
INESCAPABLE_BLAZE = record("Inescapable Blaze", "{4}{R}{R}", "Instant",
                           "This spell can't be countered.\nInescapable Blaze deals 6 damage to any target.")
SPELLBREAKER_BEHEMOTH = record("Spellbreaker Behemoth", "{1}{R}{G}{G}", "Creature — Beast",
                               "This spell can't be countered.\nCreature spells you control with power 5 or greater "
                               "can't be countered.", "5/5")

SPIRE_TRACER = record("Spire Tracer", "{G}", "Creature — Elf Scout",
                      "Spire Tracer can't be blocked except by creatures with flying or reach.", "1/1")
DREAD_WARLOCK = record("Dread Warlock", "{1}{B}{B}", "Creature — Human Wizard",
                       "Dread Warlock can't be blocked except by black creatures.", "2/2")
GAEAS_PROTECTOR = record("Gaea's Protector", "{3}{G}", "Creature — Elemental Warrior",
                         "Gaea's Protector must be blocked if able.", "4/2")
MOGG_FLUNKIES = record("Mogg Flunkies", "{2}{R}", "Creature — Goblin", "Mogg Flunkies can't attack or block alone.",
                       "3/3")
DEMOTION = record("Demotion", "{W}", "Enchantment — Aura",
                  "Enchant creature\nEnchanted creature can't block, and its activated abilities can't be activated.")
SHINY_IMPETUS = record("Shiny Impetus", "{2}{R}", "Enchantment — Aura",
                       "Enchant creature\nEnchanted creature gets +2/+2 and is goaded. (It attacks each combat if able "
                       "and attacks a player other than you if able.)\nWhenever enchanted creature attacks, you create a "
                       "Treasure token.")
FELHIDE_BRAWLER = record("Felhide Brawler", "{1}{B}", "Creature — Minotaur",
                         "Felhide Brawler can't block unless you control another Minotaur.", "2/2")
FELHIDE_MINOTAUR = record("Felhide Minotaur", "{2}{B}", "Creature — Minotaur", "", "2/3")
RIVER_SERPENT = record("River Serpent", "{5}{U}", "Creature — Serpent",
                       "River Serpent can't attack unless there are five or more cards in your graveyard.\n"
                       "Cycling {U}", "5/5")
IRONCLAW_ORCS = record("Ironclaw Orcs", "{1}{R}", "Creature — Orc", "Ironclaw Orcs can't block creatures with power 2 "
                       "or greater.", "2/2")
WANDERING_WOLF = record("Wandering Wolf", "{1}{G}", "Creature — Wolf",
                        "Creatures with power less than Wandering Wolf's power can't block it.", "2/1")
INSTILL_ENERGY = record("Instill Energy", "{G}", "Enchantment — Aura",
                        "Enchant creature\nEnchanted creature can attack as though it had haste.\n{0}: Untap enchanted "
                        "creature. Activate only during your turn and only once each turn.")
DROWSING_TYRANNODON = record("Drowsing Tyrannodon", "{1}{G}", "Creature — Dinosaur",
                             "Defender (This creature can't attack.)\nAs long as you control a creature with power 4 or "
                             "greater, Drowsing Tyrannodon can attack as though it didn't have defender.", "3/3")


@pytest.mark.rules("509.1b")
def test_can_block_only_creatures_with_flying(extra_cards):
    extra_cards(CLOUD_SPRITE)
    g, ids = table(["Grizzly Bears", "Serra Angel"], ["Cloud Sprite"], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1", ids["Serra Angel"]: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {ids["B:Cloud Sprite"]: (ids["Grizzly Bears"],)}))
    g.apply(DeclareBlockers(1, {ids["B:Cloud Sprite"]: (ids["Serra Angel"],)}))


@pytest.mark.rules("508.1c")
@pytest.mark.parametrize("defender_land,can", [("Island", True), ("Forest", False)])
def test_cant_attack_unless_defending_player_controls(extra_cards, defender_land, can):
    extra_cards(SEA_MONSTER)
    g, ids = table(["Sea Monster"], [defender_land], step=Step.MAIN1)
    assert can_attack(g, ids["Sea Monster"]) is can


CHAINED_THROATSEEKER = record("Chained Throatseeker", "{5}{U}", "Creature — Phyrexian Horror",
                              "Infect (This creature deals damage to creatures in the form of -1/-1 counters and to "
                              "players in the form of poison counters.)\nChained Throatseeker can't attack unless "
                              "defending player is poisoned.", "5/5")
VANTRESS_GARGOYLE = record("Vantress Gargoyle", "{1}{U}", "Artifact Creature — Gargoyle",
                           "Flying\nVantress Gargoyle can't attack unless defending player has seven or more cards in "
                           "their graveyard.\nVantress Gargoyle can't block unless you have four or more cards in hand."
                           "\n{T}: Each player mills a card.", "5/4")


@pytest.mark.rules("508.1c", "122.1f")
@pytest.mark.parametrize("poison,can", [(1, True), (0, False)])
def test_cant_attack_unless_defending_player_is_poisoned(extra_cards, poison, can):
    extra_cards(CHAINED_THROATSEEKER, fully_read=True)
    g, ids = table(["Chained Throatseeker"], [], step=Step.MAIN1)
    g.state.players[1].poison = poison
    g.state.players[0].poison = 1           # its controller's own poison counters don't count
    assert can_attack(g, ids["Chained Throatseeker"]) is can


@pytest.mark.rules("508.1c", "404.1")
@pytest.mark.parametrize("cards,can", [(7, True), (6, False)])
def test_cant_attack_unless_defending_player_has_seven_cards_in_their_graveyard(extra_cards, cards, can):
    extra_cards(VANTRESS_GARGOYLE, fully_read=True)
    g, ids = table(["Vantress Gargoyle"], [], step=Step.MAIN1)
    for _ in range(cards):
        g.add_card("Plains", 1, Zone.GRAVEYARD)
    for _ in range(7):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    assert can_attack(g, ids["Vantress Gargoyle"]) is can


SNEAKY_HOMUNCULUS = record("Sneaky Homunculus", "{1}{U}", "Creature — Homunculus Illusion",
                           "Sneaky Homunculus can't block or be blocked by creatures with power 2 or greater.", "1/1")


@pytest.mark.rules("509.1b")
def test_cant_block_or_be_blocked_by_creatures_with_power_2_or_greater(extra_cards):
    extra_cards(SNEAKY_HOMUNCULUS, fully_read=True)
    g, ids = table(["Sneaky Homunculus", "Llanowar Elves"], ["Hill Giant", "Llanowar Elves"], step=Step.MAIN1)
    homunculus, giant, elves = ids["Sneaky Homunculus"], ids["B:Hill Giant"], ids["B:Llanowar Elves"]
    assert not can_block_attacker(g, giant, homunculus) and can_block_attacker(g, elves, homunculus)
    assert not can_block_attacker(g, homunculus, giant) and can_block_attacker(g, homunculus, elves)
    assert can_block_attacker(g, ids["Llanowar Elves"], giant), "the restrictions are the Homunculus's only"


@pytest.mark.rules("113.6g", "101.2", "701.6a")
def test_this_spell_cant_be_countered(extra_cards):
    extra_cards(INESCAPABLE_BLAZE)
    g, ids = table(["Mountain"] * 6, ["Island", "Island"], hand_a=["Inescapable Blaze"])
    counterspell = g.add_card("Counterspell", 1, Zone.HAND)
    g.apply(CastSpell(0, ids["Inescapable Blaze"], targets=(("P1",),)))
    g.apply(PassPriority(0))
    cast_and_resolve(g, counterspell, targets=((g.state.stack[-1],),), player=1)
    assert g.state.players[1].life == 14


@pytest.mark.rules("101.2", "701.6a")
@pytest.mark.parametrize("spell,resolves", [("Shivan Dragon", True), ("Grizzly Bears", False)])
def test_creature_spells_you_control_with_power_5_cant_be_countered(extra_cards, spell, resolves):
    extra_cards(SPELLBREAKER_BEHEMOTH)
    _countered(spell, resolves, ["Spellbreaker Behemoth"])


def _countered(spell, resolves, permanents):
    g, ids = table(["Forest"] * 6 + ["Mountain"] * 2 + permanents, ["Island", "Island"], hand_a=[spell])
    counterspell = g.add_card("Counterspell", 1, Zone.HAND)
    g.apply(CastSpell(0, ids[spell]))
    g.apply(PassPriority(0))
    cast_and_resolve(g, counterspell, targets=((g.state.stack[-1],),), player=1)
    assert (spell in [g.characteristics(o).name for o in g.state.battlefield]) is resolves


@pytest.mark.rules("509.1b")
@pytest.mark.parametrize("card,legal", [(SPIRE_TRACER, "Serra Angel"), (DREAD_WARLOCK, "Vampire Nighthawk")])
def test_cant_be_blocked_except_by(extra_cards, card, legal):
    assert not compile_card(card).unsupported
    extra_cards(card)
    g, ids = table([card["name"]], ["Grizzly Bears", legal], step=Step.BEGINNING_OF_COMBAT)
    attacker = ids[card["name"]]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {attacker: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (attacker,)}))
    g.apply(DeclareBlockers(1, {ids["B:" + legal]: (attacker,)}))
    assert g.state.combat.blockers



DUST_CORONA = record("Dust Corona", "{R}", "Enchantment — Aura",
                     "Enchant creature\nEnchanted creature gets +2/+0 and can't be blocked by creatures with flying.")


@pytest.mark.rules("509.1b", "613.4c")
def test_gets_and_cant_be_blocked_by_creatures_with_flying(extra_cards):
    extra_cards(DUST_CORONA, fully_read=True)
    g, ids = table(["Mountain", "Grizzly Bears"], ["Serra Angel", "Hill Giant"], hand_a=["Dust Corona"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Dust Corona"], targets=((bears,),))
    assert g.characteristics(bears).power == 4
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {ids["B:Serra Angel"]: (bears,)}))
    g.apply(DeclareBlockers(1, {ids["B:Hill Giant"]: (bears,)}))
    assert g.state.combat.blockers


@pytest.mark.rules("509.1c")
def test_must_be_blocked_if_able(extra_cards):
    extra_cards(GAEAS_PROTECTOR, fully_read=True)
    g, ids = table(["Gaea's Protector", "Grizzly Bears"], ["Grizzly Bears", "Serra Angel"],
                   step=Step.BEGINNING_OF_COMBAT)
    protector = ids["Gaea's Protector"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {protector: "P1", ids["Grizzly Bears"]: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {}))
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Grizzly Bears"],)}))
    # One blocker obeys the requirement; the other creature may do as it likes.
    g.apply(DeclareBlockers(1, {ids["B:Serra Angel"]: (protector,), ids["B:Grizzly Bears"]: (ids["Grizzly Bears"],)}))
    assert g.state.combat.blockers_of(protector) == [ids["B:Serra Angel"]]


@pytest.mark.rules("506.5", "508.1c", "509.1b")
def test_cant_attack_or_block_alone(extra_cards):
    extra_cards(MOGG_FLUNKIES, fully_read=True)
    g, ids = table(["Mogg Flunkies", "Grizzly Bears"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    flunkies = ids["Mogg Flunkies"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    assert not any(isinstance(a, DeclareAttackers) and set(a.attacks) == {flunkies} for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {flunkies: "P1"}))
    g.apply(DeclareAttackers(0, {flunkies: "P1", ids["Grizzly Bears"]: "P1"}))
    # Blocking: the Flunkies, the only creature able to block, can't block alone.
    g, ids = table(["Grizzly Bears"], ["Mogg Flunkies"], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    assert not any(isinstance(a, DeclareBlockers) and a.blocks for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {ids["B:Mogg Flunkies"]: (ids["Grizzly Bears"],)}))
    g.apply(DeclareBlockers(1, {}))


@pytest.mark.rules("509.1b", "602.5")
def test_cant_block_and_its_activated_abilities_cant_be_activated(extra_cards):
    extra_cards(DEMOTION, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Llanowar Elves"], hand_b=["Giant Growth"], step=Step.BEGINNING_OF_COMBAT)
    elves = ids["B:Llanowar Elves"]
    g.attach(g.add_card("Demotion", 1, Zone.BATTLEFIELD), elves)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
    assert g.pending.kind is not DecisionKind.DECLARE_BLOCKERS      # its only creature can't block
    g.apply(PassPriority(0))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(1, elves, 0))                        # its mana ability neither (602.5)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Giant Growth"], targets=((elves,),)))   # nor does the payment tap it


@pytest.mark.rules("701.15a", "508.1d")
def test_enchanted_creature_is_goaded(extra_cards):
    extra_cards(SHINY_IMPETUS, fully_read=True)
    g, ids = table(["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    g.attach(g.add_card("Shiny Impetus", 1, Zone.BATTLEFIELD), ids["Grizzly Bears"])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {}))
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))


TETSUKO_UMEZAWA = record("Tetsuko Umezawa, Fugitive", "{1}{U}", "Legendary Creature — Human Rogue",
                         "Creatures you control with power or toughness 1 or less can't be blocked.", "1/3")


@pytest.mark.rules("509.1b", "611.3a", "613.4c")
@pytest.mark.parametrize("anthem", [False, True])
def test_creatures_with_power_or_toughness_1_or_less_cant_be_blocked(extra_cards, anthem):
    extra_cards(TETSUKO_UMEZAWA, fully_read=True)
    g, ids = table(["Tetsuko Umezawa, Fugitive", "Llanowar Elves", "Grizzly Bears"] + ["Glorious Anthem"] * anthem,
                   ["Hill Giant"])
    giant = ids["B:Hill Giant"]
    # the rule reads each creature as it finally is: with the anthem, power 2 and toughness 2 or more
    assert [can_block_attacker(g, giant, ids[n]) for n in ("Tetsuko Umezawa, Fugitive", "Llanowar Elves",
                                                           "Grizzly Bears")] == [anthem, anthem, True]


SILUMGAR_ASSASSIN = record("Silumgar Assassin", "{1}{B}", "Creature — Human Assassin",
                           "Creatures with power greater than Silumgar Assassin's power can't block it.\nMegamorph {2}{B} "
                           "(You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its "
                           "megamorph cost and put a +1/+1 counter on it.)\nWhen Silumgar Assassin is turned face up, "
                           "destroy target creature with power 3 or less an opponent controls.", "2/1")
SPITFIRE_HANDLER = record("Spitfire Handler", "{1}{R}", "Creature — Goblin",
                          "Spitfire Handler can't block creatures with power greater than Spitfire Handler's power.\n"
                          "{R}: Spitfire Handler gets +1/+0 until end of turn.", "1/1")


@pytest.mark.rules("509.1b")
def test_creatures_with_power_greater_than_its_power_cant_block_it(extra_cards):
    extra_cards(SILUMGAR_ASSASSIN, fully_read=True)
    g, ids = table(["Silumgar Assassin"], ["Grizzly Bears", "Hill Giant"])
    assassin = ids["Silumgar Assassin"]
    assert can_block_attacker(g, ids["B:Grizzly Bears"], assassin), "power 2, not greater than 2"
    assert not can_block_attacker(g, ids["B:Hill Giant"], assassin)


@pytest.mark.rules("509.1b")
def test_cant_block_creatures_with_power_greater_than_its_power(extra_cards):
    extra_cards(SPITFIRE_HANDLER, fully_read=True)
    g, ids = table(["Llanowar Elves", "Grizzly Bears"], ["Spitfire Handler", "Mountain"], active=1)
    handler = ids["B:Spitfire Handler"]
    assert can_block_attacker(g, handler, ids["Llanowar Elves"])
    assert not can_block_attacker(g, handler, ids["Grizzly Bears"])
    activate_and_resolve(g, handler, 0, player=1)
    assert can_block_attacker(g, handler, ids["Grizzly Bears"]), "2/1 now: 2 isn't greater"


RECKLESS_COHORT = record("Reckless Cohort", "{1}{R}", "Creature — Human Warrior Ally",
                         "Reckless Cohort attacks each combat if able unless you control another Ally.", "2/2")
IRON_GOLEM = record("Iron Golem", "{4}", "Artifact Creature — Golem",
                    "Vigilance\nIron Golem attacks or blocks each combat if able.", "5/3")


@pytest.mark.rules("508.1d")
@pytest.mark.parametrize("allies, must", [(["Reckless Cohort"], True), (["Reckless Cohort", "Reckless Cohort"], False)])
def test_attacks_each_combat_if_able_unless(extra_cards, allies, must):
    extra_cards(RECKLESS_COHORT, fully_read=True)
    g = table([], step=Step.BEGINNING_OF_COMBAT)[0]
    cohorts = [g.add_card(name, 0, Zone.BATTLEFIELD) for name in allies]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    if must:
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(0, {}))
        g.apply(DeclareAttackers(0, {cohorts[0]: "P1"}))
    else:
        g.apply(DeclareAttackers(0, {}))        # each controls another Ally: no requirement
        assert not g.state.combat or not g.state.combat.attackers


@pytest.mark.rules("508.1d", "509.1c")
def test_attacks_or_blocks_each_combat_if_able(extra_cards):
    extra_cards(IRON_GOLEM, fully_read=True)
    g, ids = table(["Iron Golem"], ["Grizzly Bears", "Iron Golem"], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {}))        # its controller's turn: it attacks if able
    g.apply(DeclareAttackers(0, {ids["Iron Golem"]: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Iron Golem"],)}))     # B's Golem blocks if able
    g.apply(DeclareBlockers(1, {ids["B:Iron Golem"]: (ids["Iron Golem"],)}))


MOGG_TOADY = record("Mogg Toady", "{1}{R}", "Creature — Goblin",
                    "Mogg Toady can't attack unless you control more creatures than defending player.\nMogg Toady can't "
                    "block unless you control more creatures than attacking player.", "2/2")
MONSTROUS_HOUND = record("Monstrous Hound", "{3}{R}", "Creature — Dog",
                         "Monstrous Hound can't attack unless you control more lands than defending player.\nMonstrous "
                         "Hound can't block unless you control more lands than attacking player.", "4/4")


def _blocks_with(g, blocker: int, attacker: int) -> bool:
    """A attacks B with `attacker`; whether B may then declare `blocker` blocking it (509.1b)."""
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {attacker: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    try:
        g.apply(DeclareBlockers(1, {blocker: (attacker,)}))
    except IllegalAction:
        return False
    return True


@pytest.mark.rules("508.1c", "509.1b")
@pytest.mark.parametrize("others, can", [(0, False), (1, True)])
def test_cant_attack_or_block_unless_you_control_more_creatures(extra_cards, others, can):
    extra_cards(MOGG_TOADY, fully_read=True)
    g, ids = table(["Mogg Toady"] + ["Llanowar Elves"] * others, ["Grizzly Bears", "Hill Giant"][:1 + others],
                   step=Step.BEGINNING_OF_COMBAT)
    assert not can_attack(g, ids["Mogg Toady"]), "as many creatures as defending player: not more"
    g.add_card("Llanowar Elves", 0, Zone.BATTLEFIELD)
    assert can_attack(g, ids["Mogg Toady"])
    g, ids = table(["Grizzly Bears", "Llanowar Elves"], ["Mogg Toady", "Hill Giant", "Grizzly Bears"][:2 + others],
                   step=Step.BEGINNING_OF_COMBAT)
    assert _blocks_with(g, ids["B:Mogg Toady"], ids["Grizzly Bears"]) is can, "two against B's two or three"


@pytest.mark.rules("508.1c", "509.1b")
@pytest.mark.parametrize("lands, can", [(2, False), (3, True)])
def test_cant_attack_or_block_unless_you_control_more_lands(extra_cards, lands, can):
    extra_cards(MONSTROUS_HOUND, fully_read=True)
    g, ids = table(["Monstrous Hound"] + ["Mountain"] * lands, ["Mountain"] * 2 + ["Grizzly Bears"],
                   step=Step.BEGINNING_OF_COMBAT)
    assert can_attack(g, ids["Monstrous Hound"]) is can, "against two lands"
    g, ids = table(["Grizzly Bears", "Mountain", "Mountain"], ["Monstrous Hound", "Hill Giant"] + ["Mountain"] * lands,
                   step=Step.BEGINNING_OF_COMBAT)
    assert _blocks_with(g, ids["B:Monstrous Hound"], ids["Grizzly Bears"]) is can, "against the attacking player's two"


@pytest.mark.rules("509.1b", "508.1c")
def test_cant_block_or_attack_unless(extra_cards):
    for card in (FELHIDE_BRAWLER, RIVER_SERPENT):
        assert not compile_card(card).unsupported
    extra_cards(FELHIDE_BRAWLER, FELHIDE_MINOTAUR, RIVER_SERPENT)
    for others, can in (([], False), (["Felhide Minotaur"], True)):
        g, ids = table(["Grizzly Bears"], ["Felhide Brawler", *others], step=Step.BEGINNING_OF_COMBAT)
        pass_until(g, DecisionKind.DECLARE_ATTACKERS)
        g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
        assert can_block(g, ids["B:Felhide Brawler"]) is can
    g, ids = table(["River Serpent"])
    assert not can_attack(g, ids["River Serpent"])
    for _ in range(5):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    assert can_attack(g, ids["River Serpent"])


@pytest.mark.rules("509.1b")
def test_cant_block_creatures_with_power_2_or_greater(extra_cards):
    extra_cards(IRONCLAW_ORCS, fully_read=True)
    g, ids = table(["Grizzly Bears", "Llanowar Elves"], ["Ironclaw Orcs"], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1", ids["Llanowar Elves"]: "P1"}))
    assert not can_block_attacker(g, ids["B:Ironclaw Orcs"], ids["Grizzly Bears"])      # power 2
    assert can_block_attacker(g, ids["B:Ironclaw Orcs"], ids["Llanowar Elves"])          # power 1


@pytest.mark.rules("509.1b")
def test_creatures_with_lesser_power_cant_block_it(extra_cards):
    extra_cards(WANDERING_WOLF, fully_read=True)
    g, ids = table(["Wandering Wolf"], ["Llanowar Elves", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Wandering Wolf"]: "P1"}))
    assert not can_block_attacker(g, ids["B:Llanowar Elves"], ids["Wandering Wolf"])     # 1 < 2
    assert can_block_attacker(g, ids["B:Grizzly Bears"], ids["Wandering Wolf"])          # 2, not less


@pytest.mark.rules("508.1d", "506.5")
def test_a_requirement_a_creature_that_cant_attack_alone_cant_obey(extra_cards):
    # A fuzz find: a goaded creature that can't attack alone, the only one able to attack: no declaration obeys
    # the requirement, so declaring no attackers is legal (508.1d: as many requirements as possible).
    extra_cards(MOGG_FLUNKIES, SHINY_IMPETUS)
    g, ids = table(["Mogg Flunkies"], step=Step.BEGINNING_OF_COMBAT)
    g.attach(g.add_card("Shiny Impetus", 1, Zone.BATTLEFIELD), ids["Mogg Flunkies"])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    assert DeclareAttackers(0, {}) in g.legal_actions()
    g.apply(DeclareAttackers(0, {}))


@pytest.mark.rules("509.1c", "506.5")
def test_a_block_requirement_a_creature_that_cant_block_alone_cant_obey(extra_cards):
    extra_cards(MOGG_FLUNKIES, GAEAS_PROTECTOR)
    g, ids = table(["Gaea's Protector"], ["Mogg Flunkies"], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Gaea's Protector"]: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    assert DeclareBlockers(1, {}) in g.legal_actions()
    g.apply(DeclareBlockers(1, {}))


@pytest.mark.rules("508.1d", "506.5")
def test_a_goaded_creature_that_cant_attack_alone_attacks_with_another(extra_cards):
    # A fuzz find: with another creature able to attack, the requirement can be obeyed (both attack), so a
    # declaration without it is illegal, and every declaration offered is accepted.
    extra_cards(MOGG_FLUNKIES, SHINY_IMPETUS)
    g, ids = table(["Mogg Flunkies", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    flunkies, bears = ids["Mogg Flunkies"], ids["Grizzly Bears"]
    g.attach(g.add_card("Shiny Impetus", 1, Zone.BATTLEFIELD), flunkies)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    offered = [a for a in g.legal_actions() if isinstance(a, DeclareAttackers)]
    assert offered and all(flunkies in a.attacks and len(a.attacks) == 2 for a in offered)
    for illegal in ({}, {bears: "P1"}, {flunkies: "P1"}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(0, illegal))
    g.apply(offered[0])


BJORNA = record("Bjorna, Nightfall Alchemist", "{U}{R}", "Legendary Creature — Human",
                "{T}, Sacrifice an artifact: Bjorna, Nightfall Alchemist deals 1 damage to target creature. Goad that "
                "creature. (Until your next turn, that creature attacks each combat if able and attacks a player other "
                "than you if able.)\nFriends forever (You can have two commanders if both have friends forever.)", "1/3")


@pytest.mark.rules("701.15a", "701.15b", "508.1d")
def test_a_goaded_creature_attacks_a_player_other_than_the_goader_if_able(extra_cards):
    # Found by the compiled-card sample: goad was only "attacks each combat if able". With three players, the
    # creature Bjorna goaded must attack C, not A (nor declare no attack), and every declaration offered obeys.
    extra_cards(BJORNA, fully_read=True)
    g = Game.empty(["A", "B", "C"])
    for p in range(3):
        for _ in range(4):
            g.add_card("Plains", p, Zone.LIBRARY)
    bjorna = g.add_card("Bjorna, Nightfall Alchemist", 0, Zone.BATTLEFIELD)
    g.add_card("Ornithopter", 0, Zone.BATTLEFIELD)
    bears = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.MAIN1)
    activate_and_resolve(g, bjorna, targets=(bears,))
    assert g.state.objects[bears].damage == 1
    advance(g, Step.BEGINNING_OF_COMBAT, turn=4)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    offered = [a for a in g.legal_actions() if isinstance(a, DeclareAttackers)]
    assert offered and all(a.attacks == {bears: "P2"} for a in offered)
    for illegal in ({}, {bears: "P0"}):
        with pytest.raises(IllegalAction):
            g.clone().apply(DeclareAttackers(1, illegal))
    g.apply(DeclareAttackers(1, {bears: "P2"}))


@pytest.mark.rules("302.6", "702.3b", "508.1a")
def test_can_attack_as_though_it_had_haste_or_didnt_have_defender(extra_cards):
    for card in (INSTILL_ENERGY, DROWSING_TYRANNODON):
        assert not compile_card(card).unsupported
    extra_cards(INSTILL_ENERGY, DROWSING_TYRANNODON)
    g, ids = table(["Grizzly Bears"])
    bears = ids["Grizzly Bears"]
    g.state.objects[bears].sick = True
    assert not can_attack(g, bears)
    g.attach(g.add_card("Instill Energy", 0, Zone.BATTLEFIELD), bears)
    assert can_attack(g, bears)
    g, ids = table(["Drowsing Tyrannodon", "Hill Giant"])
    assert not can_attack(g, ids["Drowsing Tyrannodon"])
    g, ids = table(["Drowsing Tyrannodon", "Serra Angel"])
    assert can_attack(g, ids["Drowsing Tyrannodon"])


HECKLING_FIENDS = record("Heckling Fiends", "{2}{R}", "Creature — Devil", "{2}{R}: Target creature attacks this turn if able.",
                         "2/2")
WALKING_WALL = record("Walking Wall", "{4}", "Artifact Creature — Wall",
                      "Defender\n{3}: Walking Wall gets +3/-1 until end of turn and can attack this turn as though it "
                      "didn't have defender. Activate only once each turn.", "0/6")


@pytest.mark.rules("508.1d", "611.2a")
def test_heckling_fiends_makes_a_creature_attack_this_turn(extra_cards):
    extra_cards(HECKLING_FIENDS)
    g, ids = table(["Heckling Fiends", "Grizzly Bears", "Mountain", "Mountain", "Mountain"], [],
                   step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Heckling Fiends"], 0, targets=(bears,)))
    resolve_stack(g)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    offered = [a.attacks for a in g.legal_actions() if isinstance(a, DeclareAttackers)]
    assert offered and all(bears in attacks for attacks in offered)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {}))
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    assert bears in g.state.combat.attackers


@pytest.mark.rules("702.3b", "611.2a")
def test_walking_wall_attacks_this_turn_despite_defender(extra_cards):
    extra_cards(WALKING_WALL)
    g, ids = table(["Walking Wall", "Island", "Island", "Island"], [], step=Step.MAIN1)
    wall = ids["Walking Wall"]
    assert not can_attack(g, wall)
    g.apply(ActivateAbility(0, wall, 0))
    resolve_stack(g)
    assert can_attack(g, wall)
    assert (g.characteristics(wall).power, g.characteristics(wall).toughness) == (3, 5)
    turn = g.state.turn
    advance(g, Step.MAIN1, turn + 2)
    assert not can_attack(g, wall)          # this turn only
