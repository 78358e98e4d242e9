""""Conditions that count (603.4, 608.2c): "When ~ enters, if you control another creature named ~, draw a card" by
the card's name (201.2), other than the object itself; "If you attacked with two or more creatures this turn" (508.1a).
Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from tests.engine.driving import (activate_and_resolve, advance, attack, cast_and_resolve, on_battlefield, preferring,
                                  resolve_stack, settle, table)
from tests.oracle.conftest import record

FAERIE_MISCREANT = record("Faerie Miscreant", "{U}", "Creature — Faerie",
                          "Flying (This creature can't be blocked except by creatures with flying or reach.)\nWhen "
                          "Faerie Miscreant enters the battlefield, if you control another creature named Faerie "
                          "Miscreant, draw a card.", "1/1")


@pytest.mark.rules("603.4", "201.2")
@pytest.mark.parametrize("another,cards", [(True, 1), (False, 0)])
def test_faerie_miscreant_draws_if_you_control_another_of_its_name(extra_cards, another, cards):
    extra_cards(FAERIE_MISCREANT, fully_read=True)
    g, ids = table(["Island"], [], ["Faerie Miscreant"])
    if another:
        g.add_card("Faerie Miscreant", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Faerie Miscreant"])
    resolve_stack(g)
    assert len(g.state.players[0].hand) == cards


_WEDDING = ("At the beginning of your end step, put an invitation counter on Wedding Announcement. If you attacked with "
            "two or more creatures this turn, draw a card. Otherwise, create a 1/1 white Human creature token. Then if "
            "Wedding Announcement has three or more invitation counters on it, transform it.")
WEDDING_ANNOUNCEMENT = {
    "name": "Wedding Announcement // Wedding Festivity", "layout": "transform", "manaCost": "{2}{W}", "colors": ["W"],
    "types": ["Enchantment"], "subtypes": [], "supertypes": [], "type": "Enchantment", "text": _WEDDING,
    "faces": [
        {"faceName": "Wedding Announcement", "manaCost": "{2}{W}", "colors": ["W"], "supertypes": [],
         "types": ["Enchantment"], "subtypes": [], "type": "Enchantment", "text": _WEDDING, "side": "a"},
        {"faceName": "Wedding Festivity", "colors": ["W"], "supertypes": [], "types": ["Enchantment"], "subtypes": [],
         "type": "Enchantment", "text": "Creatures you control get +1/+1.", "side": "b"}]}


@pytest.mark.rules("608.2c", "508.1a")
@pytest.mark.parametrize("attackers,cards,humans", [(2, 1, 0), (1, 0, 1)])
def test_wedding_announcement_draws_if_you_attacked_with_two_or_more(extra_cards, attackers, cards, humans):
    extra_cards(WEDDING_ANNOUNCEMENT, fully_read=True)
    g, ids = table(["Wedding Announcement // Wedding Festivity", "Grizzly Bears", "Savannah Lions"], [])
    bears, lions = ids["Grizzly Bears"], ids["Savannah Lions"]
    attack(g, *(bears, lions)[:attackers])
    advance(g, Step.END)
    resolve_stack(g)
    assert len(g.state.players[0].hand) == cards
    assert len(on_battlefield(g, "Human Token")) == humans


_JUDGE = ("Defender, flying, vigilance\nAt the beginning of your upkeep, if Faithbound Judge has two or fewer judgment "
          "counters on it, put a judgment counter on it.\nAs long as Faithbound Judge has three or more judgment counters "
          "on it, it can attack as though it didn't have defender.\nDisturb {5}{W}{W}")
_SINNERS_JUDGMENT = ("Enchant player\nAt the beginning of your upkeep, put a judgment counter on Sinner's Judgment. Then if "
                     "there are three or more judgment counters on it, enchanted player loses the game.\nIf Sinner's "
                     "Judgment would be put into a graveyard from anywhere, exile it instead.")
FAITHBOUND_JUDGE = {
    "name": "Faithbound Judge // Sinner's Judgment", "layout": "transform", "manaCost": "{1}{W}{W}", "colors": ["W"],
    "types": ["Creature"], "subtypes": ["Spirit", "Soldier"], "supertypes": [], "type": "Creature — Spirit Soldier",
    "text": _JUDGE, "power": "4", "toughness": "4",
    "faces": [
        {"faceName": "Faithbound Judge", "manaCost": "{1}{W}{W}", "colors": ["W"], "types": ["Creature"],
         "subtypes": ["Spirit", "Soldier"], "supertypes": [], "type": "Creature — Spirit Soldier", "text": _JUDGE,
         "power": "4", "toughness": "4", "side": "a"},
        {"faceName": "Sinner's Judgment", "colors": ["W"], "types": ["Enchantment"], "subtypes": ["Aura", "Curse"],
         "supertypes": [], "type": "Enchantment — Aura Curse", "text": _SINNERS_JUDGMENT, "side": "b"}]}


@pytest.mark.rules("603.4", "122.1")
@pytest.mark.parametrize("before,after", [(2, 3), (3, 3), (0, 1)])
def test_faithbound_judge_counts_up_to_three_judgment_counters(extra_cards, before, after):
    """ "If ~ has two or fewer judgment counters on it": none counts as fewer; three stops the trigger."""
    extra_cards(FAITHBOUND_JUDGE, fully_read=True)
    g, ids = table(["Faithbound Judge // Sinner's Judgment"], [], turn=2, active=1, step=Step.END)
    judge = ids["Faithbound Judge // Sinner's Judgment"]
    if before:
        g.state.objects[judge].counters["judgment"] = before
    advance(g, Step.UPKEEP, turn=3)
    resolve_stack(g)
    assert g.state.objects[judge].counters.get("judgment", 0) == after


@pytest.mark.rules("608.2c", "303.4", "104.3a")
@pytest.mark.parametrize("before,lost", [(2, True), (1, False)])
def test_sinners_judgment_makes_enchanted_player_lose_at_three_counters(extra_cards, before, lost):
    extra_cards(FAITHBOUND_JUDGE, fully_read=True)
    g, ids = table([], [], turn=2, active=1, step=Step.END)
    curse = g.add_card("Faithbound Judge // Sinner's Judgment", 0, Zone.BATTLEFIELD)
    g.state.objects[curse].face = 2                     # its back face up (712.8e)
    g.attach(curse, "P1")
    g.state.objects[curse].counters["judgment"] = before
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=3)
    resolve_stack(g)
    assert g.state.objects[curse].counters["judgment"] == before + 1
    assert g.state.players[1].lost is lost and not g.state.players[0].lost


_TEST_SUBJECT = ("Defender\n{1}{U}: Put a hatchling counter on Ludevic's Test Subject. Then if there are five or more "
                 "hatchling counters on it, remove all of them and transform it.")
LUDEVICS_TEST_SUBJECT = {
    "name": "Ludevic's Test Subject // Ludevic's Abomination", "layout": "transform", "manaCost": "{1}{U}",
    "colors": ["U"], "types": ["Creature"], "subtypes": ["Lizard", "Egg"], "supertypes": [], "type": "Creature — Lizard Egg",
    "text": _TEST_SUBJECT, "power": "0", "toughness": "3",
    "faces": [
        {"faceName": "Ludevic's Test Subject", "manaCost": "{1}{U}", "colors": ["U"], "types": ["Creature"],
         "subtypes": ["Lizard", "Egg"], "supertypes": [], "type": "Creature — Lizard Egg", "text": _TEST_SUBJECT,
         "power": "0", "toughness": "3", "side": "a"},
        {"faceName": "Ludevic's Abomination", "colors": ["U"], "types": ["Creature"], "subtypes": ["Lizard", "Horror"],
         "supertypes": [], "type": "Creature — Lizard Horror", "text": "Trample", "power": "13", "toughness": "13",
         "side": "b"}]}
STRIXHAVEN_STADIUM = record("Strixhaven Stadium", "{3}", "Artifact",
                            "{T}: Add {C}. Put a point counter on Strixhaven Stadium.\nWhenever a creature deals combat "
                            "damage to you, remove a point counter from Strixhaven Stadium.\nWhenever a creature you "
                            "control deals combat damage to an opponent, put a point counter on Strixhaven Stadium. Then "
                            "if it has ten or more point counters on it, remove them all and that player loses the game.")


@pytest.mark.rules("608.2c", "122.1", "701.28a")
@pytest.mark.parametrize("before,transformed", [(4, True), (3, False)])
def test_remove_all_of_the_counters_the_condition_counts(extra_cards, before, transformed):
    extra_cards(LUDEVICS_TEST_SUBJECT, fully_read=True)
    g, ids = table(["Ludevic's Test Subject // Ludevic's Abomination", "Island", "Island"], [])
    egg = ids["Ludevic's Test Subject // Ludevic's Abomination"]
    g.state.objects[egg].counters["hatchling"] = before
    g.state.objects[egg].counters["+1/+1"] = 1          # counters of another kind stay
    g.state.invalidate()
    activate_and_resolve(g, egg)
    assert g.state.objects[egg].counters.get("hatchling", 0) == (0 if transformed else before + 1)
    assert g.state.objects[egg].counters["+1/+1"] == 1
    assert (g.characteristics(egg).name == "Ludevic's Abomination") is transformed


@pytest.mark.rules("608.2c", "122.1", "104.3a", "510.2")
@pytest.mark.parametrize("before,lost", [(9, True), (8, False)])
def test_strixhaven_stadium_removes_them_all_and_that_player_loses(extra_cards, before, lost):
    extra_cards(STRIXHAVEN_STADIUM, fully_read=True)
    g, ids = table(["Strixhaven Stadium", "Grizzly Bears"], [])
    stadium = ids["Strixhaven Stadium"]
    g.state.objects[stadium].counters["point"] = before
    attack(g, ids["Grizzly Bears"])
    advance(g, Step.COMBAT_DAMAGE)
    resolve_stack(g)
    assert g.state.objects[stadium].counters.get("point", 0) == (0 if lost else before + 1)
    assert g.state.players[1].lost is lost


_SEARCH = ("At the beginning of your upkeep, look at the top card of your library. You may put it into your graveyard. "
           "Then if you have seven or more cards in your graveyard, you may transform Search for Azcanta.")
SEARCH_FOR_AZCANTA = {
    "name": "Search for Azcanta // Azcanta, the Sunken Ruin", "layout": "transform", "manaCost": "{1}{U}",
    "colors": ["U"], "types": ["Enchantment"], "subtypes": [], "supertypes": ["Legendary"],
    "type": "Legendary Enchantment", "text": _SEARCH,
    "faces": [
        {"faceName": "Search for Azcanta", "manaCost": "{1}{U}", "colors": ["U"], "types": ["Enchantment"],
         "subtypes": [], "supertypes": ["Legendary"], "type": "Legendary Enchantment", "text": _SEARCH, "side": "a"},
        {"faceName": "Azcanta, the Sunken Ruin", "colors": [], "types": ["Land"], "subtypes": [],
         "supertypes": ["Legendary"], "type": "Legendary Land",
         "text": "(Transforms from Search for Azcanta.)\n{T}: Add {U}.\n{2}{U}, {T}: Look at the top four cards of your "
                 "library. You may reveal a noncreature, nonland card from among them and put it into your hand. Put the "
                 "rest on the bottom of your library in any order.", "side": "b"}]}


@pytest.mark.rules("608.2c", "404.2", "701.28a")
@pytest.mark.parametrize("in_graveyard,transformed", [(6, True), (5, False)])
def test_then_if_you_have_seven_or_more_cards_in_your_graveyard(extra_cards, in_graveyard, transformed):
    """The card it put into the graveyard counts: checked after the instructions before it."""
    extra_cards(SEARCH_FOR_AZCANTA, fully_read=True)
    g, ids = table(["Search for Azcanta // Azcanta, the Sunken Ruin"], [], turn=2, active=1, step=Step.END)
    for _ in range(in_graveyard):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    advance(g, Step.UPKEEP, turn=3)
    settle(g, preferring(True))
    assert len(g.state.players[0].graveyard) == in_graveyard + 1
    name = g.characteristics(ids["Search for Azcanta // Azcanta, the Sunken Ruin"]).name
    assert (name == "Azcanta, the Sunken Ruin") is transformed


SVYELUN = record("Svyelun of Sea and Sky", "{1}{U}{U}", "Legendary Creature — Merfolk God",
                 "Svyelun of Sea and Sky has indestructible as long as you control at least two other Merfolk.\n"
                 "Whenever Svyelun attacks, draw a card.\nOther Merfolk you control have ward {1}. (Whenever another "
                 "Merfolk you control becomes the target of a spell or ability an opponent controls, counter it unless "
                 "that player pays {1}.)", "3/4")
MERFOLK = record("Merfolk of the Pearl Trident", "{U}", "Creature — Merfolk", "", "1/1")


@pytest.mark.rules("611.3a", "201.5", "702.12b")
def test_as_long_as_you_control_at_least_two_other_creatures_of_a_type(extra_cards):
    """Svyelun of Sea and Sky is a Merfolk itself: one other Merfolk isn't two; two are; an opponent's don't count."""
    extra_cards(SVYELUN, fully_read=True)
    extra_cards(MERFOLK)
    g, ids = table(["Svyelun of Sea and Sky", "Merfolk of the Pearl Trident"], ["Merfolk of the Pearl Trident"])
    svyelun = ids["Svyelun of Sea and Sky"]
    assert not g.characteristics(svyelun).has("indestructible")
    g.add_card("Merfolk of the Pearl Trident", 0, Zone.BATTLEFIELD)
    assert g.characteristics(svyelun).has("indestructible")
