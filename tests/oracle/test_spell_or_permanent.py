""""Target spell or permanent" (115.1, 608.2b): one target phrase that a spell on the stack or a permanent on the
battlefield may answer; an effect that changed a permanent spell's characteristics changes the permanent that spell
becomes (400.7a)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose, PassPriority
from engine.query.layers import characteristics
from tests.engine.driving import cast_and_resolve, resolve_stack, settle, table
from tests.oracle.conftest import record

DEATHLACE = record("Deathlace", "{B}", "Instant",
                   "Target spell or permanent becomes black. (Mana symbols on that permanent remain unchanged.)")
DIVIDE_BY_ZERO = record("Divide by Zero", "{2}{U}", "Instant",
                        "Return target spell or permanent with mana value 1 or greater to its owner's hand.\nLearn. "
                        "(You may reveal a Lesson card you own from outside the game and put it into your hand, or "
                        "discard a card to draw a card.)")
AETHER_GUST = record("Aether Gust", "{1}{U}", "Instant",
                     "Choose target spell or permanent that's red or green. Its owner puts it on the top or bottom of "
                     "their library.")


@pytest.mark.rules("115.1", "400.7a", "105.3")
def test_a_permanent_spell_made_black_becomes_a_black_permanent(extra_cards):
    extra_cards(DEATHLACE, fully_read=True)
    g, ids = table(["Forest", "Forest", "Swamp"], ["Hill Giant"], hand_a=["Grizzly Bears", "Deathlace"])
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    spell = g.state.stack[-1]
    g.apply(CastSpell(0, ids["Deathlace"], targets=((spell,),)))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))                               # Deathlace resolves
    assert characteristics(g.state, spell).colors == {"B"}
    resolve_stack(g)
    (bears,) = [o for o in g.state.battlefield if g.state.objects[o].name == "Grizzly Bears"]
    assert characteristics(g.state, bears).colors == {"B"}    # 400.7a: the permanent the spell became


@pytest.mark.rules("115.1", "105.3")
def test_a_permanent_can_be_the_target_too(extra_cards):
    extra_cards(DEATHLACE, fully_read=True)
    g, ids = table(["Swamp"], ["Hill Giant"], hand_a=["Deathlace"])
    giant = ids["B:Hill Giant"]
    cast_and_resolve(g, ids["Deathlace"], targets=((giant,),))
    assert characteristics(g.state, giant).colors == {"B"}


@pytest.mark.rules("115.1", "608.2b")
def test_return_target_spell_or_permanent_with_mana_value_1_or_greater(extra_cards):
    extra_cards(DIVIDE_BY_ZERO, fully_read=True)
    g, ids = table(["Forest", "Forest", "Island", "Island", "Island"], ["Ornithopter"],
                   hand_a=["Grizzly Bears", "Divide by Zero"])
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    spell = g.state.stack[-1]
    g.apply(CastSpell(0, ids["Divide by Zero"], targets=((spell,),)))
    settle(g, lambda d: ())                                # learn: no discard
    s = g.state
    assert not s.stack and "Grizzly Bears" in [s.objects[o].name for o in s.players[0].hand]
    assert not any(s.objects[o].name == "Grizzly Bears" for o in s.battlefield)


@pytest.mark.rules("115.1", "601.2c", "202.3")
def test_a_spell_or_permanent_target_keeps_its_filter(extra_cards):
    extra_cards(DIVIDE_BY_ZERO, fully_read=True)
    g, ids = table(["Island", "Island", "Island"], ["Ornithopter", "Hill Giant"], hand_a=["Divide by Zero"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Divide by Zero"], targets=((ids["B:Ornithopter"],),)))     # mana value 0
    cast_and_resolve(g, ids["Divide by Zero"], targets=((ids["B:Hill Giant"],),))
    assert "Hill Giant" in [g.state.objects[o].name for o in g.state.players[1].hand]


@pytest.mark.rules("115.1", "401.4")
def test_its_owner_puts_the_spell_on_the_top_or_bottom_of_their_library(extra_cards):
    extra_cards(AETHER_GUST, fully_read=True)
    g, ids = table(["Mountain", "Island", "Island"], hand_a=["Lightning Bolt", "Aether Gust"])
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),)))
    bolt = g.state.stack[-1]
    g.apply(CastSpell(0, ids["Aether Gust"], targets=((bolt,),)))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(g.pending.player, ("top",) if "top" in g.pending.options else tuple(g.pending.options[:1])))
    s = g.state
    assert not s.stack and s.players[1].life == 20
    assert s.objects[s.players[0].library[-1]].name == "Lightning Bolt"
