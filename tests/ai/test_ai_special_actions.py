"""Special actions (116.2) the heuristic player takes beside its casts and activations: turning a face-down permanent
face up (702.37e), suspending a card (702.62a), foretelling one (702.143a). The legal actions list them; the
evaluation counts a suspended or foretold card for what it will be (engine.ai.evaluate.exiled_worth)."""
from __future__ import annotations

import pytest

from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.enums import Step, Zone
from tests.engine.driving import attack, table, until_blockers
from tests.engine.test_foretell import DOOMSKAR
from tests.engine.test_morph import WOOLLY_LOXODON
from tests.engine.test_resolution_casts import RIFT_BOLT


@pytest.mark.rules("702.37e", "116.2b", "708.2a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_a_face_down_creature_is_turned_face_up(extra_cards, lookahead: bool) -> None:
    """A face-down Woolly Loxodon is a 2/2 until its morph cost is paid: with six Forests the player turns it face up
    (it never did: the action was not among those it weighed, and the Loxodon stayed a 2/2 all game)."""
    extra_cards(WOOLLY_LOXODON)
    game, _ = table(["Forest"] * 6)
    lox = game.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    assert action == A.TurnFaceUp(0, lox)


@pytest.mark.rules("702.62a", "116.2f")
@pytest.mark.parametrize("lookahead", [True, False])
def test_a_card_it_cant_cast_yet_is_suspended(extra_cards, lookahead: bool) -> None:
    """With one Mountain, Rift Bolt ({2}{R}) can't be cast, but it can be suspended for {R}: it will be cast for nothing
    a turn later."""
    extra_cards(RIFT_BOLT)
    game, ids = table(["Mountain"], hand_a=["Rift Bolt"])
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    assert action == A.Suspend(0, ids["Rift Bolt"])


@pytest.mark.rules("702.143a", "116.2h")
def test_spare_mana_foretells_a_card(extra_cards) -> None:
    """Nothing else to do with three Plains: the player foretells Doomskar for {2}, to cast it on a later turn for its
    foretell cost; with Savannah Lions in hand too, it casts the Lions first."""
    extra_cards(DOOMSKAR)
    game, ids = table(["Plains"] * 3, hand_a=["Doomskar"])
    assert HeuristicPlayer(1).choose(game) == A.Foretell(0, ids["Doomskar"])
    game, ids = table(["Plains"] * 3, hand_a=["Doomskar", "Savannah Lions"])
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.CastSpell) and action.card == ids["Savannah Lions"]


@pytest.mark.rules("702.37e", "509.1a", "116.2b")
def test_a_blocked_face_down_creature_is_turned_face_up(extra_cards) -> None:
    """The face-down Woolly Loxodon attacks and Centaur Courser blocks it: once blockers are declared the player turns
    it face up, a 6/7 against the 3/3 (it passed there: a face-down permanent was nothing to do outside a main
    phase)."""
    extra_cards(WOOLLY_LOXODON)
    game, ids = table(["Forest"] * 6, ["Centaur Courser"])
    lox = game.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    game.state.objects[lox].sick = False
    attack(game, lox)
    until_blockers(game)
    game.apply(A.DeclareBlockers(1, {ids["B:Centaur Courser"]: (lox,)}))
    assert game.pending.player == 0 and game.state.step is Step.DECLARE_BLOCKERS
    assert HeuristicPlayer(1).choose(game) == A.TurnFaceUp(0, lox)
