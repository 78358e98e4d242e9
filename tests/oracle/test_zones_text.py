"""Cards moved between zones (engine.oracle.zones_text; 400.6, 305.4, 113.6k): a card from a hand onto the
battlefield, a card that returns itself from its owner's graveyard, a card from a graveyard under your
control; each wording compiled, then played with real cards."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.abilities import Filter, Ref
from engine.core.effect_types import LookAtHand, PutFromHand, PutOntoBattlefield, ReturnToHand, ShuffleIntoLibrary
from engine.core.enums import Zone
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import activate_and_resolve, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

YOU = Ref("you")
LAND = Filter(types=frozenset({"Land"}))
IN_GRAVEYARD = Ref("self_in_graveyard")


@pytest.mark.rules("305.4", "400.6")
@pytest.mark.parametrize("text,effect", [
    ("You may put a land card from your hand onto the battlefield.", PutFromHand(YOU, LAND, 1, 0)),
    ("Put a land card from your hand onto the battlefield tapped.", PutFromHand(YOU, LAND, 1, 1, tapped=True)),
    ("Put any number of creature cards from your hand onto the battlefield.",
     PutFromHand(YOU, Filter(types=frozenset({"Creature"})), 99, 0)),
    ("Each player may put a land card from their hand onto the battlefield.",
     PutFromHand(Ref("each_player"), LAND, 1, 0)),
])
def test_from_hand_wordings(card, text, effect):
    d = card("Zone Test", "{G}", "Sorcery", text)
    assert d.spell.modes[0].effects == (effect,)


@pytest.mark.rules("113.6k")
def test_an_ability_returning_its_card_from_the_graveyard_works_from_there(card):
    d = card("Bone Test", "{1}{B}", "Creature — Skeleton", "{1}{B}: Return Bone Test from your graveyard to the "
             "battlefield tapped.\n{2}: Return Bone Test from your graveyard to your hand.", "1/1")
    assert [a.mode.effects for a in d.activated] == [(PutOntoBattlefield(IN_GRAVEYARD, tapped=True),),
                                                     (ReturnToHand(IN_GRAVEYARD),)]
    assert all(a.from_graveyard for a in d.activated)


@pytest.mark.rules("113.6k")
def test_a_trigger_returning_its_card_from_the_graveyard_works_from_there(card):
    # played from the graveyard (engine.query.trigger_events' graveyard watchers), never on the battlefield
    d = card("Squee Test", "{2}{R}", "Creature — Goblin", "At the beginning of your upkeep, you may return Squee Test "
             "from your graveyard to your hand.", "1/1")
    assert d.supported and d.triggered[0].from_graveyard and d.triggered[0].mode.effects == (ReturnToHand(IN_GRAVEYARD),)


@pytest.mark.rules("400.6")
def test_a_card_from_an_opponents_graveyard_is_the_opponents(card):
    d = card("Powder Test", "{2}{B}{B}", "Sorcery", "Put target creature card from an opponent's graveyard onto the "
             "battlefield under your control.")
    spec = d.spell.modes[0].targets[0]
    assert (spec.zone, spec.filter.owner) == ("graveyard", "opponent")
    assert d.spell.modes[0].effects == (PutOntoBattlefield(Ref("target", 0), under="you"),)


@pytest.mark.rules("113.6k", "400.7")
def test_reassembling_skeleton_returns_tapped_from_the_graveyard_only(extra_cards):
    extra_cards(record("Reassembling Skeleton", "{1}{B}", "Creature — Skeleton Warrior",
                       "{1}{B}: Return Reassembling Skeleton from your graveyard to the battlefield tapped.", "1/1"))
    g, ids = table(["Swamp", "Swamp", "Swamp", "Swamp", "Reassembling Skeleton"], [])
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Reassembling Skeleton"], 0))       # on the battlefield: no
    bones = g.add_card("Reassembling Skeleton", 0, Zone.GRAVEYARD)
    activate_and_resolve(g, bones, 0)
    back = [o for o in g.state.battlefield if g.characteristics(o).name == "Reassembling Skeleton"]
    assert len(back) == 2 and any(g.state.objects[o].tapped for o in back)
    assert not g.state.players[0].graveyard


@pytest.mark.rules("400.2")
def test_looking_at_a_hand_shows_it_to_the_controller_only(extra_cards):
    extra_cards(record("Peek", "{U}", "Instant", "Look at target player's hand.\nDraw a card."))
    g, ids = table(["Island"], [], ["Peek"])
    g.add_card("Grizzly Bears", 1, Zone.HAND)
    assert g.characteristics(ids["Peek"]).definition.spell.modes[0].effects[0] == LookAtHand(Ref("target", 0))
    g.apply(CastSpell(0, ids["Peek"], targets=(("P1",),)))
    events = resolve_stack(g)
    (look,) = [e for e in events if e.kind == "look"]
    assert look.data["viewer"] == 0 and len(look.data["seen"]) == len(g.state.players[1].hand)
    assert "Grizzly Bears" not in look.text         # the log line names no card


@pytest.mark.rules("701.24a", "608.2n")
@pytest.mark.parametrize("text,effect", [
    ("Draw a card. Shuffle Zone Test into its owner's library.", ShuffleIntoLibrary(Ref("self_spell_or_permanent"))),
    ("Target player shuffles their graveyard into their library.", ShuffleIntoLibrary(graveyard_of=Ref("target", 0))),
    ("Shuffle your graveyard into your library.", ShuffleIntoLibrary(graveyard_of=YOU)),
])
def test_shuffle_into_library_wordings(card, text, effect):
    assert card("Zone Test", "{U}", "Sorcery", text).spell.modes[0].effects[-1] == effect


@pytest.mark.rules("608.2c", "205.3m")
def test_whelming_wave_returns_every_creature_but_the_kinds_it_names(extra_cards):
    extra_cards(record("Whelming Wave", "{2}{U}{U}", "Sorcery",
                       "Return all creatures to their owners' hands except for Krakens, Leviathans, Octopuses, and "
                       "Serpents."), fully_read=True)
    extra_cards(record("Sea Serpent", "{5}{U}", "Creature — Serpent",
                       "Sea Serpent can't attack unless defending player controls an Island.\nWhen you control no "
                       "Islands, sacrifice Sea Serpent.", "5/5"))
    g, ids = table(["Grizzly Bears", "Island", "Island", "Island", "Island"], ["Sea Serpent", "Hill Giant", "Island"],
                   ["Whelming Wave"])
    cast_and_resolve(g, ids["Whelming Wave"])
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Grizzly Bears"]
    assert ids["B:Sea Serpent"] in g.state.battlefield
    assert [g.characteristics(o).name for o in g.state.players[1].hand] == ["Hill Giant"]
    assert ids["Island"] in g.state.battlefield         # a land is no creature


@pytest.mark.rules("608.2c", "205.3m")
def test_cyclone_summoner_leaves_giants_wizards_and_lands(card):
    summoner = card("Cyclone Summoner", "{5}{U}{U}", "Creature — Giant Wizard",
                    "When Cyclone Summoner enters the battlefield, if you cast it from your hand, return all permanents "
                    "to their owners' hands except for Giants, Wizards, and lands.", "7/7")
    (back,) = summoner.triggered[0].mode.effects
    assert back == ReturnToHand(Ref("all", filter=Filter(not_types=frozenset({"Land"}),
                                                         not_subtypes=frozenset({"Giant", "Wizard"}))))


@pytest.mark.rules("701.20a", "406.3")
def test_thought_distortion_exiles_that_players_noncreature_nonland_cards_from_hand_and_graveyard(extra_cards):
    extra_cards(record("Thought Distortion", "{4}{B}{B}", "Sorcery",
                       "This spell can't be countered.\nTarget opponent reveals their hand. Exile all noncreature, nonland "
                       "cards from that player's hand and graveyard."), fully_read=True)
    g, ids = table(["Swamp"] * 6, [], ["Thought Distortion"], hand_b=["Lightning Bolt", "Grizzly Bears", "Forest"])
    g.add_card("Shock", 1, Zone.GRAVEYARD)
    g.add_card("Hill Giant", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Thought Distortion"], targets=(("P1",),))
    assert sorted(g.characteristics(o).name for o in g.state.players[1].hand) == ["Forest", "Grizzly Bears"]
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Hill Giant"]
    assert sorted(g.characteristics(o).name for o in g.state.exile) == ["Lightning Bolt", "Shock"]


LIVING_DEATH = record("Living Death", "{3}{B}{B}", "Sorcery",
                      "Each player exiles all creature cards from their graveyard, then sacrifices all creatures they "
                      "control, then puts all cards they exiled this way onto the battlefield.")


@pytest.mark.rules("101.4", "701.21a", "110.2a", "608.2c")
def test_living_death_swaps_each_players_graveyard_creatures_and_battlefield_creatures(extra_cards):
    extra_cards(LIVING_DEATH, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears"], ["Hill Giant", "Forest"], ["Living Death"])
    mine, shock = g.add_card("Serra Angel", 0, Zone.GRAVEYARD), g.add_card("Shock", 0, Zone.GRAVEYARD)
    theirs = g.add_card("Llanowar Elves", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Living Death"])
    on_field = {g.characteristics(o).name: g.state.objects[o].controller for o in g.state.battlefield
                if g.characteristics(o).is_creature}
    assert on_field == {"Serra Angel": 0, "Llanowar Elves": 1}, "each player's own cards, under their control"
    assert sorted(g.characteristics(o).name for o in g.state.players[0].graveyard) == \
        ["Grizzly Bears", "Living Death", "Shock"], "the sacrificed creatures stay in the graveyard"
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Hill Giant"]
    assert ids["B:Forest"] in g.state.battlefield and not g.state.exile
    assert mine not in g.state.objects or g.state.objects[mine].zone is not Zone.GRAVEYARD
    assert shock in g.state.players[0].graveyard and theirs not in g.state.players[1].graveyard


@pytest.mark.rules("614.1a", "608.2c")
def test_living_death_returns_only_the_cards_exiled_from_graveyards(extra_cards):
    """A sacrificed creature exiled instead of going to the graveyard (Yawgmoth's Agenda's replacement) wasn't
    exiled by the first instruction: it stays in exile."""
    extra_cards(LIVING_DEATH, record("Yawgmoth's Agenda", "{3}{B}{B}", "Enchantment",
                                     "You can't cast more than one spell each turn.\nYou may play lands and cast spells "
                                     "from your graveyard.\nIf a card would be put into your graveyard from anywhere, "
                                     "exile it instead."), fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears", "Yawgmoth's Agenda"], [], ["Living Death"])
    g.add_card("Serra Angel", 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Living Death"])
    creatures = [g.characteristics(o).name for o in g.state.battlefield if g.characteristics(o).is_creature]
    assert creatures == ["Serra Angel"]
    assert sorted(g.characteristics(o).name for o in g.state.exile) == ["Grizzly Bears", "Living Death"]


@pytest.mark.rules("608.2c", "121.1")
def test_paradoxical_outcome_draws_for_each_card_returned_to_your_hand(extra_cards):
    extra_cards(record("Paradoxical Outcome", "{3}{U}", "Instant",
                       "Return any number of target nonland, nontoken permanents you control to their owners' hands. "
                       "Draw a card for each card returned to your hand this way."), fully_read=True)
    g, ids = table(["Island"] * 4 + ["Grizzly Bears", "Hill Giant"], [], ["Paradoxical Outcome"])
    cast_and_resolve(g, ids["Paradoxical Outcome"], targets=((ids["Grizzly Bears"], ids["Hill Giant"]),))
    hand = sorted(g.characteristics(o).name for o in g.state.players[0].hand)
    assert hand == ["Grizzly Bears", "Hill Giant", "Plains", "Plains"]       # two returned, two drawn


@pytest.mark.rules("608.2c", "704.5m", "303.4")
@pytest.mark.parametrize("text,zone", [
    ("Return target creature and all Auras attached to it to their owners' hands.", Zone.HAND),       # Hubris
    ("Exile any number of target creatures and all Auras attached to them.", Zone.EXILE),           # Silence the Believers
])
def test_the_auras_attached_to_a_target_move_with_it(extra_cards, text, zone):
    extra_cards(record("Aura Move Test", "{1}", "Instant", text), fully_read=True)
    g, ids = table(["Plains", "Plains", "Plains", "Grizzly Bears"], [], ["Aura Move Test", "Pacifism"])
    cast_and_resolve(g, ids["Pacifism"], targets=((ids["Grizzly Bears"],),))
    cast_and_resolve(g, ids["Aura Move Test"], targets=((ids["Grizzly Bears"],),))
    where = g.state.exile if zone is Zone.EXILE else g.state.players[0].hand
    assert sorted(g.characteristics(o).name for o in where) == ["Grizzly Bears", "Pacifism"]   # not the graveyard


TYMARET = record("Tymaret, Chosen from Death", "{B}{B}", "Legendary Enchantment Creature — Demigod",
                 "Tymaret's toughness is equal to your devotion to black. (Each {B} in the mana costs of permanents you "
                 "control counts toward your devotion to black.)\n{1}{B}: Exile up to two target cards from graveyards. "
                 "You gain 1 life for each creature card exiled this way.", "2/*")


@pytest.mark.rules("115.1", "404.1", "406.3")
def test_target_cards_from_graveyards_may_be_in_different_graveyards(extra_cards):
    extra_cards(TYMARET, fully_read=True)
    g, ids = table(["Tymaret, Chosen from Death", "Swamp", "Swamp"], [])
    mine = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    theirs = g.add_card("Forest", 1, Zone.GRAVEYARD)
    activate_and_resolve(g, ids["Tymaret, Chosen from Death"], targets=((mine, theirs),))
    assert not g.state.players[0].graveyard and not g.state.players[1].graveyard
    assert sorted(g.characteristics(o).name for o in g.state.exile) == ["Forest", "Grizzly Bears"]
    assert g.state.players[0].life == 21, "one creature card exiled"


@pytest.mark.rules("115.1")
def test_target_cards_from_graveyards_are_never_in_another_zone(extra_cards):
    extra_cards(TYMARET)
    g, ids = table(["Tymaret, Chosen from Death", "Swamp", "Swamp"], ["Grizzly Bears"])
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Tymaret, Chosen from Death"], 0, targets=((ids["B:Grizzly Bears"],),)))


SCARAB_OF_THE_UNSEEN = record("Scarab of the Unseen", "{2}", "Artifact",
                              "{T}, Sacrifice Scarab of the Unseen: Return all Auras attached to target permanent you "
                              "own to their owners' hands. Draw a card at the beginning of the next turn's upkeep.")


@pytest.mark.rules("115.1", "303.4")
def test_scarab_of_the_unseen_returns_the_auras_on_its_target_only_to_their_owners_hands(extra_cards):
    extra_cards(SCARAB_OF_THE_UNSEEN, fully_read=True)
    g, ids = table(["Scarab of the Unseen", "Grizzly Bears", "Hill Giant"])
    pacifism, strength = g.add_card("Pacifism", 1, Zone.BATTLEFIELD), g.add_card("Holy Strength", 1, Zone.BATTLEFIELD)
    g.attach(pacifism, ids["Grizzly Bears"])
    g.attach(strength, ids["Hill Giant"])
    activate_and_resolve(g, ids["Scarab of the Unseen"], targets=((ids["Grizzly Bears"],),))
    assert [g.characteristics(o).name for o in g.state.players[1].hand] == ["Pacifism"]
    assert strength in g.state.battlefield and ids["Grizzly Bears"] in g.state.battlefield


SOULQUAKE = record("Soulquake", "{3}{U}{U}", "Sorcery",
                   "Return all creatures on the battlefield and all creature cards in graveyards to their owners' "
                   "hands.")


@pytest.mark.rules("400.6", "404.1")
def test_soulquake_returns_every_creature_and_every_creature_card_in_every_graveyard(extra_cards):
    extra_cards(SOULQUAKE, fully_read=True)
    g, ids = table(["Island"] * 5 + ["Grizzly Bears"], ["Hill Giant"], ["Soulquake"])
    g.add_card("Craw Wurm", 1, Zone.GRAVEYARD)
    g.add_card("Llanowar Elves", 0, Zone.GRAVEYARD)
    g.add_card("Shock", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Soulquake"])
    hand = {p: sorted(g.characteristics(o).name for o in g.state.players[p].hand) for p in (0, 1)}
    assert hand == {0: ["Grizzly Bears", "Llanowar Elves"], 1: ["Craw Wurm", "Hill Giant"]}
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Shock"]
