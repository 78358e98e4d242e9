"""Players an effect names through an earlier phrase, compiled from real cards and played: 'Target opponent
reveals their hand. You choose a card from it. That player discards that card.' (701.20a reveal, 701.9b the
discard chosen by another player); '... deals 2 damage to that land's controller' (the event's object's
controller)."""
from __future__ import annotations

import pytest

from engine.core.effect_types import ExileUntilLeaves
from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose, PassPriority, PlayLand
from engine.oracle import compile_card
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

COERCION = record("Coercion", "{2}{B}", "Sorcery",
                  "Target opponent reveals their hand. You choose a card from it. That player discards that card.")


@pytest.mark.rules("701.20a", "701.9b")
def test_you_choose_any_card_and_that_player_discards_it(extra_cards):
    extra_cards(COERCION, fully_read=True)
    g, ids = table(["Swamp"] * 3, hand_a=["Coercion"], hand_b=["Grizzly Bears", "Forest"])
    g.apply(CastSpell(0, ids["Coercion"], targets=(("P1",),)))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 0 and set(d.options) == {ids["B:Grizzly Bears"], ids["B:Forest"]}
    g.apply(Choose(0, (ids["B:Forest"],)))
    b = g.state.players[1]
    assert [g.state.objects[o].name for o in b.graveyard] == ["Forest"]
    assert [g.state.objects[o].name for o in b.hand] == ["Grizzly Bears"]


ZO_ZU = record("Zo-Zu the Punisher", "{1}{R}{R}", "Legendary Creature — Goblin Warrior",
               "Whenever a land enters the battlefield, Zo-Zu the Punisher deals 2 damage to that land's controller.",
               "2/2")


@pytest.mark.rules("603.2", "119.3")
def test_that_lands_controller_is_dealt_damage(extra_cards):
    extra_cards(ZO_ZU, fully_read=True)
    g, ids = table(["Zo-Zu the Punisher"], [], hand_b=["Forest"], active=1)
    g.apply(PlayLand(1, ids["B:Forest"]))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


KITESAIL_FREEBOOTER = record("Kitesail Freebooter", "{1}{B}", "Creature — Human Pirate",
                             "Flying\nWhen Kitesail Freebooter enters the battlefield, target opponent reveals their "
                             "hand. You choose a noncreature, nonland card from it. Exile that card until Kitesail "
                             "Freebooter leaves the battlefield.", "1/2")


@pytest.mark.rules("701.20a", "610.3")
def test_that_card_after_a_choice_from_a_hand_is_the_chosen_card_never_the_source():
    """'That card' after 'You choose a ... card from it' is the chosen card: 'Exile that card until ~ leaves the
    battlefield' exiles the card chosen from the hand. It had once been read as the Freebooter exiling itself,
    returning at once and triggering again without end (a fuzz find); played in test_m21_unread_templates."""
    d = compile_card(KITESAIL_FREEBOOTER)
    assert not d.unsupported
    exile = d.triggered[0].mode.effects[-1]
    assert isinstance(exile, ExileUntilLeaves) and exile.what.kind == "chosen"
