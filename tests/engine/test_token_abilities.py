"""Abilities of tokens on the stack (found by the fuzzer over M21): a prowess trigger of a Goblin Wizard
token is an object on the stack whose source is a token, not a card; looking at it (as a spell that
can counter abilities does for its targets) must use the token's definition (111.4, 113.7)."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from engine.core.enums import Step, Zone
from tests.engine.driving import table

GOBLIN_WIZARD = {"name": "Goblin Wizard Token", "power": 1, "toughness": 1, "colors": "R",
                 "types": "Creature — Goblin Wizard", "abilities": ("Prowess",)}


@pytest.mark.rules("111.4", "113.7", "702.108a")
def test_a_token_trigger_on_the_stack_has_the_tokens_characteristics(extra_cards) -> None:
    extra_cards("Sublime Epiphany")
    g, ids = table(a=["Island"] * 6 + ["Mountain"], hand_a=["Shock", "Sublime Epiphany"])
    wizard = g.add_token(GOBLIN_WIZARD, 0)
    shock = next(a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Shock"]
                 and a.targets == ("P1",))
    g.apply(shock)
    triggers = [o for o in g.state.stack if g.state.objects[o].is_ability]
    assert len(triggers) == 1, "prowess triggered"
    ch = g.characteristics(triggers[0])
    assert ch.name == "Goblin Wizard Token"
    epiphany = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Sublime Epiphany"]]
    assert any(triggers[0] in a.targets for a in epiphany), \
        "Sublime Epiphany can counter the token's trigger"
    assert g.state.objects[wizard].zone is Zone.BATTLEFIELD and g.state.step is Step.MAIN1


@pytest.mark.rules("707.2", "111.1")
def test_a_token_copy_of_a_card_is_looked_at_like_the_card() -> None:
    """Found by the fuzzer (seeds 2 and 18 of `bench/fuzz.py --sources all`): a token made as a copy of
    a permanent has a spec that names the copied definition instead of a type line; every look at
    token definitions (hand-played triggers at each priority, a save's validation) failed on it."""
    from engine.board.primitives import create_token
    from engine.game import Game
    g, ids = table(a=["Grizzly Bears"])
    token = create_token(g, {"name": "Grizzly Bears", "copy_of": "Grizzly Bears"}, 0, copy_of="Grizzly Bears")
    assert g.legal_actions()
    assert g.characteristics(token).power == 2 and "Creature" in g.characteristics(token).types
    loaded = Game.from_json(g.to_json())
    assert loaded.to_json() == g.to_json()
