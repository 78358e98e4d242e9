"""The permission to play cards exiled from the top of a library, read as the ExileTop effect's `play`."""
from __future__ import annotations

import pytest

from engine.core.effect_types import ExileTop
from engine.core.enums import Step, Zone
from engine.core.player_actions import CastSpell
from engine.oracle.compiler import compile_card
from tests.engine.driving import activate_and_resolve, advance, attack, cast_and_resolve, cast_and_settle, table
from tests.oracle.conftest import record


def _effects(text: str):
    d = compile_card({"name": "Probe", "manaCost": "{1}{R}", "types": ["Sorcery"], "type": "Sorcery", "text": text})
    assert not d.unsupported, d.unsupported
    return d.spell.modes[0].effects


@pytest.mark.rules("601.2a", "305.1")
@pytest.mark.parametrize("text, play, cast_only", [
    ("Exile the top card of your library. You may play that card this turn.", "turn", False),
    ("Exile the top card of your library. Until end of turn, you may play that card.", "turn", False),
    ("Exile the top two cards of your library. Until the end of your next turn, you may play those cards.",
     "your_next_turn", False),
    ("Exile the top card of your library. You may cast it for as long as it remains exiled.", "exiled", True),
    ("Exile the top card of your library.", "", False),
    ("Exile the top two cards of your library. Until end of turn, you may cast spells from among them.", "turn",
     True),
])
def test_exile_top_and_the_permission(text, play, cast_only):
    (e,) = _effects(text)
    assert isinstance(e, ExileTop) and (e.play, e.cast_only) == (play, cast_only)


@pytest.mark.rules("400.7")
def test_it_after_exiling_the_top_card_is_not_read_as_something_else():
    d = compile_card({"name": "Probe", "manaCost": "{1}", "types": ["Artifact"], "type": "Artifact",
                      "text": "{T}: Exile the top card of your library. Put a +1/+1 counter on it."})
    assert d.unsupported


@pytest.mark.rules("601.2a", "305.1")
@pytest.mark.parametrize("text, play", [
    ("Exile the top card of your library. During your next turn, you may play that card.", "during_your_next_turn"),
    ("Exile the top card of your library. Until the beginning of your next upkeep, you may play that card.",
     "before_your_next_turn"),
])
def test_exile_top_and_a_permission_about_your_next_turn(text, play):
    (e,) = _effects(text)
    assert isinstance(e, ExileTop) and e.play == play


GALVANIC_RELAY = record("Galvanic Relay", "{2}{R}", "Sorcery",
                        "Exile the top card of your library. During your next turn, you may play that card.\nStorm "
                        "(When you cast this spell, copy it for each spell cast before it this turn.)")
ELKIN_BOTTLE = record("Elkin Bottle", "{3}", "Artifact",
                      "{3}, {T}: Exile the top card of your library. Until the beginning of your next upkeep, you may "
                      "play that card.")


def _may_cast(g, card: int) -> bool:
    return any(isinstance(a, CastSpell) and a.card == card for a in g.legal_actions())


@pytest.mark.rules("601.2a", "611.2a")
def test_galvanic_relay_plays_the_card_during_your_next_turn_only(extra_cards):
    extra_cards(GALVANIC_RELAY, fully_read=True)
    g, ids = table(["Mountain"] * 4, [], ["Galvanic Relay"])
    g.add_card("Shock", 0, Zone.LIBRARY)
    cast_and_resolve(g, ids["Galvanic Relay"])
    (exiled,) = [o for o in g.state.exile if g.state.objects[o].name == "Shock"]
    assert not _may_cast(g, exiled)                       # not this turn
    advance(g, Step.MAIN1, turn=4)
    assert not _may_cast(g, exiled)                       # nor in B's turn
    advance(g, Step.MAIN1, turn=5)
    assert _may_cast(g, exiled)                           # in A's next turn
    advance(g, Step.MAIN1, turn=7)
    assert not _may_cast(g, exiled)


@pytest.mark.rules("601.2a", "502.4", "117.3a")
def test_elkin_bottle_plays_the_card_until_your_next_upkeep(extra_cards):
    extra_cards(ELKIN_BOTTLE, fully_read=True)
    g, ids = table(["Elkin Bottle", "Mountain", "Mountain", "Mountain", "Mountain"], [])
    g.add_card("Shock", 0, Zone.LIBRARY)
    activate_and_resolve(g, ids["Elkin Bottle"], 0)
    (exiled,) = [o for o in g.state.exile if g.state.objects[o].name == "Shock"]
    assert _may_cast(g, exiled)                           # this turn
    advance(g, Step.UPKEEP, turn=5)
    assert not _may_cast(g, exiled)                       # no longer from A's next upkeep


ROOTING_MOLOCH = record("Rooting Moloch", "{4}{R}", "Creature — Lizard",
                        "When Rooting Moloch enters the battlefield, exile target card with a cycling ability from your "
                        "graveyard. Until the end of your next turn, you may play that card.\nCycling {2} ({2}, Discard "
                        "this card: Draw a card.)", "4/4")


@pytest.mark.rules("601.2a", "400.7", "611.2a")
def test_a_target_exiled_by_the_ability_may_be_played_until_the_end_of_your_next_turn(extra_cards):
    """The card the trigger exiled from the graveyard (a new object in exile, 400.7) may be cast by its controller this
    turn and in their next turn, not after; without the permission sentence, a card exiled stays there."""
    extra_cards(ROOTING_MOLOCH, fully_read=True)
    (e, grant), = [t.mode.effects for t in compile_card(ROOTING_MOLOCH).triggered]
    assert grant.what == e.what and grant.play == "your_next_turn"
    g, ids = table(["Mountain"] * 10, [], ["Rooting Moloch"])
    in_yard = g.add_card("Rooting Moloch", 0, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Rooting Moloch"], answer=lambda d: (in_yard,) if in_yard in d.options else
                    tuple(d.options[:d.min or 1]))
    (exiled,) = [o for o in g.state.exile if g.state.objects[o].name == "Rooting Moloch"]
    assert _may_cast(g, exiled)                           # this turn (five Mountains left)
    advance(g, Step.MAIN1, turn=4)
    assert not _may_cast(g, exiled)                       # not in B's turn
    advance(g, Step.MAIN1, turn=5)
    assert _may_cast(g, exiled)                           # A's next turn
    advance(g, Step.MAIN1, turn=7)
    assert not _may_cast(g, exiled)
DREAM_PILLAGER = record("Dream Pillager", "{5}{R}{R}", "Creature — Dragon",
                        "Flying\nWhenever Dream Pillager deals combat damage to a player, exile that many cards from "
                        "the top of your library. Until end of turn, you may cast spells from among those exiled cards.",
                        "4/4")


@pytest.mark.rules("601.2a", "305.1", "120.3")
def test_dream_pillager_exiles_as_many_cards_as_the_damage_and_its_controller_may_cast_the_spells(extra_cards):
    """Four damage, four cards; the spells among them may be cast this turn, a land among them isn't played."""
    extra_cards(DREAM_PILLAGER, fully_read=True)
    g, ids = table(["Dream Pillager", "Mountain"], [])
    for name in ("Plains", "Shock", "Forest", "Lightning Bolt", "Island"):      # the last one added is the top
        g.add_card(name, 0, Zone.LIBRARY)
    g.state.objects[ids["Dream Pillager"]].sick = False
    attack(g, ids["Dream Pillager"])
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 16
    exiled = {g.state.objects[o].name: o for o in g.state.exile}
    assert set(exiled) == {"Island", "Lightning Bolt", "Forest", "Shock"}
    assert _may_cast(g, exiled["Lightning Bolt"]) and _may_cast(g, exiled["Shock"])
    assert not any(getattr(a, "card", None) == exiled["Island"] for a in g.legal_actions())
    advance(g, Step.MAIN1, turn=5)
    assert not _may_cast(g, exiled["Lightning Bolt"])
