"""Players an effect names through an earlier phrase, compiled from real cards and played: 'Target opponent
reveals their hand. You choose a card from it. That player discards that card.' (701.20a reveal, 701.9b the
discard chosen by another player); '... deals 2 damage to that land's controller' (the event's object's
controller)."""
from __future__ import annotations

import pytest

from engine.core.effect_types import ExileUntilLeaves
from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand
from engine.oracle import compile_card
from tests.engine.driving import attack, resolve_stack, table
from tests.oracle.conftest import record

COERCION = record("Coercion", "{2}{B}", "Sorcery",
                  "Target opponent reveals their hand. You choose a card from it. That player discards that card.")


@pytest.mark.rules("701.20a", "701.9b")
def test_you_choose_any_card_and_that_player_discards_it(extra_cards):
    extra_cards(COERCION, fully_read=True)
    g, ids = table(["Swamp"] * 3, hand_a=["Coercion"], hand_b=["Grizzly Bears", "Forest"])
    g.apply(CastSpell(0, ids["Coercion"], targets=(("P1",),)))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 0 and set(d.options) == {ids["B:Grizzly Bears"], ids["B:Forest"]}
    g.apply(Choose(0, (ids["B:Forest"],)))
    b = g.state.players[1]
    assert [g.state.objects[o].name for o in b.graveyard] == ["Forest"]
    assert [g.state.objects[o].name for o in b.hand] == ["Grizzly Bears"]


TRANSGRESS_THE_MIND = record("Transgress the Mind", "{1}{B}", "Sorcery",
                             "Devoid (This card has no color.)\nTarget player reveals their hand. You choose a card from "
                             "it with mana value 3 or greater and exile that card.")
BRAIN_PRY = record("Brain Pry", "{1}{B}", "Sorcery",
                   "Choose a nonland card name. Target player reveals their hand. That player discards a card with that "
                   "name. If they can't, you draw a card.")


def _resolve_choosing(g, pick) -> list:
    """Passes priority until the stack is empty, answering each choice with `pick(decision)`; the options offered."""
    offered = []
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.PRIORITY:
            g.apply(PassPriority(d.player))
        else:
            offered.append((d.player, set(d.options)))
            g.apply(Choose(d.player, tuple(pick(d))))
    return offered


@pytest.mark.rules("701.20a", "202.3", "406.3")
def test_transgress_the_mind_exiles_a_card_you_choose_with_mana_value_3_or_greater(extra_cards):
    extra_cards(TRANSGRESS_THE_MIND, fully_read=True)
    g, ids = table(["Swamp"] * 2, hand_a=["Transgress the Mind"], hand_b=["Grizzly Bears", "Hill Giant", "Serra Angel"])
    g.apply(CastSpell(0, ids["Transgress the Mind"], targets=(("P1",),)))
    offered = _resolve_choosing(g, lambda d: (ids["B:Hill Giant"],))
    assert offered == [(0, {ids["B:Hill Giant"], ids["B:Serra Angel"]})], "only cards with mana value 3 or greater"
    assert [g.state.objects[o].name for o in g.state.exile] == ["Hill Giant"]
    assert sorted(g.state.objects[o].name for o in g.state.players[1].hand) == ["Grizzly Bears", "Serra Angel"]


@pytest.mark.rules("201.3", "701.20a", "701.9b", "608.2c")
@pytest.mark.parametrize("named,discarded", [("Grizzly Bears", True), ("Serra Angel", False)])
def test_brain_pry_discards_a_card_of_the_chosen_name_or_you_draw(extra_cards, named, discarded):
    extra_cards(BRAIN_PRY, fully_read=True)
    g, ids = table(["Swamp"] * 2 + ["Grizzly Bears", "Serra Angel"], hand_a=["Brain Pry"],
                   hand_b=["Grizzly Bears", "Forest"])
    g.apply(CastSpell(0, ids["Brain Pry"], targets=(("P1",),)))
    offered = _resolve_choosing(g, lambda d: (named,) if d.data.get("choice") == "card_name" else d.options[:1])
    assert "Forest" not in offered[0][1] and "Swamp" not in offered[0][1], "a nonland card name"
    b_hand = [g.state.objects[o].name for o in g.state.players[1].hand]
    assert b_hand == (["Forest"] if discarded else ["Grizzly Bears", "Forest"])
    assert len(g.state.players[0].hand) == (0 if discarded else 1), "you draw only if they can't discard"


AGONIZING_MEMORIES = record("Agonizing Memories", "{2}{B}{B}", "Sorcery",
                            "Look at target player's hand and choose two cards from it. Put them on top of that "
                            "player's library in any order.")


@pytest.mark.rules("401.4", "608.2c")
def test_agonizing_memories_puts_two_chosen_cards_on_top_in_the_casters_order(extra_cards):
    extra_cards(AGONIZING_MEMORIES, fully_read=True)
    g, ids = table(["Swamp"] * 4, hand_a=["Agonizing Memories"], hand_b=["Grizzly Bears", "Hill Giant", "Forest"])
    bears, giant = ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    g.apply(CastSpell(0, ids["Agonizing Memories"], targets=(("P1",),)))
    picks = iter([(bears, giant), (giant,), (bears,)])
    offered = _resolve_choosing(g, lambda d: next(picks))
    assert len(offered) >= 2 and all(p == 0 for p, _ in offered), "the caster chooses and orders them"
    assert offered[0][1] == {bears, giant, ids["B:Forest"]}
    b = g.state.players[1]
    assert [g.state.objects[o].name for o in b.library[-2:]] == ["Grizzly Bears", "Hill Giant"]   # the top last
    assert [g.state.objects[o].name for o in b.hand] == ["Forest"]


ZO_ZU = record("Zo-Zu the Punisher", "{1}{R}{R}", "Legendary Creature — Goblin Warrior",
               "Whenever a land enters the battlefield, Zo-Zu the Punisher deals 2 damage to that land's controller.",
               "2/2")


@pytest.mark.rules("603.2", "119.3")
def test_that_lands_controller_is_dealt_damage(extra_cards):
    extra_cards(ZO_ZU, fully_read=True)
    g, ids = table(["Zo-Zu the Punisher"], [], hand_b=["Forest"], active=1)
    g.apply(PlayLand(1, ids["B:Forest"]))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


KITESAIL_FREEBOOTER = record("Kitesail Freebooter", "{1}{B}", "Creature — Human Pirate",
                             "Flying\nWhen Kitesail Freebooter enters the battlefield, target opponent reveals their "
                             "hand. You choose a noncreature, nonland card from it. Exile that card until Kitesail "
                             "Freebooter leaves the battlefield.", "1/2")


@pytest.mark.rules("701.20a", "610.3")
def test_that_card_after_a_choice_from_a_hand_is_the_chosen_card_never_the_source():
    """'That card' after 'You choose a ... card from it' is the chosen card: 'Exile that card until ~ leaves the
    battlefield' exiles the card chosen from the hand. It had once been read as the Freebooter exiling itself,
    returning at once and triggering again without end (a fuzz find); played in test_m21_unread_templates."""
    d = compile_card(KITESAIL_FREEBOOTER)
    assert not d.unsupported
    exile = d.triggered[0].mode.effects[-1]
    assert isinstance(exile, ExileUntilLeaves) and exile.what.kind == "chosen"


SCENT_OF_JASMINE = record("Scent of Jasmine", "{W}", "Instant",
                          "Reveal any number of white cards in your hand. You gain 2 life for each card revealed this "
                          "way.")
IVY_SEER = record("Ivy Seer", "{3}{G}", "Creature — Elf Wizard",
                  "{2}{G}, {T}: Reveal any number of green cards in your hand. Target creature gets +X/+X until end of "
                  "turn, where X is the number of cards revealed this way.", "1/1")


@pytest.mark.rules("701.20a", "608.2h")
def test_scent_of_jasmine_gains_life_for_the_white_cards_its_caster_chooses_to_reveal(extra_cards):
    extra_cards(SCENT_OF_JASMINE, fully_read=True)
    g, ids = table(["Plains"], [], ["Scent of Jasmine", "Serra Angel", "Pacifism", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Scent of Jasmine"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert sorted(g.pending.options) == sorted([ids["Serra Angel"], ids["Pacifism"]])     # white cards only
    assert g.pending.min == 0
    g.apply(Choose(0, (ids["Serra Angel"], ids["Pacifism"])))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[0].life == 24
    assert ids["Serra Angel"] in g.state.players[0].hand        # revealed, not moved


@pytest.mark.rules("701.20a", "107.3a")
def test_ivy_seer_pumps_by_the_number_of_green_cards_revealed(extra_cards):
    extra_cards(IVY_SEER, fully_read=True)
    g, ids = table(["Ivy Seer", "Forest", "Forest", "Forest", "Grizzly Bears"], [], ["Llanowar Elves", "Giant Growth",
                                                                                       "Lightning Bolt"])
    g.apply(ActivateAbility(0, ids["Ivy Seer"], 0, targets=((ids["Grizzly Bears"],),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert sorted(g.pending.options) == sorted([ids["Llanowar Elves"], ids["Giant Growth"]])
    g.apply(Choose(0, (ids["Giant Growth"],)))              # one of the two: a choice
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.characteristics(ids["Grizzly Bears"]).power == 3


BLACKMAIL = record("Blackmail", "{B}", "Sorcery",
                   "Target player reveals three cards from their hand and you choose one of them. That player discards "
                   "that card.")


@pytest.mark.rules("701.20a", "701.9b")
def test_blackmail_discards_one_of_the_three_cards_that_player_chose_to_reveal(extra_cards):
    extra_cards(BLACKMAIL, fully_read=True)
    g, ids = table(["Swamp"], [], ["Blackmail"],
                   hand_b=["Lightning Bolt", "Shock", "Grizzly Bears", "Hill Giant", "Serra Angel"])
    g.apply(CastSpell(0, ids["Blackmail"], targets=(("P1",),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 1 and d.min == d.max == 3             # the revealing player chooses three
    shown = (ids["B:Lightning Bolt"], ids["B:Shock"], ids["B:Grizzly Bears"])
    g.apply(Choose(1, shown))
    d = g.pending
    assert d.player == 0 and sorted(d.options) == sorted(shown)     # you choose among the revealed ones
    g.apply(Choose(0, (ids["B:Shock"],)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Shock"]
    assert len(g.state.players[1].hand) == 4


DISCORDANT_DIRGE = record("Discordant Dirge", "{3}{B}{B}", "Enchantment",
                          "At the beginning of your upkeep, you may put a verse counter on Discordant Dirge.\n{B}, "
                          "Sacrifice Discordant Dirge: Look at target opponent's hand and choose up to X cards from it, "
                          "where X is the number of verse counters on Discordant Dirge. That player discards those "
                          "cards.")


@pytest.mark.rules("701.9b", "608.2h")
def test_discordant_dirge_discards_up_to_as_many_cards_as_it_had_verse_counters(extra_cards):
    """The counters are those the sacrificed Dirge had as it last existed; its controller chooses any number of
    cards up to that many, and only those are discarded."""
    extra_cards(DISCORDANT_DIRGE, fully_read=True)
    g, ids = table(["Discordant Dirge", "Swamp"], [], hand_b=["Lightning Bolt", "Shock", "Grizzly Bears"])
    g.state.objects[ids["Discordant Dirge"]].counters["verse"] = 2
    g.apply(ActivateAbility(0, ids["Discordant Dirge"], 0, targets=(("P1",),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 0 and (d.min, d.max) == (0, 2)
    assert set(d.options) == {ids["B:Lightning Bolt"], ids["B:Shock"], ids["B:Grizzly Bears"]}
    g.apply(Choose(0, (ids["B:Lightning Bolt"], ids["B:Grizzly Bears"])))
    resolve_stack(g)
    b = g.state.players[1]
    assert sorted(g.state.objects[o].name for o in b.graveyard) == ["Grizzly Bears", "Lightning Bolt"]
    assert [g.state.objects[o].name for o in b.hand] == ["Shock"]


ABANDON_HOPE = record("Abandon Hope", "{X}{1}{B}", "Sorcery",
                      "As an additional cost to cast this spell, discard X cards.\nLook at target opponent's hand and "
                      "choose X cards from it. That player discards those cards.")


@pytest.mark.rules("701.9b", "107.3a")
def test_abandon_hope_discards_exactly_x_cards_its_caster_chooses(extra_cards):
    d = compile_card(ABANDON_HOPE)
    assert not d.unsupported
    discard = d.spell.modes[0].effects[-1]
    assert discard.chooser == "you" and discard.amount.kind == "x" and not discard.up_to


MONOMANIA = record("Monomania", "{3}{B}{B}", "Sorcery",
                   "Target player chooses a card in their hand and discards the rest.")


@pytest.mark.rules("701.9a", "101.4")
def test_monomania_leaves_the_target_player_the_one_card_they_choose(extra_cards):
    extra_cards(MONOMANIA, fully_read=True)
    g, ids = table(["Swamp"] * 5, [], ["Monomania"], hand_b=["Lightning Bolt", "Shock", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Monomania"], targets=(("P1",),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 1 and (d.min, d.max) == (1, 1)        # the player keeps one card of their choice
    g.apply(Choose(1, (ids["B:Shock"],)))
    b = g.state.players[1]
    assert [g.state.objects[o].name for o in b.hand] == ["Shock"]
    assert sorted(g.state.objects[o].name for o in b.graveyard) == ["Grizzly Bears", "Lightning Bolt"]


@pytest.mark.rules("701.9a")
def test_monomania_against_a_single_card_discards_nothing(extra_cards):
    extra_cards(MONOMANIA, fully_read=True)
    g, ids = table(["Swamp"] * 5, [], ["Monomania"], hand_b=["Shock"])
    g.apply(CastSpell(0, ids["Monomania"], targets=(("P1",),)))
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.players[1].hand] == ["Shock"]


BREAKTHROUGH = record("Breakthrough", "{X}{U}", "Sorcery",
                      "Draw four cards, then choose X cards in your hand and discard the rest.")


@pytest.mark.rules("701.9a", "107.3a")
def test_breakthrough_for_x_zero_discards_the_whole_hand_after_drawing(extra_cards):
    extra_cards(BREAKTHROUGH, fully_read=True)
    g, ids = table(["Island"], [], ["Breakthrough", "Shock"])
    g.apply(CastSpell(0, ids["Breakthrough"], x=0))
    resolve_stack(g)
    a = g.state.players[0]
    assert a.hand == [] and len(a.graveyard) == 6      # Shock, the four cards drawn and Breakthrough


JAGGED_POPPET = record("Jagged Poppet", "{1}{B}{R}", "Creature — Ogre Warrior",
                       "Whenever Jagged Poppet is dealt damage, discard that many cards.\nHellbent — Whenever Jagged "
                       "Poppet deals combat damage to a player, if you have no cards in hand, that player discards "
                       "cards equal to the damage.", "3/4")


@pytest.mark.rules("701.9a", "603.4", "120.3")
def test_jagged_poppet_makes_the_player_it_damaged_discard_as_many_cards_as_the_damage(extra_cards):
    extra_cards(JAGGED_POPPET, fully_read=True)
    g, ids = table(["Jagged Poppet"], [], hand_b=["Shock", "Forest", "Island", "Grizzly Bears", "Hill Giant"])
    g.state.objects[ids["Jagged Poppet"]].sick = False
    attack(g, ids["Jagged Poppet"])
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 1 and d.min == d.max == 3          # the damaged player chooses three of their cards
    g.apply(Choose(1, (ids["B:Shock"], ids["B:Forest"], ids["B:Island"])))
    assert sorted(g.state.objects[o].name for o in g.state.players[1].hand) == ["Grizzly Bears", "Hill Giant"]
