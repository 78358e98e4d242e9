"""A token explosion must not stall the game (issue 14: Krenko, Mob Boss doubling to 11,575 Goblins in a
fuzz game made one pass take 19 s). Creating a token forgets only what the new token can change (like a
card entering, 400.7), and attack and block restrictions read the battlefield's static abilities once
per declaration: the work grows with the number of tokens, not with its square. Measured by counting
the Python calls made (deterministic), never by timing."""
from __future__ import annotations

import sys

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import advance, resolve_stack, table

KRENKO = {"name": "Krenko, Mob Boss", "manaCost": "{2}{R}{R}", "type": "Legendary Creature — Goblin Warrior",
          "supertypes": ["Legendary"], "types": ["Creature"], "subtypes": ["Goblin", "Warrior"],
          "power": "3", "toughness": "3",
          "text": "{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control."}


def calls(fn) -> int:
    """How many Python function calls `fn()` makes."""
    count = 0

    def profile(frame, event, arg):  # noqa: ANN001
        nonlocal count
        if event == "call":
            count += 1
    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count


def _krenko_with(goblins: int):
    g, ids = table(["Krenko, Mob Boss"], ["Grizzly Bears"])
    for _ in range(goblins - 1):
        g.add_card("Raging Goblin", 0, Zone.BATTLEFIELD)
    return g, ids["Krenko, Mob Boss"]


def _work_of_one_activation(goblins: int) -> tuple[int, int]:
    """Calls made by resolving Krenko's ability with `goblins` Goblins, then by going to the declaration
    of attackers and declaring every untapped Goblin an attacker."""
    g, krenko = _krenko_with(goblins)
    g.apply(ActivateAbility(0, krenko, 0))
    made = calls(lambda: resolve_stack(g))
    assert sum(1 for o in g.state.battlefield if g.state.objects[o].token) == goblins
    combat = calls(lambda: advance(g, Step.DECLARE_ATTACKERS))
    return made, combat


@pytest.mark.rules("111.1", "508.1", "400.7")
def test_creating_and_attacking_with_many_tokens_grows_linearly(extra_cards):
    extra_cards(KRENKO)
    small = _work_of_one_activation(100)
    large = _work_of_one_activation(400)
    # four times the tokens: about four times the work (a quadratic cost would be sixteen times)
    assert large[0] < 6 * small[0], (small, large)
    assert large[1] < 6 * small[1], (small, large)


def test_the_trial_of_a_loaded_game_is_bounded_by_the_objects_it_copies(monkeypatch):
    """Loading a save tries legal actions on copies (engine.core.savecheck): with thousands of tokens,
    fewer of them, so that the copies made stay bounded (a game of 20,000 Goblins loaded in 25 s)."""
    from engine.core import savecheck
    from engine.game import Game
    g, _ = table(["Mountain"], [], ["Lightning Bolt"])
    for _ in range(3000):
        g.add_card("Raging Goblin", 1, Zone.BATTLEFIELD)
    assert len(g.legal_actions()) > savecheck.TRIAL_OBJECTS // len(g.state.objects)
    copies = []
    real = Game.clone
    monkeypatch.setattr(Game, "clone", lambda self: copies.append(1) or real(self))
    savecheck.try_playing(g)
    assert 1 <= len(copies) <= savecheck.TRIAL_OBJECTS // len(g.state.objects)
