"""Replacement effects on a player's events written as static abilities (614.1a): "If you would draw a card,
draw two cards instead" (121.6), "If you would gain life, you gain twice that much life instead", "... that much life
plus 1 instead", "If an opponent would gain life, that player loses that much life instead" (119.3); counters put
doubled, plus one or minus one (122.6), a player's too; tokens created doubled, plus that many Squirrels, as Angels,
or as one Clue, Food and Treasure each (111.1).
Each played from a real card's wording."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import DeclareAttackers, PassPriority
from tests.engine.driving import advance, cast_and_resolve, pass_until, table
from tests.oracle.conftest import record

THOUGHT_REFLECTION = record("Thought Reflection", "{4}{U}{U}{U}", "Enchantment",
                            "If you would draw a card, draw two cards instead.")
BOON_REFLECTION = record("Boon Reflection", "{4}{W}", "Enchantment",
                         "If you would gain life, you gain twice that much life instead.")
REVITALIZE = record("Revitalize", "{1}{W}", "Instant", "You gain 3 life.\nDraw a card.")


@pytest.mark.rules("614.1a", "121.6", "119.3")
def test_draws_and_life_gain_doubled(extra_cards):
    extra_cards(THOUGHT_REFLECTION, BOON_REFLECTION, REVITALIZE)
    g, ids = table(["Plains", "Plains", "Thought Reflection", "Boon Reflection"], hand_a=["Revitalize"])
    library = len(g.state.players[0].library)
    cast_and_resolve(g, ids["Revitalize"])
    assert g.state.players[0].life == 26
    assert len(g.state.players[0].hand) == 2
    assert len(g.state.players[0].library) == library - 2


@pytest.mark.rules("614.1a", "616.1")
def test_two_doublers_each_apply_once(extra_cards):
    extra_cards(THOUGHT_REFLECTION, BOON_REFLECTION, REVITALIZE)
    g, ids = table(["Plains", "Plains", "Thought Reflection", "Boon Reflection"], ["Thought Reflection"],
                   hand_a=["Revitalize"])
    g.add_card("Boon Reflection", 0, g.state.objects[ids["Boon Reflection"]].zone)
    cast_and_resolve(g, ids["Revitalize"])
    assert g.state.players[0].life == 32                  # 3, doubled twice
    assert len(g.state.players[0].hand) == 2              # the opponent's Thought Reflection: not A's


HERON_OF_HOPE = record("Heron of Hope", "{3}{W}", "Creature — Bird",
                       "Flying\nIf you would gain life, you gain that much life plus 1 instead.\n{1}{W}: Heron of Hope "
                       "gains lifelink until end of turn.", "2/3")
TAINTED_REMEDY = record("Tainted Remedy", "{2}{B}", "Enchantment",
                        "If an opponent would gain life, that player loses that much life instead.")


@pytest.mark.rules("614.1a", "119.3", "616.1")
def test_heron_of_hope_adds_one_to_each_gain_before_a_doubling(extra_cards):
    extra_cards(HERON_OF_HOPE, BOON_REFLECTION, REVITALIZE, fully_read=True)
    g, ids = table(["Plains", "Plains", "Heron of Hope"], ["Heron of Hope"], hand_a=["Revitalize"])
    cast_and_resolve(g, ids["Revitalize"])
    assert g.state.players[0].life == 20 + 4                # 3 plus 1 (the opponent's Heron: not A's)
    g, ids = table(["Plains", "Plains", "Heron of Hope", "Boon Reflection"], hand_a=["Revitalize"])
    cast_and_resolve(g, ids["Revitalize"])
    assert g.state.players[0].life == 20 + 8                # (3 + 1) * 2: the order that gains the most


@pytest.mark.rules("614.1a", "119.3", "119.7")
def test_tainted_remedy_makes_an_opponents_gain_a_loss(extra_cards):
    extra_cards(TAINTED_REMEDY, REVITALIZE, fully_read=True)
    g, ids = table(["Plains", "Plains", "Tainted Remedy"], ["Plains", "Plains"], hand_a=["Revitalize"],
                   hand_b=["Revitalize"])
    cast_and_resolve(g, ids["Revitalize"])
    assert g.state.players[0].life == 23                    # its controller gains
    g.apply(PassPriority(0))
    cast_and_resolve(g, ids["B:Revitalize"], player=1)
    assert g.state.players[1].life == 17                    # the opponent loses that much instead


CORPSEJACK_MENACE = record("Corpsejack Menace", "{2}{B}{G}", "Creature — Fungus",
                           "If one or more +1/+1 counters would be put on a creature you control, twice that many "
                           "+1/+1 counters are put on it instead.", "4/4")
BATTLEGROWTH = record("Battlegrowth", "{G}", "Instant", "Put a +1/+1 counter on target creature.")
WALKING_BALLISTA = record("Walking Ballista", "{X}{X}", "Artifact Creature — Construct",
                          "Walking Ballista enters the battlefield with X +1/+1 counters on it.", "0/0")


@pytest.mark.rules("614.1a", "122.6")
def test_counters_put_on_your_creatures_doubled_also_as_they_enter(extra_cards):
    extra_cards(CORPSEJACK_MENACE, BATTLEGROWTH, WALKING_BALLISTA)
    g, ids = table(["Forest", "Forest", "Plains", "Plains", "Plains", "Corpsejack Menace", "Grizzly Bears"],
                   ["Grizzly Bears"], hand_a=["Battlegrowth", "Walking Ballista"])
    g.add_card("Battlegrowth", 0, g.state.objects[ids["Battlegrowth"]].zone)
    second = g.state.players[0].hand[-1]
    cast_and_resolve(g, ids["Battlegrowth"], targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[ids["Grizzly Bears"]].counters == {"+1/+1": 2}
    cast_and_resolve(g, second, targets=((ids["B:Grizzly Bears"],),))
    assert g.state.objects[ids["B:Grizzly Bears"]].counters == {"+1/+1": 1}     # not a creature A controls
    cast_and_resolve(g, ids["Walking Ballista"], x=1)
    ballista = next(o for o in g.state.battlefield if g.characteristics(o).name == "Walking Ballista")
    assert g.state.objects[ballista].counters == {"+1/+1": 2}


ANOINTED_PROCESSION = record("Anointed Procession", "{3}{W}", "Enchantment",
                             "If an effect would create one or more tokens under your control, it creates twice that "
                             "many of those tokens instead.")


@pytest.mark.rules("614.1a", "111.1")
def test_tokens_created_under_your_control_doubled(extra_cards):
    extra_cards(ANOINTED_PROCESSION)    # Raise the Alarm: two 1/1 Soldiers
    g, ids = table(["Plains", "Plains", "Anointed Procession"], ["Anointed Procession"], hand_a=["Raise the Alarm"])
    cast_and_resolve(g, ids["Raise the Alarm"])
    soldiers = [o for o in g.state.battlefield if g.characteristics(o).name.startswith("Soldier")]
    assert len(soldiers) == 4                             # A's Procession doubles; B's doesn't apply to A
    assert all(g.state.objects[o].controller == 0 for o in soldiers)

PRIMAL_VIGOR = record("Primal Vigor", "{4}{G}", "Enchantment",
                      "If one or more tokens would be created, twice that many of those tokens are created instead.\n"
                      "If one or more +1/+1 counters would be put on a creature, twice that many +1/+1 counters are put "
                      "on that creature instead.")


@pytest.mark.rules("614.1a", "111.1")
def test_primal_vigor_doubles_every_players_tokens(extra_cards):
    extra_cards(PRIMAL_VIGOR, fully_read=True)     # Raise the Alarm: two 1/1 Soldiers
    g, ids = table(["Plains", "Plains"], ["Primal Vigor"], hand_a=["Raise the Alarm"])
    cast_and_resolve(g, ids["Raise the Alarm"])
    soldiers = [o for o in g.state.battlefield if g.characteristics(o).name.startswith("Soldier")]
    assert len(soldiers) == 4                             # B's Primal Vigor doubles A's tokens too
    assert all(g.state.objects[o].controller == 0 for o in soldiers)

WINDING_CONSTRICTOR = record("Winding Constrictor", "{B}{G}", "Creature — Snake",
                             "If one or more counters would be put on an artifact or creature you control, that many "
                             "plus one of each of those kinds of counters are put on that permanent instead.\nIf you "
                             "would get one or more counters, you get that many plus one of each of those kinds of "
                             "counters instead.", "2/3")
GLISTENER_ELF = record("Glistener Elf", "{G}", "Creature — Phyrexian Elf Warrior",
                       "Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players "
                       "in the form of poison counters.)", "1/1")
SCAR = record("Scar", "{B/R}", "Instant", "Put a -1/-1 counter on target creature.")


@pytest.mark.rules("614.1a", "122.6", "122.1", "120.3b")
def test_winding_constrictor_adds_one_counter_of_any_kind_to_yours_and_to_you(extra_cards):
    extra_cards(WINDING_CONSTRICTOR, GLISTENER_ELF, SCAR, fully_read=True)
    g, ids = table(["Winding Constrictor", "Swamp"], ["Grizzly Bears", "Glistener Elf"],
                   hand_a=["Scar"])
    second = g.add_card("Scar", 0, g.state.objects[ids["Scar"]].zone)
    cast_and_resolve(g, ids["Scar"], targets=((ids["Winding Constrictor"],),))
    assert g.state.objects[ids["Winding Constrictor"]].counters == {"-1/-1": 2}     # any kind: a -1/-1 counter too
    g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, second, targets=((ids["B:Grizzly Bears"],),))
    assert g.state.objects[ids["B:Grizzly Bears"]].counters == {"-1/-1": 1}  # not a creature A controls
    advance(g, Step.BEGINNING_OF_COMBAT, turn=4)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {ids["B:Glistener Elf"]: "P0"}))
    advance(g, Step.END)
    assert (g.state.players[0].poison, g.state.players[0].life) == (2, 20)    # one poison counter, plus one

CHATTERFANG = record("Chatterfang, Squirrel General", "{2}{G}", "Legendary Creature — Squirrel Warrior",
                     "Forestwalk (This creature can't be blocked as long as defending player controls a Forest.)\nIf "
                     "one or more tokens would be created under your control, those tokens plus that many 1/1 green "
                     "Squirrel creature tokens are created instead.\n{B}, Sacrifice X Squirrels: Target creature gets "
                     "+X/-X until end of turn.", "3/3")
DIVINE_VISITATION = record("Divine Visitation", "{3}{W}{W}", "Enchantment",
                           "If one or more creature tokens would be created under your control, that many 4/4 white "
                           "Angel creature tokens with flying and vigilance are created instead.")
ACADEMY_MANUFACTOR = record("Academy Manufactor", "{3}", "Artifact Creature — Assembly-Worker",
                            "If you would create a Clue, Food, or Treasure token, instead create one of each.", "1/3")
STRIKE_IT_RICH = record("Strike It Rich", "{R}", "Sorcery",
                        "Create a Treasure token. (It's an artifact with \"{T}, Sacrifice this artifact: Add one mana "
                        "of any color.\")\nFlashback {2}{R} (You may cast this card from your graveyard for its "
                        "flashback cost. Then exile it.)")


def _tokens_named(g, player: int) -> list[str]:
    return sorted(g.characteristics(o).name for o in g.state.battlefield
                  if g.state.objects[o].token is not None and g.state.objects[o].controller == player)


@pytest.mark.rules("614.1a", "111.1")
def test_chatterfang_adds_that_many_squirrels_to_the_tokens_you_create(extra_cards):
    extra_cards(CHATTERFANG, fully_read=True)        # Raise the Alarm: two 1/1 Soldiers
    g, ids = table(["Plains", "Plains", "Chatterfang, Squirrel General"], hand_a=["Raise the Alarm"])
    cast_and_resolve(g, ids["Raise the Alarm"])
    assert _tokens_named(g, 0) == ["Soldier Token"] * 2 + ["Squirrel Token"] * 2


@pytest.mark.rules("614.1a", "111.1")
def test_divine_visitation_makes_your_creature_tokens_angels(extra_cards):
    extra_cards(DIVINE_VISITATION, fully_read=True)
    g, ids = table(["Plains", "Plains", "Divine Visitation"], hand_a=["Raise the Alarm"])
    cast_and_resolve(g, ids["Raise the Alarm"])
    angels = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    assert _tokens_named(g, 0) == ["Angel Token"] * 2
    assert all((g.characteristics(o).power, g.characteristics(o).has("flying")) == (4, True) for o in angels)


@pytest.mark.rules("614.1a", "111.10")
def test_academy_manufactor_creates_a_clue_a_food_and_a_treasure_instead(extra_cards):
    extra_cards(ACADEMY_MANUFACTOR, STRIKE_IT_RICH, fully_read=True)
    g, ids = table(["Mountain", "Academy Manufactor"], hand_a=["Strike It Rich"])
    cast_and_resolve(g, ids["Strike It Rich"])
    assert _tokens_named(g, 0) == ["Clue Token", "Food Token", "Treasure Token"]


JOLENE = record("Jolene, the Plunder Queen", "{R}{G}", "Legendary Creature — Human Warlock",
                "Whenever a player attacks one or more of your opponents, that attacking player creates a Treasure "
                "token.\nIf you would create one or more Treasure tokens, instead create those tokens plus an "
                "additional Treasure token.\nSacrifice five Treasures: Put five +1/+1 counters on Jolene, the Plunder "
                "Queen.", "2/2")


@pytest.mark.rules("614.1a", "111.10")
def test_one_more_treasure_each_time_you_would_create_treasures(extra_cards):
    extra_cards(JOLENE, STRIKE_IT_RICH)
    g, ids = table(["Mountain", "Jolene, the Plunder Queen"], hand_a=["Strike It Rich", "Raise the Alarm"])
    cast_and_resolve(g, ids["Strike It Rich"])
    assert _tokens_named(g, 0) == ["Treasure Token"] * 2
    g.add_card("Plains", 0, Zone.BATTLEFIELD)
    g.add_card("Plains", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Raise the Alarm"])          # Soldiers: no Treasure more
    assert _tokens_named(g, 0) == ["Soldier Token"] * 2 + ["Treasure Token"] * 2


@pytest.mark.rules("614.1a", "616.1")
def test_two_academy_manufactors_make_three_of_each(extra_cards):
    extra_cards(ACADEMY_MANUFACTOR, STRIKE_IT_RICH, fully_read=True)
    g, ids = table(["Mountain", "Academy Manufactor"], hand_a=["Strike It Rich"])
    g.add_card("Academy Manufactor", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Strike It Rich"])     # the second applies to each token the first made instead
    assert _tokens_named(g, 0) == ["Clue Token"] * 3 + ["Food Token"] * 3 + ["Treasure Token"] * 3


VIZIER_OF_REMEDIES = record("Vizier of Remedies", "{1}{W}", "Creature — Human Cleric",
                            "If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 "
                            "counters minus one are put on it instead.", "2/1")


@pytest.mark.rules("614.1a", "122.6")
def test_vizier_of_remedies_puts_one_fewer_minus_counter_on_your_creatures(extra_cards):
    extra_cards(VIZIER_OF_REMEDIES, SCAR, fully_read=True)
    g, ids = table(["Vizier of Remedies", "Grizzly Bears", "Swamp", "Swamp"], ["Grizzly Bears"], ["Scar"])
    second = g.add_card("Scar", 0, g.state.objects[ids["Scar"]].zone)
    cast_and_resolve(g, ids["Scar"], targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[ids["Grizzly Bears"]].counters == {}             # 1 minus one: none
    cast_and_resolve(g, second, targets=((ids["B:Grizzly Bears"],),))
    assert g.state.objects[ids["B:Grizzly Bears"]].counters == {"-1/-1": 1}  # not a creature A controls
