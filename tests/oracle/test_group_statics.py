"""Static abilities that act on a group of permanents (engine.oracle.statics): "Creatures with flying don't untap
during their controllers' untap steps" (502.3), "Creatures your opponents control enter tapped" (614.1c, 614.12),
"Creatures with swampwalk can be blocked as though they didn't have swampwalk" (702.14c, 509.1b). Each compiled
from a real card's Oracle text, then played."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import CastSpell, PlayLand
from engine.rules.combat import can_block_attacker
from tests.engine.driving import advance, attack, cast_and_resolve, cast_and_settle, settle, table, until_blockers
from tests.oracle.conftest import record

JUNTU_STAKES = record("Juntu Stakes", "{2}", "Artifact",
                      "Creatures with power 1 or less don't untap during their controllers' untap steps.")
BLIZZARD = record("Blizzard", "{G}{G}", "Enchantment",
                  "Cast this spell only if you control a snow land.\nCumulative upkeep {2} (At the beginning of your "
                  "upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for "
                  "each age counter on it.)\nCreatures with flying don't untap during their controllers' untap steps.")
URABRASK_THE_HIDDEN = record("Urabrask the Hidden", "{3}{R}{R}", "Legendary Creature — Phyrexian Praetor",
                             "Creatures you control have haste.\nCreatures your opponents control enter the "
                             "battlefield tapped.", "4/4")
ROOT_MAZE = record("Root Maze", "{G}", "Enchantment", "Artifacts and lands enter the battlefield tapped.")
KISMET = record("Kismet", "{3}{W}", "Enchantment",
                "Artifacts, creatures, and lands your opponents control enter the battlefield tapped.")
QUAGMIRE = record("Quagmire", "{2}{B}", "Enchantment",
                  "Creatures with swampwalk can be blocked as though they didn't have swampwalk.")
CREVASSE = record("Crevasse", "{2}{R}", "Enchantment",
                  "Creatures with mountainwalk can be blocked as though they didn't have mountainwalk.")
BOG_WRAITH = record("Bog Wraith", "{3}{B}", "Creature — Wraith",
                    "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)", "3/3")


def _permanent(g, name: str, player: int = 0) -> int:
    (oid,) = [o for o in g.state.battlefield if g.state.objects[o].controller == player and g.characteristics(o).name == name]
    return oid


@pytest.mark.rules("502.3")
def test_creatures_with_power_1_or_less_dont_untap(extra_cards):
    extra_cards(JUNTU_STAKES, fully_read=True)
    g, ids = table(["Juntu Stakes", "Llanowar Elves", "Grizzly Bears"], ["Ornithopter"])
    for name in ("Llanowar Elves", "Grizzly Bears", "B:Ornithopter"):
        g.state.objects[ids[name]].tapped = True
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[ids["B:Ornithopter"]].tapped, "its controller's untap step: power 0 stays tapped"
    advance(g, Step.UPKEEP, turn=5)
    assert g.state.objects[ids["Llanowar Elves"]].tapped
    assert not g.state.objects[ids["Grizzly Bears"]].tapped, "power 2 untaps as usual"


@pytest.mark.rules("502.3", "611.3a", "613.4c")
def test_a_rule_on_creatures_with_power_1_or_less_reads_their_final_power(extra_cards):
    extra_cards(JUNTU_STAKES, fully_read=True)
    g, ids = table(["Juntu Stakes", "Llanowar Elves", "Glorious Anthem"], ["Ornithopter"])
    for name in ("Llanowar Elves", "B:Ornithopter"):
        g.state.objects[ids[name]].tapped = True
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[ids["B:Ornithopter"]].tapped, "B's 0/2 stays tapped"
    advance(g, Step.UPKEEP, turn=5)
    assert not g.state.objects[ids["Llanowar Elves"]].tapped, "2/2 with the anthem (layer 7c): it untaps"


@pytest.mark.rules("502.3")
def test_creatures_with_flying_dont_untap(extra_cards):
    extra_cards(BLIZZARD, fully_read=True)
    g, ids = table(["Blizzard", "Wind Drake", "Grizzly Bears"])
    for name in ("Wind Drake", "Grizzly Bears"):
        g.state.objects[ids[name]].tapped = True
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=5)
    assert g.state.objects[ids["Wind Drake"]].tapped
    assert not g.state.objects[ids["Grizzly Bears"]].tapped


@pytest.mark.rules("614.1c", "614.12")
def test_creatures_your_opponents_control_enter_tapped(extra_cards):
    extra_cards(URABRASK_THE_HIDDEN, fully_read=True)
    g, ids = table(["Urabrask the Hidden", "Forest", "Forest", "Forest", "Forest"],
                   ["Forest", "Forest"], hand_a=["Grizzly Bears"], hand_b=["Grizzly Bears"])
    cast_and_resolve(g, ids["Grizzly Bears"])
    assert not g.state.objects[_permanent(g, "Grizzly Bears")].tapped, "its controller's creature enters untapped"
    advance(g, Step.MAIN1, turn=4)
    cast_and_resolve(g, ids["B:Grizzly Bears"], player=1)
    assert g.state.objects[_permanent(g, "Grizzly Bears", 1)].tapped


@pytest.mark.rules("614.1c", "614.12", "305.1")
def test_an_opponents_land_played_enters_tapped(extra_cards):
    extra_cards(KISMET, fully_read=True)
    g, ids = table(["Kismet"], [], hand_a=["Forest"], hand_b=["Mountain"])
    g.apply(PlayLand(0, ids["Forest"]))
    assert not g.state.objects[_permanent(g, "Forest")].tapped
    advance(g, Step.MAIN1, turn=4)
    g.apply(PlayLand(1, ids["B:Mountain"]))
    assert g.state.objects[_permanent(g, "Mountain", 1)].tapped


@pytest.mark.rules("614.1c", "614.12")
def test_artifacts_and_lands_enter_tapped_but_creatures_dont(extra_cards):
    extra_cards(ROOT_MAZE, fully_read=True)
    g, ids = table(["Root Maze", "Forest"], [], hand_a=["Mountain", "Ornithopter", "Llanowar Elves"])
    g.apply(PlayLand(0, ids["Mountain"]))
    assert g.state.objects[_permanent(g, "Mountain")].tapped
    cast_and_resolve(g, ids["Ornithopter"])
    cast_and_resolve(g, ids["Llanowar Elves"])
    assert g.state.objects[_permanent(g, "Ornithopter")].tapped, "an artifact creature is an artifact"
    assert not g.state.objects[_permanent(g, "Llanowar Elves")].tapped


@pytest.mark.rules("702.14c", "702.14d", "509.1b")
@pytest.mark.parametrize("enchantment, blockable", [(None, False), ("Quagmire", True), ("Crevasse", False)])
def test_swampwalk_ignored_as_blocks_are_declared(extra_cards, enchantment, blockable):
    extra_cards(BOG_WRAITH, QUAGMIRE, CREVASSE, fully_read=True)
    g, ids = table(["Bog Wraith"] + ([enchantment] if enchantment else []), ["Swamp", "Grizzly Bears"], turn=5)
    attack(g, ids["Bog Wraith"])
    until_blockers(g)
    assert can_block_attacker(g, ids["B:Grizzly Bears"], ids["Bog Wraith"]) is blockable


ARCHETYPE_OF_IMAGINATION = record("Archetype of Imagination", "{4}{U}{U}", "Enchantment Creature — Human Wizard",
                                  "Creatures you control have flying.\nCreatures your opponents control lose flying and "
                                  "can't have or gain flying.", "3/2")
JUMP = record("Jump", "{U}", "Instant", "Target creature gains flying until end of turn.")


@pytest.mark.rules("613.1f", "613.7")
def test_lose_flying_and_cant_have_or_gain_it(extra_cards):
    extra_cards(ARCHETYPE_OF_IMAGINATION, JUMP, fully_read=True)
    g, ids = table(["Archetype of Imagination", "Grizzly Bears"], ["Wind Drake", "Island", "Island"],
                   hand_b=["Jump", "Unsummon"])
    drake = ids["B:Wind Drake"]
    assert g.characteristics(ids["Grizzly Bears"]).has("flying")
    assert not g.characteristics(drake).has("flying")
    advance(g, Step.MAIN1, turn=4)
    cast_and_resolve(g, ids["B:Jump"], player=1, targets=((drake,),))
    assert not g.characteristics(drake).has("flying"), "a later effect can't give it flying either"
    cast_and_resolve(g, ids["B:Unsummon"], player=1, targets=((ids["Archetype of Imagination"],),))
    assert g.characteristics(drake).has("flying"), "without the Archetype, its own flying and Jump's apply again"


BRAMBLEWOOD_PARAGON = record("Bramblewood Paragon", "{1}{G}", "Creature — Elf Warrior",
                             "Each other Warrior creature you control enters the battlefield with an additional +1/+1 "
                             "counter on it.\nEach creature you control with a +1/+1 counter on it has trample.", "2/2")


@pytest.mark.rules("614.1c", "614.12", "122.6")
def test_each_other_warrior_you_control_enters_with_an_additional_counter(extra_cards):
    extra_cards(BRAMBLEWOOD_PARAGON, fully_read=True)
    g, ids = table(["Bramblewood Paragon", "Mountain", "Mountain", "Forest", "Forest"], ["Mountain", "Mountain"],
                   hand_a=["Goblin Piker", "Grizzly Bears"], hand_b=["Goblin Piker"])
    cast_and_resolve(g, ids["Goblin Piker"])
    cast_and_resolve(g, ids["Grizzly Bears"])
    piker, bears = _permanent(g, "Goblin Piker"), _permanent(g, "Grizzly Bears")
    assert g.state.objects[piker].counters.get("+1/+1") == 1
    assert g.characteristics(piker).has("trample") and g.characteristics(piker).power == 3
    assert not g.state.objects[bears].counters.get("+1/+1"), "not a Warrior"
    assert not g.state.objects[_permanent(g, "Bramblewood Paragon")].counters.get("+1/+1"), "not another"
    advance(g, Step.MAIN1, turn=4)
    cast_and_resolve(g, ids["B:Goblin Piker"], player=1)
    assert not g.state.objects[_permanent(g, "Goblin Piker", 1)].counters.get("+1/+1"), "not one you control"


HUSHWING_GRYFF = record("Hushwing Gryff", "{2}{W}", "Creature — Hippogriff",
                        "Flash\nFlying\nCreatures entering the battlefield don't cause abilities to trigger.", "2/1")


@pytest.mark.rules("603.6a", "603.2")
@pytest.mark.parametrize("gryff", [False, True])
def test_creatures_entering_dont_cause_abilities_to_trigger(extra_cards, gryff):
    extra_cards(HUSHWING_GRYFF, fully_read=True)
    g, ids = table((["Hushwing Gryff"] if gryff else []) + ["Soul Warden", "Forest", "Plains", "Plains"], [],
                   hand_a=["Kitchen Finks"])
    cast_and_settle(g, ids["Kitchen Finks"])
    assert _permanent(g, "Kitchen Finks")
    assert g.state.players[0].life == (20 if gryff else 23), "Finks's own 2 life and Soul Warden's 1, or neither"


GREATER_AURAMANCY = record("Greater Auramancy", "{1}{W}", "Enchantment",
                           "Other enchantments you control have shroud. (A permanent with shroud can't be the target of "
                           "spells or abilities.)\nEnchanted creatures you control have shroud.")


@pytest.mark.rules("702.18a", "303.4")
def test_enchanted_creatures_you_control_have_shroud(extra_cards):
    extra_cards(GREATER_AURAMANCY, fully_read=True)
    g, ids = table(["Greater Auramancy", "Grizzly Bears", "Llanowar Elves", "Plains"], ["Hill Giant"],
                   hand_a=["Holy Strength"])
    bears, elves = ids["Grizzly Bears"], ids["Llanowar Elves"]
    assert not g.characteristics(bears).has("shroud")
    cast_and_resolve(g, ids["Holy Strength"], targets=((bears,),))
    assert g.characteristics(bears).has("shroud"), "enchanted now"
    assert not g.characteristics(elves).has("shroud")
    assert g.characteristics(_permanent(g, "Holy Strength")).has("shroud"), "another enchantment you control"
    assert not g.characteristics(ids["B:Hill Giant"]).has("shroud")


MIRROR_GALLERY = record("Mirror Gallery", "{5}", "Artifact", "The \"legend rule\" doesn't apply.")


@pytest.mark.rules("704.5j")
@pytest.mark.parametrize("gallery", [True, False])
def test_the_legend_rule_doesnt_apply(extra_cards, gallery):
    """Two Isamarus: with Mirror Gallery on the battlefield both stay; without it, their controller keeps one."""
    extra_cards(MIRROR_GALLERY, fully_read=True)       # Isamaru is in the starter pool
    g, ids = table((["Mirror Gallery"] if gallery else []) + ["Plains"], hand_a=["Isamaru, Hound of Konda"])
    g.add_card("Isamaru, Hound of Konda", 0, Zone.BATTLEFIELD)
    g.state.invalidate()
    g.apply(CastSpell(0, ids["Isamaru, Hound of Konda"]))
    settle(g)
    assert len([o for o in g.state.battlefield if g.characteristics(o).name == "Isamaru, Hound of Konda"]) == \
        (2 if gallery else 1)


SYLVAN_ADVOCATE = record("Sylvan Advocate", "{1}{G}", "Creature — Elf Druid Ally",
                         "Vigilance\nAs long as you control six or more lands, Sylvan Advocate and land creatures you "
                         "control get +2/+2.", "2/3")


@pytest.mark.rules("611.3a", "613.4c", "613.1")
def test_the_source_and_a_group_get_a_bonus(extra_cards):
    """Sylvan Advocate: with six lands, it and each land creature you control get +2/+2 (once each); not another
    creature, nor an opponent's land creature; with five lands, none."""
    from tests.oracle.test_counted_statics import DRYAD_ARBOR
    extra_cards(SYLVAN_ADVOCATE, fully_read=True)
    extra_cards(DRYAD_ARBOR)
    g, ids = table(["Sylvan Advocate", "Dryad Arbor", "Grizzly Bears"] + ["Forest"] * 4, ["Dryad Arbor"])
    pt = lambda oid: (g.characteristics(oid).power, g.characteristics(oid).toughness)     # noqa: E731
    assert pt(ids["Sylvan Advocate"]) == (2, 3) and pt(ids["Dryad Arbor"]) == (1, 1)      # five lands
    g.add_card("Forest", 0, Zone.BATTLEFIELD)
    assert pt(ids["Sylvan Advocate"]) == (4, 5) and pt(ids["Dryad Arbor"]) == (3, 3)
    assert pt(ids["Grizzly Bears"]) == (2, 2) and pt(ids["B:Dryad Arbor"]) == (1, 1)


MASAKO = record("Masako the Humorless", "{2}{W}", "Legendary Creature — Human Advisor",
                "Flash\nTapped creatures you control can block as though they were untapped.", "1/1")


@pytest.mark.rules("509.1a")
def test_tapped_creatures_you_control_can_block(extra_cards):
    """Masako the Humorless: the defending player's tapped Grizzly Bears can block; without Masako it couldn't."""
    from tests.engine.driving import can_block
    extra_cards(MASAKO, fully_read=True)
    for masako in (True, False):
        g, ids = table(["Hill Giant"], ["Elite Vanguard"] + (["Masako the Humorless"] if masako else []))
        bears = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD, tapped=True)
        attack(g, ids["Hill Giant"])
        until_blockers(g)
        assert can_block(g, bears, ids["Hill Giant"]) is masako
        assert can_block(g, ids["B:Elite Vanguard"], ids["Hill Giant"])
