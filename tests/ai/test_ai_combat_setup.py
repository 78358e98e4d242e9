"""What sets up a combat before its attackers are declared (508.1). In the heuristic player's own first main phase:
tapping a blocker (509.1a: a tapped creature can't block), haste for a creature that came this turn (302.6), a
creature kept from blocking; at an opponent's beginning of combat (507.1): tapping a creature that would attack
(508.1a). The player weighs such an action by what it adds to its best attack, or takes from the opponent's, as the
combat planner finds them (engine.ai.combat.attack_prospect); a trick that changes no attack waits."""
from __future__ import annotations

import pytest

from ai_util import play_out_turn, stock_libraries
from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Step
from tests.engine.driving import table

MASTER_DECOY = {"name": "Master Decoy", "manaCost": "{1}{W}", "type": "Creature — Human Soldier",
                "types": ["Creature"], "subtypes": ["Human", "Soldier"], "supertypes": [], "colors": ["W"],
                "text": "{W}, {T}: Tap target creature.", "power": "1", "toughness": "2"}
EXPEDITE = {"name": "Expedite", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
            "supertypes": [], "colors": ["R"], "text": "Target creature gains haste until end of turn.\nDraw a card."}
MAGMATIC_CHASM = {"name": "Magmatic Chasm", "manaCost": "{1}{R}", "type": "Sorcery", "types": ["Sorcery"],
                  "subtypes": [], "supertypes": [], "colors": ["R"],
                  "text": "Creatures without flying can't block this turn."}

STONYBROOK_ANGLER = {"name": "Stonybrook Angler", "manaCost": "{3}{U}", "type": "Creature — Merfolk Wizard",
                     "types": ["Creature"], "subtypes": ["Merfolk", "Wizard"], "supertypes": [], "colors": ["U"],
                     "text": "{1}{U}, {T}: You may tap or untap target creature.", "power": "1", "toughness": "4"}


def _first_action_of_a_won_turn(game) -> A.Action:
    """A's first action, then the turn played out by two heuristic players: B's life is gone by its end."""
    action = HeuristicPlayer(1).choose(game)
    play_out_turn(game, [HeuristicPlayer(1), HeuristicPlayer(2)])
    assert game.is_over and game.state.players[1].life <= 0
    return action


@pytest.mark.rules("509.1a", "508.1", "602.2")
def test_the_tapper_taps_the_blocker_before_the_attack(extra_cards) -> None:
    """B, at 6 life, has a Wall of Stone to block A's Craw Wurm. Master Decoy taps the Wall in A's main phase, and
    the Wurm's 6 damage win the game (the Decoy was never used: a tapped Wall is worth as much as an untapped one
    to the evaluation, which reads the board, not the coming combat)."""
    extra_cards(MASTER_DECOY)
    game, ids = table(a=["Master Decoy", "Craw Wurm", "Plains"], b=["Wall of Stone"])
    game.set_player(1, life=6)
    action = _first_action_of_a_won_turn(game)
    assert isinstance(action, A.ActivateAbility) and action.source == ids["Master Decoy"]


@pytest.mark.rules("302.6", "702.10b", "508.1")
def test_haste_for_the_creature_that_came_this_turn(extra_cards) -> None:
    """A's Craw Wurm entered this turn; B, at 6 life, has no creature. Expedite gives it haste and the attack wins."""
    extra_cards(EXPEDITE)
    game, ids = table(a=["Craw Wurm", "Mountain"], hand_a=["Expedite"])
    game.state.objects[ids["Craw Wurm"]].sick = True
    game.state.invalidate()
    game.set_player(1, life=6)
    action = _first_action_of_a_won_turn(game)
    assert isinstance(action, A.CastSpell) and action.card == ids["Expedite"] and action.targets == (ids["Craw Wurm"],)


@pytest.mark.rules("302.6", "508.1")
def test_haste_is_kept_when_every_attacker_may_attack_already(extra_cards) -> None:
    """With no creature that came this turn, haste changes no attack: Expedite stays in hand."""
    extra_cards(EXPEDITE)
    game, ids = table(a=["Craw Wurm", "Mountain"], hand_a=["Expedite"])
    game.set_player(1, life=6)
    assert not isinstance(HeuristicPlayer(1).choose(game), A.CastSpell)


@pytest.mark.rules("509.1a", "508.1")
def test_blockers_kept_from_blocking_let_the_attack_through(extra_cards) -> None:
    """B, at 5 life, blocks with a Hill Giant and a Wall of Stone; A's Craw Wurm and Hill Giant would not get through.
    Magmatic Chasm keeps B's creatures without flying from blocking, and the attack wins."""
    extra_cards(MAGMATIC_CHASM)
    game, ids = table(a=["Craw Wurm", "Hill Giant", "Mountain", "Mountain"], b=["Hill Giant", "Wall of Stone"],
                      hand_a=["Magmatic Chasm"])
    game.set_player(1, life=5)
    action = _first_action_of_a_won_turn(game)
    assert isinstance(action, A.CastSpell) and action.card == ids["Magmatic Chasm"]


@pytest.mark.rules("508.1a", "507.1", "602.2")
def test_the_tapper_taps_the_attacker_at_the_opponents_beginning_of_combat(extra_cards) -> None:
    """At B's beginning of combat, A, at 6 life, taps B's Craw Wurm with Master Decoy: a tapped creature can't be
    declared as an attacker, and A lives (the Decoy was held: nothing outside combat and the end step was weighed)."""
    extra_cards(MASTER_DECOY)
    game, ids = table(a=["Master Decoy", "Plains"], b=["Craw Wurm"], active=1, step=Step.BEGINNING_OF_COMBAT,
                      life_a=6)
    agents = {0: HeuristicPlayer(1), 1: HeuristicPlayer(2)}
    while game.pending.player != 0:
        game.apply(agents[1].choose(game))
    action = agents[0].choose(game)
    assert isinstance(action, A.ActivateAbility) and action.source == ids["Master Decoy"] \
        and action.targets == (ids["B:Craw Wurm"],)
    play_out_turn(game, [agents[0], agents[1]])
    assert not game.is_over and game.state.players[0].life == 6


@pytest.mark.rules("508.1a", "302.6", "507.1")
def test_the_tapper_waits_when_tapping_changes_no_attack() -> None:
    """B's Grizzly Bears came this turn (302.6: they can't attack) and A has no creature to attack them with next
    turn: tapping them at B's beginning of combat changes no attack, so A keeps Icy Manipulator untapped. Once the
    Bears may attack, for the last 2 of A's life, A taps them."""
    game, ids = table(a=["Icy Manipulator", "Plains"], b=["Grizzly Bears"], active=1, step=Step.BEGINNING_OF_COMBAT)
    game.state.objects[ids["B:Grizzly Bears"]].sick = True
    game.state.invalidate()
    agents = {0: HeuristicPlayer(1), 1: HeuristicPlayer(2)}
    while game.pending.player != 0:
        game.apply(agents[1].choose(game))
    act = agents[0].choose(game)
    assert isinstance(act, A.PassPriority), act
    game, ids = table(a=["Icy Manipulator", "Plains"], b=["Grizzly Bears"], active=1, step=Step.BEGINNING_OF_COMBAT,
                      life_a=2)
    while game.pending.player != 0:
        game.apply(agents[1].choose(game))
    act = agents[0].choose(game)
    assert isinstance(act, A.ActivateAbility) and act.targets == (ids["B:Grizzly Bears"],), act


@pytest.mark.rules("502.3", "509.1a", "602.2")
def test_the_tapper_taps_the_blocker_at_the_end_of_the_opponents_turn() -> None:
    """At the end of B's turn A, with Craw Wurm, taps B's Wall of Stone with Icy Manipulator: the Wall untaps only in
    B's untap step, so it can't block A's attack, and the Manipulator untaps in A's (it was held: a tapped Wall is
    worth as much as an untapped one to the evaluation), and the Wurm's 6 damage win A's turn. With no creature to
    attack with, A keeps the Manipulator."""
    game, ids = table(a=["Icy Manipulator", "Craw Wurm", "Plains"], b=["Wall of Stone"], active=1, step=Step.END)
    game.set_player(1, life=6)
    agents = {0: HeuristicPlayer(1), 1: HeuristicPlayer(2)}
    while game.pending.player != 0:
        game.apply(agents[1].choose(game))
    act = agents[0].choose(game)
    assert isinstance(act, A.ActivateAbility) and act.source == ids["Icy Manipulator"] \
        and act.targets == (ids["B:Wall of Stone"],), act
    game.apply(act)
    play_out_turn(game, [agents[0], agents[1]])
    stock_libraries(game, "Plains")
    play_out_turn(game, [agents[0], agents[1]])
    assert game.is_over and game.state.players[1].life <= 0
    game, ids = table(a=["Icy Manipulator", "Plains"], b=["Wall of Stone"], active=1, step=Step.END)
    while game.pending.player != 0:
        game.apply(agents[1].choose(game))
    assert isinstance(agents[0].choose(game), A.PassPriority)


@pytest.mark.rules("509.1a", "508.1", "602.2", "608.2d")
def test_a_may_tap_or_untap_ability_taps_the_blocker(extra_cards) -> None:
    """Stonybrook Angler's "you may tap or untap target creature" sets up the attack as Master Decoy's tap does: it
    taps B's Wall of Stone, the better way for A, and Craw Wurm's 6 damage win (the "may" and the choice of tap or
    untap hid the tap from the reading of set-ups)."""
    extra_cards(STONYBROOK_ANGLER)
    game, ids = table(a=["Stonybrook Angler", "Craw Wurm", "Island", "Island"], b=["Wall of Stone"])
    game.set_player(1, life=6)
    action = _first_action_of_a_won_turn(game)
    assert isinstance(action, A.ActivateAbility) and action.source == ids["Stonybrook Angler"] \
        and action.targets == (ids["B:Wall of Stone"],), action


@pytest.mark.rules("603.3d", "115.1", "701.26a", "509.1a")
def test_pestermite_taps_the_opponents_blocker_not_a_land_of_its_own() -> None:
    """Pestermite enters: "tap or untap target permanent". The heuristic player taps B's Grizzly Bears, the permanent
    it does most for (an opponent's untapped one tapped, its own tapped one untapped), and Hill Giant's attack takes
    B's last 3 life; it took the first permanent offered, A's own Island, and tapped it."""
    game, ids = table(a=["Island", "Island", "Island", "Hill Giant"], b=["Forest", "Grizzly Bears"],
                      hand_a=["Pestermite"])
    game.set_player(1, life=3)
    stock_libraries(game, "Island")
    agents = [HeuristicPlayer(1), HeuristicPlayer(2)]
    game.apply(A.CastSpell(0, ids["Pestermite"]))
    while not (game.pending.kind is DecisionKind.CHOOSE and game.pending.data.get("choice") == "target"):
        game.apply(agents[game.pending.player].choose(game))
    act = agents[0].choose(game)
    assert act == A.Choose(0, (ids["B:Grizzly Bears"],)), act
    game.apply(act)
    while game.state.stack:
        game.apply(agents[game.pending.player].choose(game))
    assert game.state.objects[ids["B:Grizzly Bears"]].tapped
    play_out_turn(game, agents)
    assert game.is_over and game.state.players[1].life <= 0
