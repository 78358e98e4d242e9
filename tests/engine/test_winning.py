"""Winning and losing by an effect (104.2b, 104.3e) and Platinum Angel's "your opponents can't win the
game" (104.2a overrides it), and Angel's Grace's for one turn, through the public Game API."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.player_actions import CastSpell, Choose, Concede, PassPriority
from engine.core.enums import DecisionKind, Step
from tests.engine.driving import advance, both_pass, cast_and_resolve, resolve_stack, table

FELIDAR_SOVEREIGN = {"name": "Felidar Sovereign", "manaCost": "{4}{W}{W}", "type": "Creature — Cat Beast",
                     "types": ["Creature"], "subtypes": ["Cat", "Beast"], "power": "4", "toughness": "6",
                     "text": "Vigilance, lifelink\nAt the beginning of your upkeep, if you have 40 or more life, "
                             "you win the game."}
PACT_OF_NEGATION = {"name": "Pact of Negation", "manaCost": "{0}", "type": "Instant", "types": ["Instant"],
                    "text": "Counter target spell.\nAt the beginning of your next upkeep, pay {3}{U}{U}. If you "
                            "don't, you lose the game."}

ANGELS_GRACE = {"name": "Angel's Grace", "manaCost": "{W}", "type": "Instant", "types": ["Instant"],
                "text": "Split second (As long as this spell is on the stack, players can't cast spells or activate "
                        "abilities that aren't mana abilities.)\nYou can't lose the game this turn and your opponents "
                        "can't win the game this turn. Until end of turn, damage that would reduce your life total to "
                        "less than 1 reduces it to 1 instead."}

# its "Whenever you lose life, for each 1 life you lost, exile ..." isn't read yet: the test uses its first abilities
LICHS_MASTERY = {"name": "Lich's Mastery", "manaCost": "{3}{B}{B}{B}", "type": "Legendary Enchantment",
                 "types": ["Enchantment"], "supertypes": ["Legendary"],
                 "text": "Hexproof\nYou can't lose the game.\nWhenever you gain life, draw that many cards.\nWhenever "
                         "you lose life, for each 1 life you lost, exile a permanent you control or a card from your "
                         "hand or graveyard.\nWhen Lich's Mastery leaves the battlefield, you lose the game."}


def _game(a: list[str], b: list[str], *, life_a: int = 20, turn: int = 2, active: int = 1,
          step: Step = Step.END, hand_a: list[str] = (), hand_b: list[str] = ()) -> tuple[Game, dict[str, int]]:
    return table(a, b, hand_a, turn=turn, active=active, step=step, life_a=life_a, hand_b=hand_b)


@pytest.mark.rules("104.2b", "603.4")
def test_an_effect_says_you_win_the_game(extra_cards):
    extra_cards(FELIDAR_SOVEREIGN)
    g, _ = _game(["Felidar Sovereign"], [], life_a=40)
    advance(g, Step.UPKEEP, turn=3)
    resolve_stack(g)
    assert g.is_over and g.winners == [0]
    assert g.state.players[1].lost


@pytest.mark.rules("104.2b", "603.4")
def test_the_win_condition_is_checked(extra_cards):
    extra_cards(FELIDAR_SOVEREIGN)
    g, _ = _game(["Felidar Sovereign"], [], life_a=39)
    advance(g, Step.DRAW, turn=3)
    assert not g.is_over


@pytest.mark.rules("104.2b")
def test_your_opponents_cant_win_the_game(extra_cards):
    extra_cards(FELIDAR_SOVEREIGN)
    g, _ = _game(["Felidar Sovereign"], ["Platinum Angel"], life_a=40)
    advance(g, Step.UPKEEP, turn=3)
    events = resolve_stack(g)
    assert not g.is_over and g.winners == []
    assert any(e.kind == "win_prevented" and e.data["player"] == 0 for e in events)
    advance(g, Step.DRAW, turn=3)       # the game goes on
    assert not g.is_over


@pytest.mark.rules("104.2b", "611.2a")
def test_angels_grace_your_opponents_cant_win_this_turn(extra_cards):
    extra_cards(FELIDAR_SOVEREIGN, ANGELS_GRACE, fully_read=True)
    g, ids = _game(["Felidar Sovereign"], ["Plains"], life_a=40, hand_b=["Angel's Grace"])
    advance(g, Step.UPKEEP, turn=3)
    assert g.state.stack        # the Sovereign's trigger
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Angel's Grace"]))
    events = resolve_stack(g)
    assert not g.is_over
    assert any(e.kind == "win_prevented" and e.data["player"] == 0 for e in events)


@pytest.mark.rules("104.3a", "704.5a", "611.2a", "514.2")
def test_angels_grace_you_cant_lose_the_game_this_turn(extra_cards):
    extra_cards(ANGELS_GRACE, fully_read=True)
    g, ids = _game(["Plains"], [], turn=3, active=0, step=Step.MAIN1, hand_a=["Angel's Grace"])
    cast_and_resolve(g, ids["Angel's Grace"])
    g.set_player(0, life=0)         # life lost, not damage: the Grace's floor doesn't apply
    g.apply(PassPriority(0))
    assert not g.is_over and not g.state.players[0].lost
    advance(g, Step.END)
    assert not g.is_over
    for _ in range(10):     # the effect ends in the cleanup step (514.2): the state-based action applies then
        if g.is_over:
            break
        g.apply(PassPriority(g.pending.player))
    assert g.is_over and g.winners == [1]


@pytest.mark.rules("104.3a", "704.5a")
def test_you_cant_lose_the_game(extra_cards):
    extra_cards(LICHS_MASTERY)
    g, _ = _game(["Lich's Mastery"], [], turn=3, active=0, step=Step.MAIN1)
    g.set_player(0, life=0)
    g.apply(PassPriority(0))
    assert not g.is_over and not g.state.players[0].lost


@pytest.mark.rules("104.2b")
def test_your_own_platinum_angel_does_not_stop_you_winning(extra_cards):
    extra_cards(FELIDAR_SOVEREIGN)
    g, _ = _game(["Felidar Sovereign", "Platinum Angel"], [], life_a=40)
    advance(g, Step.UPKEEP, turn=3)
    resolve_stack(g)
    assert g.is_over and g.winners == [0]


@pytest.mark.rules("104.2a", "104.3a")
def test_last_player_standing_wins_whatever_effects_say():
    g, _ = _game([], ["Platinum Angel"], turn=3, active=0, step=Step.MAIN1)
    g.apply(Concede(1))
    assert g.is_over and g.winners == [0]


@pytest.mark.rules("104.3b", "104.2a", "704.5a")
def test_a_player_who_cant_lose_wins_when_the_other_loses():
    g, _ = _game([], ["Platinum Angel"], turn=3, active=0, step=Step.MAIN1)
    g.set_player(1, life=0)
    g.set_player(0, life=0)
    g.apply(PassPriority(0))
    assert g.is_over and g.winners == [1]


def _cast_pact(g: Game, ids: dict[str, int]) -> None:
    """A casts Grizzly Bears, then counters it with Pact of Negation (its own spell, a legal target)."""
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    bears_spell = g.state.stack[-1]
    cast_and_resolve(g, ids["Pact of Negation"], targets=((bears_spell,),))
    assert [r["whose"] for r in g.state.delayed_triggers] == ["you"]


@pytest.mark.rules("104.3e", "603.7", "603.7b")
def test_pact_you_lose_the_game_at_your_next_upkeep(extra_cards):
    extra_cards(PACT_OF_NEGATION)
    g, ids = _game(["Forest", "Forest"], [], turn=3, active=0, step=Step.MAIN1,
                  hand_a=["Grizzly Bears", "Pact of Negation"])
    _cast_pact(g, ids)
    advance(g, Step.UPKEEP, turn=4)          # B's upkeep: not "your next upkeep"
    assert not g.state.stack and len(g.state.delayed_triggers) == 1
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)                           # A can't pay {3}{U}{U}
    assert g.is_over and g.winners == [1]


@pytest.mark.rules("104.3e", "603.7")
def test_pact_paid_nothing_happens(extra_cards):
    extra_cards(PACT_OF_NEGATION)
    g, ids = _game(["Forest", "Forest"] + ["Island"] * 5, [], turn=3, active=0, step=Step.MAIN1,
                  hand_a=["Grizzly Bears", "Pact of Negation"])
    _cast_pact(g, ids)
    advance(g, Step.UPKEEP, turn=5)
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 0
    g.apply(Choose(0, ("yes",)))
    assert not g.is_over
    assert sum(g.state.objects[o].tapped for o in g.state.battlefield) == 5
    assert g.state.delayed_triggers == []


@pytest.mark.rules("104.3e")
def test_you_cant_lose_the_game_stops_an_effect_that_says_you_lose(extra_cards):
    extra_cards(PACT_OF_NEGATION)
    g, ids = _game(["Forest", "Forest", "Platinum Angel"], [], turn=3, active=0, step=Step.MAIN1,
                  hand_a=["Grizzly Bears", "Pact of Negation"])
    _cast_pact(g, ids)
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)
    assert not g.is_over
    advance(g, Step.DRAW, turn=5)
    assert not g.is_over
