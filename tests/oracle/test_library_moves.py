"""Where revealed, looked-at and searched-for cards go (engine.oracle.library_text, zones_text, verbs;
401, 608.2c, 701.20, 701.23, 701.24): each wording played with a real card's text through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from engine.core.enums import Step
from engine.core.errors import IllegalAction
from tests.engine.driving import (activate_and_resolve, advance, cast_and_resolve, on_battlefield, pass_while_priority,
                                  resolve_stack, table)
from tests.oracle.conftest import record


def stack_library(g, player, names):
    """Replaces a library: the first name ends on top."""
    lib = g.state.players[player].library
    del lib[:]
    for name in reversed(names):
        g.add_card(name, player, Zone.LIBRARY)


def names(g, ids):
    return sorted(g.characteristics(o).name for o in ids)


ZOOLOGIST = record("Zoologist", "{3}{G}", "Creature — Human Druid",
                   "{3}{G}, {T}: Reveal the top card of your library. If it's a creature card, put it onto the "
                   "battlefield. Otherwise, put it into your graveyard.", "1/2")


@pytest.mark.rules("608.2c", "701.20a")
@pytest.mark.parametrize("top,battlefield,graveyard", [
    ("Grizzly Bears", ["Grizzly Bears", "Zoologist"], []),
    ("Shock", ["Zoologist"], ["Shock"]),
])
def test_zoologist_puts_the_revealed_card_onto_the_battlefield_or_otherwise_into_the_graveyard(
        extra_cards, top, battlefield, graveyard):
    extra_cards(ZOOLOGIST)
    g, ids = table(["Zoologist", "Forest", "Forest", "Forest", "Forest"], [])
    stack_library(g, 0, [top, "Plains"])
    activate_and_resolve(g, ids["Zoologist"], 0)
    creatures = [o for o in g.state.battlefield if g.state.objects[o].owner == 0
                 and "Creature" in g.characteristics(o).types]
    # "it" is the revealed card, not Zoologist (already on the battlefield)
    assert names(g, creatures) == battlefield
    assert names(g, g.state.players[0].graveyard) == graveyard
    assert names(g, g.state.players[0].library) == ["Plains"]
    assert len(on_battlefield(g, "Zoologist")) == 1


def choose_named(g, *wanted):
    return g.apply(Choose(g.pending.player, tuple(o for o in g.pending.options if g.characteristics(o).name in wanted)))


@pytest.mark.rules("701.20a", "401.4", "608.2c")
def test_bounty_of_skemfar_makes_two_choices_each_with_its_destination(extra_cards):
    extra_cards(record("Bounty of Skemfar", "{2}{G}", "Sorcery",
                       "Reveal the top six cards of your library. You may put a land card from among them onto the "
                       "battlefield tapped and an Elf card from among them into your hand. Put the rest on the bottom "
                       "of your library in a random order."))
    g, ids = table(["Forest", "Forest", "Forest"], [], ["Bounty of Skemfar"])
    stack_library(g, 0, ["Shock", "Llanowar Elves", "Island", "Grizzly Bears", "Forest", "Plains", "Swamp"])
    g.apply(CastSpell(0, ids["Bounty of Skemfar"]))
    pass_while_priority(g)
    assert names(g, g.pending.options) == ["Forest", "Island", "Plains"]      # the lands first
    choose_named(g, "Island")
    assert names(g, g.pending.options) == ["Llanowar Elves"]                  # then an Elf
    choose_named(g, "Llanowar Elves")
    resolve_stack(g)
    p = g.state.players[0]
    assert names(g, p.hand) == ["Llanowar Elves"]
    (island,) = on_battlefield(g, "Island")
    assert g.state.objects[island].tapped
    # the four others under the Swamp, which was seventh
    assert g.characteristics(p.library[-1]).name == "Swamp"
    assert names(g, p.library[:4]) == ["Forest", "Grizzly Bears", "Plains", "Shock"]


@pytest.mark.rules("701.20a", "401.4")
def test_militia_bugler_offers_only_creatures_with_power_two_or_less(extra_cards):
    extra_cards(record("Militia Bugler", "{2}{W}", "Creature — Human Soldier",
                       "Vigilance\nWhen Militia Bugler enters the battlefield, look at the top four cards of your "
                       "library. You may reveal a creature card with power 2 or less from among them and put it into "
                       "your hand. Put the rest on the bottom of your library in a random order.", "2/3"))
    g, ids = table(["Plains", "Plains", "Plains"], [], ["Militia Bugler"])
    stack_library(g, 0, ["Serra Angel", "Grizzly Bears", "Shock", "Llanowar Elves", "Plains"])
    g.apply(CastSpell(0, ids["Militia Bugler"]))
    pass_while_priority(g)
    assert names(g, g.pending.options) == ["Grizzly Bears", "Llanowar Elves"]     # not the 4/4 Serra Angel
    choose_named(g, "Grizzly Bears")
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Grizzly Bears"]
    assert g.characteristics(g.state.players[0].library[-1]).name == "Plains"


@pytest.mark.rules("701.24a", "608.2c")
def test_timetwister_shuffles_each_hand_and_graveyard_away_then_each_player_draws_seven(extra_cards):
    extra_cards(record("Timetwister", "{2}{U}", "Sorcery",
                       "Each player shuffles their hand and graveyard into their library, then draws seven cards. "
                       "(Then put Timetwister into its owner's graveyard.)"))
    g, ids = table(["Island", "Island", "Island"], [], ["Timetwister", "Shock", "Shock"], hand_b=["Grizzly Bears"])
    for player in (0, 1):
        stack_library(g, player, ["Plains"] * 10)
        g.add_card("Lightning Bolt", player, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Timetwister"])
    for player, hand_before in ((0, 2), (1, 1)):
        p = g.state.players[player]
        assert len(p.hand) == 7
        # 10 + the hand + the Lightning Bolt, less the seven drawn
        assert len(p.library) == 10 + hand_before + 1 - 7
    assert names(g, g.state.players[0].graveyard) == ["Timetwister"]
    assert g.state.players[1].graveyard == []


def shuffles(events):
    return [e.data["player"] for e in events if e.kind == "shuffle"]


@pytest.mark.rules("701.23a", "701.24a")
def test_denying_wind_searches_another_players_library_then_that_player_shuffles(extra_cards):
    extra_cards(record("Denying Wind", "{7}{U}{U}", "Sorcery",
                       "Search target player's library for up to seven cards and exile them. Then that player "
                       "shuffles."))
    g, ids = table(["Island"] * 9, [], ["Denying Wind"])
    stack_library(g, 1, ["Plains", "Serra Angel", "Shock", "Plains"])
    g.apply(CastSpell(0, ids["Denying Wind"], targets=(("P1",),)))
    pass_while_priority(g)
    d = g.pending
    assert d.player == 0 and (d.min, d.max) == (0, 4)     # the caster searches the opponent's library
    events = choose_named(g, "Serra Angel", "Shock") + resolve_stack(g)
    b = g.state.players[1]
    assert names(g, g.state.exile) == ["Serra Angel", "Shock"]
    assert names(g, b.library) == ["Plains", "Plains"]
    assert shuffles(events) == [1]


@pytest.mark.rules("701.23a", "701.24a")
@pytest.mark.parametrize("searches", [True, False])
def test_boldwyr_heavyweights_each_opponent_who_searched_shuffles(extra_cards, searches):
    extra_cards(record("Boldwyr Heavyweights", "{2}{R}{R}", "Creature — Giant",
                       "Trample\nWhen Boldwyr Heavyweights enters the battlefield, each opponent may search their "
                       "library for a creature card and put it onto the battlefield. Then each player who searched "
                       "their library this way shuffles.", "8/8"))
    g, ids = table(["Mountain"] * 4, [], ["Boldwyr Heavyweights"])
    stack_library(g, 1, ["Plains", "Serra Angel", "Plains"])
    g.apply(CastSpell(0, ids["Boldwyr Heavyweights"]))
    pass_while_priority(g)
    assert g.pending.player == 1
    events = choose_named(g, "Serra Angel") if searches else g.apply(Choose(1, ()))
    events += resolve_stack(g)
    angels = on_battlefield(g, "Serra Angel")
    assert [g.state.objects[o].controller for o in angels] == ([1] if searches else [])
    assert shuffles(events) == ([1] if searches else [])


@pytest.mark.rules("701.23a", "701.24a")
def test_runeforge_champion_finds_a_rune_in_the_graveyard_without_shuffling(extra_cards, card):
    d = card("Runeforge Champion", "{2}{U}", "Artifact Creature — Construct",
             "When Runeforge Champion enters the battlefield, you may search your library and/or graveyard for a Rune "
             "card, reveal it, and put it into your hand. If you search your library this way, shuffle.", "2/3")
    (search,) = d.triggered[0].mode.effects
    assert (search.zones, search.to, search.reveal, search.optional, search.shuffle) == (
        ("library", "graveyard"), "hand", True, True, True)
    assert search.filter.subtypes == frozenset({"Rune"})


POLYMORPH = record("Polymorph", "{3}{U}", "Sorcery",
                   "Destroy target creature. It can't be regenerated. Its controller reveals cards from the top of "
                   "their library until they reveal a creature card. The player puts that card onto the battlefield, "
                   "then shuffles all other cards revealed this way into their library.")


@pytest.mark.rules("701.20a", "701.24a")
def test_polymorph_reveals_until_a_creature_which_its_controller_puts_onto_the_battlefield(extra_cards):
    extra_cards(POLYMORPH)
    g, ids = table(["Island"] * 4, ["Grizzly Bears"], ["Polymorph"])
    stack_library(g, 1, ["Shock", "Plains", "Serra Angel", "Forest"])
    g.apply(CastSpell(0, ids["Polymorph"], targets=((ids["B:Grizzly Bears"],),)))
    events = resolve_stack(g)
    (angel,) = on_battlefield(g, "Serra Angel")
    assert g.state.objects[angel].controller == 1
    b = g.state.players[1]
    assert names(g, b.library) == ["Forest", "Plains", "Shock"]     # the revealed two stay, shuffled in
    assert [e.data["cards"] for e in events if e.kind == "reveal"][0].__len__() == 3
    assert shuffles(events) == [1]


@pytest.mark.rules("701.20a", "401.4")
def test_evolutionary_leap_puts_the_creature_into_the_hand_and_the_rest_on_the_bottom(extra_cards):
    extra_cards(record("Evolutionary Leap", "{1}{G}", "Enchantment",
                       "{G}, Sacrifice a creature: Reveal cards from the top of your library until you reveal a "
                       "creature card. Put that card into your hand and the rest on the bottom of your library in a "
                       "random order."))
    g, ids = table(["Evolutionary Leap", "Forest", "Grizzly Bears"], [])
    stack_library(g, 0, ["Shock", "Plains", "Llanowar Elves", "Island", "Swamp"])
    activate_and_resolve(g, ids["Evolutionary Leap"], 0)     # sacrificing the one creature: no choice
    p = g.state.players[0]
    assert names(g, p.hand) == ["Llanowar Elves"]
    assert g.characteristics(p.library[-1]).name == "Island"
    assert names(g, p.library[:2]) == ["Plains", "Shock"]


@pytest.mark.rules("701.20a")
def test_undercity_informer_mills_until_a_land(card):
    d = card("Undercity Informer", "{2}{B}", "Creature — Human Rogue",
             "{1}, Sacrifice a creature: Target player reveals cards from the top of their library until they reveal "
             "a land card, then puts those cards into their graveyard.", "2/3")
    (until,) = d.activated[0].mode.effects
    assert (until.to, until.rest) == ("graveyard", "graveyard")


@pytest.mark.rules("701.24a", "608.2h")
def test_oblation_shuffles_the_permanent_away_and_its_owner_draws_two(extra_cards):
    extra_cards(record("Oblation", "{2}{W}", "Instant",
                       "The owner of target nonland permanent shuffles it into their library, then draws two cards."))
    g, ids = table(["Plains"] * 3, ["Grizzly Bears"], ["Oblation"])
    stack_library(g, 1, ["Shock", "Island", "Swamp"])
    g.apply(CastSpell(0, ids["Oblation"], targets=((ids["B:Grizzly Bears"],),)))
    events = resolve_stack(g)
    b = g.state.players[1]
    assert on_battlefield(g, "Grizzly Bears") == []
    assert len(b.hand) == 2 and len(b.library) == 2
    assert "Grizzly Bears" in names(g, b.hand + b.library)
    assert shuffles(events) == [1]
    assert len(g.state.players[0].hand) == 0


@pytest.mark.rules("603.6a", "400.7")
def test_alabaster_dragon_is_shuffled_into_its_owners_library_when_it_dies(extra_cards):
    extra_cards(record("Alabaster Dragon", "{4}{W}{W}", "Creature — Dragon",
                       "Flying\nWhen Alabaster Dragon dies, shuffle it into its owner's library.", "4/4"))
    g, ids = table(["Mountain"], ["Alabaster Dragon"], ["Lightning Bolt"])
    dragon = ids["B:Alabaster Dragon"]
    g.state.objects[dragon].damage = 1
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((dragon,),))
    b = g.state.players[1]
    assert b.graveyard == []
    assert "Alabaster Dragon" in names(g, b.library)


@pytest.mark.rules("701.20a", "701.9b")
def test_inquisition_of_kozilek_offers_only_nonland_cards_with_mana_value_three_or_less(extra_cards):
    extra_cards(record("Inquisition of Kozilek", "{B}", "Sorcery",
                       "Target player reveals their hand. You choose a nonland card from it with mana value 3 or less. "
                       "That player discards that card."))
    g, ids = table(["Swamp"], [], ["Inquisition of Kozilek"], hand_b=["Serra Angel", "Grizzly Bears", "Shock", "Forest"])
    g.apply(CastSpell(0, ids["Inquisition of Kozilek"], targets=(("P1",),)))
    pass_while_priority(g)
    assert g.pending.player == 0 and names(g, g.pending.options) == ["Grizzly Bears", "Shock"]
    choose_named(g, "Shock")
    resolve_stack(g)
    assert names(g, g.state.players[1].graveyard) == ["Shock"]


@pytest.mark.rules("701.9b")
def test_seers_vision_looks_at_a_hand_and_chooses_the_card_discarded(extra_cards):
    extra_cards(record("Seer's Vision", "{2}{U}{B}", "Enchantment",
                       "Sacrifice Seer's Vision: Look at target player's hand and choose a card from it. That player "
                       "discards that card. Activate only as a sorcery."))
    g, ids = table(["Seer's Vision"], [], hand_b=["Serra Angel", "Forest"])
    g.apply(ActivateAbility(0, ids["Seer's Vision"], 0, targets=(("P1",),)))
    pass_while_priority(g)
    assert g.pending.player == 0
    choose_named(g, "Forest")
    resolve_stack(g)
    assert names(g, g.state.players[1].graveyard) == ["Forest"]
    assert names(g, g.state.players[1].hand) == ["Serra Angel"]


def say_yes(g, player):
    assert g.pending.player == player and g.pending.options == ["yes", "no"]
    g.apply(Choose(player, ("yes",)))


SQUEE = record("Squee, Goblin Nabob", "{2}{R}", "Legendary Creature — Goblin",
               "At the beginning of your upkeep, you may return Squee, Goblin Nabob from your graveyard to your hand.",
               "1/1")


@pytest.mark.rules("113.6k", "603.5")
def test_squee_returns_from_the_graveyard_at_the_beginning_of_its_owners_upkeep(extra_cards):
    extra_cards(SQUEE)
    g, ids = table([], [], turn=3, step=Step.UNTAP)
    squee = g.add_card("Squee, Goblin Nabob", 0, Zone.GRAVEYARD)
    advance(g, Step.UPKEEP)
    pass_while_priority(g)
    say_yes(g, 0)                                   # "you may": asked as it resolves
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Squee, Goblin Nabob"]
    assert g.state.players[0].graveyard == []
    assert squee not in g.state.objects             # a new object in the hand (400.7)


@pytest.mark.rules("113.6k")
def test_squee_on_the_battlefield_does_not_trigger(extra_cards):
    extra_cards(SQUEE)
    g, ids = table(["Squee, Goblin Nabob"], [], turn=3, step=Step.UNTAP)
    advance(g, Step.UPKEEP)
    assert g.state.stack == [] and g.state.pending_triggers == []


@pytest.mark.rules("113.6k", "603.2")
def test_entropic_eidolon_returns_when_its_owner_casts_a_multicolored_spell(extra_cards):
    extra_cards(record("Entropic Eidolon", "{3}{B}", "Enchantment Creature — Spirit",
                       "{B}, Sacrifice Entropic Eidolon: Target player loses 1 life and you gain 1 life.\n"
                       "Whenever you cast a multicolored spell, you may return Entropic Eidolon from your graveyard to "
                       "your hand.", "2/2"),
                record("Azorius Probe", "{W}{U}", "Sorcery", "Draw a card."))
    g, ids = table(["Plains", "Island"], [], ["Azorius Probe"])
    g.add_card("Entropic Eidolon", 0, Zone.GRAVEYARD)
    g.add_card("Entropic Eidolon", 1, Zone.GRAVEYARD)         # the opponent's stays: not their spell
    g.apply(CastSpell(0, ids["Azorius Probe"]))
    pass_while_priority(g)
    say_yes(g, 0)
    resolve_stack(g)
    assert "Entropic Eidolon" in names(g, g.state.players[0].hand)
    assert names(g, g.state.players[1].graveyard) == ["Entropic Eidolon"]


SCARAB_FEAST = record("Scarab Feast", "{B}", "Instant", "Exile up to three target cards from a single graveyard.")


@pytest.mark.rules("601.2c", "115.1")
def test_scarab_feast_targets_cards_of_one_graveyard_only(extra_cards):
    extra_cards(SCARAB_FEAST)
    g, ids = table(["Swamp"], [], ["Scarab Feast"])
    mine = g.add_card("Shock", 0, Zone.GRAVEYARD)
    theirs = [g.add_card(n, 1, Zone.GRAVEYARD) for n in ("Grizzly Bears", "Serra Angel")]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Scarab Feast"], targets=((mine, theirs[0]),)))
    cast_and_resolve(g, ids["Scarab Feast"], targets=(tuple(theirs),))
    assert names(g, g.state.exile) == ["Grizzly Bears", "Serra Angel"]
    assert names(g, g.state.players[0].graveyard) == ["Scarab Feast", "Shock"]


@pytest.mark.rules("601.2c")
def test_the_legal_casts_of_scarab_feast_never_mix_graveyards(extra_cards):
    extra_cards(SCARAB_FEAST)
    g, ids = table(["Swamp"], [], ["Scarab Feast"])
    g.add_card("Shock", 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell)]
    owners = [{g.state.objects[t].owner for grp in a.targets for t in (grp if isinstance(grp, tuple) else (grp,))}
              for a in casts]
    assert casts and all(len(o) <= 1 for o in owners)


RATS_FEAST = record("Rats' Feast", "{X}{B}", "Sorcery", "Exile X target cards from a single graveyard.")


@pytest.mark.rules("601.2c", "107.3a")
def test_a_large_x_of_cards_from_a_single_graveyard_is_listed_from_the_graveyard_big_enough(extra_cards):
    """X above the size of the first graveyard: the groups are looked for within each graveyard, not among the
    groups mixing both (C(33, 10) of them here, which kept a fuzz game listing casts for minutes)."""
    extra_cards(RATS_FEAST)
    g, ids = table(["Swamp"] * 11, [], ["Rats' Feast"])
    for name in ("Shock", "Shock", "Shock"):
        g.add_card(name, 0, Zone.GRAVEYARD)
    theirs = [g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD) for _ in range(30)]
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Rats' Feast"]]
    flat = [[t for grp in a.targets for t in (grp if isinstance(grp, tuple) else (grp,))] for a in casts]
    assert any(len(ts) == 10 and set(ts) <= set(theirs) for ts in flat)
    assert all(len({g.state.objects[t].owner for t in ts}) <= 1 for ts in flat)


@pytest.mark.rules("401.4", "608.2h")
def test_oust_puts_the_creature_second_from_the_top_and_its_controller_gains_3_life(extra_cards):
    extra_cards(record("Oust", "{W}", "Sorcery",
                       "Put target creature into its owner's library second from the top. Its controller gains 3 "
                       "life."))
    g, ids = table(["Plains"], ["Grizzly Bears"], ["Oust"])
    stack_library(g, 1, ["Shock", "Island", "Swamp"])
    cast_and_resolve(g, ids["Oust"], targets=((ids["B:Grizzly Bears"],),))
    top_down = [g.characteristics(o).name for o in reversed(g.state.players[1].library)]
    assert top_down == ["Shock", "Grizzly Bears", "Island", "Swamp"]
    assert g.state.players[1].life == 23


@pytest.mark.rules("400.6", "110.2a")
def test_rise_of_the_dark_realms_puts_every_graveyards_creatures_onto_the_battlefield_under_your_control(extra_cards):
    extra_cards(record("Rise of the Dark Realms", "{7}{B}{B}", "Sorcery",
                       "Put all creature cards from all graveyards onto the battlefield under your control."))
    g, ids = table(["Swamp"] * 9, [], ["Rise of the Dark Realms"])
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Shock", 0, Zone.GRAVEYARD)
    g.add_card("Serra Angel", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Rise of the Dark Realms"])
    (bears,), (angel,) = on_battlefield(g, "Grizzly Bears"), on_battlefield(g, "Serra Angel")
    assert g.state.objects[bears].controller == g.state.objects[angel].controller == 0
    assert g.state.objects[angel].owner == 1
    assert names(g, g.state.players[0].graveyard) == ["Rise of the Dark Realms", "Shock"]


@pytest.mark.rules("400.6")
def test_each_player_returns_their_creature_cards_to_their_own_hand(extra_cards):
    extra_cards(record("Recall Test", "{3}{G}", "Sorcery",
                       "Each player returns all creature cards from their graveyard to their hand."))
    g, ids = table(["Forest"] * 4, [], ["Recall Test"])
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Shock", 0, Zone.GRAVEYARD)
    g.add_card("Serra Angel", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Recall Test"])
    assert names(g, g.state.players[0].hand) == ["Grizzly Bears"]
    assert names(g, g.state.players[1].hand) == ["Serra Angel"]
    assert names(g, g.state.players[0].graveyard) == ["Recall Test", "Shock"]


@pytest.mark.rules("400.6")
@pytest.mark.parametrize("text", [
    "Return all creature cards from all graveyards to your hand.",          # another's card goes to its owner's hand
    "Exile all creature cards from your graveyard to your hand.",
])
def test_mass_moves_that_say_something_else_stay_unread(card, text):
    assert card("Mass Test", "{3}", "Sorcery", text).unsupported


@pytest.mark.rules("701.20a")
def test_planeswalkers_mirth_gains_life_equal_to_the_random_cards_mana_value(extra_cards):
    extra_cards(record("Planeswalker's Mirth", "{2}{W}", "Enchantment",
                       "{3}{W}: Target opponent reveals a card at random from their hand. You gain life equal to that "
                       "card's mana value."))
    g, ids = table(["Planeswalker's Mirth", "Plains", "Plains", "Plains", "Plains"], [], hand_b=["Serra Angel"])
    g.apply(ActivateAbility(0, ids["Planeswalker's Mirth"], 0, targets=(("P1",),)))
    events = resolve_stack(g)
    assert g.state.players[0].life == 25                      # Serra Angel: mana value 5
    assert names(g, g.state.players[1].hand) == ["Serra Angel"]
    assert [names(g, e.data["cards"]) for e in events if e.kind == "reveal"] == [["Serra Angel"]]


@pytest.mark.rules("701.23a", "107.3")
def test_traverse_the_outlands_searches_for_up_to_x_lands_said_in_two_sentences(extra_cards):
    extra_cards(record("Traverse the Outlands", "{4}{G}", "Sorcery",
                       "Search your library for up to X basic land cards, where X is the greatest power among "
                       "creatures you control. Put those cards onto the battlefield tapped, then shuffle."))
    g, ids = table(["Forest"] * 5 + ["Grizzly Bears"], [], ["Traverse the Outlands"])
    stack_library(g, 0, ["Plains", "Island", "Swamp", "Shock"])
    g.apply(CastSpell(0, ids["Traverse the Outlands"]))
    pass_while_priority(g)
    assert (g.pending.min, g.pending.max) == (0, 2)              # Grizzly Bears: power 2
    assert names(g, g.pending.options) == ["Island", "Plains", "Swamp"]
    events = choose_named(g, "Island", "Swamp") + resolve_stack(g)
    for name in ("Island", "Swamp"):
        (land,) = on_battlefield(g, name)
        assert g.state.objects[land].tapped
    assert names(g, g.state.players[0].library) == ["Plains", "Shock"]
    assert shuffles(events) == [0]


ARJUN = record("Arjun, the Shifting Flame", "{4}{U}{R}", "Legendary Creature — Sphinx Wizard",
               "Flying\nWhenever you cast a spell, put the cards in your hand on the bottom of your library in any "
               "order, then draw that many cards.", "5/5")


@pytest.mark.rules("401.4", "608.2c")
def test_arjun_puts_the_whole_hand_on_the_bottom_in_the_order_chosen_then_draws_as_many(extra_cards):
    extra_cards(ARJUN, fully_read=True)
    g, ids = table(["Arjun, the Shifting Flame", "Mountain"], ["Grizzly Bears"],
                   ["Shock", "Lightning Bolt", "Giant Growth", "Forest"])
    stack_library(g, 0, ["Island"] * 5)
    g.apply(CastSpell(0, ids["Shock"], targets=((ids["B:Grizzly Bears"],),)))
    pass_while_priority(g)
    # the three cards left in the hand, ordered from the top down by their owner
    for card in ("Forest", "Lightning Bolt"):
        assert g.pending.player == 0 and set(g.pending.options) <= {ids["Forest"], ids["Lightning Bolt"],
                                                                     ids["Giant Growth"]}
        g.apply(Choose(0, (ids[card],)))
    resolve_stack(g)
    p = g.state.players[0]
    assert names(g, p.hand) == ["Island"] * 3
    bottom = [g.characteristics(o).name for o in p.library[:3]]       # the list ends with the top card
    assert bottom == ["Giant Growth", "Lightning Bolt", "Forest"]


CRUEL_FATE = record("Cruel Fate", "{4}{U}", "Sorcery",
                    "Look at the top five cards of target opponent's library. Put one of those cards into that player's "
                    "graveyard and the rest on top of their library in any order.")


@pytest.mark.rules("401.4", "400.2", "608.2c")
def test_cruel_fate_the_caster_mills_one_of_an_opponents_top_five_and_orders_the_rest(extra_cards):
    """Both choices are the caster's, who looked at the cards; the opponent, who didn't, is asked nothing."""
    extra_cards(CRUEL_FATE, fully_read=True)
    g, ids = table(["Island"] * 5, [], ["Cruel Fate"])
    stack_library(g, 1, ["Shock", "Grizzly Bears", "Forest", "Hill Giant", "Island", "Plains"])
    g.apply(CastSpell(0, ids["Cruel Fate"], targets=(("P1",),)))
    pass_while_priority(g)
    top = {g.characteristics(o).name: o for o in g.state.players[1].library[-5:]}
    assert g.pending.player == 0 and set(g.pending.options) == set(top.values())
    g.apply(Choose(0, (top["Hill Giant"],)))
    for name in ("Island", "Forest", "Shock"):           # the next card from the top, the caster's choice each time
        assert g.pending.player == 0 and top["Hill Giant"] not in g.pending.options
        g.apply(Choose(0, (top[name],)))
    resolve_stack(g)
    b = g.state.players[1]
    assert names(g, b.graveyard) == ["Hill Giant"]
    assert [g.characteristics(o).name for o in reversed(b.library)] == ["Island", "Forest", "Shock", "Grizzly Bears",
                                                                         "Plains"]


MURMURS_FROM_BEYOND = record("Murmurs from Beyond", "{2}{U}", "Instant — Arcane",
                             "Reveal the top three cards of your library. An opponent chooses one of them. Put that "
                             "card into your graveyard and the rest into your hand.")
ANIMAL_MAGNETISM = record("Animal Magnetism", "{4}{G}", "Sorcery",
                          "Reveal the top five cards of your library. An opponent chooses a creature card from among "
                          "them. Put that card onto the battlefield and the rest into your graveyard.")


@pytest.mark.rules("701.20a", "608.2c")
def test_murmurs_from_beyond_the_opponent_chooses_the_revealed_card_that_goes_to_the_graveyard(extra_cards):
    extra_cards(MURMURS_FROM_BEYOND, fully_read=True)
    g, ids = table(["Island"] * 3, [], ["Murmurs from Beyond"])
    stack_library(g, 0, ["Shock", "Serra Angel", "Forest", "Plains"])
    g.apply(CastSpell(0, ids["Murmurs from Beyond"]))
    pass_while_priority(g)
    top = {g.characteristics(o).name: o for o in g.state.players[0].library[-3:]}
    assert g.pending.player == 1 and set(g.pending.options) == set(top.values()) and g.pending.min == 1
    g.apply(Choose(1, (top["Serra Angel"],)))
    resolve_stack(g)
    a = g.state.players[0]
    assert names(g, a.hand) == ["Forest", "Shock"]
    assert names(g, a.graveyard) == ["Murmurs from Beyond", "Serra Angel"]


@pytest.mark.rules("701.20a", "608.2c")
def test_animal_magnetism_puts_the_creature_an_opponent_chooses_onto_the_battlefield_under_its_caster(extra_cards):
    extra_cards(ANIMAL_MAGNETISM, fully_read=True)
    g, ids = table(["Forest"] * 5, [], ["Animal Magnetism"])
    stack_library(g, 0, ["Grizzly Bears", "Shock", "Craw Wurm", "Island", "Forest", "Plains"])
    g.apply(CastSpell(0, ids["Animal Magnetism"]))
    pass_while_priority(g)
    d = g.pending
    assert d.player == 1 and {g.characteristics(o).name for o in d.options} == {"Grizzly Bears", "Craw Wurm"}
    g.apply(Choose(1, (next(o for o in d.options if g.characteristics(o).name == "Grizzly Bears"),)))
    resolve_stack(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert g.state.objects[bears].controller == 0
    assert names(g, g.state.players[0].graveyard) == ["Animal Magnetism", "Craw Wurm", "Forest", "Island", "Shock"]


SELVALAS_CHARGE = record("Selvala's Charge", "{4}{G}", "Sorcery",
                         "Parley — Each player reveals the top card of their library. For each nonland card revealed "
                         "this way, you create a 3/3 green Elephant creature token. Then each player draws a card.")


@pytest.mark.rules("701.20a", "207.2c")
@pytest.mark.parametrize("tops,elephants", [(("Shock", "Grizzly Bears"), 2), (("Forest", "Grizzly Bears"), 1),
                                            (("Forest", "Island"), 0)])
def test_selvalas_charge_counts_the_nonland_cards_the_players_revealed(extra_cards, tops, elephants):
    extra_cards(SELVALAS_CHARGE, fully_read=True)
    g, ids = table(["Forest"] * 5, [], ["Selvala's Charge"])
    for player, top in enumerate(tops):
        stack_library(g, player, [top, "Plains"])
    cast_and_resolve(g, ids["Selvala's Charge"])
    assert len(on_battlefield(g, "Elephant Token")) == elephants
    for player, top in enumerate(tops):      # then each player draws the card revealed
        assert names(g, g.state.players[player].hand) == [top]


CORALHELM_CHRONICLER = record("Coralhelm Chronicler", "{3}{U}", "Creature — Merfolk Wizard",
                              "Whenever you cast a kicked spell, draw a card, then discard a card.\nWhen Coralhelm "
                              "Chronicler enters the battlefield, look at the top five cards of your library. You may "
                              "reveal a card with a kicker ability from among them and put it into your hand. Put the "
                              "rest on the bottom of your library in a random order.", "2/4")


@pytest.mark.rules("702.33a", "401.4", "701.20a")
def test_coralhelm_chronicler_offers_only_the_cards_with_kicker_among_the_five(extra_cards):
    extra_cards(CORALHELM_CHRONICLER, fully_read=True)
    g, ids = table(["Island"] * 4, [], ["Coralhelm Chronicler"])
    stack_library(g, 0, ["Skizzik", "Shock", "Gatekeeper of Malakir", "Forest", "Grizzly Bears", "Plains"])
    g.apply(CastSpell(0, ids["Coralhelm Chronicler"]))
    pass_while_priority(g)
    pass_while_priority(g)
    d = g.pending
    assert {g.characteristics(o).name for o in d.options} == {"Skizzik", "Gatekeeper of Malakir"} and d.min == 0
    g.apply(Choose(0, (next(o for o in d.options if g.characteristics(o).name == "Gatekeeper of Malakir"),)))
    resolve_stack(g)
    a = g.state.players[0]
    assert names(g, a.hand) == ["Gatekeeper of Malakir"]
    assert g.characteristics(a.library[-1]).name == "Plains"          # the other four went to the bottom
