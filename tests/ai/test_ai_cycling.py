"""Cycling (702.29): the evaluation counts every card in hand alike, so a card for a card gains nothing by it; the
heuristic player cycles a card it has no use for (engine.ai.heuristic._cycling_credit): a land beyond the lands it
needs, a spell that finds a land while it is short of lands (typecycling, 702.29e), a spell it can't cast soon with
mana that would go unused at the end of an opponent's turn."""
from __future__ import annotations

import pytest

from engine.ai.heuristic import HeuristicPlayer, _cycling_credit
from engine.core import player_actions as A
from engine.core.enums import Step, Zone
from tests.engine.driving import table

IRRIGATED_FARMLAND = {"name": "Irrigated Farmland", "manaCost": "", "type": "Land — Plains Island", "types": ["Land"],
                      "subtypes": ["Plains", "Island"], "supertypes": [], "colors": [],
                      "text": "({T}: Add {W} or {U}.)\nIrrigated Farmland enters the battlefield tapped.\nCycling {2} "
                              "({2}, Discard this card: Draw a card.)"}
AKROMAS_BLESSING = {"name": "Akroma's Blessing", "manaCost": "{2}{W}", "type": "Instant", "types": ["Instant"],
                    "subtypes": [], "supertypes": [], "colors": ["W"],
                    "text": "Choose a color. Creatures you control gain protection from the chosen color until end of "
                            "turn.\nCycling {W} ({W}, Discard this card: Draw a card.)"}
TWISTED_ABOMINATION = {"name": "Twisted Abomination", "manaCost": "{5}{B}", "type": "Creature — Zombie Mutant",
                       "types": ["Creature"], "subtypes": ["Zombie", "Mutant"], "supertypes": [], "colors": ["B"],
                       "power": "5", "toughness": "3",
                       "text": "{B}: Regenerate Twisted Abomination.\nSwampcycling {2} ({2}, Discard this card: Search "
                               "your library for a Swamp card, reveal it, put it into your hand, then shuffle.)"}


VEDALKEN_AETHERMAGE = {"name": "Vedalken Aethermage", "manaCost": "{1}{U}", "type": "Creature — Vedalken Wizard",
                       "types": ["Creature"], "subtypes": ["Vedalken", "Wizard"], "supertypes": [], "colors": ["U"],
                       "power": "1", "toughness": "2",
                       "text": "Flash\nProtection from Slivers\nWizardcycling {3} ({3}, Discard this card: Search your "
                               "library for a Wizard card, reveal it, put it into your hand, then shuffle.)"}


def _choice(permanents: list[str], hand: list[str], library: list[str] = (), **at) -> tuple[A.Action, dict[str, int]]:
    """The heuristic player's action with its land played this turn already (`library` added to its Plains)."""
    game, ids = table(a=permanents, hand_a=hand, **at)
    for name in library:
        game.add_card(name, 0, Zone.LIBRARY)
    game.state.players[0].lands_played = 1
    if game.pending.player != 0:
        game.apply(A.PassPriority(game.pending.player))
    return HeuristicPlayer(1).choose(game), ids


def _cycles(action: A.Action, card: int) -> bool:
    return isinstance(action, A.ActivateAbility) and action.source == card


@pytest.mark.rules("702.29a")
@pytest.mark.parametrize("lands,more,cycled", [(5, [], True), (2, ["Serra Angel"], False)])
def test_a_land_beyond_the_lands_needed_is_cycled(extra_cards, lands: int, more: list[str], cycled: bool) -> None:
    """Five lands in play and nothing dear in hand: Irrigated Farmland is cycled. Two lands and Serra Angel in hand:
    it is kept for the next land drop."""
    extra_cards(IRRIGATED_FARMLAND)
    action, ids = _choice(["Plains"] * lands, ["Irrigated Farmland", *more])
    assert _cycles(action, ids["Irrigated Farmland"]) is cycled


@pytest.mark.rules("702.29a", "702.29e")
def test_a_spell_finds_a_land_while_lands_are_short(extra_cards) -> None:
    """Two Swamps and Twisted Abomination, a six-mana creature: it swampcycles for the third land."""
    extra_cards(TWISTED_ABOMINATION)
    action, ids = _choice(["Swamp", "Swamp"], ["Twisted Abomination"], ["Swamp"] * 3)
    assert _cycles(action, ids["Twisted Abomination"])


@pytest.mark.rules("702.29a", "500.4")
@pytest.mark.parametrize("step,active,cycled", [(Step.END, 1, True), (Step.MAIN1, 0, False)])
def test_a_spell_out_of_reach_is_cycled_with_mana_left_at_the_end_of_their_turn(extra_cards, step, active,
                                                                               cycled: bool) -> None:
    """One Plains and Akroma's Blessing, a three-mana instant: at the end of the opponent's turn the Plains' mana would
    go unused (500.4), so the Blessing is cycled; in its own main phase it is kept."""
    extra_cards(AKROMAS_BLESSING)
    action, ids = _choice(["Plains"], ["Akroma's Blessing"], step=step, active=active)
    assert _cycles(action, ids["Akroma's Blessing"]) is cycled


@pytest.mark.rules("702.29e")
def test_a_typecycler_that_finds_no_land_gets_no_lands_credit(extra_cards) -> None:
    """Wizardcycling finds a Wizard, not a land: three Islands and Serra Angel in hand (short of lands) give it no
    credit (the credit for a typecycler is for finding a land)."""
    extra_cards(VEDALKEN_AETHERMAGE)
    game, ids = table(a=["Island"] * 3, hand_a=["Vedalken Aethermage", "Serra Angel"])
    card = ids["Vedalken Aethermage"]
    ability = next(ab for ab in game.characteristics(card).activated if ab.keyword == "cycling")
    assert _cycling_credit(game, 0, card, ability) == 0.0

