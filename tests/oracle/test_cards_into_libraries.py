"""Cards put into a library, shuffled into it, looked at and put back, exiled from its top: "Put two target lands on
top of their owners' libraries" (401.4: each owner orders their cards), "Shuffle up to five target cards from your
graveyard into your library" (701.24a), "Target player shuffles their library", "Look at the top three cards of target
player's library, then put them back in any order" (the player who looks orders them), "Exile the top card of target
player's library. If it's a land card, ..." (the exiled card is what "it" is). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import (activate_and_resolve, attack, both_pass, cast_and_resolve, cast_and_settle, resolve_stack,
                                  table)
from tests.oracle.conftest import record

PLOW_UNDER = record("Plow Under", "{3}{G}{G}", "Sorcery", "Put two target lands on top of their owners' libraries.")
BOGGART_FORAGER = record("Boggart Forager", "{R}", "Creature — Goblin Rogue",
                         "{R}, Sacrifice Boggart Forager: Target player shuffles their library.", "1/1")
WAND_OF_VERTEBRAE = record("Wand of Vertebrae", "{1}", "Artifact",
                           "{T}: Mill a card.\n{2}, {T}, Exile Wand of Vertebrae: Shuffle up to five target cards from "
                           "your graveyard into your library.")
PIPERS_MELODY = record("Piper's Melody", "{G}", "Sorcery",
                       "Shuffle any number of target creature cards from your graveyard into your library.")
NATURAL_SELECTION = record("Natural Selection", "{G}", "Instant",
                           "Look at the top three cards of target player's library, then put them back in any order. "
                           "You may have that player shuffle.")
SCRIB_NIBBLERS = record("Scrib Nibblers", "{2}{B}", "Creature — Rat",
                        "{T}: Exile the top card of target player's library. If it's a land card, you gain 1 life.\n"
                        "Landfall — Whenever a land enters the battlefield under your control, you may untap Scrib "
                        "Nibblers.", "1/1")
SEE_BEYOND = record("See Beyond", "{1}{U}", "Sorcery",
                    "Draw two cards, then shuffle a card from your hand into your library.")


def _names(g, ids) -> list[str]:
    return [g.characteristics(o).name for o in ids]


@pytest.mark.rules("401.4", "115.1")
def test_plow_under_puts_the_lands_on_top_in_the_order_their_owner_chooses(extra_cards):
    extra_cards(PLOW_UNDER)
    g, ids = table(["Forest"] * 5, ["Island", "Swamp"], hand_a=["Plow Under"])
    g.apply(CastSpell(0, ids["Plow Under"], targets=((ids["B:Island"], ids["B:Swamp"]),)))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 1            # the lands' owner orders them
    g.apply(Choose(1, (ids["B:Island"],)))          # from the top down: the Island on top, the Swamp below it
    resolve_stack(g)
    assert _names(g, g.state.players[1].library[-2:]) == ["Swamp", "Island"]
    assert not [o for o in g.state.battlefield if g.state.objects[o].controller == 1]


@pytest.mark.rules("701.24a")
def test_boggart_forager_has_target_player_shuffle_their_library(extra_cards):
    extra_cards(BOGGART_FORAGER)
    g, ids = table(["Boggart Forager", "Mountain"], [])
    g.add_card("Island", 1, Zone.LIBRARY)
    events = activate_and_resolve(g, ids["Boggart Forager"], 0, targets=(("P1",),))
    assert any(e.kind == "shuffle" and e.data.get("player") == 1 for e in events)
    assert _names(g, g.state.players[0].graveyard) == ["Boggart Forager"]


@pytest.mark.rules("701.24a", "115.1")
def test_wand_of_vertebrae_shuffles_the_target_cards_into_your_library(extra_cards):
    extra_cards(WAND_OF_VERTEBRAE)
    g, ids = table(["Wand of Vertebrae", "Island", "Island"], [])
    cards = [g.add_card(n, 0, Zone.GRAVEYARD) for n in ("Grizzly Bears", "Shock", "Forest")]
    activate_and_resolve(g, ids["Wand of Vertebrae"], 1, targets=(tuple(cards[:2]),))
    assert _names(g, g.state.players[0].graveyard) == ["Forest"]
    assert sorted(_names(g, g.state.players[0].library)) == ["Grizzly Bears"] + ["Plains"] * 8 + ["Shock"]


@pytest.mark.rules("701.24a", "115.1")
def test_pipers_melody_targets_only_creature_cards(extra_cards):
    extra_cards(PIPERS_MELODY)
    g, ids = table(["Forest"], [], hand_a=["Piper's Melody"])
    bears, shock = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD), g.add_card("Shock", 0, Zone.GRAVEYARD)
    with pytest.raises(Exception):
        g.apply(CastSpell(0, ids["Piper's Melody"], targets=((shock,),)))
    cast_and_resolve(g, ids["Piper's Melody"], targets=((bears,),))
    assert sorted(_names(g, g.state.players[0].graveyard)) == ["Piper's Melody", "Shock"]
    assert "Grizzly Bears" in _names(g, g.state.players[0].library)


@pytest.mark.rules("401.4", "608.2c")
def test_natural_selection_you_order_the_target_players_top_cards(extra_cards):
    extra_cards(NATURAL_SELECTION)
    g, ids = table(["Forest"], [], hand_a=["Natural Selection"])
    top = [g.add_card(n, 1, Zone.LIBRARY) for n in ("Swamp", "Island", "Mountain")]     # the Mountain on top
    g.apply(CastSpell(0, ids["Natural Selection"], targets=(("P1",),)))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and sorted(d.options) == sorted(top)
    g.apply(Choose(0, (top[0],)))                    # the Swamp on top, then the Island
    g.apply(Choose(0, (top[1],)))
    assert g.pending.player == 0                     # "You may have that player shuffle": no
    g.apply(Choose(0, (g.pending.options[-1],)))
    resolve_stack(g)
    assert _names(g, g.state.players[1].library[-3:]) == ["Mountain", "Island", "Swamp"]


@pytest.mark.rules("608.2c", "406.3")
@pytest.mark.parametrize("top, life", [("Forest", 21), ("Grizzly Bears", 20)])
def test_scrib_nibblers_gains_life_when_the_exiled_card_is_a_land(extra_cards, top, life):
    extra_cards(SCRIB_NIBBLERS)
    g, ids = table(["Scrib Nibblers"], [])
    g.add_card(top, 1, Zone.LIBRARY)
    activate_and_resolve(g, ids["Scrib Nibblers"], 0, targets=(("P1",),))
    assert _names(g, g.state.exile) == [top]
    assert g.state.players[0].life == life



GRAVEN_ABOMINATION = record("Graven Abomination", "{3}", "Artifact Creature — Horror",
                            "Whenever Graven Abomination attacks, exile target card from defending player's graveyard.",
                            "3/1")


@pytest.mark.rules("506.2", "603.3d", "115.1")
def test_graven_abomination_exiles_a_card_from_the_graveyard_of_the_player_it_attacks(extra_cards):
    extra_cards(GRAVEN_ABOMINATION)
    g, ids = table(["Graven Abomination"], [])
    mine, theirs = g.add_card("Shock", 0, Zone.GRAVEYARD), g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    g.add_card("Forest", 1, Zone.GRAVEYARD)
    attack(g, ids["Graven Abomination"])
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and theirs in d.options and mine not in d.options and len(d.options) == 2
    g.apply(Choose(0, (theirs,)))
    resolve_stack(g)
    assert _names(g, g.state.exile) == ["Grizzly Bears"]
    assert _names(g, g.state.players[0].graveyard) == ["Shock"]


SURVIVOR_OF_THE_UNSEEN = record("Survivor of the Unseen", "{2}{U}", "Creature — Human Wizard",
                                "Cumulative upkeep {2}\n{T}: Draw two cards, then put a card from your hand on top of "
                                "your library.", "2/1")
CHIMNEY_IMP = record("Chimney Imp", "{4}{B}", "Creature — Imp",
                     "Flying\nWhen Chimney Imp dies, target opponent puts a card from their hand on top of their "
                     "library.", "1/2")


@pytest.mark.rules("121.1", "401.4", "608.2c")
def test_survivor_of_the_unseen_draws_two_then_puts_a_card_of_your_choice_on_top(extra_cards):
    extra_cards(SURVIVOR_OF_THE_UNSEEN)
    g, ids = table(["Survivor of the Unseen"], [], hand_a=["Shock"])
    g.apply(ActivateAbility(0, ids["Survivor of the Unseen"], 0))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and len(d.options) == 3 and d.min == d.max == 1
    g.apply(Choose(0, (ids["Shock"],)))
    resolve_stack(g)
    assert _names(g, g.state.players[0].library[-1:]) == ["Shock"]
    assert len(g.state.players[0].hand) == 2


@pytest.mark.rules("603.6c", "608.2c")
def test_chimney_imp_has_the_opponent_put_a_card_of_their_choice_on_top(extra_cards):
    extra_cards(CHIMNEY_IMP)
    g, ids = table(["Chimney Imp", "Mountain"], [], hand_a=["Shock"], hand_b=["Grizzly Bears", "Forest"])
    g.apply(CastSpell(0, ids["Shock"], targets=((ids["Chimney Imp"],),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        both_pass(g)
    d = g.pending
    assert d.player == 1 and sorted(d.options) == sorted([ids["B:Grizzly Bears"], ids["B:Forest"]])
    g.apply(Choose(1, (ids["B:Forest"],)))
    resolve_stack(g)
    assert _names(g, g.state.players[1].library[-1:]) == ["Forest"]
    assert _names(g, g.state.players[1].hand) == ["Grizzly Bears"]



ACCLAIMED_CONTENDER = record("Acclaimed Contender", "{2}{W}", "Creature — Human Knight",
                             "When Acclaimed Contender enters the battlefield, if you control another Knight, look at "
                             "the top five cards of your library. You may reveal a Knight, Aura, Equipment, or "
                             "legendary artifact card from among them and put it into your hand. Put the rest on the "
                             "bottom of your library in a random order.", "3/3")


@pytest.mark.rules("603.4", "401.4")
@pytest.mark.parametrize("other_knight", [True, False])
def test_acclaimed_contender_looks_only_if_you_control_another_knight(extra_cards, other_knight):
    extra_cards(ACCLAIMED_CONTENDER)
    g, ids = table(["Plains"] * 3 + (["Acclaimed Contender"] if other_knight else []), [],
                   hand_a=["Acclaimed Contender"] if not other_knight else [])
    if other_knight:
        contender = g.add_card("Acclaimed Contender", 0, Zone.HAND)
    else:
        contender = ids["Acclaimed Contender"]
    g.apply(CastSpell(0, contender))
    both_pass(g)                # the Contender resolves; its trigger (603.4: only with another Knight)
    assert bool(g.state.stack) == other_knight
    assert not g.state.players[0].hand
    if other_knight:
        knight = g.add_card("Acclaimed Contender", 0, Zone.LIBRARY)        # on top, above eight Plains
        both_pass(g)
        d = g.pending
        assert d.kind is DecisionKind.CHOOSE and d.options == [knight] and d.min == 0     # "you may reveal"
        g.apply(Choose(0, (knight,)))
        resolve_stack(g)
        assert _names(g, g.state.players[0].hand) == ["Acclaimed Contender"]
        assert _names(g, g.state.players[0].library) == ["Plains"] * 8         # four back on the bottom



LANDSCAPER_COLOS = record("Landscaper Colos", "{5}{W}", "Creature — Goat Beast",
                          "When Landscaper Colos enters the battlefield, put target card from an opponent's graveyard "
                          "on the bottom of their library.\nBasic landcycling {1}{W}", "4/6")


@pytest.mark.rules("400.3", "115.1")
def test_landscaper_colos_puts_an_opponents_card_on_the_bottom_of_its_owners_library(extra_cards):
    extra_cards(LANDSCAPER_COLOS)
    g, ids = table(["Plains"] * 6, [], hand_a=["Landscaper Colos"])
    mine, theirs = g.add_card("Shock", 0, Zone.GRAVEYARD), g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Landscaper Colos"]))
    both_pass(g)            # the Colos resolves; the only legal target, the opponent's card, is chosen
    resolve_stack(g)
    assert _names(g, g.state.players[1].library[:1]) == ["Grizzly Bears"]
    assert _names(g, g.state.players[0].graveyard) == ["Shock"]


def test_the_sentences_are_read():
    for card in (PLOW_UNDER, BOGGART_FORAGER, WAND_OF_VERTEBRAE, PIPERS_MELODY, NATURAL_SELECTION, SCRIB_NIBBLERS,
                 GRAVEN_ABOMINATION, SURVIVOR_OF_THE_UNSEEN, CHIMNEY_IMP, ACCLAIMED_CONTENDER,
                 LANDSCAPER_COLOS):
        assert compile_card(card).unsupported == (), card["name"]


UNEXPECTEDLY_ABSENT = record("Unexpectedly Absent", "{X}{W}{W}", "Instant",
                             "Put target nonland permanent into its owner's library just beneath the top X cards of that "
                             "library.")


@pytest.mark.rules("401.4", "107.3a")
@pytest.mark.parametrize("x,from_top", [(2, 2), (0, 0), (20, 8)])
def test_unexpectedly_absent_puts_the_permanent_beneath_the_top_x_cards(extra_cards, x, from_top):
    extra_cards(UNEXPECTEDLY_ABSENT, fully_read=True)
    g, ids = table(["Plains"] * 22, ["Hill Giant"], ["Unexpectedly Absent"])
    cast_and_resolve(g, ids["Unexpectedly Absent"], x=x, targets=((ids["B:Hill Giant"],),))
    library = g.state.players[1].library          # the list ends with the top card; 8 Plains in it before
    names = [g.characteristics(o).name for o in reversed(library)]
    assert names.index("Hill Giant") == from_top and len(names) == 9


WHIRLPOOL_DRAKE = record("Whirlpool Drake", "{3}{U}", "Creature — Drake",
                         "Flying\nWhen Whirlpool Drake enters the battlefield, shuffle the cards from your hand into your "
                         "library, then draw that many cards.\nWhen Whirlpool Drake dies, shuffle the cards from your hand "
                         "into your library, then draw that many cards.", "2/2")
WINDS_OF_CHANGE = record("Winds of Change", "{R}", "Sorcery", "Each player shuffles the cards from their hand into their "
                         "library, then draws that many cards.")


@pytest.mark.rules("701.24a", "107.1")
def test_whirlpool_drake_draws_as_many_cards_as_its_controller_shuffled_away(extra_cards):
    extra_cards(WHIRLPOOL_DRAKE, fully_read=True)
    g, ids = table(["Island"] * 4, [], hand_a=["Whirlpool Drake", "Shock", "Forest"])
    cast_and_settle(g, ids["Whirlpool Drake"])
    hand = g.state.players[0].hand
    assert len(hand) == 2 and len(g.state.players[0].library) == 8


@pytest.mark.rules("701.24a", "107.1")
def test_winds_of_change_each_player_draws_as_many_as_their_own_hand_had(extra_cards):
    extra_cards(WINDS_OF_CHANGE, fully_read=True)
    g, ids = table(["Mountain"], [], hand_a=["Winds of Change", "Shock"], hand_b=["Island", "Plains", "Forest"])
    cast_and_settle(g, ids["Winds of Change"])
    assert len(g.state.players[0].hand) == 1 and len(g.state.players[1].hand) == 3
    assert len(g.state.players[0].library) == 8 and len(g.state.players[1].library) == 8


DWELL_ON_THE_PAST = record("Dwell on the Past", "{G}", "Sorcery",
                           "Target player shuffles up to four target cards from their graveyard into their library.")
LOAMING_SHAMAN = record("Loaming Shaman", "{2}{G}", "Creature — Centaur Shaman",
                        "When Loaming Shaman enters the battlefield, target player shuffles any number of target cards "
                        "from their graveyard into their library.", "3/2")


@pytest.mark.rules("601.2c", "701.24a")
def test_dwell_on_the_past_targets_only_cards_of_the_target_players_graveyard(extra_cards):
    extra_cards(DWELL_ON_THE_PAST, fully_read=True)
    g, ids = table(["Forest"], [], hand_a=["Dwell on the Past"])
    theirs = [g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD), g.add_card("Shock", 1, Zone.GRAVEYARD)]
    mine = g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    with pytest.raises(IllegalAction):
        g.clone().apply(CastSpell(0, ids["Dwell on the Past"], targets=(("P1",), (theirs[0], mine))))
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Dwell on the Past"]]
    assert casts and all(mine not in a.targets for a in casts if "P1" in a.targets)
    cast_and_resolve(g, ids["Dwell on the Past"], targets=(("P1",), tuple(theirs)))
    assert not g.state.players[1].graveyard and len(g.state.players[1].library) == 10
    assert len(g.state.players[0].graveyard) == 2       # the Hill Giant and the sorcery


@pytest.mark.rules("601.2c", "603.3d")
def test_loaming_shaman_offers_the_cards_of_the_player_chosen_first(extra_cards):
    extra_cards(LOAMING_SHAMAN, fully_read=True)
    g, ids = table(["Forest"] * 3, [], hand_a=["Loaming Shaman"])
    theirs = g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Loaming Shaman"]))
    offered = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            offered.append(list(d.options))
            g.apply(Choose(0, ("P1",) if "P1" in d.options else tuple(d.options)))
        else:
            g.apply(PassPriority(d.player))
    assert offered[-1] == [theirs]
    assert not g.state.players[1].graveyard and len(g.state.players[0].graveyard) == 1


@pytest.mark.rules("701.24a", "121.2")
def test_see_beyond_draws_two_then_shuffles_the_card_you_choose_from_your_hand_into_your_library(extra_cards):
    extra_cards(SEE_BEYOND)
    assert not compile_card(SEE_BEYOND).unsupported
    g, ids = table(["Island", "Island"], [], hand_a=["See Beyond", "Hill Giant"])
    library = len(g.state.players[0].library)
    g.apply(CastSpell(0, ids["See Beyond"]))
    events = both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and ids["Hill Giant"] in d.options and len(d.options) == 3
    events += g.apply(Choose(0, (ids["Hill Giant"],)))
    events += resolve_stack(g)
    assert "Hill Giant" in _names(g, g.state.players[0].library) and len(g.state.players[0].hand) == 2
    assert len(g.state.players[0].library) == library - 1
    assert any(e.kind == "shuffle" and e.data.get("player") == 0 for e in events)
