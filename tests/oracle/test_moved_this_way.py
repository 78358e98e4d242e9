"""Conditions on what an ability's instructions moved (608.2c): "If an instant or sorcery card was milled this way",
"If a land card is discarded this way", "If that player discards an artifact card this way", "If a Saproling was
sacrificed this way" (a cost of the ability, 602.2b, as the permanent last existed, 608.2h), "If a card is put into
exile this way". Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.oracle import compile_card
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, preferring, resolve_stack, settle, table
from tests.oracle.conftest import record

_RESEARCHER = ("Flying\nAt the beginning of your upkeep, mill a card. If an instant or sorcery card was milled this way, "
               "transform Aberrant Researcher.")
ABERRANT_RESEARCHER = {
    "name": "Aberrant Researcher // Perfected Form", "layout": "transform", "manaCost": "{3}{U}", "colors": ["U"],
    "types": ["Creature"], "subtypes": ["Human", "Insect"], "supertypes": [], "type": "Creature — Human Insect",
    "text": _RESEARCHER, "power": "3", "toughness": "2",
    "faces": [
        {"faceName": "Aberrant Researcher", "manaCost": "{3}{U}", "colors": ["U"], "supertypes": [],
         "types": ["Creature"], "subtypes": ["Human", "Insect"], "type": "Creature — Human Insect",
         "text": _RESEARCHER, "power": "3", "toughness": "2", "side": "a"},
        {"faceName": "Perfected Form", "colors": ["U"], "supertypes": [], "types": ["Creature"],
         "subtypes": ["Insect", "Horror"], "type": "Creature — Insect Horror", "text": "Flying", "power": "5",
         "toughness": "4", "side": "b"}]}
LORD_WINDGRACE = record("Lord Windgrace", "{2}{B}{R}{G}", "Legendary Planeswalker — Windgrace",
                        "[+2]: Discard a card, then draw a card. If a land card is discarded this way, draw an "
                        "additional card.\n[−3]: Return up to two target land cards from your graveyard to the "
                        "battlefield.\n[−11]: Destroy up to six target nonland permanents, then create six 2/2 green "
                        "Cat Warrior creature tokens with forestwalk.", loyalty="5")
LUMENGRID_AUGUR = record("Lumengrid Augur", "{3}{U}", "Creature — Vedalken Wizard",
                         "{1}, {T}: Target player draws a card, then discards a card. If that player discards an "
                         "artifact card this way, untap Lumengrid Augur.", "2/2")
THALLID_OMNIVORE = record("Thallid Omnivore", "{3}{B}", "Creature — Fungus",
                          "{1}, Sacrifice another creature: Thallid Omnivore gets +2/+2 until end of turn. If a "
                          "Saproling was sacrificed this way, you gain 2 life.", "3/3")
FORESHADOW = record("Foreshadow", "{1}{U}", "Instant",
                    "Choose a card name, then target opponent mills a card. If a card with the chosen name was milled "
                    "this way, you draw a card.\nDraw a card at the beginning of the next turn's upkeep.")
CORPSE_APPRAISER = record("Corpse Appraiser", "{U}{B}{R}", "Creature — Vampire Rogue",
                          "When Corpse Appraiser enters the battlefield, exile up to one target creature card from a "
                          "graveyard. If a card is put into exile this way, look at the top three cards of your library, "
                          "then put one of those cards into your hand and the rest into your graveyard.", "3/3")
CRAGGANWICK_CREMATOR = record("Cragganwick Cremator", "{2}{R}{R}", "Creature — Giant Shaman",
                              "When Cragganwick Cremator enters the battlefield, discard a card at random. If you "
                              "discard a creature card this way, Cragganwick Cremator deals damage equal to that card's "
                              "power to target player or planeswalker.", "5/4")


@pytest.mark.rules("608.2c", "701.17a", "701.28a")
@pytest.mark.parametrize("top,transformed", [("Opt", True), ("Grizzly Bears", False)])
def test_aberrant_researcher_transforms_if_an_instant_was_milled(extra_cards, top, transformed):
    extra_cards(ABERRANT_RESEARCHER, fully_read=True)
    g, ids = table(["Aberrant Researcher // Perfected Form"])
    g.add_card(top, 0, Zone.LIBRARY)
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == [top]
    name = g.characteristics(ids["Aberrant Researcher // Perfected Form"]).name
    assert (name == "Perfected Form") is transformed


@pytest.mark.rules("608.2c", "701.9a", "606.3")
@pytest.mark.parametrize("discarded,drawn", [("Forest", 2), ("Shock", 1)])
def test_lord_windgrace_draws_an_additional_card_if_a_land_was_discarded(extra_cards, discarded, drawn):
    extra_cards(LORD_WINDGRACE, fully_read=True)
    g, ids = table(["Lord Windgrace"], hand_a=[discarded])
    activate_and_resolve(g, ids["Lord Windgrace"], 0)
    settle(g)
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == [discarded]
    assert len(g.state.players[0].hand) == drawn


@pytest.mark.rules("608.2c", "701.9a")
@pytest.mark.parametrize("card,untapped", [("Ornithopter", True), ("Shock", False)])
def test_lumengrid_augur_untaps_if_that_player_discards_an_artifact(extra_cards, card, untapped):
    extra_cards(LUMENGRID_AUGUR, fully_read=True)
    g, ids = table(["Lumengrid Augur", "Island"], hand_b=[card])
    g.apply(ActivateAbility(0, ids["Lumengrid Augur"], 0, targets=(("P1",),)))
    settle(g, preferring(ids["B:" + card]))      # B draws a Plains and discards the card they had
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == [card]
    assert g.state.objects[ids["Lumengrid Augur"]].tapped is not untapped


@pytest.mark.rules("608.2c", "608.2h", "602.2b")
@pytest.mark.parametrize("fodder,life", [("Saproling Token", 22), ("Grizzly Bears", 20)])
def test_thallid_omnivore_gains_life_if_a_saproling_was_sacrificed(extra_cards, fodder, life):
    extra_cards(THALLID_OMNIVORE, fully_read=True)
    g, ids = table(["Thallid Omnivore", "Swamp"])
    if fodder == "Grizzly Bears":
        victim = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    else:
        victim = g.add_token({"name": "Saproling Token", "types": "Creature — Saproling", "colors": "G",
                              "power": 1, "toughness": 1, "abilities": []}, 0)
    activate_and_resolve(g, ids["Thallid Omnivore"], 0)     # the one other creature: sacrificed without a choice
    assert victim not in g.state.battlefield
    assert g.state.players[0].life == life


@pytest.mark.rules("608.2c", "701.17a", "201.3")
@pytest.mark.parametrize("top,cards", [("Shock", 1), ("Opt", 0)])
def test_foreshadow_draws_if_a_card_with_the_chosen_name_was_milled(extra_cards, top, cards):
    extra_cards(FORESHADOW, fully_read=True)
    g, ids = table(["Island", "Island"], ["Shock"], ["Foreshadow"])
    g.add_card(top, 1, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Foreshadow"], targets=(("P1",),)))
    settle(g, preferring("Shock"))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == [top]
    assert len(g.state.players[0].hand) == cards


@pytest.mark.rules("608.2c", "406.1")
@pytest.mark.parametrize("in_graveyard", [True, False])
def test_corpse_appraiser_looks_only_if_a_card_was_exiled(extra_cards, in_graveyard):
    extra_cards(CORPSE_APPRAISER, fully_read=True)
    g, ids = table(["Island", "Swamp", "Mountain"], [], ["Corpse Appraiser"])
    if in_graveyard:
        g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Corpse Appraiser"])
    settle(g)       # the exiled card's target chosen, and one card of the three put into the hand
    hand, graveyard = g.state.players[0].hand, g.state.players[0].graveyard
    assert (len(hand), len(graveyard)) == ((1, 2) if in_graveyard else (0, 0))


@pytest.mark.rules("608.2c")
def test_that_card_after_a_random_discard_is_not_read_as_the_source():
    # "damage equal to that card's power" is the discarded card's, which no reference names yet: left unread rather
    # than read as Cragganwick Cremator's own power
    d = compile_card(CRAGGANWICK_CREMATOR)
    assert d.unsupported


HEED_THE_MISTS = record("Heed the Mists", "{3}{U}{U}", "Sorcery — Arcane",
                        "Mill a card, then draw cards equal to the milled card's mana value.")
INFERNAL_GENESIS = record("Infernal Genesis", "{4}{B}{B}", "Enchantment",
                          "At the beginning of each player's upkeep, that player mills a card. Then they create X 1/1 "
                          "black Minion creature tokens, where X is the milled card's mana value.")


@pytest.mark.rules("701.17a", "608.2c", "202.3")
@pytest.mark.parametrize("top,drawn", [("Serra Angel", 5), ("Forest", 0)])
def test_heed_the_mists_draws_the_milled_cards_mana_value(extra_cards, top, drawn):
    extra_cards(HEED_THE_MISTS, fully_read=True)
    g, ids = table(["Island"] * 5, [], ["Heed the Mists"])
    g.add_card(top, 0, Zone.LIBRARY)
    cast_and_resolve(g, ids["Heed the Mists"])
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == [top, "Heed the Mists"]
    assert len(g.state.players[0].hand) == drawn


@pytest.mark.rules("701.17a", "608.2c", "603.2")
def test_infernal_genesis_the_player_whose_upkeep_it_is_mills_and_creates_the_minions(extra_cards):
    extra_cards(INFERNAL_GENESIS, fully_read=True)
    g, ids = table(["Infernal Genesis"], [], step=Step.UNTAP, active=1)
    g.add_card("Hill Giant", 1, Zone.LIBRARY)                  # mana value 4, on top of B's library
    advance(g, Step.UPKEEP)
    resolve_stack(g)
    minions = [o for o in g.state.battlefield if g.characteristics(o).name == "Minion Token"]
    assert len(minions) == 4 and all(g.state.objects[o].controller == 1 for o in minions)


HERETICS_PUNISHMENT = record("Heretic's Punishment", "{4}{R}", "Enchantment",
                             "{3}{R}: Choose any target, then mill three cards. Heretic's Punishment deals damage to "
                             "that permanent or player equal to the highest mana value among the milled cards.")


@pytest.mark.rules("115.4", "701.17a", "120.3")
@pytest.mark.parametrize("target", ["creature", "player"])
def test_heretics_punishment_deals_the_highest_milled_mana_value_to_the_target_it_chose(extra_cards, target):
    extra_cards(HERETICS_PUNISHMENT, fully_read=True)
    g, ids = table(["Heretic's Punishment"] + ["Mountain"] * 4, ["Craw Wurm"])
    for name in ("Shock", "Serra Angel", "Forest"):            # mana values 1, 5, 0
        g.add_card(name, 0, Zone.LIBRARY)
    wurm = ids["B:Craw Wurm"]
    activate_and_resolve(g, ids["Heretic's Punishment"], 0, targets=((wurm if target == "creature" else "P1",),))
    if target == "creature":
        assert wurm not in g.state.battlefield and g.state.players[1].life == 20      # 5 damage to a 6/4
    else:
        assert g.state.players[1].life == 15 and wurm in g.state.battlefield
