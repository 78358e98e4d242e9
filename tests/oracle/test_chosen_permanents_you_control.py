""""Exile a land you control", "put a creature you control on top of its owner's library": no target; the permanent
is chosen as the ability resolves among those you control (608.2c), and "the exiled card" of the linked leaves-the-
battlefield ability is the one exiled (607.2a). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, Choose, DeclareAttackers, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import advance, both_pass, on_battlefield, pass_until, resolve_stack, settle, table
from tests.oracle.conftest import record
from tests.oracle.test_copied_abilities import FLAMES_FURY

NULLTREAD_GARGANTUAN = record("Nulltread Gargantuan", "{1}{G}{U}", "Creature — Beast",
                              "When Nulltread Gargantuan enters the battlefield, put a creature you control on top of "
                              "its owner's library.", "5/6")
WORMFANG_TURTLE = record("Wormfang Turtle", "{2}{U}", "Creature — Nightmare Turtle Beast",
                         "When Wormfang Turtle enters the battlefield, exile a land you control.\nWhen Wormfang Turtle "
                         "leaves the battlefield, return the exiled card to the battlefield under its owner's control.",
                         "2/4")


@pytest.mark.rules("603.3", "608.2c")
def test_nulltread_gargantuan_puts_a_creature_of_your_choice_on_top(extra_cards):
    extra_cards(NULLTREAD_GARGANTUAN)
    g, ids = table(["Forest", "Forest", "Island", "Grizzly Bears"], ["Hill Giant"], hand_a=["Nulltread Gargantuan"])
    g.apply(CastSpell(0, ids["Nulltread Gargantuan"]))
    both_pass(g)
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.min == d.max == 1
    assert sorted(g.characteristics(o).name for o in d.options) == ["Grizzly Bears", "Nulltread Gargantuan"]
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    resolve_stack(g)
    assert g.characteristics(g.state.players[0].library[-1]).name == "Grizzly Bears"
    assert on_battlefield(g, "Hill Giant")


@pytest.mark.rules("607.2a", "610.3")
def test_wormfang_turtle_returns_the_land_it_exiled_when_it_leaves(extra_cards):
    extra_cards(WORMFANG_TURTLE)
    g, ids = table(["Island", "Island", "Forest"], [], hand_a=["Wormfang Turtle"])
    g.apply(CastSpell(0, ids["Wormfang Turtle"]))
    both_pass(g)
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and sorted(g.characteristics(o).name for o in d.options) == \
        ["Forest", "Island", "Island"]
    g.apply(Choose(0, (ids["Forest"],)))
    resolve_stack(g)
    assert [g.characteristics(o).name for o in g.state.exile] == ["Forest"]
    assert not on_battlefield(g, "Forest")
    turtle = on_battlefield(g, "Wormfang Turtle")[0]
    g.state.objects[turtle].damage = 4          # lethal: it dies (704.5g) as the state-based actions are checked
    g.checked = None        # (changed behind the engine's back: the last check no longer holds, engine.game.Game.checked)
    both_pass(g)
    resolve_stack(g)
    assert on_battlefield(g, "Forest") and not g.state.exile


def test_the_sentences_are_read():
    for card in (NULLTREAD_GARGANTUAN, WORMFANG_TURTLE):
        assert compile_card(card).unsupported == (), card["name"]


THE_ELDERSPELL = record("The Elderspell", "{B}{B}", "Sorcery",
                        "Destroy any number of target planeswalkers. Choose a planeswalker you control. Put two loyalty "
                        "counters on it for each planeswalker destroyed this way.")
AZRA_ODDSMAKER = record("Azra Oddsmaker", "{1}{B}{R}", "Creature — Azra Warrior",
                        "At the beginning of combat on your turn, you may discard a card. If you do, choose a creature. "
                        "Whenever that creature deals combat damage to a player this turn, you draw two cards.", "3/3")
PYROGENIUS = record("Chandra, Pyrogenius", "{4}{R}{R}", "Legendary Planeswalker — Chandra",
                    "[+2]: Chandra, Pyrogenius deals 2 damage to each opponent.\n[−3]: Chandra, Pyrogenius deals 4 "
                    "damage to target creature.\n[−10]: Chandra, Pyrogenius deals 6 damage to target player or "
                    "planeswalker and each creature that player or that planeswalker's controller controls.", loyalty="5")
@pytest.mark.rules("608.2c", "306.5b")
def test_the_elderspell_puts_loyalty_on_the_planeswalker_you_choose(extra_cards):
    extra_cards(THE_ELDERSPELL, PYROGENIUS, FLAMES_FURY, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Chandra, Pyrogenius"], ["Chandra, Flame's Fury"], ["The Elderspell"])
    mine, theirs = ids["Chandra, Pyrogenius"], ids["B:Chandra, Flame's Fury"]
    before = g.state.objects[mine].counters.get("loyalty", 0)
    g.apply(CastSpell(0, ids["The Elderspell"], targets=((theirs,),)))
    resolve_stack(g)
    assert theirs not in g.state.battlefield
    assert g.state.objects[mine].counters.get("loyalty", 0) == before + 2       # the one planeswalker you control


@pytest.mark.rules("608.2c", "603.7c")
def test_azra_oddsmaker_draws_when_the_chosen_creature_deals_combat_damage(extra_cards):
    extra_cards(AZRA_ODDSMAKER, fully_read=True)
    g, ids = table(["Azra Oddsmaker", "Grizzly Bears", "Savannah Lions"], hand_a=["Plains"])
    bears, lions = ids["Grizzly Bears"], ids["Savannah Lions"]
    while not g.state.stack:
        g.apply(PassPriority(g.pending.player))         # to the beginning of combat, where it triggers
    settle(g, lambda d: ("yes",) if "yes" in d.options else (bears,) if bears in d.options else tuple(d.options[:1]))
    assert not g.state.players[0].hand and len(g.state.players[0].graveyard) == 1      # the Plains discarded
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1", lions: "P1"}))
    advance(g, Step.END_OF_COMBAT)
    assert g.state.players[1].life == 20 - 2 - 2
    assert len(g.state.players[0].hand) == 2            # the Bears dealt combat damage, the Lions weren't chosen


@pytest.mark.rules("608.2c", "603.7c")
def test_azra_oddsmaker_chooses_nothing_without_a_discard(extra_cards):
    extra_cards(AZRA_ODDSMAKER, fully_read=True)
    g, ids = table(["Azra Oddsmaker", "Grizzly Bears"], hand_a=["Plains"])
    while not g.state.stack:
        g.apply(PassPriority(g.pending.player))
    settle(g, lambda d: ("no",) if "no" in d.options else tuple(d.options[:1]))
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
    advance(g, Step.END_OF_COMBAT)
    assert g.state.players[1].life == 18 and len(g.state.players[0].hand) == 1
