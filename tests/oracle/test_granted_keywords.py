"""A keyword given to an object by an effect or a static ability (613.1f), by a token's definition (111.4) or in
a quoted ability (113.2c) is read only if the engine plays it there: a keyword the engine only recognizes
(banding 702.22, phasing 702.26) or an unknown word leaves the sentence unread, on every path (a static "have",
an effect "gains ... until end of turn", "becomes ... with", a token "with" and a token's quoted ability); a keyword
the compiler makes abilities of (prowess 702.108) is a bare word when granted, but played on a token it defines."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from engine.oracle import compile_card
from tests.engine.driving import on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

# (type line, text with {kw} where the keyword goes)
PATHS = {
    "static have": ("Enchantment", "Creatures you control have {kw}."),
    "aura has": ("Enchantment — Aura", "Enchant creature\nEnchanted creature gets +1/+1 and has {kw}."),
    "effect gains": ("Instant", "Target creature gains {kw} until end of turn."),
    "becomes with": ("Instant", "Target land becomes a 3/3 creature with {kw} until end of turn. It's still a land."),
    "token with": ("Sorcery", "Create a 1/1 white Soldier creature token with {kw}."),
    "token quoted": ("Sorcery", 'Create a 1/1 white Soldier creature token. It has "{Kw}."'),
}


def _compiled(path: str, kw: str):
    type_line, text = PATHS[path]
    return compile_card(record("Granter", "{1}", type_line, text.format(kw=kw, Kw=kw.capitalize())))


@pytest.mark.rules("613.1f", "702.22a", "702.26a", "111.4")
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("kw", ["banding", "phasing", "glorbwise"])
def test_a_keyword_the_engine_does_not_play_leaves_the_sentence_unread(path, kw):
    assert _compiled(path, kw).unsupported


@pytest.mark.rules("613.1f", "702.9a", "702.19a")
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("kw", ["flying", "trample"])
def test_a_played_keyword_is_read(path, kw):
    assert not _compiled(path, kw).unsupported


@pytest.mark.rules("613.1f", "702.108a")
@pytest.mark.parametrize("path", ["static have", "aura has", "effect gains", "becomes with"])
def test_a_granted_keyword_made_of_abilities_stays_unread(path):
    assert _compiled(path, "prowess").unsupported


@pytest.mark.rules("111.4", "702.9a", "702.108a")
def test_a_token_defined_with_a_played_keyword_has_it(extra_cards):
    card = record("Granter", "{W}", "Sorcery", "Create a 1/1 white Soldier creature token with flying and prowess.")
    extra_cards(card)
    g, ids = table(["Plains"], hand_a=["Granter"])
    g.apply(CastSpell(0, ids["Granter"]))
    resolve_stack(g)
    token = on_battlefield(g, "Soldier Token")
    assert token
    ch = g.characteristics(token[0])
    assert ch.has("flying") and ch.has("prowess") and ch.triggered   # prowess: its trigger (702.108a)
