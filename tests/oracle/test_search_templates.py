"""Searches (701.23) in the wordings the compiler reads through one grammar (engine.oracle.verbs._parse_search):
"any number of <cards>" (no limit, 701.23b), "up to X <cards>, where X is ..." said before what the search does,
"a <card> or a <card>" ("a basic land card or Gate card": "basic" is the first one's only), "with mana value N", the X of the spell's cost, and Cultivate's split said with "and";
searches forbidden (101.2): "Players can't search libraries this turn", "Your opponents can't search libraries".
Each played with a real card's text through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import attack, on_battlefield, pass_while_priority, resolve_stack, table
from tests.oracle.conftest import record
from tests.oracle.test_library_moves import choose_named, names, shuffles, stack_library

SELECTIVE_MEMORY = record("Selective Memory", "{3}{U}", "Sorcery",
                          "Search your library for any number of nonland cards, exile them, then shuffle.")
GOBLIN_RECRUITER = record("Goblin Recruiter", "{1}{R}", "Creature — Goblin",
                          "When Goblin Recruiter enters the battlefield, search your library for any number of Goblin "
                          "cards, reveal them, then shuffle and put those cards on top in any order.", "1/1")
BOUNDLESS_REALMS = record("Boundless Realms", "{6}{G}", "Sorcery",
                          "Search your library for up to X basic land cards, where X is the number of lands you "
                          "control, put them onto the battlefield tapped, then shuffle.")
TRIBUTE_MAGE = record("Tribute Mage", "{2}{U}", "Creature — Human Wizard",
                      "When Tribute Mage enters the battlefield, you may search your library for an artifact card with "
                      "mana value 2, reveal that card, put it into your hand, then shuffle.", "2/2")
SHEFET_MONITOR = record("Shefet Monitor", "{5}{G}", "Creature — Lizard",
                        "Cycling {3}{G} ({3}{G}, Discard this card: Draw a card.)\nWhen you cycle Shefet Monitor, you "
                        "may search your library for a basic land card or a Desert card, put it onto the battlefield, "
                        "then shuffle. (Do this before you draw.)", "6/5")
PEREGRINATION = record("Peregrination", "{3}{G}", "Sorcery",
                       "Search your library for up to two basic land cards, reveal those cards, and put one onto the "
                       "battlefield tapped and the other into your hand. Shuffle, then scry 1.")
NYLEAS_INTERVENTION = record("Nylea's Intervention", "{X}{G}{G}", "Sorcery",
                             "Choose one —\n• Search your library for up to X land cards, reveal them, put them into "
                             "your hand, then shuffle.\n• Nylea's Intervention deals twice X damage to each creature "
                             "with flying.")
OPEN_THE_GATES = record("Open the Gates", "{G}", "Sorcery",
                        "Search your library for a basic land card or Gate card, reveal it, put it into your hand, then "
                        "shuffle.")
AZORIUS_GUILDGATE = record("Azorius Guildgate", None, "Land — Gate",
                           "Azorius Guildgate enters the battlefield tapped.\n{T}: Add {W} or {U}.")
SHADOW_OF_DOUBT = record("Shadow of Doubt", "{U/B}{U/B}", "Instant",
                         "({U/B} can be paid with either {U} or {B}.)\nPlayers can't search libraries this turn.\n"
                         "Draw a card.")
# its "If an opponent would begin an extra turn, that player skips that turn instead." isn't read yet
STRANGLEHOLD = record("Stranglehold", "{3}{R}", "Enchantment",
                      "Your opponents can't search libraries.\nIf an opponent would begin an extra turn, that player "
                      "skips that turn instead.")
DESERT = record("Desert", None, "Land — Desert",
                "{T}: Add {C}.\n{T}: Desert deals 1 damage to target attacking creature. Activate only during the end "
                "of combat step.")


@pytest.mark.rules("701.23a", "701.23b")
def test_selective_memory_exiles_any_number_of_nonland_cards(extra_cards):
    extra_cards(SELECTIVE_MEMORY, fully_read=True)
    g, ids = table(["Island"] * 4, [], ["Selective Memory"])
    stack_library(g, 0, ["Shock", "Plains", "Grizzly Bears", "Serra Angel", "Island"])
    g.apply(CastSpell(0, ids["Selective Memory"]))
    pass_while_priority(g)
    assert (g.pending.min, g.pending.max) == (0, 3)              # every nonland card: no limit
    assert names(g, g.pending.options) == ["Grizzly Bears", "Serra Angel", "Shock"]
    events = choose_named(g, "Grizzly Bears", "Serra Angel", "Shock") + resolve_stack(g)
    exiled = [o for o, ob in g.state.objects.items() if ob.zone is Zone.EXILE]
    assert names(g, exiled) == ["Grizzly Bears", "Serra Angel", "Shock"]
    assert names(g, g.state.players[0].library) == ["Island", "Plains"]
    assert shuffles(events) == [0]


@pytest.mark.rules("701.23a", "701.24a", "401.4")
def test_goblin_recruiter_puts_the_goblins_found_on_top_in_the_order_chosen(extra_cards):
    extra_cards(GOBLIN_RECRUITER, fully_read=True)
    extra_cards("Goblin Arsonist")
    g, ids = table(["Mountain", "Mountain"], [], ["Goblin Recruiter"])
    stack_library(g, 0, ["Plains", "Goblin Arsonist", "Island", "Goblin Recruiter", "Swamp"])
    g.apply(CastSpell(0, ids["Goblin Recruiter"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        pass_while_priority(g)
    assert names(g, g.pending.options) == ["Goblin Arsonist", "Goblin Recruiter"]
    events = choose_named(g, "Goblin Arsonist", "Goblin Recruiter")
    assert g.pending.kind is DecisionKind.CHOOSE                 # the order of the two on top (401.4)
    events += choose_named(g, "Goblin Arsonist") + resolve_stack(g)
    lib = g.state.players[0].library
    assert [g.characteristics(o).name for o in lib[-2:]] == ["Goblin Recruiter", "Goblin Arsonist"]
    assert shuffles(events) == [0]
    assert [names(g, e.data["cards"]) for e in events if e.kind == "reveal"] == [["Goblin Arsonist", "Goblin Recruiter"]]


@pytest.mark.rules("701.23a", "107.3")
def test_boundless_realms_finds_up_to_as_many_basic_lands_as_you_control(extra_cards):
    extra_cards(BOUNDLESS_REALMS, fully_read=True)
    g, ids = table(["Forest"] * 7, [], ["Boundless Realms"])
    for _ in range(6):
        g.add_card("Forest", 0, Zone.BATTLEFIELD)               # 13 lands: more than the library holds
    stack_library(g, 0, ["Plains", "Island", "Swamp", "Mountain", "Shock"])
    before = set(g.state.battlefield)
    g.apply(CastSpell(0, ids["Boundless Realms"]))
    pass_while_priority(g)
    assert (g.pending.min, g.pending.max) == (0, 4)
    choose_named(g, "Plains", "Island", "Swamp", "Mountain")
    resolve_stack(g)
    found = [o for o in g.state.battlefield if o not in before]
    assert names(g, found) == ["Island", "Mountain", "Plains", "Swamp"]
    assert all(g.state.objects[o].tapped for o in found)
    assert names(g, g.state.players[0].library) == ["Shock"]


@pytest.mark.rules("701.23a", "202.3")
def test_tribute_mage_finds_only_an_artifact_with_mana_value_exactly_two(extra_cards):
    extra_cards(TRIBUTE_MAGE, fully_read=True)
    extra_cards("Mazemind Tome", "Meteorite")
    g, ids = table(["Island"] * 3, [], ["Tribute Mage"])
    stack_library(g, 0, ["Mazemind Tome", "Short Sword", "Meteorite", "Plains"])
    g.apply(CastSpell(0, ids["Tribute Mage"]))
    pass_while_priority(g)
    while g.pending.kind is not DecisionKind.CHOOSE:
        pass_while_priority(g)
    assert names(g, g.pending.options) == ["Mazemind Tome"]      # mana value 2; not 1 nor 5
    choose_named(g, "Mazemind Tome")
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Mazemind Tome"]


@pytest.mark.rules("701.23a", "702.29a")
def test_shefet_monitor_finds_a_basic_land_or_a_desert(extra_cards):
    extra_cards(SHEFET_MONITOR, fully_read=True)
    extra_cards(DESERT)
    g, ids = table(["Forest"] * 4, [], ["Shefet Monitor"])
    stack_library(g, 0, ["Desert", "Forest", "Grizzly Bears", "Plains"])
    g.apply(ActivateAbility(0, ids["Shefet Monitor"], 0))
    while g.pending.kind is not DecisionKind.CHOOSE:
        pass_while_priority(g)
    assert names(g, g.pending.options) == ["Desert", "Forest", "Plains"]
    choose_named(g, "Desert")
    resolve_stack(g)
    assert len(on_battlefield(g, "Desert")) == 1


@pytest.mark.rules("701.23a")
def test_peregrination_puts_one_land_onto_the_battlefield_tapped_and_the_other_into_the_hand(extra_cards):
    extra_cards(PEREGRINATION, fully_read=True)
    g, ids = table(["Forest"] * 4, [], ["Peregrination"])
    stack_library(g, 0, ["Island", "Swamp", "Shock", "Plains"])
    g.apply(CastSpell(0, ids["Peregrination"]))
    pass_while_priority(g)
    choose_named(g, "Island", "Swamp")
    choose_named(g, "Swamp")                                    # the one onto the battlefield
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(0, ()))                              # scry 1: keep it on top
        else:
            pass_while_priority(g)
    (swamp,) = on_battlefield(g, "Swamp")
    assert g.state.objects[swamp].tapped
    assert names(g, g.state.players[0].hand) == ["Island"]


@pytest.mark.rules("701.23a", "107.3a")
def test_nyleas_intervention_finds_up_to_x_lands(extra_cards):
    extra_cards(NYLEAS_INTERVENTION, fully_read=True)
    g, ids = table(["Forest"] * 4, [], ["Nylea's Intervention"])
    stack_library(g, 0, ["Island", "Swamp", "Mountain", "Shock"])
    g.apply(CastSpell(0, ids["Nylea's Intervention"], x=2, modes=(0,)))
    pass_while_priority(g)
    assert (g.pending.min, g.pending.max) == (0, 2)
    choose_named(g, "Island", "Swamp")
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Island", "Swamp"]


THREE_DREAMS = record("Three Dreams", "{4}{W}", "Sorcery",
                      "Search your library for up to three Aura cards with different names, reveal them, put them into "
                      "your hand, then shuffle.")


@pytest.mark.rules("701.23a", "201.2")
def test_three_dreams_finds_auras_with_different_names(extra_cards):
    extra_cards(THREE_DREAMS, fully_read=True)
    g, ids = table(["Plains"] * 5, [], ["Three Dreams"])
    stack_library(g, 0, ["Pacifism", "Pacifism", "Rancor", "Holy Strength", "Shock"])
    g.apply(CastSpell(0, ids["Three Dreams"]))
    pass_while_priority(g)
    assert names(g, g.pending.options) == ["Holy Strength", "Pacifism", "Pacifism", "Rancor"]
    g.apply(Choose(0, (next(o for o in g.pending.options if g.characteristics(o).name == "Pacifism"),)))
    assert names(g, g.pending.options) == ["Holy Strength", "Rancor"]      # no second Pacifism
    choose_named(g, "Rancor")
    g.apply(Choose(0, ()))                                               # and no third: chosen none
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Pacifism", "Rancor"]


STONEHEWER_GIANT = record("Stonehewer Giant", "{3}{W}{W}", "Creature — Giant Warrior",
                          "Vigilance\n{1}{W}, {T}: Search your library for an Equipment card, put it onto the "
                          "battlefield, attach it to a creature you control, then shuffle.", "4/4")


@pytest.mark.rules("701.23a", "701.3a", "301.5")
def test_stonehewer_giant_attaches_the_equipment_found_to_a_creature_you_control(extra_cards):
    extra_cards(STONEHEWER_GIANT, fully_read=True)
    g, ids = table(["Stonehewer Giant", "Grizzly Bears", "Plains", "Plains"], ["Llanowar Elves"])
    stack_library(g, 0, ["Plains", "Short Sword", "Island"])
    g.apply(ActivateAbility(0, ids["Stonehewer Giant"], 0))
    pass_while_priority(g)
    assert names(g, g.pending.options) == ["Short Sword"]
    choose_named(g, "Short Sword")
    assert set(g.pending.options) == {ids["Stonehewer Giant"], ids["Grizzly Bears"]}     # not the opponent's Elves
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    resolve_stack(g)
    (sword,) = on_battlefield(g, "Short Sword")
    assert g.state.objects[sword].attached_to == ids["Grizzly Bears"]
    assert g.characteristics(ids["Grizzly Bears"]).power == 3      # Short Sword: +1/+1


GROZOTH = record("Grozoth", "{6}{U}{U}{U}", "Creature — Leviathan",
                 "Defender (This creature can't attack.)\nWhen Grozoth enters the battlefield, you may search your "
                 "library for any number of cards that have mana value 9, reveal them, put them into your hand, then "
                 "shuffle.\n{4}: Grozoth loses defender until end of turn.\nTransmute {1}{U}{U} ({1}{U}{U}, Discard "
                 "this card: Search your library for a card with the same mana value as this card, reveal it, put it "
                 "into your hand, then shuffle. Transmute only as a sorcery.)", "9/9")


@pytest.mark.rules("701.23a", "202.3")
def test_grozoth_finds_any_number_of_cards_that_have_mana_value_9(extra_cards):
    extra_cards(GROZOTH, fully_read=True)
    g, ids = table(["Island"] * 9, [], ["Grozoth"])
    stack_library(g, 0, ["Grozoth", "Serra Angel", "Grozoth", "Colossal Dreadmaw"])
    g.apply(CastSpell(0, ids["Grozoth"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        pass_while_priority(g)
    assert names(g, g.pending.options) == ["Grozoth", "Grozoth"]
    assert g.pending.max == 2


SHARD_CONVERGENCE = record("Shard Convergence", "{3}{G}", "Sorcery",
                           "Search your library for a Plains card, an Island card, a Swamp card, and a Mountain card. "
                           "Reveal those cards, put them into your hand, then shuffle.")


@pytest.mark.rules("701.23a", "701.23b")
def test_shard_convergence_finds_one_card_of_each_land_type(extra_cards):
    extra_cards(SHARD_CONVERGENCE, fully_read=True)
    g, ids = table(["Forest"] * 4, [], ["Shard Convergence"])
    stack_library(g, 0, ["Island", "Plains", "Island", "Mountain", "Forest"])
    g.apply(CastSpell(0, ids["Shard Convergence"]))
    pass_while_priority(g)
    assert names(g, g.pending.options) == ["Plains"]              # first, a Plains card
    choose_named(g, "Plains")
    assert names(g, g.pending.options) == ["Island", "Island"]
    g.apply(Choose(0, (g.pending.options[0],)))
    assert names(g, g.pending.options) == ["Mountain"]            # no Swamp card: not asked
    events = choose_named(g, "Mountain") + resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Island", "Mountain", "Plains"]
    assert names(g, g.state.players[0].library) == ["Forest", "Island"]
    assert shuffles(events) == [0]


@pytest.mark.rules("701.23a", "205.4a", "205.3i")
def test_a_basic_land_card_or_gate_card_finds_a_nonbasic_gate(extra_cards):
    """Open the Gates: "basic" describes the land card only; a Gate (never basic) is found too, a nonbasic land that
    isn't a Gate isn't."""
    extra_cards(OPEN_THE_GATES, fully_read=True)
    extra_cards(AZORIUS_GUILDGATE)
    extra_cards(DESERT)
    g, ids = table(["Forest"], [], ["Open the Gates"])
    stack_library(g, 0, ["Azorius Guildgate", "Desert", "Grizzly Bears", "Plains"])
    g.apply(CastSpell(0, ids["Open the Gates"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        pass_while_priority(g)
    assert names(g, g.pending.options) == ["Azorius Guildgate", "Plains"]
    choose_named(g, "Azorius Guildgate")
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Azorius Guildgate"]


@pytest.mark.rules("101.2", "701.23a", "611.2a")
def test_players_cant_search_libraries_this_turn_the_search_finds_nothing_and_shuffles(extra_cards):
    extra_cards(OPEN_THE_GATES, SHADOW_OF_DOUBT, fully_read=True)
    g, ids = table(["Forest", "Island", "Island"], [], ["Open the Gates", "Shadow of Doubt"])
    stack_library(g, 0, ["Plains", "Grizzly Bears", "Plains"])
    g.apply(CastSpell(0, ids["Shadow of Doubt"]))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 2        # it drew a card
    g.apply(CastSpell(0, ids["Open the Gates"]))
    events = resolve_stack(g)
    assert g.pending.kind is not DecisionKind.CHOOSE and len(g.state.players[0].hand) == 1
    assert shuffles(events) == [0]      # "then shuffle" still happens


@pytest.mark.rules("101.2", "701.23a")
def test_your_opponents_cant_search_libraries(extra_cards):
    extra_cards(OPEN_THE_GATES, fully_read=True)
    extra_cards(STRANGLEHOLD)
    # B, A's opponent, searches on B's turn: nothing is found
    g, ids = table(["Stranglehold"], ["Forest"], hand_b=["Open the Gates"], active=1)
    stack_library(g, 1, ["Plains", "Plains"])
    g.apply(CastSpell(1, ids["B:Open the Gates"]))
    events = resolve_stack(g)
    assert g.pending.kind is not DecisionKind.CHOOSE and not g.state.players[1].hand
    assert shuffles(events) == [1]
    # A, its controller, still can
    g, ids = table(["Forest", "Stranglehold"], [], ["Open the Gates"])
    stack_library(g, 0, ["Plains", "Plains"])
    g.apply(CastSpell(0, ids["Open the Gates"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        pass_while_priority(g)
    assert names(g, g.pending.options) == ["Plains", "Plains"]
TIAMAT = record("Tiamat", "{2}{W}{U}{B}{R}{G}", "Legendary Creature — Dragon God",
                "Flying\nWhen Tiamat enters the battlefield, if you cast it, search your library for up to five Dragon "
                "cards not named Tiamat that each have different names, reveal them, put them into your hand, then "
                "shuffle.", "7/7")


@pytest.mark.rules("701.23a", "201.2", "201.5")
def test_tiamat_finds_dragons_with_different_names_none_named_tiamat(extra_cards):
    extra_cards(TIAMAT, fully_read=True)
    g, ids = table(["Plains", "Island", "Swamp", "Mountain", "Forest", "Plains", "Island"], [], ["Tiamat"])
    stack_library(g, 0, ["Shivan Dragon", "Shivan Dragon", "Tiamat", "Serra Angel", "Plains"])
    g.apply(CastSpell(0, ids["Tiamat"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert names(g, g.pending.options) == ["Shivan Dragon", "Shivan Dragon"]     # no other Tiamat, no Angel
    g.apply(Choose(0, (g.pending.options[0],)))
    if g.pending.kind is DecisionKind.CHOOSE and g.pending.data.get("choice") == "search":
        assert g.pending.options == []                                             # no second Shivan Dragon
        g.apply(Choose(0, ()))
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Shivan Dragon"]


VARRAGOTH = record("Varragoth, Bloodsky Sire", "{2}{B}", "Legendary Creature — Demon Rogue",
                   "Deathtouch\nBoast — {1}{B}: Target player searches their library for a card, then shuffles and puts "
                   "that card on top. (Activate only if this creature attacked this turn and only once each turn.)",
                   "2/3")


@pytest.mark.rules("701.23a", "701.24a", "702.142a")
def test_varragoth_has_the_target_player_tutor_a_card_to_the_top_of_their_own_library(extra_cards):
    """The target player searches and chooses (their own library, 701.23a), shuffles, then puts the card on top."""
    extra_cards(VARRAGOTH, fully_read=True)
    g, ids = table(["Varragoth, Bloodsky Sire", "Swamp", "Swamp"])
    stack_library(g, 1, ["Plains", "Shock", "Forest", "Hill Giant"])
    g.state.objects[ids["Varragoth, Bloodsky Sire"]].sick = False
    attack(g, ids["Varragoth, Bloodsky Sire"])
    g.apply(ActivateAbility(0, ids["Varragoth, Bloodsky Sire"], 0, targets=(("P1",),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.player == 1
    g.apply(Choose(1, (next(o for o in g.pending.options if g.characteristics(o).name == "Hill Giant"),)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.characteristics(g.state.players[1].library[-1]).name == "Hill Giant"
