"""Keywords made of counters and triggers: fading 702.32, vanishing 702.63, mentor 702.134, training
702.149, dethrone 702.105, evolve 702.100, graft 702.58 (compiler._counter_keyword); devour 702.82 and sunburst
702.44 (as it enters)."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import DeclareAttackers
from tests.engine.driving import advance, cast_and_settle, on_battlefield, pass_until, preferring, settle, table
from tests.engine.test_keyword_combat import creature

REJUVENATION_CHAMBER = {"name": "Rejuvenation Chamber", "manaCost": "{3}", "type": "Artifact", "types": ["Artifact"],
                        "subtypes": [], "text": "Fading 2 (This artifact enters the battlefield with two fade counters "
                        "on it. At the beginning of your upkeep, remove a fade counter from it. If you can't, "
                        "sacrifice it.)\n{T}: You gain 2 life."}
CALCIDERM = creature("Calciderm", "{2}{W}{W}", "Beast", "Shroud (This creature can't be the target of spells or "
                     "abilities.)\nVanishing 4 (This creature enters the battlefield with four time counters on it. At "
                     "the beginning of your upkeep, remove a time counter from it. When the last is removed, "
                     "sacrifice it.)", "5/5")
BLADE_INSTRUCTOR = creature("Blade Instructor", "{2}{W}", "Human Soldier", "Mentor (Whenever this creature attacks, put "
                            "a +1/+1 counter on target attacking creature with lesser power.)", "3/1")
TORENS = creature("Torens, Fist of the Angels", "{1}{G}{W}", "Human Cleric", "Training (Whenever this creature attacks "
                  "with another creature with greater power, put a +1/+1 counter on this creature.)\nWhenever you cast "
                  "a creature spell, create a 1/1 green and white Human Soldier creature token.", "2/2")
GRENZOS_CUTTHROAT = creature("Grenzo's Cutthroat", "{1}{R}", "Goblin Rogue", "First strike\nDethrone (Whenever this "
                             "creature attacks the player with the most life or tied for most life, put a +1/+1 counter "
                             "on it.)", "1/1")
CLOUDFIN_RAPTOR = creature("Cloudfin Raptor", "{U}", "Bird Mutant", "Flying\nEvolve (Whenever a creature enters the "
                           "battlefield under your control, if that creature has greater power or toughness than this "
                           "creature, put a +1/+1 counter on this creature.)", "0/1")


def cast_permanent(g: Game, card: int) -> int:
    name = g.characteristics(card).name
    g.set_player(0, mana_pool="WUBRGC" * 2)
    cast_and_settle(g, card)
    return on_battlefield(g, name)[-1]


def counters_each_upkeep(g: Game, oid: int, turns: list[int]) -> list[dict]:
    seen = []
    for turn in turns:
        advance(g, Step.UPKEEP, turn=turn)
        settle(g)
        seen.append(dict(g.state.objects[oid].counters) if oid in g.state.objects else None)
    return seen


@pytest.mark.rules("702.32a")
def test_fading_counts_down_then_sacrifices(extra_cards):
    extra_cards(REJUVENATION_CHAMBER)
    g, ids = table(hand_a=["Rejuvenation Chamber"])
    chamber = cast_permanent(g, ids["Rejuvenation Chamber"])
    assert g.state.objects[chamber].counters == {"fade": 2}
    assert counters_each_upkeep(g, chamber, [5, 7, 9]) == [{"fade": 1}, {}, None]


@pytest.mark.rules("702.63a")
def test_vanishing_sacrifices_when_the_last_counter_is_removed(extra_cards):
    extra_cards(CALCIDERM)
    g, ids = table(hand_a=["Calciderm"])
    calciderm = cast_permanent(g, ids["Calciderm"])
    assert counters_each_upkeep(g, calciderm, [5, 7, 9, 11]) == [{"time": 3}, {"time": 2}, {"time": 1}, None]


TIDEWALKER = creature("Tidewalker", "{2}{U}", "Elemental", "Tidewalker enters the battlefield with a time counter on it "
                      "for each Island you control.\nVanishing (At the beginning of your upkeep, remove a time counter "
                      "from this creature. When the last is removed, sacrifice it.)\nTidewalker's power and toughness "
                      "are each equal to the number of time counters on it.", "*/*")


@pytest.mark.rules("702.63b")
def test_vanishing_without_a_number_counts_down_the_counters_put_on_it_otherwise(extra_cards):
    """Vanishing without a number puts no time counters on it: Tidewalker's own replacement puts one for each Island
    you control (two here), and vanishing removes them one an upkeep, then sacrifices it."""
    extra_cards(TIDEWALKER, fully_read=True)
    g, ids = table(["Island", "Island"], hand_a=["Tidewalker"])
    tidewalker = cast_permanent(g, ids["Tidewalker"])
    assert g.state.objects[tidewalker].counters == {"time": 2}
    assert counters_each_upkeep(g, tidewalker, [5, 7]) == [{"time": 1}, None]


def attack_with(g: Game, *names: str, ids: dict[str, int]) -> None:
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids[n]: "P1" for n in names}))


@pytest.mark.rules("702.134a")
def test_mentor_targets_an_attacker_with_lesser_power(extra_cards):
    extra_cards(BLADE_INSTRUCTOR)
    g, ids = table(["Blade Instructor", "Grizzly Bears", "Hill Giant"], step=Step.BEGINNING_OF_COMBAT)
    attack_with(g, "Blade Instructor", "Grizzly Bears", "Hill Giant", ids=ids)
    seen: list = []

    def pick(d):
        seen.append(list(d.options))
        return tuple(d.options[:1])
    settle(g, pick)
    assert g.state.objects[ids["Grizzly Bears"]].counters == {"+1/+1": 1}
    assert all(ids["Hill Giant"] not in options and ids["Blade Instructor"] not in options for options in seen)


@pytest.mark.rules("702.149a")
@pytest.mark.parametrize("partner,counters", [("Hill Giant", {"+1/+1": 1}), ("Grizzly Bears", {})])
def test_training_with_a_greater_attacker(extra_cards, partner, counters):
    extra_cards(TORENS)
    g, ids = table(["Torens, Fist of the Angels", partner], step=Step.BEGINNING_OF_COMBAT)
    attack_with(g, "Torens, Fist of the Angels", partner, ids=ids)
    settle(g)
    assert g.state.objects[ids["Torens, Fist of the Angels"]].counters == counters


@pytest.mark.rules("702.105a")
@pytest.mark.parametrize("life,counters", [(20, {"+1/+1": 1}), (10, {"+1/+1": 1}), (25, {})])
def test_dethrone_when_attacking_the_player_with_most_life(extra_cards, life, counters):
    extra_cards(GRENZOS_CUTTHROAT)
    g, ids = table(["Grenzo's Cutthroat"], step=Step.BEGINNING_OF_COMBAT, life_a=life)
    attack_with(g, "Grenzo's Cutthroat", ids=ids)
    settle(g)
    assert g.state.objects[ids["Grenzo's Cutthroat"]].counters == counters


@pytest.mark.rules("702.100a")
def test_evolve_only_for_a_greater_creature(extra_cards):
    extra_cards(CLOUDFIN_RAPTOR)
    g, ids = table(["Cloudfin Raptor"], hand_a=["Grizzly Bears", "Ornithopter"])
    raptor = ids["Cloudfin Raptor"]
    cast_permanent(g, ids["Grizzly Bears"])
    assert g.state.objects[raptor].counters == {"+1/+1": 1}       # 2/2 > 0/1
    cast_permanent(g, ids["Ornithopter"])
    assert g.state.objects[raptor].counters == {"+1/+1": 1}       # 0/2 is not greater than 1/2


GLUTTONOUS_SLIME = creature("Gluttonous Slime", "{2}{G}", "Ooze", "Flash\nDevour 1 (As this enters the battlefield, you "
                            "may sacrifice any number of creatures. This creature enters the battlefield with that many "
                            "+1/+1 counters on it.)", "2/2")


@pytest.mark.rules("702.82a")
def test_devour_sacrifices_the_chosen_creatures_for_counters(extra_cards):
    extra_cards(GLUTTONOUS_SLIME)
    g, ids = table(["Grizzly Bears", "Hill Giant", "Ornithopter"], hand_a=["Gluttonous Slime"])
    eaten = (ids["Grizzly Bears"], ids["Ornithopter"])
    g.set_player(0, mana_pool="GGG")
    cast_and_settle(g, ids["Gluttonous Slime"], answer=preferring(*eaten))
    (slime,) = on_battlefield(g, "Gluttonous Slime")
    assert g.state.objects[slime].counters == {"+1/+1": 2}
    assert [g.characteristics(o).name for o in g.state.battlefield if o != slime] == ["Hill Giant"]


CAPRICHROME = {"name": "Caprichrome", "manaCost": "{3}{W}", "type": "Artifact Creature — Goat",
               "types": ["Artifact", "Creature"], "subtypes": ["Goat"], "power": "2", "toughness": "2",
               "text": "Flash\nVigilance\nDevour artifact 1 (As this enters the battlefield, you may sacrifice any number "
                       "of artifacts. This creature enters the battlefield with that many +1/+1 counters on it.)"}


@pytest.mark.rules("702.82c")
def test_devour_artifact_sacrifices_artifacts_not_creatures(extra_cards):
    extra_cards(CAPRICHROME, fully_read=True)
    g, ids = table(["Grizzly Bears", "Ornithopter", "Short Sword"], hand_a=["Caprichrome"])
    offered: list = []

    def answer(d):
        offered.append(sorted(d.options))
        return tuple(d.options)
    g.set_player(0, mana_pool="WWWW")
    cast_and_settle(g, ids["Caprichrome"], answer=answer)
    (goat,) = on_battlefield(g, "Caprichrome")
    assert offered == [sorted([ids["Ornithopter"], ids["Short Sword"]])]      # artifacts: not the Bears
    assert g.state.objects[goat].counters == {"+1/+1": 2}
    assert [g.characteristics(o).name for o in g.state.battlefield if o != goat] == ["Grizzly Bears"]


SKULLMULCHER = creature("Skullmulcher", "{4}{G}", "Elemental", "Devour 1 (As this enters the battlefield, you may "
                        "sacrifice any number of creatures. This creature enters the battlefield with that many +1/+1 "
                        "counters on it.)\nWhen Skullmulcher enters the battlefield, draw a card for each creature it "
                        "devoured.", "3/3")


@pytest.mark.rules("702.82a", "702.82b")
def test_for_each_creature_it_devoured(extra_cards):
    extra_cards(SKULLMULCHER, fully_read=True)
    g, ids = table(["Grizzly Bears", "Hill Giant", "Ornithopter"], hand_a=["Skullmulcher"])
    eaten = (ids["Grizzly Bears"], ids["Ornithopter"])
    g.set_player(0, mana_pool="GGGGG")
    hand = len(g.state.players[0].hand) - 1
    cast_and_settle(g, ids["Skullmulcher"], answer=preferring(*eaten))
    assert len(g.state.players[0].hand) == hand + 2


VIGEAN_HYDROPON = creature("Vigean Hydropon", "{1}{G}{U}", "Plant Mutant", "Graft 5 (This creature enters the "
                           "battlefield with five +1/+1 counters on it. Whenever another creature enters the "
                           "battlefield, you may move a +1/+1 counter from this creature onto it.)\nVigean Hydropon "
                           "can't attack or block.", "0/0")


@pytest.mark.rules("702.58a", "122.5")
def test_graft_moves_a_counter_onto_an_entering_creature(extra_cards):
    extra_cards(VIGEAN_HYDROPON)
    g, ids = table(hand_a=["Vigean Hydropon", "Grizzly Bears"])
    hydropon = cast_permanent(g, ids["Vigean Hydropon"])
    assert g.state.objects[hydropon].counters == {"+1/+1": 5}
    bears = cast_permanent(g, ids["Grizzly Bears"])
    assert g.state.objects[bears].counters == {"+1/+1": 1}
    assert g.state.objects[hydropon].counters == {"+1/+1": 4}


SKYREACH_MANTA = creature("Skyreach Manta", "{5}", "Fish", "Sunburst (This enters the battlefield with a +1/+1 counter "
                          "on it for each color of mana spent to cast it.)\nFlying", "0/0", types=("Artifact", "Creature"))
HELIOPHIAL = {"name": "Heliophial", "manaCost": "{5}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
              "text": "Sunburst (This enters the battlefield with a charge counter on it for each color of mana spent "
              "to cast it.)\n{2}, Sacrifice Heliophial: It deals damage equal to the number of charge counters on it "
              "to any target."}


@pytest.mark.rules("702.44a")
@pytest.mark.parametrize("card,pool,counters", [("Skyreach Manta", "WUBRG", {"+1/+1": 5}),
                                                ("Skyreach Manta", "RRGCC", {"+1/+1": 2}),
                                                ("Heliophial", "WUCCC", {"charge": 2})])
def test_sunburst_counts_the_colors_spent(extra_cards, card, pool, counters):
    extra_cards(SKYREACH_MANTA, HELIOPHIAL)
    g, ids = table(hand_a=[card])
    g.set_player(0, mana_pool=pool)
    cast_and_settle(g, ids[card])
    (it,) = on_battlefield(g, card)
    assert g.state.objects[it].counters == counters
