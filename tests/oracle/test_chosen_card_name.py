"""A card name chosen as a permanent enters (614.12, 201.3): "As ~ enters, choose a [nonland] card name", and what
the statics of "the chosen name" then forbid: spells with that name can't be cast (101.2), activated abilities of
sources with that name can't be activated (602.5), also those of a card in a hand (Pithing Needle's rulings)."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

PITHING_NEEDLE = record("Pithing Needle", "{1}", "Artifact",
                        "As Pithing Needle enters the battlefield, choose a card name.\nActivated abilities of sources "
                        "with the chosen name can't be activated unless they're mana abilities.")
MEDDLING_MAGE = record("Meddling Mage", "{W}{U}", "Creature — Human Wizard",
                       "As Meddling Mage enters the battlefield, choose a nonland card name.\nSpells with the chosen name "
                       "can't be cast.", "2/2")
FORSAKE_THE_WORLDLY = record("Forsake the Worldly", "{2}{W}", "Instant",
                             "Exile target artifact or enchantment.\nCycling {2} ({2}, Discard this card: Draw a card.)")


def cast_naming(g, card, name, player=0):
    """`player` casts `card`; as it enters, the name chosen is `name`; the options offered are returned."""
    g.apply(CastSpell(player, card))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    options = list(g.pending.options)
    g.apply(Choose(g.pending.player, (name,)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    return options


@pytest.mark.rules("614.12", "201.3", "101.2")
def test_meddling_mage_names_a_nonland_card_whose_spells_cant_be_cast(extra_cards):
    extra_cards(MEDDLING_MAGE, fully_read=True)
    g, ids = table(["Plains", "Island"], ["Mountain", "Mountain"], ["Meddling Mage"], hand_b=["Lightning Bolt", "Shock"])
    g.add_card("Lightning Bolt", 1, Zone.GRAVEYARD)         # a Bolt A has seen
    options = cast_naming(g, ids["Meddling Mage"], "Lightning Bolt")
    assert "Lightning Bolt" in options and "Meddling Mage" in options
    assert "Mountain" not in options and "Plains" not in options        # a land card's name isn't offered
    assert "Shock" not in options, "the name of a card hidden from A (B's hand, 400.2) isn't offered"
    (mage,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Meddling Mage"]
    assert g.state.objects[mage].chosen["card_name"] == ["Lightning Bolt"]
    g.state.active = 1
    g.apply(PassPriority(0))            # B gets priority in A's turn: instants only
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    g.apply(CastSpell(1, ids["B:Shock"], targets=(("P0",),)))          # another name: cast


@pytest.mark.rules("614.12", "602.5", "605.1a")
def test_pithing_needle_stops_abilities_but_not_mana_abilities(extra_cards):
    extra_cards(PITHING_NEEDLE, fully_read=True)
    g, ids = table(["Plains", "Prodigal Sorcerer"], [], ["Pithing Needle"])
    cast_naming(g, ids["Pithing Needle"], "Prodigal Sorcerer")
    with pytest.raises(IllegalAction, match="602.5"):
        g.apply(ActivateAbility(0, ids["Prodigal Sorcerer"], 0, targets=(("P1",),)))
    g2, ids2 = table(["Plains", "Llanowar Elves"], [], ["Pithing Needle"])
    cast_naming(g2, ids2["Pithing Needle"], "Llanowar Elves")
    g2.apply(ActivateAbility(0, ids2["Llanowar Elves"], 0))             # a mana ability: still activated
    assert g2.state.players[0].mana_pool["G"] == 1


@pytest.mark.rules("602.5", "702.29a")
def test_pithing_needle_stops_cycling_a_card_in_a_hand(extra_cards):
    extra_cards(PITHING_NEEDLE, FORSAKE_THE_WORLDLY, fully_read=True)
    g, ids = table(["Plains", "Plains", "Plains"], [], ["Pithing Needle", "Forsake the Worldly"])
    cycling = [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == ids["Forsake the Worldly"]]
    assert cycling
    cast_naming(g, ids["Pithing Needle"], "Forsake the Worldly")
    assert not [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == ids["Forsake the Worldly"]]
    with pytest.raises(IllegalAction, match="602.5"):
        g.apply(cycling[0])
    assert g.state.objects[ids["Forsake the Worldly"]].zone is Zone.HAND


CRANIAL_EXTRACTION = record("Cranial Extraction", "{3}{B}", "Sorcery — Arcane",
                            "Choose a nonland card name. Search target player's graveyard, hand, and library for all cards "
                            "with that name and exile them. Then that player shuffles.")
SLAUGHTER_GAMES = record("Slaughter Games", "{2}{B}{R}", "Sorcery",
                         "This spell can't be countered.\nChoose a nonland card name. Search target opponent's graveyard, "
                         "hand, and library for any number of cards with that name and exile them. Then that player "
                         "shuffles.")


def bolts(g, player, zone):
    cards = g.state.exile if zone is Zone.EXILE else g.state.players[player].zone_list(zone)
    return [o for o in cards if g.characteristics(o).name == "Lightning Bolt" and g.state.objects[o].owner == player]


def cast_choosing(g, card, target, name, found):
    """Casts `card` at `target`; the name chosen is `name`, the cards found in the search `found(options)`."""
    g.apply(CastSpell(0, card, targets=((target,),)))
    while g.state.stack:
        d = g.pending
        if d.kind is not DecisionKind.CHOOSE:
            g.apply(PassPriority(d.player))
        elif d.data.get("choice") == "card_name":
            assert "Forest" not in d.options            # a nonland card name
            g.apply(Choose(d.player, (name,)))
        else:
            g.apply(Choose(d.player, tuple(found(d.options))))


@pytest.mark.rules("201.3", "701.23b", "608.2d")
def test_cranial_extraction_exiles_every_card_of_the_name_from_a_graveyard_and_those_found_elsewhere(extra_cards):
    extra_cards(CRANIAL_EXTRACTION, fully_read=True)
    g, ids = table(["Swamp"] * 4, ["Forest"], ["Cranial Extraction"], hand_b=["Lightning Bolt", "Shock"])
    g.add_card("Lightning Bolt", 1, Zone.GRAVEYARD)
    g.add_card("Lightning Bolt", 1, Zone.LIBRARY)
    g.add_card("Shock", 1, Zone.GRAVEYARD)
    # the hand and library are hidden zones: the searcher may find none there (701.23b); the graveyard's all go
    cast_choosing(g, ids["Cranial Extraction"], "P1", "Lightning Bolt", lambda options: ())
    assert bolts(g, 1, Zone.GRAVEYARD) == [] and len(bolts(g, 1, Zone.EXILE)) == 1
    assert len(bolts(g, 1, Zone.HAND)) == 1 and len(bolts(g, 1, Zone.LIBRARY)) == 1
    assert len(g.state.players[1].graveyard) == 1            # the Shock stays


@pytest.mark.rules("201.3", "701.23a", "701.24a")
def test_slaughter_games_exiles_the_cards_of_the_name_it_finds_then_that_player_shuffles(extra_cards):
    extra_cards(SLAUGHTER_GAMES, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Mountain", "Mountain"], [], ["Slaughter Games"], hand_b=["Lightning Bolt", "Shock"])
    g.add_card("Lightning Bolt", 1, Zone.GRAVEYARD)
    g.add_card("Lightning Bolt", 1, Zone.LIBRARY)
    events = []
    g.apply(CastSpell(0, ids["Slaughter Games"], targets=(("P1",),)))
    while g.state.stack:
        d = g.pending
        if d.kind is not DecisionKind.CHOOSE:
            events += g.apply(PassPriority(d.player))
        elif d.data.get("choice") == "card_name":
            events += g.apply(Choose(d.player, ("Lightning Bolt",)))
        else:
            assert sorted(g.characteristics(o).name for o in d.options) == ["Lightning Bolt"] * 3
            events += g.apply(Choose(d.player, tuple(d.options)))
    assert len(bolts(g, 1, Zone.EXILE)) == 3 and not bolts(g, 1, Zone.HAND) and not bolts(g, 1, Zone.LIBRARY)
    assert [e.data.get("player") for e in events if e.kind == "shuffle"] == [1]
