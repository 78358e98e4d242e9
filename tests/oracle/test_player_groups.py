"""Instructions to a group of players (engine.oracle.phrases.parse_player): "each other player" is every player
but you, in a game without teams every opponent (102.3); "each player who controls a multicolored creature", "each
opponent who doesn't control an Elf": the players of the group who control such a permanent (or don't) as the
instruction is carried out (608.2c); "each player may scry 1": each decides in APNAP order, then those who chose to
carry it out together (101.4, 608.2d); "each player sacrifices all permanents they control that are one or more colors":
every such permanent, by its controller (701.21a); "each player creates a 1/1 green Cat creature token for each untapped
Forest they control": each player in turn, counted on their own side (101.4). Each compiled from a real card's Oracle text, then played."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.abilities import Ref
from engine.core.effect_types import Discard, Draw, MayDo
from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose, PassPriority, PlayLand
from engine.game import Game
from tests.engine.driving import attack, cast_and_resolve, on_battlefield, settle, table, until_blockers
from tests.oracle.conftest import record

ALL_IS_DUST = record("All Is Dust", "{7}", "Tribal Sorcery — Eldrazi",
                     "Each player sacrifices all permanents they control that are one or more colors.")
WAITING_IN_THE_WEEDS = record("Waiting in the Weeds", "{1}{G}{G}", "Sorcery",
                              "Each player creates a 1/1 green Cat creature token for each untapped Forest they control.")
WORDS_OF_WISDOM = record("Words of Wisdom", "{1}{U}", "Instant",
                         "You draw two cards, then each other player draws a card.")
EAGER_CONSTRUCT = record("Eager Construct", "{2}", "Artifact Creature — Construct",
                         "When Eager Construct enters the battlefield, each player may scry 1. (To scry 1, look at the "
                         "top card of your library, then you may put that card on the bottom of your library.)", "2/2")
RUIN_GRINDER = record("Ruin Grinder", "{5}{R}", "Artifact Creature — Construct",
                      "Menace\nWhen Ruin Grinder dies, each player may discard their hand and draw seven cards.\n"
                      "Mountaincycling {2} ({2}, Discard this card: Search your library for a Mountain card, reveal it, "
                      "put it into your hand, then shuffle.)", "7/4")
SHATTER_THE_SKY = record("Shatter the Sky", "{2}{W}{W}", "Sorcery",
                         "Each player who controls a creature with power 4 or greater draws a card. Then destroy all "
                         "creatures.")
THORNBOW_ARCHER = record("Thornbow Archer", "{B}", "Creature — Elf Archer",
                         "Whenever Thornbow Archer attacks, each opponent who doesn't control an Elf loses 1 life.", "1/2")
SYPHON_MIND = record("Syphon Mind", "{3}{B}", "Sorcery",
                     "Each other player discards a card. You draw a card for each card discarded this way.")
AURA_THIEF = record("Aura Thief", "{3}{U}", "Creature — Illusion",
                    "Flying\nWhen Aura Thief dies, you gain control of all enchantments. (You don't get to move Auras.)",
                    "2/2")
EBONBLADE_REAPER = record("Ebonblade Reaper", "{2}{B}", "Creature — Human Cleric",
                          "Whenever Ebonblade Reaper attacks, you lose half your life, rounded up.\nWhenever Ebonblade "
                          "Reaper deals combat damage to a player, that player loses half their life, rounded up.\n"
                          "Morph {3}{B}{B}", "1/1")
SYPHON_SOUL = record("Syphon Soul", "{2}{B}", "Sorcery",
                     "Syphon Soul deals 2 damage to each other player. You gain life equal to the damage dealt this way.")


def _three_players(hand: str, lands: list[str]) -> tuple[Game, int]:
    """A, B and C, A in its first main phase holding `hand` with `lands` on the battlefield; ten Plains in each
    library."""
    g = Game.empty(["A", "B", "C"])
    for p in range(3):
        for _ in range(10):
            g.add_card("Plains", p, Zone.LIBRARY)
    card = g.add_card(hand, 0, Zone.HAND)
    for land in lands:
        g.add_card(land, 0, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.MAIN1)
    return g, card


@pytest.mark.rules("102.3", "101.4")
def test_each_other_player_draws_a_card(extra_cards):
    extra_cards(WORDS_OF_WISDOM, fully_read=True)
    g, words = _three_players("Words of Wisdom", ["Island", "Island"])
    before = [len(p.hand) for p in g.state.players]
    cast_and_resolve(g, words)
    assert [len(p.hand) - b for p, b in zip(g.state.players, before)] == [2 - 1, 1, 1]     # Words went to the graveyard


@pytest.mark.rules("102.3", "120.3a")
def test_each_other_player_is_dealt_damage(extra_cards):
    extra_cards(SYPHON_SOUL, fully_read=True)
    g, syphon = _three_players("Syphon Soul", ["Swamp", "Swamp", "Swamp"])
    cast_and_resolve(g, syphon)
    assert [p.life for p in g.state.players] == [24, 18, 18], "2 damage to each of the two others, 4 life gained"


@pytest.mark.rules("608.2c")
def test_each_player_who_controls_a_creature_with_power_4_or_greater_draws(extra_cards):
    extra_cards(SHATTER_THE_SKY, fully_read=True)
    g, ids = table(["Plains", "Plains", "Plains", "Plains", "Grizzly Bears"], ["Craw Wurm"], hand_a=["Shatter the Sky"])
    before = [len(p.hand) for p in g.state.players]
    cast_and_resolve(g, ids["Shatter the Sky"])
    assert [len(p.hand) - b for p, b in zip(g.state.players, before)] == [-1, 1], "B's 6/4 draws B a card, A's 2/2 not"
    assert not on_battlefield(g, "Craw Wurm") and not on_battlefield(g, "Grizzly Bears"), "then all are destroyed"


@pytest.mark.rules("608.2c", "603.2")
@pytest.mark.parametrize("defender, loss", [("Grizzly Bears", 1), ("Llanowar Elves", 0)])
def test_each_opponent_who_doesnt_control_an_elf_loses_life(extra_cards, defender, loss):
    extra_cards(THORNBOW_ARCHER, fully_read=True)
    g, ids = table(["Thornbow Archer"], [defender])
    attack(g, ids["Thornbow Archer"])
    until_blockers(g)
    assert g.state.players[1].life == 20 - loss


@pytest.mark.rules("102.3", "701.9a", "107.3a")
def test_draw_a_card_for_each_card_discarded_this_way(extra_cards):
    extra_cards(SYPHON_MIND, fully_read=True)
    g, syphon = _three_players("Syphon Mind", ["Swamp"] * 4)
    g.add_card("Grizzly Bears", 1, Zone.HAND)       # B has a card to discard, C none
    g.apply(CastSpell(0, syphon))
    settle(g)
    assert [len(p.hand) for p in g.state.players] == [1, 0, 0], "one card discarded this way: A draws one"
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]


HUDDLE_UP = record("Huddle Up", "{2}{U}", "Sorcery",
                   "Assist (Another player can pay up to {2} of this spell's cost.)\nTwo target players each draw a card.")


@pytest.mark.rules("115.1", "601.2c", "121.1")
def test_two_target_players_each_draw_a_card(extra_cards):
    extra_cards(HUDDLE_UP, fully_read=True)
    g, ids = table(["Island"] * 3, hand_a=["Huddle Up"])
    hands = [len(p.hand) for p in g.state.players]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Huddle Up"], targets=(("P1",),)))          # two players
    g.apply(CastSpell(0, ids["Huddle Up"], targets=(("P0", "P1"),)))
    settle(g, lambda d: ())                                                  # no one assists
    assert [len(p.hand) for p in g.state.players] == [hands[0], hands[1] + 1]   # A's: Huddle Up cast, a card drawn
@pytest.mark.rules("608.2c", "613.1b", "603.6c")
def test_you_gain_control_of_all_enchantments(extra_cards):
    """ "You <instruction>" is the instruction its controller carries out, as the imperative is: Aura Thief's
    controller gains control of every enchantment on the battlefield as the ability resolves."""
    extra_cards(AURA_THIEF, fully_read=True)
    g, ids = table(["Aura Thief"], ["Glorious Anthem"], ["Lightning Bolt", "Mountain"])
    g.apply(PlayLand(0, ids["Mountain"]))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Aura Thief"],),))
    settle(g)
    assert not on_battlefield(g, "Aura Thief")
    assert g.state.objects[ids["B:Glorious Anthem"]].controller == 0, "A controls B's enchantment now"


@pytest.mark.rules("107.1a", "119.3")
@pytest.mark.parametrize("life, after", [(20, 10), (15, 7)])
def test_you_lose_half_your_life_rounded_up(extra_cards, life, after):
    extra_cards(EBONBLADE_REAPER, fully_read=True)
    g, ids = table(["Ebonblade Reaper"], [], life_a=life)
    attack(g, ids["Ebonblade Reaper"])
    until_blockers(g)
    assert g.state.players[0].life == after, "half of A's life, rounded up, lost as the Reaper attacks"


@pytest.mark.rules("608.2c")
def test_you_may_after_another_players_instruction_is_yours(card):
    """ "Each opponent loses 1 life and you may draw a card": the draw is yours, not the opponents'."""
    d = card("Test Sorcery", "{B}", "Sorcery", "Each opponent loses 1 life and you may draw a card.")
    assert not d.unsupported
    lose, may = d.spell.modes[0].effects
    assert lose.who.kind == "each_opponent" and may.effects[0].who.kind == "you"


@pytest.mark.rules("608.2d")
def test_you_may_untap_and_gain_control_is_one_choice(card):
    """Bringer of the Red Dawn: "you may untap target creature and gain control of it until end of turn": both
    instructions are the may's, not the control change alone; a payment joined so is left to "If you do"."""
    d = card("Bringer of the Red Dawn", "{7}{R}{R}", "Creature — Bringer",
             "At the beginning of your upkeep, you may untap target creature and gain control of it until end of turn. "
             "That creature gains haste until end of turn.", "5/5")
    may, haste = d.triggered[0].mode.effects
    assert [type(e).__name__ for e in may.effects] == ["TapEffect", "ApplyContinuous"]
    assert type(haste).__name__ == "Grant"
    smelter = card("Sokenzan Smelter", "{1}{R}", "Creature — Goblin Artificer",
                   "At the beginning of combat on your turn, you may pay {1} and sacrifice an artifact. If you do, "
                   "create a 3/1 red Construct artifact creature token with haste.", "2/1")
    assert smelter.unsupported


BIORHYTHM = record("Biorhythm", "{6}{G}{G}", "Sorcery",
                   "Each player's life total becomes the number of creatures they control.")


@pytest.mark.rules("119.5", "101.4")
def test_each_players_life_total_becomes_the_number_of_creatures_they_control(extra_cards):
    """ "they" is each player in turn: every life total set from that player's own creatures."""
    extra_cards(BIORHYTHM, fully_read=True)
    g, biorhythm = _three_players("Biorhythm", ["Forest"] * 8 + ["Grizzly Bears", "Llanowar Elves"])
    g.add_card("Serra Angel", 1, Zone.BATTLEFIELD)
    cast_and_resolve(g, biorhythm)
    assert [p.life for p in g.state.players] == [2, 1, 0]
    assert g.state.players[2].lost, "no creatures: 0 life, and C loses the game (704.5a)"



def _answer_each_may(g: Game, says: dict[int, str], other=None) -> list[tuple[int, tuple]]:
    """Passes priority until the stack is empty; each player's yes or no is `says`'s, any other choice `other`'s.
    The choices asked, in order."""
    asked = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is not DecisionKind.CHOOSE:
            g.apply(PassPriority(d.player))
            continue
        asked.append((d.player, tuple(d.options)))
        g.apply(Choose(d.player, (says[d.player],) if d.options == ["yes", "no"] else other(d)))
    return asked


@pytest.mark.rules("101.4", "608.2d", "701.22a", "701.22c")
def test_each_player_may_scry(extra_cards):
    """Eager Construct: A is asked first, then B; A scries (the top card to the bottom), B declines and doesn't."""
    extra_cards(EAGER_CONSTRUCT, fully_read=True)
    g, ids = table(["Plains", "Plains"], hand_a=["Eager Construct"])
    top_a, top_b = g.add_card("Grizzly Bears", 0, Zone.LIBRARY), g.add_card("Grizzly Bears", 1, Zone.LIBRARY)
    assert g.state.players[0].library[-1] == top_a          # a library list ends with its top card
    g.apply(CastSpell(0, ids["Eager Construct"]))
    asked = _answer_each_may(g, {0: "yes", 1: "no"}, lambda d: (top_a,))
    assert [p for p, o in asked if o == ("yes", "no")] == [0, 1]
    assert [p for p, o in asked if o != ("yes", "no")] == [0]       # only A looks at a card
    assert g.state.players[0].library[0] == top_a                     # on the bottom
    assert g.state.players[1].library[-1] == top_b


@pytest.mark.rules("101.4", "608.2d", "701.9a", "704.5g")
def test_each_player_may_discard_their_hand_and_draw_seven(extra_cards):
    """Ruin Grinder: who says yes discards their hand and draws seven (one choice for both instructions); who says
    no keeps their hand and draws nothing."""
    extra_cards(RUIN_GRINDER, fully_read=True)
    g, ids = table(hand_a=["Grizzly Bears"], hand_b=["Grizzly Bears"])
    g.add_card("Ruin Grinder", 0, Zone.BATTLEFIELD, damage=4)       # lethal damage: it dies (704.5g)
    g.apply(PassPriority(0))
    asked = _answer_each_may(g, {0: "no", 1: "yes"})
    assert [p for p, o in asked] == [0, 1]
    assert g.state.players[0].hand == [ids["Grizzly Bears"]]
    assert len(g.state.players[1].hand) == 7
    assert [g.characteristics(c).name for c in g.state.players[1].graveyard] == ["Grizzly Bears"]


@pytest.mark.rules("608.2d")
def test_another_players_may_covers_the_instruction_after_its_and(card):
    """"Target player may discard their hand and draw seven cards": an instruction without a subject of its own after
    the "and" is part of what that player may do, never carried out when they decline."""
    d = card("Test Card", "{1}{R}", "Sorcery", "Target player may discard their hand and draw seven cards.")
    assert not d.unsupported
    (may,) = d.spell.modes[0].effects
    assert isinstance(may, MayDo) and may.who == Ref("target", 0)
    assert [type(e) for e in may.effects] == [Discard, Draw]


@pytest.mark.rules("701.21a", "105.2")
def test_each_player_sacrifices_all_permanents_they_control_that_are_one_or_more_colors(extra_cards):
    extra_cards(ALL_IS_DUST, fully_read=True)
    g, ids = table(["Grizzly Bears", "Ornithopter"] + ["Plains"] * 7, ["Serra Angel", "Mind Stone", "Forest"],
                   ["All Is Dust"])
    cast_and_resolve(g, ids["All Is Dust"])
    assert not on_battlefield(g, "Grizzly Bears") and not on_battlefield(g, "Serra Angel")
    # colorless permanents stay: an artifact creature, an artifact, lands (105.2c)
    assert on_battlefield(g, "Ornithopter") and on_battlefield(g, "Mind Stone") and on_battlefield(g, "Forest")
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Serra Angel"]
    assert {g.characteristics(o).name for o in g.state.players[0].graveyard} == {"Grizzly Bears", "All Is Dust"}


@pytest.mark.rules("101.4", "111.2")
def test_each_player_creates_tokens_for_each_untapped_forest_they_control(extra_cards):
    extra_cards(WAITING_IN_THE_WEEDS, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest"], ["Forest", "Plains"], ["Waiting in the Weeds"])
    g.add_card("Forest", 1, Zone.BATTLEFIELD, tapped=True)
    g.set_player(0, mana_pool="GGG")
    cast_and_resolve(g, ids["Waiting in the Weeds"])
    cats = [o for o in g.state.battlefield if g.characteristics(o).name == "Cat Token"]
    # A's three untapped Forests, B's one (not its tapped one, nor the Plains); each token its creator's (111.2)
    assert sorted(g.state.objects[o].controller for o in cats) == [0, 0, 0, 1]
