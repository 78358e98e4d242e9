""""If the {1}{B} cost was paid" / "If that cost wasn't paid": an instruction of a spell done only if it was cast for
the alternative cost the card writes ("You may pay {1}{B} rather than pay this spell's mana cost", 118.9, 601.2b,
608.2c). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.oracle import compile_card
from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

BALEFUL_MASTERY = record("Baleful Mastery", "{3}{B}", "Instant",
                         "You may pay {1}{B} rather than pay this spell's mana cost.\nIf the {1}{B} cost was paid, an "
                         "opponent draws a card.\nExile target creature or planeswalker.")


@pytest.mark.rules("118.9", "601.2b", "608.2c")
@pytest.mark.parametrize("alternative", [True, False])
def test_baleful_mastery_an_opponent_draws_only_if_the_alternative_cost_was_paid(extra_cards, alternative):
    extra_cards(BALEFUL_MASTERY, fully_read=True)
    g, ids = table(["Swamp"] * 4, ["Grizzly Bears"], ["Baleful Mastery"])
    cast_and_resolve(g, ids["Baleful Mastery"], targets=((ids["B:Grizzly Bears"],),),
                     **({"alt": "alternative"} if alternative else {}))
    assert ids["B:Grizzly Bears"] not in g.state.battlefield
    assert len(g.state.players[1].hand) == (1 if alternative else 0)
    # the alternative cost's two mana, or the mana cost's four
    assert sum(g.state.objects[o].tapped for o in g.state.battlefield if g.state.objects[o].owner == 0) == \
        (2 if alternative else 4)


@pytest.mark.rules("118.9")
def test_a_cost_the_card_does_not_write_is_not_read():
    # "the {2}{B} cost" names no cost of this card: not read as its alternative cost
    text = BALEFUL_MASTERY["text"].replace("If the {1}{B} cost", "If the {2}{B} cost")
    assert compile_card(dict(BALEFUL_MASTERY, text=text)).unsupported
