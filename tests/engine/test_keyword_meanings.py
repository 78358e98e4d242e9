"""Keywords the compiler turns into abilities from their 702.x rule (oracle/keyword_meanings.py and
compiler._keyword_abilities): annihilator 702.86, afflict 702.130, modular 702.43, living weapon 702.92,
echo 702.30, cumulative upkeep 702.24, bloodthirst 702.54, unleash 702.98, riot 702.136, fabricate 702.123."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import (advance, attack, cast_and_settle, on_battlefield, preferring, settle, table,
                                  until_blockers)
from tests.engine.test_keyword_combat import creature

HAND_OF_EMRAKUL = creature("Hand of Emrakul", "{9}", "Eldrazi", "You may sacrifice four Eldrazi Spawn rather than "
                           "pay this spell's mana cost.\nAnnihilator 1 (Whenever this creature attacks, defending "
                           "player sacrifices a permanent.)", "7/7")
ETERNAL_OF_HARSH_TRUTHS = creature("Eternal of Harsh Truths", "{2}{U}", "Zombie Cleric", "Afflict 2 (Whenever this "
                                   "creature becomes blocked, defending player loses 2 life.)\nWhenever Eternal of "
                                   "Harsh Truths attacks and isn't blocked, draw a card.", "1/3")
ARCBOUND_WORKER = creature("Arcbound Worker", "{1}", "Construct", "Modular 1 (This creature enters with a +1/+1 "
                           "counter on it. When it dies, you may put its +1/+1 counters on target artifact "
                           "creature.)", "0/0", types=("Artifact", "Creature"))
FLAYER_HUSK = {"name": "Flayer Husk", "manaCost": "{1}", "type": "Artifact — Equipment", "types": ["Artifact"],
               "subtypes": ["Equipment"], "text": "Living weapon (When this Equipment enters, create a 0/0 black "
               "Phyrexian Germ creature token, then attach this to it.)\nEquipped creature gets +1/+1.\nEquip {2}"}


@pytest.mark.rules("702.86a")
def test_annihilator_makes_the_defending_player_sacrifice(extra_cards):
    extra_cards(HAND_OF_EMRAKUL)
    g, ids = table(["Hand of Emrakul"], ["Grizzly Bears", "Plains"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Hand of Emrakul"])
    assert g.state.stack, "annihilator triggers when it attacks"
    settle(g, preferring(ids["B:Plains"]))
    assert g.state.objects.get(ids["B:Plains"]) is None or g.state.objects[ids["B:Plains"]].zone is not Zone.BATTLEFIELD
    assert on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("702.130a")
def test_afflict_when_it_becomes_blocked(extra_cards):
    extra_cards(ETERNAL_OF_HARSH_TRUTHS)
    g, ids = table(["Eternal of Harsh Truths"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Eternal of Harsh Truths"])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Eternal of Harsh Truths"],)}))
    settle(g)
    assert g.state.players[1].life == 18


@pytest.mark.rules("702.43a", "608.2h")
def test_modular_enters_with_counters_and_moves_them_when_it_dies(extra_cards):
    extra_cards(ARCBOUND_WORKER)
    g, ids = table(["Mountain", "Ornithopter"], hand_a=["Arcbound Worker", "Lightning Bolt"])
    g.set_player(0, mana_pool="C")
    cast_and_settle(g, ids["Arcbound Worker"])
    (worker,) = on_battlefield(g, "Arcbound Worker")
    assert g.state.objects[worker].counters == {"+1/+1": 1}
    assert g.characteristics(worker).power == 1
    cast_and_settle(g, ids["Lightning Bolt"], targets=((worker,),),
                    answer=lambda d: (ids["Ornithopter"],) if ids["Ornithopter"] in d.options else tuple(d.options[:1]))
    assert g.state.objects[ids["Ornithopter"]].counters == {"+1/+1": 1}


@pytest.mark.rules("702.92a")
def test_living_weapon_makes_a_germ_and_equips_it(extra_cards):
    extra_cards(FLAYER_HUSK)
    g, ids = table(hand_a=["Flayer Husk"])
    g.set_player(0, mana_pool="C")
    cast_and_settle(g, ids["Flayer Husk"])
    (husk,) = on_battlefield(g, "Flayer Husk")
    (germ,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Phyrexian Germ Token"]
    assert g.state.objects[husk].attached_to == germ
    ch = g.characteristics(germ)
    assert (ch.power, ch.toughness) == (1, 1)       # 0/0, +1/+1 from the Husk: it survives the SBA check


HUNTING_MOA = creature("Hunting Moa", "{2}{G}", "Bird Beast", "Echo {2}{G} (At the beginning of your upkeep, if this "
                       "came under your control since the beginning of your last upkeep, sacrifice it unless you pay "
                       "its echo cost.)\nWhen Hunting Moa enters the battlefield or dies, put a +1/+1 counter on "
                       "target creature.", "3/2")
ROYAL_DECREE = {"name": "Royal Decree", "manaCost": "{2}{W}{W}", "type": "Enchantment", "types": ["Enchantment"],
                "subtypes": [], "text": "Cumulative upkeep {W} (At the beginning of your upkeep, put an age counter "
                "on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)"}


def upkeep_of(g: Game, turn: int, pay: bool) -> None:
    """Goes to A's upkeep of `turn` and resolves what triggered there, paying or not when asked."""
    advance(g, Step.UPKEEP, turn=turn)
    settle(g, lambda d: ("yes",) if pay and "yes" in d.options else ("no",) if "no" in d.options
           else tuple(d.options[:d.min or 1]))


@pytest.mark.rules("702.30a")
def test_echo_is_paid_once_at_the_first_upkeep(extra_cards):
    extra_cards(HUNTING_MOA)
    g, ids = table(["Hunting Moa", "Forest", "Forest", "Forest"])
    upkeep_of(g, 5, pay=True)
    assert on_battlefield(g, "Hunting Moa")
    assert sum(g.state.objects[f].tapped for f in on_battlefield(g, "Forest")) == 3
    advance(g, Step.UPKEEP, turn=7)
    assert not g.state.stack, "echo triggers only in the first upkeep after it came under your control"


@pytest.mark.rules("702.30a")
def test_echo_not_paid_sacrifices_it(extra_cards):
    extra_cards(HUNTING_MOA)
    g, ids = table(["Hunting Moa", "Forest", "Forest", "Forest"])
    upkeep_of(g, 5, pay=False)
    assert not on_battlefield(g, "Hunting Moa")


@pytest.mark.rules("702.24a")
def test_cumulative_upkeep_costs_more_each_upkeep(extra_cards):
    extra_cards(ROYAL_DECREE)
    g, ids = table(["Royal Decree", "Plains", "Plains"])
    decree = ids["Royal Decree"]
    upkeep_of(g, 5, pay=True)
    assert g.state.objects[decree].counters == {"age": 1}
    assert sum(g.state.objects[p].tapped for p in on_battlefield(g, "Plains")) == 1
    upkeep_of(g, 7, pay=True)
    assert g.state.objects[decree].counters == {"age": 2}
    assert sum(g.state.objects[p].tapped for p in on_battlefield(g, "Plains")) == 2
    upkeep_of(g, 9, pay=True)       # {W}{W}{W} with two Plains: it can't be paid
    assert not on_battlefield(g, "Royal Decree")


BLOODSCALE_PROWLER = creature("Bloodscale Prowler", "{2}{R}", "Viashino Warrior", "Bloodthirst 1 (If an opponent was "
                              "dealt damage this turn, this creature enters the battlefield with a +1/+1 counter on "
                              "it.)", "3/1")
RAKDOS_CACKLER = creature("Rakdos Cackler", "{B/R}", "Devil", "Unleash (You may have this creature enter the battlefield "
                          "with a +1/+1 counter on it. It can't block as long as it has a +1/+1 counter on it.)", "1/1")
BLOODSCALE_RIOT = creature("Burning-Tree Vandal", "{2}{R}", "Human Warrior", "Riot (This creature enters the "
                           "battlefield with your choice of a +1/+1 counter or haste.)", "2/1")
PROPELLER_PIONEER = creature("Propeller Pioneer", "{3}{W}", "Human Artificer", "Flying\nFabricate 1 (When this creature "
                             "enters the battlefield, put a +1/+1 counter on it or create a 1/1 colorless Servo "
                             "artifact creature token.)", "2/1")


def cast_with(g: Game, card: int, pick: str | None = None) -> int:
    """Casts `card` from A's hand with mana in the pool, answering its choice with `pick`; returns the
    permanent."""
    name = g.characteristics(card).name
    g.set_player(0, mana_pool="WUBRGC" * 2)
    cast_and_settle(g, card, answer=preferring(pick))
    (perm,) = on_battlefield(g, name)
    return perm


@pytest.mark.rules("702.54a")
def test_bloodthirst_only_after_an_opponent_was_dealt_damage(extra_cards):
    extra_cards(BLOODSCALE_PROWLER)
    g, ids = table(["Mountain"], hand_a=["Bloodscale Prowler", "Lightning Bolt"])
    plain = cast_with(g, ids["Bloodscale Prowler"])
    assert g.state.objects[plain].counters == {}
    g2, ids2 = table(["Mountain"], hand_a=["Bloodscale Prowler", "Lightning Bolt"])
    g2.apply(CastSpell(0, ids2["Lightning Bolt"], targets=(("P1",),)))
    settle(g2)
    assert g2.state.objects[cast_with(g2, ids2["Bloodscale Prowler"])].counters == {"+1/+1": 1}


@pytest.mark.rules("702.98a", "614.1c")
@pytest.mark.parametrize("pick,counters,blocks", [("a +1/+1 counter", {"+1/+1": 1}, False),
                                                  ("no counter", {}, True)])
def test_unleash_counter_or_it_can_block(extra_cards, pick, counters, blocks):
    extra_cards(RAKDOS_CACKLER)
    g, ids = table(hand_a=["Rakdos Cackler"], b=["Grizzly Bears"], turn=3)
    cackler = cast_with(g, ids["Rakdos Cackler"], pick)
    assert g.state.objects[cackler].counters == counters
    advance(g, Step.BEGINNING_OF_COMBAT, turn=4)
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {ids["B:Grizzly Bears"]: "P0"}))
    while g.pending.kind is DecisionKind.PRIORITY and g.state.step is Step.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    # The engine skips the blockers' declaration when no creature could block (509.1).
    blocked = g.pending.kind is DecisionKind.DECLARE_BLOCKERS
    if blocked:
        try:
            g.clone().apply(DeclareBlockers(0, {cackler: (ids["B:Grizzly Bears"],)}))
        except IllegalAction:
            blocked = False
    assert blocked is blocks


@pytest.mark.rules("702.136a", "614.1c")
def test_riot_counter_or_haste(extra_cards):
    extra_cards(BLOODSCALE_RIOT)
    g, ids = table(hand_a=["Burning-Tree Vandal"])
    vandal = cast_with(g, ids["Burning-Tree Vandal"], "haste")
    assert g.state.objects[vandal].counters == {} and g.characteristics(vandal).has("haste")
    g, ids = table(hand_a=["Burning-Tree Vandal"])
    vandal = cast_with(g, ids["Burning-Tree Vandal"], "a +1/+1 counter")
    assert g.state.objects[vandal].counters == {"+1/+1": 1} and not g.characteristics(vandal).has("haste")


@pytest.mark.rules("702.123a")
def test_fabricate_counters_or_servos(extra_cards):
    extra_cards(PROPELLER_PIONEER)
    g, ids = table(hand_a=["Propeller Pioneer"])
    pioneer = cast_with(g, ids["Propeller Pioneer"], "1 Servo token")
    assert g.state.objects[pioneer].counters == {}
    assert [g.characteristics(o).name for o in g.state.battlefield if o != pioneer] == ["Servo Token"]
    g, ids = table(hand_a=["Propeller Pioneer"])
    pioneer = cast_with(g, ids["Propeller Pioneer"], "1 +1/+1 counter on it")
    assert g.state.objects[pioneer].counters == {"+1/+1": 1} and len(g.state.battlefield) == 1


FIRE_FIELD_OGRE = creature("Fire-Field Ogre", "{1}{U}{B}{R}", "Ogre Mutant", "First strike\nUnearth {U}{B}{R} ({U}{B}{R}: "
                           "Return this card from your graveyard to the battlefield. It gains haste. Exile it at the "
                           "beginning of the next end step or if it would leave the battlefield. Unearth only as a "
                           "sorcery.)", "2/2")


def unearthed_ogre(extra_cards) -> tuple[Game, dict[str, int], int]:
    extra_cards(FIRE_FIELD_OGRE)
    g, ids = table(hand_a=["Lightning Bolt"])
    ogre = g.add_card("Fire-Field Ogre", 0, Zone.GRAVEYARD)
    g.set_player(0, mana_pool="UBRR")
    g.apply(ActivateAbility(0, ogre, 0))
    settle(g)
    (back,) = on_battlefield(g, "Fire-Field Ogre")
    return g, ids, back


@pytest.mark.rules("702.84a")
def test_unearth_returns_it_with_haste_then_exiles_it_at_the_end_step(extra_cards):
    g, ids, ogre = unearthed_ogre(extra_cards)
    assert g.characteristics(ogre).has("haste")
    advance(g, Step.END)
    settle(g)
    assert not on_battlefield(g, "Fire-Field Ogre")
    assert [g.state.objects[o].name for o in g.state.exile] == ["Fire-Field Ogre"]


@pytest.mark.rules("702.84a")
def test_unearthed_creature_that_dies_is_exiled_instead(extra_cards):
    g, ids, ogre = unearthed_ogre(extra_cards)
    cast_and_settle(g, ids["Lightning Bolt"], targets=((ogre,),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Fire-Field Ogre"]
    assert "Fire-Field Ogre" not in [g.state.objects[o].name for o in g.state.players[0].graveyard]


@pytest.mark.rules("702.84a")
def test_unearth_only_as_a_sorcery(extra_cards):
    extra_cards(FIRE_FIELD_OGRE)
    g, ids = table(step=Step.UPKEEP)
    ogre = g.add_card("Fire-Field Ogre", 0, Zone.GRAVEYARD)
    g.set_player(0, mana_pool="UBR")
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ogre, 0))


TORII_WATCHWARD = creature("Torii Watchward", "{4}{W}", "Spirit", "Vigilance (Attacking doesn't cause this creature to "
                           "tap.)\nSoulshift 4 (When this creature dies, you may return target Spirit card with mana "
                           "value 4 or less from your graveyard to your hand.)", "3/3")
KAMI_OF_EMPTY_GRAVES = creature("Kami of Empty Graves", "{3}{B}", "Spirit", "Soulshift 3 (When this creature dies, you "
                                "may return target Spirit card with mana value 3 or less from your graveyard to your "
                                "hand.)", "4/1")
PUS_KAMI = creature("Pus Kami", "{5}{B}{B}", "Spirit", "{B}, Sacrifice Pus Kami: Destroy target nonblack creature.\n"
                    "Soulshift 6 (When this creature dies, you may return target Spirit card with mana value 6 or less "
                    "from your graveyard to your hand.)", "3/3")


@pytest.mark.rules("702.46a")
def test_soulshift_returns_a_small_enough_spirit(extra_cards):
    extra_cards(TORII_WATCHWARD, KAMI_OF_EMPTY_GRAVES, PUS_KAMI)
    g, ids = table(["Torii Watchward", "Mountain"], hand_a=["Lightning Bolt"])
    kami = g.add_card("Kami of Empty Graves", 0, Zone.GRAVEYARD)
    pus = g.add_card("Pus Kami", 0, Zone.GRAVEYARD)
    offered: list = []

    def answer(d):
        offered.append(list(d.options))
        return (kami,) if kami in d.options else ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1])
    cast_and_settle(g, ids["Lightning Bolt"], targets=((ids["Torii Watchward"],),), answer=answer)
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Kami of Empty Graves"]
    assert all(pus not in options for options in offered)         # mana value 7


DREG_MANGLER = creature("Dreg Mangler", "{1}{B}{G}", "Plant Zombie", "Haste\nScavenge {3}{B}{G} ({3}{B}{G}, Exile this "
                        "card from your graveyard: Put a number of +1/+1 counters equal to this card's power on target "
                        "creature. Scavenge only as a sorcery.)", "3/3")


@pytest.mark.rules("702.97a")
def test_scavenge_exiles_the_card_for_counters_equal_to_its_power(extra_cards):
    extra_cards(DREG_MANGLER)
    g, ids = table(["Grizzly Bears"])
    mangler = g.add_card("Dreg Mangler", 0, Zone.GRAVEYARD)
    g.set_player(0, mana_pool="BGCCC")
    g.apply(ActivateAbility(0, mangler, 0, targets=((ids["Grizzly Bears"],),)))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Dreg Mangler"]      # exiled as a cost
    settle(g)
    assert g.state.objects[ids["Grizzly Bears"]].counters == {"+1/+1": 3}
    g2, ids2 = table(["Grizzly Bears"], step=Step.UPKEEP)
    mangler2 = g2.add_card("Dreg Mangler", 0, Zone.GRAVEYARD)
    g2.set_player(0, mana_pool="BGCCC")
    with pytest.raises(IllegalAction):
        g2.apply(ActivateAbility(0, mangler2, 0, targets=((ids2["Grizzly Bears"],),)))      # only as a sorcery


TITHE_DRINKER = creature("Tithe Drinker", "{W}{B}", "Vampire", "Lifelink\nExtort (Whenever you cast a spell, you may "
                         "pay {W/B}. If you do, each opponent loses 1 life and you gain that much life.)", "2/1")


@pytest.mark.rules("702.101a")
def test_extort_drains_one_when_paid(extra_cards):
    extra_cards(TITHE_DRINKER)
    g, ids = table(["Tithe Drinker", "Swamp", "Mountain"], hand_a=["Lightning Bolt"])
    cast_and_settle(g, ids["Lightning Bolt"], targets=(("P1",),), answer=preferring("yes"))
    assert (g.state.players[0].life, g.state.players[1].life) == (21, 16)
