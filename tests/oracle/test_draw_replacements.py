"""Draws replaced (614.1a, 614.11, 121.6): 'The next time you would draw a card this turn, you gain 5 life instead'
(the Words cycle): a shield on its controller's next draw this turn, used up as it replaces one, met by the draw step's
draw and by an effect's draws alike, its instructions (and their choices) carried out instead of the draw. Real cards'
Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority, PlayLand
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, table
from tests.oracle.conftest import record

WORDS_OF_WORSHIP = record("Words of Worship", "{2}{W}", "Enchantment",
                          "{1}: The next time you would draw a card this turn, you gain 5 life instead.")
WORDS_OF_WASTE = record("Words of Waste", "{2}{B}", "Enchantment",
                        "{1}: The next time you would draw a card this turn, each opponent discards a card instead.")
WORDS_OF_WIND = record("Words of Wind", "{2}{U}", "Enchantment",
                       "{1}: The next time you would draw a card this turn, each player returns a permanent they "
                       "control to its owner's hand instead.")


@pytest.mark.rules("614.1a", "614.11", "504.1")
def test_words_of_worship_replaces_the_draw_step_draw_once(extra_cards):
    extra_cards(WORDS_OF_WORSHIP, fully_read=True)
    g, ids = table(["Words of Worship", "Plains"], turn=3, step=Step.UPKEEP)
    hand = len(g.state.players[0].hand)
    activate_and_resolve(g, ids["Words of Worship"], targets=())
    advance(g, Step.DRAW)
    assert g.state.players[0].life == 25            # the draw step's draw replaced
    assert len(g.state.players[0].hand) == hand
    advance(g, Step.MAIN1)
    for _ in range(3):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, g.add_card("Divination", 0, Zone.HAND))
    assert g.state.players[0].life == 25            # used up: Divination's draws are draws
    assert len(g.state.players[0].hand) == hand + 2


@pytest.mark.rules("614.1a", "614.11", "121.6")
def test_words_of_waste_replaces_one_draw_of_a_spell_the_opponent_choosing_the_discard(extra_cards):
    extra_cards(WORDS_OF_WASTE, fully_read=True)
    g, ids = table(["Words of Waste"] + ["Island"] * 4, hand_b=["Shock", "Grizzly Bears"])
    activate_and_resolve(g, ids["Words of Waste"], targets=())
    divination = g.add_card("Divination", 0, Zone.HAND)
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(0, divination))
    asked = []
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            asked.append((d.player, set(d.options)))
            g.apply(Choose(1, (ids["B:Grizzly Bears"],)))
        else:
            g.apply(PassPriority(d.player))
    assert asked == [(1, {ids["B:Shock"], ids["B:Grizzly Bears"]})]
    assert [g.characteristics(c).name for c in g.state.players[1].hand] == ["Shock"]
    assert len(g.state.players[0].hand) == hand       # Divination cast; one of its two draws replaced

@pytest.mark.rules("614.1a", "614.11")
def test_the_shield_ends_with_the_turn(extra_cards):
    extra_cards(WORDS_OF_WORSHIP, fully_read=True)
    g, ids = table(["Words of Worship", "Plains"])
    activate_and_resolve(g, ids["Words of Worship"], targets=())
    advance(g, Step.DRAW, turn=4)
    assert g.state.players[0].life == 20


@pytest.mark.rules("614.1a", "614.11", "504.1")
def test_words_of_wind_in_the_draw_step_asks_each_player_on_the_way(extra_cards):
    extra_cards(WORDS_OF_WIND, fully_read=True)
    g, ids = table(["Words of Wind", "Island", "Grizzly Bears"], ["Hill Giant", "Plains"], turn=3, step=Step.UPKEEP)
    hand = len(g.state.players[0].hand)
    activate_and_resolve(g, ids["Words of Wind"], targets=())
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))            # the upkeep ends: the draw step's draw is replaced
    asked = []
    while g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        asked.append(d.player)
        pick = ids["Grizzly Bears"] if d.player == 0 else ids["B:Hill Giant"]
        assert pick in d.options
        g.apply(Choose(d.player, (pick,)))
    assert asked == [0, 1] and g.state.step is Step.DRAW
    assert ids["Grizzly Bears"] not in g.state.battlefield and ids["B:Hill Giant"] not in g.state.battlefield
    assert len(g.state.players[0].hand) == hand + 1     # the Bears back, no card drawn
    assert [g.characteristics(c).name for c in g.state.players[1].hand] == ["Hill Giant"]


@pytest.mark.rules("616.1", "614.11")
def test_two_shields_the_player_chooses_which_replaces_the_draw(extra_cards):
    extra_cards(WORDS_OF_WORSHIP, WORDS_OF_WASTE, fully_read=True)
    g, ids = table(["Words of Worship", "Words of Waste", "Plains", "Swamp"] + ["Island"] * 3, hand_b=["Shock"])
    activate_and_resolve(g, ids["Words of Worship"], targets=())
    activate_and_resolve(g, ids["Words of Waste"], targets=())
    g.apply(CastSpell(0, g.add_card("Divination", 0, Zone.HAND)))
    choices = []
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            choices.append(sorted(d.options))
            g.apply(Choose(0, (next(o for o in d.options if o.startswith("Words of Waste")),)))
        else:
            g.apply(PassPriority(d.player))
    assert len(choices) == 1 and [o.split(" #")[0] for o in choices[0]] == ["Words of Waste", "Words of Worship"]
    assert g.state.players[1].hand == [] and g.state.players[0].life == 25      # each shield replaced one draw


PURSUIT_OF_KNOWLEDGE = record("Pursuit of Knowledge", "{3}{W}", "Enchantment",
                              "If you would draw a card, you may put a study counter on Pursuit of Knowledge instead.\n"
                              "Remove three study counters from Pursuit of Knowledge, Sacrifice Pursuit of Knowledge: "
                              "Draw seven cards.")
BLOOD_SCRIVENER = record("Blood Scrivener", "{1}{B}", "Creature — Zombie Wizard",
                         "If you would draw a card while you have no cards in hand, instead you draw two cards and you "
                         "lose 1 life.", "2/1")
JACE = record("Jace, Wielder of Mysteries", "{1}{U}{U}{U}", "Legendary Planeswalker — Jace",
              "If you would draw a card while your library has no cards in it, you win the game instead.\n"
              "[+1]: Target player mills two cards. Draw a card.\n"
              "[−8]: Draw seven cards. Then if your library has no cards in it, you win the game.", loyalty="4")
NOTION_THIEF = record("Notion Thief", "{2}{U}{B}", "Creature — Human Rogue",
                      "Flash\nIf an opponent would draw a card except the first one they draw in each of their draw "
                      "steps, instead that player skips that draw and you draw a card.", "3/1")


def _cast_divination(g, player: int, answer=None) -> list:
    """`player` casts Divination (three Islands of theirs on the battlefield), each choice answered by `answer`."""
    for _ in range(3):
        g.add_card("Island", player, Zone.BATTLEFIELD)
    g.apply(CastSpell(player, g.add_card("Divination", player, Zone.HAND)))
    asked = []
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            asked.append(d)
            g.apply(Choose(d.player, answer(d)))
        else:
            g.apply(PassPriority(d.player))
    return asked


@pytest.mark.rules("614.1a", "616.1")
def test_pursuit_of_knowledge_may_replace_each_draw_with_a_study_counter(extra_cards):
    extra_cards(PURSUIT_OF_KNOWLEDGE, fully_read=True)
    g, ids = table(["Pursuit of Knowledge"])
    hand = len(g.state.players[0].hand)
    answers = iter([lambda d: d.options[:1], lambda d: ()])
    asked = _cast_divination(g, 0, lambda d: tuple(next(answers)(d)))
    assert [(d.player, d.min) for d in asked] == [(0, 0), (0, 0)]        # may: each draw, declined the second time
    assert g.state.objects[ids["Pursuit of Knowledge"]].counters == {"study": 1}
    assert len(g.state.players[0].hand) == hand + 1             # one card drawn


@pytest.mark.rules("614.1a", "614.5")
@pytest.mark.parametrize("empty_hand", [True, False])
def test_blood_scrivener_draws_two_and_loses_one_life_with_no_cards_in_hand(extra_cards, empty_hand):
    extra_cards(BLOOD_SCRIVENER, fully_read=True)
    g, ids = table(["Blood Scrivener"], hand_a=[] if empty_hand else ["Shock"])
    library = len(g.state.players[0].library)
    for _ in range(3):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, g.add_card("Divination", 0, Zone.HAND))
    # an empty hand: the first draw is two (not replaced again, 614.5: the hand is empty as the first of them is
    # drawn), then the hand holds cards; else two plain draws
    assert len(g.state.players[0].library) == library - (3 if empty_hand else 2)
    assert g.state.players[0].life == (19 if empty_hand else 20)


@pytest.mark.rules("614.1a", "104.2b", "121.4")
def test_jace_wins_the_game_instead_of_drawing_from_an_empty_library(extra_cards):
    extra_cards(JACE, fully_read=True)
    g, ids = table(["Jace, Wielder of Mysteries"])
    g.state.players[0].library.clear()
    for _ in range(3):
        g.add_card("Island", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, g.add_card("Divination", 0, Zone.HAND))
    assert g.is_over and g.winners == [0]


@pytest.mark.rules("614.1a", "504.1")
def test_notion_thief_takes_an_opponents_draws_but_the_first_of_their_draw_step(extra_cards):
    extra_cards(NOTION_THIEF, fully_read=True)
    g, ids = table(["Notion Thief"], turn=4, active=1, step=Step.UPKEEP)
    mine, theirs = len(g.state.players[0].hand), len(g.state.players[1].hand)
    advance(g, Step.MAIN1)
    assert (len(g.state.players[0].hand), len(g.state.players[1].hand)) == (mine, theirs + 1)
    _cast_divination(g, 1)
    assert (len(g.state.players[0].hand), len(g.state.players[1].hand)) == (mine + 2, theirs + 1)


@pytest.mark.rules("608.2c", "104.2b")
@pytest.mark.parametrize("library,wins", [(7, True), (8, False)])
def test_jace_minus_eight_wins_if_the_library_is_then_empty(extra_cards, library, wins):
    extra_cards(JACE, fully_read=True)
    g, ids = table()
    g.state.players[0].library.clear()
    for _ in range(library):
        g.add_card("Plains", 0, Zone.LIBRARY)
    jace = g.add_card("Jace, Wielder of Mysteries", 0, Zone.BATTLEFIELD, counters={"loyalty": 8})
    minus = next(i for i, ab in enumerate(g.characteristics(jace).definition.activated) if ab.cost.loyalty == -8)
    activate_and_resolve(g, jace, minus)
    assert (g.is_over and g.winners == [0]) is wins
    assert len(g.state.players[0].hand) == 7


ERUTH = record("Eruth, Tormented Prophet", "{1}{U}{R}", "Legendary Creature — Human Wizard",
               "If you would draw a card, exile the top two cards of your library instead. You may play those cards "
               "this turn.", "2/4")
SAGES_OF_THE_ANIMA = record("Sages of the Anima", "{3}{G}{U}", "Creature — Elf Wizard",
                            "If you would draw a card, instead reveal the top three cards of your library. Put all "
                            "creature cards revealed this way into your hand and the rest on the bottom of your library "
                            "in any order.", "3/4")


@pytest.mark.rules("614.1a", "504.1")
def test_eruth_exiles_two_instead_of_the_draw_step_draw_playable_this_turn(extra_cards):
    extra_cards(ERUTH, fully_read=True)
    g, ids = table(["Eruth, Tormented Prophet"], turn=3, step=Step.UPKEEP)
    hand, library = len(g.state.players[0].hand), len(g.state.players[0].library)
    advance(g, Step.MAIN1)
    assert len(g.state.players[0].hand) == hand and len(g.state.players[0].library) == library - 2
    assert {a.card for a in g.legal_actions() if isinstance(a, PlayLand)} == set(g.state.exile) and \
        len(g.state.exile) == 2
    advance(g, Step.MAIN1, turn=4)
    assert not any(isinstance(a, PlayLand) and a.player == 0 for a in g.legal_actions())


@pytest.mark.rules("614.1a", "504.1", "701.20a")
def test_sages_of_the_anima_reveals_three_instead_keeping_the_creature_cards(extra_cards):
    extra_cards(SAGES_OF_THE_ANIMA, fully_read=True)
    g, ids = table(["Sages of the Anima"], turn=3, step=Step.UPKEEP)
    g.add_card("Grizzly Bears", 0, Zone.LIBRARY)
    g.add_card("Shock", 0, Zone.LIBRARY)
    g.add_card("Hill Giant", 0, Zone.LIBRARY)
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    while g.pending.kind is DecisionKind.CHOOSE:        # the order of the rest on the bottom, if asked
        g.apply(Choose(g.pending.player, tuple(g.pending.options[:g.pending.min])))
    assert g.state.step is Step.DRAW
    names = lambda oids: sorted(g.characteristics(o).name for o in oids)      # noqa: E731
    assert names(g.state.players[0].hand) == ["Grizzly Bears", "Hill Giant"]
    assert len(g.state.players[0].library) == 9 and names(g.state.players[0].library[:1]) == ["Shock"]


CHAINS_OF_MEPHISTOPHELES = record("Chains of Mephistopheles", "{1}{B}", "Enchantment",
                                  "If a player would draw a card except the first one they draw in each of their draw "
                                  "steps, that player discards a card instead. If the player discards a card this way, "
                                  "they draw a card. If the player doesn't discard a card this way, they mill a card.")


@pytest.mark.rules("614.1a", "614.5", "608.2c")
@pytest.mark.parametrize("in_hand", [0, 1])
def test_chains_of_mephistopheles_discard_then_draw_or_else_mill(extra_cards, in_hand):
    extra_cards(CHAINS_OF_MEPHISTOPHELES, fully_read=True)
    g, ids = table([], ["Chains of Mephistopheles"], ["Shock"] * in_hand)
    _cast_divination(g, 0)
    p = g.state.players[0]
    names = sorted(g.characteristics(c).name for c in p.graveyard)
    assert len(p.library) == 6 and len(p.hand) == in_hand
    # each draw: a discard then a draw (not replaced again, 614.5), or with no card in hand a card milled instead
    assert names == (["Divination", "Plains", "Shock"] if in_hand else ["Divination", "Plains", "Plains"])


ENDURING_RENEWAL = record("Enduring Renewal", "{2}{W}{W}", "Enchantment",
                          "Play with your hand revealed.\nIf you would draw a card, reveal the top card of your library "
                          "instead. If it's a creature card, put it into your graveyard. Otherwise, draw a card.\n"
                          "Whenever a creature is put into your graveyard from the battlefield, return it to your hand.")


@pytest.mark.rules("614.1a", "614.5", "400.2", "701.20a")
@pytest.mark.parametrize("top,drawn", [("Grizzly Bears", False), ("Shock", True)])
def test_enduring_renewal_reveals_instead_a_creature_to_the_graveyard_else_draws(extra_cards, top, drawn):
    extra_cards(ENDURING_RENEWAL, fully_read=True)
    g, ids = table(["Enduring Renewal"], hand_a=["Hill Giant"], turn=3, step=Step.UPKEEP)
    g.add_card(top, 0, Zone.LIBRARY)
    assert [h.get("hidden") for h in g.snapshot(1)["players"][0]["hand"]] == [None]       # shown to the opponent
    advance(g, Step.MAIN1)
    p = g.state.players[0]
    assert sorted(g.characteristics(c).name for c in p.hand) == sorted(["Hill Giant"] + ([top] if drawn else []))
    assert [g.characteristics(c).name for c in p.graveyard] == ([] if drawn else [top])
    assert len(p.library) == 8          # the "otherwise" draw is one card, not replaced again (614.5)
