"""Where revealed, looked-at and searched-for cards go (engine.oracle.library_text, zones_text, verbs;
401, 608.2c, 701.20, 701.23, 701.24): each wording played with a real card's text through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import on_battlefield, resolve_stack, table
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
    g.apply(ActivateAbility(0, ids["Zoologist"], 0))
    resolve_stack(g)
    creatures = [o for o in g.state.battlefield if g.state.objects[o].owner == 0
                 and "Creature" in g.characteristics(o).types]
    # "it" is the revealed card, not Zoologist (already on the battlefield)
    assert names(g, creatures) == battlefield
    assert names(g, g.state.players[0].graveyard) == graveyard
    assert names(g, g.state.players[0].library) == ["Plains"]
    assert len(on_battlefield(g, "Zoologist")) == 1


def pass_until_asked(g):
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))


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
    pass_until_asked(g)
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
    pass_until_asked(g)
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
    g.apply(CastSpell(0, ids["Timetwister"]))
    resolve_stack(g)
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
    pass_until_asked(g)
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
    pass_until_asked(g)
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
    g.apply(ActivateAbility(0, ids["Evolutionary Leap"], 0))     # sacrificing the one creature: no choice
    resolve_stack(g)
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
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((dragon,),)))
    resolve_stack(g)
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
    pass_until_asked(g)
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
    pass_until_asked(g)
    assert g.pending.player == 0
    choose_named(g, "Forest")
    resolve_stack(g)
    assert names(g, g.state.players[1].graveyard) == ["Forest"]
    assert names(g, g.state.players[1].hand) == ["Serra Angel"]
