"""A keyword given to an object by an effect or a static ability (613.1f), by a token's definition (111.4) or in
a quoted ability (113.2c) is read only if the engine plays it there: a keyword the engine only recognizes
(banding 702.22) or an unknown word leaves the sentence unread, on every path (a static "have",
an effect "gains ... until end of turn", "becomes ... with", a token "with" and a token's quoted ability); a keyword
the compiler makes abilities of (prowess 702.108) is granted as those abilities where they work on the battlefield
(702.1), stays unread where they don't (cycling works from a hand) or through "becomes ... with", and is played on
a token it defines."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell, Choose
from engine.oracle import compile_card
from engine.query.targets import SourceInfo, can_be_targeted_by, protected_from, source_of
from tests.engine.driving import both_pass, cast_and_resolve, on_battlefield, table
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


@pytest.mark.rules("613.1f", "702.154a", "111.4")
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("kw", ["enlist", "glorbwise"])
def test_a_keyword_the_engine_does_not_play_leaves_the_sentence_unread(path, kw):
    assert _compiled(path, kw).unsupported


@pytest.mark.rules("613.1f", "702.9a", "702.19a")
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("kw", ["flying", "trample"])
def test_a_played_keyword_is_read(path, kw):
    assert not _compiled(path, kw).unsupported


@pytest.mark.rules("613.1f", "702.1", "702.108a")
@pytest.mark.parametrize("path", ["static have", "aura has", "effect gains"])
def test_a_granted_keyword_made_of_abilities_is_granted_as_its_abilities(path):
    d = _compiled(path, "prowess")
    assert not d.unsupported


@pytest.mark.rules("613.1f", "702.29a", "702.108a")
@pytest.mark.parametrize("path,kw", [("static have", "cycling {2}"), ("aura has", "cycling {2}"),
                                     ("effect gains", "cycling {2}"), ("becomes with", "prowess")])
def test_a_granted_keyword_made_of_abilities_stays_unread_where_they_would_not_work(path, kw):
    assert _compiled(path, kw).unsupported


@pytest.mark.rules("111.4", "702.9a", "702.108a")
def test_a_token_defined_with_a_played_keyword_has_it(extra_cards):
    card = record("Granter", "{W}", "Sorcery", "Create a 1/1 white Soldier creature token with flying and prowess.")
    extra_cards(card)
    g, ids = table(["Plains"], hand_a=["Granter"])
    cast_and_resolve(g, ids["Granter"])
    token = on_battlefield(g, "Soldier Token")
    assert token
    ch = g.characteristics(token[0])
    assert ch.has("flying") and ch.has("prowess") and ch.triggered   # prowess: its trigger (702.108a)


CHROMA_WARD = record("Chroma Ward", "{W}", "Enchantment — Aura",
                     "Enchant creature\nAs Chroma Ward enters, choose a color.\n"
                     "Enchanted creature has protection from the chosen color.")


@pytest.mark.rules("702.16a", "607.2", "614.12", "613.1f")
def test_an_auras_chosen_color_is_the_auras_choice(extra_cards):
    """The Aura's choice, not the enchanted creature's: the creature chose nothing, and a creature
    that chose another color still has protection from the Aura's."""
    extra_cards(CHROMA_WARD, fully_read=True)
    g, ids = table(["Plains", "Grizzly Bears"], ["Mountain"], hand_a=["Chroma Ward"], hand_b=["Lightning Bolt"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Chroma Ward"], targets=((bears,),)))
    both_pass(g)
    assert g.pending.data.get("choice") == "color"
    g.apply(Choose(0, ("red",)))
    assert on_battlefield(g, "Chroma Ward")
    g.state.objects[bears].chosen["color"] = "B"
    bolt = source_of(g, ids["B:Lightning Bolt"], 1)
    assert protected_from(g, bears, bolt) and not can_be_targeted_by(g, bears, bolt)
    assert not protected_from(g, bears, SourceInfo(None, 1, {"B"}, {"Sorcery"}))
