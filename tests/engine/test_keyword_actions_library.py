"""Keyword actions that look at the top of libraries: clash (701.30), fateseal (701.29), learn (701.48)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, preferring, settle, table
from tests.engine.test_keyword_combat import creature

# Real cards' Oracle text (Lorwyn, Strixhaven).
PAPERFIN_RASCAL = creature("Paperfin Rascal", "{2}{U}", "Merfolk Rogue", "When Paperfin Rascal enters, clash with an "
                           "opponent. If you win, put a +1/+1 counter on Paperfin Rascal. (Each clashing player "
                           "reveals the top card of their library, then puts that card on the top or bottom. A player "
                           "wins if their card had a higher mana value.)", "2/2")
POP_QUIZ = {"name": "Pop Quiz", "manaCost": "{2}{U}", "type": "Instant", "types": ["Instant"],
            "text": "Draw a card.\nLearn. (You may reveal a Lesson card you own from outside the game and put it into "
                    "your hand, or discard a card to draw a card.)"}
# A test card: fateseal alone (701.29a).
FATESEAL_TWO = {"name": "Fateseal Two", "manaCost": "{U}", "type": "Sorcery", "types": ["Sorcery"], "text": "Fateseal 2."}


def _clash_game(extra_cards, mine: str, theirs: str):
    extra_cards(PAPERFIN_RASCAL)
    g, ids = table(["Island", "Island", "Island"], [], hand_a=["Paperfin Rascal"])
    top_a = g.add_card(mine, 0, Zone.LIBRARY)
    top_b = g.add_card(theirs, 1, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Paperfin Rascal"]))
    return g, top_a, top_b


@pytest.mark.rules("701.30a", "701.30b", "701.30c", "701.30d")
@pytest.mark.parametrize("mine,theirs,won", [("Hill Giant", "Grizzly Bears", True), ("Grizzly Bears", "Grizzly Bears", False),
                                             ("Plains", "Lightning Bolt", False)])
def test_clash_wins_only_with_the_higher_mana_value(extra_cards, mine, theirs, won):
    g, top_a, top_b = _clash_game(extra_cards, mine, theirs)
    asked = []

    def answer(d):
        if d.data.get("key", "").endswith(("clash_bottom0", "clash_bottom1")):
            asked.append(d.player)
            return ("yes",) if d.player == 1 else ("no",)
        return tuple(d.options[:d.min or 1])
    settle(g, answer)
    assert asked == [0, 1], "each clashing player decides, in APNAP order"
    (rascal,) = on_battlefield(g, "Paperfin Rascal")
    assert g.state.objects[rascal].counters == ({"+1/+1": 1} if won else {})
    assert g.state.players[0].library[-1] == top_a, "A kept the revealed card on top"
    assert g.state.players[1].library[0] == top_b, "B put the revealed card on the bottom"


@pytest.mark.rules("701.29a")
def test_fateseal_decides_where_the_opponents_top_cards_go(extra_cards):
    extra_cards(FATESEAL_TWO)
    g, ids = table(["Island"], [], hand_a=["Fateseal Two"])
    first = g.add_card("Hill Giant", 1, Zone.LIBRARY)
    second = g.add_card("Grizzly Bears", 1, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Fateseal Two"]))
    deciders = set()

    def answer(d):
        deciders.add(d.player)
        if d.data.get("choice") == "scry":
            return (second,)
        return tuple(d.options[:d.min or 1])
    settle(g, answer)
    assert deciders == {0}, "the fatesealing player decides"
    lib = g.state.players[1].library
    assert lib[0] == second and lib[-1] == first


@pytest.mark.rules("701.48a")
@pytest.mark.parametrize("discard", [True, False])
def test_learn_rummages_or_not(extra_cards, discard):
    extra_cards(POP_QUIZ)
    g, ids = table(["Island", "Island", "Island"], [], hand_a=["Pop Quiz", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Pop Quiz"]))
    asked = []

    def answer(d):
        asked.append((d.data["choice"], d.min, d.max))
        return (ids["Grizzly Bears"],) if discard else ()
    settle(g, answer)
    assert asked == [("discard", 0, 1)]
    hand = g.state.players[0].hand
    assert len(hand) == 2, "drew a card, then discarded one and drew one, or kept the hand"
    assert (ids["Grizzly Bears"] in hand) is not discard


# A test card: a "whenever you clash" trigger reading the clash's result (Entangling Trap's wording).
CLASH_WATCHER = {"name": "Clash Watcher", "manaCost": "{1}{G}", "type": "Enchantment", "types": ["Enchantment"],
                 "text": "Whenever you clash, you gain 1 life. If you won, you gain 2 life."}


@pytest.mark.rules("701.30d", "603.2")
def test_whenever_you_clash(extra_cards):
    extra_cards(CLASH_WATCHER)
    g, top_a, top_b = _clash_game(extra_cards, "Hill Giant", "Grizzly Bears")
    g.add_card("Clash Watcher", 0, Zone.BATTLEFIELD)
    settle(g, preferring("no"))
    assert g.state.players[0].life == 23
