"""Counted amounts (engine.oracle.amounts, engine.query.amounts; 107.1, 107.3a): "for each Aura attached to it",
"for each creature blocking it", "the number of ... they control", "N minus ...", "for each creature destroyed this
way", each compiled from a real
card's wording and played through the `Game` API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import (activate_and_resolve, advance, cast_and_resolve, cast_and_settle, on_battlefield,
                                  resolve_stack, settle, table)
from tests.oracle.conftest import record

RABID_WOMBAT = record("Rabid Wombat", "{2}{G}{G}", "Creature — Wombat", "Vigilance\nRabid Wombat gets +2/+2 for each "
                      "Aura attached to it.", "0/1")
GOLEM_SKIN_GAUNTLETS = record("Golem-Skin Gauntlets", "{1}", "Artifact — Equipment",
                              "Equipped creature gets +1/+0 for each Equipment attached to it.\nEquip {2}")
ARMAMENT_MASTER = record("Armament Master", "{W}{W}", "Creature — Kor Soldier", "Other Kor creatures you control get "
                         "+2/+2 for each Equipment attached to Armament Master.", "2/2")
KOR_OUTFITTER = record("Kor Outfitter", "{W}{W}", "Creature — Kor Soldier",
                       "When Kor Outfitter enters the battlefield, you may attach target Equipment you control to "
                       "target creature you control.", "2/2")
MULTANI = record("Multani, Yavimaya's Avatar", "{4}{G}{G}", "Legendary Creature — Elemental Avatar",
                 "Reach, trample\nMultani, Yavimaya's Avatar gets +1/+1 for each land you control and each land "
                 "card in your graveyard.\n{1}{G}, Return two lands you control to their owner's hand: Return Multani "
                 "from your graveyard to your hand.", "0/0")
STORM_WORLD = record("Storm World", "{R}", "World Enchantment", "At the beginning of each player's upkeep, Storm World "
                     "deals X damage to that player, where X is 4 minus the number of cards in their hand.")
CHAOTIC_BACKLASH = record("Chaotic Backlash", "{4}{R}", "Instant", "Chaotic Backlash deals damage to target player "
                          "equal to twice the number of white and/or blue permanents they control.")
SPARRING_GOLEM = record("Sparring Golem", "{3}", "Artifact Creature — Golem", "Whenever Sparring Golem becomes blocked, "
                        "it gets +1/+1 until end of turn for each creature blocking it.", "2/2")
BARRELING_ATTACK = record("Barreling Attack", "{R}{R}", "Instant", "Target creature gains trample until end of turn. "
                          "When that creature becomes blocked this turn, it gets +1/+1 until end of turn for each "
                          "creature blocking it.")


@pytest.mark.rules("303.4", "613.4c")
def test_for_each_aura_attached_to_it(extra_cards):
    extra_cards(RABID_WOMBAT)
    g, ids = table(["Rabid Wombat", "Plains", "Grizzly Bears"], [], ["Holy Strength", "Pacifism"])
    cast_and_resolve(g, ids["Holy Strength"], targets=((ids["Rabid Wombat"],),))
    dancer = g.characteristics(ids["Rabid Wombat"])
    assert (dancer.power, dancer.toughness) == (3, 5)       # 0/1, +1/+2, +2/+2 for the one Aura
    g.state.players[0].mana_pool["W"] = 2
    cast_and_resolve(g, ids["Pacifism"], targets=((ids["Grizzly Bears"],),))
    assert g.characteristics(ids["Rabid Wombat"]).power == 3     # an Aura on another creature doesn't count


@pytest.mark.rules("301.5", "613.4c")
def test_for_each_equipment_attached_to_the_equipped_creature(extra_cards):
    extra_cards(GOLEM_SKIN_GAUNTLETS)
    g, ids = table(["Golem-Skin Gauntlets", "Bonesplitter", "Grizzly Bears"] + ["Plains"] * 3)
    activate_and_resolve(g, ids["Golem-Skin Gauntlets"], 0, targets=((ids["Grizzly Bears"],),))
    assert g.characteristics(ids["Grizzly Bears"]).power == 3
    activate_and_resolve(g, ids["Bonesplitter"], 0, targets=((ids["Grizzly Bears"],),))
    assert g.characteristics(ids["Grizzly Bears"]).power == 2 + 2 + 2


@pytest.mark.rules("301.5", "613.4c")
def test_group_bonus_for_each_equipment_attached_to_the_source(extra_cards):
    # "attached to Armament Master": the Equipment on the source count, not those on the creatures it changes
    extra_cards(ARMAMENT_MASTER, KOR_OUTFITTER)
    g, ids = table(["Armament Master", "Kor Outfitter", "Bonesplitter", "Grizzly Bears"] + ["Plains"] * 3)
    activate_and_resolve(g, ids["Bonesplitter"], 0, targets=((ids["Kor Outfitter"],),))
    assert g.characteristics(ids["Kor Outfitter"]).power == 2 + 2       # Bonesplitter only: none on the Master
    activate_and_resolve(g, ids["Bonesplitter"], 0, targets=((ids["Armament Master"],),))
    outfitter = g.characteristics(ids["Kor Outfitter"])
    assert (outfitter.power, outfitter.toughness) == (4, 4)
    master = g.characteristics(ids["Armament Master"])
    assert (master.power, master.toughness) == (4, 2)               # "other": not itself, Bonesplitter's +2/+0 only
    assert g.characteristics(ids["Grizzly Bears"]).power == 2       # not a Kor


@pytest.mark.rules("107.3a", "613.4c")
def test_for_each_of_either_kind(extra_cards):
    # "for each land you control and each land card in your graveyard": the two counts added
    extra_cards(MULTANI)
    g, ids = table(["Multani, Yavimaya's Avatar", "Forest", "Forest", "Grizzly Bears"], ["Mountain"])
    for name in ("Plains", "Swamp", "Giant Growth"):
        g.add_card(name, 0, Zone.GRAVEYARD)
    g.add_card("Island", 1, Zone.GRAVEYARD)
    multani = g.characteristics(ids["Multani, Yavimaya's Avatar"])
    assert (multani.power, multani.toughness) == (4, 4)   # two Forests, two lands in its controller's graveyard


@pytest.mark.rules("107.1b", "503.1")
@pytest.mark.parametrize("cards,damage", [(1, 3), (6, 0)])
def test_n_minus_a_count_is_never_negative(extra_cards, cards, damage):
    extra_cards(STORM_WORLD)
    g, ids = table(["Storm World"], [], hand_b=["Plains"] * cards, turn=3)
    life = g.state.players[1].life
    advance(g, Step.UPKEEP, turn=4)
    resolve_stack(g)
    assert g.state.players[1].life == life - damage


@pytest.mark.rules("107.3a", "608.2c")
def test_the_number_of_permanents_they_control(extra_cards):
    extra_cards(CHAOTIC_BACKLASH)
    g, ids = table(["Mountain"] * 5 + ["Savannah Lions"], ["Serra Angel", "Suntail Hawk", "Grizzly Bears"],
                   ["Chaotic Backlash"])
    life = g.state.players[1].life
    cast_and_resolve(g, ids["Chaotic Backlash"], targets=(("P1",),))
    assert g.state.players[1].life == life - 4        # twice B's two white permanents; A's Lions don't count


@pytest.mark.rules("509.1h", "603.7c")
@pytest.mark.parametrize("card", ["Sparring Golem", "Barreling Attack"])
def test_for_each_creature_blocking_it(extra_cards, card):
    extra_cards(SPARRING_GOLEM, BARRELING_ATTACK)
    attacker = "Sparring Golem" if card == "Sparring Golem" else "Grizzly Bears"
    g, ids = table([attacker, "Mountain", "Mountain"], ["Suntail Hawk", "Savannah Lions"], ["Barreling Attack"])
    g.state.objects[ids[attacker]].sick = False
    if card == "Barreling Attack":
        cast_and_resolve(g, ids["Barreling Attack"], targets=((ids[attacker],),))
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids[attacker]: "P1"}))
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, {ids["B:Suntail Hawk"]: (ids[attacker],), ids["B:Savannah Lions"]: (ids[attacker],)}))
    resolve_stack(g)
    ch = g.characteristics(ids[attacker])
    assert (ch.power, ch.toughness) == (4, 4)


RIGHTEOUS_FURY = record("Righteous Fury", "{4}{W}{W}", "Sorcery",
                        "Destroy all tapped creatures. You gain 2 life for each creature destroyed this way.")
FRACTURING_GUST = record("Fracturing Gust", "{2}{G/W}{G/W}{G/W}", "Instant",
                         "Destroy all artifacts and enchantments. You gain 2 life for each permanent destroyed this way.")


@pytest.mark.rules("701.8a", "702.12b", "107.3a")
def test_gain_life_for_each_creature_destroyed_this_way(extra_cards):
    extra_cards(RIGHTEOUS_FURY, fully_read=True)
    g, ids = table(["Plains"] * 6 + ["Grizzly Bears"], ["Hill Giant", "Llanowar Elves", "Darksteel Colossus"],
                   hand_a=["Righteous Fury"])
    for name in ("Grizzly Bears", "B:Hill Giant", "B:Darksteel Colossus"):
        g.state.objects[ids[name]].tapped = True
    g.state.invalidate()
    cast_and_resolve(g, ids["Righteous Fury"])
    assert ids["B:Llanowar Elves"] in g.state.battlefield and ids["B:Darksteel Colossus"] in g.state.battlefield
    assert g.state.players[0].life == 24, "two destroyed: the indestructible Colossus isn't, the untapped Elves neither"


@pytest.mark.rules("701.8a", "107.3a")
def test_gain_life_for_each_permanent_destroyed_this_way(extra_cards):
    extra_cards(FRACTURING_GUST, fully_read=True)
    g, ids = table(["Forest"] * 5 + ["Glorious Anthem"], ["Short Sword", "Grizzly Bears"], hand_a=["Fracturing Gust"])
    cast_and_resolve(g, ids["Fracturing Gust"])
    assert g.state.players[0].life == 24
    assert ids["B:Grizzly Bears"] in g.state.battlefield


DESCENT_OF_THE_DRAGONS = record("Descent of the Dragons", "{4}{R}{R}", "Sorcery",
                                "Destroy any number of target creatures. For each creature destroyed this way, its "
                                "controller creates a 4/4 red Dragon creature token with flying.")
RAMPAGE_OF_THE_CLANS = record("Rampage of the Clans", "{3}{G}", "Instant",
                              "Destroy all artifacts and enchantments. For each permanent destroyed this way, its "
                              "controller creates a 3/3 green Centaur creature token.")
MOGG_INFESTATION = record("Mogg Infestation", "{3}{R}{R}", "Sorcery",
                          "Destroy all creatures target player controls. For each creature that died this way, that "
                          "player creates two 1/1 red Goblin creature tokens.")


def tokens_of(g, name: str) -> list[int]:
    """How many tokens of that name each player controls."""
    return [sum(1 for o in on_battlefield(g, name) if g.state.objects[o].controller == p) for p in (0, 1)]


@pytest.mark.rules("701.8a", "608.2h", "111.2")
def test_for_each_creature_destroyed_this_way_its_controller_creates_a_token(extra_cards):
    """Three targets destroyed, two of them the opponent's; the indestructible Colossus isn't destroyed: each
    controller creates a Dragon for each of theirs destroyed."""
    extra_cards(DESCENT_OF_THE_DRAGONS, fully_read=True)
    g, ids = table(["Mountain"] * 6 + ["Grizzly Bears"], ["Hill Giant", "Llanowar Elves", "Darksteel Colossus"],
                   hand_a=["Descent of the Dragons"])
    targets = tuple(ids[n] for n in ("Grizzly Bears", "B:Hill Giant", "B:Llanowar Elves", "B:Darksteel Colossus"))
    cast_and_resolve(g, ids["Descent of the Dragons"], targets=(targets,))
    assert tokens_of(g, "Dragon Token") == [1, 2]
    assert ids["B:Darksteel Colossus"] in g.state.battlefield


@pytest.mark.rules("701.8a", "608.2h", "111.2")
def test_for_each_permanent_destroyed_this_way_its_controller_creates_a_token(extra_cards):
    extra_cards(RAMPAGE_OF_THE_CLANS, fully_read=True)
    g, ids = table(["Forest"] * 4 + ["Glorious Anthem"], ["Short Sword", "Juggernaut", "Grizzly Bears"],
                   hand_a=["Rampage of the Clans"])
    cast_and_resolve(g, ids["Rampage of the Clans"])
    assert tokens_of(g, "Centaur Token") == [1, 2]
    assert ids["B:Grizzly Bears"] in g.state.battlefield


@pytest.mark.rules("700.4", "701.8a", "111.2")
def test_for_each_creature_that_died_this_way_that_player_creates_tokens(extra_cards):
    """Two of the target player's creatures die; the indestructible Colossus doesn't: two Goblins for each."""
    extra_cards(MOGG_INFESTATION, fully_read=True)
    g, ids = table(["Mountain"] * 5 + ["Grizzly Bears"], ["Hill Giant", "Llanowar Elves", "Darksteel Colossus"],
                   hand_a=["Mogg Infestation"])
    cast_and_resolve(g, ids["Mogg Infestation"], targets=(("P1",),))
    assert tokens_of(g, "Goblin Token") == [0, 4]
    assert ids["Grizzly Bears"] in g.state.battlefield


TREEFOLK_UMBRA = record("Treefolk Umbra", "{2}{G}", "Enchantment — Aura",
                        "Enchant creature\nEnchanted creature gets +0/+2 and assigns combat damage equal to its toughness "
                        "rather than its power.\nTotem armor (If enchanted creature would be destroyed, instead remove "
                        "all damage from it and destroy this Aura.)")


@pytest.mark.rules("701.8a", "702.89a", "614.1a")
def test_an_aura_destroyed_instead_of_its_creature_isnt_destroyed_again(extra_cards):
    """Fracturing Gust destroys an artifact creature and the totem armor Aura on it: the Aura is destroyed instead
    of the creature, and the spell's own destruction of the Aura finds it gone (a fuzz crash)."""
    extra_cards(FRACTURING_GUST, TREEFOLK_UMBRA, fully_read=True)
    g, ids = table(["Forest"] * 5, ["Ornithopter"], hand_a=["Fracturing Gust"])
    umbra = g.add_card("Treefolk Umbra", 1, Zone.BATTLEFIELD)
    g.state.objects[umbra].attached_to = ids["B:Ornithopter"]
    g.state.invalidate()
    cast_and_resolve(g, ids["Fracturing Gust"])
    assert ids["B:Ornithopter"] in g.state.battlefield
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Treefolk Umbra"]


MIND_BURST = record("Mind Burst", "{1}{B}", "Sorcery", "Target player discards X cards, where X is one plus the number of "
                    "cards named Mind Burst in all graveyards.")
RITE_OF_FLAME = record("Rite of Flame", "{R}", "Sorcery",
                       "Add {R}{R}, then add {R} for each card named Rite of Flame in each graveyard.")
MOLDGRAF_MILLIPEDE = record("Moldgraf Millipede", "{4}{G}", "Creature — Insect Horror",
                            "When Moldgraf Millipede enters the battlefield, mill three cards, then put a +1/+1 counter on "
                            "Moldgraf Millipede for each creature card in your graveyard.", "2/2")


@pytest.mark.rules("107.3a", "608.2h")
def test_mind_burst_counts_the_cards_named_mind_burst_in_every_graveyard(extra_cards):
    extra_cards(MIND_BURST, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], [], ["Mind Burst"], hand_b=["Shock"] * 5)
    g.add_card("Mind Burst", 0, Zone.GRAVEYARD)
    g.add_card("Mind Burst", 1, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Mind Burst"], targets=(("P1",),))
    assert len(g.state.players[1].hand) == 5 - 3       # one plus the two in graveyards (the spell is on the stack)


@pytest.mark.rules("106.1", "608.2c")
def test_rite_of_flame_counts_only_for_the_mana_it_adds_last(extra_cards):
    extra_cards(RITE_OF_FLAME, fully_read=True)
    g, ids = table([], [], ["Rite of Flame"])
    g.add_card("Rite of Flame", 1, Zone.GRAVEYARD)
    g.state.players[0].mana_pool["R"] = 1
    cast_and_resolve(g, ids["Rite of Flame"])
    assert g.state.players[0].mana_pool["R"] == 3          # {R}{R}, then {R} for the one in B's graveyard


@pytest.mark.rules("701.17a", "608.2c")
def test_moldgraf_millipede_mills_three_then_counts_the_creature_cards(extra_cards):
    extra_cards(MOLDGRAF_MILLIPEDE, fully_read=True)
    g, ids = table(["Forest"] * 5, [], ["Moldgraf Millipede"])
    del g.state.players[0].library[:]
    for name in reversed(("Grizzly Bears", "Shock", "Hill Giant", "Plains", "Plains")):    # the first on top
        g.add_card(name, 0, Zone.LIBRARY)
    cast_and_resolve(g, ids["Moldgraf Millipede"])
    assert len(g.state.players[0].graveyard) == 3          # three milled, not one for each creature card
    (millipede,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Moldgraf Millipede"]
    assert g.state.objects[millipede].counters.get("+1/+1") == 2


DIN_OF_THE_FIREHERD = record("Din of the Fireherd", "{5}{B/R}{B/R}{B/R}", "Sorcery",
                             "Create a 5/5 black and red Elemental creature token. Target opponent sacrifices a creature "
                             "for each black creature you control, then sacrifices a land for each red creature you "
                             "control.")
BIOMANTIC_MASTERY = record("Biomantic Mastery", "{4}{G/U}{G/U}{G/U}", "Sorcery",
                           "Draw a card for each creature target player controls, then draw a card for each creature "
                           "another target player controls.")


@pytest.mark.rules("107.3a", "608.2c", "701.21a")
def test_din_of_the_fireherd_counts_each_sacrifice_on_its_own(extra_cards):
    """Each instruction of "..., then ..." has its own "for each"; the Elemental made first is black and red."""
    extra_cards(DIN_OF_THE_FIREHERD, fully_read=True)
    g, ids = table(["Swamp"] * 8 + ["Typhoid Rats", "Raging Goblin"],
                   ["Grizzly Bears", "Hill Giant", "Llanowar Elves", "Savannah Lions", "Forest", "Forest", "Plains"],
                   ["Din of the Fireherd"])
    cast_and_settle(g, ids["Din of the Fireherd"], targets=(("P1",),))
    theirs = [g.characteristics(o) for o in g.state.battlefield if g.state.objects[o].controller == 1]
    assert sum("Creature" in ch.types for ch in theirs) == 4 - 2        # the Rats and the token: two black creatures
    assert sum("Land" in ch.types for ch in theirs) == 3 - 2            # the Goblin and the token: two red ones


@pytest.mark.rules("107.3a", "115.3", "601.2c")
def test_biomantic_mastery_counts_two_different_target_players(extra_cards):
    extra_cards(BIOMANTIC_MASTERY, fully_read=True)
    g, ids = table(["Forest"] * 7 + ["Grizzly Bears"], ["Hill Giant", "Llanowar Elves"], ["Biomantic Mastery"])
    with pytest.raises(IllegalAction):          # "another target player": not the same player twice
        g.apply(CastSpell(0, ids["Biomantic Mastery"], targets=(("P1",), ("P1",))))
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Biomantic Mastery"], targets=(("P1",), ("P0",)))
    assert len(g.state.players[0].hand) == hand - 1 + 2 + 1


@pytest.mark.rules("111.1", "201.5")
def test_a_token_ability_naming_the_card_is_not_read(card):
    d = card("Sound the Call", "{2}{G}", "Sorcery", 'Create a 1/1 green Wolf creature token. It has "This creature gets '
             '+1/+1 for each card named Sound the Call in each graveyard."')
    assert d.unsupported


CRYPT_INCURSION = record("Crypt Incursion", "{2}{B}", "Instant",
                         "Exile all creature cards from target player's graveyard. You gain 3 life for each card exiled "
                         "this way.")
WASTE_MANAGEMENT = record("Waste Management", "{2}{B}", "Instant",
                          "Kicker {3}{B} (You may pay an additional {3}{B} as you cast this spell.)\nExile up to two target "
                          "cards from a single graveyard. If this spell was kicked, instead exile target player's "
                          "graveyard. Create a 2/2 black Rogue creature token for each creature card exiled this way.")


def _graveyard(g, player: int, names: list[str]) -> list[int]:
    return [g.add_card(name, player, Zone.GRAVEYARD) for name in names]


@pytest.mark.rules("406.1", "107.3a")
def test_gain_life_for_each_card_exiled_this_way(extra_cards):
    extra_cards(CRYPT_INCURSION, fully_read=True)
    g, ids = table(["Swamp"] * 3, hand_a=["Crypt Incursion"])
    _graveyard(g, 1, ["Grizzly Bears", "Hill Giant", "Forest"])
    cast_and_resolve(g, ids["Crypt Incursion"], targets=(("P1",),))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Forest"]
    assert g.state.players[0].life == 26, "two creature cards exiled"


@pytest.mark.rules("406.1", "702.33d", "107.3a")
def test_create_a_token_for_each_creature_card_exiled_this_way(extra_cards):
    extra_cards(WASTE_MANAGEMENT, fully_read=True)
    g, ids = table(["Swamp"] * 7, hand_a=["Waste Management"])
    _graveyard(g, 1, ["Grizzly Bears", "Hill Giant", "Forest", "Llanowar Elves"])
    cast_and_resolve(g, ids["Waste Management"], kicked=True, targets=("P1",))
    rogues = [o for o in g.state.battlefield if g.characteristics(o).name == "Rogue Token"]
    assert len(rogues) == 3, "kicked: the whole graveyard instead, three creature cards of four"
    assert g.state.players[1].graveyard == []


KJELDORAN_WAR_CRY = record("Kjeldoran War Cry", "{1}{W}", "Instant",
                           "Creatures you control get +X/+X until end of turn, where X is 1 plus the number of cards "
                           "named Kjeldoran War Cry in all graveyards.")


@pytest.mark.rules("107.3a", "608.2h")
def test_cards_named_this_in_all_graveyards(extra_cards):
    extra_cards(KJELDORAN_WAR_CRY, fully_read=True)
    g, ids = table(["Plains", "Plains", "Grizzly Bears"], ["Hill Giant"], hand_a=["Kjeldoran War Cry"])
    _graveyard(g, 0, ["Kjeldoran War Cry"])
    _graveyard(g, 1, ["Kjeldoran War Cry", "Grizzly Bears"])
    cast_and_resolve(g, ids["Kjeldoran War Cry"])
    assert g.characteristics(ids["Grizzly Bears"]).power == 5, "1 plus two in graveyards (not itself, on the stack)"
    assert g.characteristics(ids["B:Hill Giant"]).power == 3


RENEWING_DAWN = record("Renewing Dawn", "{1}{W}", "Sorcery", "You gain 2 life for each Mountain target opponent controls.")
KITHKIN_ZEALOT = record("Kithkin Zealot", "{1}{W}", "Creature — Kithkin Cleric",
                        "When Kithkin Zealot enters the battlefield, you gain 1 life for each black and/or red "
                        "permanent target opponent controls.", "1/3")


@pytest.mark.rules("115.1", "107.3a", "601.2c")
def test_for_each_mountain_target_opponent_controls(extra_cards):
    extra_cards(RENEWING_DAWN, fully_read=True)
    g, ids = table(["Plains", "Plains", "Mountain"], ["Mountain", "Mountain", "Forest"], hand_a=["Renewing Dawn"])
    cast_and_resolve(g, ids["Renewing Dawn"], targets=(("P1",),))
    assert g.state.players[0].life == 24, "B's two Mountains; A's own Mountain isn't counted"


@pytest.mark.rules("115.1", "107.3a", "603.3d")
def test_for_each_black_and_or_red_permanent_target_opponent_controls(extra_cards):
    extra_cards(KITHKIN_ZEALOT, fully_read=True)
    g, ids = table(["Plains", "Plains"], ["Black Knight", "Mogg Fanatic", "Grizzly Bears"], hand_a=["Kithkin Zealot"])
    g.apply(CastSpell(0, ids["Kithkin Zealot"]))
    settle(g)
    assert g.state.players[0].life == 22, "a black Knight and a red Goblin; the green Bears not"


RELEASE_TO_MEMORY = record("Release to Memory", "{3}{W}", "Instant",
                           "Exile target opponent's graveyard. For each creature card exiled this way, create a 1/1 "
                           "colorless Spirit creature token.")


@pytest.mark.rules("608.2c", "406.3")
def test_crypt_incursion_gains_life_for_each_card_it_exiled(extra_cards):
    extra_cards(CRYPT_INCURSION, fully_read=True)
    g, ids = table(["Swamp"] * 3, [], ["Crypt Incursion"])
    for name in ("Grizzly Bears", "Hill Giant", "Shock"):
        g.add_card(name, 1, Zone.GRAVEYARD)
    g.add_card("Serra Angel", 1, Zone.EXILE)                 # exiled before: not this way
    cast_and_resolve(g, ids["Crypt Incursion"], targets=(("P1",),))
    assert g.state.players[0].life == 26                     # two creature cards
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Shock"]


@pytest.mark.rules("608.2c", "111.1")
def test_release_to_memory_counts_the_creature_cards_among_those_it_exiled(extra_cards):
    extra_cards(RELEASE_TO_MEMORY, fully_read=True)
    g, ids = table(["Plains"] * 4, [], ["Release to Memory"])
    for name in ("Grizzly Bears", "Hill Giant", "Shock", "Forest"):
        g.add_card(name, 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Release to Memory"], targets=(("P1",),))
    assert len([o for o in g.state.battlefield if g.characteristics(o).name == "Spirit Token"]) == 2
    assert g.state.players[1].graveyard == []


TOWERING_TITAN = record("Towering Titan", "{4}{G}{G}", "Creature — Giant",
                        "Towering Titan enters the battlefield with X +1/+1 counters on it, where X is the total "
                        "toughness of other creatures you control.\nSacrifice a creature with defender: All creatures "
                        "gain trample until end of turn.", "0/0")


@pytest.mark.rules("614.1c", "107.3a", "208.1")
def test_towering_titan_enters_with_counters_for_the_total_toughness_of_your_other_creatures(extra_cards):
    extra_cards(TOWERING_TITAN, fully_read=True)
    g, ids = table(["Forest"] * 6 + ["Grizzly Bears", "Hill Giant"], ["Craw Wurm"], hand_a=["Towering Titan"])
    cast_and_resolve(g, ids["Towering Titan"])
    (titan,) = on_battlefield(g, "Towering Titan")
    assert g.state.objects[titan].counters.get("+1/+1") == 5          # 2 + 3; not the opponent's Wurm


DAKKON = record("Dakkon, Shadow Slayer", "{W}{U}{B}", "Legendary Planeswalker — Dakkon",
                "Dakkon, Shadow Slayer enters the battlefield with a number of loyalty counters on him equal to the "
                "number of lands you control.\n[+1]: Surveil 2.\n[−3]: Exile target creature.\n[−6]: You may put an "
                "artifact card from your hand or graveyard onto the battlefield.", loyalty="0")


@pytest.mark.rules("614.1c", "306.5b", "107.3a")
def test_dakkon_enters_with_a_loyalty_counter_for_each_land_you_control(extra_cards):
    extra_cards(DAKKON)         # its −6 isn't read yet
    g, ids = table(["Plains", "Island", "Swamp", "Swamp"], ["Forest"], hand_a=["Dakkon, Shadow Slayer"])
    cast_and_resolve(g, ids["Dakkon, Shadow Slayer"])
    (dakkon,) = on_battlefield(g, "Dakkon, Shadow Slayer")
    assert g.state.objects[dakkon].counters.get("loyalty") == 4


BIOESSENCE_HYDRA = record("Bioessence Hydra", "{3}{G}{U}", "Creature — Hydra Mutant",
                          "Trample\nBioessence Hydra enters the battlefield with a +1/+1 counter on it for each loyalty "
                          "counter on planeswalkers you control.\nWhenever one or more loyalty counters are put on "
                          "planeswalkers you control, put that many +1/+1 counters on Bioessence Hydra.", "4/4")


@pytest.mark.rules("614.1c", "107.3a", "122.1")
def test_bioessence_hydra_counts_the_loyalty_counters_on_all_your_planeswalkers(extra_cards):
    extra_cards(BIOESSENCE_HYDRA, fully_read=True)
    extra_cards("Basri Ket")
    g, ids = table(["Forest", "Forest", "Island", "Island", "Island", "Basri Ket", "Grizzly Bears"],
                   ["Basri Ket"], hand_a=["Bioessence Hydra"])
    mine, theirs = ids["Basri Ket"], ids["B:Basri Ket"]
    g.state.objects[mine].counters = {"loyalty": 3, "+1/+1": 2}    # only loyalty counters count
    g.state.objects[theirs].counters = {"loyalty": 5}                # an opponent's planeswalker doesn't
    g.state.objects[ids["Grizzly Bears"]].counters = {"loyalty": 1}  # nor a counter on a permanent of another type
    g.state.invalidate()
    cast_and_resolve(g, ids["Bioessence Hydra"])
    (hydra,) = on_battlefield(g, "Bioessence Hydra")
    assert g.state.objects[hydra].counters.get("+1/+1") == 3
